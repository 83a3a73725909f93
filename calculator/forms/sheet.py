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
from calculator.forms import sheet_table
from calculator.forms.base import ParamForm
from calculator.forms.sheet_params import PlayerParam, PlayersParam, WinnersParam
from calculator.params import ChoiceParam, DecimalParam, MultiChoiceParam, Param
from calculator.scoring import sheet as sheet_engine
from calculator.scoring.outcome import Win
from calculator.scoring.sheet import Kind

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
    return sheet_table.stored(family_sheet_of(FAMILIES[family]).table_of(rules, players), rules)


@dataclass(frozen=True)
class ReadHand:
    """A valid hand: what to store and what the engine is given."""

    winner: int | None  # the first winner in turn order after the discarder
    discarder: int | None
    params: dict[str, str]  # the hand's parameters to store, canonical, defaults left out
    entry: sheet_engine.Entry
    family_form: ParamForm  # the first winner's (a drawn hand's, a penalty's: the table's)
    # Several winners on one discard: each winner's form, in turn order (the first is
    # `family_form`); one winner or none: empty.
    several: tuple[tuple[int, ParamForm], ...] = ()


def own_fields(players: int) -> dict[str, Param]:
    """The sheet's own fields of one hand (the family's are read by the family form)."""
    return {
        "kind": ChoiceParam(
            default=Kind.WIN, enum=Kind, labels=KIND_LABELS, radio=True, label=_("What happened")
        ),
        "winner": WinnersParam(players=players, label=_("Who won")),
        "discarder": PlayerParam(players=players, label=_("Who discarded the winning tile")),
        "riichi": PlayersParam(players=players, label=_("Who declared riichi (立直)")),
        "tenpai": PlayersParam(players=players, label=_("Who was tenpai (聽牌) at the draw")),
        "liable_player": PlayerParam(players=players, label=_("Who is liable (包自摸)")),
        "offender": PlayerParam(players=players, label=_("Who committed the penalty")),
        "from": PlayerParam(players=players, label=_("Who pays")),
        "to": PlayerParam(players=players, label=_("Who receives")),
        "amount": DecimalParam(default=None, minimum=0, maximum=100_000_000, label=_("Amount")),
    }


KIND_LABELS = {
    Kind.WIN: _("A hand"),
    Kind.PENALTY: _("A penalty (詐糊)"),
    Kind.TRANSFER: _("A payment between two players"),
}
OWN_FIELDS = {players: own_fields(players) for players in (3, 4)}
# Each kind's own fields; a field of another kind sent with it is `not_allowed`.
KIND_FIELDS = {
    Kind.WIN: ("winner", "discarder", "riichi", "tenpai", "liable_player"),
    Kind.PENALTY: ("offender", "amount"),
    Kind.TRANSFER: ("from", "to", "amount"),
}
NOT_ALLOWED_KIND = {
    Kind.WIN: _("Only a penalty or a payment between players has this."),
    Kind.PENALTY: _("A penalty has no winner and no hand: leave this out."),
    Kind.TRANSFER: _("A payment between players has no winner and no hand: leave this out."),
}


def _error(code: str, message: Any) -> list[dict[str, str]]:
    return [{"code": code, "message": str(message)}]


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
            errors[name] = _error(error.code or "invalid", " ".join(error.messages))
    if "kind" in errors:
        return errors  # nothing else reads right without it
    kind = values["kind"]
    family_sheet = family_sheet_of(FAMILIES[family])
    refusals = [(name, NOT_ALLOWED_SUPPLIED) for name in SHEET_COUNTERS]
    refusals += [(name, NOT_ALLOWED_TABLE) for name in family_sheet.table_params]
    refusals += list(family_sheet.refused.items())
    others = {name for other, names in KIND_FIELDS.items() if other is not kind for name in names}
    refusals += [(name, NOT_ALLOWED_KIND[kind]) for name in sorted(others - set(KIND_FIELDS[kind]))]
    if kind is not Kind.WIN:
        refusals += [(name, NOT_ALLOWED_KIND[kind]) for name in family_sheet.hand_params]
    for name, message in refusals:
        if name in data:
            errors[name] = _error("not_allowed", message)
    if kind is Kind.WIN:
        return _read_win(family, rules, table, data, values, errors)
    # The family's form with the table's rules alone: a penalty's default is worked out
    # from them.
    family_data = MultiValueDict()
    family_data.update(rules)
    family_form = FAMILIES[family].form(family_data)
    if not family_form.is_valid():
        raise ValueError(f"a stored {family} table no longer reads: {family_form.errors}")
    if errors:
        return errors
    entry = sheet_engine.Entry(
        winner=None,
        discarder=None,
        inputs=family_form.inputs,
        kind=kind,
        offender=values["offender"],
        payer=values["from"],
        payee=values["to"],
        amount=values["amount"],
    )
    errors = _entry_errors(table, entry, None)
    if errors:
        return errors
    params = {"kind": kind.value}
    for name in KIND_FIELDS[kind]:
        if values[name] is not None:
            params[name] = fields[name].encode(values[name])
    return ReadHand(None, None, params, entry, family_form)


def _read_win(
    family: str,
    rules: Mapping[str, str],
    table: sheet_engine.Table,
    data: Mapping[str, Any],
    values: dict[str, Any],
    errors: dict[str, Any],
) -> ReadHand | dict[str, Any]:
    """A won or drawn hand: one winner, several on one discard, or none."""
    fields = OWN_FIELDS[table.players]
    if "winner" not in data and "winner" not in errors:
        errors["winner"] = _error("required", _("Choose who won, or “nobody” for a drawn hand."))
    winners: tuple[int, ...] = values.get("winner") or ()  # as sent, values in this order
    discarder = values.get("discarder")
    family_sheet = family_sheet_of(FAMILIES[family])
    names = family_sheet.hand_params
    several = len(winners) > 1
    # The family form's values, as lists: a MultiValueDict, which takes them as they are,
    # where a QueryDict converts and checks each one again. One per winner.
    datas = [MultiValueDict() for _ in winners or (None,)]
    for family_data in datas:
        family_data.update(rules)
    getlist = getattr(data, "getlist", None)
    one_winner = family_sheet.one_winner_params(data) if several else ()
    for name in names:
        if name not in data:
            continue
        # Every value of a repeated parameter: the family's form takes the last of a
        # scalar and all of a list (several ticked patterns).
        values_sent = getlist(name) if getlist else [data[name]]
        field_name = family_sheet.field_name(name)
        if not several:
            datas[0].setlist(field_name, values_sent)
            continue
        listed = isinstance(FAMILIES[family].form.base_fields[field_name], MultiChoiceParam)
        if name in one_winner or listed:
            errors[name] = _error("not_allowed", ONE_WINNER_ONLY)
            continue
        parts = [part.strip() for part in str(values_sent[-1]).split(",")]
        if len(parts) not in (1, len(winners)):
            errors[name] = _error("invalid", ONE_VALUE_PER_WINNER)
            continue
        for i, family_data in enumerate(datas):
            family_data.setlist(field_name, [parts[i if len(parts) > 1 else 0]])
    family_forms = []
    for winner, family_data in zip(winners or (None,), datas, strict=True):
        if isinstance(winner, int):
            family_data.update(family_sheet.seat_values(winner))
        family_form = FAMILIES[family].form(family_data)
        if not family_form.is_valid():
            for name, found in family_form.errors_json().items():
                errors.setdefault(family_sheet.sheet_name(name), found)
        family_forms.append(family_form)
    if errors:
        return errors
    if several and isinstance(discarder, int):
        # In turn order after the discarder: the order that says who is paid first.
        turns = sorted(
            zip(winners, family_forms, strict=True),
            key=lambda pair: (pair[0] - discarder) % table.players,
        )
        winners, family_forms = tuple(w for w, _ in turns), [form for _, form in turns]
    first = family_forms[0]
    entry = sheet_engine.Entry(
        winner=winners[0] if winners else None,
        discarder=discarder,
        inputs=first.inputs,
        riichi=values["riichi"],
        tenpai=values["tenpai"],
        liable_player=values["liable_player"],
        also=tuple(
            sheet_engine.Claim(w, form.inputs)
            for w, form in zip(winners[1:], family_forms[1:], strict=True)
        ),
    )
    errors = _entry_errors(table, entry, entry.winner)
    if errors:
        return errors
    params = {}
    if several:
        params["winner"] = fields["winner"].encode(winners)
    for name in names:
        field_name = family_sheet.field_name(name)
        field = first.fields[field_name]
        chosen = [form.cleaned_data[field_name] for form in family_forms]
        if any(value != field.default for value in chosen):
            encoded = list(dict.fromkeys(field.encode(value) for value in chosen))
            params[name] = ",".join(encoded) if len(encoded) > 1 else encoded[0]
    for name in OWN_HAND_FIELDS:
        if values[name]:
            params[name] = fields[name].encode(values[name])
    pairs = tuple(zip(winners, family_forms, strict=True)) if several else ()
    return ReadHand(entry.winner, discarder, params, entry, first, pairs)


def _entry_errors(
    table: sheet_engine.Table, entry: sheet_engine.Entry, winner: int | None
) -> dict[str, Any]:
    """The engine's cross-field checks of a hand, worded."""
    errors: dict[str, Any] = {}
    liable = getattr(entry.inputs[0], "liable", False) and winner is not None
    for name, code in sheet_engine.entry_errors(table, entry).items():
        message = ENTRY_MESSAGES.get((name, code), ENTRY_MESSAGES[None])
        if (name, code) == ("liable_player", "contradiction") and not liable:
            # A liable player named, but no 包自摸 to pay for.
            message = NOT_LIABLE if winner is not None else NOT_LIABLE_DRAWN
        errors[name] = _error(code, message)
    return errors


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
    """A stored hand as a request sends it: several winners, a penalty's or a transfer's
    fields are in its parameters."""
    data = dict(params)
    if "kind" not in data:  # a penalty or a transfer names no winner
        data.setdefault("winner", "none" if winner is None else str(winner))
    if discarder is not None:
        data["discarder"] = str(discarder)
    return data


ONE_WINNER_ONLY = _("With several winners, this is asked of one winner only: leave it out.")
ONE_VALUE_PER_WINNER = _("Give one value for every winner, or one value per winner, in order.")
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
    ("winner", "not_allowed"): _("This table pays one winner a hand: choose one."),
    ("winner", "invalid"): _("Name each winner once."),
    ("win", "contradiction"): _("Several winners can only win on one discard."),
    ("offender", "required"): _("Choose who committed the penalty."),
    ("offender", "out_of_range"): _("Choose a player of this table."),
    ("amount", "required"): _("Enter the amount: this table has no default for it."),
    ("amount", "out_of_range"): _("Enter an amount above 0."),
    ("from", "required"): _("Choose who pays."),
    ("to", "required"): _("Choose who receives."),
    ("to", "contradiction"): _("A payment goes from one player to another."),
    None: _("This contradicts another field."),
}


def is_discard(entry: sheet_engine.Entry) -> bool:
    return getattr(entry.inputs[0], "win", None) is Win.DISCARD
