"""Riichi (立直麻雀) results in words: fu lines, the han/fu ladder, the headline, the point table.

Everything is read from the engine's `Hand`/`Rules` and the one `Outcome`, so the tile-entry
page can present its analysis with the same words as the payment page.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from calculator.families.riichi.forms import Form
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import format_args, money
from calculator.scoring import riichi
from calculator.scoring.outcome import Note, Step, Win
from calculator.scoring.riichi import FuMode, Kazoe, Meld, Pair, Sanma, Wait

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
WAIT_WORDS = {
    Wait.RYANMEN: _("two-sided (兩面)"),
    Wait.KANCHAN: _("middle tile (嵌張)"),
    Wait.PENCHAN: _("edge (邊張)"),
    Wait.TANKI: _("on the pair (單騎)"),
    Wait.SHANPON: _("on either of two pairs (雙碰)"),
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
# Who a payment step is about; on a tsumo `non_dealer` is each of them (with three
# players and a non-dealer winner, the one other non-dealer).
PAYER_WORDS = {
    "discarder": _("The discarder"),
    "dealer": _("The dealer"),
    "non_dealer": _("Each non-dealer"),
    "other_non_dealer": _("The other non-dealer"),
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
# The same with three players (三麻); a ron reads as with four.
SANMA_TABLE_READS = {
    False: _(
        "Non-dealer tsumo, three players: each cell reads “dealer / non-dealer”: what the "
        "dealer pays, then what the other non-dealer pays."
    ),
    True: _("Dealer tsumo, three players: each cell is what each of the two others pays."),
}
# The table rules in a word or two, for the rules line under the result.
KIRIAGE_WORDS = {True: _("切上滿貫"), False: _("no 切上滿貫")}
KAZOE_RULE_WORDS = {
    Kazoe.YAKUMAN: _("13+ han: counted yakuman (累計役滿)"),
    Kazoe.SANBAIMAN: _("13+ han: sanbaiman (三倍滿)"),
}
SANMA_SHORT = {Sanma.LOSS: _("ツモ損"), Sanma.BISECTION: _("北家折半")}
SANMA_READS = {
    Sanma.LOSS: _("North's share is not paid (ツモ損)."),
    Sanma.BISECTION: _("North's share is split between the two payers (北家折半)."),
}


class Presenter(BasePresenter):
    inputs: tuple[riichi.Hand, riichi.Rules]
    labels = field_labels(Form)
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
        "fu_open_minimum": _("An open hand of %(counted)s fu counts as %(fu)s fu"),
        "yakuman": _("%(count)s× yakuman (役滿): %(value)s basic points; han and fu do not count"),
        "kazoe": _("%(han)s han counts as %(kazoe)s"),
        "level": _("%(han)s han → %(level)s: %(value)s basic points"),
        "basic_points": _(
            "Basic points (基本點): %(fu)s fu × %(factor)s (2 to the power of %(han)s han plus 2) "
            "= %(value)s"
        ),
        "kiriage": _("Kiriage (切上滿貫): %(value)s basic points count as mangan"),
        "payment": _("%(payer)s pays %(base)s × %(times)s = %(raw)s, rounded up to %(amount)s"),
        "sanma_loss": _(
            "Three players (三麻), ツモ損: the %(share)s the absent North seat would pay is "
            "not paid"
        ),
        "sanma_bisection": _(
            "Three players (三麻), 北家折半: the %(share)s the absent North seat would pay is "
            "split, %(half)s onto each payer before rounding"
        ),
        "honba": _("Counters (本場) × %(honba)s: each payer adds %(each)s"),
        "sticks": _("Riichi sticks (供託) × %(sticks)s: the winner also collects %(value)s"),
    }
    note_texts: ClassVar = {
        "impossible_han_fu": _(
            "No real hand has %(han)s han and %(fu)s fu on a %(win)s. The payment is shown anyway."
        ),
    }

    # --- steps and notes ------------------------------------------------------------------
    def step_args(self, step: Step) -> dict[str, object]:
        # The codes every hand has first: a sheet's answer words four steps a hand.
        args = format_args(step.args)
        code, raw = step.code, step.args
        if code == "payment":
            payer = str(raw["payer"])
            hand, rules = self.inputs
            if payer == "non_dealer" and rules.three_players and not hand.dealer:
                payer = "other_non_dealer"  # just the one
            args["payer"] = PAYER_WORDS[payer]
        elif code == "basic_points":
            args["factor"] = money(riichi.han_factor(int(str(raw["han"]))))
        elif code == "level":
            args["level"] = LEVEL_NAMES[str(raw["level"])]
        elif code == "kazoe":
            args["kazoe"] = KAZOE_WORDS[Kazoe(raw["kazoe"])]
        elif code == "fu_meld":
            args["meld"] = MELD_WORDS[Meld(raw["meld"])]
        elif code == "fu_pair":
            args["pair"] = PAIR_WORDS[Pair(raw["pair"])]
        elif code == "fu_wait":
            args["wait"] = WAIT_WORDS[Wait(raw["wait"])]
        return args

    def describe_step(self, step: Step) -> str:
        code = step.code
        if code == "payment" and step.args["raw"] == step.args["amount"]:
            template = gettext("%(payer)s pays %(base)s × %(times)s = %(amount)s")
        elif code == "honba" and self.inputs[0].win is Win.DISCARD:
            template = gettext("Counters (本場) × %(honba)s: the discarder adds %(each)s")
        else:
            template = self.step_texts.get(code)
            if template is None:
                return code
        return str(template) % self.step_args(step)

    def describe_note(self, note: Note) -> str:
        if note.code == "impossible_han_fu":
            args = format_args(note.args)
            args["win"] = WIN_WORDS[Win(note.args["win"])]
            return str(self.note_texts["impossible_han_fu"]) % args
        return super().describe_note(note)

    # --- the result -----------------------------------------------------------------------
    def headline(self) -> str:
        hand, _rules = self.inputs
        outcome = self.outcome
        if hand.yakuman > 0:
            words = LEVEL_NAMES[str(outcome.level)]
        elif outcome.level and hand.han >= 5:
            words = gettext("%(han)s han, %(level)s") % {
                "han": hand.han,
                "level": LEVEL_NAMES[outcome.level],
            }
        else:
            words = gettext("%(han)s han %(fu)s fu") % {"han": hand.han, "fu": outcome.fu}
        return gettext("%(hand)s, %(seat_win)s: the winner receives %(amount)s") % {
            "hand": words,
            "seat_win": self.seat_win(),
            "amount": money(outcome.winner_receives),
        }

    def seat_win(self) -> str:
        """'non-dealer tsumo', and with three players '… (three players, 三麻)'."""
        hand, rules = self.inputs
        words = str(SEAT_WIN[(hand.dealer, hand.win)])
        if rules.three_players:
            return gettext("%(seat_win)s (three players, 三麻)") % {"seat_win": words}
        return words

    reference_reads = (
        "point_fus",
        "point_rows",
        "point_limits",
        "point_title",
        "point_reads",
        "point_honba",
    )

    def reference_current(self) -> str:
        """`3-40` for a cell of the 飜 × 符 grid, or the limit's level (`haneman`)."""
        hand = self.inputs[0]
        outcome = self.outcome
        if hand.yakuman == 0 and hand.han <= max(riichi.TABLE_HAN):
            return f"{hand.han}-{outcome.fu}"
        if outcome.level in ("kazoe_yakuman", "yakuman"):
            return "yakuman"
        return outcome.level or ""  # mangan … sanbaiman; nothing past a single yakuman

    def extras(self) -> dict[str, Any]:
        return {**self.each_player_extras(), **self.cards(), **self.point_table()}

    def amount_unit(self) -> str:
        return gettext("Amounts in points (點).")

    def rules_words(self) -> list[str]:
        """The two rules tables differ on, always; with three players, the table and its own
        rules (the counter's worth only when it is not the usual)."""
        _hand, rules = self.inputs
        words = [
            KIRIAGE_WORDS[rules.kiriage],
            KAZOE_RULE_WORDS[rules.kazoe],
        ]
        if rules.three_players:
            words += [gettext("三麻"), SANMA_SHORT[rules.sanma]]
            if rules.sanma_honba != riichi.Rules().sanma_honba:
                words.append(
                    gettext("%(value)s a counter (本場)") % {"value": money(rules.sanma_honba)}
                )
        return [str(w) for w in words]

    def cards(self) -> dict[str, Any]:
        """The level and fu cards, and the fu line by line when they were counted."""
        hand = self.inputs[0]
        outcome = self.outcome
        counted = hand.fu_mode is FuMode.COUNT and hand.yakuman == 0
        fu_lines = (
            [self.describe_step(s) for s in outcome.steps if s.code.startswith("fu_")]
            if counted
            else []
        )
        # Counted fu have their own list on the page: the steps skip them, not say them twice.
        shown_steps = (
            {
                "shown_steps": [
                    self.describe_step(s) for s in outcome.steps if not s.code.startswith("fu_")
                ]
            }
            if fu_lines
            else {}
        )
        return {
            **shown_steps,
            "level_name": LEVEL_NAMES[outcome.level] if outcome.level else "—",
            "fu_shown": outcome.fu if outcome.fu is not None else "—",
            "fu_lines": fu_lines,
            "counted_fu": outcome.fu,
        }

    def point_table(self) -> dict[str, Any]:
        """The han × fu grid and the limit rows for this seat, win type, honba and rules."""
        hand, rules = self.inputs
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
            "point_title": self.seat_win(),
            "point_reads": self.table_reads(),
            "point_honba": (
                gettext("Counters (本場) × %(honba)s included.") % {"honba": hand.honba}
                if hand.honba
                else ""
            ),
        }

    def table_reads(self) -> str:
        """What one cell of the point table means, for this seat, win type and table."""
        hand, rules = self.inputs
        if not rules.three_players or hand.win is Win.DISCARD:
            return str(TABLE_READS[(hand.dealer, hand.win)])
        return f"{SANMA_TABLE_READS[hand.dealer]} {SANMA_READS[rules.sanma]}"


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
        return ngettext("%(han)s han", "%(han)s han", low) % {"han": low}
    return gettext("%(low)s–%(high)s han") % {"low": low, "high": high}
