"""The classical (古典, 寧波式) form: all four hands' 副 and 番, who won, and the limit."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.params import ChoiceParam, DecimalParam, IntParam
from calculator.scoring import classical as cl

Seat = cl.Seat

SEAT_LABELS = {
    Seat.E: _("East (東)"),
    Seat.S: _("South (南)"),
    Seat.W: _("West (西)"),
    Seat.N: _("North (北)"),
}


def _fu(label: Any) -> IntParam:
    return IntParam(default=0, minimum=0, maximum=9999, label=label)


def _fan(label: Any) -> IntParam:
    return IntParam(default=0, minimum=0, maximum=13, label=label)


class Form(ParamForm):
    slug = "classical"
    engine = cl

    e_fu = _fu(_("East 副"))
    s_fu = _fu(_("South 副"))
    w_fu = _fu(_("West 副"))
    n_fu = _fu(_("North 副"))
    e_fan = _fan(_("East 番"))
    s_fan = _fan(_("South 番"))
    w_fan = _fan(_("West 番"))
    n_fan = _fan(_("North 番"))
    winner = ChoiceParam(
        default=Seat.S, enum=Seat, labels=SEAT_LABELS, radio=True, label=_("Who won")
    )
    winner_limit = ChoiceParam(
        default=cl.WinnerLimit.NONE,
        enum=cl.WinnerLimit,
        label=_("The winner's hand is a limit hand"),
        labels={
            cl.WinnerLimit.NONE: _("no — count its 副 and 番"),
            cl.WinnerLimit.FULL: _("滿貫 — scores the limit"),
            cl.WinnerLimit.HALF: _("半滿貫 (地和) — at least half the limit"),
        },
    )
    dealer = ChoiceParam(
        default=Seat.E,
        enum=Seat,
        labels=SEAT_LABELS,
        radio=True,
        label=_("The dealer (莊家, pays and collects double)"),
    )
    limit = IntParam(
        default=cl.Rules.limit,
        minimum=1,
        maximum=99999,
        label=_("The limit (滿貫) in 副"),
        help_text=_("No hand scores more than this (1–99,999)."),
    )
    unit = DecimalParam(
        default=cl.Rules.unit,
        minimum=0,
        maximum=1_000_000,
        label=_("Value of one 副"),
        help_text=_("A multiplier, not money. Leave it at 1 to read 副."),
    )

    def build_inputs(self) -> tuple[cl.Hand, cl.Rules]:
        data = self.cleaned_data
        hand = cl.Hand(
            fu=tuple(data[f"{seat.value}_fu"] for seat in cl.SEATS),  # type: ignore[arg-type]
            fan=tuple(data[f"{seat.value}_fan"] for seat in cl.SEATS),  # type: ignore[arg-type]
            winner=data["winner"],
            winner_limit=data["winner_limit"],
            dealer=data["dealer"],
        )
        rules = cl.Rules(limit=data["limit"], unit=data["unit"])
        return hand, rules
