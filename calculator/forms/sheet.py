"""One score-sheet hand's parameters, and what every sheet read asks of its family.

A hand is read by the family's own form, so a sheet's hand is validated exactly like the
calculator's parameters; the sheet adds who won and who discarded, and supplies what it
works out itself (the dealer, riichi's counters) — sending those is `not_allowed`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _

from calculator.families import FAMILIES, Family
from calculator.families.base import FamilySheet
from calculator.forms.base import ParamForm
from calculator.forms.sheet_params import PlayerParam, PlayersParam
from calculator.params import Param
from calculator.scoring import sheet as sheet_engine
from calculator.scoring.outcome import Win

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


def table_of(family: str, rules: Mapping[str, str], players: int) -> sheet_engine.Table:
    """The engine's Table of a stored sheet (its rules were validated when it was made)."""
    return family_sheet_of(FAMILIES[family]).table_of(rules, players)


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
            # scalar and all of a list (several ticked patterns).
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
