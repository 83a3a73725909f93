"""The MCR (國標麻將) form: pattern points, flowers and the win type. No table rules."""

from __future__ import annotations

from typing import ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, ParamForm
from calculator.params import ChoiceParam, IntParam
from calculator.presenting import filled
from calculator.scoring import mcr
from calculator.scoring.outcome import Win


class Form(ParamForm):
    slug = "mcr"
    engine = mcr
    # The page's sentence about the fixed payments names the flat amount, valid or not.
    flat: ClassVar[int] = mcr.FLAT

    points = IntParam(
        default=mcr.Hand.points,
        minimum=0,
        maximum=1000,
        label=_("Pattern points (分)"),
        help_text=filled(
            _(
                "The hand's pattern points, flowers not included. A hand needs %(min)s to win "
                "(八番起和)."
            ),
            min=mcr.MIN_POINTS,
        ),
    )
    flowers = IntParam(
        default=mcr.Hand.flowers,
        minimum=0,
        maximum=mcr.MAX_FLOWERS,
        label=_("Flowers (花牌)"),
        help_text=filled(
            _("Flower and season tiles, %(each)s point each (0–%(max)s)."),
            each=mcr.FLOWER_POINTS,
            max=mcr.MAX_FLOWERS,
        ),
    )
    win = ChoiceParam(
        default=mcr.Hand.win, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )

    def build_inputs(self) -> tuple[mcr.Hand]:
        data = self.cleaned_data
        return (mcr.Hand(points=data["points"], flowers=data["flowers"], win=data["win"]),)
