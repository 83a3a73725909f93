"""GET /api/v1/taiwan: rules.md § taiwan's worked examples, canonical URLs and every bad value."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal

import pytest

# (query, payments in order, winner receives, base): rules.md § taiwan, E deals.
WORKED = [
    (
        "tai=5&win=self_draw&dealer=other&streak=2",
        [("dealer", 300), ("other", 200), ("other", 200)],
        700,
        200,
    ),
    ("tai=4&win=self_draw&dealer=winner&streak=1", [("other", 240)] * 3, 720, 180),
    (
        "tai=3&win=discard&dealer=discarder&streak=2",
        [("discarder", 260), ("other", 0), ("other", 0)],
        260,
        160,
    ),
    ("tai=2&dealer=other&streak=3", [("discarder", 140), ("other", 0), ("other", 0)], 140, 140),
    ("tai=4&base=50&per_tai=20", [("discarder", 130), ("other", 0), ("other", 0)], 130, 130),
    (
        "tai=5&win=self_draw&streak=2&base=300&per_tai=100",
        [("dealer", 1300), ("other", 800), ("other", 800)],
        2900,
        800,
    ),
    (
        "tai=7&win=self_draw&streak=1&cap=8",
        [("dealer", 260), ("other", 240), ("other", 240)],
        740,
        240,
    ),
]


def get(client, query, status=200):
    response = client.get(f"/api/v1/taiwan?{query}")
    assert response.status_code == status, response.content
    return json.loads(response.content, parse_float=Decimal)


@pytest.mark.parametrize(("query", "payments", "receives", "base"), WORKED)
def test_worked_examples(client, query, payments, receives, base):
    data = get(client, query)
    result = data["result"]
    got = [(p["payer"], p["amount"]) for p in result["payments"]]
    assert Counter(got) == Counter(payments)
    assert got[0] == payments[0]  # the dealer first when the dealer pays a self-draw
    assert result["winner_receives"] == receives
    assert result["base"] == base
    assert data["rules"] == "taiwan"


def test_the_cap_example_notes_it(client):
    data = get(client, "tai=7&win=self_draw&streak=1&cap=8&lang=en")
    assert [n["code"] for n in data["notes"]] == ["capped"]
    assert "10 台" in data["notes"][0]["text"]


def test_canonical_url_lists_what_differs_in_the_contracts_order(client):
    data = get(client, "cap=8&per_tai=20&streak=01&win=self_draw&tai=7&base=100.00&dealer=other")
    assert data["url"] == "/taiwan/?tai=7&win=self_draw&streak=1&cap=8"
    assert get(client, "")["url"] == "/taiwan/"
    data = get(client, "base=300&per_tai=100&streak_tai=1&dealer=winner&tai=０３")
    assert data["url"] == "/taiwan/?dealer=winner&base=300&per_tai=100&streak_tai=1"


def test_defaults(client):
    data = get(client, "")
    assert data["inputs"] == {
        "tai": 3,
        "win": "discard",
        "dealer": "other",
        "streak": 0,
        "base": 100,
        "per_tai": 20,
        "streak_tai": 2,
        "cap": 0,
    }
    assert data["result"]["winner_receives"] == 160


@pytest.mark.parametrize(
    ("query", "param", "code"),
    [
        ("tai=201", "tai", "out_of_range"),
        ("tai=-1", "tai", "out_of_range"),
        ("tai=x", "tai", "invalid"),
        ("tai=", "tai", "required"),
        ("win=tsumo", "win", "not_allowed"),
        ("dealer=east", "dealer", "not_allowed"),
        ("streak=100", "streak", "out_of_range"),
        ("streak=1.5", "streak", "invalid"),
        ("base=-0", "base", "out_of_range"),
        ("base=1000001", "base", "out_of_range"),
        ("base=1.23456", "base", "invalid"),
        ("per_tai=abc", "per_tai", "invalid"),
        ("streak_tai=3", "streak_tai", "not_allowed"),
        ("streak_tai=0", "streak_tai", "not_allowed"),
        ("cap=201", "cap", "out_of_range"),
        ("cap=", "cap", "required"),
        ("win=self_draw&dealer=discarder", "dealer", "contradiction"),
    ],
)
def test_every_bad_value_is_a_400_naming_the_parameter(client, query, param, code):
    data = get(client, f"{query}&lang=en", status=400)
    assert list(data["errors"]) == [param]
    assert [e["code"] for e in data["errors"][param]] == [code]
    assert data["errors"][param][0]["message"]


def test_a_streak_that_cannot_matter_is_noted(client):
    data = get(client, "tai=3&streak=2&lang=en")
    assert {n["code"] for n in data["notes"]} == {"setting_unused"}


def test_full_width_digits_read_as_digits(client):
    assert get(client, "tai=５&win=self_draw&streak=２")["result"]["winner_receives"] == 700
