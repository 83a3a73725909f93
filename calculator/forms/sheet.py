"""Score-sheet parameters: a new sheet (family, names, table rules) and one hand.

A hand is read by the family's own form, so a sheet's hand is validated exactly like the
calculator's parameters; the sheet adds who won and who discarded, and supplies what it
works out itself (the dealer, riichi's counters) — sending those is `not_allowed`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _

from calculator.families import FAMILIES, Family
from calculator.forms.base import ParamForm
from calculator.params import FULL_WIDTH_DIGITS, DecimalParam, IntParam, Param
from calculator.scoring import sheet as book
from calculator.scoring.outcome import Win

UMA_PLACE = re.compile(r"-?[0-9]{1,4}")  # thousands of points, ASCII digits only
PLAYER = re.compile(r"[0-9]{1,2}")  # ASCII digits only, and never a huge number to convert
NAME_LENGTH = 40
MAX_HANDS = 1000

# The table rules a sheet fixes at creation, per family (contract.md § Score sheets).
TABLE_PARAMS: Mapping[str, tuple[str, ...]] = {
    "hk": ("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up"),
    "riichi": ("kiriage", "kazoe", "players", "sanma", "sanma_honba"),
    "mcr": (),
    "nmjl": (),
    "jiujiang": ("base", "base_add", "haohua_extra", "cap", "pay", "unit"),
    "classical": ("limit", "unit"),
}
# What the sheet works out from the hands before: never sent with a hand.
SUPPLIED: Mapping[str, tuple[str, ...]] = {
    "hk": ("dealer",),
    "riichi": ("dealer", "honba", "riichi_sticks"),
    "jiujiang": ("dealer",),
    "classical": ("dealer",),
}
# Classical's `winner` is a seat: the sheet's own `winner` (a player) gives it.
MAPPED: Mapping[str, tuple[str, ...]] = {"classical": ("winner",)}
# Not a player's money at this table: a fifth person's bet stays off the sheet.
REFUSED: Mapping[str, tuple[str, ...]] = {"nmjl": ("bettor",)}
SEATS = ("e", "s", "w", "n")  # classical: players 1–4 sit East, South, West, North
# Classical's per-seat fields, by player on a sheet: fu1 is East's `e_fu`.
CLASSICAL_FIELDS = {
    f"{kind}{n}": f"{seat}_{kind}" for kind in ("fu", "fan") for n, seat in enumerate(SEATS, 1)
}
# The sheet's own fields per hand, stored with the family's.
OWN_HAND_FIELDS = ("riichi", "tenpai", "liable_player")

NOT_ALLOWED_SUPPLIED = _("The sheet keeps this itself from the hands before; leave it out.")
NOT_ALLOWED_TABLE = _("This is a table rule, fixed when the sheet was started.")
NOT_ALLOWED_BETTOR = _("A bettor is not one of the players, so a sheet leaves the bet out.")


def family_choices() -> list[str]:
    return [slug for slug, family in FAMILIES.items() if family.form is not None]


def hand_params(family: Family) -> tuple[str, ...]:
    """The family's per-hand parameters as a sheet names them, in the form's order."""
    return HAND_PARAMS[family.slug]


def _hand_params(family: Family) -> tuple[str, ...]:
    skip = (
        set(TABLE_PARAMS[family.slug])
        | set(SUPPLIED.get(family.slug, ()))
        | set(REFUSED.get(family.slug, ()))
        | set(MAPPED.get(family.slug, ()))
    )
    names = [
        name
        for name, field in family.form.base_fields.items()
        if isinstance(field, Param) and name not in skip
    ]
    if family.slug == "classical":
        by_seat = {seat: player for player, seat in CLASSICAL_FIELDS.items()}
        names = [by_seat.get(name, name) for name in names]
    return tuple(names)


# Worked out from each family's form when this module is imported: every hand read asks.
HAND_PARAMS = {slug: _hand_params(family) for slug, family in FAMILIES.items() if family.form}


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


class UmaParam(Param):
    """Riichi uma: one whole number of thousands per place, summing to 0 (`15,5,-5,-15`)."""

    def clean(self, value: Any) -> tuple[int, ...]:
        if value is None:
            return ()
        text = (
            str(value).strip().translate(str.maketrans("０１２３４５６７８９－，", "0123456789-,"))
        )
        if not text:
            raise forms.ValidationError(_("Enter a value."), code="required")
        parts = [part.strip() for part in text.split(",")]
        if not all(UMA_PLACE.fullmatch(part) for part in parts):
            raise forms.ValidationError(
                _("Write one whole number per place, like 15,5,-5,-15."), code="invalid"
            )
        places = tuple(int(part) for part in parts)
        if any(abs(place) > 1000 for place in places):
            raise forms.ValidationError(
                _("Each place's uma is at most 1000 (thousands of points)."), code="out_of_range"
            )
        if sum(places) != 0:
            raise forms.ValidationError(_("The uma must add up to 0."), code="invalid")
        return places

    def encode(self, value: tuple[int, ...]) -> str:
        return ",".join(str(place) for place in value)

    def json_value(self, value: tuple[int, ...]) -> Any:
        return list(value)


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


def _errors_json(errors: forms.utils.ErrorDict) -> dict[str, list[dict[str, str]]]:
    return {
        name: [
            {"code": error.code or "invalid", "message": " ".join(error.messages)}
            for error in found
        ]
        for name, found in errors.as_data().items()
    }


@dataclass(frozen=True)
class NewSheet:
    """A valid request to start a sheet."""

    family: str
    names: tuple[str, ...]
    rules: dict[str, str]  # to store: canonical table rules and the sheet's own
    table: book.Table


class RiichiSheetForm(forms.Form):
    """The riichi sheet's own rules, beside the family's table rules."""

    noten = IntParam(default=None, minimum=0, maximum=100_000, label=_("A drawn hand pays"))
    start = IntParam(default=25_000, minimum=0, maximum=1_000_000, label=_("Starting points"))
    return_points = IntParam(
        default=None, minimum=0, maximum=1_000_000, label=_("Points returned (返し)")
    )
    uma = UmaParam(default=(), label=_("Uma (ウマ), thousands per place"))
    rate = DecimalParam(default=Fraction(1), minimum=0, maximum=1_000_000, label=_("Rate"))

    def __init__(self, data: Mapping[str, Any]) -> None:
        # `return` is a Python keyword, so the field has another name; the parameter has not.
        renamed = {"return_points": data["return"]} if "return" in data else {}
        merged = QueryDict(mutable=True)
        for name in ("noten", "start", "uma", "rate"):
            if name in data:
                merged[name] = data[name]
        merged.update(renamed)
        super().__init__(data=merged)


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
    table_data = QueryDict(mutable=True)
    for name in TABLE_PARAMS[slug]:
        if name in data:
            table_data[name] = data[name]
    family_form = family.form(table_data)
    if not family_form.is_valid():
        errors.update(
            {k: v for k, v in family_form.errors_json().items() if k in TABLE_PARAMS[slug]}
        )
    players = 4
    if slug == "riichi" and family_form.is_valid():
        players = family_form.cleaned_data["players"]
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
    rules = {
        name: family_form.data[name] for name in TABLE_PARAMS[slug] if name in family_form.data
    }
    table = book.Table(family=slug, players=players)
    if slug == "riichi":
        extra = RiichiSheetForm(data)
        if extra.is_valid():
            values = extra.cleaned_data
            if values["uma"] and len(values["uma"]) != players:
                errors["uma"] = [
                    {
                        "code": "invalid",
                        "message": str(
                            _("Give one uma per player: %(count)s values.") % {"count": players}
                        ),
                    }
                ]
                values["uma"] = ()  # reported above; the table is not built
            # A drawn hand's payment is split between 1 … players − 1 tenpai players and
            # the rest: it must divide every way, so no share is a fraction of a point.
            split = math.lcm(*range(1, players))
            if values["noten"] is not None and values["noten"] % split:
                errors["noten"] = [
                    {
                        "code": "invalid",
                        "message": str(
                            _(
                                "This must split evenly however many players are tenpai: "
                                "use a multiple of %(split)s, like 3,000."
                            )
                            % {"split": split}
                        ),
                    }
                ]
            table = book.Table(
                family=slug,
                players=players,
                start=values["start"],
                return_points=values["return_points"],
                uma=values["uma"],
                noten=values["noten"],
                rate=values["rate"],
            )
            for name, field in extra.fields.items():
                if values[name] != field.default:
                    rules["return" if name == "return_points" else name] = field.encode(
                        values[name]
                    )
        else:
            errors.update(
                {
                    ("return" if k == "return_points" else k): v
                    for k, v in _errors_json(extra.errors).items()
                }
            )
    if errors:
        return errors
    if family_form.is_valid():
        rules = {
            name: value
            for name, value in rules.items()
            if name not in TABLE_PARAMS[slug]
            or family_form.cleaned_data[name] != family_form.fields[name].default
        }
        for name in TABLE_PARAMS[slug]:
            if name in rules:
                rules[name] = family_form.fields[name].encode(family_form.cleaned_data[name])
    return NewSheet(slug, tuple(names), rules, table)


def table_of(family: str, rules: Mapping[str, str], players: int) -> book.Table:
    """The engine's Table of a stored sheet (its rules were validated when it was made)."""
    if family != "riichi":
        return book.Table(family=family, players=players)
    # Each value read by its field, as the form would, without binding one: every sheet
    # request asks for its table.
    values = {}
    for name, field in RiichiSheetForm.base_fields.items():
        raw = rules.get("return" if name == "return_points" else name)
        try:
            values[name] = field.clean(None if raw is None else str(raw))
        except forms.ValidationError as error:
            raise ValueError(f"a stored riichi table rule no longer reads: {name}") from error
    return book.Table(
        family=family,
        players=players,
        start=values["start"],
        return_points=values["return_points"],
        uma=values["uma"],
        noten=values["noten"],
        rate=values["rate"],
    )


def table_rules_json(
    family: str, rules: Mapping[str, str], table: book.Table | None = None
) -> dict[str, Any]:
    """SHEET.rules: every table rule with its value (defaults included), exact. `table`:
    the sheet's, when it was read already."""
    family_form = FAMILIES[family].form.stored(dict(rules))  # validated when it was made
    payload = {
        name: family_form.fields[name].json_value(family_form.cleaned_data[name])
        for name in TABLE_PARAMS[family]
    }
    if family == "riichi":
        if table is None:
            table = table_of(family, rules, family_form.cleaned_data["players"])
        payload.update(
            noten=table.noten_total,
            start=table.start,
            uma=list(table.uma),
            rate=table.rate,
        )
        payload["return"] = table.returns
    return payload


@dataclass(frozen=True)
class ReadHand:
    """A valid hand: what to store and what the engine is given."""

    winner: int | None
    discarder: int | None
    params: dict[str, str]  # the hand's parameters to store, canonical, defaults left out
    entry: book.Entry
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


# Params are never changed once built: one set per table size.
OWN_FIELDS = {players: own_fields(players) for players in (3, 4)}
# What a stored hand's own fields read when it has none of them stored (most hands).
OWN_ABSENT = {
    players: {name: fields[name].clean(None) for name in OWN_HAND_FIELDS}
    for players, fields in OWN_FIELDS.items()
}


def read_hand(
    family: str,
    rules: Mapping[str, str],
    table: book.Table,
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
    refusals = (
        (SUPPLIED.get(family, ()), NOT_ALLOWED_SUPPLIED),
        (TABLE_PARAMS[family], NOT_ALLOWED_TABLE),
        (REFUSED.get(family, ()), NOT_ALLOWED_BETTOR),
    )
    for names, message in refusals:
        for name in names:
            if name in data:
                errors[name] = [{"code": "not_allowed", "message": str(message)}]
    names = hand_params(FAMILIES[family])
    getlist = getattr(data, "getlist", None)
    for name in names:
        if name in data:
            target = CLASSICAL_FIELDS.get(name, name) if family == "classical" else name
            # Every value of a repeated parameter: the family's form takes the last of a
            # scalar and all of a list (Jiujiang's `pattern`).
            family_data.setlist(target, getlist(name) if getlist else [data[name]])
    winner = values.get("winner")
    if family == "classical" and isinstance(winner, int):
        family_data["winner"] = SEATS[winner - 1]
    form_class = FAMILIES[family].form
    family_form = form_class.read_if_valid(family_data)
    if family_form is None:  # bound, for its errors
        family_form = form_class(family_data)
        if not family_form.is_valid():
            by_player = {seat: player for player, seat in CLASSICAL_FIELDS.items()}
            for name, found in family_form.errors_json().items():
                errors.setdefault(by_player.get(name, name), found)
    if errors:
        return errors
    entry = book.Entry(
        winner=winner,
        discarder=values["discarder"],
        inputs=family_form.inputs,
        riichi=values["riichi"],
        tenpai=values["tenpai"],
        liable_player=values["liable_player"],
    )
    liable = getattr(entry.inputs[0], "liable", False) and winner is not None
    for name, code in book.entry_errors(table, entry).items():
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
        field_name = CLASSICAL_FIELDS.get(name, name) if family == "classical" else name
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
    table: book.Table,
    winner: int | None,
    discarder: int | None,
    params: Mapping[str, str],
) -> ReadHand:
    """A stored hand read back: the ReadHand `read_hand` gave when it was recorded.

    What was stored was read, checked and encoded by `read_hand`, so only its values are
    read again (each by its own field), not the request around them; a sheet's every read
    does this for every hand. ValueError if they no longer read."""
    fields = OWN_FIELDS[table.players]
    own = dict(OWN_ABSENT[table.players])
    try:
        for name in OWN_HAND_FIELDS:
            if name in params:
                own[name] = fields[name].clean(params[name])
    except forms.ValidationError as error:
        raise ValueError(f"a stored hand's own field no longer reads: {params}") from error
    family_data = dict(rules)
    classical = family == "classical"
    for name, value in params.items():
        if name not in OWN_HAND_FIELDS:
            family_data[CLASSICAL_FIELDS.get(name, name) if classical else name] = value
    if classical and winner is not None:
        family_data["winner"] = SEATS[winner - 1]
    family_form = FAMILIES[family].form.stored(family_data)
    entry = book.Entry(
        winner=winner,
        discarder=discarder,
        inputs=family_form.inputs,
        riichi=own["riichi"],
        tenpai=own["tenpai"],
        liable_player=own["liable_player"],
    )
    if errors := book.entry_errors(table, entry):
        raise ValueError(f"a stored hand no longer reads: {errors}")
    return ReadHand(winner, discarder, dict(params), entry, family_form)


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


def is_discard(entry: book.Entry) -> bool:
    return getattr(entry.inputs[0], "win", None) is Win.DISCARD
