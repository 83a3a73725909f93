"""Context every page needs: the absolute address of the link-preview image."""

from __future__ import annotations

from django.http import HttpRequest
from django.templatetags.static import static


def site(request: HttpRequest) -> dict[str, str]:
    return {"og_image": request.build_absolute_uri(static("icons/icon-512.png"))}
