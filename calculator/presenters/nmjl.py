"""American (NMJL) results in words: value to payment, the bettor's line, the values table."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_SHORT
from calculator.forms.nmjl import Form
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import exact, money
from calculator.scoring import nmjl
from calculator.scoring.outcome import Step

# Whom a losing bettor mirrors, as words inside a sentence.
BET_ON_WORDS = {
    nmjl.Bettor.DISCARDER: _("the discarder"),
    nmjl.Bettor.OTHER: _("another loser"),
}


class Presenter(BasePresenter):
    labels = field_labels(Form)
    step_texts: ClassVar = {
        "nmjl_value": _("Card value %(value)s"),
        "nmjl_jokerless": _("Jokerless: %(value)s × %(factor)s = %(doubled)s"),
        "nmjl_jokerless_not_doubled": _(
            "Singles and Pairs: jokerless does not double, the value stays %(value)s"
        ),
        "nmjl_discard": _(
            "Discard: the discarder pays %(factor)s × %(value)s = %(discarder)s, the other two "
            "%(other)s each; the winner receives %(receives)s"
        ),
        "nmjl_self_draw": _(
            "Self-draw: each of the three pays %(factor)s × %(value)s = %(each)s; "
            "the winner receives %(receives)s"
        ),
        "nmjl_bettor_on_winner": _(
            "The bettor backed the winner: the losers also pay the bettor what they pay "
            "the winner, %(receives)s in all"
        ),
        "nmjl_bettor_on_loser": _(
            "The bettor backed %(on)s and pays the winner the same %(pays)s; "
            "the winner receives %(receives)s"
        ),
    }
    note_texts: ClassVar = {
        "jokerless_not_doubled": _(
            "Singles and Pairs hands never use jokers, so “jokerless” does not double "
            "the value %(value)s."
        ),
    }
    # The engine's multiplier behind each step that multiplies.
    step_factors: ClassVar = {
        "nmjl_jokerless": nmjl.JOKERLESS_FACTOR,
        "nmjl_discard": nmjl.LIABLE_FACTOR,
        "nmjl_self_draw": nmjl.LIABLE_FACTOR,
    }

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if step.code in self.step_factors:
            args["factor"] = self.step_factors[step.code]
        if step.code == "nmjl_bettor_on_loser":
            args["on"] = BET_ON_WORDS[nmjl.Bettor(step.args["on"])]
        return args

    def headline(self) -> str:
        (hand,) = self.inputs
        if hand.jokerless:
            template = _("Card value %(value)s, jokerless, %(win)s: the winner receives %(amount)s")
        else:
            template = _("Card value %(value)s, %(win)s: the winner receives %(amount)s")
        return template % {
            "value": hand.value,
            "win": WIN_SHORT[hand.win],
            "amount": money(self.outcome.winner_receives),
        }

    def _bettor_line(self) -> dict[str, Any] | None:
        """The bettor's own line under the who-pays table, or None without a bettor."""
        outcome = self.outcome
        bet = outcome.extra.get("bettor")
        if not bet:
            return None
        if bet["on"] == nmjl.Bettor.WINNER:
            parts = " + ".join(money(p.amount) for p in outcome.payments)
            text = gettext("The bettor collects %(amount)s (%(parts)s)") % {
                "amount": money(bet["receives"]),
                "parts": parts,
            }
            return {"on": bet["on"], "exact": exact(bet["receives"]), "text": text}
        text = gettext(
            "The bettor backed %(on)s and pays the winner %(amount)s, shown in the table above."
        ) % {"on": BET_ON_WORDS[nmjl.Bettor(bet["on"])], "amount": money(bet["pays"])}
        return {"on": bet["on"], "exact": exact(bet["pays"]), "text": text}

    def extras(self) -> dict[str, Any]:
        (hand,) = self.inputs
        by_value: dict[int, dict[str, Any]] = {}
        for row in nmjl.reference_table(hand):
            cells = by_value.setdefault(row.value, {"value": row.value})
            prefix = "jokerless_" if row.jokerless else ""
            cells[prefix + "discard"] = money(row.discard_receives)
            cells[prefix + "self_draw"] = money(row.self_draw_receives)
        return {
            "reference_rows": tuple(by_value.values()),
            "current_value": hand.value,
            "singles_pairs": hand.hand is nmjl.HandKind.SINGLES_PAIRS,
            "bettor_line": self._bettor_line(),
        }
