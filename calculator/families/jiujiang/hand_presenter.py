"""A Jiujiang hand analysis in words: the patterns the tiles show, which one counts, and the
groups of four of a 豪華七對, for the hand page and the API."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.families.jiujiang.forms import PATTERN_NAMES
from calculator.families.jiujiang.hand_forms import Result
from calculator.families.jiujiang.presenter import Presenter as JiujiangPresenter
from calculator.scoring import jiujiang as jj

# What the tiles show for each pattern (the fan list's second column).
PATTERN_SHAPES = {
    jj.Pattern.PINGHU: _("four sets and a pair, no other pattern"),
    jj.Pattern.PENGPENG: _("four pungs or kongs and a pair"),
    jj.Pattern.HUNYISE: _("one suit plus honours"),
    jj.Pattern.QIDUI: _("seven different pairs"),
    jj.Pattern.QINGYISE: _("one suit, no honours"),
    jj.Pattern.HAOHUA: _("seven pairs with four identical tiles as two pairs"),
}


class PaymentPresenter(JiujiangPresenter):
    """The jiujiang payment presenter, with the note the analysis adds."""

    note_texts: ClassVar = {
        **JiujiangPresenter.note_texts,
        "haohua_groups_capped": _(
            "The pairs include %(groups)s groups of four; 豪華七對 counts at most %(counted)s."
        ),
    }


class HandPresenter:
    """Words for one analysed hand; `payment` is the presenter of its payment."""

    def __init__(self, result: Result, payment: JiujiangPresenter) -> None:
        self.result = result
        self.payment = payment

    def lines(self) -> list[dict[str, Any]]:
        analysis = self.result.hand
        counted = jj.counted_pattern(frozenset(analysis.patterns))
        # A second group of four raises 豪華七對 (16, or 12 with plus4): the line shows the
        # value the payment engine went on with, from its own step.
        steps = analysis.outcome.steps
        raised = next((s.args["value"] for s in steps if s.code == "haohua_extra"), None)
        lines = []
        for pattern in analysis.patterns:
            value = jj.PATTERN_VALUE[pattern]
            if pattern is jj.Pattern.HAOHUA and raised is not None:
                value = raised
            lines.append(
                {
                    "key": pattern.value,
                    "name": str(PATTERN_NAMES[pattern]),
                    "shape": str(PATTERN_SHAPES[pattern]),
                    "value": gettext("%(fan)s 番") % {"fan": value},
                    "counts": pattern is counted,
                }
            )
        return lines

    def context(self) -> dict[str, Any]:
        analysis = self.result.hand
        return {
            "jj_lines": self.lines(),
            "haohua_groups": analysis.haohua_groups,
            "hand_total": gettext("%(fan)s 番") % {"fan": analysis.fan},
            "reading": str(analysis.grouping.form),
        }

    def json(self) -> dict[str, Any]:
        return dict(self.result.hand.terms)
