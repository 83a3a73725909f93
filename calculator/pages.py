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
from calculator.families.hk.forms import Form as HKForm
from calculator.families.hk.hand_presenter import FAN_CONDITIONS, FAN_NAMES, LIMIT_WORDS, fan_words
from calculator.families.riichi.presenter import LEVEL_NAMES
from calculator.presenting import exact, money
from calculator.scoring import classical, hk, hk_hand, jiujiang, mcr, riichi
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
    "hk_8": ("hk", "fan=8"),
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


# --- hands entered as tiles, each with the link that proves what it is worth -------------


@dataclass(frozen=True)
class HandClaim:
    """One tile-entry state: its canonical URL, the fans (or patterns) the analysis found,
    the hand's fan and what the winner receives."""

    url: str
    receives: Fraction
    payments: tuple[Fraction, ...]
    fan: int
    keys: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def link(self) -> SafeString:
        """The hand's fan, linked to the hand page that finds it."""
        attrs = {
            "data-claims": exact(self.receives),
            "data-claims-payments": "/".join(exact(p) for p in self.payments),
            "data-claims-hand-fan": str(self.fan),
            "data-claims-hand-keys": " ".join(self.keys),
        }
        if self.notes:
            attrs["data-claims-notes"] = " ".join(self.notes)
        rendered = format_html_join("", ' {}="{}"', attrs.items())
        return format_html('<a href="{}"{}>{}</a>', self.url, rendered, self.fan)


def hand_claim(slug: str, query: str) -> HandClaim:
    """Run one tile-entry state through its hand form, as the hand page does."""
    form = FAMILIES[slug].hand.form(QueryDict(query))
    if not form.is_valid():
        raise ValueError(f"reference page hand {slug}?{query} is invalid: {form.errors}")
    result = form.analysis
    fans = getattr(result.hand, "fans", None)  # hk names fans; the others, patterns
    if fans is not None:
        keys = tuple(dict.fromkeys(fan.key for fan in fans))
    else:
        keys = tuple(str(pattern) for pattern in result.hand.patterns)
    return HandClaim(
        url=form.canonical_url(),
        receives=result.outcome.winner_receives,
        payments=tuple(p.amount for p in result.outcome.payments),
        fan=result.hand.fan,
        keys=keys,
        notes=tuple(note.code for note in result.outcome.notes),
    )


# Hong Kong hands the glossary shows, by name: (query, the tiles as players write them).
# Each fan's row links the first hand here that lists it.
HK_HANDS: dict[str, tuple[str, str]] = {
    "chicken": (
        "hand=123m456p55m&win_tile=5m&melds=pon:222s,chi:789s&flowers=2f",
        "123m 456p 55m, 碰 222s, 上 789s, 蘭",
    ),
    "pinghu": ("hand=123m456p789s234s55m&win_tile=5m", "123m 456p 789s 234s 55m"),
    # the same tiles under other table rules and wins, for the FAQ and the sources
    "pinghu_exposed": ("hand=123m456p789s55m&win_tile=5m&melds=chi:234s", ""),
    "pinghu_self": ("hand=123m456p789s234s55m&win_tile=5m&win=self_draw", ""),
    "pinghu_no_menqing": ("hand=123m456p789s234s55m&win_tile=5m&menqing=0", ""),
    "pinghu_no_flowers": ("hand=123m456p789s234s55m&win_tile=5m&flowers_in_play=0", ""),
    "pinghu_plum": ("hand=123m456p789s234s55m&win_tile=5m&flowers=1f", ""),
    "pinghu_plum_apart": (
        "hand=123m456p789s234s55m&win_tile=5m&flowers=1f&flowers_count_to_min=0",
        "",
    ),
    "hunyise": (
        "hand=123456789p東東&win_tile=1z&melds=pon:中中中&seat=s&round=s",
        "123p 456p 789p 東東, 碰 中中中",
    ),
    "winds": (
        "hand=東東東123m456m789p22s&win_tile=2s&win=self_draw&flowers=1f1g",
        "東東東 123m 456m 789p 22s, 梅 春",
    ),
    "duidui": (
        "hand=99s&win_tile=9s&melds=pon:111m,pon:999p,pon:111z,pon:777z&seat=s&round=s",
        "99s, 碰 111m 999p 東東東 中中中",
    ),
    "xiaosanyuan": (
        "hand=123456m白白&win_tile=3m&melds=pon:中中中,pon:發發發",
        "123m 456m 白白, 碰 中中中 發發發",
    ),
    "qingyise": ("hand=111222333p789p99p&win_tile=9p", "111222333p 789p 99p"),
    "qingyise_6": ("hand=111222333p789p99p&win_tile=9p&qingyise=6", ""),
    "kong_draw": (
        "hand=123m456p789s55m&win_tile=5m&melds=kan:2222s&win=self_draw&kong_draw=1",
        "123m 456p 789s 55m, 槓 2222s",
    ),
    "robbed_kong": (
        "hand=123m456p789s234s55m&win_tile=5m&robbed_kong=1",
        "123m 456p 789s 234s 55m",
    ),
    "last_tile": (
        "hand=123m456p789s234s55m&win_tile=5m&win=self_draw&last_tile=1",
        "123m 456p 789s 234s 55m",
    ),
    "flower_set": (
        "hand=123m456p789s234s55m&win_tile=5m&flowers=1f2f3f4f",
        "123m 456p 789s 234s 55m, 梅蘭菊竹",
    ),
    "seven_pairs": (
        "hand=11m22m33p44p55s66s77z&win_tile=7z&seven_pairs=1",
        "11m 22m 33p 44p 55s 66s 中中",
    ),
    "shisanyao": ("hand=19m19p19s12345677z&win_tile=7z", "19m 19p 19s 東南西北白發中中"),
    "jiulian": ("hand=11123455678999m&win_tile=5m", "1112345678999m 5m"),
    "ziyise": (
        "hand=白白白中中&win_tile=7z&melds=pon:東東東,pon:南南南,pon:西西西",
        "白白白 中中, 碰 東東東 南南南 西西西",
    ),
    "qingyaojiu": (
        "hand=111m999m111p99p&win_tile=9p&melds=pon:999s",
        "111m 999m 111p 99p, 碰 999s",
    ),
    "dasanyuan": ("hand=中中中發發發白白白123m55m&win_tile=5m", "中中中 發發發 白白白 123m 55m"),
    "dasanyuan_13": ("hand=中中中發發發白白白123m55m&win_tile=5m&cap=13", ""),
    "xiaosixi": ("hand=123m東東東南南南西西西北北&win_tile=4z", "123m 東東東 南南南 西西西 北北"),
    "dasixi": (
        "hand=西西西北北北55m&win_tile=5m&melds=pon:東東東,pon:南南南",
        "西西西 北北北 55m, 碰 東東東 南南南",
    ),
    "kankan": ("hand=111m222p333s777p99s&win_tile=9s", "111m 222p 333s 777p 99s"),
    "shibaluohan": (
        "hand=55m&win_tile=5m&melds=kan:1111m,kan:2222p,ankan:3333s,ankan:7777z",
        "55m, 槓 1111m 2222p, 暗槓 3333s 中中中中",
    ),
    "double_kong": (
        "hand=123m456p99s&win_tile=9s&melds=kan:1111s,ankan:7777z&win=self_draw&double_kong=1",
        "123m 456p 99s, 槓 1111s, 暗槓 中中中中",
    ),
    "heaven": (
        "hand=123m456p789s234s55m&win_tile=5m&win=self_draw&heaven=1",
        "123m 456p 789s 234s 55m",
    ),
    "earth": ("hand=123m456p789s234s55m&win_tile=5m&seat=s&earth=1", "123m 456p 789s 234s 55m"),
}
# Jiujiang hands the glossary reads (seat 南, so no dealer's double in the way).
JJ_HANDS: dict[str, tuple[str, str]] = {
    "chows_win": ("hand=11223344556677m&win_tile=7m&seat=s", "11223344556677m"),
    "pairs_win": ("hand=112233m445566p77s&win_tile=7s&seat=s", "112233m 445566p 77s"),
    "haohua1": ("hand=11112233445566p&win_tile=6p&seat=s", "1111p 22p 33p 44p 55p 66p"),
    "haohua2": ("hand=11112222334455p&win_tile=5p&seat=s", "1111p 2222p 33p 44p 55p"),
}


def hand_claims() -> dict[str, dict[str, HandClaim]]:
    return {
        "hk": {name: hand_claim("hk", query) for name, (query, _tiles) in HK_HANDS.items()},
        "jiujiang": {name: hand_claim("jiujiang", q) for name, (q, _tiles) in JJ_HANDS.items()},
    }


def _hk_fans(hands: Mapping[str, HandClaim]) -> list[dict[str, Any]]:
    """Every Hong Kong fan and limit hand: its name and condition in the hand page's words,
    its value under the default table (from the engine), and a hand that shows it."""
    table = hk_hand.FanTable()
    cap = hk.Rules().cap
    rows = []
    for key in [*hk_hand.FAN_VALUES, *hk_hand.LIMITS]:
        value = hk_hand.FAN_VALUES[key] if key == "chicken" else table.value(key)
        example = next(
            (name for name, claim in hands.items() if key in claim.keys and HK_HANDS[name][1]),
            None,
        )
        if key == "chicken":
            example = "chicken"
        rows.append(
            {
                "key": key,
                "name": FAN_NAMES[key],
                "condition": FAN_CONDITIONS[key],
                "value": value,
                "words": fan_words(value) if value is not None else LIMIT_WORDS,
                "cap": cap,
                "example": hands[example] if example else None,
                "tiles": HK_HANDS[example][1] if example else "",
                "option": FAN_OPTIONS.get(key, ""),
            }
        )
    return rows


# The table rule (contract § tile entry for hk) behind a fan tables disagree about.
FAN_OPTIONS = {
    "qingyise": "qingyise",
    "menqing": "menqing",
    "no_flowers": "flowers_in_play",
    "seat_flower": "flowers_in_play",
    "flower_set": "flowers_in_play",
    "seven_pairs": "seven_pairs",
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
            same_three=_same_three(c),
            stakes=_stakes(),
            ladder=_ladder(),
            hk_fans=_hk_fans(hands["hk"]),
        )
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
