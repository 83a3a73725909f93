"""Thin views: query string → family form → engine once → presenter → template or JSON."""

from __future__ import annotations

import contextlib
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django_htmx.middleware import HtmxDetails

from calculator import presenting
from calculator.errors import safe_only
from calculator.families import FAMILIES, Family, get_family
from calculator.forms import ParamForm
from calculator.presenters.base import Presentation
from calculator.scoring.outcome import Outcome

LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def absolute(path: str) -> str:
    """The public address of a path: from SITE_URL, never from the request's Host."""
    return settings.SITE_URL + path


def language_links(canonical: str) -> list[tuple[str, str, str, bool]]:
    """The same page, state included, in each language (the query string is kept), each
    language named in itself (廣東話, 简体中文, English): a reader finds their own.

    Django's `translate_url`, with the path resolved once for the three languages instead
    of once for each (a page draws these links on every render)."""
    current = translation.get_language()
    parsed = urlsplit(canonical)
    try:
        match = resolve(unquote(parsed.path))
    except Resolver404:
        match = None
    links = []
    for code, name in settings.LANGUAGES:
        url = canonical
        with translation.override(code):
            own = str(name)
            if match is not None:
                with contextlib.suppress(NoReverseMatch):
                    path = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
                    url = urlunsplit(parsed._replace(path=path))
        links.append((code, own, url, code == current))
    return links


def page_title(headline: str, name: Any) -> str:
    """The tab's title: the result first (what a bookmark or a share sheet shows), then the page."""
    return f"{headline} · {name}" if headline else str(name)


def page_context(form: ParamForm, view: Presentation | None, title: Any = "") -> dict[str, Any]:
    """What the base layout and the result partial read, valid or not. `title` names the
    page after the headline (the family's payment page unless given)."""
    canonical = form.canonical_url()
    url = absolute(canonical)
    family = FAMILIES[form.slug]
    context: dict[str, Any] = {
        "form": form,
        "family": family,
        "families": FAMILIES.values(),
        "view": view,
        "canonical_url": canonical,
        "form_action": canonical.partition("?")[0],
        "absolute_url": url,
        "language_links": language_links(canonical),
        "headline": "",
    }
    if view is not None:
        context.update(
            view.extras,
            headline=view.headline,
            sentence=view.sentence,
            share_text=f"{view.headline} {url}",
        )
    context["page_title"] = page_title(context["headline"], title or family.title)
    return context


def render_result(request: HtmxHttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    """The whole page, or for htmx its result region with the canonical URL to show."""
    fragment = bool(request.htmx and not request.htmx.history_restore_request)
    context["oob"] = fragment
    context["result_of"] = template
    response = render(request, "calculator/_live_result.html" if fragment else template, context)
    if fragment:
        response["HX-Replace-Url"] = context["canonical_url"]
    # htmx sends HX-Request with a history restore too: a cache must tell the two apart.
    # A live answer leaves out the reference table the page says it shows (X-Reference).
    patch_vary_headers(response, ["HX-Request", "HX-History-Restore-Request", "X-Reference"])
    return response


def score_and_present(family: Family, form: ParamForm) -> tuple[Outcome, Presentation]:
    """The one engine call of a payment request, and its words."""
    outcome = family.engine.score(*form.inputs)
    return outcome, family.presenter(form.inputs, outcome, form.idle_settings()).present()


@safe_only
def calculator(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    family = get_family(slug)
    form = family.form(request.GET)
    view = score_and_present(family, form)[1] if form.is_valid() else None
    return render_result(request, family.template, page_context(form, view))


def _json(payload: dict[str, Any], status: int = 200) -> HttpResponse:
    return HttpResponse(
        presenting.dumps(payload), status=status, content_type="application/json; charset=utf-8"
    )


def api_language(request: HttpRequest) -> str | HttpResponse:
    """The `lang` parameter of an API request, or the 400 response refusing it."""
    lang = request.GET.get("lang", settings.LANGUAGE_CODE)
    if lang not in LANGUAGE_CODES:
        with translation.override(settings.LANGUAGE_CODE):
            message = _("Choose one of: %(values)s.") % {"values": ", ".join(LANGUAGE_CODES)}
        return _json({"errors": {"lang": [{"code": "not_allowed", "message": message}]}}, 400)
    return lang


def api_result(
    slug: str, form: ParamForm, outcome: Outcome, view: Presentation, **extra: Any
) -> HttpResponse:
    """The JSON of one result: the same words as the page, the engine's exact amounts."""
    with translation.override(settings.LANGUAGE_CODE):
        url = form.canonical_url()  # the Cantonese page has no prefix
    payload: dict[str, Any] = {
        "rules": slug,
        "inputs": form.inputs_json(),
        **extra,
        "result": presenting.outcome_json(outcome, view.steps),
        "notes": [{"code": code, "text": text} for code, text in view.notes],
        "url": url,
    }
    return _json(payload)


@safe_only
def api(request: HttpRequest, slug: str) -> HttpResponse:
    family = get_family(slug)
    lang = api_language(request)
    if isinstance(lang, HttpResponse):
        return lang
    with translation.override(lang):
        form = family.form(request.GET)
        if not form.is_valid():
            return _json({"errors": form.errors_json()}, 400)
        outcome, view = score_and_present(family, form)
        return api_result(slug, form, outcome, view)


@safe_only
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
