"""Classical results in words: every seat's score, who pays whom, and the counting table."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.classical.forms import Form
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import exact, format_args, money, payer_label, signed
from calculator.scoring import classical as cl
from calculator.scoring.outcome import Note, Step

Seat = cl.Seat
Bonus = cl.Bonus

# Step and note arguments that name a seat.
SEAT_ARGS = ("seat", "from", "to", "a", "b")

MELD_NAMES = {
    cl.Meld.EXPOSED_PUNG: _("Exposed pung (明刻)"),
    cl.Meld.CONCEALED_PUNG: _("Concealed pung (暗刻)"),
    cl.Meld.EXPOSED_KONG: _("Exposed kong (明槓)"),
    cl.Meld.CONCEALED_KONG: _("Concealed kong (暗槓)"),
}
BONUS_NAMES = {
    Bonus.FANPAI_PAIR: _("A pair of 番牌 (a dragon or your own seat wind)"),
    Bonus.WIN_BASE: _("Winner only: 副底"),
    Bonus.WAIT: _("Winner only: 單吊, 邊張, 坎張 or 雙碰 wait; 自摸"),
    Bonus.LUCKY_WIN: _("Winner only: 嶺上開花, 海底撈月, 對對和"),
    Bonus.FANPAI_SET: _("A pung or kong of 番牌"),
    Bonus.HUNYISE: _("Winner only: 混一色"),
    Bonus.QINGYISE: _("Winner only: 清一色"),
    Bonus.JINJI: _("Winner only: 金雞奪食"),
}
# Rows that name several things, each worth the value.
BONUS_EACH = frozenset({Bonus.WAIT, Bonus.LUCKY_WIN, Bonus.FANPAI_SET})
LIMIT_ROWS = (
    (
        cl.WinnerLimit.FULL,
        _("Winner only: 九蓮寶燈, 大三元, 四喜和, 天和, 十三不搭"),
        _("滿貫"),
    ),
    (cl.WinnerLimit.HALF, _("Winner only: 地和"), _("半滿貫")),
)


def fu_rows() -> list[dict[str, Any]]:
    """The 副 of each set, simples and terminals, from the engine's values."""
    return [
        {
            "meld": meld.value,
            "what": MELD_NAMES[meld],
            "simple": cl.meld_fu(meld),
            "terminal": cl.meld_fu(meld, terminal=True),
        }
        for meld in cl.Meld
    ]


def fan_rows() -> list[dict[str, Any]]:
    """What else a hand adds, in 副 or 番, from the engine's values; then the limit hands."""
    rows: list[dict[str, Any]] = []
    for bonus in Bonus:
        each = bonus in BONUS_EACH
        if bonus in cl.BONUS_FU:
            text = gettext("%(fu)s 副 each") if each else gettext("%(fu)s 副")
            value = text % {"fu": cl.BONUS_FU[bonus]}
        else:
            text = gettext("%(fan)s 番 each") if each else gettext("%(fan)s 番")
            value = text % {"fan": cl.BONUS_FAN[bonus]}
        rows.append({"key": bonus.value, "what": BONUS_NAMES[bonus], "value": value})
    for limit, what, value in LIMIT_ROWS:
        rows.append({"key": f"limit_{limit.value}", "what": what, "value": value})
    return rows


class Presenter(BasePresenter):
    labels = field_labels(Form)
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

    def describe_step(self, step: Step) -> str:
        key = step.code
        if step.args.get("doubled"):
            key = f"{step.code}:doubled"
        elif step.code == "seat_score" and not step.args["fan"]:
            key = "seat_score:no_fan"
        template = self.step_texts.get(key)
        return str(template) % self.step_args(step) if template is not None else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        return _seats_named(super().step_args(step))

    def describe_note(self, note: Note) -> str:
        template = self.note_texts.get(note.code)
        if template is None:
            return super().describe_note(note)
        return str(template) % _seats_named(format_args(note.args))

    def headline(self) -> str:
        hand, _rules = self.inputs
        winner = hand.winner
        score = next(p["score"] for p in self.outcome.extra["players"] if p["seat"] == winner.value)
        return gettext("%(winner)s wins with %(score)s 副: %(nets)s") % {
            "winner": payer_label(winner.value),
            "score": money(score),
            "nets": self.nets_line(),
        }

    def rules_words(self) -> list[str]:
        """The limit always (tables differ on it), and the unit when it is not 1."""
        _hand, rules = self.inputs
        words = [gettext("滿貫 %(limit)s 副") % {"limit": rules.limit}]
        if rules.unit != cl.Rules().unit:
            words.append(gettext("%(unit)s a 副") % {"unit": money(rules.unit)})
        return words

    # --- every seat's money, first: the nets and who pays whom ---------------------------
    def nets_line(self) -> str:
        """Each seat's net in one line: 'East −220 · South +160 · West +186 · North −126'."""
        return " · ".join(
            gettext("%(seat)s %(net)s") % {"seat": payer_label(p["seat"]), "net": signed(p["net"])}
            for p in self.outcome.extra["players"]
        )

    def _paid_by(self, seat: str) -> list[dict[str, Any]]:
        return [t for t in self.outcome.extra["transfers"] if t["from"] == seat]

    def _pays_words(self, seat: str) -> str:
        """What one seat hands over, to whom: 'South 80, West 148'; "" when nothing."""
        return gettext(", ").join(
            gettext("%(payee)s %(amount)s")
            % {"payee": payer_label(t["to"]), "amount": money(t["amount"])}
            for t in self._paid_by(seat)
        )

    def sentence(self) -> str:
        """Who pays whom, payer by payer: 'East pays South 80, West 148; …'."""
        lines = [
            gettext("%(payer)s pays %(payees)s")
            % {"payer": payer_label(seat.value), "payees": self._pays_words(seat.value)}
            for seat in cl.SEATS
            if self._paid_by(seat.value)
        ]
        return gettext("; ").join(lines) if lines else gettext("Nobody pays anybody.")

    # --- the four hands, who pays whom, and the counting table -------------------------
    def extras(self) -> dict[str, Any]:
        hand, _rules = self.inputs
        outcome = self.outcome
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
                    "net_sign": "+" if player["net"] > 0 else "",
                    "pays": self._pays_words(seat.value),
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
            "first_card": "classical/first_card.html",
            "bar_text": self.nets_line(),
            "pays_label": gettext("Pays the winner"),  # the table lists only those payments
            "players": players,
            "transfer_grid": grid,
            "transfer_columns": [payer_label(seat.value) for seat in cl.SEATS],
            "transfers": transfers,
            "fu_rows": fu_rows(),
            "fan_rows": fan_rows(),
        }

    def amount_unit(self) -> str:
        _hand, rules = self.inputs
        if rules.unit == 1:
            return gettext("Amounts in 副.")
        return gettext("Amounts at %(unit)s a 副.") % {"unit": money(rules.unit)}


def _seats_named(args: dict[str, object]) -> dict[str, object]:
    for key in SEAT_ARGS:
        if key in args:
            args[key] = payer_label(str(args[key]))
    return args
