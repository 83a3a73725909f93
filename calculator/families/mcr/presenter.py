"""MCR results in words: points to payment, the headline, the common-totals table.

It reads only the `mcr.Hand` it is given, so the tile-entry page presents its analysis's
payment with it too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from calculator.families.mcr.forms import Form
from calculator.forms.base import WIN_SHORT
from calculator.presenters.base import Presenter as BasePresenter
from calculator.presenters.base import field_labels
from calculator.presenting import money
from calculator.scoring import mcr


class Presenter(BasePresenter):
    labels = field_labels(Form)
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

    def headline(self) -> str:
        (hand,) = self.inputs
        if hand.flowers:
            template = _(
                "%(points)s points + %(flowers)s flowers, %(win)s: the winner receives %(amount)s"
            )
        else:
            template = _("%(points)s points, %(win)s: the winner receives %(amount)s")
        return template % {
            "points": hand.points,
            "flowers": hand.flowers,
            "win": WIN_SHORT[hand.win],
            "amount": money(self.outcome.winner_receives),
        }

    def extras(self) -> dict[str, Any]:
        (hand,) = self.inputs
        rows = tuple(
            {
                "points": row.points,
                "discarder_pays": money(row.discarder_pays),
                "discard_receives": money(row.discard_receives),
                "self_draw_each": money(row.self_draw_each),
                "self_draw_receives": money(row.self_draw_receives),
            }
            for row in mcr.reference_table(hand)
        )
        return {
            "reference_rows": rows,
            "current_points": hand.points,
            "reference_flowers": hand.flowers,
            "reference_heading": _reference_heading(hand.flowers),
            "flat": mcr.FLAT,
            "top_pattern": mcr.TOP_PATTERN,
        }

    def amount_unit(self) -> str:
        return gettext("Amounts in points (分).")


def _reference_heading(flowers: int) -> str:
    if not flowers:
        return gettext("MCR: common point totals, no flowers")
    return ngettext(
        "MCR: common point totals, with your %(flowers)s flower",
        "MCR: common point totals, with your %(flowers)s flowers",
        flowers,
    ) % {"flowers": flowers}
