"""A Hong Kong hand analysis in words: each fan with its value and the sets it is about, the
total, and the "tiles → 番" table of every fan and limit hand under the table's options."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from calculator.families.hk.hand_forms import Result
from calculator.families.hk.presenter import Presenter as HkPresenter
from calculator.forms.tile_words import and_list
from calculator.scoring.hk_hand import FAN_VALUES, FLOWER_KEYS, LIMITS, Fan, FanTable
from calculator.scoring.outcome import Note
from calculator.scoring.shapes import Group
from calculator.scoring.tiles import HONOR_NAMES

HONOURS = 27  # the kind of 東, the first honour

# Each fan by its contract key (the JSON `key`); the Chinese name is what players say.
FAN_NAMES = {
    "chicken": _("Chicken hand (雞糊)"),
    "pinghu": _("All chows (平糊)"),
    "duidui": _("All pungs (對對糊)"),
    "hunyise": _("Mixed one suit (混一色)"),
    "qingyise": _("Pure one suit (清一色)"),
    "huayao": _("Terminals and honours (花么)"),
    "dragon": _("Dragon pung (三元牌)"),
    "seat_wind": _("Seat wind (門風)"),
    "round_wind": _("Round wind (圈風)"),
    "xiaosanyuan": _("Small three dragons (小三元)"),
    "menqing": _("Concealed hand (門前清)"),
    "zimo": _("Self-drawn (自摸)"),
    "kong_draw": _("Win on a kong's replacement tile (槓上開花)"),
    "robbed_kong": _("Robbing a kong (搶槓)"),
    "last_tile": _("Last tile of the wall (海底撈月)"),
    "no_flowers": _("No flowers (無花)"),
    "seat_flower": _("Own flower (正花)"),
    "flower_set": _("A full set of flowers (一台花)"),
    "seven_pairs": _("Seven pairs (七對)"),
    "shisanyao": _("Thirteen orphans (十三么)"),
    "jiulian": _("Nine gates (九子連環)"),
    "ziyise": _("All honours (字一色)"),
    "qingyaojiu": _("All terminals (清么九)"),
    "dasanyuan": _("Great three dragons (大三元)"),
    "xiaosixi": _("Small four winds (小四喜)"),
    "dasixi": _("Great four winds (大四喜)"),
    "kankan": _("Four concealed pungs (坎坎糊)"),
    "shibaluohan": _("Four kongs (十八羅漢)"),
    "double_kong": _("Kong upon kong (槓上槓)"),
    "heaven": _("Heavenly hand (天糊)"),
    "earth": _("Earthly hand (地糊)"),
}
# What the tiles (or the win) must show, for the reference table and the glossary.
FAN_CONDITIONS = {
    "chicken": _("A complete hand with no fan from the tiles or the win (flowers aside)."),
    "pinghu": _("Four chows and a pair, any pair."),
    "duidui": _("Four pungs or kongs and a pair."),
    "hunyise": _("One suit plus honours."),
    "qingyise": _("One suit, no honours."),
    "huayao": _(
        "Every set and the pair are 1s, 9s or honours, with both kinds present (always with "
        "對對糊)."
    ),
    "dragon": _("Each pung or kong of 中, 發 or 白 (not again inside 小三元)."),
    "seat_wind": _("A pung or kong of your own seat's wind."),
    "round_wind": _("A pung or kong of the round's wind (your own seat's wind too: both count)."),
    "xiaosanyuan": _("Two dragon pungs and a pair of the third dragon; it includes those pungs."),
    "menqing": _("No melded set (a concealed kong keeps the hand closed)."),
    "zimo": _("You drew the winning tile yourself."),
    "kong_draw": _("Won on a kong's replacement tile (a self-draw, so 自摸 counts too)."),
    "robbed_kong": _("Won on the tile another player added to a melded pung."),
    "last_tile": _("Won by drawing the wall's last tile (with 自摸 as well)."),
    "no_flowers": _("Not one flower or season drawn (tables that play with flowers)."),
    "seat_flower": _("Each flower or season of your seat's number: 東 1, 南 2, 西 3, 北 4."),
    "flower_set": _("All four flowers or all four seasons, in place of that set's 正花."),
    "seven_pairs": _("Seven different pairs (only at tables that allow it)."),
    "shisanyao": _("One of each 1, 9 and honour, and a second of one of them."),
    "jiulian": _("A closed 1112345678999 of one suit and any tile of that suit."),
    "ziyise": _("Honours only."),
    "qingyaojiu": _("1s and 9s only, no honours."),
    "dasanyuan": _("Pungs or kongs of all three dragons."),
    "xiaosixi": _("Pungs of three winds and a pair of the fourth."),
    "dasixi": _("Pungs or kongs of all four winds."),
    "kankan": _("Four concealed pungs or kongs (a pung finished by a discard is exposed)."),
    "shibaluohan": _("Four kongs."),
    "double_kong": _("Won on the replacement tile of a second kong in a row."),
    "heaven": _("The dealer wins on the first draw."),
    "earth": _("A non-dealer wins on the dealer's first discard."),
}
# The reference table's order: the ordinary fans as the fan list orders them, then limits.
ORDINARY = [key for key in FAN_VALUES if key != "chicken"]
LIMIT_WORDS = _("Limit (爆棚)")


def fan_name(key: str) -> str:
    return str(FAN_NAMES.get(key, key))


def set_words(group: Group) -> str:
    """A set as players write it: 東東東 for honours, 123m for numbered tiles."""
    if group.first >= HONOURS:
        return "".join(HONOR_NAMES[t.kind - HONOURS] for t in group.tiles)
    return str(group)


def fan_words(fan: int) -> str:
    return ngettext("%(fan)s fan", "%(fan)s fan", fan) % {"fan": fan}


class PaymentPresenter(HkPresenter):
    """The hk payment presenter, with the note the analysis adds (`limit_hand`)."""

    reference_reads = ()  # the hand page's table also lists the fans, from the hand presenter

    note_texts: ClassVar = {
        **HkPresenter.note_texts,
        "limit_hand": _("A limit hand (爆棚: %(limits)s): it is worth the %(cap)s-fan cap."),
    }

    def describe_note(self, note: Note) -> str:
        if note.code == "limit_hand":
            limits = and_list([fan_name(str(k)) for k in note.args.get("limits", ())])  # type: ignore[attr-defined]
            return str(self.note_texts["limit_hand"]) % {"limits": limits, "cap": note.args["cap"]}
        return super().describe_note(note)


class HandPresenter:
    """Words for one analysed hand; `payment` is the presenter of its payment."""

    def __init__(self, result: Result, payment: HkPresenter) -> None:
        self.result = result
        self.payment = payment

    @staticmethod
    def reason(fan: Fan) -> str:
        """The sets (or flowers) a fan is about: `111m 999p`, `梅 春`."""
        if fan.flowers:
            return " ".join(f.name for f in fan.flowers)
        return " ".join(set_words(group) for group in fan.sets)

    def lines(self) -> list[dict[str, Any]]:
        analysis = self.result.hand
        return [
            {
                "key": fan.key,
                "name": fan_name(fan.key),
                "fan": fan.value,
                "value": str(LIMIT_WORDS) if fan.value is None else fan_words(fan.value),
                "reason": self.reason(fan),
                "limit": fan.value is None,
            }
            for fan in analysis.fans
        ]

    def total(self) -> str:
        analysis = self.result.hand
        if analysis.limit:
            return gettext("Limit hand: the %(cap)s-fan cap") % {"cap": analysis.cap}
        return fan_words(analysis.fan)

    def below_min_words(self) -> str:
        """When flowers do not count toward the minimum, what the minimum is compared with."""
        analysis = self.result.hand
        if analysis.limit or analysis.fan_for_min == analysis.fan:
            return ""
        return gettext(
            "Toward this table's minimum (起糊) the flowers do not count: %(fan)s without them."
        ) % {"fan": fan_words(analysis.fan_for_min)}

    def reference_rows(self) -> list[dict[str, Any]]:
        """Every fan and limit hand with its value under this table's options and cap."""
        analysis = self.result.hand
        table: FanTable = analysis.table
        found = {fan.key for fan in analysis.fans}
        rows = []
        for key in [*ORDINARY, *LIMITS]:
            value = table.value(key)
            off = (key in FLOWER_KEYS and not table.flowers_in_play) or value == 0
            if key == "seven_pairs" and not table.seven_pairs:
                shown = gettext("not a winning hand at this table")
            elif off:
                shown = gettext("not paid at this table")
            elif value is None:
                shown = gettext("limit: %(fan)s") % {"fan": fan_words(analysis.cap)}
            else:
                shown = fan_words(value)
            rows.append(
                {
                    "key": key,
                    "name": fan_name(key),
                    "condition": str(FAN_CONDITIONS[key]),
                    "value": shown,
                    "limit": value is None,
                    "current": key in found,
                }
            )
        return rows

    def context(self) -> dict[str, Any]:
        analysis = self.result.hand
        return {
            "hk_lines": self.lines(),
            "hand_total": self.total(),
            "hand_fan": analysis.fan,
            "hand_limit": analysis.limit,
            "chicken": analysis.chicken,
            "chicken_words": fan_name("chicken") if analysis.chicken else "",
            "below_min_words": self.below_min_words(),
            "fan_table_rows": self.reference_rows(),
        }

    def json(self) -> dict[str, Any]:
        analysis = self.result.hand
        return {
            "fans": [
                {"key": fan.key, "name": fan_name(fan.key), "fan": fan.value}
                for fan in analysis.fans
            ],
            "fan": analysis.fan,
            "limit": analysis.limit,
        }
