"""The product's own answers when a request cannot be served as asked.

Django's bare pages ("Bad Request (400)", the CSRF 403, an empty 405) never reach a
player: pages get a short page of ours in the page's language, `/api/` gets JSON shaped
like every other API error, `{"errors": {"__all__": [{"code": …, "message": …}]}}`.
`mahjongsite/urls.py` points Django's handlers here; `safe_only` replaces `require_safe`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from calculator import presenting

SAFE_METHODS = ("GET", "HEAD")
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def request_language(request: HttpRequest) -> str:
    """The language the request was made in: the page's URL prefix, or the API's `lang`
    (when it can be read at all); Cantonese otherwise. Never the Host or a cookie."""
    if is_api(request):
        try:
            lang = request.GET.get("lang", "")
        except SuspiciousOperation:  # an unreadable query string: the error being answered
            lang = ""
        return lang if lang in LANGUAGE_CODES else settings.LANGUAGE_CODE
    return translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE


def error_json(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> HttpResponse:
    payload = {"errors": {"__all__": [{"code": code, "message": message}]}}
    return HttpResponse(
        presenting.dumps(payload),
        status=status,
        content_type="application/json; charset=utf-8",
        headers=headers,
    )


def _stylesheet() -> str:
    try:
        return static("css/site.css")
    except ValueError:  # no collected manifest (a broken deploy): the page still renders
        return ""


def error_page(status: int, title: str, message: str) -> HttpResponse:
    """A minimal page of ours, in the active language. It reads no request data, so it
    renders even when the request itself is what is wrong (a bad Host, say)."""
    lang = translation.get_language() or settings.LANGUAGE_CODE
    html_lang = {"zh-hant": "zh-Hant-HK", "zh-hans": "zh-Hans"}.get(lang, "en")
    body = render_to_string(
        "errors/error.html",
        {
            "html_lang": html_lang,
            "status": status,
            "title": title,
            "message": message,
            "home": reverse("home"),
            "stylesheet": _stylesheet(),
        },
    )
    return HttpResponse(body, status=status)


def answer(
    request: HttpRequest,
    status: int,
    code: str,
    words: Callable[[], tuple[str, str]],
    headers: dict[str, str] | None = None,
) -> HttpResponse:
    """JSON under /api/, our page elsewhere; `words()` gives (title, message) and is called
    in the request's language."""
    with translation.override(request_language(request)):
        title, message = words()
        if is_api(request):
            response = error_json(status, code, message, headers)
        else:
            response = error_page(status, title, message)
            for name, value in (headers or {}).items():
                response[name] = value
    return response


def not_utf8(request: HttpRequest, names: list[str]) -> HttpResponse:
    """A parameter whose bytes are not UTF-8: a 400 naming it, JSON under /api/ (keyed by
    the parameter), our page elsewhere. Nothing of the request is read or stored."""
    with translation.override(request_language(request)):
        message = _("This value is not UTF-8 text: send it again as typed.")
        if is_api(request):
            problem = [{"code": "invalid", "message": message}]
            return HttpResponse(
                presenting.dumps({"errors": dict.fromkeys(names, problem)}),
                status=400,
                content_type="application/json; charset=utf-8",
            )
        return error_page(
            400,
            _("This request cannot be read"),
            _("Not UTF-8 text: %(names)s. Send the form again as typed.")
            % {"names": ", ".join(names)},
        )


# --- Django's handlers (mahjongsite/urls.py) -----------------------------------------------


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return answer(
        request,
        400,
        "bad_request",
        lambda: (
            _("This request cannot be read"),
            _(
                "Something in the address or the request is not what a browser sends. Start again from the calculator."
            ),
        ),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return answer(
        request,
        403,
        "forbidden",
        lambda: (_("Not allowed"), _("This address does not let you do that.")),
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form sent without its page's token (an old tab, say)."""
    return answer(
        request,
        403,
        "csrf",
        lambda: (
            _("Not allowed"),
            _("This form has expired. Reload the page and send it again."),
        ),
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return answer(
        request,
        404,
        "not_found",
        lambda: (
            _("No such page"),
            _("There is nothing at this address. The calculator is one tap away."),
        ),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    return answer(
        request,
        500,
        "server_error",
        lambda: (
            _("Something went wrong on our side"),
            _("The calculator could not answer this time. Try again in a moment."),
        ),
    )


def method_not_allowed(
    request: HttpRequest, methods: tuple[str, ...] = SAFE_METHODS
) -> HttpResponse:
    allowed = ", ".join(methods)
    return answer(
        request,
        405,
        "method_not_allowed",
        lambda: (
            _("Nothing to send here"),
            (
                _("This address only shows things (%(methods)s); it takes nothing sent to it.")
                if methods == SAFE_METHODS
                else _("This address only answers %(methods)s.")
            )
            % {"methods": allowed},
        ),
        headers={"Allow": allowed},
    )


def safe_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`require_safe`, answered by us: GET and HEAD reach the view; any other method gets a
    405 with `Allow: GET, HEAD` — JSON on the API, our page elsewhere.

    The view is CSRF-exempt because it accepts no unsafe method at all: the CSRF check
    would only turn that 405 into Django's 403 page, and protects nothing here."""

    @csrf_exempt
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in SAFE_METHODS:
            return method_not_allowed(request)
        return view(request, *args, **kwargs)

    return wrapped


def post_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A write endpoint of the sheets API: POST reaches the view, anything else is a 405.
    CSRF-exempt because /api/ reads no cookies: the key in the address is the credential."""

    @csrf_exempt
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return method_not_allowed(request, ("POST",))
        return view(request, *args, **kwargs)

    return wrapped
