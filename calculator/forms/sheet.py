"""Score-sheet parameters: a new sheet (family, names, table rules) and one hand.

A hand is read by the family's own form, so a sheet's hand is validated exactly like the
calculator's parameters; the sheet adds who won and who discarded, and supplies what it
works out itself (the dealer, riichi's counters) — sending those is `not_allowed`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _

from calculator.families import FAMILIES, Family
from calculator.families.base import FamilySheet
from calculator.forms.base import ParamForm
from calculator.params import FULL_WIDTH_DIGITS, Param
from calculator.scoring import sheet as sheet_engine
from calculator.scoring.outcome import Win

PLAYER = re.compile(r"[0-9]{1,2}")  # ASCII digits only, and never a huge number to convert
NAME_LENGTH = 40
MAX_HANDS = 1000

# Refused on every family's hands: a counter one family's sheet keeps is never a hand's
# value in another's either (contract.md § Score sheets), so it is not silently dropped.
SHEET_COUNTERS = tuple(
    dict.fromkeys(
        name for family in FAMILIES.values() if family.sheet for name in family.sheet.supplied
    )
)
# The sheet's own fields per hand, stored with the family's.
OWN_HAND_FIELDS = ("riichi", "tenpai", "liable_player")

NOT_ALLOWED_SUPPLIED = _("The sheet keeps this itself from the hands before; leave it out.")
NOT_ALLOWED_TABLE = _("This is a table rule, fixed when the sheet was started.")


def family_choices() -> list[str]:
    return [slug for slug, family in FAMILIES.items() if family.sheet is not None]


def family_sheet_of(family: Family) -> FamilySheet:
    """The family's sheet adapter (only families with sheets are offered)."""
    if family.sheet is None:
        raise ValueError(f"{family.slug} has no score sheets")
    return family.sheet


def hand_params(family: Family) -> tuple[str, ...]:
    """The family's per-hand parameters as a sheet names them, in the form's order."""
    return family_sheet_of(family).hand_params


# The invisible characters a name may hold: Persian spelling and emoji sequences need them,
# and they reorder nothing.
JOINERS = frozenset({"\u200c", "\u200d"})


class NameParam(Param):
    """A player's name: any script, trimmed, 1–40 code points. Never translated or folded."""

    def clean(self, value: Any) -> str:
        text = "" if value is None else str(value).strip()
        if not text:
            raise forms.ValidationError(_("Enter the player's name."), code="required")
        if any(unicodedata.category(char) in ("Cc", "Cs") for char in text):
            # Control characters print as nothing (and PostgreSQL cannot store NUL).
            raise forms.ValidationError(
                _("A name cannot contain control characters."), code="invalid"
            )
        if any(unicodedata.category(char) == "Cf" and char not in JOINERS for char in text):
            # Invisible characters that change how the text around them is drawn: a
            # right-to-left override would turn "Bob pays Cat 40" into "04 taC syap boB".
            raise forms.ValidationError(
                _(
                    "A name cannot contain invisible formatting characters, such as direction marks."
                ),
                code="invalid",
            )
        if len(text) > NAME_LENGTH:
            raise forms.ValidationError(
                _("Use at most %(count)s characters."),
                code="out_of_range",
                params={"count": NAME_LENGTH},
            )
        return text


class PlayerParam(Param):
    """A player number, 1 to the number of players; `none` where `allow_none`."""

    def __init__(self, *, players: int, allow_none: bool = False, **kwargs: Any) -> None:
        super().__init__(default=None, **kwargs)
        self.allow_none = allow_none
        self.players = players

    def parse(self, text: str) -> int | None:
        if self.allow_none and text.lower() == "none":
            return None
        if not PLAYER.fullmatch(text) or not 1 <= int(text) <= self.players:
            raise forms.ValidationError(
                _("Choose a player from 1 to %(count)s."),
                code="out_of_range",
                params={"count": self.players},
            )
        return int(text)


class PlayersParam(Param):
    """A comma list of player numbers (riichi declarations, tenpai)."""

    def __init__(self, *, players: int, **kwargs: Any) -> None:
        super().__init__(default=(), **kwargs)
        self.players = players

    def clean(self, value: Any) -> tuple[int, ...]:
        if value is None:
            return ()
        text = str(value).strip()
        if not text:
            return ()  # an empty list: nobody
        parts = [part.strip().translate(FULL_WIDTH_DIGITS) for part in text.split(",")]
        if not all(PLAYER.fullmatch(part) and 1 <= int(part) <= self.players for part in parts):
            raise forms.ValidationError(
                _("List players from 1 to %(count)s, like 1,3."),
                code="invalid",
                params={"count": self.players},
            )
        players = tuple(sorted({int(part) for part in parts}))
        if len(players) != len(parts):
            raise forms.ValidationError(_("Name each player once."), code="invalid")
        return players

    def encode(self, value: tuple[int, ...]) -> str:
        return ",".join(map(str, value))

    def json_value(self, value: tuple[int, ...]) -> Any:
        return list(value)


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


def table_of(family: str, rules: Mapping[str, str], players: int) -> sheet_engine.Table:
    """The engine's Table of a stored sheet (its rules were validated when it was made)."""
    return family_sheet_of(FAMILIES[family]).table_of(rules, players)


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
        table = family_sheet.table_of(rules, family_sheet.players_of(family_form))
    payload.update(family_sheet.rules_json(table))
    return payload


@dataclass(frozen=True)
class ReadHand:
    """A valid hand: what to store and what the engine is given."""

    winner: int | None
    discarder: int | None
    params: dict[str, str]  # the hand's parameters to store, canonical, defaults left out
    entry: sheet_engine.Entry
    family_form: ParamForm


def own_fields(players: int) -> dict[str, Param]:
    """The sheet's own fields of one hand (the family's are read by the family form)."""
    return {
        "winner": PlayerParam(players=players, allow_none=True, label=_("Who won")),
        "discarder": PlayerParam(players=players, label=_("Who discarded the winning tile")),
        "riichi": PlayersParam(players=players, label=_("Who declared riichi (立直)")),
        "tenpai": PlayersParam(players=players, label=_("Who was tenpai (聽牌) at the draw")),
        "liable_player": PlayerParam(players=players, label=_("Who is liable (包自摸)")),
    }


OWN_FIELDS = {players: own_fields(players) for players in (3, 4)}


def read_hand(
    family: str,
    rules: Mapping[str, str],
    table: sheet_engine.Table,
    data: Mapping[str, Any],
) -> ReadHand | dict[str, Any]:
    """One hand as a request sends it → a ReadHand, or the errors JSON. Nothing is guessed:
    a field the sheet supplies or a table rule sent with a hand is `not_allowed`."""
    errors: dict[str, Any] = {}
    fields = OWN_FIELDS[table.players]
    values: dict[str, Any] = {}
    for name, field in fields.items():
        try:
            values[name] = field.clean(data.get(name))
        except forms.ValidationError as error:
            errors[name] = [{"code": error.code or "invalid", "message": " ".join(error.messages)}]
    if "winner" not in data and "winner" not in errors:
        errors["winner"] = [
            {
                "code": "required",
                "message": str(_("Choose who won, or “nobody” for a drawn hand.")),
            }
        ]
    # The family form's values, as lists: a MultiValueDict, which takes them as they are,
    # where a QueryDict converts and checks each one again.
    family_data = MultiValueDict()
    family_data.update(rules)
    family_sheet = family_sheet_of(FAMILIES[family])
    refusals = [(name, NOT_ALLOWED_SUPPLIED) for name in SHEET_COUNTERS]
    refusals += [(name, NOT_ALLOWED_TABLE) for name in family_sheet.table_params]
    refusals += list(family_sheet.refused.items())
    for name, message in refusals:
        if name in data:
            errors[name] = [{"code": "not_allowed", "message": str(message)}]
    names = family_sheet.hand_params
    getlist = getattr(data, "getlist", None)
    for name in names:
        if name in data:
            # Every value of a repeated parameter: the family's form takes the last of a
            # scalar and all of a list (Jiujiang's `pattern`).
            values_sent = getlist(name) if getlist else [data[name]]
            family_data.setlist(family_sheet.field_name(name), values_sent)
    winner = values.get("winner")
    if isinstance(winner, int):
        family_data.update(family_sheet.seat_values(winner))
    family_form = FAMILIES[family].form(family_data)
    if not family_form.is_valid():
        for name, found in family_form.errors_json().items():
            errors.setdefault(family_sheet.sheet_name(name), found)
    if errors:
        return errors
    entry = sheet_engine.Entry(
        winner=winner,
        discarder=values["discarder"],
        inputs=family_form.inputs,
        riichi=values["riichi"],
        tenpai=values["tenpai"],
        liable_player=values["liable_player"],
    )
    liable = getattr(entry.inputs[0], "liable", False) and winner is not None
    for name, code in sheet_engine.entry_errors(table, entry).items():
        message = ENTRY_MESSAGES.get((name, code), ENTRY_MESSAGES[None])
        if (name, code) == ("liable_player", "contradiction") and not liable:
            # A liable player named, but no 包自摸 to pay for.
            message = NOT_LIABLE if winner is not None else NOT_LIABLE_DRAWN
        errors[name] = [{"code": code, "message": str(message)}]
    if errors:
        return errors
    cleaned = family_form.cleaned_data
    params = {}
    for name in names:
        field_name = family_sheet.field_name(name)
        field = family_form.fields[field_name]
        if cleaned[field_name] != field.default:
            params[name] = field.encode(cleaned[field_name])
    for name in OWN_HAND_FIELDS:
        if values[name]:
            params[name] = fields[name].encode(values[name])
    return ReadHand(winner, values["discarder"], params, entry, family_form)


def read_stored(
    family: str,
    rules: Mapping[str, str],
    table: sheet_engine.Table,
    winner: int | None,
    discarder: int | None,
    params: Mapping[str, str],
) -> ReadHand:
    """A stored hand read back by `read_hand`, as when it was recorded; ValueError if it
    no longer reads."""
    read = read_hand(family, rules, table, stored_hand_data(winner, discarder, params))
    if not isinstance(read, ReadHand):
        raise ValueError(f"a stored hand no longer reads: {read}")
    return read


def stored_hand_data(
    winner: int | None, discarder: int | None, params: Mapping[str, str]
) -> dict[str, str]:
    """A stored hand as a request sends it."""
    data = dict(params)
    data["winner"] = "none" if winner is None else str(winner)
    if discarder is not None:
        data["discarder"] = str(discarder)
    return data


NOT_LIABLE = _("Only a 包自摸 has a liable player: tick 包自摸, or leave this empty.")
NOT_LIABLE_DRAWN = _("A drawn hand has no liable player: leave this empty.")
ENTRY_MESSAGES: Mapping[Any, Any] = {
    ("discarder", "required"): _("Choose who discarded the winning tile."),
    ("discarder", "contradiction"): _(
        "Only a hand won off a discard has a discarder, and it is not the winner."
    ),
    ("discarder", "not_allowed"): _("This family's hands have no discarder."),
    ("tenpai", "contradiction"): _("Tenpai is only asked when nobody won."),
    ("riichi", "invalid"): _("List each player who declared riichi once."),
    ("liable_player", "required"): _("Choose who is liable for the self-draw."),
    ("liable_player", "contradiction"): _("The liable player is not the winner."),
    ("winner", "out_of_range"): _("Choose a player of this table."),
    None: _("This contradicts another field."),
}


def is_discard(entry: sheet_engine.Entry) -> bool:
    return getattr(entry.inputs[0], "win", None) is Win.DISCARD
