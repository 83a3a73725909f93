"""Context every page may need: the absolute address of the link-preview image."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.templatetags.static import static


def site(request: HttpRequest | None) -> dict[str, object]:
    return {"og_image": settings.SITE_URL + static("icons/icon-512.png")}
