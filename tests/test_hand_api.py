"""Tile entry through GET /api/v1/riichi/hand and /api/v1/mcr/hand (contract § tile entry).

Real hands with the numbers worked in tests/engine/test_riichi_hand.py and test_mcr_hand.py;
the payment part must be exactly what the payment API gives for the computed values.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

RIICHI, MCR = "riichi/hand", "mcr/hand"


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def yaku(data):
    return {
        y["key"]: y["han"] if y["han"] is not None else y["yakuman"] for y in data["hand"]["yaku"]
    }


def error(data, field):
    """The code under `field` (the only one there)."""
    (entry,) = data["errors"][field]
    return entry["code"]


def codes(data, field):
    return [entry["code"] for entry in data["errors"][field]]


# --- riichi: real hands -----------------------------------------------------------------------

RIICHI_HANDS = {
    # riichi + tsumo + pinfu + dora 1 = 4 han 20 fu: 2,600 / 1,300 / 1,300
    "pinfu_tsumo": (
        {
            "hand": "234567m123p88p678s",
            "win_tile": "8s",
            "win": "self_draw",
            "seat": "s",
            "riichi": 1,
            "dora": "1p",
        },
        {"tsumo": 1, "riichi": 1, "pinfu": 1, "dora": 1},
        (4, 20),
        [2600, 1300, 1300],
        5200,
    ),
    # dealer riichi + pinfu + ura 1 = 3 han 30 fu: 5,800 + 1 honba 300; + 1 stick
    "dealer_ura_honba": (
        {
            "hand": "123456m789p345s99s",
            "win_tile": "5s",
            "seat": "e",
            "riichi": 1,
            "ura": "8p",
            "honba": 1,
            "riichi_sticks": 1,
        },
        {"riichi": 1, "pinfu": 1, "ura_dora": 1},
        (3, 30),
        [6100, 0, 0],
        7100,
    ),
    # open haku pon: 1 han 30 fu: 1,000
    "open_haku": (
        {"hand": "234m567p33678s", "win_tile": "8s", "seat": "s", "melds": "pon:555z"},
        {"haku": 1},
        (1, 30),
        [1000, 0, 0],
        1000,
    ),
    # closed kan + rinshan, 3 han 60 fu, with kiriage: mangan 4,000 / 2,000 / 2,000
    "ankan_rinshan_kiriage": (
        {
            "hand": "123456m345s55s",
            "win_tile": "3s",
            "seat": "s",
            "win": "self_draw",
            "riichi": 1,
            "rinshan": 1,
            "melds": "ankan:9999p",
            "kiriage": 1,
        },
        {"riichi": 1, "tsumo": 1, "rinshan": 1},
        (3, 60),
        [4000, 2000, 2000],
        8000,
    ),
    # red fives: tanyao 1 + aka 2 = 3 han 40 fu: 5,200
    "red_fives": (
        {"hand": "340678m406p23488s", "win_tile": "5p", "seat": "s"},
        {"tanyao": 1, "aka_dora": 2},
        (3, 40),
        [5200, 0, 0],
        5200,
    ),
    # chiitoitsu tsumo: 4 han 25 fu: 3,200 / 1,600 / 1,600
    "chiitoitsu": (
        {
            "hand": "1144m77p22556699s",
            "win_tile": "9s",
            "seat": "s",
            "win": "self_draw",
            "riichi": 1,
        },
        {"riichi": 1, "tsumo": 1, "chiitoitsu": 2},
        (4, 25),
        [3200, 1600, 1600],
        6400,
    ),
    # 15 han under kazoe=sanbaiman: 12,000 / 6,000 / 6,000
    "kazoe_sanbaiman": (
        {
            "hand": "11223345678999m",
            "win_tile": "4m",
            "seat": "s",
            "win": "self_draw",
            "riichi": 1,
            "dora": "8m",
            "kazoe": "sanbaiman",
        },
        {"riichi": 1, "tsumo": 1, "pinfu": 1, "iipeiko": 1, "ittsu": 2, "chinitsu": 6, "dora": 3},
        (15, 20),
        [12000, 6000, 6000],
        24000,
    ),
}


@pytest.mark.parametrize("name", RIICHI_HANDS)
def test_riichi_real_hands(api, name):
    params, expected_yaku, (han, fu), payments, receives = RIICHI_HANDS[name]
    data = api(RIICHI, {**params, "lang": "en"})
    assert data["rules"] == "riichi"
    assert yaku(data) == expected_yaku
    assert (data["hand"]["han"], data["hand"]["fu"]) == (han, fu)
    assert data["hand"]["yakuman"] == 0
    assert amounts(data) == payments
    assert data["result"]["winner_receives"] == receives


def test_riichi_hand_object_shape(api):
    data = api(RIICHI, {**RIICHI_HANDS["red_fives"][0], "dora": "3m", "riichi": 1, "ura": "7p"})
    hand = data["hand"]
    assert set(hand) == {"yaku", "han", "fu", "fu_details", "dora", "yakuman"}
    assert [y["key"] for y in hand["yaku"]] == ["riichi", "tanyao", "dora", "aka_dora"]
    assert all(set(y) == {"key", "name", "han"} for y in hand["yaku"])
    assert hand["dora"] == 3  # dora 4m ×1 + two red fives
    assert [(d["reason"], d["fu"]) for d in hand["fu_details"]] == [("base", 30), ("kanchan", 2)]
    assert all(d["text"] for d in hand["fu_details"])


def test_riichi_yakuman_has_null_han_and_fu(api):
    data = api(
        RIICHI,
        {"hand": "55m333444z", "win_tile": "5m", "melds": "pon:111z,pon:222z", "seat": "s"},
    )
    hand = data["hand"]
    assert hand["yaku"] == [
        {"key": "daisuushi", "name": hand["yaku"][0]["name"], "han": None, "yakuman": 2}
    ]
    assert (hand["han"], hand["fu"], hand["yakuman"], hand["fu_details"]) == (None, None, 2, [])
    assert amounts(data) == [64000, 0, 0]
    assert data["result"]["level"] == "double_yakuman"
    assert data["payment_url"] == "/riichi/?yakuman=2"


def test_yaku_names_follow_the_language(api):
    params = RIICHI_HANDS["open_haku"][0]
    en = api(RIICHI, {**params, "lang": "en"})["hand"]["yaku"][0]["name"]
    assert en == "Yakuhai: white dragon (役牌 白)"
    assert api(RIICHI, params)["hand"]["yaku"][0]["key"] == "haku"


# --- the canonical URL and the payment URL -------------------------------------------------------


def test_a_hand_with_errors_keeps_what_was_typed_in_no_url(api):
    data = api(RIICHI, {"hand": "東東 8s67s234m34p5p 46m", "win_tile": "8s"}, status=400)
    assert error(data, "hand") == "wrong_count"  # 13 tiles
    assert "url" not in data


def test_url_sorts_tiles_writes_red_fives_as_0_and_keeps_colons(api):
    data = api(
        RIICHI,
        {
            "hand": "406p 23488s 340678m",
            "win_tile": "5p",  # the held red five won
            "seat": "s",
            "melds": "",
        },
    )
    assert data["url"] == "/riichi/hand/?hand=340678m406p23488s&win_tile=0p&seat=s"
    assert data["inputs"]["hand"] == "340678m406p23488s"
    data = api(
        RIICHI, {"hand": "33678s 234m 567p", "win_tile": "8s", "seat": "s", "melds": "pon:白白白"}
    )
    assert data["url"] == "/riichi/hand/?hand=234m567p33678s&win_tile=8s&melds=pon:555z&seat=s"


def test_honour_characters_and_full_width_digits_are_read(api):
    data = api(RIICHI, {"hand": "２３４m567p33678s", "win_tile": "8s", "melds": "pon:白白白"})
    assert data["inputs"]["hand"] == "234m567p33678s"
    assert data["inputs"]["melds"] == "pon:555z"
    assert "melds=pon:555z" in data["url"]


@pytest.mark.parametrize("name", RIICHI_HANDS)
def test_riichi_payment_equals_the_payment_api(api, name):
    params = RIICHI_HANDS[name][0]
    data = api(RIICHI, {**params, "lang": "en"})
    url = urlsplit(data["payment_url"])
    assert url.path == "/riichi/"
    payment = api("riichi", f"{url.query}&lang=en")
    assert data["result"] == payment["result"]
    assert data["notes"] == payment["notes"]


def test_riichi_payment_url_carries_the_table_settings(api):
    data = api(RIICHI, RIICHI_HANDS["dealer_ura_honba"][0])
    assert data["payment_url"] == "/riichi/?dealer=1&honba=1&riichi_sticks=1"  # 3 han 30 fu
    data = api(RIICHI, RIICHI_HANDS["kazoe_sanbaiman"][0])
    assert data["payment_url"] == "/riichi/?han=13&fu=20&win=self_draw&kazoe=sanbaiman"


def test_api_language_of_the_urls_is_cantonese(api):
    data = api(RIICHI, {**RIICHI_HANDS["open_haku"][0], "lang": "zh-hans"})
    assert data["url"].startswith("/riichi/hand/?")
    assert data["payment_url"].startswith("/riichi/?")


# --- MCR: real hands -------------------------------------------------------------------------

MCR_HANDS = {
    "thirteen_orphans": (
        {"hand": "19m19p19s12345677z", "win_tile": "7z"},
        {"Thirteen Orphans": (88, 1)},
        88,
        [96, 8, 8],
    ),
    "thirteen_orphans_self_drawn_flowers": (
        {"hand": "19m19p19s12345677z", "win_tile": "7z", "win": "self_draw", "flowers": 3},
        {"Thirteen Orphans": (88, 1), "Self-Drawn": (1, 1)},
        89,
        [100, 100, 100],
    ),
    "big_four_winds": (
        {"hand": "55m333444z", "win_tile": "5m", "seat": "s", "melds": "pon:111z,pon:222z"},
        None,
        97,
        [105, 8, 8],
    ),
    "seven_pairs": (
        {"hand": "1133m5577p226688s", "win_tile": "8s"},
        None,
        25,
        [33, 8, 8],
    ),
    "chicken_hand_flowers": (
        {"hand": "345p33z", "win_tile": "5p", "flowers": 2, "melds": "chi:234m,pon:777p,chi:678s"},
        None,
        8,
        [18, 8, 8],
    ),
}


@pytest.mark.parametrize("name", MCR_HANDS)
def test_mcr_real_hands(api, name):
    params, fans, points, payments = MCR_HANDS[name]
    data = api(MCR, {**params, "lang": "en"})
    assert data["rules"] == "mcr"
    assert data["hand"]["points"] == points
    assert amounts(data) == payments
    assert sum(f["points"] * f["count"] for f in data["hand"]["fans"]) == points
    if fans is not None:
        assert {f["name_en"]: (f["points"], f["count"]) for f in data["hand"]["fans"]} == fans


def test_mcr_fans_have_chinese_and_english_names(api):
    data = api(MCR, MCR_HANDS["thirteen_orphans"][0])
    assert data["hand"]["fans"] == [
        {"name": "十三么", "name_en": "Thirteen Orphans", "points": 88, "count": 1}
    ]
    data = api(MCR, {**MCR_HANDS["thirteen_orphans"][0], "lang": "zh-hans"})
    assert data["hand"]["fans"][0]["name"] == "十三幺"


def test_mcr_flowers_are_not_a_fan(api):
    data = api(MCR, MCR_HANDS["chicken_hand_flowers"][0])
    assert all(f["name"] != "花牌" for f in data["hand"]["fans"])
    assert data["inputs"]["flowers"] == 2


def test_mcr_under_8_points_is_computed_with_the_note(api):
    data = api(
        MCR,
        {"hand": "567m22p", "win_tile": "5m", "melds": "chi:234m,chi:456p,pon:888s", "lang": "en"},
    )
    assert data["hand"]["points"] == 3
    assert amounts(data) == [11, 8, 8]
    assert [n["code"] for n in data["notes"]] == ["below_min_points"]
    assert data["payment_url"] == "/mcr/?points=3"


@pytest.mark.parametrize("name", MCR_HANDS)
def test_mcr_payment_equals_the_payment_api(api, name):
    data = api(MCR, {**MCR_HANDS[name][0], "lang": "en"})
    url = urlsplit(data["payment_url"])
    assert url.path == "/mcr/"
    payment = api("mcr", f"{url.query}&lang=en")
    assert data["result"] == payment["result"]
    assert data["notes"] == payment["notes"]


# --- every error code of the contract, on the right field ---------------------------------------

COMPLETE = {"hand": "234567m123p88p678s", "win_tile": "8s", "riichi": 1}  # riichi pinfu ron
MCR_COMPLETE = {"hand": "19m19p19s12345677z", "win_tile": "7z"}

RIICHI_ERRORS = [
    # (params, field, code)
    ({"hand": "12x3m456p789s11z"}, "hand", "bad_notation"),
    ({"hand": "123m456p789s11"}, "hand", "bad_notation"),
    ({"hand": "m123"}, "hand", "bad_notation"),
    ({"hand": "123m456p789s118z"}, "hand", "bad_notation"),
    ({"win_tile": "8s9s"}, "win_tile", "bad_notation"),
    ({"win_tile": "8"}, "win_tile", "bad_notation"),
    ({"hand": "234567m88p678s", "melds": "pan:123p"}, "melds", "bad_notation"),
    ({"hand": "234567m88p678s", "melds": "chi:124p"}, "melds", "bad_notation"),
    ({"dora": "1q"}, "dora", "bad_notation"),
    ({"ura": "x", "riichi": 1}, "ura", "bad_notation"),
    ({"hand": "234567m123p88p678s8s"}, "hand", "wrong_count"),
    ({"hand": "234567m123p88p67s"}, "hand", "wrong_count"),
    ({"melds": "pon:555z"}, "hand", "wrong_count"),
    ({"hand": "22222m7m123p88p678s", "win_tile": "8s"}, "hand", "too_many_copies"),
    ({"hand": "234567m123p88p678s", "melds": ""}, None, None),
    ({"hand": "234567m88p678s", "melds": "kan:8888p"}, "melds", "too_many_copies"),
    ({"dora": "8p8p8p"}, "dora", "too_many_copies"),
    ({"hand": "234067m123p88p678s", "ura": "0m", "riichi": 1}, "ura", "too_many_copies"),
    ({"win_tile": "9s"}, "win_tile", "win_tile_missing"),
    ({"hand": "123m456p235789s11z", "win_tile": "5s"}, "hand", "not_complete"),
    ({"hand": "123m456p234789s11z", "win_tile": "3s", "riichi": 0, "seat": "s"}, "hand", "no_yaku"),
    ({"hand": None}, "hand", "required"),
    ({"win_tile": None}, "win_tile", "required"),
    ({"hand": ""}, "hand", "required"),
    ({"win_tile": " "}, "win_tile", "required"),
]


def params_with(base, changes):
    params = {**base, **changes}
    return {k: v for k, v in params.items() if v is not None}


@pytest.mark.parametrize(("changes", "field", "code"), RIICHI_ERRORS)
def test_riichi_errors_have_the_contract_codes(api, changes, field, code):
    params = params_with(COMPLETE, changes)
    if field is None:
        api(RIICHI, params)
        return
    data = api(RIICHI, params, status=400)
    assert codes(data, field) == [code], data
    assert data["errors"][field][0]["message"]


CONTRADICTIONS = [
    # riichi, double riichi, ippatsu with a called meld (not ankan)
    ({"hand": "234m567p33678s", "melds": "pon:555z", "riichi": 1}, ["riichi"]),
    (
        {"hand": "234m567p33678s", "melds": "pon:555z", "riichi": 0, "double_riichi": 1},
        ["double_riichi"],
    ),
    ({"ippatsu": 1, "riichi": 0}, ["ippatsu"]),
    ({"rinshan": 1}, ["rinshan"]),  # a discard, and no kan
    ({"rinshan": 1, "win": "self_draw"}, ["rinshan"]),  # no kan
    ({"chankan": 1, "win": "self_draw"}, ["chankan"]),
    ({"haitei": 1}, ["haitei"]),
    ({"houtei": 1, "win": "self_draw"}, ["houtei"]),
    ({"tenhou": 1, "win": "self_draw", "seat": "s"}, ["tenhou"]),
    ({"tenhou": 1, "seat": "e"}, ["tenhou"]),  # not a self-draw
    ({"chiihou": 1, "win": "self_draw", "seat": "e"}, ["chiihou"]),
    ({"ura": "1p", "riichi": 0, "chankan": 0}, ["ura"]),
]


@pytest.mark.parametrize(("changes", "fields"), CONTRADICTIONS)
def test_riichi_contradictions_are_on_the_flag(api, changes, fields):
    data = api(RIICHI, params_with({**COMPLETE, "win_tile": "8s"}, changes), status=400)
    assert sorted(data["errors"]) == sorted(fields)
    for field in fields:
        assert error(data, field) == "contradiction"


def test_contradictions_are_reported_even_when_the_tiles_do_not_read(api):
    data = api(RIICHI, {"hand": "12x", "win_tile": "8s", "ippatsu": 1}, status=400)
    assert error(data, "hand") == "bad_notation"
    assert error(data, "ippatsu") == "contradiction"


def test_not_complete_adds_shanten_and_waits(api):
    data = api(RIICHI, {"hand": "123m456p235789s11z", "win_tile": "5s", "lang": "en"}, status=400)
    assert data["shanten"] == 0 and data["waits"] == ["1s", "4s"]
    assert "waits on 1s and 4s, not 5s" in data["errors"]["hand"][0]["message"]
    data = api(RIICHI, {"hand": "123m456p789s12345z", "win_tile": "5z"}, status=400)
    assert data["shanten"] == 2 and "waits" not in data
    data = api(MCR, {"hand": "123m456p235789s11z", "win_tile": "5s"}, status=400)
    assert (data["shanten"], data["waits"]) == (0, ["1s", "4s"])


def test_errors_without_not_complete_have_no_shanten(api):
    data = api(RIICHI, {**COMPLETE, "win_tile": "9s"}, status=400)
    assert "shanten" not in data and "waits" not in data


def test_bad_notation_message_points_at_the_character(api):
    data = api(RIICHI, {**COMPLETE, "hand": "234567m12x3p88p678s", "lang": "en"}, status=400)
    message = data["errors"]["hand"][0]["message"]
    assert "Character 10, “x”" in message and "[x]" in message


MCR_ERRORS = [
    ({"hand": "19m19p19s1234567z0p"}, "hand", "bad_notation"),  # no red fives in MCR
    ({"win_tile": "0p"}, "win_tile", "bad_notation"),
    ({"hand": "19m19p19s12345677z?"}, "hand", "bad_notation"),
    ({"melds": "pon:11z"}, "melds", "bad_notation"),
    ({"hand": "19m19p19s1234567z"}, "hand", "wrong_count"),
    ({"hand": "19m19p19s123z77777z", "win_tile": "7z"}, "hand", "too_many_copies"),
    ({"win_tile": "5m"}, "win_tile", "win_tile_missing"),
    ({"hand": "123m456p235789s11z", "win_tile": "5s"}, "hand", "not_complete"),
    ({"hand": None}, "hand", "required"),
    ({"win_tile": ""}, "win_tile", "required"),
    ({"flowers": 9}, "flowers", "out_of_range"),
    (
        {"fourth_tile": 1, "hand": "123456m789p23446s", "win_tile": "4s"},
        "fourth_tile",
        "contradiction",
    ),
    ({"about_kong": 1, "win": "self_draw"}, "about_kong", "contradiction"),
    (
        {"about_kong": 1, "last_tile": 1, "hand": "123456m789p23466s", "win_tile": "4s"},
        "last_tile",
        "contradiction",
    ),
]


@pytest.mark.parametrize(("changes", "field", "code"), MCR_ERRORS)
def test_mcr_errors_have_the_contract_codes(api, changes, field, code):
    data = api(MCR, params_with(MCR_COMPLETE, changes), status=400)
    assert codes(data, field) == [code], data


def test_unknown_language_is_refused(api):
    data = api(RIICHI, {**COMPLETE, "lang": "fr"}, status=400)
    assert error(data, "lang") == "not_allowed"


def test_families_without_tile_entry_have_no_hand_api(client):
    assert client.get("/api/v1/nmjl/hand").status_code == 404
    assert client.get("/api/v1/classical/hand").status_code == 404
    assert client.get("/api/v1/nope/hand").status_code == 404


def test_post_is_not_allowed(client):
    assert client.post("/api/v1/riichi/hand").status_code == 405


def test_a_counted_fu_above_110_links_to_the_same_money_on_the_payment_page(api):
    # Three concealed terminal kans: 20 + tsumo 2 + 3 × 32 + penchan 2 = 120 fu, 8 han
    # (tsumo, rinshan, chanta 2, san ankou 2, san kantsu 2): baiman, 8,000 / 4,000 / 4,000.
    params = {
        "hand": "123s99s",
        "win_tile": "3s",
        "melds": "ankan:1111m,ankan:9999p,ankan:2222z",
        "seat": "w",
        "win": "self_draw",
        "rinshan": 1,
    }
    data = api(RIICHI, params)
    assert (data["hand"]["han"], data["hand"]["fu"]) == (8, 120)
    assert data["result"]["fu"] == 120 and data["result"]["level"] == "baiman"
    assert amounts(data) == [8000, 4000, 4000]
    # The payment page takes every counted fu (up to 170), so the link carries it exactly.
    assert data["payment_url"] == "/riichi/?han=8&fu=120&win=self_draw"
    payment = api("riichi", urlsplit(data["payment_url"]).query)
    assert payment["result"]["payments"] == data["result"]["payments"]


def test_the_payment_url_carries_the_exact_counted_fu(api):
    # 234m on a 1z tanki with three concealed kans (9p, 1s, 5m), dealer ron by default:
    # 20 base + 10 closed ron + 32 + 32 + 16 + 2 (tanki) + 4 (東 pair: seat and round wind)
    # = 116, rounded up to 120.
    data = api(RIICHI, "hand=234m11z&win_tile=1z&melds=ankan:9999p,ankan:1111s,ankan:5555m")
    assert data["result"]["fu"] == 120
    query = urlsplit(data["payment_url"]).query
    assert "fu=120" in query.split("&")
    payment = api("riichi", query)
    assert payment["result"]["fu"] == 120
    assert payment["result"]["payments"] == data["result"]["payments"]
    assert payment["result"]["winner_receives"] == data["result"]["winner_receives"]
