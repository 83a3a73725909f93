"""Request and response fixes that Django's own settings do not cover.

Order (mahjongsite/settings.py): `head_without_body` and `content_security_policy` wrap
everything, whitenoise's static files and the redirects and errors other middleware make
included; `readable_query` sits before anything that reads `request.GET`.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote_to_bytes

from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, QueryDict

from calculator import errors

FORM = "application/x-www-form-urlencoded"

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


def _text(encoded: bytes) -> str | None:
    """One percent-encoded name or value as text; None when its bytes are not UTF-8."""
    try:
        return unquote_to_bytes(encoded.replace(b"+", b" ")).decode()
    except UnicodeDecodeError:
        return None


def not_utf8(encoded: bytes) -> list[str]:
    """The parameters of a form-encoded string whose value is not UTF-8 (`__all__` for a
    name that is not): Django would read each broken byte as U+FFFD, and so two different
    idempotency keys as one."""
    found = []
    for pair in encoded.split(b"&"):
        name, _equals, value = pair.partition(b"=")
        readable = _text(name)
        if readable is None:
            found.append("__all__")
        elif _text(value) is None:
            found.append(readable)
    return list(dict.fromkeys(found))


def readable_query(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            request.GET  # noqa: B018 — parsing is what may fail
        except TooManyFieldsSent:
            request.GET = TooManyFields()
        if request.method == "POST" and request.content_type == FORM:
            # What is stored comes from form bodies: a byte that is not UTF-8 is refused,
            # naming the field, never stored as U+FFFD. (A page's query is read as the
            # fields' errors instead: its page still answers with its form.)
            broken = not_utf8(request.body)
            if broken:
                return errors.not_utf8(request, broken)
        elif errors.is_api(request):
            broken = not_utf8(request.META.get("QUERY_STRING", "").encode("latin-1", "replace"))
            if broken:
                return errors.not_utf8(request, broken)
        return get_response(request)

    return middleware
