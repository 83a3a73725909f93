"""Score sheets in the database: create, read, and the writes, each in one transaction.

Every write locks the sheet's row (`select_for_update`; on SQLite the IMMEDIATE transaction
takes the write lock), re-reads what it needs, and bumps the revision, so four phones writing
at once are applied one after another and none is lost. The pages and the JSON API both call
these functions: one code path for every write.

Each write also keeps what it worked out: where the sheet stands after its last hand
(`Sheet.state`, stamped with the revision it belongs to) and the counters every hand was
played under. A new hand is played from the standing alone; a change to a recorded hand
works the whole sheet out again (`book.fold`) and stores what changed. A page then reads the
standing and works out only the hands it lists, each from its own counters, so a long
sheet costs no more to show than a short one. A standing that is missing or from another
revision (or from an older engine: `LEDGER`) is never trusted: the read works every hand out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal, TypeVar

from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, transaction
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.utils import timezone
from django.utils.translation import gettext as _

from calculator.forms.sheet import (
    MAX_HANDS,
    NewSheet,
    ReadHand,
    read_hand,
    read_stored,
    table_of,
)
from calculator.models import Hand, HandVersion, Sheet
from calculator.scoring import sheet as book

M = TypeVar("M", Sheet, Hand)

KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe writes
REVISION = re.compile(r"[0-9]{1,9}")  # ASCII digits, never a huge number to convert
# The stored standings' stamp: raised whenever the engine would now work a stored hand out
# differently, so that no sheet shows what an older engine stored.
LEDGER = 1


class Refused(Exception):
    """A request the sheet cannot take: its status and the errors JSON."""

    def __init__(self, status: int, errors: dict[str, Any]) -> None:
        super().__init__(status)
        self.status = status
        self.errors = errors


# The statements every sheet request makes, written out: built by the ORM, each cost about
# a bare view on its own here (300-400 µs against 50-100; docs/performance.md). Portable
# SQL (SQLite, PostgreSQL); the values go through each field's own preparation.
_SHEETS, _HANDS = Sheet._meta.db_table, Hand._meta.db_table
_BY_KEY = f"SELECT * FROM {_SHEETS} WHERE edit_key = %s OR view_key = %s LIMIT 2"
# What a write re-reads of a sheet: all that changes once it is made.
_CHANGING = ("revision", "updated", "state")
_LOCK = f"SELECT {', '.join(_CHANGING)} FROM {_SHEETS} WHERE id = %s"
_HANDS_OF = f"SELECT * FROM {_HANDS} WHERE sheet_id = %s ORDER BY n"
_BUMP = f"UPDATE {_SHEETS} SET revision = %s, updated = %s, state = %s WHERE id = %s"
_HAND_COLUMNS = ("sheet_id", "n", "winner", "discarder", "params", "deleted", "key")
_HAND_COLUMNS += ("versions", "dealer", "honba", "pot")
# A number or key already taken inserts nothing and returns no row (SQLite ≥ 3.35 and
# PostgreSQL): unlike a refused insert, that needs no savepoint to go on with the write.
_INSERT = (
    f"INSERT INTO {_HANDS} ({', '.join(_HAND_COLUMNS)})"
    f" VALUES ({', '.join(['%s'] * len(_HAND_COLUMNS))}) ON CONFLICT DO NOTHING RETURNING id"
)

# What `_holds` asks of the sheet: its revision now, how many hands, the last number.
_HOLDS = f"""
    SELECT revision,
        (SELECT COUNT(*) FROM {_HANDS} WHERE sheet_id = %s),
        (SELECT MAX(n) FROM {_HANDS} WHERE sheet_id = %s)
    FROM {_SHEETS} WHERE id = %s
"""
# The page's read: the latest hands, and in the same statement what `_holds` asks of the
# sheet (its revision now, how many hands, the last number). Built by the ORM, the same
# query cost 2.8 ms here, against 0.5 ms written out.
_LATEST_HANDS = f"""
    SELECT h.*,
        (SELECT revision FROM {_SHEETS} WHERE id = %s) AS revision_now,
        (SELECT COUNT(*) FROM {_HANDS} WHERE sheet_id = %s) AS hand_count,
        (SELECT MAX(n) FROM {_HANDS} WHERE sheet_id = %s) AS last_n
    FROM {_HANDS} h WHERE h.sheet_id = %s ORDER BY h.n DESC LIMIT %s
"""


def _prepared(row: Sheet | Hand, names: tuple[str, ...], db: Any) -> list[Any]:
    """The row's values of those columns as `db` stores them. `db` is the connection itself:
    through `django.db.connection`, each field's preparation looks the thread's one up,
    which cost an insert's eleven values about 25 µs here."""
    meta = type(row)._meta
    fields = [meta.get_field(name.removesuffix("_id")) for name in names]
    return [field.get_db_prep_save(getattr(row, field.attname), db) for field in fields]


def _rows(model: type[M], sql: str, params: list[Any]) -> list[M]:
    """The rows of a `SELECT *` as model instances, each value through the converters its
    field and the backend give it: what `Model.objects.raw` does, less its set-up, which
    cost a one-row read about 100 µs here (a quarter of a bare view). A column that is no
    field of the model is set as an attribute, as `raw` sets it."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each `connection.x` looks the thread's up
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        at = {column[0]: i for i, column in enumerate(cursor.description)}
        rows = cursor.fetchall()
    fields = model._meta.concrete_fields  # `from_db` takes every field's value, in this order
    order = [at[field.column] for field in fields]
    converters = [  # by the field's place in `fields`
        (place, convert, col)
        for place, field in enumerate(fields)
        for convert, col in _converters(db, model, field)
    ]
    extra = [(i, column) for column, i in at.items() if i not in order]
    names = [field.attname for field in fields]
    # `from_db` makes each instance through `Model.__init__`, about half of a row's cost
    # here; with nobody listening to its signals, the instance is set up as it would set
    # it (every field's value, the state of a saved row) at once.
    lean = not (pre_init.has_listeners(model) or post_init.has_listeners(model))
    alias = db.alias
    found = []
    for row in rows:
        values = [row[i] for i in order]
        for place, convert, col in converters:
            values[place] = convert(values[place], col, db)
        if lean:
            instance = model.__new__(model)
            instance.__dict__.update(zip(names, values, strict=True))
            state = instance._state = ModelState()
            state.adding, state.db = False, alias
        else:
            instance = model.from_db(alias, names, values)
        for i, column in extra:
            setattr(instance, column, row[i])
        found.append(instance)
    return found


def _converters(db: Any, model: type[M], field: Any) -> list[tuple[Any, Any]]:
    """What turns a column's value as the backend gives it into the field's (a JSON text
    into a dict on SQLite, say), as a queryset would run it."""
    col = field.get_col(model._meta.db_table)
    return [
        (convert, col) for convert in [*db.ops.get_db_converters(col), *col.get_db_converters(db)]
    ]


def _hands_of(sheet: Sheet) -> list[Hand]:
    """Every hand of the sheet, in order."""
    return _of(sheet, _rows(Hand, _HANDS_OF, [sheet.pk]))


def _of(sheet: Sheet, hands: Iterable[Hand]) -> list[Hand]:
    # Each knows its sheet, as `sheet.hands.all()` made them: no query to ask it. Put in
    # the relation's cache, as the ORM's own reads of related rows do; `hand.sheet = sheet`
    # would check the assignment first, which cost a 30-row page about a tenth of a bare
    # view.
    found = list(hands)
    relation = Hand.sheet.field
    for hand in found:
        if hand.sheet_id != sheet.pk:
            raise ValueError(f"{hand} is not of sheet {sheet.pk}")
        relation.set_cached_value(hand, sheet)
    return found


@dataclass(frozen=True)
class Opened:
    """A sheet found by one of its keys."""

    sheet: Sheet
    can_edit: bool


def open_sheet(key: str) -> Opened | None:
    """The sheet whose edit or view key this is; None for an unknown key."""
    if not KEY.fullmatch(key):  # a key is URL-safe base64: anything else is unknown
        return None
    # One query for either key; were a key both one sheet's edit key and another's view key
    # (144 random bits each: never), the edit key would win.
    found = _rows(Sheet, _BY_KEY, [key, key])
    for sheet in found:
        if sheet.edit_key == key:
            return Opened(sheet, True)
    return Opened(found[0], False) if found else None


@dataclass(frozen=True)
class Book:
    """A sheet worked out: its hands as stored (every one, or the latest), how each was read,
    the engine's result for them, and where the sheet stands after its last hand."""

    sheet: Sheet
    hands: tuple[Hand, ...]
    reads: tuple[ReadHand, ...]
    table: book.Table
    result: book.Result
    state: book.State

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
    before: book.State
    played: book.Played
    after: book.State


def players_of(sheet: Sheet) -> int:
    return len(sheet.players)


def _table(sheet: Sheet) -> book.Table:
    return table_of(sheet.family, sheet.rules, players_of(sheet))


def _state_json(state: book.State, revision: int) -> dict[str, Any]:
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


def standing(sheet: Sheet) -> book.State | None:
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
        return book.State(
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


def _holds(sheet: Sheet, state: book.State) -> bool:
    """The standing still describes the hands stored, checked in one query after they were
    read: no write since the sheet was read (a page would otherwise show totals of one
    revision beside rows of the next), and hands numbered 1 to `count`, none missing or
    stored past it by anything but these functions."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(_HOLDS, [sheet.pk] * 3)
        now = cursor.fetchone()
    return now is not None and tuple(now) == _told(sheet, state)


def _told(sheet: Sheet, state: book.State) -> tuple[int, int, int | None]:
    """What the check finds when the standing holds: the revision the sheet was read at,
    `count` hands, the last one numbered `count` (none: no hand)."""
    return (sheet.revision, state.count, state.count or None)


def _plain(value: Fraction) -> Fraction | int:
    return value.numerator if value.denominator == 1 else value


def stored_data(hand: Hand) -> dict[str, str]:
    data = dict(hand.params)
    data["winner"] = "none" if hand.winner is None else str(hand.winner)
    if hand.discarder is not None:
        data["discarder"] = str(hand.discarder)
    return data


def work_out(
    sheet: Sheet,
    hands: list[Hand] | None = None,
    *,
    trying: ReadHand | None = None,
    at: int | None = None,
    recorded: Recorded | None = None,
    table: book.Table | None = None,
) -> Book:
    """Every hand read again and the whole sheet recomputed (one engine call per hand).

    `trying` is a hand not recorded yet, for the live preview: added after the last hand,
    or in place of hand `at` (an edit); nothing is written. `recorded` is the last of
    `hands` as its write just read and played it, so it is neither read from storage nor
    played again; `table`, the sheet's, when the request has read it already."""
    if hands is None:
        hands = _hands_of(sheet)
    if table is None:
        table = _table(sheet)
    family, rules = sheet.family, sheet.rules
    reads = [
        read_stored(family, rules, table, hand.winner, hand.discarder, hand.params)
        for hand in (hands if recorded is None else hands[:-1])
    ]
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
        played, state = book.fold(table, entries)
    else:
        played, state = book.fold(table, entries[:-1])
        if state == recorded.before:  # as the write played it: its result is this one's
            played, state = (*played, recorded.played), recorded.after
        else:
            last, state = book.play(table, entries[-1], state)
            played = (*played, last)
    # The fold counts places; a hand's number is its own (the same, unless rows were removed
    # outside the app), and undo names the hand by it.
    live = next((hand.n for hand in reversed(hands) if not hand.deleted), None)
    if live != state.live:
        state = replace(state, live=live)
    return Book(sheet, tuple(hands), tuple(reads), table, book.finish(table, state, played), state)


def _entry(read: ReadHand, hand: Hand) -> book.Entry:
    """The hand as the fold plays it: as read, and deleted if it is (a read never is; a
    copy of every entry cost a 30-row page about a third of a bare view)."""
    return replace(read.entry, deleted=True) if hand.deleted else read.entry


def _booked(
    sheet: Sheet,
    hands: list[Hand],
    state: book.State,
    reads: list[ReadHand] | None = None,
) -> Book:
    """The sheet standing at `state`, with `hands` (the latest) worked out again, each from
    the counters it was played under."""
    table = _table(sheet)
    family, rules = sheet.family, sheet.rules
    if reads is None:
        reads = [
            read_stored(family, rules, table, hand.winner, hand.discarder, hand.params)
            for hand in hands
        ]
    played = [
        book.replay(
            table,
            _entry(read, hand),
            hand.n,
            hand.dealer,
            hand.honba,
            hand.pot,
        )
        for read, hand in zip(reads, hands, strict=True)
    ]
    return Book(sheet, tuple(hands), tuple(reads), table, book.finish(table, state, played), state)


def latest(sheet: Sheet, listed: int) -> Book:
    """The sheet as its last write left it, with its latest `listed` hands worked out again
    (every hand, when its stored standing cannot be trusted)."""
    state = standing(sheet)
    if state is None:
        return work_out(sheet)
    hands = _latest_hands(sheet, listed)
    holds = _listed_hold(sheet, state, hands[-1]) if hands else _holds(sheet, state)
    if not holds:
        return work_out(sheet)  # one read of the hands: the numbers agree with each other
    return _booked(sheet, hands, state)


def _latest_hands(sheet: Sheet, listed: int) -> list[Hand]:
    """The latest `listed` hands, oldest first, each carrying `_holds`'s answers."""
    if not listed:
        return []
    latest = _rows(Hand, _LATEST_HANDS, [sheet.pk] * 4 + [listed])
    return list(reversed(_of(sheet, latest)))


def _listed_hold(sheet: Sheet, state: book.State, hand: Hand) -> bool:
    """`_holds`, from what `_latest_hands` read with the hands."""
    seen = (hand.revision_now, hand.hand_count, hand.last_n)  # type: ignore[attr-defined]
    return seen == _told(sheet, state)


def preview(sheet: Sheet, data: Any, at: int | None = None) -> Book | dict[str, Any]:
    """This hand worked out as if recorded (or as hand `at`, replaced), or the errors JSON;
    nothing is stored. The book's hands are that one hand; its standing and totals are the
    sheet's as it is now, without it."""
    read = _read(sheet, data)
    if not isinstance(read, ReadHand):
        return read
    state = standing(sheet)
    stored = sheet.hands.filter(n=at).first() if at is not None else None
    if at is not None and stored is None:
        raise ValueError(f"the sheet has no hand {at}")
    if state is None or not _holds(sheet, state):
        # Nothing stored to trust: the sheet worked out with the hand in, and without it.
        tried = work_out(sheet, trying=read, at=at)
        index = len(tried.hands) - 1
        if at is not None:
            index = next(i for i, hand in enumerate(tried.hands) if hand.n == at)
        now = work_out(sheet).state
        result = book.finish(tried.table, now, [tried.result.hands[index]])
        return Book(sheet, (tried.hands[index],), (read,), tried.table, result, now)
    draft = Hand(
        sheet=sheet,
        n=state.count + 1,
        winner=read.winner,
        discarder=read.discarder,
        params=read.params,
        dealer=state.dealer,
        honba=state.honba,
        pot=state.pot,
    )
    if stored is not None:
        # In hand n's place: its own counters, whatever it is changed to.
        draft.n, draft.deleted, draft.versions = stored.n, stored.deleted, stored.versions
        draft.dealer, draft.honba, draft.pot = stored.dealer, stored.honba, stored.pot
    return _booked(sheet, [draft], state, [read])


def create(new: NewSheet) -> Sheet:
    table = table_of(new.family, new.rules, len(new.names))
    return Sheet.objects.create(
        family=new.family,
        rules=new.rules,
        players=list(new.names),
        state=_state_json(book.begin(table), 0),
    )


def _read(sheet: Sheet, data: Any, table: book.Table | None = None) -> ReadHand | dict[str, Any]:
    if table is None:
        table = _table(sheet)
    return read_hand(sheet.family, sheet.rules, table, data)


def _locked(sheet: Sheet) -> Sheet:
    """The sheet read again inside the write's transaction, and held: PostgreSQL locks its
    row; SQLite's write transaction (IMMEDIATE) already holds the whole database. Only what
    a write changes is read again (the rest is fixed when the sheet is made), into a new
    instance: the one the request opened stays as it was read."""
    db = connections[DEFAULT_DB_ALIAS]
    lock = " FOR UPDATE" if db.features.has_select_for_update else ""
    with db.cursor() as cursor:
        cursor.execute(_LOCK + lock, [sheet.pk])
        row = cursor.fetchone()
    if row is None:
        raise Sheet.DoesNotExist(f"sheet {sheet.pk}")
    fields = Sheet._meta.concrete_fields
    values = {field.attname: getattr(sheet, field.attname) for field in fields}
    for name, value in zip(_CHANGING, row, strict=True):
        field = Sheet._meta.get_field(name)
        for convert, col in _converters(db, Sheet, field):
            value = convert(value, col, db)
        values[field.attname] = value
    return Sheet.from_db(db.alias, list(values), list(values.values()))


def _bump(sheet: Sheet, state: book.State) -> None:
    """The write is done: a new revision, and the standing it leaves stored with it."""
    sheet.revision += 1
    sheet.state = _state_json(state, sheet.revision)
    sheet.updated = timezone.now()
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_BUMP, [*_prepared(sheet, ("revision", "updated", "state"), db), sheet.pk])
        if cursor.rowcount != 1:  # as `save()` would: never under the lock on the row
            raise Sheet.DoesNotExist(f"sheet {sheet.pk}")


def rework(sheet: Sheet) -> Book:
    """Every hand worked out again and what that gives stored, for a sheet whose standing
    is missing or not trusted (hands restored from a backup, `LEDGER` raised). Nothing
    the table sees changes, so the revision stays."""
    with transaction.atomic():
        sheet = _locked(sheet)
        worked = _rework(sheet, _hands_of(sheet))
        sheet.state = _state_json(worked.state, sheet.revision)
        sheet.save(update_fields=["state"])
    return worked


def _rework(sheet: Sheet, hands: list[Hand]) -> Book:
    """Every hand worked out again in order, and the counters that changed stored (an
    edit of hand 3 moves the dealer and honba of every later hand)."""
    worked = work_out(sheet, hands)
    changed = []
    for hand, read, played in zip(hands, worked.reads, worked.result.hands, strict=True):
        # The sticks carried in: a deleted hand's declarations never reached the table.
        pot = played.riichi_sticks - (0 if played.deleted else len(read.entry.riichi))
        counters = (played.dealer, played.honba, pot)
        if (hand.dealer, hand.honba, hand.pot) != counters:
            hand.dealer, hand.honba, hand.pot = counters
            changed.append(hand)
    if changed:
        Hand.objects.bulk_update(changed, ["dealer", "honba", "pot"])
    return worked


def _key(data: Any) -> str | None:
    key = data.get("key")
    if key is None:
        return None
    key = str(key)
    # Not trimmed: " a" and "a" are two keys, and a changed key must never be taken for
    # another hand's.
    if not 1 <= len(key) <= 64 or not key.isprintable() or key != key.strip():
        raise Refused(
            400,
            {"key": [{"code": "invalid", "message": _("A key is 1 to 64 printable characters.")}]},
        )
    return key


Answer = Literal["sheet", "hand"] | None


def add_hand(
    sheet: Sheet, data: Any, *, answer: Answer = "sheet"
) -> tuple[bool, Hand, Book | None]:
    """Record a hand. Returns (created, hand, the sheet as of that write). With a key already
    used: (False, the first hand, the sheet now), and nothing changes, whatever the other
    values are. `answer`: "sheet", every hand worked out (the API's answer); "hand", only the
    new one, beside the standing (the page's answer in place; None for a repeated key,
    whose answer draws the list again); None, nothing (a page that redirects, then reads)."""
    key = _key(data)
    table = _table(sheet)  # fixed when the sheet was made: read once for the whole add
    read = _read(sheet, data, table)
    if not isinstance(read, ReadHand):
        first = sheet.hands.filter(key=key).first() if key else None
        if first is not None:
            return False, first, work_out(first.sheet) if answer == "sheet" else None
        raise Refused(400, read)
    try:
        with transaction.atomic():
            sheet = _locked(sheet)
            # The API's answer reads every hand anyway: the key and the count come from them.
            before = _hands_of(sheet) if answer == "sheet" else None
            if key is not None and before is not None:
                first = next((hand for hand in before if hand.key == key), None)
                if first is not None:
                    return False, first, work_out(sheet, before)
            state = standing(sheet)
            if state is None:  # nothing stored to play it from: every hand worked out again
                state = _rework(sheet, before or _hands_of(sheet)).state
            if state.count >= MAX_HANDS:
                first = sheet.hands.filter(key=key).first() if key and before is None else None
                if first is not None:  # a retry of the last hand a full sheet took
                    return False, first, None
                raise Refused(400, _too_many())
            played, after = book.play(table, read.entry, state)
            hand = _insert(sheet, read, key, state, played.n)
            if hand is None:
                first = sheet.hands.filter(key=key).first() if key else None
                if first is not None:  # the key is taken: this is a repeat
                    return False, first, work_out(sheet) if answer == "sheet" else None
                # Hands stored past the standing took the number: work them all out first.
                hands = _hands_of(sheet)
                state = _rework(sheet, hands).state
                if state.count >= MAX_HANDS:
                    raise Refused(400, _too_many())
                played, after = book.play(table, read.entry, state)
                # Numbered after the last one stored, even were one missing (never by us).
                hand = _insert(sheet, read, key, state, hands[-1].n + 1 if hands else 1)
                if hand is None:
                    raise _Taken
            _bump(sheet, after)
    except _Taken:
        # The second insert found a conflict too: only a key taken meanwhile can be
        # answered (the lock on the sheet makes even that a case for databases without one).
        first = Hand.objects.filter(sheet_id=sheet.pk, key=key).first() if key else None
        if first is None:
            raise IntegrityError(f"sheet {sheet.pk}: the next hand's number is taken") from None
        return False, first, work_out(first.sheet) if answer == "sheet" else None
    # The sheet as of this write: the hands before it, and this one last (numbers only grow).
    if answer == "sheet":
        assert before is not None
        recorded = Recorded(read, state, played, after)
        return True, hand, work_out(sheet, [*before, hand], recorded=recorded, table=table)
    if answer == "hand":  # the hand as just played: no engine call again
        result = book.finish(table, after, [played])
        return True, hand, Book(sheet, (hand,), (read,), table, result, after)
    return True, hand, None


def _too_many() -> dict[str, Any]:
    message = _("A sheet holds at most %(count)s hands.") % {"count": MAX_HANDS}
    return {"__all__": [{"code": "too_many_hands", "message": message}]}


class _Taken(Exception):
    """Both inserts of an add found their number or key taken."""


def _insert(
    sheet: Sheet, read: ReadHand, key: str | None, state: book.State, n: int
) -> Hand | None:
    """Hand n stored, played under `state`; None if its number or key is taken. A key
    already used is found by the database's unique constraint, which spares every other add
    a lookup, and the write goes on in the same transaction."""
    hand = Hand(
        sheet=sheet,
        n=n,
        winner=read.winner,
        discarder=read.discarder,
        params=read.params,
        key=key,
        dealer=state.dealer,
        honba=state.honba,
        pot=state.pot,
    )
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_INSERT, _prepared(hand, _HAND_COLUMNS, db))
        row = cursor.fetchone()
    if row is None:
        return None
    (hand.pk,) = row
    hand._state.adding, hand._state.db = False, db.alias
    return hand


def _revision(data: Any, sheet: Sheet) -> None:
    """A write that changes a recorded hand names the revision it was looking at."""
    raw = str(data.get("revision", "")).strip()
    if not raw:
        raise Refused(
            400,
            {"revision": [{"code": "required", "message": _("Send the sheet's revision.")}]},
        )
    if not REVISION.fullmatch(raw):
        raise Refused(
            400,
            {"revision": [{"code": "invalid", "message": _("A revision is a whole number.")}]},
        )
    if int(raw) != sheet.revision:
        raise Refused(
            409,
            {
                "revision": [
                    {
                        "code": "stale",
                        "message": _("Someone changed this sheet first: reload it and try again."),
                    }
                ]
            },
        )


def _hand(sheet: Sheet, n: int) -> Hand:
    hand = sheet.hands.filter(n=n).first()
    if hand is None:
        raise Refused(
            404,
            {
                "__all__": [
                    {"code": "not_found", "message": _("There is no hand %(n)s.") % {"n": n}}
                ]
            },
        )
    return hand


def replace_hand(sheet: Sheet, n: int, data: Any, *, answer: bool = True) -> Book | None:
    """Hand n replaced; its old values are kept as a version in its history."""
    read = _read(sheet, data)
    with transaction.atomic():
        sheet = _locked(sheet)
        hand = _hand(sheet, n)
        _revision(data, sheet)
        if hand.deleted:
            raise Refused(
                400,
                {
                    "__all__": [
                        {
                            "code": "deleted",
                            "message": _("This hand is deleted: restore it before changing it."),
                        }
                    ]
                },
            )
        if not isinstance(read, ReadHand):
            raise Refused(400, read)
        HandVersion.objects.create(
            hand=hand,
            version=hand.versions,
            winner=hand.winner,
            discarder=hand.discarder,
            params=hand.params,
        )
        hand.winner, hand.discarder, hand.params = read.winner, read.discarder, read.params
        hand.versions += 1
        hand.save(update_fields=["winner", "discarder", "params", "versions"])
        worked = _rework(sheet, _hands_of(sheet))  # the sheet as of this write
        _bump(sheet, worked.state)
    return worked if answer else None


def set_deleted(
    sheet: Sheet, n: int, data: Any, deleted: bool, *, answer: bool = True
) -> Book | None:
    """Delete (or restore) hand n: it stays in the sheet, counting for nothing."""
    with transaction.atomic():
        sheet = _locked(sheet)
        hand = _hand(sheet, n)
        _revision(data, sheet)
        hands = _hands_of(sheet)
        if hand.deleted == deleted:  # already so: nothing changes
            return work_out(sheet, hands) if answer else None
        hand.deleted = deleted
        hand.save(update_fields=["deleted"])
        # The sheet as of this write (its hands were read before the change: this one too).
        next(h for h in hands if h.n == n).deleted = deleted
        worked = _rework(sheet, hands)
        _bump(sheet, worked.state)
    return worked if answer else None


def last_live_hand(sheet: Sheet) -> Hand | None:
    """The hand "undo" takes back: the latest one not deleted."""
    return sheet.hands.filter(deleted=False).order_by("-n").first()
