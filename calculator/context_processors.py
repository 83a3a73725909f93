"""Context every page may need: the absolute address of the link-preview image."""

from __future__ import annotations

from django.http import HttpRequest
from django.templatetags.static import static
from django.utils.functional import SimpleLazyObject


def site(request: HttpRequest) -> dict[str, object]:
    # Lazy: only the full page's <head> uses it, never the htmx fragment.
    return {
        "og_image": SimpleLazyObject(
            lambda: request.build_absolute_uri(static("icons/icon-512.png"))
        )
    }
