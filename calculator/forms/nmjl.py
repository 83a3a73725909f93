"""The American (NMJL) form: the card value, the win, jokers, the hand's kind and a bettor.

No card content is reproduced anywhere: the player reads the value off their own card.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, WIN_SHORT, ParamForm
from calculator.params import BoolParam, ChoiceParam, IntParam
from calculator.presenting import exact, money
from calculator.scoring import nmjl
from calculator.scoring.outcome import Outcome, Step, Win

# Whom a losing bettor mirrors, as words inside a sentence.
BET_ON_WORDS = {
    nmjl.Bettor.DISCARDER: _("the discarder"),
    nmjl.Bettor.OTHER: _("another loser"),
}


class Form(ParamForm):
    slug = "nmjl"
    # The family switch asks `{% if f.form %}`; Django would call the class (and fail) and
    # show the family as "coming soon". ParamForm itself should carry this (see the report).
    do_not_call_in_templates = True

    contradiction_messages: ClassVar = {
        "bettor": _(
            "A self-drawn hand has no discarder, so nobody can have bet on one. "
            "Choose “On another loser” or change how it was won."
        ),
    }
    step_texts: ClassVar = {
        "nmjl_value": _("Card value %(value)s"),
        "nmjl_jokerless": _("Jokerless: %(value)s × 2 = %(doubled)s"),
        "nmjl_jokerless_not_doubled": _(
            "Singles and Pairs: jokerless does not double, the value stays %(value)s"
        ),
        "nmjl_discard": _(
            "Discard: the discarder pays 2 × %(value)s = %(discarder)s, the other two "
            "%(other)s each; the winner receives %(receives)s"
        ),
        "nmjl_self_draw": _(
            "Self-draw: each of the three pays 2 × %(value)s = %(each)s; "
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

    value = IntParam(
        default=25,
        minimum=1,
        maximum=1000,
        label=_("Card value"),
        help_text=_("The value printed beside the hand on your card (1–1000)."),
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    jokerless = BoolParam(
        default=False,
        label=_("Jokerless: no jokers in the hand"),
        help_text=_("Doubles the value, except for Singles and Pairs."),
    )
    hand = ChoiceParam(
        default=nmjl.HandKind.STANDARD,
        enum=nmjl.HandKind,
        radio=True,
        label=_("Kind of hand"),
        labels={
            nmjl.HandKind.STANDARD: _("Any other line of the card"),
            nmjl.HandKind.SINGLES_PAIRS: _("Singles and Pairs"),
        },
    )
    bettor = ChoiceParam(
        default=nmjl.Bettor.NONE,
        enum=nmjl.Bettor,
        label=_("A fifth player's bet (bettor)"),
        labels={
            nmjl.Bettor.NONE: _("No bettor"),
            nmjl.Bettor.WINNER: _("On the winner"),
            nmjl.Bettor.DISCARDER: _("On the discarder"),
            nmjl.Bettor.OTHER: _("On another loser"),
        },
        help_text=_("The bettor wins or pays exactly what the player they backed does."),
    )

    def _hand(self) -> nmjl.Hand:
        data = self.cleaned_data
        return nmjl.Hand(
            value=data["value"],
            win=data["win"],
            jokerless=data["jokerless"],
            hand=data["hand"],
            bettor=data["bettor"],
        )

    def contradictions(self) -> dict[str, str]:
        return nmjl.input_errors(self._hand())

    def outcome(self) -> Outcome:
        return nmjl.score(self._hand())

    def unused_settings(self) -> frozenset[str]:
        return nmjl.unused_settings(self._hand())

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if step.code == "nmjl_bettor_on_loser":
            args["on"] = BET_ON_WORDS[nmjl.Bettor(step.args["on"])]
        return args

    def _bettor_line(self, outcome: Outcome) -> dict[str, Any] | None:
        """The bettor's own line under the who-pays table, or None without a bettor."""
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

    def reference(self) -> dict[str, Any]:
        hand = self._hand()
        by_value: dict[int, dict[str, Any]] = {}
        for row in nmjl.reference_table(hand):
            cells = by_value.setdefault(row.value, {"value": row.value})
            prefix = "jokerless_" if row.jokerless else ""
            cells[prefix + "discard"] = money(row.discard_receives)
            cells[prefix + "self_draw"] = money(row.self_draw_receives)
        return {
            "reference_rows": list(by_value.values()),
            "current_value": hand.value,
            "singles_pairs": hand.hand is nmjl.HandKind.SINGLES_PAIRS,
            "bettor_line": self._bettor_line(self.outcome()),
        }

    def headline(self, outcome: Outcome) -> str:
        data = self.cleaned_data
        if data["jokerless"]:
            template = _("Card value %(value)s, jokerless, %(win)s: the winner receives %(amount)s")
        else:
            template = _("Card value %(value)s, %(win)s: the winner receives %(amount)s")
        return template % {
            "value": data["value"],
            "win": WIN_SHORT[data["win"]],
            "amount": money(outcome.winner_receives),
        }
