"""The riichi (立直麻雀) form: 飜 and 符 (given or counted), yakuman, seat, win, counters, sticks.

Units stay apart in every language: 飜 (han) is not 番 (fan), and 符 is fu.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.params import BoolParam, ChoiceParam, IntChoiceParam, IntParam
from calculator.presenting import format_args, money
from calculator.scoring import riichi
from calculator.scoring.outcome import Note, Outcome, Step, Win
from calculator.scoring.riichi import FuMode, Kazoe, Meld, Pair, Wait

WIN_LABELS = {
    Win.DISCARD: _("Ron (榮和): off a discard"),
    Win.SELF_DRAW: _("Tsumo (自摸): self-drawn"),
}
WIN_WORDS = {Win.DISCARD: _("ron"), Win.SELF_DRAW: _("tsumo")}
SEAT_WIN = {
    (False, Win.DISCARD): _("non-dealer ron"),
    (True, Win.DISCARD): _("dealer ron"),
    (False, Win.SELF_DRAW): _("non-dealer tsumo"),
    (True, Win.SELF_DRAW): _("dealer tsumo"),
}

LEVEL_NAMES = {
    "mangan": _("Mangan (滿貫)"),
    "haneman": _("Haneman (跳滿)"),
    "baiman": _("Baiman (倍滿)"),
    "sanbaiman": _("Sanbaiman (三倍滿)"),
    "kazoe_yakuman": _("Counted yakuman (累計役滿)"),
    "yakuman": _("Yakuman (役滿)"),
    "double_yakuman": _("Double yakuman (兩倍役滿)"),
    "3x_yakuman": _("Triple yakuman (三倍役滿)"),
    "4x_yakuman": _("Quadruple yakuman (四倍役滿)"),
    "5x_yakuman": _("Quintuple yakuman (五倍役滿)"),
    "6x_yakuman": _("Sextuple yakuman (六倍役滿)"),
}

MELD_LABELS = {
    Meld.RUN: _("Run or chi (順子): 0 fu"),
    Meld.PON_OPEN_SIMPLE: _("Called pon, 2–8 (明刻): 2 fu"),
    Meld.PON_OPEN_TERMINAL: _("Called pon, terminals or honours (明刻么九): 4 fu"),
    Meld.PON_CLOSED_SIMPLE: _("Concealed pon, 2–8 (暗刻): 4 fu"),
    Meld.PON_CLOSED_TERMINAL: _("Concealed pon, terminals or honours (暗刻么九): 8 fu"),
    Meld.KAN_OPEN_SIMPLE: _("Called kan, 2–8 (明槓): 8 fu"),
    Meld.KAN_OPEN_TERMINAL: _("Called kan, terminals or honours (明槓么九): 16 fu"),
    Meld.KAN_CLOSED_SIMPLE: _("Concealed kan, 2–8 (暗槓): 16 fu"),
    Meld.KAN_CLOSED_TERMINAL: _("Concealed kan, terminals or honours (暗槓么九): 32 fu"),
}
MELD_WORDS = {
    Meld.RUN: _("a run (順子)"),
    Meld.PON_OPEN_SIMPLE: _("a called pon of 2–8 (明刻)"),
    Meld.PON_OPEN_TERMINAL: _("a called pon of terminals or honours (明刻么九)"),
    Meld.PON_CLOSED_SIMPLE: _("a concealed pon of 2–8 (暗刻)"),
    Meld.PON_CLOSED_TERMINAL: _("a concealed pon of terminals or honours (暗刻么九)"),
    Meld.KAN_OPEN_SIMPLE: _("a called kan of 2–8 (明槓)"),
    Meld.KAN_OPEN_TERMINAL: _("a called kan of terminals or honours (明槓么九)"),
    Meld.KAN_CLOSED_SIMPLE: _("a concealed kan of 2–8 (暗槓)"),
    Meld.KAN_CLOSED_TERMINAL: _("a concealed kan of terminals or honours (暗槓么九)"),
}
WAIT_LABELS = {
    Wait.RYANMEN: _("Two-sided (兩面): 0 fu"),
    Wait.KANCHAN: _("Middle tile (嵌張): 2 fu"),
    Wait.PENCHAN: _("Edge, 12-3 or 7-89 (邊張): 2 fu"),
    Wait.TANKI: _("On the pair (單騎): 2 fu"),
    Wait.SHANPON: _("On either of two pairs (雙碰): 0 fu"),
}
WAIT_WORDS = {
    Wait.RYANMEN: _("two-sided (兩面)"),
    Wait.KANCHAN: _("middle tile (嵌張)"),
    Wait.PENCHAN: _("edge (邊張)"),
    Wait.TANKI: _("on the pair (單騎)"),
    Wait.SHANPON: _("on either of two pairs (雙碰)"),
}
PAIR_LABELS = {
    Pair.PLAIN: _("Plain: 0 fu"),
    Pair.YAKUHAI: _("Dragons, seat or round wind (役牌): 2 fu"),
    Pair.DOUBLE_WIND: _("Seat wind that is also the round wind (連風牌): 4 fu"),
}
PAIR_WORDS = {
    Pair.PLAIN: _("plain"),
    Pair.YAKUHAI: _("dragons, seat or round wind (役牌)"),
    Pair.DOUBLE_WIND: _("double wind (連風牌)"),
}
KAZOE_WORDS = {
    Kazoe.YAKUMAN: _("a counted yakuman (累計役滿)"),
    Kazoe.SANBAIMAN: _("sanbaiman and no more (三倍滿)"),
}
# Who a payment step is about; on a tsumo `non_dealer` is each of them.
PAYER_WORDS = {
    "discarder": _("The discarder"),
    "dealer": _("The dealer"),
    "non_dealer": _("Each non-dealer"),
}
# What one cell of the point table means, by seat and win type.
TABLE_READS = {
    (False, Win.DISCARD): _("Non-dealer ron: each cell is what the discarder pays."),
    (True, Win.DISCARD): _("Dealer ron: each cell is what the discarder pays."),
    (False, Win.SELF_DRAW): _(
        "Non-dealer tsumo: each cell reads “dealer / non-dealer”: what the dealer pays, "
        "then what each of the other two pays."
    ),
    (True, Win.SELF_DRAW): _("Dealer tsumo: each cell is what each of the three others pays."),
}
STRUCTURE_MELD_MESSAGE = _(
    "A called (open) meld cannot be in a closed hand. Untick “closed hand” or make this meld "
    "concealed. (On a 雙碰 ron, the one pon the discard completed is entered as called.)"
)


class Form(ParamForm):
    slug = "riichi"

    contradiction_messages: ClassVar = {
        "chiitoitsu": _("Seven pairs (七對子) cannot have a called meld: tick “closed hand”."),
        "closed": _(
            "An open hand needs a meld that could have been called: a run (chi) or a called "
            "pon or kan."
        ),
        "wait": _(
            "This wait does not fit the melds: two-sided, middle and edge waits need a run; "
            "雙碰 needs a pon (on a ron, the pon the discard completed, entered as called)."
        ),
        **{name: STRUCTURE_MELD_MESSAGE for name in riichi.MELD_PARAMS},
    }

    step_texts: ClassVar = {
        "fu_chiitoitsu": _("Seven pairs (七對子): %(fu)s fu, fixed"),
        "fu_pinfu_tsumo": _("平和 (pinfu) tsumo: %(fu)s fu"),
        "fu_pinfu_ron": _("平和 (pinfu) ron: %(fu)s fu"),
        "fu_base": _("Base fu (副底): %(fu)s"),
        "fu_closed_ron": _("Closed ron (門前榮和): +%(fu)s"),
        "fu_tsumo": _("Tsumo (自摸): +%(fu)s"),
        "fu_meld": _("Meld %(index)s, %(meld)s: +%(fu)s"),
        "fu_pair": _("Pair, %(pair)s: +%(fu)s"),
        "fu_wait": _("Wait, %(wait)s: +%(fu)s"),
        "fu_round": _("%(raw)s fu rounds up to %(fu)s fu"),
        "fu_open_minimum": _("An open hand of 20 fu counts as %(fu)s fu"),
        "yakuman": _("%(count)s× yakuman (役滿): %(value)s basic points; han and fu do not count"),
        "kazoe": _("%(han)s han counts as %(kazoe)s"),
        "level": _("%(han)s han → %(level)s: %(value)s basic points"),
        "basic_points": _(
            "Basic points (基本點): %(fu)s fu × %(factor)s (2 to the power of %(han)s han plus 2) "
            "= %(value)s"
        ),
        "kiriage": _("Kiriage (切上滿貫): %(value)s basic points count as mangan"),
        "payment": _("%(payer)s pays %(base)s × %(times)s = %(raw)s, rounded up to %(amount)s"),
        "honba": _("Counters (本場) × %(honba)s: each payer adds %(each)s"),
        "sticks": _("Riichi sticks (供託) × %(sticks)s: the winner also collects %(value)s"),
    }
    note_texts: ClassVar = {
        "impossible_han_fu": _(
            "No real hand has %(han)s han and %(fu)s fu on a %(win)s. The payment is shown anyway."
        ),
    }

    han = IntParam(
        default=3,
        minimum=1,
        maximum=13,
        label=_("Han (飜)"),
        help_text=_("1–13; 13 means 13 or more."),
    )
    fu = IntChoiceParam(default=30, allowed=riichi.TABLE_FU, label=_("Fu (符)"))
    yakuman = IntParam(
        default=0,
        minimum=0,
        maximum=6,
        label=_("Yakuman (役滿)"),
        help_text=_("0 for an ordinary hand; 1 for a yakuman, 2 for a double, up to 6."),
    )
    dealer = BoolParam(default=False, label=_("The winner is the dealer (親)"))
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )
    honba = IntParam(
        default=0,
        minimum=0,
        maximum=99,
        label=_("Counters (本場)"),
        help_text=_("+300 on a ron, +100 from each payer on a tsumo, for each counter."),
    )
    riichi_sticks = IntParam(
        default=0,
        minimum=0,
        maximum=99,
        label=_("Riichi sticks on the table (供託)"),
        help_text=_("1,000 each, collected by the winner."),
    )
    kiriage = BoolParam(
        default=False,
        label=_("4 han 30 fu and 3 han 60 fu are mangan (切上滿貫)"),
    )
    kazoe = ChoiceParam(
        default=Kazoe.YAKUMAN,
        enum=Kazoe,
        label=_("13 han or more, without a yakuman, is"),
        labels={
            Kazoe.YAKUMAN: _("a counted yakuman (累計役滿)"),
            Kazoe.SANBAIMAN: _("sanbaiman, no more (三倍滿, EMA rules)"),
        },
    )
    fu_mode = ChoiceParam(
        default=FuMode.GIVEN,
        enum=FuMode,
        radio=True,
        label=_("Fu (符)"),
        labels={FuMode.GIVEN: _("I know the fu"), FuMode.COUNT: _("Count the fu for me")},
    )
    chiitoitsu = BoolParam(default=False, label=_("Seven pairs (七對子): 25 fu"))
    closed = BoolParam(default=True, label=_("Closed hand (門前): nothing called"))
    wait = ChoiceParam(
        default=Wait.RYANMEN, enum=Wait, labels=WAIT_LABELS, label=_("The winning wait")
    )
    pair = ChoiceParam(default=Pair.PLAIN, enum=Pair, labels=PAIR_LABELS, label=_("The pair"))
    m1 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 1"))
    m2 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 2"))
    m3 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 3"))
    m4 = ChoiceParam(default=Meld.RUN, enum=Meld, labels=MELD_LABELS, label=_("Meld 4"))

    # --- engine inputs ----------------------------------------------------------------
    def _structure(self) -> riichi.Structure:
        data = self.cleaned_data
        return riichi.Structure(
            chiitoitsu=data["chiitoitsu"],
            closed=data["closed"],
            wait=data["wait"],
            pair=data["pair"],
            melds=tuple(data[name] for name in riichi.MELD_PARAMS),  # type: ignore[arg-type]
        )

    def _inputs(self) -> tuple[riichi.Hand, riichi.Rules]:
        data = self.cleaned_data
        hand = riichi.Hand(
            han=data["han"],
            fu=data["fu"],
            yakuman=data["yakuman"],
            dealer=data["dealer"],
            win=data["win"],
            honba=data["honba"],
            riichi_sticks=data["riichi_sticks"],
            fu_mode=data["fu_mode"],
            structure=self._structure(),
        )
        return hand, riichi.Rules(kiriage=data["kiriage"], kazoe=data["kazoe"])

    def contradictions(self) -> dict[str, str]:
        data = self.cleaned_data
        # The structure only exists while it is counted (the engine's own rule).
        if data["fu_mode"] is not FuMode.COUNT or data["yakuman"] > 0:
            return {}
        return riichi.structure_errors(self._structure(), data["win"])

    def outcome(self) -> Outcome:
        return riichi.score(*self._inputs())

    def unused_settings(self) -> frozenset[str]:
        return riichi.unused_settings(*self._inputs())

    # --- words ------------------------------------------------------------------------
    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        raw = step.args
        if step.code == "fu_meld":
            args["meld"] = MELD_WORDS[Meld(raw["meld"])]
        elif step.code == "fu_pair":
            args["pair"] = PAIR_WORDS[Pair(raw["pair"])]
        elif step.code == "fu_wait":
            args["wait"] = WAIT_WORDS[Wait(raw["wait"])]
        elif step.code == "kazoe":
            args["kazoe"] = KAZOE_WORDS[Kazoe(raw["kazoe"])]
        elif step.code == "level":
            args["level"] = LEVEL_NAMES[str(raw["level"])]
        elif step.code == "basic_points":
            args["factor"] = money(2 ** (int(str(raw["han"])) + 2))
        elif step.code == "payment":
            args["payer"] = PAYER_WORDS[str(raw["payer"])]
        return args

    def describe_step(self, step: Step) -> str:
        args = self.step_args(step)
        if step.code == "payment" and step.args["raw"] == step.args["amount"]:
            return gettext("%(payer)s pays %(base)s × %(times)s = %(amount)s") % args
        if step.code == "honba" and self.cleaned_data["win"] is Win.DISCARD:
            return gettext("Counters (本場) × %(honba)s: the discarder adds %(each)s") % args
        return super().describe_step(step)

    def describe_note(self, note: Note) -> str:
        if note.code == "impossible_han_fu":
            args = format_args(note.args)
            args["win"] = WIN_WORDS[Win(note.args["win"])]
            return str(self.note_texts["impossible_han_fu"]) % args
        return super().describe_note(note)

    def headline(self, outcome: Outcome) -> str:
        data = self.cleaned_data
        if data["yakuman"] > 0:
            hand = LEVEL_NAMES[str(outcome.level)]
        elif outcome.level and data["han"] >= 5:
            hand = gettext("%(han)s han, %(level)s") % {
                "han": data["han"],
                "level": LEVEL_NAMES[outcome.level],
            }
        else:
            hand = gettext("%(han)s han %(fu)s fu") % {"han": data["han"], "fu": outcome.fu}
        return gettext("%(hand)s, %(seat_win)s: the winner receives %(amount)s") % {
            "hand": hand,
            "seat_win": SEAT_WIN[(data["dealer"], data["win"])],
            "amount": money(outcome.winner_receives),
        }

    # --- which fu fields the page shows -------------------------------------------------
    def _raw_mode(self) -> str:
        return str(self.data.get("fu_mode", FuMode.GIVEN.value)).strip()

    def _has_error(self, names: tuple[str, ...]) -> bool:
        return any(name in self.errors for name in names)

    @property
    def shows_given_fu(self) -> bool:
        """The `fu` field: in given mode, or whenever it holds an error to fix."""
        return self._raw_mode() != FuMode.COUNT.value or self._has_error(("fu",))

    @property
    def shows_count_fields(self) -> bool:
        """The structure fields: in count mode, or whenever one holds an error to fix."""
        return self._raw_mode() != FuMode.GIVEN.value or self._has_error(riichi.STRUCTURE_PARAMS)

    # --- the result's riichi parts ------------------------------------------------------
    def reference(self) -> dict[str, Any]:
        hand, rules = self._inputs()
        outcome = riichi.score(hand, rules)
        counted = hand.fu_mode is FuMode.COUNT and hand.yakuman == 0
        fu_lines = [self.describe_step(s) for s in outcome.steps if s.code.startswith("fu_")]
        return {
            "level_name": LEVEL_NAMES[outcome.level] if outcome.level else "—",
            "fu_shown": outcome.fu if outcome.fu is not None else "—",
            "fu_lines": fu_lines if counted else [],
            "counted_fu": outcome.fu,
        }

    def reference_key(self) -> Hashable:
        hand, rules = self._inputs()
        return (hand.dealer, hand.win, hand.honba, rules)

    def reference_current(self) -> str:
        """`3-40` for a cell of the 飜 × 符 grid, or the limit's level (`haneman`)."""
        hand, rules = self._inputs()
        outcome = riichi.score(hand, rules)
        if hand.yakuman == 0 and hand.han <= max(riichi.TABLE_HAN):
            return f"{hand.han}-{outcome.fu}"
        if outcome.level in ("kazoe_yakuman", "yakuman"):
            return "yakuman"
        return outcome.level or ""  # mangan … sanbaiman; nothing past a single yakuman

    def reference_tables(self) -> dict[str, Any]:
        hand, rules = self._inputs()
        table = riichi.point_table(hand, rules)
        rows = [
            {
                "han": row.han,
                "cells": [
                    {
                        "fu": fu,
                        "text": _cell_text(entry),
                        "limit": entry is not None and entry.level is not None,
                    }
                    for fu, entry in zip(table.fus, row.cells, strict=True)
                ],
            }
            for row in table.rows
        ]
        limits = [
            {
                "level": limit.level,
                "name": LEVEL_NAMES[limit.level],
                "hans": _han_range(limit.min_han, limit.max_han),
                "text": _cell_text(limit.cell),
            }
            for limit in table.limits
        ]
        return {
            "point_fus": table.fus,
            "point_rows": rows,
            "point_limits": limits,
            "point_title": SEAT_WIN[(hand.dealer, hand.win)],
            "point_reads": TABLE_READS[(hand.dealer, hand.win)],
            "point_honba": (
                gettext("Counters (本場) × %(honba)s included.") % {"honba": hand.honba}
                if hand.honba
                else ""
            ),
        }


def _cell_text(cell: riichi.Cell | None) -> str:
    """'3,900', or 'dealer / non-dealer' on a non-dealer tsumo; '—' where no hand exists."""
    if cell is None:
        return "—"
    return " / ".join(money(amount) for amount in cell.amounts)


def _han_range(low: int | None, high: int | None) -> str:
    if low is None:
        return gettext("yakuman hands only")
    if high is None:
        return gettext("%(han)s+ han") % {"han": low}
    if high == low:
        return gettext("%(han)s han") % {"han": low}
    return gettext("%(low)s–%(high)s han") % {"low": low, "high": high}
