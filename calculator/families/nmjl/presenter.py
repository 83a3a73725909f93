"""American (NMJL) results in words: value to payment, the bettor's line, the values table."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.nmjl.forms import Form
from calculator.forms.base import WIN_SHORT
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import exact, money, payer_label
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

    def _bet_on_winner(self) -> bool:
        bet = self.outcome.extra.get("bettor")
        return bool(bet) and bet["on"] == nmjl.Bettor.WINNER

    def each_payer(self) -> str:
        """Each loser's whole payment: with a bet on the winner, the bettor is paid the same
        again, so that is in the figure too."""
        if not self._bet_on_winner():
            return super().each_payer()
        return " / ".join(money(2 * p.amount) for p in self.outcome.payments)

    def sentence(self) -> str:
        if not self._bet_on_winner():
            return super().sentence()
        first, other = self.outcome.payments[0], self.outcome.payments[-1]
        if first.payer == "discarder":
            template = _(
                "The discarder pays %(first)s + %(first)s = %(first_all)s and the other two "
                "%(other)s + %(other)s = %(other_all)s each: one half to the winner, the "
                "other to the bettor."
            )
        else:
            template = _(
                "Each of the three pays %(other)s + %(other)s = %(other_all)s: one half to "
                "the winner, the other to the bettor."
            )
        return str(template) % {
            "first": money(first.amount),
            "first_all": money(2 * first.amount),
            "other": money(other.amount),
            "other_all": money(2 * other.amount),
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
            return {
                "on": bet["on"],
                "exact": exact(bet["receives"]),
                "shown": money(bet["receives"]),
                "text": text,
            }
        text = gettext("Backed %(on)s, so pays the winner the same, %(amount)s") % {
            "on": BET_ON_WORDS[nmjl.Bettor(bet["on"])],
            "amount": money(bet["pays"]),
        }
        return {
            "on": bet["on"],
            "exact": exact(bet["pays"]),
            "shown": money(bet["pays"]),
            "text": text,
        }

    def extras(self) -> dict[str, Any]:
        (hand,) = self.inputs
        by_value: dict[int, dict[str, Any]] = {}
        for row in nmjl.reference_table(hand):
            cells = by_value.setdefault(row.value, {"value": row.value})
            prefix = "jokerless_" if row.jokerless else ""
            cells[prefix + "discard"] = money(row.discard_receives)
            cells[prefix + "self_draw"] = money(row.self_draw_receives)
        rows = [
            {
                "role": p.payer,
                "label": payer_label(p.payer),
                "shown": money(p.amount),
                "exact": exact(p.amount),
                "whole": money(2 * p.amount),
            }
            for p in self.outcome.payments
        ]
        return {
            "who_pays_template": "nmjl/who_pays.html",
            "bettor_rows": rows if self._bet_on_winner() else (),
            "reference_rows": tuple(by_value.values()),
            "current_value": hand.value,
            "singles_pairs": hand.hand is nmjl.HandKind.SINGLES_PAIRS,
            "bettor_line": self._bettor_line(),
        }

    def amount_unit(self) -> str:
        return gettext("Amounts in card points (often 1¢ each).")
