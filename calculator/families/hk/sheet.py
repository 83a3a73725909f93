"""Hong Kong on a score sheet: the doubling, cap and stake are the table's; a hand is its fan
and win, and a 包自摸 names the liable player."""

from __future__ import annotations

from calculator.families.base import FamilySheet
from calculator.families.hk.forms import Form

SHEET = FamilySheet(
    form=Form,
    table_params=("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up"),
    always_said=("fan",),
)
