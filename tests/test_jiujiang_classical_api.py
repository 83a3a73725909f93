"""rules.md § jiujiang and § classical (seeds 001 and 002) through the JSON API, exact numbers."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixtures import api_json

D = Decimal


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def payers(data):
    return [p["payer"] for p in data["result"]["payments"]]


def adds_up(data) -> bool:
    result = data["result"]
    return sum(amounts(data), D(0)) + result["from_table"] == result["winner_receives"]


# --- jiujiang -------------------------------------------------------------------------------


def test_jiujiang_defaults(api):
    data = api("jiujiang")
    assert data["rules"] == "jiujiang"
    assert data["inputs"] == {
        "pattern": ["pinghu"],
        "haohua_groups": 1,
        "haohua_extra": "double",
        "base": 1,
        "base_add": "auto",
        "win": "discard",
        "gangkai": False,
        "qianggang": False,
        "dealer": False,
        "cap": "fan16",
        "pay": "one",
        "unit": 1,
    }
    result = data["result"]
    assert result["base"] == 1 and result["winner_receives"] == 1
    assert result["payments"] == [
        {"payer": "discarder", "amount": 1},
        {"payer": "other", "amount": 0},
        {"payer": "other", "amount": 0},
    ]
    assert result["level"] is None and result["fu"] is None and result["from_table"] == 0
    assert data["notes"] == [] and data["url"] == "/jiujiang/"


@pytest.mark.parametrize(
    ("params", "base", "payments", "notes"),
    [
        # Seed 001, case 1: 底番 1 + 碰碰胡 2 = 3 → 自摸 6 → 莊家 12, under the 16 cap.
        ({"pattern": "pengpeng", "win": "self_draw", "dealer": 1}, 12, [12, 12, 12], []),
        # Seed 001, case 2: 七對 4 → 搶杠 8; one pays 8, under 包三家 24.
        ({"pattern": "qidui", "qianggang": 1}, 8, [8, 0, 0], []),
        ({"pattern": "qidui", "qianggang": 1, "pay": "three"}, 8, [24, 0, 0], []),
        # 碰碰胡 + 混一色: 混一色 counts, 1 + 3 = 4.
        ({"pattern": "pengpeng,hunyise"}, 4, [4, 0, 0], []),
        # 清一色 + 自摸 + 莊家: 7 → 14 → 28 → capped 16; mult5 → 5; base 2 → 32.
        (
            {"pattern": "qingyise", "win": "self_draw", "dealer": 1},
            16,
            [16, 16, 16],
            ["capped"],
        ),
        (
            {"pattern": "qingyise", "win": "self_draw", "dealer": 1, "cap": "mult5"},
            5,
            [5, 5, 5],
            ["capped"],
        ),
        (
            {"pattern": "qingyise", "win": "self_draw", "dealer": 1, "base": 2},
            32,
            [32, 32, 32],
            ["capped"],
        ),
        # 碰碰胡 + 自摸, 底番 2: 3 → 6 → × 2 = 12 each.
        ({"pattern": "pengpeng", "win": "self_draw", "base": 2}, 12, [12, 12, 12], []),
        # More of the table: 豪華七對 with two groups, no cap; gangkai doubles once.
        (
            {"pattern": "haohua", "haohua_groups": 2, "cap": "none"},
            16,
            [16, 0, 0],
            [],
        ),
        (
            {"pattern": "haohua", "haohua_groups": 2, "haohua_extra": "plus4"},
            12,
            [12, 0, 0],
            [],
        ),
        ({"pattern": "pengpeng", "win": "self_draw", "gangkai": 1}, 6, [6, 6, 6], []),
        ({"pattern": "pinghu", "unit": "0.25", "win": "self_draw"}, D("0.5"), [D("0.5")] * 3, []),
    ],
)
def test_jiujiang_worked_examples(api, params, base, payments, notes):
    data = api("jiujiang", params)
    assert data["result"]["base"] == base
    assert amounts(data) == payments
    assert [n["code"] for n in data["notes"]] == notes
    assert adds_up(data)


def test_jiujiang_seed_case_1_lists_every_step_in_order(api):
    data = api("jiujiang", {"pattern": "pengpeng", "win": "self_draw", "dealer": 1, "lang": "en"})
    steps = data["result"]["steps"]
    assert len(steps) == 6
    assert steps[0].startswith("碰碰胡 counts: 2")
    assert "2 + 1 = 3" in steps[1]
    assert "自摸" in steps[2] and "3 → 6" in steps[2]
    assert "莊家" in steps[3] and "6 → 12" in steps[3]
    assert "within the cap" in steps[4]
    assert "36" in steps[5]
    assert payers(data) == ["other"] * 3


def test_jiujiang_names_the_pattern_that_counted_and_the_ones_that_did_not(api):
    steps = api("jiujiang", {"pattern": "pengpeng,hunyise", "lang": "en"})["result"]["steps"]
    assert steps[0].startswith("混一色 counts: 3")
    assert "碰碰胡" in steps[0] and "do not add" in steps[0]


def test_jiujiang_repeated_and_comma_patterns_mean_the_same(api):
    repeated = api("jiujiang", "pattern=hunyise&pattern=pengpeng")
    comma = api("jiujiang", "pattern=hunyise,pengpeng")
    assert repeated["result"] == comma["result"]
    assert repeated["url"] == comma["url"] == "/jiujiang/?pattern=pengpeng,hunyise"
    assert repeated["inputs"]["pattern"] == ["pengpeng", "hunyise"]


def test_jiujiang_the_pages_empty_hidden_value_beside_ticks_is_ignored(api):
    data = api("jiujiang", "pattern=&pattern=qidui&pattern=qingyise")
    assert data["inputs"]["pattern"] == ["qidui", "qingyise"]
    assert data["result"]["base"] == 6
    assert data["url"] == "/jiujiang/?pattern=qidui,qingyise"


def test_jiujiang_url_is_canonical(api):
    data = api("jiujiang", "unit=2.50&pay=three&win=discard&pattern=qidui&bogus=1&base=3")
    assert data["url"] == "/jiujiang/?pattern=qidui&base=3&pay=three&unit=2.5"


def test_jiujiang_setting_unused_only_for_given_parameters(api):
    assert api("jiujiang", {"pattern": "qidui"})["notes"] == []
    notes = api("jiujiang", {"pattern": "qidui", "haohua_groups": 2, "lang": "en"})["notes"]
    assert [n["code"] for n in notes] == ["setting_unused"]
    assert "groups of four" in notes[0]["text"]


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({"pattern": ""}, "pattern", "required"),
        ({"pattern": "chicken"}, "pattern", "not_allowed"),
        ({"pattern": "pinghu,pengpeng"}, "pattern", "contradiction"),
        ({"pattern": "pengpeng,qidui"}, "pattern", "contradiction"),
        ({"pattern": "pengpeng,haohua"}, "pattern", "contradiction"),
        ({"pattern": "hunyise,qingyise"}, "pattern", "contradiction"),
        ({"gangkai": 1}, "gangkai", "contradiction"),
        ({"qianggang": 1, "win": "self_draw"}, "qianggang", "contradiction"),
        ({"haohua_groups": 3}, "haohua_groups", "not_allowed"),
        ({"haohua_extra": "triple"}, "haohua_extra", "not_allowed"),
        ({"base": 0}, "base", "out_of_range"),
        ({"base": 11}, "base", "out_of_range"),
        ({"base_add": "sometimes"}, "base_add", "not_allowed"),
        ({"cap": "fan8"}, "cap", "not_allowed"),
        ({"pay": "two"}, "pay", "not_allowed"),
        ({"unit": "-1"}, "unit", "out_of_range"),
        ({"dealer": "maybe"}, "dealer", "invalid"),
    ],
)
def test_jiujiang_invalid_input_is_a_400_naming_the_parameter(api, params, field, code):
    data = api("jiujiang", params, status=400)
    assert list(data["errors"]) == [field]
    assert data["errors"][field][0]["code"] == code
    assert data["errors"][field][0]["message"]


def test_jiujiang_contradiction_messages_name_the_patterns(api):
    errors = api("jiujiang", {"pattern": "hunyise,qingyise", "lang": "en"}, status=400)["errors"]
    assert "混一色" in errors["pattern"][0]["message"]
    assert "清一色" in errors["pattern"][0]["message"]
    yue = api("jiujiang", {"pattern": "hunyise,qingyise"}, status=400)["errors"]
    assert yue["pattern"][0]["code"] == "contradiction"


def test_jiujiang_haohua_with_qidui_is_fine(api):
    data = api("jiujiang", {"pattern": "qidui,haohua"})
    assert data["result"]["base"] == 8


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    patterns=st.sets(
        st.sampled_from(["pengpeng", "hunyise", "qidui", "qingyise", "haohua"]), min_size=1
    ),
    win=st.sampled_from(["discard", "self_draw"]),
    extra=st.booleans(),
    dealer=st.booleans(),
    cap=st.sampled_from(["fan16", "mult5", "none"]),
    pay=st.sampled_from(["one", "three"]),
    base=st.integers(1, 10),
    unit=st.decimals(min_value=0, max_value=1000, places=4, allow_nan=False),
)
def test_jiujiang_payments_add_up(client, patterns, win, extra, dealer, cap, pay, base, unit):
    params = {
        "pattern": ",".join(sorted(patterns)),
        "win": win,
        ("gangkai" if win == "self_draw" else "qianggang"): int(extra),
        "dealer": int(dealer),
        "cap": cap,
        "pay": pay,
        "base": base,
        "unit": str(unit),
    }
    response = client.get("/api/v1/jiujiang", params)
    if response.status_code == 400:  # an impossible pattern set
        assert list(api_json(client, "jiujiang", params, 400)["errors"]) == ["pattern"]
        return
    data = api_json(client, "jiujiang", params)
    assert adds_up(data)
    share = data["result"]["base"]
    if cap != "none":
        assert share <= {"fan16": 16, "mult5": 5}[cap] * base * unit
    expected = [share] * 3 if win == "self_draw" else [share * (3 if pay == "three" else 1), 0, 0]
    assert amounts(data) == expected


# --- classical ------------------------------------------------------------------------------

SEED_002 = {"e_fu": 6, "s_fu": 20, "s_fan": 1, "w_fu": 40, "w_fan": 1, "n_fu": 2}


def test_classical_seed_002_exactly(api):
    data = api("classical", SEED_002)
    assert data["rules"] == "classical"
    result = data["result"]
    assert result["base"] == 40
    assert result["winner_receives"] == 160
    assert result["payments"] == [
        {"payer": "e", "amount": 80},
        {"payer": "w", "amount": 40},
        {"payer": "n", "amount": 40},
    ]
    assert result["players"] == [
        {"seat": "e", "score": 6, "net": -220},
        {"seat": "s", "score": 40, "net": 160},
        {"seat": "w", "score": 80, "net": 186},
        {"seat": "n", "score": 2, "net": -126},
    ]
    transfers = Counter((t["from"], t["to"], t["amount"]) for t in result["transfers"])
    assert transfers == Counter(
        [
            ("e", "s", 80),
            ("w", "s", 40),
            ("n", "s", 40),
            ("n", "w", 78),
            ("e", "w", 148),
            ("n", "e", 8),
        ]
    )
    assert sorted(t["amount"] for t in result["transfers"]) == [8, 40, 40, 78, 80, 148]
    assert sum(p["net"] for p in result["players"]) == 0
    assert adds_up(data)
    assert data["notes"] == []
    assert data["url"] == "/classical/?e_fu=6&s_fu=20&w_fu=40&n_fu=2&s_fan=1&w_fan=1"


def test_classical_inputs_are_in_the_contract_order(api):
    data = api("classical", SEED_002)
    assert list(data["inputs"]) == [
        "e_fu",
        "s_fu",
        "w_fu",
        "n_fu",
        "e_fan",
        "s_fan",
        "w_fan",
        "n_fan",
        "winner",
        "winner_limit",
        "dealer",
        "limit",
        "unit",
    ]
    assert data["inputs"]["winner"] == "s" and data["inputs"]["dealer"] == "e"
    assert data["inputs"]["limit"] == 200 and data["inputs"]["unit"] == 1


def test_classical_seed_002_steps(api):
    steps = api("classical", {**SEED_002, "lang": "en"})["result"]["steps"]
    assert steps[1] == "South: 20 副 doubled for 1 番 = 40"
    assert any("148" in step and "74" in step and "dealer" in step for step in steps)


def test_classical_unit_scales_money_not_scores(api):
    data = api("classical", {**SEED_002, "unit": "0.5"})
    result = data["result"]
    assert result["base"] == 20 and result["winner_receives"] == 80
    assert [p["score"] for p in result["players"]] == [6, 40, 80, 2]
    assert [p["net"] for p in result["players"]] == [-110, 80, 93, -63]


def test_classical_limit_clips_and_notes(api):
    data = api("classical", {"s_fu": 52, "s_fan": 2, "lang": "en"})
    assert data["result"]["players"][1]["score"] == 200
    assert [n["code"] for n in data["notes"]] == ["capped"]
    assert "South" in data["notes"][0]["text"]


def test_classical_limit_hands(api):
    full = api("classical", {"winner_limit": "full", "s_fu": 20})
    assert full["result"]["base"] == 200
    assert [n["code"] for n in full["notes"]] == ["setting_unused"]
    half = api("classical", {"winner_limit": "half", "s_fu": 20, "limit": 201})
    assert half["result"]["base"] == D("100.5")


def test_classical_dealer_winner_collects_double(api):
    data = api("classical", {"winner": "e", "e_fu": 30})
    assert amounts(data) == [60, 60, 60]
    assert payers(data) == ["s", "w", "n"]


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({"e_fu": -1}, "e_fu", "out_of_range"),
        ({"s_fu": 10000}, "s_fu", "out_of_range"),
        ({"w_fan": 14}, "w_fan", "out_of_range"),
        ({"n_fan": "x"}, "n_fan", "invalid"),
        ({"n_fu": ""}, "n_fu", "required"),
        ({"winner": "east"}, "winner", "not_allowed"),
        ({"winner_limit": "double"}, "winner_limit", "not_allowed"),
        ({"dealer": "1"}, "dealer", "not_allowed"),
        ({"limit": 0}, "limit", "out_of_range"),
        ({"limit": 100000}, "limit", "out_of_range"),
        ({"unit": "0.12345"}, "unit", "invalid"),
    ],
)
def test_classical_invalid_input_is_a_400_naming_the_parameter(api, params, field, code):
    data = api("classical", params, status=400)
    assert list(data["errors"]) == [field]
    assert data["errors"][field][0]["code"] == code


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    fu=st.lists(st.integers(0, 9999), min_size=4, max_size=4),
    fan=st.lists(st.integers(0, 13), min_size=4, max_size=4),
    winner=st.sampled_from("eswn"),
    dealer=st.sampled_from("eswn"),
    winner_limit=st.sampled_from(["none", "full", "half"]),
    limit=st.integers(1, 99999),
    unit=st.decimals(min_value=0, max_value=1000, places=4, allow_nan=False),
)
def test_classical_money_adds_up(client, fu, fan, winner, dealer, winner_limit, limit, unit):
    params = {f"{seat}_fu": value for seat, value in zip("eswn", fu, strict=True)}
    params |= {f"{seat}_fan": value for seat, value in zip("eswn", fan, strict=True)}
    params |= {
        "winner": winner,
        "dealer": dealer,
        "winner_limit": winner_limit,
        "limit": limit,
        "unit": str(unit),
    }
    result = api_json(client, "classical", params)["result"]
    nets = {p["seat"]: p["net"] for p in result["players"]}
    assert sum(nets.values()) == 0
    assert nets[winner] == result["winner_receives"] == sum(p["amount"] for p in result["payments"])
    moved = dict.fromkeys("eswn", D(0))
    for t in result["transfers"]:
        moved[t["from"]] -= t["amount"]
        moved[t["to"]] += t["amount"]
    assert moved == nets
