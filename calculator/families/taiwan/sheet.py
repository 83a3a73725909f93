"""Taiwanese mahjong on a score sheet: the stakes are the table's, the 台數 each hand's; the
sheet works out who deals and the 連莊 streak, and whether a draw keeps the deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.families.base import FamilySheet
from calculator.families.taiwan.forms import DEFAULTS, Form
from calculator.families.taiwan.presenter import streak_words
from calculator.params import BoolParam
from calculator.scoring.sheet import Played, Table


class TaiwanSheetForm(forms.Form):
    """The sheet's own rule, beside the family's table rules."""

    draw_keeps = BoolParam(
        default=True,
        label=gettext_lazy("A drawn hand (流局) keeps the deal"),
        help_text=gettext_lazy("Off: the seat passes on a draw too, and the streak ends."),
    )


def _errors_json(form: forms.Form) -> dict[str, Any]:
    return {
        name: [
            {"code": error.code or "invalid", "message": " ".join(error.messages)}
            for error in found
        ]
        for name, found in form.errors.as_data().items()
    }


def _streak_tai(inputs: tuple | None) -> int:
    return inputs[1].streak_tai if inputs and len(inputs) > 1 else DEFAULTS.streak_tai


@dataclass(frozen=True, eq=False)
class TaiwanSheet(FamilySheet):
    def rules_form(self, data: Mapping[str, Any]) -> forms.Form:
        return TaiwanSheetForm(data)

    def read_table(
        self, data: Mapping[str, Any], players: int
    ) -> tuple[Table, dict[str, str], dict[str, Any]]:
        form = TaiwanSheetForm(data)
        if not form.is_valid():
            return Table(family=self.table_rules, players=players), {}, _errors_json(form)
        keeps = form.cleaned_data["draw_keeps"]
        rules = {} if keeps else {"draw_keeps": "0"}
        return Table(family=self.table_rules, players=players, draw_keeps=keeps), rules, {}

    def table_of(self, rules: Mapping[str, str], players: int) -> Table:
        form = TaiwanSheetForm(rules)
        if not form.is_valid():
            raise ValueError(f"a stored taiwan table rule no longer reads: {form.errors}")
        keeps = form.cleaned_data["draw_keeps"]
        return Table(family=self.table_rules, players=players, draw_keeps=keeps)

    def rules_json(self, table: Table) -> dict[str, Any]:
        return {"draw_keeps": table.draw_keeps}

    def rules_words(self, table: Table) -> list[str]:
        return [] if table.draw_keeps else [_("a draw passes the deal")]

    def hand_json(self, entry: Any, played: Played) -> dict[str, Any]:
        # The fold's hand counter is the streak here; riichi's 本場 do not exist.
        return {"honba": 0, "streak": played.honba}

    def sheet_json(self, result: Any) -> dict[str, Any]:
        return {"honba": 0, "streak": result.honba}

    def standing_line(self, result: Any, next_hand: str) -> str:
        # The table's 連莊 rule rides with every won hand's inputs.
        inputs = next((h.inputs for h in result.hands if h.inputs), None)
        said = streak_words(result.honba, _streak_tai(inputs))
        return f"{next_hand} · {said}" if said else next_hand

    def row_counters(self, played: Any, entry: Any, names: Sequence[str], deleted: bool) -> str:
        # The row already says who dealt; this is the streak they dealt on.
        return streak_words(played.honba, _streak_tai(entry.inputs))


SHEET = TaiwanSheet(
    form=Form,
    table_params=("base", "per_tai", "streak_tai", "cap"),
    supplied=("dealer", "streak"),
    always_said=("tai",),
    rules_names=("draw_keeps",),
)
