"""The glossary's tables, row by row: one hand value across the families, the Hong Kong
stakes, riichi's limit ladder and every Hong Kong fan with a hand that shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from calculator.families import FAMILIES
from calculator.families.hk.forms import Form as HKForm
from calculator.families.hk.hand_presenter import FAN_CONDITIONS, FAN_NAMES, LIMIT_WORDS, fan_words
from calculator.families.riichi.presenter import LEVEL_NAMES
from calculator.reference_pages.claims import Claim, claim
from calculator.reference_pages.hand_claims import HK_HANDS, HandClaim
from calculator.scoring import hk, hk_hand, riichi


def hk_fan_rows(hands: Mapping[str, HandClaim]) -> list[dict[str, Any]]:
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


def same_value_rows(quoted: Mapping[str, Claim]) -> list[dict[str, Any]]:
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
    listed = [
        {"family": FAMILIES[slug].name, "enter": enter, "win": win, "claim": quoted[name]}
        for slug, enter, win, name in rows
    ]
    for family in FAMILIES.values():  # the families that bring their own rows
        listed += [
            {"family": family.name, "enter": enter, "win": win, "claim": claim(family.slug, query)}
            for enter, win, query in family.same_value
        ]
    return listed


def stake_rows() -> list[dict[str, Any]]:
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


def ladder_rows() -> list[dict[str, Any]]:
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
