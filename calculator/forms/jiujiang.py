"""The Jiujiang (九江) form: the patterns a hand satisfies, its multipliers and the table's rules."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, WIN_SHORT, ParamForm
from calculator.params import (
    BoolParam,
    ChoiceParam,
    DecimalParam,
    IntChoiceParam,
    IntParam,
    MultiChoiceParam,
    MultiParamWidget,
)
from calculator.presenting import money
from calculator.scoring import jiujiang as jj
from calculator.scoring.outcome import Outcome, Step, Win

P = jj.Pattern

# Short names, used in the steps, the headline and the reference table.
PATTERN_NAMES = {
    P.PINGHU: _("平胡"),
    P.PENGPENG: _("碰碰胡"),
    P.HUNYISE: _("混一色"),
    P.QIDUI: _("七對"),
    P.QINGYISE: _("清一色"),
    P.HAOHUA: _("豪華七對"),
}

MULTIPLIER_NAMES = {
    "self_draw": _("自摸 (self-draw)"),
    "gangkai": _("杠上開花 (a self-draw, doubled once)"),
    "qianggang": _("搶杠 (robbing a kong)"),
    "dealer": _("莊家 (the dealer won)"),
}

CAP_NAMES = {
    jj.Cap.FAN16.value: _("16 番封頂"),
    jj.Cap.MULT5.value: _("5 倍封頂"),
}


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


class RadioIntChoiceParam(IntChoiceParam):
    kind = "radio"  # two values: segmented buttons rather than a select


class Form(ParamForm):
    slug = "jiujiang"

    step_texts: ClassVar = {
        "pattern": _("%(pattern)s counts: %(value)s 番"),
        "pattern_ignored": _(
            "%(pattern)s counts: %(value)s 番 (%(ignored)s also fit but do not add: "
            "only the highest pattern counts)"
        ),
        "haohua_extra:double": _(
            "A second group of four doubles it: %(before)s × 2 = %(value)s 番"
        ),
        "haohua_extra:plus4": _("A second group of four adds 4: %(before)s + 4 = %(value)s 番"),
        "base_add": _("底番 added: %(before)s + %(add)s = %(value)s 番"),
        "base_skip:pinghu": _("平胡's 1 番 is the 底番 itself: nothing added (%(value)s 番)"),
        "base_skip:never": _("This table does not add 底番: %(value)s 番"),
        "base_skip:seven_pairs": _(
            "Seven pairs is not a four-sets-and-a-pair hand: no 底番 added (%(value)s 番)"
        ),
        "multiply": _("× %(factor)s for %(reason)s: %(before)s → %(value)s 番"),
        "cap": _("%(fan)s 番 is over the cap (%(rule)s): it counts as %(cap)s 番"),
        "under_cap": _("%(fan)s 番 is within the cap (%(rule)s)"),
        "base": _("× 底番 %(base)s: %(before)s → %(value)s 番"),
        "unit": _("%(value)s 番 × %(unit)s a 番 = %(points)s"),
        "split:self_draw": _(
            "Self-draw: each of the other three pays one share, %(share)s; "
            "the winner receives %(total)s"
        ),
        "split:one": _("Discard: the discarder pays one share, %(share)s; the others pay nothing"),
        "split:three": _(
            "包三家: the discarder pays all three shares, %(total)s; the others pay nothing"
        ),
    }
    note_texts: ClassVar = {
        "capped": _("%(fan)s 番 is over the %(cap)s 番 cap, so it pays as %(cap)s 番."),
    }

    pattern = MultiChoiceParam(
        default=frozenset({P.PINGHU}),
        enum=P,
        widget=PatternWidget,
        label=_("Patterns the hand satisfies"),
        help_text=_("Tick every one that fits; only the highest counts."),
        labels={
            P.PINGHU: _("平胡 — plain: nothing else fits (1 番)"),
            P.PENGPENG: _("碰碰胡 — all pungs (2 番)"),
            P.HUNYISE: _("混一色 — one suit and honours (3 番)"),
            P.QIDUI: _("七對 — seven pairs (4 番)"),
            P.QINGYISE: _("清一色 — one suit, no honours (6 番)"),
            P.HAOHUA: _("豪華七對 — seven pairs with four of a kind (8 番)"),
        },
    )
    haohua_groups = RadioIntChoiceParam(
        default=1,
        allowed=(1, 2),
        label=_("豪華七對: groups of four identical tiles"),
    )
    haohua_extra = ChoiceParam(
        default=jj.HaohuaExtra.DOUBLE,
        enum=jj.HaohuaExtra,
        label=_("豪華七對 with a second group of four"),
        labels={
            jj.HaohuaExtra.DOUBLE: _("doubles: 16 番"),
            jj.HaohuaExtra.PLUS4: _("adds 4: 12 番"),
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
            jj.Cap.FAN16: _("16 番"),
            jj.Cap.MULT5: _("5 倍 — at most 5 番"),
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

    # --- engine -----------------------------------------------------------------------
    def _inputs(self) -> tuple[jj.Hand, jj.Rules]:
        data = self.cleaned_data
        hand = jj.Hand(
            patterns=data["pattern"],
            haohua_groups=data["haohua_groups"],
            win=data["win"],
            gangkai=data["gangkai"],
            qianggang=data["qianggang"],
            dealer=data["dealer"],
        )
        rules = jj.Rules(
            haohua_extra=data["haohua_extra"],
            base=data["base"],
            base_add=data["base_add"],
            cap=data["cap"],
            pay=data["pay"],
            unit=data["unit"],
        )
        return hand, rules

    def contradictions(self) -> Mapping[str, str]:
        hand, _rules = self._inputs()
        return jj.input_errors(hand)

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

    def outcome(self) -> Outcome:
        return jj.score(*self._inputs())

    def unused_settings(self) -> frozenset[str]:
        return jj.unused_settings(*self._inputs())

    # --- words ------------------------------------------------------------------------
    def _step_key(self, step: Step) -> str:
        args = step.args
        if step.code == "pattern":
            return "pattern_ignored" if args.get("ignored") else "pattern"
        if step.code == "haohua_extra":
            return f"haohua_extra:{args['extra']}"
        if step.code == "base_skip":
            return f"base_skip:{args['reason']}"
        if step.code == "split":
            return f"split:{args['mode']}"
        return step.code

    def describe_step(self, step: Step) -> str:
        template = self.step_texts.get(self._step_key(step))
        return str(template) % self.step_args(step) if template else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if "pattern" in args:
            args["pattern"] = PATTERN_NAMES[P(step.args["pattern"])]
        if "ignored" in args:
            args["ignored"] = gettext(", ").join(
                str(PATTERN_NAMES[P(name)]) for name in step.args["ignored"]
            )
        if step.code == "multiply":
            args["reason"] = MULTIPLIER_NAMES[str(step.args["reason"])]
        if "rule" in args:
            args["rule"] = CAP_NAMES.get(str(step.args["rule"]), step.args["rule"])
        return args

    def headline(self, outcome: Outcome) -> str:
        data = self.cleaned_data
        counted = jj.counted_pattern(data["pattern"])
        return gettext("%(pattern)s, %(win)s: the winner receives %(amount)s") % {
            "pattern": PATTERN_NAMES[counted],
            "win": WIN_SHORT[data["win"]],
            "amount": money(outcome.winner_receives),
        }

    # --- reference table --------------------------------------------------------------
    def reference(self) -> dict[str, Any]:
        """Each pattern alone under the current multipliers, cap, 底番, unit and payer rule."""
        hand, rules = self._inputs()
        counted = jj.counted_pattern(hand.patterns)
        rows = []
        for pattern in P:
            discard = jj.score(
                jj.Hand(
                    frozenset({pattern}),
                    haohua_groups=hand.haohua_groups,
                    win=Win.DISCARD,
                    qianggang=hand.qianggang,
                    dealer=hand.dealer,
                ),
                rules,
            )
            self_draw = jj.score(
                jj.Hand(
                    frozenset({pattern}),
                    haohua_groups=hand.haohua_groups,
                    win=Win.SELF_DRAW,
                    gangkai=hand.gangkai,
                    dealer=hand.dealer,
                ),
                rules,
            )
            rows.append(
                {
                    "pattern": pattern.value,
                    "name": PATTERN_NAMES[pattern],
                    "fan": money(_pattern_fan(discard)),
                    "discard": money(discard.payments[0].amount),
                    "self_draw": money(self_draw.payments[0].amount),
                    "current": pattern is counted,
                }
            )
        return {
            "reference_rows": rows,
            "reference_qianggang": hand.qianggang,
            "reference_pay_three": rules.pay is jj.Pay.THREE,
        }


def _pattern_fan(outcome: Outcome) -> object:
    """The pattern's 番 once 底番 is added or not: the engine's value after that step."""
    for step in outcome.steps:
        if step.code in ("base_add", "base_skip"):
            return step.args["value"]
    raise AssertionError("the engine always decides about 底番")
