"""The score sheets' pages: new, edit (the edit key's page, with "add a hand") and view.

Every write goes through calculator.sheets, the same code path as the JSON API; the pages
add Django's CSRF check and post/redirect/get. One address per page: a form names what it
does with `action` (add, preview, replace, delete, restore, undo), so the page works the
same with and without JavaScript. An open sheet keeps itself up to date by polling its own
address every few seconds (htmx); the answer is `304` while the revision is unchanged. With
JavaScript it also follows the sheet's changes as they happen (calculator/sheet_events.py),
and then polls only now and then.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator import errors, ratelimit, sheet_tiles, sheets
from calculator.families import FAMILIES
from calculator.forms.new_sheet import NewSheet, read_new_sheet
from calculator.forms.sheet import MAX_HANDS, family_choices, family_sheet_of, hand_params
from calculator.models import HandVersion, Sheet
from calculator.params import IntParam
from calculator.presenters import sheet_hand_form, sheet_new, sheet_page
from calculator.views import absolute, language_links

PAGE_METHODS = ("GET", "HEAD", "POST")
# The sheet's own one-player fields: an empty choice means "not given".
OPTIONAL_PLAYERS = ("winner", "discarder", "liable_player", "offender", "from", "to", "amount")
# Riichi sheet rules whose default depends on others (noten, return) or is "none" (uma).
OPTIONAL_RULES = ("noten", "return", "uma")
# `?hands=all&to=N`: the page of every hand ending at hand N (the API's `from` bounds).
PAGE_END = IntParam(minimum=1, maximum=MAX_HANDS, default=None)


class SeeOther(HttpResponseRedirect):
    status_code = 303  # after a POST: the browser GETs the page (post/redirect/get)


def _methods(request: HttpRequest) -> HttpResponse | None:
    if request.method not in PAGE_METHODS:
        return errors.method_not_allowed(request, PAGE_METHODS)
    return None


def private_page(response: HttpResponse) -> HttpResponse:
    """A sheet is nobody else's business: not indexed, not kept by shared caches."""
    response["X-Robots-Tag"] = "noindex"
    response.setdefault("Cache-Control", "private, no-cache")
    patch_vary_headers(response, ["HX-Request"])
    return response


def page_context(request: HttpRequest, path: str, title: str) -> dict[str, Any]:
    """What every sheet page's template reads besides its own: language links and title."""
    return {
        "language_links": language_links(path),
        "page_title": title,
        "headline": "",
        "oob": False,
    }


PLAYER_LISTS = ("riichi", "tenpai")  # a box per player, and an empty hidden one


def form_data(posted: QueryDict, hand_params: tuple[str, ...] = ()) -> QueryDict:
    """What a hand form sends, as the API's parameters: the players ticked in a list become
    a comma list; a yes/no box (a hidden 0 and the ticked 1) keeps its last value, as any
    repeated parameter does; an empty player choice is left out. The winners ticked beside
    the first join it (`winner=1,2`). The form shows every kind's fields, so those of the
    kinds not chosen are left out (`hand_params`: the family's, a hand's only)."""
    data = QueryDict(mutable=True)
    for name, values in posted.lists():
        if name in PLAYER_LISTS:
            data[name] = ",".join(value for value in values if value)
        else:
            data.setlist(name, values)
    also = [value for value in data.pop("also_won", []) if value]
    kind = data.get("kind", "win")
    if kind == "win":
        if also and data.get("winner") not in (None, "", "none"):
            winners = [data["winner"], *(v for v in also if v != data["winner"])]
            data["winner"] = ",".join(winners)
        unasked = LEDGER_FIELDS
    else:
        unasked = (*WIN_FIELDS, *hand_params)
    for name in unasked:
        data.pop(name, None)
    for name in OPTIONAL_PLAYERS:
        if data.get(name, None) == "":
            del data[name]
    return data


WIN_FIELDS = ("winner", "discarder", "riichi", "tenpai", "liable_player")
LEDGER_FIELDS = ("offender", "from", "to", "amount")


# --- /sheets/new/ --------------------------------------------------------------------------


def new(request: HttpRequest) -> HttpResponse:
    refused = _methods(request)
    if refused is not None:
        return refused
    found: dict[str, Any] = {}
    source: Any = request.GET
    if request.method == "POST":
        if not ratelimit.allow_new_sheet(request):
            return private_page(
                errors.answer(
                    request,
                    429,
                    "rate_limited",
                    lambda: (
                        _("Too many new sheets"),
                        _("Too many new sheets from here just now. Try again in a minute."),
                    ),
                    headers={"Retry-After": ratelimit.RETRY_AFTER},
                )
            )
        source = request.POST.copy()
        if source.get("name4", None) == "" and source.get("players") == "3":
            del source["name4"]  # the three-player table's hidden fourth name
        for name in OPTIONAL_RULES:
            if source.get(name, None) == "":
                del source[name]  # an optional rule left empty: its default
        made = read_new_sheet(source)
        if isinstance(made, NewSheet):
            sheet = sheets.create(made)
            return private_page(SeeOther(reverse("sheet", args=[sheet.edit_key])))
        found = made
    slug = str(source.get("family", "hk"))
    if slug not in family_choices():
        slug = "hk"
    page = sheet_new.new_page(slug, source, found)
    path = sheet_new.new_page_query(slug, source)
    context = page_context(request, path, _("Start a score sheet"))
    context.update(page=page, slug=slug)
    return private_page(render(request, "sheets/new.html", context))


# --- /sheets/<edit_key>/ and /sheets/view/<view_key>/ -------------------------------------


def _opened(key: str) -> sheets.Opened:
    opened = sheets.open_sheet(key)
    if opened is None:
        raise Http404
    return opened


def _history(request: HttpRequest, book: sheets.WorkedSheet) -> dict[int, list[HandVersion]]:
    """The earlier versions of the one hand the page was asked to show them for
    (`?history=<n>`, the row's link), its latest `KEPT_VERSIONS`: a long-edited hand
    never makes every page long."""
    wanted = hand_number(request.GET.get("history", ""))
    hand = next((h for h in book.hands if h.n == wanted and h.versions > 1), None)
    if hand is None:
        return {}
    latest = hand.history.order_by("-version")[: sheets.KEPT_VERSIONS]
    return {hand.pk: list(reversed(latest))}


def _listing(request: HttpRequest) -> sheet_page.Listing:
    """Every hand listed, a page at a time (`?hands=all`, and `&to=N` for the page ending
    at hand N), or the latest (no `hands`, or any other value)."""
    if request.GET.get("hands") != sheet_page.ALL_HANDS:
        return sheet_page.LATEST
    return sheet_page.Listing(True, _page_end(request))


def _page_end(request: HttpRequest) -> int | None:
    """The `to` asked for; a bad one is the newest page (the page says so)."""
    try:
        return PAGE_END.clean(request.GET.get("to"))
    except ValidationError:
        return None


def _bad_page(request: HttpRequest) -> bool:
    """A page of every hand asked for by a `to` that is not a hand number."""
    asked = request.GET.get("hands") == sheet_page.ALL_HANDS and "to" in request.GET
    return asked and _page_end(request) is None


def _not_modified(request: HttpRequest, sheet: Sheet, editing: bool) -> HttpResponse | None:
    """The poll's cheap answer: nothing changed since the revision the page shows."""
    tag = sheet_page.etag(sheet.revision, translation.get_language(), editing, _listing(request))
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=304)
        response["ETag"] = tag
        return private_page(response)
    return None


def _addresses(sheet: Sheet, editing: bool, listing: sheet_page.Listing) -> dict[str, str]:
    """The page's own address, which keeps the list it shows and its page (polls, language
    links and the forms on the page come back to it), and the two lists' links."""
    here = (
        reverse("sheet", args=[sheet.edit_key])
        if editing
        else reverse("sheet_view", args=[sheet.view_key])
    )
    events = (
        reverse("sheet_events", args=[sheet.edit_key])
        if editing
        else reverse("sheet_view_events", args=[sheet.view_key])
    )
    return {
        "live_url": f"{here}{listing.query}",
        "events_url": events,
        "all_url": f"{here}{sheet_page.Listing(True).query}#hands",
        "latest_url": f"{here}#hands",
    }


def _listed(sheet: Sheet, listing: sheet_page.Listing) -> sheets.WorkedSheet:
    """The sheet with the hands its page lists worked out: the latest, or a page of every
    hand, from the stored standing (a page costs what a short sheet costs)."""
    if listing.everything:
        return sheets.hands_to(sheet, listing.to, listing.size)
    return sheets.latest(sheet, sheet_page.LATEST_HANDS)


def _live(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx and not htmx.history_restore_request)


def _sheet_response(
    request: HttpRequest,
    opened: sheets.Opened,
    *,
    editing: bool,
    data: Any = None,
    found: dict[str, Any] | None = None,
    at: int | None = None,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    sheet = opened.sheet
    if request.method in ("GET", "HEAD") and _live(request):
        unchanged = _not_modified(request, sheet, editing)
        if unchanged is not None:
            return unchanged
    listing = _listing(request)
    book = _listed(sheet, listing)
    language = translation.get_language()
    page = sheet_page.sheet_page(
        book,
        editing=editing,
        language=language,
        history=_history(request, book),
        listing=listing,
    )
    addresses = _addresses(sheet, editing, listing)
    if not notice and _bad_page(request):
        notice = _("There is no such page of hands: here are the latest.")
    context = page_context(request, addresses["live_url"], page.title)
    context.update(addresses, page=page, editing=editing, notice=notice)
    if request.method in ("GET", "HEAD") and _live(request):
        # The poll's answer: the totals (swapped in place) and the hands (out of band), the
        # hand form between them left alone but for its tiles link, which carries the
        # counters of the next hand (sheets.js asks for the preview again).
        context.update(oob=True, announce=page.changed_line)
        if editing:
            context.update(tiles_url=sheet_tiles.tiles_url(book), oob_form=True)
        response = render(request, "sheets/_live.html", context)
        response["ETag"] = page.etag
        return private_page(response)
    if editing:
        context["tiles_url"] = sheet_tiles.tiles_url(book)  # "" for families without tiles
        preview = None
        if at is None and data is None:
            wanted = hand_number(request.GET.get("edit", ""))
            hand = sheet.hands.filter(n=wanted).first() if wanted is not None else None
            if hand is not None and hand.deleted:
                context["notice"] = restore_first(hand.n)
            elif hand is not None:
                at, data = hand.n, sheet_hand_form.hand_data(hand)
                stored = sheets.preview(sheet, data, at)  # the hand as it is stored
                if isinstance(stored, sheets.WorkedSheet):
                    preview = sheet_hand_form.preview(stored, {}, at)
        context["hand_form"] = sheet_hand_form.hand_form(sheet, data or {}, found or {}, at)
        context["form_key"] = secrets.token_urlsafe(16)
        context["preview"] = preview
    response = render(request, "sheets/sheet.html", context, status=status)
    return private_page(response)


def edit(request: HttpRequest, key: str) -> HttpResponse:
    refused = _methods(request)
    if refused is not None:
        return refused
    opened = _opened(key)
    if not opened.can_edit:
        # The view link pasted into the edit address: show what it may see.
        return private_page(HttpResponseRedirect(reverse("sheet_view", args=[key])))
    if request.method == "POST":
        return _write(request, opened)
    return _sheet_response(request, opened, editing=True, notice=_undone(request))


def _undone(request: HttpRequest) -> str:
    """What the undo just done took back, said on the page it comes back to."""
    n = hand_number(request.GET.get("n", ""))
    words = UNDONE.get(request.GET.get("undid", ""))
    return str(words) % {"n": n} if words is not None and n is not None else ""


UNDONE = {
    "add": gettext_lazy("Undone: hand %(n)s is taken back (deleted; it can be restored)."),
    "replace": gettext_lazy("Undone: the edit of hand %(n)s; its earlier values are back."),
    "delete": gettext_lazy("Undone: hand %(n)s is restored."),
    "restore": gettext_lazy("Undone: hand %(n)s is deleted again."),
}

# A hand number as a person or a link writes one: ASCII digits ("²" is a digit to
# str.isdigit), and never so many that int() refuses them.
HAND_NUMBER = re.compile(r"[0-9]{1,6}")


def hand_number(raw: object) -> int | None:
    text = str(raw)
    return int(text) if HAND_NUMBER.fullmatch(text) else None


def restore_first(n: int) -> str:
    return _("Hand %(n)s is deleted: restore it first, then edit it.") % {"n": n}


def no_such_hand() -> str:
    return _("There is no such hand.")


def _number(data: QueryDict) -> int | None:
    return hand_number(data.get("n", ""))


def _write(request: HttpRequest, opened: sheets.Opened) -> HttpResponse:
    data = form_data(request.POST, hand_params(FAMILIES[opened.sheet.family]))
    action = data.get("action", "add")
    sheet = opened.sheet
    here = _addresses(sheet, True, _listing(request))["live_url"]  # the list it came from
    n = _number(data)
    if action == "preview":
        return _preview(request, sheet, data, n)
    if not ratelimit.allow_hand_write(request):
        return _too_many_writes(request, opened, data, action)
    if action == "replace" and n is not None and sheet.hands.filter(n=n, deleted=True).exists():
        return _sheet_response(request, opened, editing=True, notice=restore_first(n), status=409)
    try:
        if action in ("add", "replace") and (unseen := _unseen_shape(sheet, data)):
            if action == "add" and _live(request):
                return _form_again(request, opened, data, unseen)
            raise sheets.Refused(400, unseen)
        # After recording: back at the totals, the form for the next hand right below them.
        if action == "add":
            if _live(request):
                return _recorded(request, opened, data)
            sheets.add_hand(sheet, data, answer=None)  # the page it redirects to reads it
            return private_page(SeeOther(f"{here}#totals"))
        if action == "replace" and n is not None:
            sheets.replace_hand(sheet, n, data, answer=False)
            return private_page(SeeOther(f"{here}#totals"))
        if action in ("delete", "restore") and n is not None:
            sheets.set_deleted(sheet, n, data, action == "delete", answer=False)
            return private_page(SeeOther(f"{here}#hand-{n}"))
        if action in ("close", "reopen"):
            sheets.set_closed(sheet, data, action == "close")
            return private_page(SeeOther(f"{here}#totals"))
        if action == "undo":
            # The revision guards it: two phones tapping undo at once take back one action.
            undone = sheets.undo(sheet, data)
            said = f"undid={undone['do']}&n={undone['n']}" if undone else ""
            joiner = "&" if "?" in here else "?"
            return private_page(
                SeeOther(f"{here}{joiner}{said}#totals" if said else f"{here}#totals")
            )
    except sheets.Refused as refused:
        return _refused(request, opened, data, action, n, refused)
    # No such action, or no hand number with it: a form of ours never sends that.
    return _sheet_response(request, opened, editing=True, notice=no_such_hand(), status=400)


def _too_many_writes(
    request: HttpRequest, opened: sheets.Opened, data: QueryDict, action: str
) -> HttpResponse:
    """Over the per-minute limit: a hand recorded from the live form comes back in its form,
    values kept, with the reason; any other write gets our page. Nothing is written."""
    if action == "add" and _live(request):
        refused = {"__all__": [{"code": "rate_limited", "message": ratelimit.too_many_writes()}]}
        response = _form_again(request, opened, data, refused)
        response["Retry-After"] = ratelimit.RETRY_AFTER
        return response
    return private_page(
        errors.answer(
            request,
            429,
            "rate_limited",
            lambda: (_("Too many changes"), ratelimit.too_many_writes()),
            headers={"Retry-After": ratelimit.RETRY_AFTER},
        )
    )


def _counting_unseen(sheet: Sheet, data: QueryDict) -> bool:
    """A hand sent from a form that did not show fields it counts (riichi: a fu count
    without its shape); without JavaScript they are drawn only once "count" is sent."""
    return family_sheet_of(FAMILIES[sheet.family]).unseen_shape(data)


def _unseen_shape(sheet: Sheet, data: QueryDict) -> dict[str, Any] | None:
    if not _counting_unseen(sheet, data):
        return None
    message = _("Counting the fu needs the hand's shape: check it below, then send the hand again.")
    return {"fu_mode": [{"code": "shape_unseen", "message": message}]}


def _recorded(request: HttpRequest, opened: sheets.Opened, data: QueryDict) -> HttpResponse:
    """A hand recorded from this phone's form (htmx), answered in place: the totals, the new
    row on top of the list and what changes with it, and the form emptied for the next hand
    (`handRecorded`, after the swap). Rows already shown are not drawn again, as long as
    the page showed the sheet just before this write (`shown`, the revision it shows):
    otherwise, or for a repeated key (a retry whose first answer may have been lost), the
    whole list comes with the answer, as with a poll."""
    try:
        created, hand, book = sheets.add_hand(opened.sheet, data, answer="hand")
    except sheets.Refused as refused:
        return _form_again(request, opened, data, refused.errors)
    listing = _listing(request)
    # An older page of the every-hand list has no place for the new hand: drawn again.
    in_step = book is not None and data.get("shown") == str(book.sheet.revision - 1)
    in_step = in_step and listing.to is None
    shown = hand_number(data.get("shown", ""))
    behind = book is not None and shown is not None and shown < book.sheet.revision - 1
    if book is None or not in_step:
        book = _listed(Sheet.objects.get(pk=opened.sheet.pk), listing)
    index = len(book.hands) - 1  # the new hand, when in step: the only one worked out
    page = sheet_page.sheet_page(
        book,
        editing=True,
        language=translation.get_language(),
        history={},  # drawn only when a page asks for it
        listing=listing,
        only=index if in_step else None,
    )
    said = sheet_hand_form.recorded(hand.n, created, behind)
    context = {
        **_addresses(opened.sheet, True, listing),
        "page": page,
        "editing": True,
        "whole": not in_step,
        "oob": not in_step,  # the whole list, out of band
        "oob_parts": in_step,  # or only what the new hand changes
        "added": sheet_page.added(book, listing) if in_step else None,
        "form_key": secrets.token_urlsafe(16),
        "preview": said,
        "announce": f"{said.summary} {page.totals_line}",  # the page's status line
        "tiles_url": sheet_tiles.tiles_url(book),  # riichi's carries the new counters
    }
    if data.get("redrawn"):
        # The form on the page was drawn again with a refused hand's values, which a reset
        # would bring back: an empty one comes instead.
        context["fresh_form"] = sheet_hand_form.hand_form(opened.sheet, {}, {})
    else:
        context["oob_form"] = True
    response = render(request, "sheets/_recorded.html", context)
    response["HX-Trigger-After-Swap"] = "handRecorded"
    response["ETag"] = page.etag
    return private_page(response)


def _form_again(
    request: HttpRequest, opened: sheets.Opened, data: QueryDict, found: dict[str, Any]
) -> HttpResponse:
    """An add refused in place: the hand form again, each error beside its field and the
    values as sent; nothing else on the page changes."""
    book = sheets.latest(opened.sheet, 0)
    context = {
        **_addresses(opened.sheet, True, _listing(request)),
        "hand_form": sheet_hand_form.hand_form(opened.sheet, data, found),
        "redrawn": True,
        "form_key": secrets.token_urlsafe(16),
        "preview": None,
        "tiles_url": sheet_tiles.tiles_url(book),
    }
    response = render(request, "sheets/_hand_form.html", context)
    response["HX-Retarget"] = "#hand-form"
    response["HX-Reswap"] = "outerHTML"
    return private_page(response)


def _refused(
    request: HttpRequest,
    opened: sheets.Opened,
    data: QueryDict,
    action: str,
    n: int | None,
    refused: sheets.Refused,
) -> HttpResponse:
    """The page again, saying why: field errors beside the fields (200, as a page form
    does), someone else's change first (409, with the sheet as it is now)."""
    sheet = Sheet.objects.get(pk=opened.sheet.pk)  # as it is now, someone else's change in
    fresh = sheets.Opened(sheet, True)
    closed = [e for e in refused.errors.get("__all__", []) if e["code"] == "closed"]
    if closed:
        return _sheet_response(
            request, fresh, editing=True, notice=closed[0]["message"], status=409
        )
    if any(e["code"] == "duplicate" for e in refused.errors.get("__all__", [])):
        # The same hand as one recorded since the page was drawn: the page as it is now, the
        # form as sent, and beside its button the hand it repeats and "record it again".
        notice = _("The hand was not recorded: it looks like one already on the sheet.")
        return _sheet_response(
            request, fresh, editing=True, data=data, found=refused.errors, notice=notice
        )
    if refused.status == 409:
        notice = _(
            "Someone else changed this sheet first. Here it is as it is now: check the hand "
            "and send it again if it is still needed."
        )
        keep = action == "replace"
        return _sheet_response(
            request,
            fresh,
            editing=True,
            data=data if keep else None,
            at=n if keep else None,
            notice=notice,
            status=409,
        )
    if refused.status == 404:
        # A page form names a hand the sheet has not got: the request is wrong, not the page.
        return _sheet_response(request, fresh, editing=True, notice=no_such_hand(), status=400)
    return _sheet_response(
        request,
        fresh,
        editing=True,
        data=data,
        found=refused.errors,
        at=n if action == "replace" else None,
        notice=_("The hand was not recorded: see the fields marked below."),
    )


def _preview(request: HttpRequest, sheet: Sheet, data: QueryDict, at: int | None) -> HttpResponse:
    if at is not None and not sheet.hands.filter(n=at).exists():
        at = None
    worked = sheets.preview(sheet, data, at=at)
    if isinstance(worked, sheets.WorkedSheet):
        shown = sheet_hand_form.preview(worked, {}, at)
    else:
        shown = sheet_hand_form.preview(None, worked, at)
    context: dict[str, Any] = {"preview": shown, "preview_announce": True, "announce": shown.said}
    if _counting_unseen(sheet, data):  # "count" chosen: the fu-count fields come with it
        context["count_fields"] = sheet_hand_form.hand_form(sheet, data, {}, at)
    response = render(request, "sheets/_preview.html", context)
    return private_page(response)


@errors.safe_only
def view(request: HttpRequest, key: str) -> HttpResponse:
    opened = _opened(key)
    if opened.can_edit:
        # An edit key in the view address: the read-only page lives at the view key.
        return private_page(
            HttpResponseRedirect(reverse("sheet_view", args=[opened.sheet.view_key]))
        )
    return _sheet_response(request, opened, editing=False)


@errors.safe_only
def qr(request: HttpRequest, key: str) -> HttpResponse:
    """The view link's QR code. It never changes for a view key and language, so the
    browser may keep it for a day."""
    opened = _opened(key)
    if opened.can_edit:  # only the view link is ever drawn
        raise Http404
    url = absolute(reverse("sheet_view", args=[key]))
    response = HttpResponse(sheet_page.qr_svg(url), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=86400"
    response["X-Robots-Tag"] = "noindex"
    return response
