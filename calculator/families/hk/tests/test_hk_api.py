"""rules.md § hk through GET /api/v1/hk, exact numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest

D = Decimal


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def test_default_hand_matches_the_contract_example(api):
    data = api("hk")
    assert data["rules"] == "hk"
    assert data["inputs"] == {
        "fan": 3,
        "win": "discard",
        "scale": "half",
        "cap": 10,
        "split": "full",
        "dealer": False,
        "self_draw_pay": "half",
        "unit": 1,
        "min_fan": 3,
        "round_up": False,
        "liable": False,
    }
    result = data["result"]
    assert result["base"] == 8 and result["winner_receives"] == 8
    assert result["payments"] == [
        {"payer": "discarder", "amount": 8},
        {"payer": "other", "amount": 0},
        {"payer": "other", "amount": 0},
    ]
    assert result["from_table"] == 0 and result["level"] is None and result["fu"] is None
    assert result["steps"] and data["notes"] == [] and data["url"] == "/hk/"


@pytest.mark.parametrize(
    ("params", "receives", "payments", "notes"),
    [
        ({"fan": 3, "split": "half"}, 8, [4, 2, 2], []),
        ({"fan": 3, "win": "self_draw"}, 12, [4, 4, 4], []),
        ({"fan": 13}, 128, [128, 0, 0], ["capped"]),
        ({"fan": 13, "cap": 13}, 384, [384, 0, 0], []),
        ({"fan": 13, "cap": 13, "scale": "full"}, 8192, [8192, 0, 0], []),
        ({"fan": 2}, 4, [4, 0, 0], ["below_min_fan"]),
        ({"fan": 0, "split": "half"}, 1, [D("0.5"), D("0.25"), D("0.25")], ["below_min_fan"]),
        ({"fan": 0, "win": "self_draw"}, D("1.5"), [D("0.5")] * 3, ["below_min_fan"]),
        # 一二蚊, half table (seed 000)
        ({"fan": 5, "win": "self_draw", "unit": 4, "split": "half"}, 144, [48] * 3, []),
        ({"fan": 6, "unit": 4, "split": "half"}, 128, [64, 32, 32], []),
        ({"fan": 6, "win": "self_draw", "unit": 4, "split": "half"}, 192, [64] * 3, []),
        ({"fan": 7, "unit": 4, "split": "half"}, 192, [96, 48, 48], []),
        ({"fan": 7, "win": "self_draw", "unit": 4, "split": "half"}, 288, [96] * 3, []),
        ({"fan": 8, "unit": 4, "split": "half"}, 256, [128, 64, 64], []),
        ({"fan": 8, "unit": 4, "split": "half", "scale": "full"}, 1024, [512, 256, 256], []),
        # 莊家制, 0 fan, winner not the dealer
        (
            {"fan": 0, "unit": 4, "split": "dealer"},
            4,
            [2, 1, 1],
            ["below_min_fan", "setting_unused"],
        ),
    ],
)
def test_worked_examples(api, params, receives, payments, notes):
    data = api("hk", params)
    assert data["result"]["winner_receives"] == receives
    assert amounts(data) == payments
    assert [n["code"] for n in data["notes"]] == notes


@pytest.mark.parametrize(
    ("unit", "discarder", "other"),
    [
        ("0.25", "0.125", "0.0625"),
        ("0.5", "0.25", "0.125"),
        ("1", "0.5", "0.25"),
        ("2", "1", "0.5"),
        ("4", "2", "1"),
        ("8", "4", "2"),
        ("10", "5", "2.5"),
        ("20", "10", "5"),
        ("40", "20", "10"),
    ],
)
def test_stake_table(api, unit, discarder, other):
    data = api("hk", {"fan": 0, "scale": "full", "split": "half", "unit": unit})
    assert amounts(data) == [D(discarder), D(other), D(other)]


def test_dealer_split_roles(api):
    data = api("hk", {"split": "dealer"})
    assert [p["payer"] for p in data["result"]["payments"]] == ["dealer", "other", "other"]
    data = api("hk", {"split": "dealer", "dealer": 1})
    assert [p["payer"] for p in data["result"]["payments"]] == ["other"] * 3
    assert amounts(data) == [4, 4, 4]


def test_amounts_are_written_as_exact_json_numbers(client):
    body = client.get("/api/v1/hk", {"fan": 0, "split": "half", "unit": "0.0001"}).content.decode()
    assert '"amount":0.00005' in body and '"amount":0.000025' in body


def test_setting_unused_only_for_given_parameters(api):
    assert api("hk", {"fan": 4})["notes"] == []
    notes = api("hk", {"fan": 4, "dealer": 1, "lang": "en"})["notes"]
    assert [n["code"] for n in notes] == ["setting_unused"]
    assert "winner is the dealer" in notes[0]["text"]


def test_url_is_canonical(api):
    data = api("hk", "unit=4.0&fan=5&scale=half&bogus=1&fan=6")
    assert data["url"] == "/hk/?fan=6&unit=4"


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({"fan": 100}, "fan", "out_of_range"),
        ({"fan": "abc"}, "fan", "invalid"),
        ({"scale": "quarter"}, "scale", "not_allowed"),
        ({"unit": -1}, "unit", "out_of_range"),
        ({"cap": 2}, "cap", "out_of_range"),
        ({"fan": ""}, "fan", "required"),
        ({"round_up": "maybe"}, "round_up", "invalid"),
    ],
)
def test_invalid_input_is_a_400_naming_the_parameter(api, params, field, code):
    data = api("hk", params, status=400)
    assert list(data["errors"]) == [field]
    assert data["errors"][field][0]["code"] == code
    assert data["errors"][field][0]["message"]


def test_error_messages_follow_lang(api):
    en = api("hk", {"fan": 100, "lang": "en"}, status=400)["errors"]["fan"][0]["message"]
    yue = api("hk", {"fan": 100}, status=400)["errors"]["fan"][0]["message"]
    assert "0" in en and "99" in en
    assert en != yue


def test_unknown_lang_is_an_error(api):
    assert "lang" in api("hk", {"lang": "fr"}, status=400)["errors"]


def test_unknown_slug_is_404(client):
    assert client.get("/api/v1/poker").status_code == 404
    assert client.get("/poker/").status_code == 404


# --- 包自摸 (rules.md § hk: `liable`) ---------------------------------------------------


@pytest.mark.parametrize(
    ("params", "liable"),
    [
        # self_draw_pay=half: the three shares P/2 each, as one payment of 1.5P
        ({"fan": 3}, 12),
        ({"fan": 5, "unit": 4, "split": "half"}, 144),  # 一二蚊: seed 000's 144, one payer
        # self_draw_pay=full: 3P
        ({"fan": 3, "self_draw_pay": "full"}, 24),
        ({"fan": 8, "unit": 4, "scale": "full", "self_draw_pay": "full"}, 3072),
        # 莊家制: what the three would have paid (winner not dealer P, dealer 1.5P)
        ({"fan": 3, "split": "dealer"}, 8),
        ({"fan": 3, "split": "dealer", "dealer": 1}, 12),
    ],
)
def test_liable_player_pays_all_three_shares(api, params, liable):
    data = api("hk", {**params, "win": "self_draw", "liable": 1})
    result = data["result"]
    assert result["payments"] == [
        {"payer": "liable", "amount": liable},
        {"payer": "other", "amount": 0},
        {"payer": "other", "amount": 0},
    ]
    assert result["winner_receives"] == liable
    without = api("hk", {**params, "win": "self_draw"})["result"]
    assert without["winner_receives"] == liable  # the winner receives the same total
    assert "liable" in [n["code"] for n in data["notes"]]
    assert data["url"].endswith("&liable=1")


@pytest.mark.parametrize(
    ("params", "liable", "unrounded_total"),
    [
        # 0 番 at 二五雞/4, half table: P = 0.25, three shares 0.125 = 0.375 → 1, not 1 + 1 + 1
        ({"fan": 0, "unit": "0.25"}, 1, 3),
        # the whole value each: 3 × 0.25 = 0.75 → 1
        ({"fan": 0, "unit": "0.25", "self_draw_pay": "full"}, 1, 3),
        # 2 番 at 二五雞/4: P = 1, one payment of 1.5 is not under 1 and stays exact
        ({"fan": 2, "unit": "0.25"}, D("1.5"), 3),
    ],
)
def test_round_up_applies_to_the_one_liable_payment(api, params, liable, unrounded_total):
    params = {**params, "win": "self_draw", "round_up": 1, "min_fan": 0}
    data = api("hk", {**params, "liable": 1})
    assert amounts(data) == [liable, 0, 0]
    assert data["result"]["winner_receives"] == liable
    # Without 包自摸 each of the three shares is rounded up on its own.
    assert api("hk", params)["result"]["winner_receives"] == unrounded_total


@pytest.mark.parametrize("split", ["full", "half", "dealer"])
def test_liable_on_a_discard_is_a_contradiction(api, split):
    data = api("hk", {"liable": 1, "split": split, "lang": "en"}, status=400)
    assert list(data["errors"]) == ["liable"]
    error = data["errors"]["liable"][0]
    assert error["code"] == "contradiction" and "包自摸" in error["message"]


def test_liable_steps_say_who_pays_what(api):
    steps = api("hk", {"win": "self_draw", "liable": 1, "lang": "en"})["result"]["steps"]
    assert steps[-3:] == [
        "The liable player (包自摸) pays all three shares: 4 + 4 + 4 = 12",
        "Another player pays 0 (包自摸: the liable player pays for them)",
        "Another player pays 0 (包自摸: the liable player pays for them)",
    ]


def test_steps_go_through_the_split_one_line_per_payment(api):
    steps = api("hk", {"fan": 5, "split": "half", "unit": 4, "lang": "en"})["result"]["steps"]
    assert steps == [
        "5 fan → 半辣 (half) 24",
        "24 × 4 a point = 96",
        "The discarder pays half of 96 = 48 (半銃)",
        "Another player pays a quarter of 96 = 24 (半銃)",
        "Another player pays a quarter of 96 = 24 (半銃)",
    ]


@pytest.mark.parametrize(("fan", "cap"), [(14, 10), (16, 10), (99, 13)])
def test_a_tally_above_the_cap_is_paid_as_the_cap(api, fan, cap):
    # A table that adds up 14 番 under a 10-番 cap enters 14 (contract § hk `fan`).
    data = api("hk", {"fan": fan, "cap": cap})
    at_cap = api("hk", {"fan": cap, "cap": cap})
    assert data["result"]["payments"] == at_cap["result"]["payments"]
    assert "capped" in [note["code"] for note in data["notes"]]
    assert data["inputs"]["fan"] == fan
