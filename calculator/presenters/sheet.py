"""A worked-out sheet in the contract's JSON and CSV: the same numbers the sheet page shows."""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy

from calculator import presenting
from calculator.families import FAMILIES
from calculator.forms.new_sheet import table_rules_json
from calculator.forms.sheet import ReadHand, family_sheet_of, hand_params
from calculator.models import Hand, Sheet
from calculator.presenters.sheet_names import names_list
from calculator.scoring import sheet as sheet_engine
from calculator.scoring.money import plain
from calculator.scoring.sheet import Played
from calculator.sheets import WorkedSheet, each_played, table_of_sheet


def points(worked: WorkedSheet) -> list[Fraction]:
    """Each player's running total as the contract shows it (the engine's: riichi points
    are start + deltas)."""
    return list(worked.result.totals)


def delta_sums(family: str, table: sheet_engine.Table, totals: Any) -> list[Fraction]:
    """Each player's deltas added up: the CSV's last row, so every column adds up."""
    start = table.start if family_sheet_of(FAMILIES[family]).keeps_points else 0
    return [total - start for total in totals]


Inputs = list[tuple[str, str, Any]]
_ASKED = object()  # a default whose JSON is a list: made for each hand, never shared


def input_names(family: str) -> Inputs:
    """The family's per-hand parameters (`hand_params`), each with its form field's name
    and its default's JSON value."""
    fields = FAMILIES[family].form.base_fields
    family_sheet = family_sheet_of(FAMILIES[family])
    named = []
    for name in family_sheet.hand_params:
        field_name = family_sheet.field_name(name)
        field = fields[field_name]
        default = field.json_value(field.default)
        named.append((name, field_name, _ASKED if isinstance(default, list) else default))
    return named


def hand_inputs(read: ReadHand, names: Inputs) -> dict[str, Any]:
    """HAND.inputs: the family's per-hand values (`names`: its `input_names`), as the
    calculator's API names them. A value not stored is its default (what was stored left
    out the defaults), so only the stored ones are read from the form."""
    if read.winner is None:  # a drawn hand: nobody's hand was scored
        return {}
    stored, fields, cleaned = read.params, read.family_form.fields, read.family_form.cleaned_data
    values = {
        name: fields[field].json_value(cleaned[field])
        if name in stored or default is _ASKED
        else default
        for name, field, default in names
    }
    if read.entry.liable_player is not None:
        values["liable_player"] = read.entry.liable_player
    return values


def form_inputs(form: Any, names: Inputs) -> dict[str, Any]:
    """One winner's values (of several on one discard), as HAND.inputs names them."""
    return {
        name: form.fields[field].json_value(form.cleaned_data[field]) for name, field, _ in names
    }


def result_json(worked: WorkedSheet, played: Played | sheet_engine.Event) -> dict[str, Any] | None:
    """HAND.result: what the family's calculator API answers for this hand, steps worded."""
    if played.outcome is None or played.inputs is None:
        return None
    family = FAMILIES[worked.sheet.family]
    steps = family.presenter(played.inputs, played.outcome).steps()
    return presenting.outcome_json(played.outcome, list(steps))


def hand_json(worked: WorkedSheet, index: int, names: Inputs) -> dict[str, Any]:
    hand: Hand = worked.hands[index]
    played = worked.result.hands[index]
    read = worked.reads[index]
    entry = read.entry
    inputs = hand_inputs(read, names)
    if read.several:  # several winners: HAND.inputs are the first paid winner's
        forms = dict(read.several)
        inputs = form_inputs(forms[played.winner], names) if played.winner else {}
    payload: dict[str, Any] = {
        "n": hand.n,
        "kind": entry.kind.value,
        "winner": played.winner if read.several and not hand.deleted else hand.winner,
        "discarder": hand.discarder,
        "dealer": played.dealer,
        "honba": played.honba,
        "inputs": inputs,
        "result": result_json(worked, played),
        "deltas": list(played.deltas),
        "deleted": hand.deleted,
        "versions": hand.versions,
        "notes": hand_notes(worked.sheet.players, played),
    }
    if read.several:
        forms = dict(read.several)
        # A deleted hand was not played: its winners as entered, none of them paid.
        wins = played.wins or [sheet_engine.Event("win", (), w, paid=False) for w in forms]
        payload["winners"] = [
            {
                "winner": event.winner,
                "inputs": form_inputs(forms[event.winner], names),
                "result": result_json(worked, event),
                "paid": event.paid,
            }
            for event in wins
        ]
    if entry.kind is sheet_engine.Kind.PENALTY:
        payload.update(offender=entry.offender, amount=penalty_each(played, entry))
    elif entry.kind is sheet_engine.Kind.TRANSFER:
        payload.update({"from": entry.payer, "to": entry.payee, "amount": entry.amount})
    family_sheet = family_sheet_of(FAMILIES[worked.sheet.family])
    payload.update(family_sheet.hand_json(entry, played))
    return payload


def penalty_each(played: Played, entry: sheet_engine.Entry) -> Fraction | int | None:
    """What each other player receives of a penalty; None where it differs by player (a
    riichi チョンボ by a non-dealer: the dealer receives double)."""
    if played.deleted:
        return entry.amount
    received = {delta for n, delta in enumerate(played.deltas, 1) if n != entry.offender}
    return received.pop() if len(received) == 1 else None


def hand_notes(players: list[str], played: Played) -> list[dict[str, str]]:
    """HAND.notes: the deal's notes, worded."""
    return [
        {
            "code": code,
            "text": NOTE_WORDS[code] % {"names": names_list([players[p - 1] for p in who])},
        }
        for code, who in played.notes
    ]


NOTE_WORDS = {
    "head_bump": gettext_lazy("Head bump (截糊): %(names)s also won, not paid"),
    "triple_ron": gettext_lazy("Three won on one discard (%(names)s): an abortive draw"),
}


def _require_every_hand(worked: WorkedSheet) -> None:
    if not worked.whole:  # the API and the CSV list every hand
        raise ValueError(f"{len(worked.hands)} of {worked.count} hands worked out")


def sheet_json(worked: WorkedSheet, *, every_hand: bool = True) -> dict[str, Any]:
    """SHEET: with every hand, or (`every_hand=False`) with the page of hands worked out."""
    if every_hand:
        _require_every_hand(worked)
    sheet, result = worked.sheet, worked.result
    names = input_names(sheet.family)
    payload: dict[str, Any] = {
        "family": sheet.family,
        "rules": table_rules_json(sheet.family, sheet.rules, worked.table),
        "players": [
            {"n": n, "name": name, "total": total}
            for n, (name, total) in enumerate(zip(sheet.players, points(worked), strict=True), 1)
        ],
        "hands": [hand_json(worked, index, names) for index in range(len(worked.hands))],
        "revision": sheet.revision,
        "dealer": result.dealer,
        "honba": result.honba,
        "pot": result.pot,
        "settlement": [
            {"from": t.payer, "to": t.payee, "amount": t.amount} for t in result.settlement
        ],
    }
    payload.update(family_sheet_of(FAMILIES[sheet.family]).sheet_json(result))
    payload["closed"] = sheet.closed
    if worked.whole:  # a page of hands (`from`) has not worked the others out
        table, hands = worked.table, worked.result.hands
        payload["stats"] = [
            {field: getattr(stats, field) for field in STATS_FIELDS}
            for stats in sheet_engine.statistics(table, hands)
        ]
        payload["running"] = [list(totals) for totals in sheet_engine.running(table, hands)]
    return payload


STATS_FIELDS = (
    "n",
    "won",
    "self_drawn",
    "dealt_in",
    "penalties",
    "best",
    "won_amount",
    "lost_amount",
)


# OWASP's rule for CSV injection: a cell whose first character a spreadsheet would read as
# a formula gets a leading apostrophe. Its first *visible* character: a spreadsheet skips a
# leading byte-order mark or direction mark, and reads full-width ＝ as =.
FORMULA_STARTS = frozenset("=+-@\t\r＝＋－＠")


def _first_visible(text: str) -> str:
    """The first character that is not an invisible format character (Unicode Cf): names
    stored before those were refused may start with them."""
    return next((char for char in text if unicodedata.category(char) != "Cf"), "")


def _cell(value: Any) -> str:
    """A CSV cell: a name a spreadsheet would run as a formula gets a leading apostrophe,
    the usual guard; amounts are written plainly."""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return plain(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, list):
        return ",".join(str(item) for item in value)
    text = str(value)
    return "'" + text if _first_visible(text) in FORMULA_STARTS else text


class _Line:
    """What csv.writer writes to: each row comes back as its line (Django's recipe for a
    streamed CSV)."""

    def write(self, line: str) -> str:
        return line


# Rows sent together: one write to the network per this many hands.
CSV_CHUNK = 100


def sheet_csv(sheet: Sheet) -> Iterator[str]:
    """One row per hand not deleted, then the totals: what a spreadsheet needs. Streamed:
    the hands are read from the database and folded a chunk at a time, so a long sheet is
    never held whole."""
    table = table_of_sheet(sheet)
    names = hand_params(FAMILIES[sheet.family])
    extra = list(family_sheet_of(FAMILIES[sheet.family]).own_hand_fields)
    with_fields = input_names(sheet.family)  # the same names, each with its field's
    writer = csv.writer(_Line(), lineterminator="\r\n")
    header = ["hand", "winner", "discarder", *names, *extra, *map(_cell, sheet.players)]
    lines = [writer.writerow(header)]
    stored = sheet.hands.order_by("n").iterator(chunk_size=CSV_CHUNK)
    state = sheet_engine.begin(table)
    for hand, read, played, after in each_played(sheet, stored, table):
        state = after  # the last: where the sheet stands, for the totals
        if hand.deleted:
            continue
        inputs = hand_inputs(read, with_fields)
        entry = read.entry
        own = {
            "liable_player": entry.liable_player,
            "riichi": list(entry.riichi),
            "tenpai": list(entry.tenpai),
        }
        row = [hand.n, hand.winner, hand.discarder]
        row += [inputs.get(name) for name in names]
        row += [own[name] for name in extra]
        row += list(played.deltas)
        lines.append(writer.writerow([_cell(value) for value in row]))
        if len(lines) >= CSV_CHUNK:
            yield "".join(lines)
            lines = []
    sums = delta_sums(sheet.family, table, sheet_engine.finish(table, state).totals)
    totals = ["total", None, None, *([None] * (len(names) + len(extra))), *sums]
    lines.append(writer.writerow([_cell(value) for value in totals]))
    yield "".join(lines)
