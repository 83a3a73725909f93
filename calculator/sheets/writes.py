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

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from calculator.forms.sheet import MAX_HANDS, ReadHand, stored_hand_data
from calculator.models import Hand, HandVersion, Sheet
from calculator.params import BoolParam
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
# The writes "undo" can take back, one after another: the most recent.
KEPT_ACTIONS = 50
# An add's `confirm=1`: record it even though a hand recorded since `shown` is the same.
CONFIRM = BoolParam(default=False)

Answer = Literal["sheet", "hand"] | None


class Refused(Exception):
    """A request the sheet cannot take: its status and the errors JSON."""

    def __init__(self, status: int, errors: dict[str, Any]) -> None:
        super().__init__(status)
        self.status = status
        self.errors = errors


def refuse_if_closed(sheet: Sheet) -> None:
    """A closed sheet takes no write but reopening: checked before anything else."""
    if sheet.closed:
        message = _("This sheet is closed: reopen it to change it.")
        raise Refused(409, {"__all__": [{"code": "closed", "message": message}]})


def _locked(sheet: Sheet) -> Sheet:
    """The sheet read again inside the write's transaction, and held until it ends: a new
    instance, the one the request opened stays as it was read."""
    return Sheet.objects.select_for_update().get(pk=sheet.pk)


def _remember(sheet: Sheet, action: str, n: int) -> None:
    """A write to hand n, kept for "undo" (the most recent `KEPT_ACTIONS`)."""
    sheet.actions = [*sheet.actions[-(KEPT_ACTIONS - 1) :], {"do": action, "n": n}]
    sheet.save(update_fields=["actions"])


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


def _shown(data: Any) -> int | None:
    """The revision the phone showed when the hand was entered (`shown`), if it says."""
    raw = data.get("shown")
    if raw is None:
        return None
    if not REVISION.fullmatch(str(raw).strip()):
        message = _("A revision is a whole number.")
        raise Refused(400, {"shown": [{"code": "invalid", "message": message}]})
    return int(str(raw).strip())


def _confirmed(data: Any) -> bool:
    """The person saw that the hand repeats one and records it anyway (`confirm=1`)."""
    try:
        return CONFIRM.clean(data.get("confirm"))
    except ValidationError as error:
        found = {"confirm": [{"code": "invalid", "message": error.messages[0]}]}
        raise Refused(400, found) from None


def _refuse_if_recorded_since(sheet: Sheet, read: ReadHand, key: str | None, shown: int) -> None:
    """A phone that showed revision `shown` sends a hand that one recorded since already is
    (same kind, winners, discarder and values): two phones entered the same hand, so it is
    refused (409 `duplicate`, naming that hand) until the person confirms it. A repeat of a
    key already used is a retry instead, answered with its first hand."""
    if key is not None and sheet.hands.filter(key=key).exists():
        raise _Taken
    since = sheet.hands.filter(
        added__gt=shown, deleted=False, winner=read.winner, discarder=read.discarder
    ).order_by("n")
    same = next((hand for hand in since if hand.params == read.params), None)
    if same is not None:
        message = _(
            "Hand %(n)s is already this hand: it was recorded after this page last updated. "
            "Record it again only if it really happened twice."
        ) % {"n": same.n}
        raise Refused(409, {"__all__": [{"code": "duplicate", "message": message, "n": same.n}]})


def add_hand(
    sheet: Sheet, data: Any, *, answer: Answer = "sheet"
) -> tuple[bool, Hand, WorkedSheet | None]:
    """Record a hand. Returns (created, hand, the sheet as of that write). With a key already
    used: (False, the first hand, the sheet now), and nothing changes, whatever the other
    values are. `answer`: "sheet", every hand worked out (the API's answer); "hand", only the
    new one, beside the standing (the page's answer in place; None for a repeated key,
    whose answer draws the list again); None, nothing (a page that redirects, then reads).
    With `shown`, the revision the phone showed: a hand the sheet got since is never
    recorded twice unawares (`_refuse_if_recorded_since`), unless `confirm` says so."""
    refuse_if_closed(sheet)
    key = _key(data)
    table = table_of_sheet(sheet)  # fixed when the sheet was made: read once for the whole add
    read = read_data(sheet, data, table)
    try:
        shown, confirmed = _shown(data), _confirmed(data)
        if not isinstance(read, ReadHand):
            raise Refused(400, read)
        with transaction.atomic():
            locked = _locked(sheet)
            refuse_if_closed(locked)  # closed since the request read it
            if shown is not None and shown < locked.revision and not confirmed:
                _refuse_if_recorded_since(locked, read, key, shown)
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
            _remember(locked, "add", hand.n)
            _bump(locked, after)
    except (Refused, _Taken) as refusal:
        if isinstance(refusal, Refused) and refusal.status == 409:
            raise  # closed, or the same hand again: no key is looked up or used
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
                added=sheet.revision + 1,  # the revision this write bumps the sheet to
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


def replace_hand(
    sheet: Sheet, n: int, data: Any, *, answer: bool = True, remember: bool = True
) -> WorkedSheet | None:
    """Hand n replaced; its old values are kept as a version in its history (the most
    recent `KEPT_VERSIONS` of them)."""
    refuse_if_closed(sheet)
    read = read_data(sheet, data)
    with transaction.atomic():
        sheet = _locked(sheet)
        refuse_if_closed(sheet)
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
        if remember:
            _remember(sheet, "replace", n)
        worked = _rework(sheet)  # the sheet as of this write
        _bump(sheet, worked.state)
    return worked if answer else None


def set_deleted(
    sheet: Sheet, n: int, data: Any, deleted: bool, *, answer: bool = True, remember: bool = True
) -> WorkedSheet | None:
    """Delete (or restore) hand n: it stays in the sheet, counting for nothing."""
    refuse_if_closed(sheet)
    with transaction.atomic():
        sheet = _locked(sheet)
        refuse_if_closed(sheet)
        hand = _hand(sheet, n)
        _check_revision(data, sheet)
        if hand.deleted == deleted:  # already so: nothing changes
            return work_out(sheet) if answer else None
        hand.deleted = deleted
        hand.save(update_fields=["deleted"])
        if remember:
            _remember(sheet, "delete" if deleted else "restore", n)
        worked = _rework(sheet)
        _bump(sheet, worked.state)
    return worked if answer else None


def set_closed(sheet: Sheet, data: Any, closed: bool) -> WorkedSheet:
    """Close the session (no write until it is reopened) or reopen it: a new revision."""
    if closed:
        refuse_if_closed(sheet)
    with transaction.atomic():
        sheet = _locked(sheet)
        if closed:
            refuse_if_closed(sheet)
        _check_revision(data, sheet)
        if sheet.closed == closed:  # reopening an open sheet: nothing changes
            return work_out(sheet)
        sheet.closed = closed
        sheet.save(update_fields=["closed"])
        worked = work_out(sheet)
        _bump(sheet, worked.state)
    return worked


def last_action(sheet: Sheet) -> dict[str, Any] | None:
    """What "undo" takes back: the latest write kept, or on a sheet written before writes
    were kept, the recording of its latest hand not deleted."""
    if sheet.actions:
        return sheet.actions[-1]
    last = last_live_hand(sheet)
    return {"do": "add", "n": last.n} if last is not None else None


def undo(sheet: Sheet, data: Any) -> dict[str, Any] | None:
    """Take back the last write to the sheet's hands (an add, an edit, a delete or a
    restore), whatever it was; what was taken back, or None when there was nothing."""
    refuse_if_closed(sheet)
    with transaction.atomic():
        locked = _locked(sheet)
        refuse_if_closed(locked)
        _check_revision(data, locked)
        action = last_action(locked)
        if action is None:
            return None
        if locked.actions:
            locked.actions = locked.actions[:-1]
            locked.save(update_fields=["actions"])
        n, current = action["n"], {"revision": str(locked.revision)}
        if action["do"] == "replace":
            hand = _hand(locked, n)
            before = hand.history.order_by("-version").first()
            if before is None:  # its history no longer keeps it
                return None
            back = stored_hand_data(before.winner, before.discarder, before.params)
            replace_hand(locked, n, {**back, **current}, answer=False, remember=False)
        else:
            # An add or a restore is taken back by deleting; a delete by restoring.
            deleting = action["do"] != "delete"
            set_deleted(locked, n, current, deleting, answer=False, remember=False)
    return action


def last_live_hand(sheet: Sheet) -> Hand | None:
    """The hand "undo" takes back: the latest one not deleted."""
    return sheet.hands.filter(deleted=False).order_by("-n").first()
