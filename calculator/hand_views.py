"""Thin views for tile entry: query string → hand form (tiles read and analysed once) →
the family's payment presenter and hand presenter → template or JSON.

The same page machinery as `calculator.views` (htmx fragment with `HX-Replace-Url`,
`Vary: HX-Request`, history-restore guard), for `/<slug>/hand/` and `/api/v1/<slug>/hand`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control

from calculator import sheet_tiles
from calculator.errors import safe_only
from calculator.families import FAMILIES, Family, HandEntry
from calculator.forms.hand_base import HandForm, errors_extra
from calculator.presenters.base import Presentation
from calculator.views import (
    HtmxHttpRequest,
    _json,
    api_language,
    api_result,
    page_context,
    page_title,
    render_result,
)


def hand_families() -> list[Family]:
    """The families with tile entry, in display order."""
    return [family for family in FAMILIES.values() if family.hand is not None]


def _entry(slug: str) -> HandEntry:
    family = FAMILIES.get(slug)
    if family is None or family.hand is None:
        raise Http404("No tile entry for this rule family")
    return family.hand


def present(form: HandForm) -> tuple[Presentation, Any]:
    """The analysed hand's payment, worded by the payment page's presenter, and the
    analysis itself, worded by the family's hand presenter. No engine call here: the
    analysis made the one call, and its outcome is what is shown."""
    family = FAMILIES[form.slug]
    entry = _entry(form.slug)
    analysis = form.analysis
    # A family may word the notes its analysis adds (hk `limit_hand`) by subclassing the
    # payment presenter; the payment itself is worded as on the payment page.
    presenter = entry.payment_presenter or family.presenter
    payment = presenter(form.payment_inputs(), analysis.outcome, form.payment_idle())
    return payment.present(), entry.presenter(analysis, payment)


@safe_only
def page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    entry = _entry(slug)
    form = entry.form(request.GET)
    view, hand = present(form) if form.is_valid() else (None, None)
    context = page_context(form, view, title=FAMILIES[slug].hand_title)
    context.update(form.hand_context(), hand_analysis_template=entry.analysis_template)
    if hand is not None:
        context.update(hand.context(), payment_url=form.payment_url())
        # Whose seat the result is for leads the title, the share text and the status line
        # (the page itself shows it in the hand's own headline).
        headline = form.seat_headline(view.headline)
        context.update(
            headline=headline,
            share_text=f"{headline} {context['absolute_url']}",
            page_title=page_title(headline, FAMILIES[slug].hand_title),
        )
    sheet = sheet_tiles.open_for(request.GET.get("sheet"), slug)
    if sheet is not None:
        # Opened from a score sheet: the hand can be recorded on it (its edit key stays in
        # this form, the hand form's hidden field and the address bar, nowhere else).
        context.update(
            sheet_record=sheet_tiles.record(sheet, form, request.GET), sheet_key=sheet.edit_key
        )
    response = render_result(request, entry.template, context)
    if "sheet" in request.GET:
        # An edit key in the address: nobody else's to keep or index.
        patch_cache_control(response, private=True, no_cache=True)
        response["X-Robots-Tag"] = "noindex"
    if sheet is not None and response.has_header("HX-Replace-Url"):
        response["HX-Replace-Url"] = sheet_tiles.address_with_sheet(
            response["HX-Replace-Url"], sheet
        )
    return response


@safe_only
def api(request: HttpRequest, slug: str) -> HttpResponse:
    form_class = _entry(slug).form
    lang = api_language(request)
    if isinstance(lang, HttpResponse):
        return lang
    with translation.override(lang):
        form = form_class(request.GET)
        if not form.is_valid():
            return _json({"errors": form.errors_json(), **errors_extra(form)}, 400)
        view, hand = present(form)
        with translation.override(settings.LANGUAGE_CODE):
            payment_url = form.payment_url()
        return api_result(
            slug, form, form.analysis.outcome, view, hand=hand.json(), payment_url=payment_url
        )
