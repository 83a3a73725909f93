"""rules.md § mcr and § nmjl through GET /api/v1/mcr and /api/v1/nmjl, exact numbers."""

from __future__ import annotations

import pytest


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def roles(data):
    return [p["payer"] for p in data["result"]["payments"]]


# --- MCR ------------------------------------------------------------------------------


def test_mcr_default_hand(api):
    data = api("mcr")
    assert data["rules"] == "mcr"
    assert data["inputs"] == {"points": 8, "flowers": 0, "win": "discard"}
    result = data["result"]
    assert result["base"] == 16 and result["winner_receives"] == 32
    assert result["payments"] == [
        {"payer": "discarder", "amount": 16},
        {"payer": "other", "amount": 8},
        {"payer": "other", "amount": 8},
    ]
    assert result["from_table"] == 0 and result["level"] is None and result["fu"] is None
    assert "bettor" not in result
    assert result["steps"] and data["notes"] == [] and data["url"] == "/mcr/"


@pytest.mark.parametrize(
    ("params", "receives", "payments", "base", "notes"),
    [
        ({"points": 8}, 32, [16, 8, 8], 16, []),
        ({"points": 8, "win": "self_draw"}, 48, [16, 16, 16], 16, []),
        ({"points": 24, "flowers": 2}, 50, [34, 8, 8], 34, []),
        ({"points": 6}, 30, [14, 8, 8], 14, ["below_min_points"]),
        # Flowers never count toward the 8: 6 + 2 flowers is still under the minimum.
        ({"points": 6, "flowers": 2}, 32, [16, 8, 8], 16, ["below_min_points"]),
    ],
)
def test_mcr_worked_examples(api, params, receives, payments, base, notes):
    data = api("mcr", params)
    assert data["result"]["winner_receives"] == receives
    assert amounts(data) == payments
    assert data["result"]["base"] == base
    assert [n["code"] for n in data["notes"]] == notes


def test_mcr_roles(api):
    assert roles(api("mcr")) == ["discarder", "other", "other"]
    assert roles(api("mcr", {"win": "self_draw"})) == ["other"] * 3


def test_mcr_note_names_the_points_and_the_minimum(api):
    note = api("mcr", {"points": 6, "flowers": 2, "lang": "en"})["notes"][0]
    assert "6" in note["text"] and "8" in note["text"] and "flowers" in note["text"]


def test_mcr_url_is_canonical(api):
    data = api("mcr", "win=self_draw&flowers=2&points=8&bogus=1&points=24")
    assert data["url"] == "/mcr/?points=24&flowers=2&win=self_draw"


# --- NMJL -----------------------------------------------------------------------------


def test_nmjl_default_hand(api):
    data = api("nmjl")
    assert data["rules"] == "nmjl"
    assert data["inputs"] == {
        "value": 25,
        "win": "discard",
        "jokerless": False,
        "hand": "standard",
        "bettor": "none",
    }
    result = data["result"]
    assert result["base"] == 25 and result["winner_receives"] == 100
    assert result["payments"] == [
        {"payer": "discarder", "amount": 50},
        {"payer": "other", "amount": 25},
        {"payer": "other", "amount": 25},
    ]
    assert "bettor" not in result
    assert result["level"] is None and result["fu"] is None
    assert data["notes"] == [] and data["url"] == "/nmjl/"


@pytest.mark.parametrize(
    ("params", "receives", "payments", "base"),
    [
        ({"value": 25}, 100, [50, 25, 25], 25),
        ({"value": 25, "jokerless": 1, "win": "self_draw"}, 300, [100, 100, 100], 50),
        ({"value": 25, "win": "self_draw"}, 150, [50, 50, 50], 25),
        ({"value": 25, "jokerless": 1}, 200, [100, 50, 50], 50),
    ],
)
def test_nmjl_worked_examples(api, params, receives, payments, base):
    data = api("nmjl", params)
    assert data["result"]["winner_receives"] == receives
    assert amounts(data) == payments
    assert data["result"]["base"] == base
    assert data["notes"] == []


@pytest.mark.parametrize("win", ["discard", "self_draw"])
def test_singles_and_pairs_are_never_doubled(api, win):
    plain = api("nmjl", {"value": 50, "win": win, "hand": "singles_pairs"})
    jokerless = api("nmjl", {"value": 50, "win": win, "hand": "singles_pairs", "jokerless": 1})
    assert amounts(jokerless) == amounts(plain)
    assert jokerless["result"]["base"] == 50
    assert [n["code"] for n in jokerless["notes"]] == ["jokerless_not_doubled"]
    # Without jokerless the hand kind cannot matter, and the note says so.
    assert [n["code"] for n in plain["notes"]] == ["setting_unused"]


def test_bettor_on_the_winner_of_a_25_discard_receives_100(api):
    data = api("nmjl", {"value": 25, "bettor": "winner"})
    result = data["result"]
    assert result["bettor"] == {"on": "winner", "receives": 100}
    # The bettor's takings are not the winner's.
    assert result["winner_receives"] == 100
    assert amounts(data) == [50, 25, 25]
    assert data["url"] == "/nmjl/?bettor=winner"


def test_bettor_on_the_discarder_pays_50_and_the_winner_receives_150(api):
    data = api("nmjl", {"value": 25, "bettor": "discarder"})
    result = data["result"]
    assert result["bettor"] == {"on": "discarder", "pays": 50}
    assert result["payments"][-1] == {"payer": "bettor", "amount": 50}
    assert roles(data) == ["discarder", "other", "other", "bettor"]
    assert result["winner_receives"] == 150


@pytest.mark.parametrize(
    ("params", "pays", "receives"),
    [
        ({"bettor": "other"}, 25, 125),
        ({"bettor": "other", "win": "self_draw"}, 50, 200),
        ({"bettor": "other", "win": "self_draw", "jokerless": 1}, 100, 400),
        ({"bettor": "winner", "win": "self_draw"}, None, 150),
    ],
)
def test_bettor_mirrors_the_player_backed(api, params, pays, receives):
    result = api("nmjl", params)["result"]
    assert result["winner_receives"] == receives
    if pays is None:
        assert result["bettor"] == {"on": "winner", "receives": 150}
    else:
        assert result["bettor"] == {"on": "other", "pays": pays}
        assert result["payments"][-1] == {"payer": "bettor", "amount": pays}


def test_nmjl_url_is_canonical(api):
    data = api("nmjl", "bettor=winner&jokerless=yes&value=30&hand=standard&win=discard")
    assert data["url"] == "/nmjl/?value=30&jokerless=1&bettor=winner"


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "params", "field", "code"),
    [
        ("mcr", {"points": 1001}, "points", "out_of_range"),
        ("mcr", {"points": -1}, "points", "out_of_range"),
        ("mcr", {"points": "eight"}, "points", "invalid"),
        ("mcr", {"points": ""}, "points", "required"),
        ("mcr", {"flowers": 9}, "flowers", "out_of_range"),
        ("mcr", {"win": "robbed"}, "win", "not_allowed"),
        ("nmjl", {"value": 0}, "value", "out_of_range"),
        ("nmjl", {"value": 1001}, "value", "out_of_range"),
        ("nmjl", {"value": "25.5"}, "value", "invalid"),
        ("nmjl", {"hand": "quints"}, "hand", "not_allowed"),
        ("nmjl", {"jokerless": "maybe"}, "jokerless", "invalid"),
        ("nmjl", {"bettor": "dealer"}, "bettor", "not_allowed"),
        ("nmjl", {"bettor": "discarder", "win": "self_draw"}, "bettor", "contradiction"),
    ],
)
def test_invalid_input_is_a_400_naming_the_parameter(api, slug, params, field, code):
    data = api(slug, params, status=400)
    assert list(data["errors"]) == [field]
    assert data["errors"][field][0]["code"] == code
    assert data["errors"][field][0]["message"]


def test_every_bad_field_is_reported(api):
    errors = api("mcr", {"points": 1001, "flowers": 9}, status=400)["errors"]
    assert set(errors) == {"points", "flowers"}


def test_contradiction_message_follows_lang(api):
    params = {"bettor": "discarder", "win": "self_draw"}
    en = api("nmjl", {**params, "lang": "en"}, status=400)["errors"]["bettor"][0]["message"]
    yue = api("nmjl", params, status=400)["errors"]["bettor"][0]["message"]
    assert "discarder" in en
    assert en and yue
