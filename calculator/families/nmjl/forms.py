"""The American (NMJL) form: the card value, the win, jokers, the hand's kind and a bettor.

No card content is reproduced anywhere: the player reads the value off their own card.
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, ParamForm
from calculator.params import BoolParam, ChoiceParam, IntParam
from calculator.scoring import nmjl
from calculator.scoring.outcome import Win


class Form(ParamForm):
    slug = "nmjl"
    engine = nmjl

    contradiction_messages: ClassVar = {
        "bettor": _(
            "A self-drawn hand has no discarder, so nobody can have bet on one. "
            "Choose “On another loser” or change how it was won."
        ),
    }

    value = IntParam(
        default=nmjl.Hand.value,
        minimum=1,
        maximum=1000,
        label=_("Card value"),
        help_text=_("The value printed beside the hand on your card (1–1000)."),
    )
    win = ChoiceParam(
        default=nmjl.Hand.win, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    jokerless = BoolParam(
        default=nmjl.Hand.jokerless,
        label=_("Jokerless: no jokers in the hand"),
        help_text=_("Doubles the value, except for Singles and Pairs."),
    )
    hand = ChoiceParam(
        default=nmjl.Hand.hand,
        enum=nmjl.HandKind,
        radio=True,
        label=_("Kind of hand"),
        labels={
            nmjl.HandKind.STANDARD: _("Any other line of the card"),
            nmjl.HandKind.SINGLES_PAIRS: _("Singles and Pairs"),
        },
    )
    bettor = ChoiceParam(
        default=nmjl.Hand.bettor,
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

    def build_inputs(self) -> tuple[nmjl.Hand]:
        data = self.cleaned_data
        hand = nmjl.Hand(
            value=data["value"],
            win=data["win"],
            jokerless=data["jokerless"],
            hand=data["hand"],
            bettor=data["bettor"],
        )
        return (hand,)

    def contradictions(self) -> dict[str, str]:
        return nmjl.input_errors(*self.inputs)
