"""Hong Kong results in words: the fan-to-points steps, the headline, the 0–13 fan table."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_SHORT
from calculator.forms.hk import Form
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import money
from calculator.scoring import hk
from calculator.scoring.outcome import Step

SCALE_NAMES = {
    hk.Scale.FULL: _("全辣"),
    hk.Scale.HALF: _("半辣"),
    hk.Scale.STEPPED: _("雙辣三辣"),
}


class Presenter(BasePresenter):
    labels = field_labels(Form)
    step_texts: ClassVar = {
        "cap": _("%(fan)s fan → capped at %(cap)s fan"),
        "table": _("%(fan)s fan → %(scale)s %(value)s"),
        "unit": _("%(value)s × %(unit)s a point = %(points)s"),
        "round_up": _("Each payment under 1 is rounded up to 1"),
    }
    note_texts: ClassVar = {
        "below_min_fan": _(
            "%(fan)s fan is under this table's minimum of %(min_fan)s. The payment is shown anyway."
        ),
        "capped": _("%(fan)s fan is over the %(cap)s-fan cap, so it pays as %(cap)s fan."),
    }

    def step_args(self, step: Step) -> dict[str, object]:
        args = super().step_args(step)
        if step.code == "table":
            args["scale"] = SCALE_NAMES[hk.Scale(step.args["scale"])]
        return args

    def headline(self) -> str:
        hand, rules = self.inputs
        return _("%(fan)s fan, %(scale)s, %(win)s: the winner receives %(amount)s") % {
            "fan": hand.fan,
            "scale": SCALE_NAMES[rules.scale],
            "win": WIN_SHORT[hand.win],
            "amount": money(self.outcome.winner_receives),
        }

    def reference_current(self) -> str:
        return f"fan-{self.inputs[0].fan}"

    def extras(self) -> dict[str, Any]:
        hand, rules = self.inputs
        rows = tuple(
            {
                "fan": row.fan,
                "full": money(row.full),
                "half": money(row.half),
                "self_draw": money(row.self_draw),
                "discard": money(row.discard),
            }
            for row in hk.reference_table(hand, rules)
        )
        return {"reference_rows": rows}
