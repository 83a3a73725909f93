"""The Hong Kong hand page's form: the tiles, the flowers and how they won → the fans → the
hk payment under the table's own rules.

The analysis (`hk_hand.analyse`) finds the fan; the one payment call is `hk.score` for that
fan, made here in `clean()` with it, so the page and the API show that outcome and never
score again. The payment part reads exactly like the hk payment page for the same fan.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.families.hk import forms as payment
from calculator.forms.base import WIN_LABELS
from calculator.forms.hand_base import HandForm
from calculator.forms.shared import (
    HandTilesParam,
    RadioIntChoiceParam,
    RefusedParam,
    flower_in_hand,
)
from calculator.forms.tile_faces import flower_faces
from calculator.forms.tile_params import tile_params, wind_param
from calculator.forms.tile_words import ROUND_LABELS, SEAT_LABELS, excerpt, notation_message
from calculator.params import BoolParam, ChoiceParam, Param
from calculator.presenting import filled
from calculator.scoring import hk
from calculator.scoring import tiles as notation
from calculator.scoring.hk_hand import (
    FAN_VALUES,
    QINGYISE_VALUES,
    Analysis,
    Conditions,
    FanTable,
    NineGates,
    analyse,
    contradictions,
)
from calculator.scoring.outcome import Outcome, Win
from calculator.scoring.shapes import Form as Shape
from calculator.scoring.shapes import GroupKind, groupings
from calculator.scoring.tiles import EntryError, Flower, HandTiles

FLOWER_MESSAGES = {
    "flower_number": _(
        "Character %(position)s, “%(char)s”, is not a flower number (%(excerpt)s): flowers are "
        "1f–4f (梅蘭菊竹) and seasons 1g–4g (春夏秋冬)."
    ),
    "not_flower": _(
        "Character %(position)s, “%(char)s”, starts a hand tile, not a flower (%(excerpt)s): "
        "tiles go in the hand; here write 1f–4f, 1g–4g or 梅蘭菊竹春夏秋冬."
    ),
    "other": _(
        "Character %(position)s, “%(char)s”, is not a flower (%(excerpt)s): write 1f–4f, "
        "1g–4g, or the characters 梅蘭菊竹春夏秋冬."
    ),
}
# Seven pairs that this table does not let win (rules.md § hk hand: only with seven_pairs=1,
# and only seven different pairs): said as such, not as "n tiles away from ready".
SEVEN_PAIRS_OFF = _(
    "This table does not count 七對 (seven pairs) as a winning hand. If yours does, tick "
    "“%(option)s” under Table rules (seven_pairs=1)."
)
SEVEN_PAIRS_FOUR = _(
    "七對 (seven pairs) needs seven different pairs: four identical tiles are not two pairs."
)
FLOWER_REPEATED = _(
    "A set has only one %(flower)s (%(code)s): it is entered %(count)s times. Each flower and "
    "season is drawn at most once."
)


class FlowersParam(Param):
    """The flowers and seasons drawn, written like tiles (`1234f2g`) or as 梅蘭菊竹春夏秋冬;
    kept in canonical order (`tiles.format_flowers`)."""

    kind = "tiles"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(default="", **kwargs)

    def clean(self, value: Any) -> str:
        text = "" if value is None else str(value)
        if not text.strip():
            return ""
        read = notation.read_flowers(text, "flowers")
        if isinstance(read, EntryError):
            raise ValidationError(flower_message(read, text), code=read.code)
        return notation.format_flowers(read)

    def encode(self, value: Any) -> str:
        return "" if value is None else str(value)


def flower_message(error: EntryError, text: str) -> str:
    args = error.args
    if error.code == "too_many_copies":
        flower = notation.read_flowers(str(args["tile"]))
        name = flower[0].name if isinstance(flower, tuple) else str(args["tile"])
        return str(FLOWER_REPEATED) % {"flower": name, "code": args["tile"], "count": args["count"]}
    index = int(args.get("index", 0))  # type: ignore[call-overload]
    reason = str(args.get("reason"))
    template = FLOWER_MESSAGES.get(reason)
    if template is None and reason in ("no_digits", "no_suit"):
        return notation_message(error, text)
    return str(template or FLOWER_MESSAGES["other"]) % {
        "position": index + 1,
        "char": args.get("char", ""),
        "excerpt": excerpt(text, index),
    }


def flowers_of(text: str) -> tuple[Flower, ...]:
    """The canonical flower text read back (it has been checked)."""
    read = notation.read_flowers(text)
    return read if isinstance(read, tuple) else ()


@dataclass(frozen=True)
class Result:
    """The analysed hand and the hk payment for its fan: what the page and the API show."""

    hand: Analysis
    payment: hk.Hand  # what the hk payment page is given
    rules: hk.Rules
    outcome: Outcome  # hk.score's, with the analysis's `limit_hand` note


class Form(HandForm):
    slug = "hk"
    red_fives = False
    tile_fields = ("hand", "win_tile", "melds")
    payment_form_class = payment.Form
    shanten_term = False

    contradiction_messages: ClassVar = {
        "kong_draw": _(
            "槓上開花 is a self-draw on a kong's replacement tile: it needs a kong among your "
            "melds and “Self-drawn”."
        ),
        "double_kong": _(
            "槓上槓 is a self-draw on the replacement tile of a second kong in a row: it needs "
            "two kongs among your melds and “Self-drawn”."
        ),
        "robbed_kong": _(
            "搶槓 wins on a tile another player adds to a kong: it is not a self-draw."
        ),
        "last_tile": _("海底撈月 is a self-draw of the wall's last tile: choose “Self-drawn”."),
        "heaven": _(
            "天糊 is the dealer's (East's) self-drawn win on the first draw, with nothing in "
            "the melds."
        ),
        "earth": _(
            "地糊 is a non-dealer's win on the dealer's first discard, with nothing in the melds."
        ),
        "liable": payment.Form.contradiction_messages["liable"],
        "flowers": _(
            "This table plays without flowers: clear the flowers, or tick “The table plays "
            "with flowers”."
        ),
    }

    hand, win_tile, melds = tile_params(
        win_label=_("Winning tile (食糊嗰隻)"),
        melds_label=_("Melded sets (上、碰、槓) and concealed kongs"),
        hand_help=_("The tiles outside melded sets, the winning tile included; no flowers."),
        kind=HandTilesParam,
    )
    flowers = FlowersParam(
        label=_("Flowers and seasons (花)"),
        help_text=_(
            "梅蘭菊竹 are 1f–4f, 春夏秋冬 1g–4g; each at most once, like 1f3g or 梅秋. "
            "Leave it empty for no flowers (無花)."
        ),
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    seat = wind_param(SEAT_LABELS, _("Your seat (門風)"))
    round = wind_param(ROUND_LABELS, _("Round wind (圈風)"))
    kong_draw = BoolParam(default=False, label=_("槓上開花: on a kong's replacement tile"))
    double_kong = BoolParam(
        default=False, label=_("槓上槓: on the replacement tile of a second kong in a row")
    )
    robbed_kong = BoolParam(default=False, label=_("搶槓: robbing a tile added to a kong"))
    last_tile = BoolParam(default=False, label=_("海底撈月: the last tile of the wall"))
    heaven = BoolParam(default=False, label=_("天糊: the dealer's first draw"))
    earth = BoolParam(default=False, label=_("地糊: a non-dealer, on the dealer's first discard"))
    seven_pairs = BoolParam(
        default=False,
        label=filled(
            _("七對 (seven pairs) is a winning hand, worth %(fan)s 番"),
            fan=FAN_VALUES["seven_pairs"],
        ),
    )
    qingyise = RadioIntChoiceParam(
        default=QINGYISE_VALUES[0],
        allowed=QINGYISE_VALUES,
        label=_("清一色 (one suit, no honours) is worth (番)"),
    )
    menqing = BoolParam(
        default=True,
        label=filled(_("門前清 (no melded set) pays %(fan)s 番"), fan=FAN_VALUES["menqing"]),
    )
    flowers_in_play = BoolParam(
        default=True, label=_("The table plays with flowers (無花 and 正花 count)")
    )
    flowers_count_to_min = BoolParam(
        default=True, label=_("Flower fans count toward the minimum (起糊)")
    )
    nine_gates = ChoiceParam(
        default=NineGates.ANY,
        enum=NineGates,
        labels={
            NineGates.ANY: _("九子連環: 1112345678999 and one more of the suit, any tile winning"),
            NineGates.PURE: _("九子連環 only on the nine-sided wait (the extra tile wins)"),
        },
        label=_("九子連環 (nine gates)"),
    )
    scale = payment.Form.base_fields["scale"]
    cap = payment.Form.base_fields["cap"]
    split = payment.Form.base_fields["split"]
    self_draw_pay = payment.Form.base_fields["self_draw_pay"]
    unit = payment.Form.base_fields["unit"]
    min_fan = payment.Form.base_fields["min_fan"]
    round_up = payment.Form.base_fields["round_up"]
    liable = payment.Form.base_fields["liable"]
    fan = RefusedParam(
        label=_("Fan"),
        message=_(
            "On this page the tiles give the fan: take fan= out of the address, or enter the "
            "fan on the payment page."
        ),
    )
    dealer = RefusedParam(
        label=_("The winner is the dealer"),
        message=_("On this page the seat says who is the dealer: East (東). Choose the seat."),
    )

    stakes = payment.Form.stakes

    # --- engine inputs ----------------------------------------------------------------
    def conditions(self) -> Conditions:
        data = self.cleaned_data
        return Conditions(
            win=data["win"],
            seat=data["seat"],
            round_wind=data["round"],
            flowers=flowers_of(data["flowers"]),
            kong_draw=data["kong_draw"],
            double_kong=data["double_kong"],
            robbed_kong=data["robbed_kong"],
            last_tile=data["last_tile"],
            heaven=data["heaven"],
            earth=data["earth"],
        )

    def table(self) -> FanTable:
        data = self.cleaned_data
        return FanTable(
            seven_pairs=data["seven_pairs"],
            qingyise=data["qingyise"],
            menqing=data["menqing"],
            flowers_in_play=data["flowers_in_play"],
            flowers_count_to_min=data["flowers_count_to_min"],
            nine_gates=data["nine_gates"],
        )

    def rules(self) -> hk.Rules:
        return payment.table_rules(self.cleaned_data)

    def _liable_clash(self, conditions: Conditions) -> dict[str, str]:
        return hk.input_errors(hk.Hand(win=conditions.win, liable=self.cleaned_data["liable"]))

    def flag_clashes(self, conditions: Conditions) -> dict[str, str]:
        return {**contradictions(conditions, table=self.table()), **self._liable_clash(conditions)}

    def run(self, hand: HandTiles, conditions: Conditions) -> Result | tuple[EntryError, ...]:
        rules = self.rules()
        liable = self._liable_clash(conditions)
        analysis = analyse(hand, conditions, self.table(), cap=rules.cap)
        if isinstance(analysis, tuple) or liable:
            found = analysis if isinstance(analysis, tuple) else ()
            return (*found, *(EntryError(code, name) for name, code in liable.items()))
        paid = replace(
            analysis.payment_hand(self.cleaned_data["liable"]), fan_for_min=analysis.fan_for_min
        )
        outcome = hk.score(paid, rules)
        if analysis.notes:
            outcome = replace(outcome, notes=(*analysis.notes, *outcome.notes))
        return Result(analysis, paid, rules, outcome)

    def inputs_json(self) -> dict[str, Any]:
        inputs = super().inputs_json()
        for name in ("fan", "dealer"):  # refused here, so never part of a valid request
            inputs.pop(name, None)
        return inputs

    # --- the payment --------------------------------------------------------------------
    def payment_inputs(self) -> tuple[hk.Hand, hk.Rules]:
        return self.analysis.payment, self.analysis.rules

    def payment_values(self) -> dict[str, Any]:
        """The hk payment page's values: the hand's fan (the cap for a limit hand) and the
        table rules. The seat gives `dealer`."""
        hand, rules = self.payment_inputs()
        return {
            "fan": hand.fan,
            "win": hand.win,
            "scale": rules.scale,
            "cap": rules.cap,
            "split": rules.split,
            # Only 莊家制 pays the dealer differently: elsewhere the payment page would note
            # the ticked box as making no difference.
            "dealer": hand.dealer and rules.split is hk.Split.DEALER,
            "self_draw_pay": rules.self_draw_pay,
            "unit": rules.unit,
            "min_fan": rules.min_fan,
            "round_up": rules.round_up,
            "liable": hand.liable,
        }

    def payment_idle(self) -> frozenset[str]:
        # `dealer` comes from the seat, which the player must choose: never "makes no
        # difference" (the payment page notes it only when someone ticks it for nothing).
        return super().payment_idle() - {"dealer"}

    # --- what the page draws --------------------------------------------------------------
    def hand_context(self) -> dict[str, Any]:
        context = super().hand_context()
        drawn = {str(f) for f in flowers_of(getattr(self, "cleaned_data", {}).get("flowers", ""))}
        context["flower_keys"] = True
        context["flower_tile_faces"] = [f for f in flower_faces() if f["code"] in drawn]
        return context

    def seven_pairs_refused(self) -> str:
        """Why seven pairs in these tiles do not win here, or "" (not seven pairs)."""
        tiles = self.hand_tiles
        if tiles is None:
            return ""
        shapes = groupings(tiles.hand, tiles.melds, tiles.win_tile)
        pairs = [g for g in shapes if g.form is Shape.SEVEN_PAIRS]
        if not pairs:
            return ""
        if any(x.kind is GroupKind.FOUR for g in pairs for x in g.groups):
            return str(SEVEN_PAIRS_FOUR)  # at any table: turning 七對 on would not help
        if not self.cleaned_data.get("seven_pairs"):
            return str(SEVEN_PAIRS_OFF) % {"option": self.fields["seven_pairs"].label}
        return ""

    def _not_complete_message(self, args: Any) -> str:
        return self.seven_pairs_refused() or super()._not_complete_message(args)

    def shanten_words(self) -> str:
        words = super().shanten_words()
        return (words and self.seven_pairs_refused()) or words

    def entry_message(self, error: EntryError) -> str:
        if error.field == "flowers":
            return flower_message(error, str(self.data.get("flowers", "")))
        if error.code == "bad_notation" and error.args.get("reason") == "flower":
            return flower_in_hand(error, str(self.data.get(error.field, "")))
        return super().entry_message(error)
