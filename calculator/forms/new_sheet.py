"""A new score sheet's request: the family, the players' names and the table rules, read by
the family's own form (and the sheet's own rules where the family has them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from calculator.families import FAMILIES
from calculator.forms import sheet_table
from calculator.forms.base import ParamForm
from calculator.forms.sheet import family_choices, family_sheet_of
from calculator.forms.sheet_params import NameParam
from calculator.scoring import sheet as sheet_engine


@dataclass(frozen=True)
class NewSheet:
    """A valid request to start a sheet."""

    family: str
    names: tuple[str, ...]
    rules: dict[str, str]  # to store: canonical table rules and the sheet's own
    table: sheet_engine.Table


def read_new_sheet(data: Mapping[str, Any]) -> NewSheet | dict[str, Any]:
    """A create request → a NewSheet, or the errors JSON (`{param: [{code, message}]}`)."""
    errors: dict[str, Any] = {}
    slug = str(data.get("family", "")).strip()
    if slug not in family_choices():
        errors["family"] = [
            {
                "code": "not_allowed" if slug else "required",
                "message": str(_("Choose one of: %(values)s."))
                % {"values": ", ".join(family_choices())},
            }
        ]
        return errors
    family = FAMILIES[slug]
    family_sheet = family_sheet_of(family)
    table_params = family_sheet.table_params
    table_data = QueryDict(mutable=True)
    for name in table_params:
        if name in data:
            table_data[name] = data[name]
    family_form = family.form(table_data)
    if not family_form.is_valid():
        errors.update({k: v for k, v in family_form.errors_json().items() if k in table_params})
    players = family_sheet.players_of(family_form) if family_form.is_valid() else 4
    names: list[str] = []
    name_field = NameParam(default="")
    for n in range(1, 5):
        key = f"name{n}"
        if n > players:
            if key in data:
                errors[key] = [
                    {
                        "code": "not_allowed",
                        "message": str(_("This table has %(count)s players.") % {"count": players}),
                    }
                ]
            continue
        try:
            names.append(name_field.clean(data.get(key)))
        except forms.ValidationError as error:
            errors[key] = [{"code": error.code or "invalid", "message": " ".join(error.messages)}]
    rules = {name: family_form.data[name] for name in table_params if name in family_form.data}
    table, own_rules, own_errors = family_sheet.read_table(data, players)
    rules.update(own_rules)
    errors.update(own_errors)
    table, ledger_rules, ledger_errors = sheet_table.read(table, data)
    rules.update(ledger_rules)
    errors.update(ledger_errors)
    if errors:
        return errors
    if family_form.is_valid():
        rules = {
            name: value
            for name, value in rules.items()
            if name not in table_params
            or family_form.cleaned_data[name] != family_form.fields[name].default
        }
        for name in table_params:
            if name in rules:
                rules[name] = family_form.fields[name].encode(family_form.cleaned_data[name])
    return NewSheet(slug, tuple(names), rules, table)


def stored_form(family: str, data: Mapping[str, Any]) -> ParamForm:
    """The family's form bound to values it read once (a sheet's table rules); ValueError
    if they no longer read."""
    form = FAMILIES[family].form(data)
    if not form.is_valid():
        raise ValueError(f"stored {family} values no longer read: {form.errors.as_data()}")
    return form


def table_rules_json(
    family: str, rules: Mapping[str, str], table: sheet_engine.Table | None = None
) -> dict[str, Any]:
    """SHEET.rules: every table rule with its value (defaults included), exact. `table`:
    the sheet's, when it was read already."""
    family_sheet = family_sheet_of(FAMILIES[family])
    family_form = stored_form(family, rules)  # validated when the sheet was made
    payload = {
        name: family_form.fields[name].json_value(family_form.cleaned_data[name])
        for name in family_sheet.table_params
    }
    if table is None:
        table = sheet_table.stored(
            family_sheet.table_of(rules, family_sheet.players_of(family_form)), rules
        )
    payload.update(family_sheet.rules_json(table))
    payload.update(sheet_table.as_json(table))
    return payload
