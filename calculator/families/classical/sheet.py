"""Classical on a score sheet: every hand settles among all four by seat, so a sheet names
each player's 副 and 番 by player (`fu1` is East's `e_fu`) and has no discarder."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from calculator.families.base import FamilySheet
from calculator.families.classical.forms import Form
from calculator.presenting import isolated

SEATS = ("e", "s", "w", "n")  # players 1–4 sit East, South, West, North
# The per-seat fields, by player on a sheet: fu1 is East's `e_fu`.
CLASSICAL_FIELDS = {
    f"{kind}{n}": f"{seat}_{kind}" for kind in ("fu", "fan") for n, seat in enumerate(SEATS, 1)
}
BY_PLAYER = {seat: player for player, seat in CLASSICAL_FIELDS.items()}


@dataclass(frozen=True, eq=False)
class ClassicalSheet(FamilySheet):
    def field_name(self, name: str) -> str:
        return CLASSICAL_FIELDS.get(name, name)

    def sheet_name(self, field_name: str) -> str:
        return BY_PLAYER.get(field_name, field_name)

    def seat_values(self, winner: int) -> dict[str, str]:
        # The form's `winner` is a seat: the sheet's own `winner` (a player) gives it.
        return {"winner": SEATS[winner - 1]}

    def field_label(self, name: str, param: Any, names: Sequence[str]) -> Any:
        if name not in CLASSICAL_FIELDS:
            return None
        player = int(name[-1])
        return _("%(name)s: %(what)s") % {"name": isolated(names[player - 1]), "what": param.label}


SHEET = ClassicalSheet(
    form=Form, table_params=("limit", "unit"), seat_fields=("winner",), asks_discarder=False
)
