"""A hand's history is bounded: a hand edited ten thousand times keeps its latest versions,
counts them all, and makes no page or answer longer than one edited twice."""

from __future__ import annotations

import importlib
import json
import re

import pytest
from django.apps import apps
from django.test import Client

from calculator import sheets
from calculator.models import Hand, HandVersion
from tests.test_sheet_standing import new_sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]

EDITS = 10_000
FANS = ("3", "4", "5", "6")


def edit(sheet, n: int, fan: str) -> None:
    sheet.refresh_from_db()
    data = {"winner": "1", "discarder": "2", "fan": fan, "revision": str(sheet.revision)}
    sheets.replace_hand(sheet, n, data, answer=False)


def edited_sheet(edits: int):
    """A sheet of two hands whose first was replaced `edits` times: all but the last 21 as
    a sheet kept before history was bounded (rows put there at once), those through
    `replace_hand`."""
    sheet = new_sheet("hk")
    for fan in ("3", "5"):
        sheets.add_hand(sheet, {"winner": "1", "discarder": "2", "fan": fan})
    hand = sheet.hands.get(n=1)
    before = max(0, edits - sheets.KEPT_VERSIONS - 1)
    HandVersion.objects.bulk_create(
        HandVersion(hand=hand, version=v, winner=1, discarder=2, params={"fan": FANS[v % 4]})
        for v in range(1, before + 1)
    )
    Hand.objects.filter(pk=hand.pk).update(versions=before + 1)
    for v in range(before + 1, edits + 1):
        edit(sheet, 1, FANS[v % 4])
    return sheet


def sizes(sheet) -> dict[str, int]:
    client = Client()
    edit_url, view_url = f"/sheets/{sheet.edit_key}/", f"/sheets/view/{sheet.view_key}/"
    answers = {
        "edit": client.get(edit_url),
        "edit_history": client.get(edit_url, {"history": "1"}),
        "view_all_history": client.get(view_url, {"hands": "all", "history": "1"}),
        "api": client.get(f"/api/v1/sheets/{sheet.edit_key}"),
    }
    assert all(answer.status_code == 200 for answer in answers.values())
    return {name: len(answer.content) for name, answer in answers.items()}


def test_ten_thousand_edits_keep_the_latest_versions_and_count_them_all():
    sheet = edited_sheet(EDITS)
    hand = sheet.hands.get(n=1)
    assert hand.versions == EDITS + 1
    kept = list(hand.history.values_list("version", flat=True))
    assert kept == list(range(EDITS - sheets.KEPT_VERSIONS + 1, EDITS + 1))
    body = json.loads(Client().get(f"/api/v1/sheets/{sheet.view_key}").content)
    assert body["sheet"]["hands"][0]["versions"] == EDITS + 1


def test_a_long_edited_hand_makes_no_page_longer_than_a_short_history():
    short = sizes(edited_sheet(sheets.KEPT_VERSIONS))
    long = sizes(edited_sheet(EDITS))
    for name, size in long.items():
        # The same versions drawn; only the numbers are longer ("10000" against "20").
        assert size <= short[name] + 200, (name, size, short[name])
    assert long["edit"] < 20_000 and long["api"] < 5_000


def test_the_page_draws_a_hands_history_only_when_asked():
    sheet = edited_sheet(3)
    client = Client()
    plain = client.get(f"/sheets/view/{sheet.view_key}/").content.decode()
    asked = client.get(f"/sheets/view/{sheet.view_key}/", {"history": "1"}).content.decode()
    assert '<details class="hand-history"' not in plain and "?history=1#hand-1" in plain
    drawn = re.search(r'<details class="hand-history" open>.*?</details>', asked, re.S)[0]
    assert drawn.count("<li>") == 3  # versions 1 to 3
    assert asked.count('<details class="hand-history"') == 1  # hand 2 was never edited


def test_the_migration_drops_versions_past_the_bound_from_before_it():
    sheet = edited_sheet(3)
    hand = sheet.hands.get(n=1)
    HandVersion.objects.bulk_create(
        HandVersion(hand=hand, version=v, winner=1, params={"fan": "3"}) for v in range(4, 31)
    )
    Hand.objects.filter(pk=hand.pk).update(versions=31)
    migration = importlib.import_module("calculator.migrations.0004_bounded_history")
    migration.drop_older_versions(apps, None)
    assert list(hand.history.values_list("version", flat=True)) == list(range(11, 31))
