"""The Jiujiang (九江) form: the patterns a hand satisfies, its multipliers and the table's rules."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, ParamForm
from calculator.forms.shared import RadioIntChoiceParam
from calculator.params import (
    BoolParam,
    ChoiceParam,
    DecimalParam,
    IntParam,
    MultiChoiceParam,
    MultiParamWidget,
)
from calculator.presenting import filled
from calculator.scoring import jiujiang as jj
from calculator.scoring.outcome import Win

P = jj.Pattern

# Short names, used in the contradiction messages, the steps, the headline and the table.
PATTERN_NAMES = {
    P.PINGHU: _("平胡"),
    P.PENGPENG: _("碰碰胡"),
    P.HUNYISE: _("混一色"),
    P.QIDUI: _("七對"),
    P.QINGYISE: _("清一色"),
    P.HAOHUA: _("豪華七對"),
}


def _pattern_label(pattern: jj.Pattern, message: Any) -> Any:
    return filled(message, fan=jj.PATTERN_VALUE[pattern])


HAOHUA = jj.PATTERN_VALUE[P.HAOHUA]


class PatternWidget(MultiParamWidget):
    """The page's checkboxes send a hidden empty value before the ticked ones.

    Only that empty part alone means "nothing ticked" (a `required` error, as the contract
    says of any empty value); next to real ticks it is dropped, so the error display and an
    invalid request's canonical URL show just what was ticked. `MultiChoiceParam.clean`
    already reads the values the same way, so this changes no result.
    """

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str] | None:
        parts = super().value_from_datadict(data, files, name)
        if parts is None:
            return None
        return [part for part in parts if part.strip()] or [""]


class Form(ParamForm):
    slug = "jiujiang"
    engine = jj

    pattern = MultiChoiceParam(
        default=frozenset({P.PINGHU}),
        enum=P,
        widget=PatternWidget,
        label=_("Patterns the hand satisfies"),
        help_text=_("Tick every one that fits; only the highest counts."),
        labels={
            P.PINGHU: _pattern_label(P.PINGHU, _("平胡 — plain: nothing else fits (%(fan)s 番)")),
            P.PENGPENG: _pattern_label(P.PENGPENG, _("碰碰胡 — all pungs (%(fan)s 番)")),
            P.HUNYISE: _pattern_label(P.HUNYISE, _("混一色 — one suit and honours (%(fan)s 番)")),
            P.QIDUI: _pattern_label(P.QIDUI, _("七對 — seven pairs (%(fan)s 番)")),
            P.QINGYISE: _pattern_label(P.QINGYISE, _("清一色 — one suit, no honours (%(fan)s 番)")),
            P.HAOHUA: _pattern_label(
                P.HAOHUA, _("豪華七對 — seven pairs with four of a kind (%(fan)s 番)")
            ),
        },
    )
    haohua_groups = RadioIntChoiceParam(
        default=1,
        allowed=jj.HAOHUA_GROUPS,
        label=_("豪華七對: groups of four identical tiles"),
    )
    haohua_extra = ChoiceParam(
        default=jj.HaohuaExtra.DOUBLE,
        enum=jj.HaohuaExtra,
        label=_("豪華七對 with a second group of four"),
        labels={
            jj.HaohuaExtra.DOUBLE: filled(
                _("doubles: %(fan)s 番"), fan=jj.with_second_group(HAOHUA, jj.HaohuaExtra.DOUBLE)
            ),
            jj.HaohuaExtra.PLUS4: filled(
                _("adds %(add)s: %(fan)s 番"),
                add=jj.HAOHUA_ADD,
                fan=jj.with_second_group(HAOHUA, jj.HaohuaExtra.PLUS4),
            ),
        },
    )
    base = IntParam(
        default=1,
        minimum=1,
        maximum=10,
        label=_("底番 (base fan)"),
        help_text=_("Every value scales with it, the cap included (1–10)."),
    )
    base_add = ChoiceParam(
        default=jj.BaseAdd.AUTO,
        enum=jj.BaseAdd,
        label=_("Add 底番 to the pattern"),
        labels={
            jj.BaseAdd.AUTO: _("auto — to four-sets-and-a-pair hands"),
            jj.BaseAdd.ALWAYS: _("always — except to 平胡"),
            jj.BaseAdd.NEVER: _("never"),
        },
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    gangkai = BoolParam(
        default=False,
        label=_("杠上開花 — won on the tile drawn after a kong"),
        help_text=_("A self-draw: it doubles once, not on top of 自摸."),
    )
    qianggang = BoolParam(
        default=False,
        label=_("搶杠 — won on a tile added to a kong"),
        help_text=_("Won off another player's tile: doubles."),
    )
    dealer = BoolParam(default=False, label=_("The winner is the dealer (莊家, doubles)"))
    cap = ChoiceParam(
        default=jj.Cap.FAN16,
        enum=jj.Cap,
        label=_("Cap (封頂)"),
        labels={
            jj.Cap.FAN16: filled(_("%(fan)s 番"), fan=jj.CAP_VALUE[jj.Cap.FAN16]),
            jj.Cap.MULT5: filled(
                _("%(cap)s 倍 — at most %(cap)s 番"), cap=jj.CAP_VALUE[jj.Cap.MULT5]
            ),
            jj.Cap.NONE: _("no cap"),
        },
        help_text=_("Applied after the doublings, before 底番 scales the result."),
    )
    pay = ChoiceParam(
        default=jj.Pay.ONE,
        enum=jj.Pay,
        label=_("Who pays on a discard or a robbed kong"),
        labels={
            jj.Pay.ONE: _("the discarder pays one share"),
            jj.Pay.THREE: _("包三家 — the discarder pays all three shares"),
        },
    )
    unit = DecimalParam(
        default=jj.Rules.unit,
        minimum=0,
        maximum=1_000_000,
        label=_("Value of one 番"),
        help_text=_("A multiplier, not money. Leave it at 1 to read 番."),
    )

    def _hand(self) -> jj.Hand:
        data = self.cleaned_data
        return jj.Hand(
            patterns=data["pattern"],
            haohua_groups=data["haohua_groups"],
            win=data["win"],
            gangkai=data["gangkai"],
            qianggang=data["qianggang"],
            dealer=data["dealer"],
        )

    def build_inputs(self) -> tuple[jj.Hand, jj.Rules]:
        return self._hand(), table_rules(self.cleaned_data)

    def contradictions(self) -> Mapping[str, str]:
        return jj.input_errors(self._hand())

    @property
    def contradiction_messages(self) -> Mapping[str, Any]:  # type: ignore[override]
        return {
            "pattern": self._pattern_conflict(),
            "gangkai": _("杠上開花 is a self-draw: choose “Self-drawn”, or untick 杠上開花."),
            "qianggang": _(
                "搶杠 wins on another player's tile: choose “Won off a discard”, or untick 搶杠."
            ),
        }

    def _pattern_conflict(self) -> str:
        """Name the two ticked patterns that cannot both be true of one hand."""
        patterns = self.cleaned_data.get("pattern") or frozenset()
        for a, b in combinations(jj.ordered(patterns), 2):
            if "pattern" not in jj.input_errors(jj.Hand(frozenset({a, b}))):
                continue
            if a is P.PINGHU:
                return gettext("平胡 means no other pattern fits: untick 平胡 or %(other)s.") % {
                    "other": PATTERN_NAMES[b]
                }
            return gettext("No hand is both %(a)s and %(b)s: untick one of them.") % {
                "a": PATTERN_NAMES[a],
                "b": PATTERN_NAMES[b],
            }
        return gettext("These patterns cannot all fit one hand.")


def table_rules(data: Mapping[str, Any]) -> jj.Rules:
    """The Jiujiang table rules from cleaned values: the payment page's and the hand page's."""
    return jj.Rules(
        haohua_extra=data["haohua_extra"],
        base=data["base"],
        base_add=data["base_add"],
        cap=data["cap"],
        pay=data["pay"],
        unit=data["unit"],
    )
