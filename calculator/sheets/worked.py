"""A sheet worked out: every hand folded in order, or the latest from what the last write
stored (each hand's counters and the sheet's standing)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from calculator.forms.sheet import ReadHand, read_stored, stored_hand_data, table_of
from calculator.models import Hand, Sheet
from calculator.scoring import sheet as sheet_engine

# The stored standings' stamp: raised whenever the engine would now work a stored hand out
# differently, so that no sheet shows what an older engine stored.
LEDGER = 1


@dataclass(frozen=True)
class WorkedSheet:
    """A sheet worked out: its hands as stored (every one, or the latest), how each was read,
    the engine's result for them, and where the sheet stands after its last hand."""

    sheet: Sheet
    hands: tuple[Hand, ...]
    reads: tuple[ReadHand, ...]
    table: sheet_engine.Table
    result: sheet_engine.Result
    state: sheet_engine.State

    @property
    def count(self) -> int:
        """The sheet's hands, deleted ones too, whether or not all are in `hands`."""
        return self.state.count

    @property
    def whole(self) -> bool:
        return len(self.hands) == self.state.count


@dataclass(frozen=True)
class Recorded:
    """A hand a write has just recorded: how it was read, and how it played from where the
    sheet stood (`before`) to where it stands now (`after`)."""

    read: ReadHand
    before: sheet_engine.State
    played: sheet_engine.Played
    after: sheet_engine.State


def players_of(sheet: Sheet) -> int:
    return len(sheet.players)


def table_of_sheet(sheet: Sheet) -> sheet_engine.Table:
    return table_of(sheet.family, sheet.rules, players_of(sheet))


def state_json(state: sheet_engine.State, revision: int) -> dict[str, Any]:
    return {
        "ledger": LEDGER,
        "revision": revision,
        "dealer": state.dealer,
        "honba": state.honba,
        "pot": state.pot,
        "passes": state.passes,
        "sums": [str(total) for total in state.sums],  # exact: "-25/2", never a float
        "count": state.count,
        "live": state.live,
    }


def standing(sheet: Sheet) -> sheet_engine.State | None:
    """Where the sheet stands as its last write stored it; None when that cannot be
    trusted (no standing, another revision's, an older engine's, a malformed one)."""
    stored = sheet.state
    if (
        not isinstance(stored, dict)
        or stored.get("ledger") != LEDGER
        or stored.get("revision") != sheet.revision
    ):
        return None
    try:
        sums = tuple(_plain(Fraction(total)) for total in stored["sums"])
        return sheet_engine.State(
            stored["dealer"],
            stored["honba"],
            stored["pot"],
            stored["passes"],
            sums,
            stored["count"],
            stored["live"],
        )
    except (KeyError, TypeError, ValueError):
        return None


def _plain(value: Fraction) -> Fraction | int:
    return value.numerator if value.denominator == 1 else value


def stored_data(hand: Hand) -> dict[str, str]:
    return stored_hand_data(hand.winner, hand.discarder, hand.params)


def read_back(sheet: Sheet, table: sheet_engine.Table, hand: Hand) -> ReadHand:
    """A stored hand read as it was recorded."""
    return read_stored(sheet.family, sheet.rules, table, hand.winner, hand.discarder, hand.params)


def work_out(
    sheet: Sheet,
    hands: list[Hand] | None = None,
    *,
    trying: ReadHand | None = None,
    at: int | None = None,
    recorded: Recorded | None = None,
    table: sheet_engine.Table | None = None,
) -> WorkedSheet:
    """Every hand read again and the whole sheet recomputed (one engine call per hand).

    `trying` is a hand not recorded yet, for the live preview: added after the last hand,
    or in place of hand `at` (an edit); nothing is written. `recorded` is the last of
    `hands` as its write just read and played it, so it is neither read from storage nor
    played again; `table`, the sheet's, when the request has read it already."""
    if hands is None:
        hands = list(sheet.hands.all())
    if table is None:
        table = table_of_sheet(sheet)
    reads = [read_back(sheet, table, hand) for hand in (hands if recorded is None else hands[:-1])]
    if recorded is not None:
        reads.append(recorded.read)
    if trying is not None:
        draft = Hand(
            sheet=sheet,
            n=len(hands) + 1 if at is None else at,
            winner=trying.winner,
            discarder=trying.discarder,
            params=trying.params,
        )
        if at is None:
            hands, reads = [*hands, draft], [*reads, trying]
        else:
            index = next(i for i, hand in enumerate(hands) if hand.n == at)
            draft.deleted, draft.versions = hands[index].deleted, hands[index].versions
            hands = [*hands[:index], draft, *hands[index + 1 :]]
            reads = [*reads[:index], trying, *reads[index + 1 :]]
    entries = [_entry(read, hand) for read, hand in zip(reads, hands, strict=True)]
    if recorded is None:
        played, state = sheet_engine.fold(table, entries)
    else:
        played, state = sheet_engine.fold(table, entries[:-1])
        if state == recorded.before:  # as the write played it: its result is this one's
            played, state = (*played, recorded.played), recorded.after
        else:
            last, state = sheet_engine.play(table, entries[-1], state)
            played = (*played, last)
    # The fold counts places; a hand's number is its own (the same, unless rows were removed
    # outside the app), and undo names the hand by it.
    live = next((hand.n for hand in reversed(hands) if not hand.deleted), None)
    if live != state.live:
        state = replace(state, live=live)
    result = sheet_engine.finish(table, state, played)
    return WorkedSheet(sheet, tuple(hands), tuple(reads), table, result, state)


def each_played(
    sheet: Sheet, hands: Iterable[Hand], table: sheet_engine.Table
) -> Iterator[tuple[Hand, ReadHand, sheet_engine.Played, sheet_engine.State]]:
    """The engine's fold one hand at a time: each hand read and played under the state the
    hands before it left, with the state it leaves. Nothing is kept, so `hands` may be an
    iterator over the whole sheet (the CSV streams a long sheet this way)."""
    state = sheet_engine.begin(table)
    for hand in hands:
        read = read_back(sheet, table, hand)
        played, state = sheet_engine.play(table, _entry(read, hand), state)
        yield hand, read, played, state


def _entry(read: ReadHand, hand: Hand) -> sheet_engine.Entry:
    """The hand as the fold plays it: as read, and deleted if it is."""
    return replace(read.entry, deleted=True) if hand.deleted else read.entry


def from_counters(
    sheet: Sheet,
    hands: list[Hand],
    state: sheet_engine.State,
    reads: list[ReadHand] | None = None,
) -> WorkedSheet:
    """The sheet standing at `state`, with `hands` (the latest) worked out again, each from
    the counters it was played under."""
    table = table_of_sheet(sheet)
    if reads is None:
        reads = [read_back(sheet, table, hand) for hand in hands]
    played = [
        sheet_engine.replay(table, _entry(read, hand), hand.n, hand.dealer, hand.honba, hand.pot)
        for read, hand in zip(reads, hands, strict=True)
    ]
    result = sheet_engine.finish(table, state, played)
    return WorkedSheet(sheet, tuple(hands), tuple(reads), table, result, state)
