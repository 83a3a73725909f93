"""Score sheets in the database: create, read, and the writes, each in one transaction.

Every write locks the sheet's row (`select_for_update`; on SQLite the IMMEDIATE transaction
takes the write lock), re-reads what it needs, and bumps the revision, so four phones writing
at once are applied one after another and none is lost. The pages and the JSON API both call
these functions: one code path for every write.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from django.db import IntegrityError, transaction
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

KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe writes
REVISION = re.compile(r"[0-9]{1,9}")  # ASCII digits, never a huge number to convert


class Refused(Exception):
    """A request the sheet cannot take: its status and the errors JSON."""

    def __init__(self, status: int, errors: dict[str, Any]) -> None:
        super().__init__(status)
        self.status = status
        self.errors = errors


@dataclass(frozen=True)
class Opened:
    """A sheet found by one of its keys."""

    sheet: Sheet
    can_edit: bool


def open_sheet(key: str) -> Opened | None:
    """The sheet whose edit or view key this is; None for an unknown key."""
    if not KEY.fullmatch(key):  # a key is URL-safe base64: anything else is unknown
        return None
    found = Sheet.objects.filter(edit_key=key).first()
    if found is not None:
        return Opened(found, True)
    found = Sheet.objects.filter(view_key=key).first()
    return None if found is None else Opened(found, False)


@dataclass(frozen=True)
class Book:
    """A sheet worked out: its hands as stored, how each was read, and the engine's result."""

    sheet: Sheet
    hands: tuple[Hand, ...]
    reads: tuple[ReadHand, ...]
    table: book.Table
    result: book.Result


def players_of(sheet: Sheet) -> int:
    return len(sheet.players)


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
) -> Book:
    """Every hand read again and the whole sheet recomputed (one engine call per hand).

    `trying` is a hand not recorded yet, for the live preview: added after the last hand,
    or in place of hand `at` (an edit); nothing is written."""
    if hands is None:
        hands = list(sheet.hands.all())
    table = table_of(sheet.family, sheet.rules, players_of(sheet))
    family, rules = sheet.family, sheet.rules
    reads = [
        read_stored(family, rules, table, hand.winner, hand.discarder, hand.params)
        for hand in hands
    ]
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
    entries = [
        replace(read.entry, deleted=hand.deleted) for read, hand in zip(reads, hands, strict=True)
    ]
    return Book(sheet, tuple(hands), tuple(reads), table, book.run(table, entries))


def preview(sheet: Sheet, data: Any, at: int | None = None) -> Book | dict[str, Any]:
    """The sheet as it would be with this hand recorded (or hand `at` replaced), or the
    errors JSON; nothing is stored."""
    read = _read(sheet, data)
    if not isinstance(read, ReadHand):
        return read
    return work_out(sheet, trying=read, at=at)


def create(new: NewSheet) -> Sheet:
    return Sheet.objects.create(family=new.family, rules=new.rules, players=list(new.names))


def _read(sheet: Sheet, data: Any) -> ReadHand | dict[str, Any]:
    table = table_of(sheet.family, sheet.rules, players_of(sheet))
    return read_hand(sheet.family, sheet.rules, table, data)


def _locked(sheet: Sheet) -> Sheet:
    return Sheet.objects.select_for_update().get(pk=sheet.pk)


def _bump(sheet: Sheet) -> None:
    sheet.revision += 1
    sheet.save(update_fields=["revision", "updated"])


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


def add_hand(sheet: Sheet, data: Any, *, answer: bool = True) -> tuple[bool, Hand, Book | None]:
    """Record a hand. Returns (created, hand, the sheet as of that write): with a key
    already used, (False, the first hand, the sheet now) and nothing changes, whatever the
    other values are. `answer=False`: no sheet worked out (a page redirects, then reads it)."""
    key = _key(data)
    read = _read(sheet, data)
    if not isinstance(read, ReadHand):
        first = sheet.hands.filter(key=key).first() if key else None
        if first is not None:
            return False, first, work_out(first.sheet) if answer else None
        raise Refused(400, read)
    try:
        with transaction.atomic():
            sheet = _locked(sheet)
            # Answering, the hands are read anyway for the answer: the key and the count
            # come from them. A page's write, which answers with a redirect, asks for less.
            before = list(sheet.hands.all()) if answer else None
            if key is not None:
                if before is None:
                    first = sheet.hands.filter(key=key).first()
                else:
                    first = next((hand for hand in before if hand.key == key), None)
                if first is not None:
                    return False, first, work_out(sheet, before) if answer else None
            count = sheet.hands.count() if before is None else len(before)
            if count >= MAX_HANDS:
                raise Refused(
                    400,
                    {
                        "__all__": [
                            {
                                "code": "too_many_hands",
                                "message": _("A sheet holds at most %(count)s hands.")
                                % {"count": MAX_HANDS},
                            }
                        ]
                    },
                )
            hand = Hand.objects.create(
                sheet=sheet,
                n=count + 1,
                winner=read.winner,
                discarder=read.discarder,
                params=read.params,
                key=key,
            )
            _bump(sheet)
    except IntegrityError:
        # Two adds with one key raced past the check: the database kept the first.
        first = Hand.objects.filter(sheet_id=sheet.pk, key=key).first() if key else None
        if first is None:
            raise
        return False, first, work_out(first.sheet) if answer else None
    # The sheet as of this write: the hands before it, and this one last (numbers only grow).
    return True, hand, work_out(sheet, [*before, hand]) if before is not None else None


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
        _bump(sheet)
        hands = list(sheet.hands.all()) if answer else []  # the sheet as of this write
    return work_out(sheet, hands) if answer else None


def set_deleted(
    sheet: Sheet, n: int, data: Any, deleted: bool, *, answer: bool = True
) -> Book | None:
    """Delete (or restore) hand n: it stays in the sheet, counting for nothing."""
    with transaction.atomic():
        sheet = _locked(sheet)
        hand = _hand(sheet, n)
        _revision(data, sheet)
        if hand.deleted != deleted:
            hand.deleted = deleted
            hand.save(update_fields=["deleted"])
            _bump(sheet)
        hands = list(sheet.hands.all()) if answer else []  # the sheet as of this write
    return work_out(sheet, hands) if answer else None


def last_live_hand(sheet: Sheet) -> Hand | None:
    """The hand "undo" takes back: the latest one not deleted."""
    return sheet.hands.filter(deleted=False).order_by("-n").first()
