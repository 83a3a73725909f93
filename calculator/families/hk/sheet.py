"""Hong Kong on a score sheet: the doubling, cap and stake are the table's; a hand is its fan
and win, and a 包自摸 names the liable player. The sheet keeps the round (圈): its wind is
worth 番 to a pung, so the tile page opened from the sheet is told it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from calculator.families.base import FamilySheet
from calculator.families.hk.forms import Form

# The round wind (圈風) moves on each time the deal has gone round the four players.
ROUNDS = (
    gettext_lazy("East round"),
    gettext_lazy("South round"),
    gettext_lazy("West round"),
    gettext_lazy("North round"),
)


class HkSheet(FamilySheet):
    def standing_line(self, result: Any, next_hand: str) -> str:
        wind, _hand_in_round = result.round
        return " · ".join((str(ROUNDS[wind]), next_hand))


SHEET = HkSheet(
    form=Form,
    table_params=("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up"),
    always_said=("fan",),
)
