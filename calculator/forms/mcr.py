"""The MCR (國標麻將) form: pattern points, flowers and the win type. No table rules."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext_lazy as _

from calculator.forms.base import WIN_LABELS, WIN_SHORT, ParamForm
from calculator.params import ChoiceParam, IntParam
from calculator.presenting import money
from calculator.scoring import mcr
from calculator.scoring.outcome import Outcome, Win


class Form(ParamForm):
    slug = "mcr"
    # The family switch asks `{% if f.form %}`; Django would call the class (and fail) and
    # show the family as "coming soon". ParamForm itself should carry this (see the report).
    do_not_call_in_templates = True

    step_texts: ClassVar = {
        "mcr_points": _("%(points)s pattern points + %(flowers)s flowers = %(total)s"),
        "mcr_base": _("%(total)s + the flat %(flat)s (底分) = %(base)s"),
        "mcr_discard": _(
            "Discard: the discarder pays %(discarder)s, the other two %(other)s each; "
            "the winner receives %(receives)s"
        ),
        "mcr_self_draw": _(
            "Self-draw: each of the three pays %(each)s; the winner receives %(receives)s"
        ),
    }
    note_texts: ClassVar = {
        "below_min_points": _(
            "A hand of %(points)s pattern points is under the minimum of %(min_points)s to win "
            "(八番起和); flowers never count toward it. The payment is shown anyway."
        ),
    }

    points = IntParam(
        default=8,
        minimum=0,
        maximum=1000,
        label=_("Pattern points (分)"),
        help_text=_(
            "The hand's pattern points, flowers not included. A hand needs 8 to win (八番起和)."
        ),
    )
    flowers = IntParam(
        default=0,
        minimum=0,
        maximum=8,
        label=_("Flowers (花牌)"),
        help_text=_("Flower and season tiles, 1 point each (0–8)."),
    )
    win = ChoiceParam(
        default=Win.DISCARD, enum=Win, labels=WIN_LABELS, radio=True, label=_("How it was won")
    )

    def _hand(self) -> mcr.Hand:
        data = self.cleaned_data
        return mcr.Hand(points=data["points"], flowers=data["flowers"], win=data["win"])

    def outcome(self) -> Outcome:
        return mcr.score(self._hand())

    def unused_settings(self) -> frozenset[str]:
        return mcr.unused_settings(self._hand())

    def reference(self) -> dict[str, Any]:
        hand = self._hand()
        rows = [
            {
                "points": row.points,
                "discarder_pays": money(row.discarder_pays),
                "discard_receives": money(row.discard_receives),
                "self_draw_each": money(row.self_draw_each),
                "self_draw_receives": money(row.self_draw_receives),
            }
            for row in mcr.reference_table(hand)
        ]
        return {
            "reference_rows": rows,
            "current_points": hand.points,
            "reference_flowers": hand.flowers,
            "flat": mcr.FLAT,
        }

    def headline(self, outcome: Outcome) -> str:
        data = self.cleaned_data
        if data["flowers"]:
            template = _(
                "%(points)s points + %(flowers)s flowers, %(win)s: the winner receives %(amount)s"
            )
        else:
            template = _("%(points)s points, %(win)s: the winner receives %(amount)s")
        return template % {
            "points": data["points"],
            "flowers": data["flowers"],
            "win": WIN_SHORT[data["win"]],
            "amount": money(outcome.winner_receives),
        }
