"""The new-sheet page (/sheets/new/) as a view-model: the family's table rules and the
players' names, filled from the query or what was sent."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from calculator.families import FAMILIES, Family
from calculator.forms import sheet_table
from calculator.forms.sheet import family_choices, family_sheet_of
from calculator.forms.sheet_params import NAME_LENGTH
from calculator.presenters.field_views import FieldView, first, from_bound, messages


@dataclass(frozen=True)
class FamilyLink:
    slug: str
    title: Any
    url: str
    current: bool


@dataclass(frozen=True)
class NameField:
    name: str
    label: str
    value: str
    errors: list[str]
    hidden: bool  # player 4 at a three-player riichi table
    help_text: str = ""


@dataclass(frozen=True)
class NewPage:
    family: Family
    families: tuple[FamilyLink, ...]
    names: tuple[NameField, ...]
    rules: tuple[FieldView, ...]
    errors: list[str]  # not about one field
    stakes: list[tuple[str, Any]]  # presets for the `unit` rule (empty: none)
    name_length: int = NAME_LENGTH


def new_page(slug: str, data: Mapping[str, Any], errors: Mapping[str, Any]) -> NewPage:
    """The new-sheet form for one family, filled from `data` (the query or what was sent)."""
    family = FAMILIES[slug]
    family_sheet = family_sheet_of(family)
    table = QueryDict(mutable=True)
    for name in family_sheet.table_params:
        if name in data:
            table[name] = first(data, name)
    form = family.form(table)
    rules = [from_bound(name, form[name], errors) for name in family_sheet.table_params]
    form.is_valid()
    players = family_sheet.players_of(form)
    extra = family_sheet.rules_form(
        {k: first(data, k) for k in family_sheet.rules_names if k in data}
    )
    for name in family_sheet.rules_names if extra is not None else ():
        bound = extra[family_sheet.rules_field(name)]
        view = from_bound(name, bound, errors)
        if bound.field.default in (None, ()) and not first(data, name):
            view.current = ""  # optional: left empty, the rule's default applies
        rules.append(view)
    taken = sheet_table.names_of(family_sheet.table_rules)
    ledger = sheet_table.RulesForm(
        family_sheet.table_rules, {k: first(data, k) for k in taken if k in data}
    )
    rules += [from_bound(name, ledger[name], errors) for name in taken]
    names = tuple(
        NameField(
            name=f"name{n}",
            label=(_("Player %(n)s, deals first") if n == 1 else _("Player %(n)s")) % {"n": n},
            value=first(data, f"name{n}"),
            errors=messages(errors, f"name{n}"),
            hidden=n > players,
            help_text=(
                _("Leave this empty at a three-player table.")
                if n == 4 and players == 4 and 3 in family_sheet.table_sizes
                else ""
            ),
        )
        for n in range(1, 5)
    )
    links = tuple(
        FamilyLink(
            other,
            FAMILIES[other].name,
            reverse("sheet_new") + "?" + urlencode({"family": other}),
            other == slug,
        )
        for other in family_choices()
    )
    shown = {"family", *family_sheet.table_params, *family_sheet.rules_names, *taken}
    shown |= {f"name{n}" for n in range(1, 5)}
    loose = [
        str(error["message"])
        for name, found in errors.items()
        if name not in shown
        for error in found
    ]
    loose += messages(errors, "family")
    return NewPage(family, links, names, tuple(rules), loose, family.form.stakes)


def new_page_query(slug: str, data: Mapping[str, Any]) -> str:
    """The address of the new-sheet form with these rules: family and table rules only,
    never names, so the link a calculator page makes is safe to share."""
    family_sheet = family_sheet_of(FAMILIES[slug])
    names = ("family", *family_sheet.table_params, *family_sheet.rules_names)
    names += sheet_table.names_of(family_sheet.table_rules)
    pairs = [(name, first(data, name)) for name in names if name in data]
    if "family" not in data:
        pairs.insert(0, ("family", slug))
    return reverse("sheet_new") + "?" + urlencode(pairs, safe=",")
