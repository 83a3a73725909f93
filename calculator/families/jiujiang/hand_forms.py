"""The Jiujiang hand page's form: the tiles and how they won → the patterns → the jiujiang
payment under the table's own rules.

`jiujiang_hand.analyse` reads the patterns and makes the one payment call; its outcome is
what the page and the API show, worded by the jiujiang payment presenter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.families.jiujiang import forms as payment
from calculator.forms.base import WIN_LABELS
from calculator.forms.hand_base import HandForm
from calculator.forms.shared import HandTilesParam, RefusedParam
from calculator.forms.tile_params import tile_params, wind_param
from calculator.forms.tile_words import ROUND_LABELS, SEAT_LABELS
from calculator.params import ChoiceParam
from calculator.scoring import jiujiang as jj
from calculator.scoring.jiujiang_hand import Analysis, Conditions, analyse, contradictions
from calculator.scoring.outcome import Outcome, Win
from calculator.scoring.shapes import Form as Shape
from calculator.scoring.shapes import groupings
from calculator.scoring.tiles import EntryError, HandTiles

FROM_THE_TILES = _(
    "On this page the tiles give the patterns: take this out of the address, or tick the "
    "patterns on the payment page."
)

# rules.md § jiujiang hand: 十三么 is `not_complete` here, said as such, not as "6 tiles away".
NO_THIRTEEN_ORPHANS = _(
    "Jiujiang mahjong does not count 十三么 (thirteen orphans): this is not a winning hand here."
)


@dataclass(frozen=True)
class Result:
    """The analysed hand and its payment: what the page and the API show."""

    hand: Analysis
    payment: jj.Hand  # what the jiujiang payment page is given
    rules: jj.Rules
    outcome: Outcome  # the analysis's, with its `haohua_groups_capped` note


class Form(HandForm):
    slug = "jiujiang"
    red_fives = False
    tile_fields = ("hand", "win_tile", "melds")
    payment_form_class = payment.Form
    shanten_term = False

    contradiction_messages: ClassVar = {
        "gangkai": _(
            "杠上開花 is a self-draw on a kong's replacement tile: it needs a kong among your "
            "melds and “Self-drawn”."
        ),
        "qianggang": _(
            "搶杠 wins on another player's tile: choose “Won off a discard”, or untick 搶杠."
        ),
    }

    hand, win_tile, melds = tile_params(
        win_label=_("Winning tile (胡的那張)"),
        melds_label=_("Melded sets (吃、碰、杠) and concealed kongs"),
        kind=HandTilesParam,
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    seat = wind_param(SEAT_LABELS, _("Your seat (門風)"))
    round = wind_param(ROUND_LABELS, _("Round wind (圈風)"))
    gangkai = payment.Form.base_fields["gangkai"]
    qianggang = payment.Form.base_fields["qianggang"]
    haohua_extra = payment.Form.base_fields["haohua_extra"]
    base = payment.Form.base_fields["base"]
    base_add = payment.Form.base_fields["base_add"]
    cap = payment.Form.base_fields["cap"]
    pay = payment.Form.base_fields["pay"]
    unit = payment.Form.base_fields["unit"]
    pattern = RefusedParam(label=_("Patterns the hand satisfies"), message=FROM_THE_TILES)
    haohua_groups = RefusedParam(
        label=_("豪華七對: groups of four identical tiles"), message=FROM_THE_TILES
    )
    dealer = RefusedParam(
        label=_("The winner is the dealer"),
        message=_("On this page the seat says who is the dealer: East (東). Choose the seat."),
    )

    # --- engine inputs ----------------------------------------------------------------
    def conditions(self) -> Conditions:
        data = self.cleaned_data
        return Conditions(
            win=data["win"],
            seat=data["seat"],
            round_wind=data["round"],
            gangkai=data["gangkai"],
            qianggang=data["qianggang"],
        )

    def rules(self) -> jj.Rules:
        return payment.table_rules(self.cleaned_data)

    def flag_clashes(self, conditions: Conditions) -> dict[str, str]:
        return contradictions(conditions)

    def run(self, hand: HandTiles, conditions: Conditions) -> Result | tuple[EntryError, ...]:
        rules = self.rules()
        analysis = analyse(hand, conditions, rules)
        if isinstance(analysis, tuple):
            return analysis
        outcome = analysis.outcome
        if analysis.notes:
            outcome = replace(outcome, notes=(*analysis.notes, *outcome.notes))
        return Result(analysis, analysis.payment, rules, outcome)

    def inputs_json(self) -> dict[str, Any]:
        inputs = super().inputs_json()
        for name in ("pattern", "haohua_groups", "dealer"):  # the tiles and seat give them
            inputs.pop(name, None)
        return inputs

    # --- words --------------------------------------------------------------------------
    def thirteen_orphans(self) -> bool:
        tiles = self.hand_tiles
        if tiles is None:
            return False
        shapes = groupings(tiles.hand, tiles.melds, tiles.win_tile)
        return any(g.form is Shape.THIRTEEN_ORPHANS for g in shapes)

    def _not_complete_message(self, args: Any) -> str:
        if self.thirteen_orphans():
            return str(NO_THIRTEEN_ORPHANS)
        return super()._not_complete_message(args)

    def shanten_words(self) -> str:
        words = super().shanten_words()
        return str(NO_THIRTEEN_ORPHANS) if words and self.thirteen_orphans() else words

    # --- the payment --------------------------------------------------------------------
    def payment_inputs(self) -> tuple[jj.Hand, jj.Rules]:
        return self.analysis.payment, self.analysis.rules

    def payment_values(self) -> dict[str, Any]:
        hand, rules = self.payment_inputs()
        return {
            "pattern": hand.patterns,
            "haohua_groups": hand.haohua_groups,
            "haohua_extra": rules.haohua_extra,
            "base": rules.base,
            "base_add": rules.base_add,
            "win": hand.win,
            "gangkai": hand.gangkai,
            "qianggang": hand.qianggang,
            "dealer": hand.dealer,
            "cap": rules.cap,
            "pay": rules.pay,
            "unit": rules.unit,
        }

    def payment_idle(self) -> frozenset[str]:
        # The seat gives `dealer` and the tiles give the patterns: the player chose neither
        # as a table rule, so neither "makes no difference".
        return super().payment_idle() - {"dealer", "pattern", "haohua_groups"}
