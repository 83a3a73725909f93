"""What a write stores beside the hands is what working every hand out again gives.

Each write keeps the sheet's standing and the counters each hand was played under, and a
page reads those instead of the whole sheet (`calculator.sheets`). These tests run random
writes of every kind (adds, edits, deletions, restorations) on sheets of every family and
hold what is stored equal to `work_out`, which reads every hand and folds them in order and
never looks at anything stored beside them.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import IntegrityError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator import sheets
from calculator.forms.new_sheet import read_new_sheet
from calculator.forms.sheet import ReadHand
from calculator.models import Hand, Sheet
from calculator.sheets import worked as sheet_worked
from calculator.sheets import writes as sheet_writes
from tests.test_sheet_stored_read import NAMES, RULES, SLUGS, hands

pytestmark = [pytest.mark.database, pytest.mark.django_db]
KINDS = [*SLUGS, "sanma"]


def new_sheet(kind: str) -> Sheet:
    slug = "riichi" if kind == "sanma" else kind
    names = {k: v for k, v in NAMES.items() if kind != "sanma" or k != "name4"}
    new = read_new_sheet({**names, "family": slug, **RULES.get(kind, {})})
    assert not isinstance(new, dict), new
    return sheets.create(new)


def same_result(quick: sheets.WorkedSheet, full: sheets.WorkedSheet) -> None:
    """Everything the sheet shows but its hands, and each hand `quick` worked out."""
    a, b = quick.result, full.result
    assert (a.totals, a.dealer, a.honba, a.pot, a.passes) == (
        b.totals,
        b.dealer,
        b.honba,
        b.pot,
        b.passes,
    )
    assert (a.final, a.settlement) == (b.final, b.settlement)
    assert quick.state == full.state
    assert len(quick.hands) <= len(full.hands)
    tail = full.result.hands[len(full.hands) - len(quick.hands) :]
    assert a.hands == tail  # dealer, counters, the engine's outcome and deltas: all of it


def check_stored(sheet: Sheet) -> None:
    sheet = Sheet.objects.get(pk=sheet.pk)
    full = sheets.work_out(sheet)
    assert sheets.standing(sheet) == full.state  # never None after a write of ours
    for hand, played in zip(full.hands, full.result.hands, strict=True):
        assert (hand.dealer, hand.honba) == (played.dealer, played.honba)
    # Each hand replayed from its own stored counters (`listed=count`): the pot carried in
    # shows in the replayed outcome and sticks, compared with the fold's.
    for listed in {0, 1, 3, full.count}:
        same_result(sheets.latest(sheet, listed), full)


def check_previews(sheet: Sheet, data: dict[str, str]) -> None:
    """A preview played from what is stored shows what the whole sheet worked out shows."""
    sheet = Sheet.objects.get(pk=sheet.pk)
    read = sheets.read_data(sheet, data)
    if not isinstance(read, ReadHand):
        return
    count = sheet.hands.count()
    for at in {None, *({1, count} if count else ())}:
        quick = sheets.preview(sheet, data, at)
        full = sheets.work_out(sheet, trying=read, at=at)
        index = len(full.hands) - 1 if at is None else at - 1
        assert quick.result.hands == (full.result.hands[index],)


@st.composite
def plain_hands(draw, slug: str, players: int) -> dict[str, str]:
    """A win at the family's default values, or a draw: hands a sheet always takes."""
    seats = [str(p) for p in range(1, players + 1)]
    winner = draw(st.sampled_from([*seats, "none"]))
    data = {"winner": winner}
    if winner != "none" and slug != "classical":
        if draw(st.booleans()):
            data["win"] = "self_draw"
        else:
            data["discarder"] = draw(st.sampled_from([p for p in seats if p != winner]))
    if slug == "riichi":
        data["riichi"] = draw(st.sampled_from(["", "1", ",".join(seats[1:])]))
        if winner == "none":
            data["tenpai"] = draw(st.sampled_from(["", "1", "2,3"]))
    return data


def writes(kind: str) -> st.SearchStrategy:
    players = 3 if kind == "sanma" else 4
    slug = "riichi" if kind == "sanma" else kind
    hand = st.one_of(plain_hands(slug, players), hands(slug, players))
    add = st.tuples(
        st.just("add"),
        hand,
        st.sampled_from(["sheet", "hand", None]),
        st.sampled_from([None, "a", "b"]),  # keys, so that some adds repeat one
    )
    return st.lists(
        st.one_of(
            add,
            add,  # most writes at a table record a hand
            st.tuples(st.just("replace"), st.integers(1, 8), hand),
            st.tuples(st.sampled_from(["delete", "restore"]), st.integers(1, 8)),
        ),
        min_size=1,
        max_size=12,
    )


def apply(sheet: Sheet, write: tuple, stale: Sheet) -> None:
    """One write, sent with the sheet as read just now, or (adds, whose answer must be the
    sheet as of the write) as read before the previous write."""
    action, *args = write
    sheet = Sheet.objects.get(pk=sheet.pk)
    try:
        if action == "add":
            data, answer, key = args
            sent = {**data, "key": key} if key else data
            created, hand, worked = sheets.add_hand(stale, sent, answer=answer)
            if worked is not None and created:
                same_result(worked, sheets.work_out(Sheet.objects.get(pk=sheet.pk)))
        elif action == "replace":
            n, data = args
            sheets.replace_hand(sheet, n, {**data, "revision": str(sheet.revision)})
        else:
            (n,) = args
            sheets.set_deleted(sheet, n, {"revision": str(sheet.revision)}, action == "delete")
    except sheets.Refused:
        pass  # a hand that does not read, or no hand n: nothing written


@pytest.mark.parametrize("kind", KINDS)
def test_what_each_write_stores_is_the_whole_sheet_worked_out(kind):
    recorded = []
    probes = hands("riichi", 3) if kind == "sanma" else hands(kind)

    # Derandomized: the same examples every run, so the count below is never a matter of luck.
    @settings(
        max_examples=30,
        deadline=5000,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(history=writes(kind), probe=probes)
    def check(history, probe):
        sheet = new_sheet(kind)
        stale = Sheet.objects.get(pk=sheet.pk)
        for write in history:
            before = Sheet.objects.get(pk=sheet.pk)
            apply(sheet, write, stale)
            stale = before
            check_stored(sheet)
        recorded.append(Hand.objects.filter(sheet=sheet).count())
        check_previews(sheet, probe)

    check()
    assert sum(recorded) >= 20, f"only {sum(recorded)} {kind} hands were recorded"


def test_an_edit_moves_the_stored_counters_of_every_later_hand():
    sheet = new_sheet("riichi")
    for data in (
        {"winner": "2", "discarder": "1", "han": "3", "fu": "30"},  # the deal passes to 2
        {"winner": "none", "tenpai": "2"},  # 2 keeps it: honba 1
        {"winner": "2", "win": "self_draw", "han": "2", "fu": "40"},
    ):
        sheets.add_hand(sheet, data)
    sheet.refresh_from_db()
    assert [(h.dealer, h.honba) for h in sheet.hands.all()] == [(1, 0), (2, 0), (2, 1)]
    # Player 1 (the dealer) won hand 1 after all: 1 keeps the deal (honba 1), and the draw
    # then passes it to 2 (1 was not tenpai) with honba 2.
    sheets.replace_hand(
        sheet,
        1,
        {"winner": "1", "discarder": "3", "han": "3", "fu": "30", "revision": "3"},
    )
    assert [(h.dealer, h.honba) for h in sheet.hands.all()] == [(1, 0), (1, 1), (2, 2)]
    check_stored(sheet)


@pytest.mark.parametrize(
    "spoil",
    [
        {"state": None},
        {"revision": 7},  # the standing belongs to another revision
    ],
    ids=["none", "stale"],
)
def test_a_standing_that_cannot_be_trusted_is_worked_out_again(spoil):
    sheet = new_sheet("hk")
    for fan in ("3", "5", "7"):
        sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": fan})
    totals = sheets.work_out(Sheet.objects.get(pk=sheet.pk)).result.totals
    Sheet.objects.filter(pk=sheet.pk).update(**spoil)
    sheet = Sheet.objects.get(pk=sheet.pk)
    assert sheets.standing(sheet) is None
    read = sheets.latest(sheet, 1)
    assert read.whole and read.result.totals == totals  # every hand worked out instead
    sheets.add_hand(sheet, {"winner": "3", "win": "self_draw", "fan": "3"}, answer="hand")
    check_stored(sheet)  # the write stored a standing it worked out from every hand


def test_an_adds_answer_is_every_hand_worked_out_even_past_a_wrong_standing():
    # The API's answer takes the new hand as its write played it only when the hands
    # before it fold to the standing it was played from; a standing that passes for this
    # revision but says otherwise (never written by the app) does not reach the answer.
    sheet = new_sheet("riichi")
    sheets.add_hand(sheet, {"winner": "2", "discarder": "1", "han": "3", "fu": "30"})
    sheet.refresh_from_db()
    wrong = {**sheet.state, "sums": ["0", "0", "0", "0"], "dealer": 3, "honba": 2}
    Sheet.objects.filter(pk=sheet.pk).update(state=wrong)
    sheet.refresh_from_db()
    assert sheets.standing(sheet) is not None  # trusted: it names this revision
    _created, _hand, answer = sheets.add_hand(
        sheet, {"winner": "1", "win": "self_draw", "han": "2", "fu": "40"}
    )
    full = sheets.work_out(Sheet.objects.get(pk=sheet.pk))
    assert answer.result.hands == full.result.hands
    assert answer.result.totals == full.result.totals and answer.state == full.state
    assert answer.result.hands[1].dealer == 2  # the fold's dealer, not the standing's 3


def test_a_standing_from_an_older_engine_is_not_trusted(monkeypatch):
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    sheet.refresh_from_db()
    assert sheets.standing(sheet) is not None
    monkeypatch.setattr(sheet_worked, "LEDGER", sheets.LEDGER + 1)
    assert sheets.standing(sheet) is None


def test_hands_stored_past_the_standing_are_not_left_out():
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    sheet.refresh_from_db()
    # Written past the app (as a restore from a backup might): the standing is one behind.
    Hand.objects.create(sheet=sheet, n=2, winner=2, discarder=1, params={"fan": "5"})
    read = sheets.latest(sheet, 30)
    assert read.count == 2 and [h.n for h in read.hands] == [1, 2]
    assert read.result.totals == sheets.work_out(sheet).result.totals
    assert read.result.totals[1] > 0  # hand 2's win is counted


def test_rework_sheets_stores_what_a_page_would_otherwise_work_out_every_time():
    fine, spoilt = new_sheet("hk"), new_sheet("riichi")
    sheets.add_hand(fine, {"winner": "1", "discarder": "2", "fan": "3"})
    sheets.add_hand(spoilt, {"winner": "2", "discarder": "1", "han": "3", "fu": "30"})
    Sheet.objects.filter(pk=spoilt.pk).update(state=None)
    Hand.objects.filter(sheet=spoilt).update(dealer=4, honba=9)
    out = io.StringIO()
    call_command("rework_sheets", stdout=out)
    assert out.getvalue().strip() == "1 sheet(s) worked out again"
    check_stored(spoilt)
    assert Sheet.objects.get(pk=spoilt.pk).revision == 1  # nothing the table sees changed
    check_stored(fine)


@pytest.mark.parametrize("answer", ["sheet", "hand", None])
def test_an_add_after_hands_stored_past_the_standing_takes_the_next_number(answer):
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    Hand.objects.create(sheet=sheet, n=2, winner=2, discarder=1, params={"fan": "5"})
    created, hand, _book = sheets.add_hand(
        sheet, {"winner": "3", "win": "self_draw", "fan": "4", "key": "k"}, answer=answer
    )
    assert created and hand.n == 3
    check_stored(sheet)


def test_an_add_whose_second_insert_is_refused_too_records_nothing(monkeypatch):
    # Never seen: the add's first insert meets a hand stored past the standing, and its
    # second finds the next number taken as well (here by a row put there in between).
    # Nothing is recorded and the add fails loudly rather than answering with no hand.
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    Hand.objects.create(sheet=sheet, n=2, winner=2, discarder=1, params={"fan": "5"})
    insert, calls = sheet_writes._insert, []

    def crowded(sheet_, read, key, state, n):
        calls.append(n)
        if len(calls) == 2:
            Hand.objects.create(sheet=sheet_, n=n, winner=4, params={"fan": "4"})
        return insert(sheet_, read, key, state, n)

    monkeypatch.setattr(sheet_writes, "_insert", crowded)
    with pytest.raises(IntegrityError):
        sheets.add_hand(sheet, {"winner": "3", "win": "self_draw", "fan": "4", "key": "k"})
    assert calls == [2, 3]
    assert Sheet.objects.get(pk=sheet.pk).revision == 1
    assert sorted(sheet.hands.values_list("n", flat=True)) == [1, 2]  # all of it undone


@pytest.mark.parametrize("answer", ["sheet", "hand", None])
def test_a_repeated_key_records_nothing_whatever_the_answer(answer):
    sheet = new_sheet("hk")
    first = sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3", "key": "k"})[1]
    created, hand, _book = sheets.add_hand(
        sheet, {"winner": "2", "win": "self_draw", "fan": "9", "key": "k"}, answer=answer
    )
    assert not created and hand.pk == first.pk
    assert Sheet.objects.get(pk=sheet.pk).revision == 1 and sheet.hands.count() == 1
    check_stored(sheet)


def test_a_hand_row_gone_from_the_database_is_not_counted():
    sheet = new_sheet("hk")
    for winner in ("1", "2", "3", "4", "1"):
        sheets.add_hand(sheet, {"winner": winner, "win": "self_draw", "fan": "3"})
    Hand.objects.filter(sheet=sheet, n=3).delete()  # never done by the app
    sheet.refresh_from_db()
    read = sheets.latest(sheet, 30)
    assert [h.n for h in read.hands] == [1, 2, 4, 5]
    assert read.result.totals == sheets.work_out(sheet).result.totals


@pytest.mark.parametrize("answer", ["sheet", "hand"])
def test_an_add_after_a_row_gone_names_the_new_hand_the_latest(answer):
    sheet = new_sheet("hk")
    for winner in ("1", "2", "3"):
        sheets.add_hand(sheet, {"winner": winner, "win": "self_draw", "fan": "3"})
    Hand.objects.filter(sheet=sheet, n=2).delete()  # never done by the app
    sheet.refresh_from_db()
    created, hand, worked = sheets.add_hand(
        sheet, {"winner": "4", "win": "self_draw", "fan": "3"}, answer=answer
    )
    assert created and hand.n == 4
    assert worked.state.live == 4  # what undo names: the hand as stored
    assert worked.state.live == sheets.work_out(Sheet.objects.get(pk=sheet.pk)).state.live


def test_a_preview_after_hands_stored_past_the_standing_gives_what_recording_gives():
    sheet = new_sheet("riichi")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    # Player 1 (the dealer) won hand 1 and kept the deal; player 2 won hand 2, written past
    # the app, so the deal passed to player 2 and the honba went back to 0.
    Hand.objects.create(sheet=sheet, n=2, winner=2, discarder=3, params={"han": "2"})
    sheet.refresh_from_db()
    assert sheets.latest(sheet, 0).result.dealer == 2
    data = {"winner": "2", "win": "self_draw", "han": "2", "fu": "40"}
    shown = sheets.preview(sheet, data).result.hands[0]
    recorded = sheets.add_hand(sheet, data)[2].result.hands[-1]
    assert (shown.n, shown.dealer, shown.honba, shown.deltas) == (
        recorded.n,
        recorded.dealer,
        recorded.honba,
        recorded.deltas,
    )


def test_a_page_read_while_another_phone_writes_shows_one_revision():
    sheet = new_sheet("hk")
    for fan in ("3", "4"):
        sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": fan})
    opened = Sheet.objects.get(pk=sheet.pk)  # the page's read of the sheet row ...
    sheets.replace_hand(
        Sheet.objects.get(pk=sheet.pk),
        1,
        {"winner": "3", "discarder": "4", "fan": "8", "revision": "2"},
    )  # ... another phone's edit commits, then the page reads the hands
    read = sheets.latest(opened, 30)
    rows = [sum(column) for column in zip(*(p.deltas for p in read.result.hands), strict=True)]
    assert list(read.result.totals) == rows  # the totals are those of the rows shown


def test_a_full_sheet_refuses_a_hand_after_working_out_hands_stored_past_it(monkeypatch):
    monkeypatch.setattr(sheet_writes, "MAX_HANDS", 2)
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    Hand.objects.create(sheet=sheet, n=2, winner=2, discarder=1, params={"fan": "5"})
    with pytest.raises(sheets.Refused) as refused:
        sheets.add_hand(sheet, {"winner": "3", "win": "self_draw", "fan": "4"}, answer=None)
    assert refused.value.errors["__all__"][0]["code"] == "too_many_hands"
    assert sheet.hands.count() == 2


def test_a_malformed_standing_is_not_trusted():
    sheet = new_sheet("hk")
    sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": "3"})
    sheet.refresh_from_db()
    sheet.state = {**sheet.state, "sums": ["x"]}
    assert sheets.standing(sheet) is None
    del sheet.state["count"]
    assert sheets.standing(sheet) is None
