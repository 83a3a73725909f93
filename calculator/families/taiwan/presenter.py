"""Taiwanese results in words: each payment as 底 + 台 × 台數, the dealer's line named, and
what each 台數 costs at this table's stakes and streak."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.taiwan.forms import DEFAULTS, Form
from calculator.presenters.base import PlayerLine, field_labels
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenting import money, payer_label
from calculator.scoring import taiwan as tw
from calculator.scoring.outcome import Step, Win

EACH_OF = {2: _("Each of the other two"), 3: _("Each of the three")}
WIN_WORDS = {Win.DISCARD: _("放槍"), Win.SELF_DRAW: _("自摸")}


def stake(rules: tw.Rules) -> str:
    """The stakes as a table says them: "100/20" (底/台)."""
    return f"{money(rules.base)}/{money(rules.per_tai)}"


def streak_words(streak: int, streak_tai: int) -> str:
    """連2拉2, or 連2 where a 連莊 hand adds one 台; "" for a dealer's first hand."""
    if not streak:
        return ""
    if streak_tai == 2:
        return gettext("連%(n)s拉%(n)s") % {"n": streak}
    return gettext("連%(n)s") % {"n": streak}


class Presenter(BasePresenter):
    labels = field_labels(Form)
    step_texts: ClassVar = {
        "dealer_tai": _(
            "The dealer's 台: 1 for dealing + %(streak_tai)s × %(streak)s (連莊) = %(value)s 台"
        ),
        "pay:plain": _("%(payer)s pays 底 %(base)s + %(per_tai)s × %(tai)s 台 = %(amount)s"),
        "pay:dealer": _(
            "%(payer)s pays 底 %(base)s + %(per_tai)s × (%(tai)s + %(dealer_tai)s) 台 "
            "= %(amount)s (the dealer's 台 count on this payment)"
        ),
        "pay:capped": _(
            "%(payer)s: %(tai)s + %(dealer_tai)s = %(total)s 台, capped at %(counted)s: "
            "底 %(base)s + %(per_tai)s × %(counted)s = %(amount)s"
        ),
        "discard_only": _("放槍: only the discarder pays; the other two pay nothing"),
    }
    note_texts: ClassVar = {
        "capped": _(
            "%(tai)s 台 is over this table's cap of %(cap)s, so that payment counts %(cap)s 台."
        ),
    }
    reference_reads = ("reference_rows", "reference_dealer_head", "reference_stake")

    def _role_label(self, role: str, count: int = 1) -> Any:
        hand, _rules = self.inputs
        if role == "discarder" and hand.dealer is tw.Dealer.DISCARDER:
            return _("The discarder (the dealer)")
        if role == "discarder":
            return _("The discarder (放槍)")
        if count > 1:
            return EACH_OF[count]
        return payer_label(role)

    def describe_step(self, step: Step) -> str:
        key = step.code
        if key == "pay":
            args = step.args
            total = args["tai"] + args["dealer_tai"]
            key = (
                "pay:capped"
                if args["counted"] != total
                else ("pay:dealer" if args["dealer_tai"] else "pay:plain")
            )
        template = self.step_texts.get(key)
        return str(template) % self.step_args(step) if template is not None else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if step.code == "pay":
            args["payer"] = self._role_label(str(step.args["payer"]), int(step.args["count"]))
            args["total"] = step.args["tai"] + step.args["dealer_tai"]
        return args

    def headline(self) -> str:
        return gettext("%(result)s (%(rules)s)") % {
            "result": self.result_line(),
            "rules": self.rules_line(),
        }

    def result_line(self) -> str:
        hand, _rules = self.inputs
        return gettext("%(tai)s 台, %(win)s: the winner receives %(amount)s") % {
            "tai": hand.tai,
            "win": WIN_WORDS[hand.win],
            "amount": money(self.outcome.winner_receives),
        }

    def sentence(self) -> str:
        """Who pays it, the dealer's payment named."""
        hand, _rules = self.inputs
        first, *rest = self.outcome.payments
        if hand.win is Win.DISCARD:
            return gettext("%(payer)s pays all %(amount)s; the other two pay nothing.") % {
                "payer": self._role_label(first.payer),
                "amount": money(first.amount),
            }
        if first.payer == "dealer":
            return gettext("The dealer pays %(dealer)s, the other two %(amount)s each.") % {
                "dealer": money(first.amount),
                "amount": money(rest[0].amount),
            }
        return gettext("Each of the three pays %(amount)s.") % {"amount": money(first.amount)}

    def rules_words(self) -> list[str]:
        """The stakes always (底/台), then the 連莊 rule and the cap where they differ."""
        _hand, rules = self.inputs
        words = [gettext("底/台 %(stake)s") % {"stake": stake(rules)}]
        if rules.streak_tai != DEFAULTS.streak_tai:
            words.append(gettext("連莊 adds 1 台 a hand"))
        if rules.cap:
            words.append(gettext("%(cap)s 台 cap") % {"cap": rules.cap})
        return words

    # --- the first card: the dealer's line named --------------------------------------
    def player_lines(self) -> tuple[PlayerLine, ...]:
        hand, rules = self.inputs
        lines = list(super().player_lines())
        said = streak_words(hand.streak, rules.streak_tai)
        for i, line in enumerate(lines):
            dealer_line = (
                (line.winner and hand.dealer is tw.Dealer.WINNER)
                or (line.role == "discarder" and hand.dealer is tw.Dealer.DISCARDER)
                or line.role == "dealer"
            )
            if line.role == "discarder" and not dealer_line:
                lines[i] = replace(line, label=str(self._role_label(line.role)))
            if not dealer_line:
                continue
            label = (
                gettext("The winner (the dealer)")
                if line.winner
                else str(self._role_label(line.role))
            )
            if said:
                label = f"{label} · {said}"
            lines[i] = replace(line, label=label)
        return tuple(lines)

    # --- reference table ----------------------------------------------------------------
    def reference_current(self) -> str:
        return f"tai-{self.inputs[0].tai}"

    def extras(self) -> dict[str, Any]:
        hand, rules = self.inputs
        rows = tuple(
            {"tai": row.tai, "plain": money(row.plain), "dealer": money(row.dealer)}
            for row in tw.reference_table(hand, rules)
        )
        dealer_tai = tw.dealer_tai(hand.streak, rules)
        said = streak_words(hand.streak, rules.streak_tai)
        head = (
            gettext("With the dealer (%(streak)s: +%(tai)s 台)")
            if said
            else gettext("With the dealer (+%(tai)s 台)")
        ) % {"streak": said, "tai": dealer_tai}
        return {
            **self.each_player_extras(),
            "reference_rows": rows,
            "reference_dealer_head": head,
            "reference_stake": stake(rules),
        }
