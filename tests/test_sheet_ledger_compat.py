"""Sheets recorded before hands became ledgers read the same: every field the contract had
then keeps its value (the fields added since are left out of the comparison).

`tests/data/sheets_before_ledger.json` was written by the code before that change, from
the sessions below (regenerate only if a deliberate change to the contract says so)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_sheet_api import NAMES, SESSIONS, add, answer

pytestmark = [pytest.mark.database, pytest.mark.django_db]

BEFORE = Path(__file__).parent / "data" / "sheets_before_ledger.json"
# What the ledger added to SHEET, SHEET.rules and HAND: not in the stored answers.
ADDED_SHEET = {"closed", "stats", "running"}
ADDED_RULES = {"multi_win", "multi_win_counters", "false_win"}
ADDED_HAND = {"kind", "notes", "winners"}


def without_added(sheet: dict) -> dict:
    kept = {k: v for k, v in sheet.items() if k not in ADDED_SHEET}
    kept["rules"] = {k: v for k, v in sheet["rules"].items() if k not in ADDED_RULES}
    kept["hands"] = [{k: v for k, v in h.items() if k not in ADDED_HAND} for h in sheet["hands"]]
    return kept


def session_json(client, family: str) -> dict:
    rules, session = SESSIONS[family]
    created = answer(client.post("/api/v1/sheets", {**NAMES, "family": family, **rules}), 201)
    key = created["edit_url"].split("/")[2]
    for hand in session:
        add(client, key, **hand)
    add(client, key, **session[0])  # the first hand again: counters after the others
    read = answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]
    return json.loads(json.dumps(read, default=str))


@pytest.mark.parametrize("family", SESSIONS)
def test_a_sheet_from_before_reads_the_same(client, family):
    stored = json.loads(BEFORE.read_text(encoding="utf-8"))
    assert without_added(session_json(client, family)) == stored[family]
