"""The three reference pages: glossary, FAQ and sources. Fixed words, live numbers.

Every amount these pages print is worked out at render time by the family forms and their
engines, exactly as the calculator pages do it, and sits inside a link to the calculator
state that shows it. The link says what it claims in `data-claims` (what the winner
receives) and, where the copy relies on more, `data-claims-payments`, `-base`, `-fu`,
`-notes` and `-net`; a test follows every such link and compares. Nothing is hard-coded.

The pages depend only on the language, so each is kept in Django's cache per language and
served with an ETag and a public Cache-Control; no view here touches the database.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import etag

from calculator.context_processors import site as site_context
from calculator.errors import safe_only
from calculator.families import FAMILIES, get_family
from calculator.forms.hk import Form as HKForm
from calculator.presenters.riichi import LEVEL_NAMES
from calculator.presenting import exact, money
from calculator.scoring import classical, jiujiang, mcr, riichi
from calculator.views import absolute, language_links

# --- numbers from the engine, each with the link that proves it ---------------------------


@dataclass(frozen=True)
class Claim:
    """One calculator state: its canonical URL (page language) and what the engine says."""

    url: str
    receives: Fraction
    payments: tuple[Fraction, ...]
    base: Fraction
    fu: int | None
    notes: tuple[str, ...]
    nets: Mapping[str, Fraction] = field(default_factory=dict)  # classical: seat → net

    @property
    def amount(self) -> str:
        return money(self.receives)

    @property
    def split(self) -> str:
        return " / ".join(money(p) for p in self.payments)

    def _link(self, text: object, **extra: str) -> SafeString:
        attrs = {
            "data-claims": exact(self.receives),
            "data-claims-payments": "/".join(exact(p) for p in self.payments),
            **extra,
        }
        if self.notes:
            attrs["data-claims-notes"] = " ".join(self.notes)
        rendered = format_html_join("", ' {}="{}"', attrs.items())
        return format_html('<a href="{}"{}>{}</a>', self.url, rendered, text)

    @property
    def link(self) -> SafeString:
        """What the winner receives, linked."""
        return self._link(self.amount)

    @property
    def split_link(self) -> SafeString:
        """Each payer's amount ("4 / 2 / 2"), linked."""
        return self._link(self.split)

    @property
    def first_link(self) -> SafeString:
        """What the first (liable) payer pays, linked."""
        return self._link(money(self.payments[0]))

    @property
    def base_link(self) -> SafeString:
        """The pre-split value (riichi: basic points), linked."""
        return self._link(money(self.base), **{"data-claims-base": exact(self.base)})

    @property
    def fu_link(self) -> SafeString:
        return self._link(self.fu, **{"data-claims-fu": str(self.fu)})

    @property
    def net_links(self) -> dict[str, SafeString]:
        """Classical: each seat's net result, linked."""
        return {
            seat: self._link(money(net), **{"data-claims-net": f"{seat}:{exact(net)}"})
            for seat, net in self.nets.items()
        }


def claim(slug: str, query: str = "") -> Claim:
    """Run one calculator state through its form and engine, as the calculator page does."""
    family = get_family(slug)
    form = family.form(QueryDict(query))
    if not form.is_valid():
        raise ValueError(f"reference page state {slug}?{query} is invalid: {form.errors}")
    outcome = family.engine.score(*form.inputs)
    notes = family.presenter(form.inputs, outcome, form.idle_settings()).notes
    players = outcome.extra.get("players", ())
    return Claim(
        url=form.canonical_url(),
        receives=outcome.winner_receives,
        payments=tuple(p.amount for p in outcome.payments),
        base=outcome.base,
        fu=outcome.fu,
        notes=tuple(n.code for n in notes),
        nets={p["seat"]: p["net"] for p in players},
    )


# Every calculator state the copy quotes, by name. The templates use `claims.<name>`.
STATES: dict[str, tuple[str, str]] = {
    # Hong Kong
    "hk_3": ("hk", ""),
    "hk_3_self": ("hk", "win=self_draw"),
    "hk_3_self_full": ("hk", "win=self_draw&self_draw_pay=full"),
    "hk_3_liable": ("hk", "win=self_draw&liable=1"),
    "hk_3_liable_full": ("hk", "win=self_draw&self_draw_pay=full&liable=1"),
    "hk_3_half": ("hk", "split=half"),
    "hk_3_dealer": ("hk", "split=dealer"),
    "hk_3_dealer_won": ("hk", "split=dealer&dealer=1"),
    "hk_2": ("hk", "fan=2"),
    "hk_4_stepped": ("hk", "fan=4&scale=stepped"),
    "hk_5": ("hk", "fan=5"),
    "hk_5_full": ("hk", "fan=5&scale=full"),
    "hk_5_stepped": ("hk", "fan=5&scale=stepped"),
    "hk_10": ("hk", "fan=10"),
    "hk_10_full": ("hk", "fan=10&scale=full"),
    "hk_13": ("hk", "fan=13"),
    "hk_13_cap13": ("hk", "fan=13&cap=13"),
    "hk_5_self_4": ("hk", "fan=5&win=self_draw&split=half&unit=4"),
    "hk_6_4": ("hk", "fan=6&split=half&unit=4"),
    "hk_6_self_4": ("hk", "fan=6&win=self_draw&split=half&unit=4"),
    "hk_7_4": ("hk", "fan=7&split=half&unit=4"),
    "hk_0_yi_er": ("hk", "fan=0&scale=full&split=half&unit=4"),
    "hk_0_quarter": ("hk", "fan=0&scale=full&split=half&unit=0.25"),
    "hk_0_quarter_round": ("hk", "fan=0&scale=full&split=half&unit=0.25&round_up=1"),
    # Riichi
    "riichi_3": ("riichi", ""),
    "riichi_3_40": ("riichi", "fu=40"),
    "riichi_3_dealer": ("riichi", "dealer=1"),
    "riichi_3_tsumo": ("riichi", "win=self_draw"),
    "riichi_5": ("riichi", "han=5"),
    "riichi_pinfu_tsumo": ("riichi", "fu=20&win=self_draw"),
    "riichi_4_30": ("riichi", "han=4"),
    "riichi_4_30_kiriage": ("riichi", "han=4&kiriage=1"),
    "riichi_13": ("riichi", "han=13"),
    "riichi_13_ema": ("riichi", "han=13&kazoe=sanbaiman"),
    "riichi_honba_1": ("riichi", "honba=1"),
    "riichi_honba_1_tsumo": ("riichi", "win=self_draw&honba=1"),
    "riichi_stick_1": ("riichi", "riichi_sticks=1"),
    "riichi_sticks": ("riichi", "honba=2&riichi_sticks=1"),
    "riichi_dealer_tsumo_mangan": ("riichi", "han=5&dealer=1&win=self_draw"),
    # a closed ron with a concealed 發 triplet and a two-sided wait: fu counted for you
    "riichi_count_hatsu": ("riichi", "fu_mode=count&m1=pon_closed_terminal"),
    # Three players (三麻): 滿貫 under each tsumo mode, and the counters
    "riichi_tsumo_mangan": ("riichi", "han=5&win=self_draw"),
    "sanma_ron_mangan": ("riichi", "han=5&players=3"),
    "sanma_honba_2": ("riichi", "han=5&honba=2&players=3"),
    "sanma_honba_2_300": ("riichi", "han=5&honba=2&players=3&sanma_honba=300"),
    "sanma_tsumo_mangan": ("riichi", "han=5&win=self_draw&players=3"),
    "sanma_tsumo_mangan_split": ("riichi", "han=5&win=self_draw&players=3&sanma=bisection"),
    "sanma_dealer_tsumo_mangan": ("riichi", "han=5&dealer=1&win=self_draw&players=3"),
    "sanma_dealer_tsumo_mangan_split": (
        "riichi",
        "han=5&dealer=1&win=self_draw&players=3&sanma=bisection",
    ),
    "sanma_3_kita": ("riichi", "players=3"),  # riichi + pinfu + one 北 set aside: 3 飜 30 符
    # MCR
    "mcr_8": ("mcr", ""),
    "mcr_8_self": ("mcr", "win=self_draw"),
    "mcr_6": ("mcr", "points=6"),
    "mcr_6_2": ("mcr", "points=6&flowers=2"),
    "mcr_24_2": ("mcr", "points=24&flowers=2"),
    # NMJL
    "nmjl_25": ("nmjl", ""),
    "nmjl_25_self": ("nmjl", "win=self_draw"),
    "nmjl_25_jokerless": ("nmjl", "jokerless=1"),
    "nmjl_25_jokerless_self": ("nmjl", "win=self_draw&jokerless=1"),
    "nmjl_25_sp_jokerless": ("nmjl", "jokerless=1&hand=singles_pairs"),
    # Jiujiang
    "jj_pinghu": ("jiujiang", ""),
    "jj_peng": ("jiujiang", "pattern=pengpeng"),
    "jj_peng_self": ("jiujiang", "pattern=pengpeng&win=self_draw"),
    "jj_peng_gangkai": ("jiujiang", "pattern=pengpeng&win=self_draw&gangkai=1"),
    "jj_peng_self_base2": ("jiujiang", "pattern=pengpeng&base=2&win=self_draw"),
    "jj_qidui_qg": ("jiujiang", "pattern=qidui&qianggang=1"),
    "jj_qidui_qg_three": ("jiujiang", "pattern=qidui&qianggang=1&pay=three"),
    "jj_qing_dealer": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1"),
    "jj_qing_dealer_mult5": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1&cap=mult5"),
    "jj_qing_dealer_none": ("jiujiang", "pattern=qingyise&win=self_draw&dealer=1&cap=none"),
    "jj_haohua2": ("jiujiang", "pattern=haohua&haohua_groups=2"),
    "jj_haohua2_plus4": ("jiujiang", "pattern=haohua&haohua_groups=2&haohua_extra=plus4"),
    "jj_hunyise": ("jiujiang", "pattern=hunyise"),
    "jj_hunyise_never": ("jiujiang", "pattern=hunyise&base_add=never"),
    # Classical (dealer East). The seed's four hands: South wins with 20 副 and 1 番.
    "cl_example": ("classical", "e_fu=6&s_fu=20&s_fan=1&w_fu=40&w_fan=1&n_fu=2"),
    "cl_3fan": ("classical", "s_fu=20&s_fan=3"),
    "cl_limit": ("classical", "s_fu=60&s_fan=3"),
    "cl_limit_300": ("classical", "s_fu=60&s_fan=3&limit=300"),
}


def claims() -> dict[str, Claim]:
    return {name: claim(slug, query) for name, (slug, query) in STATES.items()}


def _differences(c: dict[str, Claim]) -> dict[str, str]:
    """Riichi's counters, measured by the engine rather than written down."""
    return {
        "honba_ron": money(c["riichi_honba_1"].receives - c["riichi_3"].receives),
        "honba_tsumo_each": money(
            c["riichi_honba_1_tsumo"].payments[1] - c["riichi_3_tsumo"].payments[1]
        ),
        "stick": money(c["riichi_stick_1"].receives - c["riichi_3"].receives),
    }


# --- the tables on the glossary ---------------------------------------------------------


def _same_three(c: dict[str, Claim]) -> list[dict[str, Any]]:
    """One hand value per family, and what it is worth there."""
    rows = [
        ("hk", _("3 番, 半辣, 全銃"), _("Off a discard"), "hk_3"),
        ("hk", _("3 番, 半辣"), _("Self-drawn"), "hk_3_self"),
        ("riichi", _("3 飜 30 符, non-dealer"), _("Ron"), "riichi_3"),
        ("riichi", _("3 飜 30 符, non-dealer"), _("Tsumo"), "riichi_3_tsumo"),
        ("riichi", _("3 飜 30 符, dealer"), _("Ron"), "riichi_3_dealer"),
        ("mcr", _("8 分, the least MCR allows; no flowers"), _("Off a discard"), "mcr_8"),
        ("mcr", _("8 分, no flowers"), _("Self-drawn"), "mcr_8_self"),
        ("nmjl", _("Card value 25 (the card has no 3)"), _("Off a discard"), "nmjl_25"),
        ("nmjl", _("Card value 25, jokerless"), _("Self-drawn"), "nmjl_25_jokerless_self"),
        ("jiujiang", _("3 番: 碰碰胡 2 + 底番 1"), _("Off a discard"), "jj_peng"),
        ("jiujiang", _("3 番: 碰碰胡 2 + 底番 1"), _("Self-drawn"), "jj_peng_self"),
        ("classical", _("3 番 on 20 副, South wins, East deals"), _("Either way"), "cl_3fan"),
    ]
    return [
        {"family": FAMILIES[slug].name, "enter": enter, "win": win, "claim": c[name]}
        for slug, enter, win, name in rows
    ]


def _stakes() -> list[dict[str, Any]]:
    """Each Hong Kong stake: its value of one point, and a chicken hand off a discard."""
    rows = []
    for unit, name in HKForm.stakes:
        rows.append(
            {
                "name": name,
                "unit": unit,
                "claim": claim("hk", f"fan=0&scale=full&split=half&unit={unit}"),
            }
        )
    return rows


def _ladder() -> list[dict[str, Any]]:
    """Riichi's limit levels, from the engine's own ladder, non-dealer and dealer ron."""
    steps = sorted(riichi.LADDER)  # (lowest han, level, basic points), lowest first
    rows = []
    for index, (lowest, level, _points) in enumerate(steps):
        highest = steps[index + 1][0] - 1 if index + 1 < len(steps) else None
        if highest is None:
            span = f"{lowest}+"
        elif highest == lowest:
            span = str(lowest)
        else:
            span = f"{lowest}–{highest}"
        rows.append(
            {
                "level": LEVEL_NAMES[level],
                "han": span,
                "ron": claim("riichi", f"han={lowest}"),
                "dealer": claim("riichi", f"han={lowest}&dealer=1"),
            }
        )
    return rows


# --- the pages --------------------------------------------------------------------------

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


def _context(page: str) -> dict[str, Any]:
    info = PAGES[page]
    canonical = reverse(page)
    c = claims()
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
        "claims": c,
        "counters": _differences(c),
        "fu_values": ", ".join(str(fu) for fu in riichi.TABLE_FU),
        "mcr_min": mcr.MIN_POINTS,
        "mcr_flat": mcr.FLAT,
        "jj_cap_fan": jiujiang.CAP_VALUE[jiujiang.Cap.FAN16],
        "jj_cap_mult": jiujiang.CAP_VALUE[jiujiang.Cap.MULT5],
        "classical_limit": money(classical.Rules().limit),
    }
    if page == "glossary":
        context.update(same_three=_same_three(c), stakes=_stakes(), ladder=_ladder())
    return context


REFERENCE_SECONDS = 3600  # how long a browser, a proxy and our own cache keep a page


def _body(page: str) -> str:
    """The rendered page. It depends only on the page and the language (absolute URLs come
    from SITE_URL), so it is kept in Django's cache under exactly that key."""
    key = f"reference:{page}:{translation.get_language()}"
    return cache.get_or_set(
        key, lambda: render_to_string(PAGES[page]["template"], _context(page)), REFERENCE_SECONDS
    )


def _etag(request: HttpRequest, page: str) -> str:
    return hashlib.sha256(_body(page).encode()).hexdigest()[:32]


@safe_only
@cache_control(public=True, max_age=REFERENCE_SECONDS)
@etag(_etag)
def reference(request: HttpRequest, page: str) -> HttpResponse:
    """/glossary/, /faq/ and /sources/: static words, numbers from the engine."""
    return HttpResponse(_body(page))
