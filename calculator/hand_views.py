"""Thin views for tile entry: query string → hand form → analyser → template or JSON.

The same page machinery as `calculator.views` (render cache, htmx fragment with
`HX-Replace-Url`, `Vary: HX-Request`, history-restore guard), for `/<slug>/hand/` and
`/api/v1/<slug>/hand`; only riichi and MCR have hands to read.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_safe

from calculator import presenting
from calculator.forms import mcr_hand, riichi_hand
from calculator.forms.hand_base import HandForm, errors_extra
from calculator.views import HtmxHttpRequest, _api_language, _json, _page_context, render_page

HAND_FORMS: dict[str, type[HandForm]] = {"riichi": riichi_hand.Form, "mcr": mcr_hand.Form}


def _form_class(slug: str) -> type[HandForm]:
    form_class = HAND_FORMS.get(slug)
    if form_class is None:
        raise Http404("No tile entry for this rule family")
    return form_class


@require_safe
def page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    form_class = _form_class(slug)

    def build(fragment: bool) -> tuple[str, str]:
        form = form_class(request.GET)
        context = _page_context(request, form)
        context.update(form.hand_context(), oob=fragment)
        template = f"calculator/{slug}_hand.html"
        body = render_to_string(f"{template}#result" if fragment else template, context, request)
        return body, form.canonical_url()

    return render_page(request, f"{slug}/hand", build)


@require_safe
def api(request: HttpRequest, slug: str) -> HttpResponse:
    form_class = _form_class(slug)
    lang = _api_language(request)
    if isinstance(lang, HttpResponse):
        return lang
    with translation.override(lang):
        form = form_class(request.GET)
        if not form.is_valid():
            return _json({"errors": form.errors_json(), **errors_extra(form)}, 400)
        outcome = form.result()
        with translation.override(settings.LANGUAGE_CODE):
            url = form.canonical_url()  # the Cantonese page has no prefix
            payment_url = form.payment_url()
        payload: dict[str, Any] = {
            "rules": slug,
            "inputs": form.inputs_json(),
            "hand": form.hand_json(),
            "result": presenting.outcome_json(
                outcome, [form.describe_step(s) for s in outcome.steps]
            ),
            "notes": [{"code": n.code, "text": form.describe_note(n)} for n in outcome.notes],
            "url": url,
            "payment_url": payment_url,
        }
        return _json(payload)
