"""The Hong Kong form: fan, win type and the table's rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, ParamForm
from calculator.params import BoolParam, ChoiceParam, DecimalParam, IntParam
from calculator.scoring import hk
from calculator.scoring.outcome import Win

RULE_NAMES = ("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up")


class Form(ParamForm):
    slug = "hk"
    engine = hk
    contradiction_messages: ClassVar = {
        "liable": _("包自摸 is a self-draw: choose “Self-drawn”, or untick 包自摸."),
    }

    fan = IntParam(
        default=3,
        minimum=0,
        maximum=hk.MAX_ENTERED_FAN,
        label=_("Fan"),
        help_text=_(
            "The fan your table agreed the hand is worth, as you tally it: above the cap it is "
            "paid as the cap."
        ),
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    scale = ChoiceParam(
        default=hk.Scale.HALF,
        enum=hk.Scale,
        label=_("Points table"),
        labels={
            hk.Scale.FULL: _("全辣 (辣辣上) — every fan doubles"),
            hk.Scale.HALF: _("半辣 (半辣上) — doubles every two fan after 4"),
            hk.Scale.STEPPED: _("雙辣三辣 — 4, 6 and 8 fan steps"),
        },
    )
    cap = IntParam(
        default=10,
        minimum=3,
        maximum=hk.MAX_FAN,
        label=_("Fan cap (封頂)"),
        help_text=_("Fan above this counts as this."),
    )
    split = ChoiceParam(
        default=hk.Split.FULL,
        enum=hk.Split,
        label=_("Who pays on a discard"),
        labels={
            hk.Split.FULL: _("全銃 — the discarder pays it all"),
            hk.Split.HALF: _("半銃 — discarder half, the other two a quarter each"),
            hk.Split.DEALER: _("莊家制 — old style: nobody is liable, the dealer pays double"),
        },
    )
    dealer = BoolParam(
        default=False,
        label=_("The winner is the dealer"),
        help_text=_("Only matters under 莊家制."),
    )
    self_draw_pay = ChoiceParam(
        default=hk.SelfDrawPay.HALF,
        enum=hk.SelfDrawPay,
        label=_("On a self-draw, each player pays"),
        labels={
            hk.SelfDrawPay.HALF: _("half the table value"),
            hk.SelfDrawPay.FULL: _("the whole table value"),
        },
    )
    unit = DecimalParam(
        default=hk.Rules.unit,
        minimum=0,
        maximum=1_000_000,
        label=_("Value of one point"),
        help_text=_("A multiplier, not money. Leave it at 1 to read points."),
    )
    min_fan = IntParam(
        default=3, minimum=0, maximum=hk.MAX_FAN, label=_("Minimum fan to win (起糊)")
    )
    round_up = BoolParam(default=False, label=_("Round a payment under 1 up to 1"))
    liable = BoolParam(
        default=False,
        label=_("包自摸: one player pays for all three"),
        help_text=_(
            "On a self-draw, the player your table holds liable pays all three shares; "
            "the other two pay nothing."
        ),
    )

    # Stake presets for `unit` (rules.md: unit = 1 底 ÷ 25).
    # Stake presets for `unit` (rules.md: unit = 1 底 ÷ 25). The names are translated only to
    # write them in simplified characters and to gloss them in English.
    stakes: ClassVar[list[tuple[str, Any]]] = [
        ("0.25", _("二五雞/4")),
        ("0.5", _("二五雞/2")),
        ("1", _("二五雞")),
        ("2", _("五一")),
        ("4", _("一二蚊")),
        ("8", _("二四")),
        ("10", _("大二五雞")),
        ("20", _("大五一")),
        ("40", _("一二十")),
    ]

    def build_inputs(self) -> tuple[hk.Hand, hk.Rules]:
        data = self.cleaned_data
        hand = hk.Hand(
            fan=data["fan"], win=data["win"], dealer=data["dealer"], liable=data["liable"]
        )
        return hand, table_rules(data)

    def contradictions(self) -> Mapping[str, str]:
        return hk.input_errors(self.inputs[0])


def table_rules(data: Mapping[str, Any]) -> hk.Rules:
    """The hk table rules from cleaned values: the payment page's and the hand page's."""
    return hk.Rules(**{name: data[name] for name in RULE_NAMES})
