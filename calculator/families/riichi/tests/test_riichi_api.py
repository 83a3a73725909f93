"""rules.md § riichi through GET /api/v1/riichi, exact numbers."""

from __future__ import annotations

import pytest

RON, TSUMO = "discard", "self_draw"
HATSU = {"fu_mode": "count", "m4": "pon_closed_terminal"}  # seed 002: 發 concealed triplet


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def roles(data):
    return [p["payer"] for p in data["result"]["payments"]]


def note_codes(data):
    return [n["code"] for n in data["notes"]]


def test_default_hand_is_3_han_30_fu_non_dealer_ron(api):
    data = api("riichi")
    assert data["rules"] == "riichi"
    assert data["inputs"] == {
        "han": 3,
        "fu": 30,
        "yakuman": 0,
        "dealer": False,
        "win": "discard",
        "honba": 0,
        "riichi_sticks": 0,
        "kiriage": False,
        "kazoe": "yakuman",
        "fu_mode": "given",
        "chiitoitsu": False,
        "closed": True,
        "wait": "ryanmen",
        "pair": "plain",
        "players": 4,
        "sanma": "loss",
        "sanma_honba": 200,
        "m1": "run",
        "m2": "run",
        "m3": "run",
        "m4": "run",
    }
    result = data["result"]
    assert result["base"] == 960 and result["winner_receives"] == 3900
    assert result["payments"] == [
        {"payer": "discarder", "amount": 3900},
        {"payer": "other", "amount": 0},
        {"payer": "other", "amount": 0},
    ]
    assert result["from_table"] == 0 and result["level"] is None and result["fu"] == 30
    assert result["steps"] and data["notes"] == [] and data["url"] == "/riichi/"


@pytest.mark.parametrize(
    ("params", "receives", "payments", "from_table"),
    [
        # 3 飜 30 符
        ({}, 3900, [3900, 0, 0], 0),
        ({"dealer": 1}, 5800, [5800, 0, 0], 0),
        ({"win": TSUMO}, 4000, [2000, 1000, 1000], 0),
        # the same hand, 2 本場 + 1 riichi stick
        ({"honba": 2, "riichi_sticks": 1}, 5500, [4500, 0, 0], 1000),
        ({"honba": 2, "riichi_sticks": 1, "win": TSUMO}, 5600, [2200, 1200, 1200], 1000),
        # 平和 tsumo, 3 飜 20 符
        ({"han": 3, "fu": 20, "win": TSUMO}, 2700, [1300, 700, 700], 0),
        # kiriage
        ({"han": 4, "fu": 30}, 7700, [7700, 0, 0], 0),
        ({"han": 4, "fu": 30, "kiriage": 1}, 8000, [8000, 0, 0], 0),
        ({"han": 4, "fu": 40}, 8000, [8000, 0, 0], 0),
        ({"han": 4, "fu": 40, "kiriage": 1}, 8000, [8000, 0, 0], 0),
        ({"han": 3, "fu": 60}, 7700, [7700, 0, 0], 0),
        ({"han": 3, "fu": 60, "kiriage": 1}, 8000, [8000, 0, 0], 0),
        # seed 002
        (HATSU, 5200, [5200, 0, 0], 0),
        ({"han": 5, "dealer": 1, "win": TSUMO}, 12000, [4000] * 3, 0),
        ({"han": 6, "dealer": 1, "win": TSUMO}, 18000, [6000] * 3, 0),
    ],
)
def test_worked_examples(api, params, receives, payments, from_table):
    data = api("riichi", params)
    assert data["result"]["winner_receives"] == receives
    assert amounts(data) == payments
    assert data["result"]["from_table"] == from_table


def test_pinfu_tsumo_counted(api):
    data = api("riichi", {"fu_mode": "count", "win": TSUMO})
    assert data["result"]["fu"] == 20
    assert amounts(data) == [1300, 700, 700]
    assert data["result"]["winner_receives"] == 2700
    assert data["notes"] == []


def test_seed_002_counted_40_fu_shows_its_breakdown_first(api):
    data = api("riichi", {**HATSU, "lang": "en"})
    result = data["result"]
    assert result["fu"] == 40 and result["base"] == 1280
    assert result["steps"][:4] == [
        "Base fu (副底): 20",
        "Closed ron (門前榮和): +10",
        "Meld 4, a concealed pon of terminals or honours (暗刻么九): +8",
        "38 fu rounds up to 40 fu",
    ]
    assert data["url"] == "/riichi/?fu_mode=count&m4=pon_closed_terminal"


@pytest.mark.parametrize(
    ("han", "level", "non_dealer", "dealer"),
    [
        (5, "mangan", 8000, 12000),
        (6, "haneman", 12000, 18000),
        (7, "haneman", 12000, 18000),
        (8, "baiman", 16000, 24000),
        (10, "baiman", 16000, 24000),
        (11, "sanbaiman", 24000, 36000),
        (12, "sanbaiman", 24000, 36000),
        (13, "kazoe_yakuman", 32000, 48000),
    ],
)
def test_ladder_ron(api, han, level, non_dealer, dealer):
    data = api("riichi", {"han": han})
    assert data["result"]["winner_receives"] == non_dealer
    assert data["result"]["level"] == level
    assert data["result"]["fu"] == 30
    assert api("riichi", {"han": han, "dealer": 1})["result"]["winner_receives"] == dealer


def test_kazoe_sanbaiman(api):
    data = api("riichi", {"han": 13, "kazoe": "sanbaiman", "win": TSUMO})
    assert data["result"]["level"] == "sanbaiman"
    assert amounts(data) == [12000, 6000, 6000]


@pytest.mark.parametrize(
    ("count", "level"),
    [
        (1, "yakuman"),
        (2, "double_yakuman"),
        (3, "3x_yakuman"),
        (4, "4x_yakuman"),
        (5, "5x_yakuman"),
        (6, "6x_yakuman"),
    ],
)
def test_yakuman_level_and_null_fu(api, count, level):
    data = api("riichi", {"yakuman": count})
    assert data["result"]["level"] == level
    assert data["result"]["fu"] is None
    assert data["result"]["base"] == 8000 * count
    assert data["result"]["winner_receives"] == 32000 * count


def test_counted_fu_can_pass_110(api):
    params = {
        "fu_mode": "count",
        "wait": "tanki",
        "pair": "double_wind",
        "m1": "kan_closed_terminal",
        "m2": "kan_closed_terminal",
        "m3": "kan_closed_terminal",
        "m4": "pon_closed_terminal",
        "han": 1,
    }
    data = api("riichi", params)
    assert data["result"]["fu"] == 140  # 20 + 10 + 3×32 + 8 + 4 + 2
    assert data["result"]["level"] is None
    assert data["result"]["winner_receives"] == 4500  # 140 × 8 = 1,120 basic points × 4


@pytest.mark.parametrize(
    ("params", "base", "level", "payments"),
    [
        # Worked by hand: basic points = fu × 2^(han+2), each payment rounded up to 100.
        ({"han": 1, "fu": 120}, 960, None, [3900, 0, 0]),  # 960 × 4 = 3,840
        ({"han": 1, "fu": 120, "dealer": 1}, 960, None, [5800, 0, 0]),  # 960 × 6 = 5,760
        ({"han": 1, "fu": 120, "win": TSUMO}, 960, None, [2000, 1000, 1000]),  # 1,920 / 960
        ({"han": 1, "fu": 170}, 1360, None, [5500, 0, 0]),  # 1,360 × 4 = 5,440
        ({"han": 1, "fu": 170, "win": TSUMO, "dealer": 1}, 1360, None, [2800] * 3),  # 2,720
        ({"han": 2, "fu": 120}, 1920, None, [7700, 0, 0]),  # 1,920 × 4 = 7,680
        ({"han": 2, "fu": 120, "kiriage": 1}, 2000, "mangan", [8000, 0, 0]),
        ({"han": 2, "fu": 130}, 2000, "mangan", [8000, 0, 0]),  # 2,080: capped at mangan
        ({"han": 4, "fu": 150, "dealer": 1}, 2000, "mangan", [12000, 0, 0]),
    ],
)
def test_given_fu_past_110(api, params, base, level, payments):
    """The contract's `fu` runs 20, 25, 30 … 170: what a counted hand (or payment_url) carries."""
    data = api("riichi", params)
    assert data["result"]["fu"] == params["fu"]
    assert data["result"]["base"] == base
    assert data["result"]["level"] == level
    assert amounts(data) == payments
    assert data["result"]["winner_receives"] == sum(payments)
    assert "fu=" + str(params["fu"]) in data["url"]


@pytest.mark.parametrize("fu", [115, 180, 200, 0, 10])
def test_fu_outside_the_list_is_refused(api, fu):
    data = api("riichi", {"fu": fu}, status=400)
    assert data["errors"]["fu"][0]["code"] == "not_allowed"


def test_open_hand_minimum_step(api):
    steps = api("riichi", {"fu_mode": "count", "closed": 0, "lang": "en"})["result"]["steps"]
    assert "An open hand of 20 fu counts as 30 fu" in steps


def test_basic_points_step_names_the_factor(api):
    steps = api("riichi", {"han": 1, "fu": 120, "lang": "en"})["result"]["steps"]
    assert steps[0] == "Basic points (基本點): 120 fu × 8 (2 to the power of 1 han plus 2) = 960"


# --- roles -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({}, ["discarder", "other", "other"]),
        ({"dealer": 1}, ["discarder", "other", "other"]),
        ({"win": TSUMO}, ["dealer", "non_dealer", "non_dealer"]),
        ({"win": TSUMO, "dealer": 1}, ["non_dealer"] * 3),
        ({"yakuman": 1, "win": TSUMO}, ["dealer", "non_dealer", "non_dealer"]),
    ],
)
def test_payer_roles(api, params, expected):
    assert roles(api("riichi", params)) == expected


# --- notes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "impossible"),
    [
        ({"han": 3, "fu": 20}, True),
        ({"han": 1, "fu": 20, "win": TSUMO}, True),
        ({"han": 2, "fu": 20, "win": TSUMO}, False),
        ({"han": 1, "fu": 25}, True),
        ({"han": 2, "fu": 25, "win": TSUMO}, True),
        ({"han": 3, "fu": 25, "win": TSUMO}, False),
        ({"han": 1, "fu_mode": "count", "chiitoitsu": 1}, True),
    ],
)
def test_impossible_han_fu_is_noted_and_still_computed(api, params, impossible):
    data = api("riichi", params)
    assert ("impossible_han_fu" in note_codes(data)) is impossible
    assert data["result"]["winner_receives"] > 0


def test_impossible_note_names_the_hand(api):
    note = api("riichi", {"han": 1, "fu": 20, "lang": "en"})["notes"][0]
    assert note["code"] == "impossible_han_fu"
    assert "1 han" in note["text"] and "20 fu" in note["text"] and "ron" in note["text"]


def test_han_and_fu_given_with_a_yakuman_are_noted_unused(api):
    data = api("riichi", {"yakuman": 1, "han": 5, "fu": 40, "lang": "en"})
    assert note_codes(data) == ["setting_unused", "setting_unused"]
    texts = " ".join(n["text"] for n in data["notes"])
    assert "Han (飜)" in texts and "Fu (符)" in texts


def test_parameters_at_their_default_are_not_noted(api):
    """The page sends every field on each live update; only what differs counts as given."""
    params = {"yakuman": 1, "han": 3, "fu": 30, "kiriage": 0, "kazoe": "yakuman", "m1": "run"}
    assert api("riichi", params)["notes"] == []


def test_structure_given_with_given_fu_is_unused_not_an_error(api):
    data = api("riichi", {"m1": "pon_open_simple"})
    assert data["result"]["winner_receives"] == 3900
    assert note_codes(data) == ["setting_unused"]


def test_fu_is_ignored_in_count_mode(api):
    data = api("riichi", {**HATSU, "fu": 110})
    assert data["result"]["fu"] == 40
    assert note_codes(data) == ["setting_unused"]


def test_kiriage_noted_unused_where_it_cannot_matter(api):
    assert note_codes(api("riichi", {"kiriage": 1})) == ["setting_unused"]
    assert note_codes(api("riichi", {"kiriage": 1, "han": 4})) == []


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans", "en"])
def test_han_is_never_called_fan(api, lang):
    """飜 is not 番: riichi words never borrow the Hong Kong unit."""
    for params in [{**HATSU, "honba": 1, "riichi_sticks": 2}, {"han": 13}, {"han": 1, "fu": 20}]:
        data = api("riichi", {**params, "lang": lang})
        words = " ".join(data["result"]["steps"] + [n["text"] for n in data["notes"]])
        assert "番" not in words
        assert " fan" not in words.lower()


# --- urls and errors ---------------------------------------------------------------------


def test_url_is_canonical(api):
    data = api("riichi", "m4=pon_closed_terminal&dealer=true&fu=40&han=4&bogus=1&han=5&closed=1")
    assert data["url"] == "/riichi/?han=5&fu=40&dealer=1&m4=pon_closed_terminal"


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({"han": 0}, "han", "out_of_range"),
        ({"han": 14}, "han", "out_of_range"),
        ({"han": ""}, "han", "required"),
        ({"han": "3.5"}, "han", "invalid"),
        ({"fu": 35}, "fu", "not_allowed"),
        ({"fu": 35, "fu_mode": "count"}, "fu", "not_allowed"),
        ({"fu": 35, "yakuman": 1}, "fu", "not_allowed"),
        ({"fu": "abc"}, "fu", "invalid"),
        ({"yakuman": 7}, "yakuman", "out_of_range"),
        ({"honba": -1}, "honba", "out_of_range"),
        ({"riichi_sticks": 100}, "riichi_sticks", "out_of_range"),
        ({"kazoe": "x"}, "kazoe", "not_allowed"),
        ({"fu_mode": "guess"}, "fu_mode", "not_allowed"),
        ({"kiriage": "maybe"}, "kiriage", "invalid"),
        ({"m2": "chi"}, "m2", "not_allowed"),
        ({"m1": "pon_open_simple", "closed": 1, "fu_mode": "count"}, "m1", "contradiction"),
        ({"m3": "kan_open_terminal", "fu_mode": "count", "win": TSUMO}, "m3", "contradiction"),
        ({"chiitoitsu": 1, "closed": 0, "fu_mode": "count"}, "chiitoitsu", "contradiction"),
        ({"wait": "shanpon", "fu_mode": "count"}, "wait", "contradiction"),
        (
            {"closed": 0, "wait": "tanki", "fu_mode": "count"}
            | {f"m{i}": "pon_closed_simple" for i in range(1, 5)},
            "closed",
            "contradiction",
        ),
    ],
)
def test_invalid_input_is_a_400_naming_the_parameter(api, params, field, code):
    data = api("riichi", params, status=400)
    assert list(data["errors"]) == [field]
    assert data["errors"][field][0]["code"] == code
    assert data["errors"][field][0]["message"]


def test_shanpon_ron_may_enter_the_completed_pon_as_called(api):
    data = api("riichi", {"fu_mode": "count", "wait": "shanpon", "m1": "pon_open_simple"})
    assert data["result"]["fu"] == 40  # 20 + 10 closed ron + 2
    data = api(
        "riichi",
        {"fu_mode": "count", "wait": "shanpon", "m1": "pon_open_simple", "win": TSUMO},
        status=400,
    )
    assert data["errors"]["m1"][0]["code"] == "contradiction"


def test_a_yakuman_does_not_judge_the_structure(api):
    data = api("riichi", {"yakuman": 1, "fu_mode": "count", "m1": "pon_open_simple"})
    assert data["result"]["winner_receives"] == 32000


def test_contradiction_message_follows_lang(api):
    params = {"m1": "pon_open_simple", "fu_mode": "count"}
    en = api("riichi", {**params, "lang": "en"}, status=400)["errors"]["m1"][0]["message"]
    assert "closed" in en
