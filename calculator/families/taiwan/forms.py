"""The Taiwanese (台灣麻將) form: the hand's 台數, the win, who deals and the 連莊 count, and
the table's 底 and 台."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.forms.shared import RadioIntChoiceParam
from calculator.params import ChoiceParam, DecimalParam, IntParam
from calculator.scoring import taiwan as tw
from calculator.scoring.outcome import Win

RULE_NAMES = ("base", "per_tai", "streak_tai", "cap")
DEFAULTS = tw.Rules()


class Form(ParamForm):
    slug = "taiwan"
    engine = tw
    contradiction_messages: ClassVar = {
        "dealer": _(
            "A self-draw has no discarder: choose whether the dealer won or is one of the "
            "three who pay, or change how it was won."
        ),
    }

    tai = IntParam(
        default=tw.Hand.tai,
        minimum=0,
        maximum=tw.MAX_TAI,
        label=_("台數"),
        help_text=_(
            "The hand's 台 as your table counts them, without the dealer's 台 "
            "(莊家, 連莊): those are added below."
        ),
    )
    win = ChoiceParam(
        default=Win.DISCARD,
        enum=Win,
        labels={Win.DISCARD: _("放槍 — off a discard"), Win.SELF_DRAW: _("自摸 — self-drawn")},
        radio=True,
        label=_("How it was won"),
        help_text=_("A robbed kong (搶槓) is paid like a discard, by the robbed player."),
    )
    dealer = ChoiceParam(
        default=tw.Dealer.OTHER,
        enum=tw.Dealer,
        radio=True,
        label=_("Who is the dealer (莊家)?"),
        labels={
            tw.Dealer.WINNER: _("the winner"),
            tw.Dealer.DISCARDER: _("the discarder (放槍)"),
            tw.Dealer.OTHER: _("someone else"),
        },
    )
    streak = IntParam(
        default=0,
        minimum=0,
        maximum=tw.MAX_STREAK,
        label=_("連莊: hands the dealer has already kept the seat"),
        help_text=_("0 on a new dealer's first hand; 2 for 連二拉二."),
    )
    base = DecimalParam(default=DEFAULTS.base, minimum=0, maximum=1_000_000, label=_("底 (base)"))
    per_tai = DecimalParam(
        default=DEFAULTS.per_tai, minimum=0, maximum=1_000_000, label=_("台 (each 台)")
    )
    streak_tai = RadioIntChoiceParam(
        default=DEFAULTS.streak_tai,
        allowed=tw.STREAK_TAI,
        label=_("台 for each 連莊 hand"),
        help_text=_("2: 連N拉N (連一拉一 is 3 台 with the dealer's own). 1: 連N only."),
    )
    cap = IntParam(
        default=DEFAULTS.cap,
        minimum=0,
        maximum=tw.MAX_TAI,
        label=_("Cap (台 a payment counts at most)"),
        help_text=_("The dealer's 台 included. 0: no cap."),
    )

    # Stakes as the table says them, 底/台 (the names are the same in every language).
    stakes: ClassVar[list[tuple[str, str]]] = [
        ("30", "10"),
        ("50", "20"),
        ("100", "20"),
        ("300", "100"),
    ]

    def build_inputs(self) -> tuple[tw.Hand, tw.Rules]:
        data = self.cleaned_data
        hand = tw.Hand(
            tai=data["tai"], win=data["win"], dealer=data["dealer"], streak=data["streak"]
        )
        return hand, table_rules(data)

    def contradictions(self) -> Mapping[str, str]:
        return tw.input_errors(self.inputs[0])


def table_rules(data: Mapping[str, Any]) -> tw.Rules:
    return tw.Rules(**{name: data[name] for name in RULE_NAMES})
