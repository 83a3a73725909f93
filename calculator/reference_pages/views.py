"""/glossary/, /faq/ and /sources/: each page's words and numbers, rendered once per
language and kept in Django's cache."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import etag

from calculator.context_processors import site as site_context
from calculator.errors import safe_only
from calculator.families import FAMILIES
from calculator.presenting import money
from calculator.reference_pages import tables
from calculator.reference_pages.claims import claims, riichi_counters
from calculator.reference_pages.hand_claims import hand_claims
from calculator.scoring import classical, hk, hk_hand, jiujiang, mcr, riichi
from calculator.views import absolute, language_links

PAGES: dict[str, dict[str, Any]] = {
    "glossary": {
        "template": "pages/glossary.html",
        "title": _("Mahjong payment glossary: 番, 飜, 符, 全辣, 半銃 and more"),
        "description": _(
            "The words tables use when they argue about money, across six rule families, "
            "each linked to the calculator that shows it."
        ),
    },
    "faq": {
        "template": "pages/faq.html",
        "title": _("Mahjong payment questions tables argue about"),
        "description": _(
            "Short answers to the payment questions that stop a game, each with a link "
            "that works the number out."
        ),
    },
    "sources": {
        "template": "pages/sources.html",
        "title": _("Where the rules come from"),
        "description": _(
            "The public sources behind every payment rule, and the table rule that lets "
            "you choose where they disagree."
        ),
    },
}


def page_context(page: str) -> dict[str, Any]:
    """Everything a reference page's template reads: its words, links and live numbers."""
    info = PAGES[page]
    canonical = reverse(page)
    quoted = claims()
    context: dict[str, Any] = {
        "page": page,
        "page_title": info["title"],
        "page_description": info["description"],
        "canonical_url": canonical,
        "absolute_url": absolute(canonical),
        **site_context(None),
        "language_links": language_links(canonical),
        # base.html's link preview reads these two
        "headline": info["title"],
        "sentence": info["description"],
        "families": FAMILIES.values(),
        "claims": quoted,
        "counters": riichi_counters(quoted),
        "fu_values": ", ".join(str(fu) for fu in riichi.TABLE_FU),
        "mcr_min": mcr.MIN_POINTS,
        "mcr_flat": mcr.FLAT,
        "jj_cap_fan": jiujiang.CAP_VALUE[jiujiang.Cap.FAN16],
        "jj_cap_mult": jiujiang.CAP_VALUE[jiujiang.Cap.MULT5],
        "classical_limit": money(classical.Rules().limit),
    }
    hands = hand_claims()
    context.update(
        hands=hands,
        hk_cap=hk.Rules().cap,
        hk_min=hk.Rules().min_fan,
        hk_qingyise=hk_hand.FanTable().qingyise,
        hk_qingyise_other=next(
            v for v in hk_hand.QINGYISE_VALUES if v != hk_hand.FanTable().qingyise
        ),
        hk_seven_pairs=hk_hand.FAN_VALUES["seven_pairs"],
        hk_values=dict(hk_hand.FAN_VALUES),
        jj_qidui=jiujiang.PATTERN_VALUE[jiujiang.Pattern.QIDUI],
        jj_haohua=jiujiang.PATTERN_VALUE[jiujiang.Pattern.HAOHUA],
        jj_qingyise=jiujiang.PATTERN_VALUE[jiujiang.Pattern.QINGYISE],
    )
    if page == "glossary":
        context.update(
            same_three=tables.same_value_rows(quoted),
            stakes=tables.stake_rows(),
            ladder=tables.ladder_rows(),
            hk_fans=tables.hk_fan_rows(hands["hk"]),
        )
    return context


REFERENCE_SECONDS = 3600  # how long a browser, a proxy and our own cache keep a page


def rendered_page(page: str) -> str:
    """The rendered page. It depends only on the page and the language (absolute URLs come
    from SITE_URL), so it is kept in Django's cache under exactly that key."""
    key = f"reference:{page}:{translation.get_language()}"
    return cache.get_or_set(
        key,
        lambda: render_to_string(PAGES[page]["template"], page_context(page)),
        REFERENCE_SECONDS,
    )


def page_etag(request: HttpRequest, page: str) -> str:
    return hashlib.sha256(rendered_page(page).encode()).hexdigest()[:32]


@safe_only
@cache_control(public=True, max_age=REFERENCE_SECONDS)
@etag(page_etag)
def reference(request: HttpRequest, page: str) -> HttpResponse:
    """/glossary/, /faq/ and /sources/: static words, numbers from the engine."""
    return HttpResponse(rendered_page(page))
