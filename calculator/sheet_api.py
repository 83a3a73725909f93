"""The score sheets' JSON API (contract.md § Score sheets). No cookies: the key is the
credential, so CSRF does not apply; bodies are form-encoded like the calculator's queries."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from calculator import ratelimit, sheets
from calculator.errors import post_only, safe_only
from calculator.forms.new_sheet import NewSheet, read_new_sheet
from calculator.forms.sheet import MAX_HANDS
from calculator.params import BoolParam, IntParam
from calculator.presenters.sheet import sheet_csv, sheet_json
from calculator.views import _json, api_language

BOM = BoolParam(default=False)
# `from`: the read answers a page of hands from that hand number on, and the next page's
# address; without it, every hand (contract.md: SHEET holds them all).
HANDS_FROM = IntParam(minimum=1, maximum=MAX_HANDS + 1, default=None)
HANDS_PER_PAGE = 100


def _refusal(status: int, code: str, message: str) -> HttpResponse:
    return _json({"errors": {"__all__": [{"code": code, "message": message}]}}, status)


def _param_error(name: str, error: ValidationError) -> HttpResponse:
    return _json({"errors": {name: [{"code": error.code, "message": error.messages[0]}]}}, 400)


def in_language(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Messages in the `lang` the request asks for (Cantonese by default)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        lang = api_language(request)
        if isinstance(lang, HttpResponse):
            return lang
        with translation.override(lang):
            try:
                return view(request, *args, **kwargs)
            except sheets.Refused as refused:
                return _json({"errors": refused.errors}, refused.status)

    return wrapped


def _opened(key: str, *, edit: bool) -> sheets.Opened:
    opened = sheets.open_sheet(key)
    if opened is None:
        raise sheets.Refused(
            404,
            {"__all__": [{"code": "not_found", "message": _("There is no sheet with this key.")}]},
        )
    if edit and not opened.can_edit:
        raise sheets.Refused(
            403,
            {
                "__all__": [
                    {
                        "code": "forbidden",
                        "message": _("This is the sheet's view link: it cannot change anything."),
                    }
                ]
            },
        )
    return opened


def _urls(sheet: Any) -> dict[str, str]:
    with translation.override(settings.LANGUAGE_CODE):  # the Cantonese pages have no prefix
        return {
            "edit_url": reverse("sheet", args=[sheet.edit_key]),
            "view_url": reverse("sheet_view", args=[sheet.view_key]),
            "api_url": reverse("sheet_api", args=[sheet.edit_key]),
        }


def _too_many(message: str) -> HttpResponse:
    refused = _refusal(429, "rate_limited", message)
    refused["Retry-After"] = ratelimit.RETRY_AFTER
    return refused


def hand_write(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A write to a sheet's hands, counted against the client's per-minute limit before
    anything is read."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not ratelimit.allow_hand_write(request):
            return _too_many(ratelimit.too_many_writes())
        return view(request, *args, **kwargs)

    return wrapped


@post_only
@in_language
def create(request: HttpRequest) -> HttpResponse:
    if not ratelimit.allow_new_sheet(request):
        return _too_many(_("Too many new sheets from here just now. Try again in a minute."))
    new = read_new_sheet(request.POST)
    if not isinstance(new, NewSheet):
        return _json({"errors": new}, 400)
    sheet = sheets.create(new)
    return _json({"sheet": sheet_json(sheets.work_out(sheet)), **_urls(sheet)}, 201)


@safe_only
@in_language
def read(request: HttpRequest, key: str) -> HttpResponse:
    opened = _opened(key, edit=False)
    try:
        first = HANDS_FROM.clean(request.GET.get("from"))
    except ValidationError as error:
        return _param_error("from", error)
    if first is None:
        return _json({"sheet": sheet_json(sheets.work_out(opened.sheet))})
    book = sheets.hands_from(opened.sheet, first, HANDS_PER_PAGE)
    after = book.hands[-1].n + 1 if book.hands else None
    more = after is not None and after <= book.count
    following = f"{reverse('sheet_api', args=[key])}?from={after}" if more else None
    return _json({"sheet": sheet_json(book, every_hand=False), "next": following})


@post_only
@in_language
@hand_write
def add(request: HttpRequest, key: str) -> HttpResponse:
    opened = _opened(key, edit=True)
    created, hand, book = sheets.add_hand(opened.sheet, request.POST)
    index = next(i for i, h in enumerate(book.hands) if h.pk == hand.pk)
    sheet = sheet_json(book)  # the hand is worded once: the sheet's own entry for it
    return _json({"hand": sheet["hands"][index], "sheet": sheet}, 201 if created else 200)


@post_only
@in_language
@hand_write
def replace(request: HttpRequest, key: str, n: int) -> HttpResponse:
    opened = _opened(key, edit=True)
    book = sheets.replace_hand(opened.sheet, n, request.POST)
    return _json({"sheet": sheet_json(book)})


def _deleted(deleted: bool) -> Callable[..., HttpResponse]:
    @post_only
    @in_language
    @hand_write
    def view(request: HttpRequest, key: str, n: int) -> HttpResponse:
        opened = _opened(key, edit=True)
        book = sheets.set_deleted(opened.sheet, n, request.POST, deleted)
        return _json({"sheet": sheet_json(book)})

    return view


delete = _deleted(True)
restore = _deleted(False)


def _closing(closed: bool) -> Callable[..., HttpResponse]:
    @post_only
    @in_language
    @hand_write
    def view(request: HttpRequest, key: str) -> HttpResponse:
        opened = _opened(key, edit=True)
        book = sheets.set_closed(opened.sheet, request.POST, closed)
        return _json({"sheet": sheet_json(book)})

    return view


close = _closing(True)
reopen = _closing(False)


@safe_only
@in_language
def download(request: HttpRequest, key: str) -> HttpResponse:
    opened = _opened(key, edit=False)
    try:
        bom = BOM.clean(request.GET.get("bom"))
    except ValidationError as error:
        return _param_error("bom", error)
    # `bom=1` starts the file with a byte-order mark, which spreadsheet programs need to
    # read the names in Chinese as UTF-8; without it the first cell is exactly `hand`.
    lines = sheet_csv(opened.sheet)
    response = StreamingHttpResponse(
        itertools.chain(["\ufeff"] if bom else [], lines), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{opened.sheet.family}-sheet.csv"'
    return response
