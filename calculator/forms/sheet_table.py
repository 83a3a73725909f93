"""The table rules every family's sheet may take beside its own: several winners on one
discard (`multi_win`, riichi's `multi_win_counters`) and hk's 詐糊 default (`false_win`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.params import ChoiceParam
from calculator.scoring.sheet import FalseWin, MultiWinCounters, Table
from calculator.scoring.sheet_rules import MultiWin, SheetRules

FIELDS = {
    "multi_win": ChoiceParam(
        default=None,
        enum=MultiWin,
        labels={
            MultiWin.FIRST: _("Only the first after the discarder is paid (截糊)"),
            MultiWin.ALL: _("The discarder pays every winner (一炮多響)"),
            MultiWin.DOUBLE: _("Double ron: two are paid; three is an abortive draw"),
        },
        label=_("Several winners on one discard"),
    ),
    "multi_win_counters": ChoiceParam(
        default=MultiWinCounters.FIRST,
        enum=MultiWinCounters,
        labels={
            MultiWinCounters.FIRST: _("Honba to the first winner only"),
            MultiWinCounters.EACH: _("Honba to every winner"),
        },
        label=_("Honba with several winners"),
    ),
    "false_win": ChoiceParam(
        default=FalseWin.WHOLE,
        enum=FalseWin,
        labels={
            FalseWin.WHOLE: _("a whole self-draw at the cap to each"),
            FalseWin.SHARE: _("one share of it to each"),
        },
        label=_("A false win (詐糊) pays"),
    ),
}


class RulesForm(forms.Form):
    """These rules for the new-sheet page, as the family takes them: `multi_win` offers
    the family's choices, its own default first."""

    def __init__(self, rules: SheetRules, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        for name in names_of(rules):
            self.fields[name] = copy.deepcopy(FIELDS[name])
        if "multi_win" in self.fields:
            field = self.fields["multi_win"]
            field.default = rules.multi_wins[0]
            field.choices = [
                (value, label) for value, label in field.choices if value in rules.multi_wins
            ]


def names_of(rules: SheetRules) -> tuple[str, ...]:
    """Which of these rules a family's sheet takes."""
    names = []
    if rules.multi_wins:
        names.append("multi_win")
        if rules.counters:
            names.append("multi_win_counters")
    if rules.false_win_rule:
        names.append("false_win")
    return tuple(names)


def read(table: Table, data: Mapping[str, Any]) -> tuple[Table, dict[str, str], dict[str, Any]]:
    """A new sheet's Table with these rules set, the rules to store (defaults left out),
    and the errors JSON of them."""
    taken = names_of(table.family)
    stored: dict[str, str] = {}
    errors: dict[str, Any] = {}
    values: dict[str, Any] = {}
    for name, field in FIELDS.items():
        if name not in data:
            continue
        if name not in taken:
            message = _("This table does not have this rule.")
            errors[name] = [{"code": "not_allowed", "message": str(message)}]
            continue
        try:
            value = field.clean(data[name])
        except forms.ValidationError as error:
            errors[name] = [{"code": error.code, "message": " ".join(error.messages)}]
            continue
        if name == "multi_win" and value not in table.family.multi_wins:
            error = forms.ValidationError(
                _("Choose one of: %(values)s."),
                code="not_allowed",
                params={"values": ", ".join(rule.value for rule in table.family.multi_wins)},
            )
            errors[name] = [{"code": "not_allowed", "message": " ".join(error.messages)}]
            continue
        values[name] = value
        default = table.family.multi_wins[0] if name == "multi_win" else field.default
        if value != default:
            stored[name] = field.encode(value)
    return (table if errors else replace(table, **values)), stored, errors


def stored(table: Table, rules: Mapping[str, str]) -> Table:
    """A stored sheet's Table with these rules set (validated when it was made)."""
    values = {
        name: FIELDS[name].clean(rules[name]) for name in names_of(table.family) if name in rules
    }
    return replace(table, **values) if values else table


def as_json(table: Table) -> dict[str, Any]:
    """SHEET.rules: each of these rules the family takes, with its value."""
    values = {
        "multi_win": table.several_winners,
        "multi_win_counters": table.multi_win_counters,
        "false_win": table.false_win,
    }
    return {name: values[name].value for name in names_of(table.family)}
