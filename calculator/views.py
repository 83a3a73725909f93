"""Thin views: query string → family form → engine → template or JSON."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

from calculator import presenting
from calculator.families import FAMILIES, get_family
from calculator.forms import ParamForm

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _page_context(request: HttpRequest, form: ParamForm) -> dict[str, Any]:
    outcome = form.result() if form.is_valid() else None
    canonical = form.canonical_url()
    context: dict[str, Any] = {
        "form": form,
        "family": FAMILIES[form.slug],
        "families": FAMILIES.values(),
        "outcome": outcome,
        "canonical_url": canonical,
        "absolute_url": request.build_absolute_uri(canonical),
        "language_links": _language_links(form),
        "headline": "",
    }
    if outcome is not None:
        headline = form.headline(outcome)
        context.update(
            headline=headline,
            share_text=f"{headline} {context['absolute_url']}",
            notes=[(n.code, form.describe_note(n)) for n in outcome.notes],
            steps=[form.describe_step(s) for s in outcome.steps],
            sentence=presenting.who_pays_sentence(outcome),
            payments=[
                (
                    p.payer,
                    presenting.payer_label(p.payer),
                    presenting.money(p.amount),
                    presenting.exact(p.amount),
                )
                for p in outcome.payments
            ],
            receives=presenting.money(outcome.winner_receives),
            base=presenting.money(outcome.base),
            reference_current=form.reference_current(),
            **form.reference(),
        )
        key = form.reference_key()
        if key is None:
            context.update(form.reference_tables())
        else:
            context["reference_html"] = _reference_html(form, key, context)
    return context


_REFERENCE_HTML: OrderedDict[tuple[Hashable, ...], str] = OrderedDict()
_REFERENCE_LIMIT = 512
_REFERENCE_LOCK = threading.Lock()  # threaded servers share the dict


def _reference_html(form: ParamForm, key: Hashable, context: dict[str, Any]) -> str:
    """A family's reference tables, rendered once per table rules and language.

    The tables follow the table's rules, not the hand, so every hand played under the same
    rules shares one rendering; the current row is marked by `reference_current` instead.
    """
    cache_key = (form.slug, translation.get_language(), key)
    with _REFERENCE_LOCK:
        html = _REFERENCE_HTML.get(cache_key)
        if html is not None:
            _REFERENCE_HTML.move_to_end(cache_key)
            return html
    html = render_to_string(
        f"calculator/{form.slug}_reference.html", {**context, **form.reference_tables()}
    )
    with _REFERENCE_LOCK:
        _REFERENCE_HTML[cache_key] = html
        if len(_REFERENCE_HTML) > _REFERENCE_LIMIT:
            _REFERENCE_HTML.popitem(last=False)
    return html


def _language_links(form: ParamForm) -> list[tuple[str, str, bool]]:
    """The same result in each language: the path prefix changes, the query does not."""
    current = translation.get_language()
    links = []
    for code, name in settings.LANGUAGES:
        with translation.override(code):
            url = form.canonical_url()  # the form's own page: a payment page or a hand page
        links.append((code, str(name), url, code == current))
    return links


def render_page(
    request: HtmxHttpRequest, name: str, build: Callable[[bool], tuple[str, str]]
) -> HttpResponse:
    """A page or its htmx fragment, from the render cache when this exact request was seen.

    A page is a pure function of its name, language, scheme, host, fragment-or-not and query
    string, so the cache needs no form at all on a hit. `build(fragment)` returns the body
    and the canonical URL (the fragment's `HX-Replace-Url`).
    """
    fragment = bool(request.htmx and not request.htmx.history_restore_request)
    parts = [
        name,
        translation.get_language(),
        request.scheme,
        request.get_host(),
        "fragment" if fragment else "page",
        request.META.get("QUERY_STRING", ""),
    ]
    key = "page:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()
    cached = cache.get(key)
    if cached is None:
        cached = build(fragment)
        cache.set(key, cached)
    body, canonical = cached
    response = HttpResponse(body)
    if fragment:
        response["HX-Replace-Url"] = canonical
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
def calculator(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    family = get_family(slug)

    def build(fragment: bool) -> tuple[str, str]:
        form = family.form(request.GET)
        context = _page_context(request, form)
        context["oob"] = fragment
        template = f"{family.template}#result" if fragment else family.template
        return render_to_string(template, context, request), form.canonical_url()

    return render_page(request, slug, build)


def _json(payload: dict[str, Any], status: int = 200) -> HttpResponse:
    return HttpResponse(
        presenting.dumps(payload), status=status, content_type="application/json; charset=utf-8"
    )


def _api_language(request: HttpRequest) -> str | HttpResponse:
    """The `lang` parameter of an API request, or the 400 response refusing it."""
    lang = request.GET.get("lang", settings.LANGUAGE_CODE)
    if lang not in LANGUAGE_CODES:
        with translation.override(settings.LANGUAGE_CODE):
            message = _("Choose one of: %(values)s.") % {"values": ", ".join(LANGUAGE_CODES)}
        return _json({"errors": {"lang": [{"code": "not_allowed", "message": message}]}}, 400)
    return lang


@require_safe
def api(request: HttpRequest, slug: str) -> HttpResponse:
    family = get_family(slug)
    lang = _api_language(request)
    if isinstance(lang, HttpResponse):
        return lang
    with translation.override(lang):
        form = family.form(request.GET)
        if not form.is_valid():
            return _json({"errors": form.errors_json()}, 400)
        outcome = form.result()
        with translation.override(settings.LANGUAGE_CODE):
            url = form.canonical_url()  # the Cantonese page has no prefix
        return _json(
            {
                "rules": family.slug,
                "inputs": form.inputs_json(),
                "result": presenting.outcome_json(
                    outcome, [form.describe_step(s) for s in outcome.steps]
                ),
                "notes": [{"code": n.code, "text": form.describe_note(n)} for n in outcome.notes],
                "url": url,
            }
        )


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, so a player can keep the calculator on the home screen."""
    payload = {
        "name": _("Mahjong payment calculator"),
        "short_name": _("麻雀計番計錢"),
        "start_url": reverse("calculator", args=["hk"]),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fafaf7",
        "theme_color": "#0f5132",
        "lang": translation.get_language(),
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = HttpResponse(
        presenting.dumps(payload), content_type="application/manifest+json; charset=utf-8"
    )
    response["Cache-Control"] = "public, max-age=86400"
    return response
