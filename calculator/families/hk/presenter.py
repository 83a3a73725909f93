"""Hong Kong results in words: the fan-to-points steps, each payment, the headline, the
table rules in one line, and the 0–13 fan table."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.hk.forms import Form
from calculator.forms.base import WIN_SHORT
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import money, payer_label
from calculator.scoring import hk
from calculator.scoring.outcome import Payment, Step, Win

SCALE_NAMES = {
    hk.Scale.FULL: _("全辣"),
    hk.Scale.HALF: _("半辣"),
    hk.Scale.STEPPED: _("雙辣三辣"),
}
SPLIT_NAMES = {
    hk.Split.FULL: _("全銃"),
    hk.Split.HALF: _("半銃"),
    hk.Split.DEALER: _("莊家制"),
}
# Who the reference table's right-hand columns are for, by the roles of one row's shares.
SHARE_HEADS = {
    ("discarder", "other"): _("discarder / each other"),
    ("dealer", "other"): _("dealer / each other"),
    ("liable", "other"): _("liable player / each other"),
    ("other",): _("each pays"),
}
DEFAULTS = hk.Rules()


class Presenter(BasePresenter):
    labels = field_labels(Form)
    step_texts: ClassVar = {
        "cap": _("%(fan)s fan → capped at %(cap)s fan"),
        "table": _("%(fan)s fan → %(scale)s %(value)s"),
        "unit": _("%(value)s × %(unit)s a point = %(points)s"),
        "round_up": _("Payments under 1 are rounded up to 1: %(payments)s"),
        # One line per payment, by the rule that sets it (the engine's `rule`).
        "pay:full_discarder": _(
            "%(payer)s pays the whole %(points)s (全銃: the discarder pays it all)"
        ),
        "pay:full_other": _("%(payer)s pays 0 (全銃: only the discarder pays)"),
        "pay:half_discarder": _("%(payer)s pays half of %(points)s = %(amount)s (半銃)"),
        "pay:half_other": _("%(payer)s pays a quarter of %(points)s = %(amount)s (半銃)"),
        "pay:self_draw_half": _(
            "%(payer)s pays half of %(points)s = %(amount)s (自摸: all three pay)"
        ),
        "pay:self_draw_full": _(
            "%(payer)s pays the whole %(points)s (自摸: each pays the whole table value)"
        ),
        "pay:dealer": _(
            "%(payer)s pays half of %(points)s = %(amount)s (莊家制: the dealer pays double)"
        ),
        "pay:dealer_other": _(
            "%(payer)s pays a quarter of %(points)s = %(amount)s (莊家制: whoever threw the tile)"
        ),
        "pay:dealer_won": _(
            "%(payer)s pays half of %(points)s = %(amount)s "
            "(莊家制: the dealer won, so each pays double)"
        ),
        "pay:liable": _("%(payer)s pays all three shares: %(shares)s = %(amount)s"),
        "pay:liable_other": _("%(payer)s pays 0 (包自摸: the liable player pays for them)"),
    }
    note_texts: ClassVar = {
        "below_min_fan": _(
            "%(fan)s fan is under this table's minimum of %(min_fan)s. The payment is shown anyway."
        ),
        "capped": _("%(fan)s fan is over the %(cap)s-fan cap, so it pays as %(cap)s fan."),
        "liable": _(
            "包自摸: the liable player pays the whole %(amount)s and the other two pay nothing."
        ),
    }

    def describe_step(self, step: Step) -> str:
        key = f"pay:{step.args['rule']}" if step.code == "pay" else step.code
        template = self.step_texts.get(key)
        return str(template) % self.step_args(step) if template is not None else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if step.code == "table":
            args["scale"] = SCALE_NAMES[hk.Scale(step.args["scale"])]
        if "payer" in args:
            args["payer"] = payer_label(str(step.args["payer"]))
        if "shares" in args:
            args["shares"] = " + ".join(money(s) for s in step.args["shares"])
        if "payments" in args:
            args["payments"] = " / ".join(money(p) for p in step.args["payments"])
        return args

    def headline(self) -> str:
        result = self.result_line()
        return gettext("%(result)s (%(rules)s)") % {"result": result, "rules": self.rules_line()}

    def result_line(self) -> str:
        hand, _rules = self.inputs
        win = _("包自摸") if hand.liable else WIN_SHORT[hand.win]
        return gettext("%(fan)s fan, %(win)s: the winner receives %(amount)s") % {
            "fan": hand.fan,
            "win": win,
            "amount": money(self.outcome.winner_receives),
        }

    def rules_words(self) -> list[str]:
        """The stake (when the unit is not 1), then the three things every table must agree
        on (points table, split, cap), then any other rule set away from its default."""
        _hand, rules = self.inputs
        words: list[str] = []
        if rules.unit != DEFAULTS.unit:
            words.append(stake_name(rules.unit))
        words += [SCALE_NAMES[rules.scale], SPLIT_NAMES[rules.split]]
        words.append(gettext("%(cap)s-fan cap") % {"cap": rules.cap})
        if rules.self_draw_pay is not DEFAULTS.self_draw_pay:
            words.append(gettext("self-draw pays the whole value"))
        if rules.min_fan != DEFAULTS.min_fan:
            words.append(gettext("%(min_fan)s fan to win") % {"min_fan": rules.min_fan})
        if rules.round_up:
            words.append(gettext("under 1 counts as 1"))
        return [str(w) for w in words]

    def amount_unit(self) -> str:
        _hand, rules = self.inputs
        if rules.unit == 1:
            return gettext("Amounts in points (點).")
        return gettext("Amounts at %(unit)s a point (%(stake)s).") % {
            "unit": money(rules.unit),
            "stake": stake_name(rules.unit),
        }

    reference_reads = ("reference_rows", "reference_self_draw_head", "reference_discard_head")

    def reference_current(self) -> str:
        return f"fan-{self.inputs[0].fan}"

    def extras(self) -> dict[str, Any]:
        hand, rules = self.inputs
        table = hk.reference_table(hand, rules)
        rows = tuple(
            {
                "fan": row.fan,
                "full": money(row.full),
                "half": money(row.half),
                "self_draw": shown(row.self_draw_shares),
                "discard": shown(row.discard_shares),
            }
            for row in table
        )
        return {
            **self.each_player_extras(),
            "reference_rows": rows,
            "reference_self_draw_head": head(Win.SELF_DRAW, table[0].self_draw_shares),
            "reference_discard_head": head(Win.DISCARD, table[0].discard_shares),
        }


def stake_name(unit: Fraction) -> str:
    """The stake a unit stands for (一二蚊), or the unit itself when it is no stake."""
    for value, name in Form.stakes:
        if Fraction(value) == unit:
            return str(name)
    return gettext("%(unit)s a point") % {"unit": money(unit)}


def shown(shares: tuple[Payment, ...]) -> str:
    """One cell of the reference table: the first payer's amount / each other's."""
    return " / ".join(money(p.amount) for p in shares)


def head(win: Win, shares: tuple[Payment, ...]) -> str:
    """The heading of a right-hand column: the win, then whose amounts the cells are."""
    who = SHARE_HEADS[tuple(p.payer for p in shares)]
    text = _("Self-draw: %(who)s") if win is Win.SELF_DRAW else _("Discard: %(who)s")
    return str(text) % {"who": who}
