"""Opening a sheet by its key, making a new one, and what its pages read: the latest hands
beside the stored standing, and a hand worked out before it is recorded."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q

from calculator.forms.new_sheet import NewSheet
from calculator.forms.sheet import ReadHand, read_hand, table_of
from calculator.models import Hand, Sheet
from calculator.scoring import sheet as sheet_engine
from calculator.sheets.worked import (
    WorkedSheet,
    from_counters,
    standing,
    state_json,
    table_of_sheet,
    work_out,
)

KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe writes


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
    found = list(Sheet.objects.filter(Q(edit_key=key) | Q(view_key=key))[:2])
    for sheet in found:
        if sheet.edit_key == key:
            return Opened(sheet, True)
    return Opened(found[0], False) if found else None


def create(new: NewSheet) -> Sheet:
    table = table_of(new.family, new.rules, len(new.names))
    return Sheet.objects.create(
        family=new.family,
        rules=new.rules,
        players=list(new.names),
        state=state_json(sheet_engine.begin(table), 0),
    )


def read_data(
    sheet: Sheet, data: Any, table: sheet_engine.Table | None = None
) -> ReadHand | dict[str, Any]:
    """A hand as a request sends it, read for this sheet: a ReadHand or the errors JSON."""
    if table is None:
        table = table_of_sheet(sheet)
    return read_hand(sheet.family, sheet.rules, table, data)


def still_holds(sheet: Sheet, state: sheet_engine.State) -> bool:
    """The standing still describes the hands stored, checked after they were read: no
    write since the sheet was read (a page would otherwise show totals of one revision
    beside rows of the next), and hands numbered 1 to `count`, none missing or stored past
    it by anything but these functions."""
    now = (
        Sheet.objects.filter(pk=sheet.pk)
        .annotate(hand_count=Count("hands"), last_n=Max("hands__n"))
        .values_list("revision", "hand_count", "last_n")
        .first()
    )
    return now == (sheet.revision, state.count, state.count or None)


def latest(sheet: Sheet, listed: int) -> WorkedSheet:
    """The sheet as its last write left it, with its latest `listed` hands worked out again
    (every hand, when its stored standing cannot be trusted)."""
    state = standing(sheet)
    if state is None:
        return work_out(sheet)
    hands = list(reversed(sheet.hands.order_by("-n")[:listed])) if listed else []
    if not still_holds(sheet, state):
        return work_out(sheet)  # one read of the hands: the numbers agree with each other
    return from_counters(sheet, hands, state)


def hands_from(sheet: Sheet, first: int, count: int) -> WorkedSheet:
    """The sheet as its last write left it, with at most `count` hands from hand `first` on
    worked out again: a page of a long sheet costs what a short sheet does."""
    state = standing(sheet)
    if state is not None:
        hands = list(sheet.hands.filter(n__gte=first).order_by("n")[:count])
        if still_holds(sheet, state):
            return from_counters(sheet, hands, state)
    whole = work_out(sheet)  # nothing stored to trust: every hand, then the page of them
    return _chosen(whole, [i for i, hand in enumerate(whole.hands) if hand.n >= first][:count])


def hands_to(sheet: Sheet, last: int | None, count: int) -> WorkedSheet:
    """The sheet as its last write left it, with the latest `count` hands up to hand `last`
    (None: its last hand) worked out again: a page of a newest-first list."""
    state = standing(sheet)
    if state is not None:
        stored = sheet.hands.order_by("-n")
        if last is not None:
            stored = stored.filter(n__lte=last)
        hands = list(reversed(stored[:count]))
        if still_holds(sheet, state):
            return from_counters(sheet, hands, state)
    whole = work_out(sheet)
    upto = [i for i, hand in enumerate(whole.hands) if last is None or hand.n <= last]
    return _chosen(whole, upto[max(0, len(upto) - count) :])


def _chosen(whole: WorkedSheet, chosen: list[int]) -> WorkedSheet:
    """The whole sheet worked out, with only the hands at these indexes in it."""
    played = [whole.result.hands[i] for i in chosen]
    return WorkedSheet(
        whole.sheet,
        tuple(whole.hands[i] for i in chosen),
        tuple(whole.reads[i] for i in chosen),
        whole.table,
        sheet_engine.finish(whole.table, whole.state, played),
        whole.state,
    )


def preview(sheet: Sheet, data: Any, at: int | None = None) -> WorkedSheet | dict[str, Any]:
    """This hand worked out as if recorded (or as hand `at`, replaced), or the errors JSON;
    nothing is stored. The result's hands are that one hand; its standing and totals are the
    sheet's as it is now, without it."""
    read = read_data(sheet, data)
    if not isinstance(read, ReadHand):
        return read
    state = standing(sheet)
    stored = sheet.hands.filter(n=at).first() if at is not None else None
    if at is not None and stored is None:
        raise ValueError(f"the sheet has no hand {at}")
    if state is None or not still_holds(sheet, state):
        # Nothing stored to trust: the sheet worked out with the hand in, and without it.
        tried = work_out(sheet, trying=read, at=at)
        index = len(tried.hands) - 1
        if at is not None:
            index = next(i for i, hand in enumerate(tried.hands) if hand.n == at)
        now = work_out(sheet).state
        result = sheet_engine.finish(tried.table, now, [tried.result.hands[index]])
        return WorkedSheet(sheet, (tried.hands[index],), (read,), tried.table, result, now)
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
    return from_counters(sheet, [draft], state, [read])
