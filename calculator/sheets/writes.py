"""A sheet's writes: add, replace, delete or restore a hand, and work a sheet out again.

Each runs in one transaction that first locks the sheet's row (`select_for_update`; on
SQLite the IMMEDIATE transaction the settings ask for holds the write lock), so four phones
writing at once are applied one after another and none is lost. Each ends by storing the
standing it leaves with a new revision.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Literal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from calculator.forms.sheet import MAX_HANDS, ReadHand
from calculator.models import Hand, HandVersion, Sheet
from calculator.scoring import sheet as sheet_engine
from calculator.sheets import changes
from calculator.sheets.reads import read_data
from calculator.sheets.worked import (
    Recorded,
    WorkedSheet,
    standing,
    state_json,
    table_of_sheet,
    work_out,
)

# Digits as contract.md § Parameter syntax reads integers (full-width ones too: int() reads
# them), never so many that converting them costs anything.
REVISION = re.compile(r"[0-9０-９]{1,9}")
# The versions of a hand its history keeps: the most recent; `Hand.versions` counts all.
KEPT_VERSIONS = 20

Answer = Literal["sheet", "hand"] | None


class Refused(Exception):
    """A request the sheet cannot take: its status and the errors JSON."""

    def __init__(self, status: int, errors: dict[str, Any]) -> None:
        super().__init__(status)
        self.status = status
        self.errors = errors


def _locked(sheet: Sheet) -> Sheet:
    """The sheet read again inside the write's transaction, and held until it ends: a new
    instance, the one the request opened stays as it was read."""
    return Sheet.objects.select_for_update().get(pk=sheet.pk)


def _bump(sheet: Sheet, state: sheet_engine.State) -> None:
    """The write is done: a new revision, and the standing it leaves stored with it; the
    open pages are told once it has committed."""
    sheet.revision += 1
    sheet.state = state_json(state, sheet.revision)
    sheet.save(update_fields=["revision", "state", "updated"])
    transaction.on_commit(partial(changes.announce, sheet.pk, sheet.revision))


def rework(sheet: Sheet) -> WorkedSheet:
    """Every hand worked out again and what that gives stored, for a sheet whose standing
    is missing or not trusted (hands restored from a backup, `LEDGER` raised). Nothing
    the table sees changes, so the revision stays."""
    with transaction.atomic():
        sheet = _locked(sheet)
        worked = _rework(sheet)
        sheet.state = state_json(worked.state, sheet.revision)
        sheet.save(update_fields=["state"])
    return worked


def _rework(sheet: Sheet, hands: list[Hand] | None = None) -> WorkedSheet:
    """Every hand worked out again in order, and the counters that changed stored (an
    edit of hand 3 moves the dealer and honba of every later hand)."""
    worked = work_out(sheet, hands)
    changed = []
    for hand, read, played in zip(worked.hands, worked.reads, worked.result.hands, strict=True):
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
        message = _("A key is 1 to 64 printable characters.")
        raise Refused(400, {"key": [{"code": "invalid", "message": message}]})
    return key


class _Taken(Exception):
    """The next hand's number or key is taken."""


def add_hand(
    sheet: Sheet, data: Any, *, answer: Answer = "sheet"
) -> tuple[bool, Hand, WorkedSheet | None]:
    """Record a hand. Returns (created, hand, the sheet as of that write). With a key already
    used: (False, the first hand, the sheet now), and nothing changes, whatever the other
    values are. `answer`: "sheet", every hand worked out (the API's answer); "hand", only the
    new one, beside the standing (the page's answer in place; None for a repeated key,
    whose answer draws the list again); None, nothing (a page that redirects, then reads)."""
    key = _key(data)
    table = table_of_sheet(sheet)  # fixed when the sheet was made: read once for the whole add
    read = read_data(sheet, data, table)
    try:
        if not isinstance(read, ReadHand):
            raise Refused(400, read)
        with transaction.atomic():
            locked = _locked(sheet)
            # The API's answer works every hand out: they are read before the new one.
            hands = list(locked.hands.all()) if answer == "sheet" else None
            state = standing(locked)
            hand = None
            if state is not None:
                played, after = _play(table, read, state)
                hand = _insert(locked, read, key, state, played.n)
                if hand is None and key is not None and locked.hands.filter(key=key).exists():
                    raise _Taken
            if hand is None:
                # No standing to play from, or hands stored past it took the number: every
                # hand worked out again, and the new one numbered after the last stored.
                hands = list(locked.hands.all())
                state = _rework(locked, hands).state
                played, after = _play(table, read, state)
                hand = _insert(locked, read, key, state, hands[-1].n + 1 if hands else 1)
                if hand is None:
                    raise _Taken
            _bump(locked, after)
    except (Refused, _Taken) as refusal:
        # A repeat of a hand already recorded answers with that hand, whatever it sent.
        first = Hand.objects.filter(sheet_id=sheet.pk, key=key).first() if key else None
        if first is not None:
            return False, first, work_out(first.sheet) if answer == "sheet" else None
        if isinstance(refusal, _Taken):
            raise IntegrityError(f"sheet {sheet.pk}: the next hand's number is taken") from None
        raise
    if answer == "sheet":  # the hands before it, and this one last (numbers only grow)
        assert hands is not None
        recorded = Recorded(read, state, played, after)
        return True, hand, work_out(locked, [*hands, hand], recorded=recorded, table=table)
    if answer == "hand":  # the hand as just played: no engine call again
        result = sheet_engine.finish(table, after, [played])
        return True, hand, WorkedSheet(locked, (hand,), (read,), table, result, after)
    return True, hand, None


def _play(
    table: sheet_engine.Table, read: ReadHand, state: sheet_engine.State
) -> tuple[sheet_engine.Played, sheet_engine.State]:
    if state.count >= MAX_HANDS:
        message = _("A sheet holds at most %(count)s hands.") % {"count": MAX_HANDS}
        raise Refused(400, {"__all__": [{"code": "too_many_hands", "message": message}]})
    return sheet_engine.play(table, read.entry, state)


def _insert(
    sheet: Sheet, read: ReadHand, key: str | None, state: sheet_engine.State, n: int
) -> Hand | None:
    """Hand n stored, played under `state`; None if its number or key is taken (the
    database's unique constraints say so; the savepoint lets the write go on)."""
    try:
        with transaction.atomic():
            return Hand.objects.create(
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
    except IntegrityError:
        return None


def _check_revision(data: Any, sheet: Sheet) -> None:
    """A write that changes a recorded hand names the revision it was looking at."""
    raw = str(data.get("revision", "")).strip()
    if not raw:
        message = _("Send the sheet's revision.")
        raise Refused(400, {"revision": [{"code": "required", "message": message}]})
    if not REVISION.fullmatch(raw):
        message = _("A revision is a whole number.")
        raise Refused(400, {"revision": [{"code": "invalid", "message": message}]})
    if int(raw) != sheet.revision:
        message = _("Someone changed this sheet first: reload it and try again.")
        raise Refused(409, {"revision": [{"code": "stale", "message": message}]})


def _hand(sheet: Sheet, n: int) -> Hand:
    hand = sheet.hands.filter(n=n).first()
    if hand is None:
        message = _("There is no hand %(n)s.") % {"n": n}
        raise Refused(404, {"__all__": [{"code": "not_found", "message": message}]})
    return hand


def replace_hand(sheet: Sheet, n: int, data: Any, *, answer: bool = True) -> WorkedSheet | None:
    """Hand n replaced; its old values are kept as a version in its history (the most
    recent `KEPT_VERSIONS` of them)."""
    read = read_data(sheet, data)
    with transaction.atomic():
        sheet = _locked(sheet)
        hand = _hand(sheet, n)
        _check_revision(data, sheet)
        if hand.deleted:
            message = _("This hand is deleted: restore it before changing it.")
            raise Refused(400, {"__all__": [{"code": "deleted", "message": message}]})
        if not isinstance(read, ReadHand):
            raise Refused(400, read)
        HandVersion.objects.create(
            hand=hand,
            version=hand.versions,
            winner=hand.winner,
            discarder=hand.discarder,
            params=hand.params,
        )
        hand.history.filter(version__lte=hand.versions - KEPT_VERSIONS).delete()
        hand.winner, hand.discarder, hand.params = read.winner, read.discarder, read.params
        hand.versions += 1
        hand.save(update_fields=["winner", "discarder", "params", "versions"])
        worked = _rework(sheet)  # the sheet as of this write
        _bump(sheet, worked.state)
    return worked if answer else None


def set_deleted(
    sheet: Sheet, n: int, data: Any, deleted: bool, *, answer: bool = True
) -> WorkedSheet | None:
    """Delete (or restore) hand n: it stays in the sheet, counting for nothing."""
    with transaction.atomic():
        sheet = _locked(sheet)
        hand = _hand(sheet, n)
        _check_revision(data, sheet)
        if hand.deleted == deleted:  # already so: nothing changes
            return work_out(sheet) if answer else None
        hand.deleted = deleted
        hand.save(update_fields=["deleted"])
        worked = _rework(sheet)
        _bump(sheet, worked.state)
    return worked if answer else None


def last_live_hand(sheet: Sheet) -> Hand | None:
    """The hand "undo" takes back: the latest one not deleted."""
    return sheet.hands.filter(deleted=False).order_by("-n").first()
