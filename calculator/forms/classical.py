"""The classical (古典, 寧波式) form: all four hands' 副 and 番, who won, and the limit."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.forms.base import ParamForm
from calculator.params import ChoiceParam, DecimalParam, IntParam
from calculator.presenting import exact, format_args, money, payer_label
from calculator.scoring import classical as cl
from calculator.scoring.outcome import Note, Outcome, Step

Seat = cl.Seat

SEAT_LABELS = {
    Seat.E: _("East (東)"),
    Seat.S: _("South (南)"),
    Seat.W: _("West (西)"),
    Seat.N: _("North (北)"),
}

# Step and note arguments that name a seat.
SEAT_ARGS = ("seat", "from", "to", "a", "b")


def _fu(label: Any) -> IntParam:
    return IntParam(default=0, minimum=0, maximum=9999, label=label)


def _fan(label: Any) -> IntParam:
    return IntParam(default=0, minimum=0, maximum=13, label=label)


def signed(value: Fraction) -> str:
    """A net amount with its sign: '+160', '−220', '0'."""
    if value > 0:
        return f"+{money(value)}"
    if value < 0:
        return f"−{money(-value)}"
    return money(value)


class Form(ParamForm):
    slug = "classical"

    step_texts: ClassVar = {
        "seat_score": _("%(seat)s: %(fu)s 副 doubled for %(fan)s 番 = %(score)s"),
        "seat_score:no_fan": _("%(seat)s: %(fu)s 副, no 番 = %(score)s"),
        "limit_hand": _("%(seat)s has a 滿貫 hand: it scores the limit, %(limit)s"),
        "limit": _("%(seat)s: %(score)s is over the limit, so it counts as %(limit)s"),
        "half_limit": _(
            "%(seat)s has a 半滿貫 hand: %(score)s is raised to half the limit, %(half)s"
        ),
        "unit": _("The winner's %(value)s 副 × %(unit)s a 副 = %(points)s"),
        "collect": _("%(from)s pays the winner, %(to)s, %(amount)s (the winner's %(score)s)"),
        "collect:doubled": _(
            "%(from)s pays the winner, %(to)s, %(amount)s "
            "(the winner's %(score)s, doubled for the dealer)"
        ),
        "settle": _("%(from)s pays %(to)s %(amount)s (the difference, %(difference)s)"),
        "settle:doubled": _(
            "%(from)s pays %(to)s %(amount)s (the difference, %(difference)s, "
            "doubled for the dealer)"
        ),
        "even": _("%(a)s and %(b)s both score %(score)s: nothing changes hands"),
    }
    note_texts: ClassVar = {
        "capped": _(
            "%(seat)s's %(score)s 副 is over the %(limit)s 副 limit, so it counts as %(limit)s."
        ),
    }

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

    # --- engine -----------------------------------------------------------------------
    def _inputs(self) -> tuple[cl.Hand, cl.Rules]:
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

    def outcome(self) -> Outcome:
        return cl.score(*self._inputs())

    def unused_settings(self) -> frozenset[str]:
        return cl.unused_settings(*self._inputs())

    # --- words ------------------------------------------------------------------------
    def describe_step(self, step: Step) -> str:
        key = step.code
        if step.args.get("doubled"):
            key = f"{step.code}:doubled"
        elif step.code == "seat_score" and not step.args["fan"]:
            key = "seat_score:no_fan"
        template = self.step_texts.get(key)
        return str(template) % self.step_args(step) if template else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        return self._seats_named(super().step_args(step))

    def describe_note(self, note: Note) -> str:
        template = self.note_texts.get(note.code)
        if template is None:
            return super().describe_note(note)
        return str(template) % self._seats_named(format_args(note.args))

    @staticmethod
    def _seats_named(args: dict[str, object]) -> dict[str, object]:
        for key in SEAT_ARGS:
            if key in args:
                args[key] = payer_label(str(args[key]))
        return args

    def headline(self, outcome: Outcome) -> str:
        data = self.cleaned_data
        winner = data["winner"]
        score = next(p["score"] for p in outcome.extra["players"] if p["seat"] == winner.value)
        return gettext("%(winner)s wins with %(score)s 副: the winner receives %(amount)s") % {
            "winner": payer_label(winner.value),
            "score": money(score),
            "amount": money(outcome.winner_receives),
        }

    # --- the four hands and who pays whom ----------------------------------------------
    def reference(self) -> dict[str, Any]:
        hand, _rules = self._inputs()
        outcome = self.outcome()
        players = []
        for i, player in enumerate(outcome.extra["players"]):
            seat = Seat(player["seat"])
            players.append(
                {
                    "seat": seat.value,
                    "name": payer_label(seat.value),
                    "fu": hand.fu[i],
                    "fan": hand.fan[i],
                    "score": money(player["score"]),
                    "net": signed(player["net"]),
                    "net_exact": exact(player["net"]),
                    "winner": seat is hand.winner,
                    "dealer": seat is hand.dealer,
                }
            )
        owed = {(t["from"], t["to"]): t["amount"] for t in outcome.extra["transfers"]}
        grid = [
            {
                "name": payer_label(payer.value),
                "cells": [
                    {
                        "self": payer is payee,
                        "amount": money(owed[payer.value, payee.value])
                        if (payer.value, payee.value) in owed
                        else "",
                    }
                    for payee in cl.SEATS
                ],
            }
            for payer in cl.SEATS
        ]
        transfers = [
            {
                "from": t["from"],
                "to": t["to"],
                "text": gettext("%(payer)s pays %(payee)s")
                % {
                    "payer": payer_label(t["from"]),
                    "payee": payer_label(t["to"]),
                },
                "amount": money(t["amount"]),
                "exact": exact(t["amount"]),
            }
            for t in outcome.extra["transfers"]
        ]
        return {
            "players": players,
            "transfer_grid": grid,
            "transfer_columns": [payer_label(seat.value) for seat in cl.SEATS],
            "transfers": transfers,
            "fu_rows": FU_ROWS,
            "fan_rows": FAN_ROWS,
        }


# The 副 and 番 of rules.md § classical, for counting a hand by eye.
FU_ROWS = [
    {"what": _("Exposed pung (明刻)"), "simple": 2, "terminal": 4},
    {"what": _("Concealed pung (暗刻)"), "simple": 4, "terminal": 8},
    {"what": _("Exposed kong (明槓)"), "simple": 8, "terminal": 16},
    {"what": _("Concealed kong (暗槓)"), "simple": 16, "terminal": 32},
]
FAN_ROWS = [
    {"what": _("A pair of 番牌 (a dragon or your own seat wind)"), "value": _("2 副")},
    {"what": _("Winner only: 副底"), "value": _("10 副")},
    {
        "what": _("Winner only: 單吊, 邊張, 坎張 or 雙碰 wait; 自摸"),
        "value": _("2 副 each"),
    },
    {"what": _("Winner only: 嶺上開花, 海底撈月, 對對和"), "value": _("4 副 each")},
    {"what": _("A pung or kong of 番牌"), "value": _("1 番 each")},
    {"what": _("Winner only: 混一色"), "value": _("1 番")},
    {"what": _("Winner only: 清一色"), "value": _("3 番")},
    {"what": _("Winner only: 金雞奪食"), "value": _("4 番")},
    {
        "what": _("Winner only: 九蓮寶燈, 大三元, 四喜和, 天和, 十三不搭"),
        "value": _("滿貫"),
    },
    {"what": _("Winner only: 地和"), "value": _("半滿貫")},
]
