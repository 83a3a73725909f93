"""Request and response fixes that Django's own settings do not cover.

Order (mahjongsite/settings.py): `head_without_body` and `content_security_policy` wrap
everything, whitenoise's static files and the redirects and errors other middleware make
included; `readable_query` sits before anything that reads `request.GET`.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, QueryDict

# Scripts come only from our own static files (htmx is vendored), and htmx is configured
# to need no inline styles or eval, so nothing here has to be 'unsafe-*'.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ]
)


def content_security_policy(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        response.setdefault("Content-Security-Policy", CSP)
        return response

    return middleware


def head_without_body(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A HEAD answer carries the GET's headers (Content-Length included) and no body, so
    the application server has nothing to drop and nothing to warn about."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.method == "HEAD":
            if response.streaming:
                # Any file stays registered to be closed with the response, as usual.
                response.streaming_content = []
            else:
                response.content = b""
        return response

    return middleware


class TooManyFields(QueryDict):
    """An empty query standing in for one with more fields than Django reads
    (DATA_UPLOAD_MAX_NUMBER_FIELDS). The forms answer it with a `too_many_fields` error, so
    the page shows our own error and the API a JSON 400, never a bare 400."""

    too_many_fields = True


def readable_query(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            request.GET  # noqa: B018 — parsing is what may fail
        except TooManyFieldsSent:
            request.GET = TooManyFields()
        return get_response(request)

    return middleware
