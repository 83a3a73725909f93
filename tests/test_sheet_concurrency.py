"""Four phones write at once: nothing is lost, nothing is recorded twice, no 5xx.

Each writer is a thread with its own database connection, so the writes really overlap
(on SQLite the IMMEDIATE transactions queue on the write lock; on PostgreSQL
`select_for_update` does). `make test` runs this module on both databases.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pytest
from django.db import connections
from django.test import Client

from calculator import sheets
from calculator.models import Hand, Sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db(transaction=True)]

NAMES = {"name1": "a", "name2": "b", "name3": "c", "name4": "d"}


def together(count: int, work: Callable[[int], object]) -> list[object]:
    """Run `work(i)` in `count` threads released at the same moment."""
    start = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = work(i)
        finally:
            connections.close_all()  # this thread's connection, before the test's teardown

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def new_sheet() -> str:
    response = Client().post("/api/v1/sheets", {**NAMES, "family": "hk"})
    assert response.status_code == 201
    return json.loads(response.content)["edit_url"].split("/")[2]


def test_thirty_writers_lose_nothing():
    key = new_sheet()

    def add(i: int) -> tuple[int, int]:
        response = Client().post(
            f"/api/v1/sheets/{key}/hands",
            {"winner": str(i % 4 + 1), "fan": "3", "win": "self_draw", "key": f"phone-{i}"},
        )
        return response.status_code, json.loads(response.content)["sheet"]["revision"]

    results = together(30, add)
    assert [status for status, _revision in results] == [201] * 30
    # Each write saw its own revision: they were applied one after another.
    assert sorted(revision for _status, revision in results) == list(range(1, 31))
    sheet = Sheet.objects.get()
    assert sheet.revision == 30
    assert sorted(Hand.objects.values_list("n", flat=True)) == list(range(1, 31))
    assert_standing_is_worked_out(sheet)


def assert_standing_is_worked_out(sheet: Sheet) -> None:
    """What the writes stored, one after another, is what every hand worked out gives."""
    full = sheets.work_out(sheet)
    assert sheets.standing(sheet) == full.state
    stored = [(hand.dealer, hand.honba) for hand in full.hands]
    assert stored == [(played.dealer, played.honba) for played in full.result.hands]


def test_thirty_taps_on_the_page_at_once_store_one_standing():
    key = new_sheet()

    def tap(i: int) -> int:
        winner = i % 4 + 1
        data = {"winner": str(winner), "fan": str(3 + i % 5), "action": "add", "key": f"t{i}"}
        if i % 3:
            data["discarder"] = str(winner % 4 + 1)
        else:
            data["win"] = "self_draw"
        return Client().post(f"/sheets/{key}/", data, headers={"HX-Request": "true"}).status_code

    assert together(30, tap) == [200] * 30
    sheet = Sheet.objects.get()
    assert sheet.revision == 30 and sheet.hands.count() == 30
    assert_standing_is_worked_out(sheet)


def test_twenty_retries_with_one_key_record_one_hand():
    key = new_sheet()

    def add(i: int) -> tuple[int, int]:
        response = Client().post(
            f"/api/v1/sheets/{key}/hands",
            {"winner": "2", "discarder": "4", "fan": "3", "key": "one-tap"},
        )
        return response.status_code, json.loads(response.content)["hand"]["n"]

    results = together(20, add)
    statuses = sorted(status for status, _n in results)
    assert statuses == [200] * 19 + [201]
    assert {n for _status, n in results} == {1}
    assert Hand.objects.count() == 1 and Sheet.objects.get().revision == 1


def test_two_edits_of_one_revision_one_wins():
    key = new_sheet()
    Client().post(f"/api/v1/sheets/{key}/hands", {"winner": "2", "discarder": "4", "fan": "3"})

    def edit(i: int) -> int:
        response = Client().post(
            f"/api/v1/sheets/{key}/hands/1",
            {"winner": "2", "discarder": "4", "fan": str(4 + i), "revision": "1"},
        )
        return response.status_code

    statuses = sorted(together(8, edit))
    assert statuses == [200] + [409] * 7
    hand = Hand.objects.get()
    assert hand.versions == 2 and hand.history.count() == 1
