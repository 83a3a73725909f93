"""Jiujiang results in words: the pattern-to-money steps, the headline, each pattern's row."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.jiujiang.forms import PATTERN_NAMES, Form, filled
from calculator.forms.base import WIN_SHORT
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import money
from calculator.scoring import jiujiang as jj
from calculator.scoring.outcome import Step

P = jj.Pattern

MULTIPLIER_NAMES = {
    "self_draw": _("自摸 (self-draw)"),
    "gangkai": _("杠上開花 (a self-draw, doubled once)"),
    "qianggang": _("搶杠 (robbing a kong)"),
    "dealer": _("莊家 (the dealer won)"),
}

CAP_NAMES = {
    jj.Cap.FAN16.value: filled(_("%(cap)s 番封頂"), cap=jj.CAP_VALUE[jj.Cap.FAN16]),
    jj.Cap.MULT5.value: filled(_("%(cap)s 倍封頂"), cap=jj.CAP_VALUE[jj.Cap.MULT5]),
}


class Presenter(BasePresenter):
    labels = field_labels(Form)
    step_texts: ClassVar = {
        "pattern": _("%(pattern)s counts: %(value)s 番"),
        "pattern_ignored": _(
            "%(pattern)s counts: %(value)s 番 (%(ignored)s also fit but do not add: "
            "only the highest pattern counts)"
        ),
        "haohua_extra:double": _(
            "A second group of four doubles it: %(before)s × %(factor)s = %(value)s 番"
        ),
        "haohua_extra:plus4": _(
            "A second group of four adds %(add)s: %(before)s + %(add)s = %(value)s 番"
        ),
        "base_add": _("底番 added: %(before)s + %(add)s = %(value)s 番"),
        "base_skip:pinghu": _(
            "平胡's %(value)s 番 is the 底番 itself: nothing added (%(value)s 番)"
        ),
        "base_skip:never": _("This table does not add 底番: %(value)s 番"),
        "base_skip:seven_pairs": _(
            "Seven pairs is not a four-sets-and-a-pair hand: no 底番 added (%(value)s 番)"
        ),
        "multiply": _("× %(factor)s for %(reason)s: %(before)s → %(value)s 番"),
        "cap": _("%(fan)s 番 is over the cap (%(rule)s): it counts as %(cap)s 番"),
        "under_cap": _("%(fan)s 番 is within the cap (%(rule)s)"),
        "base": _("× 底番 %(base)s: %(before)s → %(value)s 番"),
        "unit": _("%(value)s 番 × %(unit)s a 番 = %(points)s"),
        "split:self_draw": _(
            "Self-draw: each of the other three pays one share, %(share)s; "
            "the winner receives %(total)s"
        ),
        "split:one": _("Discard: the discarder pays one share, %(share)s; the others pay nothing"),
        "split:three": _(
            "包三家: the discarder pays all three shares, %(total)s; the others pay nothing"
        ),
    }
    note_texts: ClassVar = {
        "capped": _("%(fan)s 番 is over the %(cap)s 番 cap, so it pays as %(cap)s 番."),
    }

    @staticmethod
    def _step_key(step: Step) -> str:
        args = step.args
        if step.code == "pattern":
            return "pattern_ignored" if args.get("ignored") else "pattern"
        if step.code == "haohua_extra":
            return f"haohua_extra:{args['extra']}"
        if step.code == "base_skip":
            return f"base_skip:{args['reason']}"
        if step.code == "split":
            return f"split:{args['mode']}"
        return step.code

    def describe_step(self, step: Step) -> str:
        template = self.step_texts.get(self._step_key(step))
        return str(template) % self.step_args(step) if template is not None else step.code

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if "pattern" in args:
            args["pattern"] = PATTERN_NAMES[P(step.args["pattern"])]
        if "ignored" in args:
            args["ignored"] = gettext(", ").join(
                str(PATTERN_NAMES[P(name)]) for name in step.args["ignored"]
            )
        if step.code == "haohua_extra":
            args["factor"] = jj.HAOHUA_FACTOR
            args["add"] = jj.HAOHUA_ADD
        if step.code == "multiply":
            args["reason"] = MULTIPLIER_NAMES[str(step.args["reason"])]
        if "rule" in args:
            args["rule"] = CAP_NAMES.get(str(step.args["rule"]), step.args["rule"])
        return args

    def headline(self) -> str:
        hand, _rules = self.inputs
        return gettext("%(pattern)s, %(win)s: the winner receives %(amount)s") % {
            "pattern": PATTERN_NAMES[jj.counted_pattern(hand.patterns)],
            "win": WIN_SHORT[hand.win],
            "amount": money(self.outcome.winner_receives),
        }

    def rules_words(self) -> list[str]:
        """The cap always; then the payer rule, 底番 and its adding, the 豪華七對 rule and
        the unit when they are away from their defaults."""
        _hand, rules = self.inputs
        default = jj.Rules()
        words = [CAP_NAMES.get(rules.cap.value, _("no cap"))]
        if rules.pay is jj.Pay.THREE:
            words.append(_("包三家"))
        if rules.base != default.base:
            words.append(gettext("底番 %(base)s") % {"base": rules.base})
        if rules.base_add is jj.BaseAdd.ALWAYS:
            words.append(_("底番 always added"))
        elif rules.base_add is jj.BaseAdd.NEVER:
            words.append(_("底番 never added"))
        if rules.haohua_extra is not default.haohua_extra:
            words.append(gettext("a second four adds %(add)s 番") % {"add": jj.HAOHUA_ADD})
        if rules.unit != default.unit:
            words.append(gettext("%(unit)s a 番") % {"unit": money(rules.unit)})
        return [str(w) for w in words]

    # --- reference table --------------------------------------------------------------
    def extras(self) -> dict[str, Any]:
        """Each pattern alone under the current multipliers, cap, 底番, unit and payer rule."""
        hand, rules = self.inputs
        counted = jj.counted_pattern(hand.patterns)
        rows = [
            {
                "pattern": row.pattern.value,
                "name": PATTERN_NAMES[row.pattern],
                "fan": money(row.fan),
                "discard": money(row.discard),
                "self_draw": money(row.self_draw),
                "current": row.pattern is counted,
            }
            for row in jj.reference_table(hand, rules)
        ]
        return {
            "reference_rows": rows,
            "reference_qianggang": hand.qianggang,
            "reference_pay_three": rules.pay is jj.Pay.THREE,
        }

    def amount_unit(self) -> str:
        _hand, rules = self.inputs
        if rules.unit == 1:
            return gettext("Amounts in 番.")
        return gettext("Amounts at %(unit)s a 番.") % {"unit": money(rules.unit)}
