"""The riichi hand page's form: the tiles and how they won → yaku, han, fu → the payment.

The payment part is the riichi payment presenter given the analysis's own `Hand`/`Rules` and
outcome, so steps, notes and the headline read exactly as on the payment page.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.riichi import forms as payment
from calculator.forms.hand_base import HandForm
from calculator.forms.tile_params import TilesParam, tile_params, wind_param
from calculator.forms.tile_words import ROUND_LABELS, SEAT_LABELS, excerpt
from calculator.params import BoolParam, ChoiceParam, IntParam
from calculator.scoring import riichi
from calculator.scoring.outcome import Win
from calculator.scoring.riichi_hand import (
    MAX_KITA,
    Analysis,
    Conditions,
    analyse,
    contradictions,
)
from calculator.scoring.tiles import NOT_IN_SANMA, EntryError, HandTiles, three_player_error, tile

OPEN_MELD = _(
    "Not with a called meld: riichi needs a closed hand (a closed kan, ankan, keeps it closed)."
)


class Form(HandForm):
    slug = "riichi"
    red_fives = True
    tile_fields = ("hand", "win_tile", "melds", "dora", "ura")
    payment_form_class = payment.Form

    contradiction_messages: ClassVar = {
        "riichi": OPEN_MELD,
        "double_riichi": OPEN_MELD,
        "ippatsu": _("Ippatsu (一發) needs riichi and a closed hand."),
        "rinshan": _(
            "Rinshan kaihou (嶺上開花) is a self-drawn win on a kan's replacement tile: it needs "
            "a kan among the melds and a self-draw."
        ),
        "chankan": _(
            "Chankan (搶槓) robs a tile another player adds to a kan: it is not a self-draw."
        ),
        "haitei": _(
            "Haitei (海底摸月) is a self-draw on the last tile of the wall, which is never a kan's "
            "replacement tile."
        ),
        "houtei": _(
            "Houtei (河底撈魚) is a win off the last discard: not a self-draw, not a robbed kan."
        ),
        "tenhou": _(
            "Tenhou (天和) is the dealer's (East's) self-drawn win on the first draw, with no meld."
        ),
        "chiihou": _(
            "Chiihou (地和) is a non-dealer's self-drawn win on their first draw, with no meld "
            "(the dealer's is tenhou)."
        ),
        "ura": _("Ura dora (裏寶牌) count only for a hand in riichi: tick riichi or clear this."),
        "win_tile": _("The winning tile must be one of the hand's own tiles."),
        "melds": _("Three-player tables do not chi: a called meld here is a pon or a kan."),
        "kita": _("Only a three-player table sets 北 aside (拔北): switch to three players."),
    }

    hand, win_tile, melds = tile_params(
        win_label=_("Winning tile (和了牌)"),
        melds_label=_("Called melds (副露) and closed kans"),
        red_fives=True,
        hand_help=_("The tiles outside called melds, the winning tile included."),
        melds_help=_(
            "Comma-separated: chi:123m, pon:555z, kan:1111p (open), ankan:9999s (closed)."
        ),
    )
    win = ChoiceParam(
        default=Win.DISCARD,
        enum=Win,
        labels=payment.WIN_LABELS,
        radio=True,
        label=_("How it was won"),
    )
    seat = wind_param(SEAT_LABELS, _("Your seat (自風)"))
    round = wind_param(ROUND_LABELS, _("Round (場風)"))
    riichi = BoolParam(default=False, label=_("Riichi (立直)"))
    double_riichi = BoolParam(default=False, label=_("Double riichi (兩立直): on the first turn"))
    ippatsu = BoolParam(default=False, label=_("Ippatsu (一發): within one go-round of riichi"))
    rinshan = BoolParam(default=False, label=_("Rinshan (嶺上開花): on a kan's replacement tile"))
    chankan = BoolParam(default=False, label=_("Chankan (搶槓): robbing a kan"))
    haitei = BoolParam(default=False, label=_("Haitei (海底摸月): the last tile of the wall"))
    houtei = BoolParam(default=False, label=_("Houtei (河底撈魚): the last discard"))
    tenhou = BoolParam(default=False, label=_("Tenhou (天和): the dealer's first draw"))
    chiihou = BoolParam(default=False, label=_("Chiihou (地和): a non-dealer's first draw"))
    dora = TilesParam(
        name="dora",
        what="tiles",
        red_fives=True,
        label=_("Dora indicators (寶牌指示牌)"),
        help_text=_("The tiles turned over: indicator 1p makes 2p a dora."),
    )
    ura = TilesParam(
        name="ura",
        what="tiles",
        red_fives=True,
        label=_("Ura-dora indicators (裏寶牌指示牌)"),
        help_text=_("Only with riichi."),
    )
    kita = IntParam(
        default=0,
        minimum=0,
        maximum=MAX_KITA,
        label=_("北 set aside as dora (拔北)"),
        help_text=_("Three players: each 北 set aside is a dora; it is not in the hand."),
    )
    aka = BoolParam(default=True, label=_("Red fives (0m/0p/0s) count as dora (赤寶牌)"))
    open_tanyao = BoolParam(default=True, label=_("Open tanyao allowed (喰斷)"))
    honba = payment.Form.base_fields["honba"]
    riichi_sticks = payment.Form.base_fields["riichi_sticks"]
    kiriage = payment.Form.base_fields["kiriage"]
    kazoe = payment.Form.base_fields["kazoe"]
    players = payment.Form.base_fields["players"]
    sanma = payment.Form.base_fields["sanma"]
    sanma_honba = payment.Form.base_fields["sanma_honba"]

    # --- three players: no 2m–8m, no North seat -------------------------------------------
    @property
    def three_players(self) -> bool:
        """What the page draws for: the parsed `players`, or what was typed."""
        cleaned = getattr(self, "cleaned_data", {})
        if "players" in cleaned:
            return cleaned["players"] == 3
        return str(self.data.get("players", "")).strip() == "3"

    def clean(self) -> dict[str, Any]:
        # Before the hand is read: a 2m–8m in a three-player hand is an error where it was
        # written, like any character that is not a tile of this game.
        if self.cleaned_data.get("players") == 3:
            for name in self.tile_fields:
                text = self.cleaned_data.get(name)
                error = three_player_error(text, name) if text else None
                if error is not None:
                    message = self.entry_message(error)
                    self.add_error(name, ValidationError(message, code=error.code))
        return super().clean()

    def entry_message(self, error: EntryError) -> str:
        if error.code == "bad_notation" and error.args.get("reason") == "three_player":
            text = str(self.data.get(error.field, ""))
            index = int(error.args.get("index", 0))  # type: ignore[call-overload]
            return gettext(
                "Character %(position)s is %(tile)s (%(excerpt)s), which is not in a "
                "three-player set: of the 萬 it has only 1m and 9m."
            ) % {
                "position": index + 1,
                "tile": f"{error.args.get('char', '')}m",  # 2m–8m (0m: the red five)
                "excerpt": excerpt(text, index),
            }
        if error.code == "not_allowed" and error.field in ("seat", "round"):
            return gettext("Three players sit East, South and West: there is no North.")
        return super().entry_message(error)

    # --- engine inputs ----------------------------------------------------------------
    def conditions(self) -> Conditions:
        data = self.cleaned_data
        return Conditions(
            win=data["win"],
            seat=data["seat"],
            round_wind=data["round"],
            riichi=data["riichi"],
            double_riichi=data["double_riichi"],
            ippatsu=data["ippatsu"],
            rinshan=data["rinshan"],
            chankan=data["chankan"],
            haitei=data["haitei"],
            houtei=data["houtei"],
            tenhou=data["tenhou"],
            chiihou=data["chiihou"],
            aka=data["aka"],
            open_tanyao=data["open_tanyao"],
            kita=data["kita"],
        )

    def rules(self) -> riichi.Rules:
        return payment.table_rules(self.cleaned_data)

    def flag_clashes(self, conditions: Conditions) -> dict[str, str]:
        return contradictions(conditions, rules=self.rules())

    def run(self, hand: HandTiles, conditions: Conditions) -> Analysis | tuple:
        data = self.cleaned_data
        return analyse(
            hand,
            conditions,
            honba=data["honba"],
            riichi_sticks=data["riichi_sticks"],
            rules=self.rules(),
        )

    def payment_inputs(self) -> tuple[riichi.Hand, riichi.Rules]:
        return self.analysis.payment, self.analysis.rules

    def payment_values(self) -> dict[str, Any]:
        """The riichi payment page's values for the analysed hand: the counted fu exactly."""
        hand, rules = self.payment_inputs()
        values: dict[str, Any] = (
            {"yakuman": hand.yakuman} if hand.yakuman else {"han": hand.han, "fu": hand.fu}
        )
        values.update(
            dealer=hand.dealer,
            win=hand.win,
            honba=hand.honba,
            riichi_sticks=hand.riichi_sticks,
            kiriage=rules.kiriage,
            kazoe=rules.kazoe,
            players=rules.players,
            sanma=rules.sanma,
            sanma_honba=rules.sanma_honba,
        )
        return values

    # --- what the page draws --------------------------------------------------------------
    def hand_context(self) -> dict[str, Any]:
        """As for any hand page; 2m–8m on the keyboard are marked as four-player tiles
        (hidden at a three-player table, and hidden or shown as the switch changes)."""
        context = super().hand_context()
        three = self.three_players
        for row in context["keyboard_rows"]:
            for face in row:
                if tile(face["code"]).kind in NOT_IN_SANMA:
                    face["players"] = "4"
                    face["hidden"] = three
        context["three_players"] = three
        return context
