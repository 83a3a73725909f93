"""The MCR hand page's form: the tiles and how they won → the fans → the MCR payment.

The payment part is the MCR payment presenter given the analysis's own `Hand` and outcome,
so steps, notes (`below_min_points`) and the headline read as on the payment page.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.families.mcr import forms as payment
from calculator.forms.base import WIN_LABELS
from calculator.forms.hand_base import HandForm
from calculator.forms.tile_params import tile_params, wind_param
from calculator.forms.tile_words import ROUND_LABELS
from calculator.params import BoolParam, ChoiceParam
from calculator.scoring import mcr
from calculator.scoring.mcr_hand import Analysis, Conditions, analyse, contradictions
from calculator.scoring.outcome import Win
from calculator.scoring.tiles import HandTiles


class Form(HandForm):
    slug = "mcr"
    red_fives = False
    tile_fields = ("hand", "win_tile", "melds")
    payment_form_class = payment.Form

    contradiction_messages: ClassVar = {
        "fourth_tile": _(
            "和絕張 means the other three copies of the winning tile were already showing, but "
            "another copy is in your hand."
        ),
        "about_kong": _(
            "槓上開花 (self-draw) needs a kong among your melds; 搶槓和 (robbing a kong, on a "
            "discard) cannot happen while you hold another copy of that tile."
        ),
        "last_tile": _("海底撈月 (the last discard) cannot also be a robbed kong (搶槓和)."),
    }

    hand, win_tile, melds = tile_params(
        win_label=_("Winning tile (和張)"),
        melds_label=_("Melded sets (副露) and concealed kongs"),
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    seat = wind_param(ROUND_LABELS, _("Your seat wind (門風)"))
    round = wind_param(ROUND_LABELS, _("Prevalent wind (圈風)"))
    flowers = payment.Form.base_fields["flowers"]
    fourth_tile = BoolParam(
        default=False, label=_("和絕張: the last copy of the tile (the other three showing)")
    )
    about_kong = BoolParam(
        default=False,
        label=_("槓上開花 / 搶槓和: on a kong's replacement tile, or robbing a kong"),
    )
    last_tile = BoolParam(
        default=False,
        label=_("妙手回春 / 海底撈月: the last tile of the wall, or the last discard"),
    )

    def conditions(self) -> Conditions:
        data = self.cleaned_data
        return Conditions(
            win=data["win"],
            seat=data["seat"],
            round_wind=data["round"],
            flowers=data["flowers"],
            fourth_tile=data["fourth_tile"],
            about_kong=data["about_kong"],
            last_tile=data["last_tile"],
        )

    def flag_clashes(self, conditions: Conditions) -> dict[str, str]:
        return contradictions(conditions)

    def run(self, hand: HandTiles, conditions: Conditions) -> Analysis | tuple:
        return analyse(hand, conditions)

    def payment_inputs(self) -> tuple[mcr.Hand]:
        return (self.analysis.payment,)

    def payment_values(self) -> dict[str, Any]:
        hand = self.analysis.payment
        return {"points": hand.points, "flowers": hand.flowers, "win": hand.win}
