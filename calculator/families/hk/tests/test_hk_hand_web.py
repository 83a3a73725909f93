"""Tile entry for Hong Kong: /hk/hand/ and GET /api/v1/hk/hand (rules.md § hk hand,
contract.md § tile entry for hk and jiujiang).

Every worked example of rules.md § hk hand through the API and the page, with its fans,
total and payments (the defaults: cap 10, 半辣, 全銃, unit 1, minimum 3 番); every entry
error beside its field (200) and in the API (400).
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.families.hk import hand_forms as hk_hand
from tests.test_fuzz import FUZZ, check_adds_up, hostile_text

API = "hk/hand"


def fans(data):
    return [(f["key"], f["fan"]) for f in data["hand"]["fans"]]


def amounts(data):
    return [p["amount"] for p in data["result"]["payments"]]


def codes(data, field):
    return [entry["code"] for entry in data["errors"][field]]


def notes(data):
    return [n["code"] for n in data["notes"]]


# (query, fans in order, hand.fan, limit, payments, winner receives, note codes)
WORKED = {
    # 平糊 1 + 門前清 1 + 無花 1 = 3 → 半辣 8, the discarder pays it all
    "pinghu_closed": (
        {"hand": "123m456p789s234s55m", "win_tile": "5m"},
        [("pinghu", 1), ("menqing", 1), ("no_flowers", 1)],
        3,
        False,
        [8, 0, 0],
        8,
        [],
    ),
    # the 234s chow exposed: 平糊 1 + 無花 1 = 2 → 4, under the 3 番 minimum
    "pinghu_exposed": (
        {"hand": "123m456p789s55m", "win_tile": "5m", "melds": "chi:234s"},
        [("pinghu", 1), ("no_flowers", 1)],
        2,
        False,
        [4, 0, 0],
        4,
        ["below_min_fan"],
    ),
    # 混一色 3 + 三元牌 1 + 無花 1 = 5 → 半辣 24
    "hunyise_dragon": (
        {
            "hand": "123456789p東東",
            "win_tile": "1z",
            "melds": "pon:中中中",
            "seat": "s",
            "round": "s",
        },
        [("hunyise", 3), ("dragon", 1), ("no_flowers", 1)],
        5,
        False,
        [24, 0, 0],
        24,
        [],
    ),
    # 門風 1 + 圈風 1 + 門前清 1 + 自摸 1 + 正花 2 (春 and 梅 are East's) = 6 → 32;
    # East self-draws: each pays half, 16
    "winds_flowers_self_draw": (
        {
            "hand": "東東東123m456m789p22s",
            "win_tile": "2s",
            "win": "self_draw",
            "flowers": "春梅",
        },
        [
            ("seat_wind", 1),
            ("round_wind", 1),
            ("menqing", 1),
            ("zimo", 1),
            ("seat_flower", 1),
            ("seat_flower", 1),
        ],
        6,
        False,
        [16, 16, 16],
        48,
        [],
    ),
    # 對對糊 3 + 花么 1 + 三元牌 1 + 無花 1 = 6 → 32 (東 is nobody's wind at 南/南)
    "duidui_huayao": (
        {
            "hand": "99s",
            "win_tile": "9s",
            "melds": "pon:111m,pon:999p,pon:111z,pon:777z",
            "seat": "s",
            "round": "s",
        },
        [("duidui", 3), ("huayao", 1), ("dragon", 1), ("no_flowers", 1)],
        6,
        False,
        [32, 0, 0],
        32,
        [],
    ),
    # 小三元 5 (its two pungs included) + 混一色 3 + 無花 1 = 9 → 半辣 96
    "xiaosanyuan": (
        {"hand": "123456m白白", "win_tile": "3m", "melds": "pon:中中中,pon:發發發"},
        [("hunyise", 3), ("xiaosanyuan", 5), ("no_flowers", 1)],
        9,
        False,
        [96, 0, 0],
        96,
        [],
    ),
    # 大三元: a limit hand, worth the cap (10) → 半辣 128
    "dasanyuan": (
        {"hand": "中中中發發發白白白123m55m", "win_tile": "5m"},
        [("dasanyuan", None)],
        10,
        True,
        [128, 0, 0],
        128,
        ["limit_hand"],
    ),
    # best grouping 123p ×3: 平糊 1 + 清一色 7 + 門前清 1 + 無花 1 = 10 → 128
    "best_grouping": (
        {"hand": "111222333p789p99p", "win_tile": "9p"},
        [("pinghu", 1), ("qingyise", 7), ("menqing", 1), ("no_flowers", 1)],
        10,
        False,
        [128, 0, 0],
        128,
        [],
    ),
}


@pytest.mark.parametrize("name", WORKED)
def test_each_worked_example_through_the_api(api, name):
    query, expected_fans, total, limit, payments, receives, expected_notes = WORKED[name]
    data = api(API, query)
    assert fans(data) == expected_fans
    assert data["hand"]["fan"] == total
    assert data["hand"]["limit"] is limit
    assert amounts(data) == payments
    assert data["result"]["winner_receives"] == receives
    assert notes(data) == expected_notes


@pytest.mark.parametrize("name", WORKED)
def test_each_worked_example_on_the_page(client, name):
    query, expected_fans, total, _limit, payments, receives, expected_notes = WORKED[name]
    html = client.get("/en/hk/hand/", query).content.decode()
    listed = re.findall(r'<tr data-fan="(\w+)"(?: data-limit| data-value="(\d+)")', html)
    assert [(key, int(v) if v else None) for key, v in listed] == expected_fans
    assert f'data-fan-total="{total}"' in html
    shown = [
        Decimal(a) for a in re.findall(r'data-payment data-role="\w+" data-amount="([^"]+)"', html)
    ]
    assert shown == payments
    assert re.search(rf'data-result="winner_receives">{receives}<', html)
    for code in expected_notes:
        assert f'data-note="{code}"' in html


def test_the_payment_is_the_payment_apis_for_the_same_fan(api):
    data = api(API, {"hand": "123m456p789s234s55m", "win_tile": "5m", "split": "half"})
    url = urlsplit(data["payment_url"])
    assert url.path == "/hk/"
    payment = api("hk", dict(parse_qsl(url.query)))
    assert payment["result"] == data["result"]


def test_payment_url_carries_the_fan_and_the_table_rules(api):
    data = api(
        API,
        {
            "hand": "111222333p789p99p",
            "win_tile": "9p",
            "seat": "s",
            "scale": "full",
            "cap": 13,
            "split": "half",
            "unit": 4,
            "min_fan": 5,
        },
    )
    assert dict(parse_qsl(urlsplit(data["payment_url"]).query)) == {
        "fan": "10",
        "scale": "full",
        "cap": "13",
        "split": "half",
        "unit": "4",
        "min_fan": "5",
    }
    # 10 番 全辣 = 1024 points × 4 = 4096: the discarder half, the others a quarter each
    assert amounts(data) == [2048, 1024, 1024]


def test_east_is_the_dealer_for_the_payment_page(api):
    query = {"hand": "123m456p789s234s55m", "win_tile": "5m", "split": "dealer", "lang": "en"}
    data = api(API, query)
    assert dict(parse_qsl(urlsplit(data["payment_url"]).query))["dealer"] == "1"
    assert [p["payer"] for p in data["result"]["payments"]] == ["other"] * 3
    # 莊家制 notes that the win type changes nothing; never `dealer`, which the seat set
    unused = [n["text"] for n in data["notes"] if n["code"] == "setting_unused"]
    assert unused == ["“How it was won” makes no difference to this hand."]


def test_east_under_other_splits_opens_the_payment_page_without_a_stray_note(api, client):
    data = api(API, {"hand": "123m456p789s234s55m", "win_tile": "5m", "seat": "e"})
    query = dict(parse_qsl(urlsplit(data["payment_url"]).query))
    assert "dealer" not in query  # only 莊家制 pays the dealer differently
    same = client.get("/api/v1/hk", query).json()
    assert [n["code"] for n in same["notes"]] == [n["code"] for n in data["notes"]]
    assert same["result"]["payments"] == data["result"]["payments"]


def test_a_limit_hand_pays_the_cap_whatever_its_cap(api):
    query = {"hand": "中中中發發發白白白123m55m", "win_tile": "5m", "cap": 13, "scale": "full"}
    data = api(API, query)
    assert data["hand"]["fan"] == 13
    assert amounts(data) == [8192, 0, 0]
    assert dict(parse_qsl(urlsplit(data["payment_url"]).query))["fan"] == "13"


def test_flowers_that_do_not_count_toward_the_minimum(api):
    # 平糊 1 + 門前清 1 + 正花 1 (梅, East's) = 3; without the flower 2, under the minimum
    query = {"hand": "123m456p789s234s55m", "win_tile": "5m", "flowers": "1f"}
    counted = api(API, query)
    assert counted["hand"]["fan"] == 3 and "below_min_fan" not in notes(counted)
    apart = api(API, {**query, "flowers_count_to_min": 0})
    assert apart["hand"]["fan"] == 3
    assert "below_min_fan" in notes(apart)
    assert amounts(apart) == [8, 0, 0]


def test_table_options_change_the_fans(api):
    hand = {"hand": "111222333p789p99p", "win_tile": "9p"}
    six = api(API, {**hand, "qingyise": 6, "menqing": 0, "flowers_in_play": 0})
    assert fans(six) == [("pinghu", 1), ("qingyise", 6)]
    assert six["hand"]["fan"] == 7
    pairs = {"hand": "11m22m33p44p55s66s77z", "win_tile": "7z"}
    assert codes(api(API, pairs, status=400), "hand") == ["not_complete"]
    data = api(API, {**pairs, "seven_pairs": 1})
    assert fans(data) == [("seven_pairs", 4), ("menqing", 1), ("no_flowers", 1)]


def test_url_is_the_canonical_hand_page(api):
    data = api(API, {"hand": "55m 234s 123m 789s 456p", "win_tile": "5m", "flowers": "梅春"})
    assert data["url"] == "/hk/hand/?" + urlencode(
        {"hand": "12355m456p234789s", "win_tile": "5m", "flowers": "1f1g"}
    )
    assert data["inputs"]["flowers"] == "1f1g"
    assert "fan" not in data["inputs"] and "dealer" not in data["inputs"]


# --- errors: 400 in the API, beside the field on the page ------------------------------------

BASE = {"hand": "123m456p789s234s55m", "win_tile": "5m"}
ERRORS = {
    "bad_notation": ({"hand": "123x456p789s234s55m"}, "hand", "bad_notation"),
    "wrong_count": ({"hand": "123m456p789s234s5m"}, "hand", "wrong_count"),
    "too_many_copies": (
        {"hand": "111m456p789s234s11m", "win_tile": "1m"},
        "hand",
        "too_many_copies",
    ),
    "win_tile_missing": ({"win_tile": "9m"}, "win_tile", "win_tile_missing"),
    "not_complete": (
        {"hand": "123m456p789s23s55m9p", "win_tile": "9p"},
        "hand",
        "not_complete",
    ),
    "red_five": ({"hand": "123m406p789s234s55m"}, "hand", "bad_notation"),
    "flower_in_hand": ({"hand": "123m456p789s234s5m1f"}, "hand", "bad_notation"),
    "flower_character_in_hand": ({"hand": "123m456p789s234s5m梅"}, "hand", "bad_notation"),
    "repeated_flower": ({"flowers": "1f梅"}, "flowers", "too_many_copies"),
    "ninth_flower": ({"flowers": "1234f1234g1f"}, "flowers", "too_many_copies"),
    "not_a_flower": ({"flowers": "1f5m"}, "flowers", "bad_notation"),
    "flower_number": ({"flowers": "5f"}, "flowers", "bad_notation"),
    "fan_sent": ({"fan": "3"}, "fan", "not_allowed"),
    "dealer_sent": ({"dealer": "1"}, "dealer", "not_allowed"),
    "kong_draw_discard": (
        {"hand": "123m456p789s55m", "melds": "kan:2222s", "kong_draw": 1},
        "kong_draw",
        "contradiction",
    ),
    "kong_draw_no_kong": ({"win": "self_draw", "kong_draw": 1}, "kong_draw", "contradiction"),
    "double_kong_one_kong": (
        {"hand": "123m456p789s55m", "melds": "kan:2222s", "win": "self_draw", "double_kong": 1},
        "double_kong",
        "contradiction",
    ),
    "robbed_kong_self_draw": (
        {"win": "self_draw", "robbed_kong": 1},
        "robbed_kong",
        "contradiction",
    ),
    "last_tile_discard": ({"last_tile": 1}, "last_tile", "contradiction"),
    "heaven_not_east": (
        {"win": "self_draw", "seat": "s", "heaven": 1},
        "heaven",
        "contradiction",
    ),
    "heaven_with_melds": (
        {"hand": "123m456p789s55m", "melds": "chi:234s", "win": "self_draw", "heaven": 1},
        "heaven",
        "contradiction",
    ),
    "earth_east": ({"earth": 1}, "earth", "contradiction"),
    "earth_self_draw": ({"seat": "s", "win": "self_draw", "earth": 1}, "earth", "contradiction"),
    "liable_discard": ({"liable": 1}, "liable", "contradiction"),
    "flowers_not_in_play": (
        {"flowers": "1f", "flowers_in_play": 0},
        "flowers",
        "contradiction",
    ),
}


@pytest.mark.parametrize("name", ERRORS)
def test_each_error_is_a_400_under_its_field(api, name):
    change, field, code = ERRORS[name]
    data = api(API, {**BASE, **change}, status=400)
    assert code in codes(data, field)


@pytest.mark.parametrize("name", ERRORS)
def test_each_error_is_shown_beside_its_field_on_the_page(client, name):
    change, field, _code = ERRORS[name]
    response = client.get("/en/hk/hand/", {**BASE, **change})
    assert response.status_code == 200
    html = response.content.decode()
    match = re.search(rf'<p class="field-error" id="err-{field}" role="alert">([^<]+)</p>', html)
    assert match and match.group(1).strip(), f"no message beside {field}"
    assert 'data-state="invalid"' in html


def test_bad_notation_points_at_the_character(api):
    api(API, {**BASE, "hand": "123x456p789s234s55m"}, status=400)
    en = api(API, {**BASE, "hand": "123x456p789s234s55m", "lang": "en"}, status=400)
    assert en["errors"]["hand"][0]["message"].startswith("Character 4, “x”")


def test_a_flower_in_the_hand_says_where_flowers_go(api):
    data = api(API, {**BASE, "hand": "123m456p789s234s5m1f", "lang": "en"}, status=400)
    message = data["errors"]["hand"][0]["message"]
    assert message.startswith("Character 20, “f”") and "Flowers" in message


def test_not_complete_carries_shanten_and_waits(api):
    data = api(API, {"hand": "123m456p789s23s55m9p", "win_tile": "9p"}, status=400)
    assert data["shanten"] == 0
    assert data["waits"] == ["1s", "4s"]
    far = api(API, {"hand": "13579m13579p1357s", "win_tile": "7s"}, status=400)
    assert far["shanten"] > 0 and "waits" not in far


def test_the_page_shows_the_waits(client):
    html = client.get("/en/hk/hand/", {"hand": "123m456p789s23s55m9p", "win_tile": "9p"})
    text = html.content.decode()
    assert 'data-shanten="0"' in text and 'data-waits="1s,4s"' in text


# --- the page ----------------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["", "/zh-hans", "/en"])
def test_the_page_in_three_languages(client, prefix):
    response = client.get(f"{prefix}/hk/hand/", WORKED["winds_flowers_self_draw"][0])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-fan="seat_flower"' in html
    assert 'data-hand="fan"' in html
    assert "data-flowers" in html  # the drawn flowers beside the tiles
    assert "data-flower-key" in html  # the keyboard's flower keys
    assert 'data-row="dasanyuan"' in html  # the fan table


def test_a_blank_page_invites_input(client):
    response = client.get("/hk/hand/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "analysis-intro" in html and 'data-state="invalid"' not in html


def test_the_fragment_for_htmx(client):
    response = client.get("/en/hk/hand/", BASE, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Replace-Url"].startswith("/en/hk/hand/?")
    assert "HX-Request" in response["Vary"]
    assert "<html" not in response.content.decode()


def test_a_chicken_hand_says_so(client, api):
    # 123m 456p 789s exposed chow, 東東東 pung at 南/南, 55m pair: nothing but 無花
    query = {"hand": "123m456p東東東55m", "win_tile": "5m", "melds": "chi:789s", "seat": "s"}
    query["round"] = "s"
    data = api(API, query)
    assert fans(data) == [("no_flowers", 1)]
    html = client.get("/en/hk/hand/", query).content.decode()
    assert "data-chicken" in html


def test_the_fan_table_follows_the_options(client):
    html = client.get("/en/hk/hand/", {**BASE, "qingyise": 6, "cap": 8}).content.decode()
    row = re.search(r'<tr data-row="qingyise"[^>]*>.*?</tr>', html, re.S).group(0)
    assert ">6 fan<" in row
    limit = re.search(r'<tr data-row="dasanyuan"[^>]*>.*?</tr>', html, re.S).group(0)
    assert "8 fan" in limit


# --- no query string makes it fail ---------------------------------------------------------

hk_text = st.one_of(
    st.sampled_from(
        [
            "123m456p789s234s55m",
            "5m",
            "1f2g",
            "梅蘭菊竹春夏秋冬",
            "1f1f",
            "12345f",
            "pon:777z,chi:234s",
            "kan:2222s",
            "0m",
            "1",
            "e",
            "s",
            "self_draw",
        ]
    ),
    st.text(alphabet="0123456789mpszfg東南西北白發中梅春:, chiponakn", max_size=30),
    hostile_text,
)


@st.composite
def hk_queries(draw) -> list[tuple[str, str]]:
    names = [*hk_hand.Form.base_fields, "lang", "unknown"]
    pairs = draw(st.lists(st.tuples(st.sampled_from(names), hk_text), max_size=8))
    if draw(st.booleans()):
        pairs = [("hand", "123m456p789s234s55m"), ("win_tile", "5m"), *pairs]
    return pairs


def test_any_query_string_is_answered_without_a_server_error(client):
    @FUZZ
    @given(pairs=hk_queries())
    def run(pairs):
        query = urlencode(pairs)
        assert client.get(f"/hk/hand/?{query}").status_code == 200
        assert (
            client.get(f"/en/hk/hand/?{query}", headers={"HX-Request": "true"}).status_code == 200
        )
        api = client.get(f"/api/v1/hk/hand?{query}")
        assert api.status_code in (200, 400)
        data = json.loads(api.content, parse_float=Decimal)
        if api.status_code == 400:
            assert data["errors"] and all(data["errors"].values())
        else:
            check_adds_up(data)
            assert data["url"].startswith("/hk/hand/")
            assert data["payment_url"].startswith("/hk/")

    run()


# --- words for this family: no indicators, no 向聽, 七對 only with its option ----------------

LANGS = ["zh-hant", "zh-hans", "en"]


def hand_message(api, query, lang) -> str:
    """Every error message of the answer, whichever field holds it."""
    data = api(API, {**query, "lang": lang}, status=400)
    return " ".join(e["message"] for errors in data["errors"].values() for e in errors)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-hant", "（手牌同上碰槓嘅牌加埋計）"),
        ("zh-hans", "（手牌和吃碰杠的牌合计）"),
        ("en", "(the hand and melds together)"),
    ],
)
def test_a_fifth_copy_names_the_hand_and_melds_not_indicators(api, lang, said):
    # 123m in the hand and a kong of 1m: five 1m across the two fields
    query = {"hand": "123m456p789s55m", "win_tile": "5m", "melds": "kan:1111m"}
    message = hand_message(api, query, lang)
    assert said in message
    assert "指示" not in message and "indicator" not in message


FAR = {"hand": "13579m13579p1357s", "win_tile": "7s"}  # far from ready: 4 tiles away


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-hant", "仲差 4 隻先叫糊"),
        ("zh-hans", "还差 4 张才听牌"),
        ("en", "4 tiles away from ready."),
    ],
)
def test_an_incomplete_hand_is_worded_without_shanten(api, client, lang, said):
    assert api(API, FAR, status=400)["shanten"] == 4
    message = hand_message(api, FAR, lang)
    assert said in message
    for word in ("向聽", "向听", "shanten"):
        assert word not in message
    prefix = {"zh-hant": "", "zh-hans": "/zh-hans", "en": "/en"}[lang]
    html = client.get(f"{prefix}/hk/hand/", FAR).content.decode()
    box = re.search(r'<div class="shanten" data-shanten="4">(.*?)</div>', html, re.S).group(1)
    assert said.rstrip(".") in box and "向聽" not in box and "shanten" not in box


SEVEN_PAIRS = {"hand": "113355m7799p22s11z", "win_tile": "1z"}  # seven different pairs


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-hant", "唔計七對"),
        ("zh-hans", "不算七对"),
        ("en", "does not count 七對 (seven pairs) as a winning hand"),
    ],
)
def test_seven_pairs_without_the_option_says_how_to_turn_it_on(api, lang, said):
    message = hand_message(api, SEVEN_PAIRS, lang)
    assert said in message and "seven_pairs=1" in message
    assert "向聽" not in message and "away from ready" not in message
    # … and with the option the same tiles win: 七對 4 + 門前清 1 + 無花 1
    data = api(API, {**SEVEN_PAIRS, "seven_pairs": 1})
    assert fans(data) == [("seven_pairs", 4), ("menqing", 1), ("no_flowers", 1)]


def test_seven_pairs_with_four_alike_says_they_are_not_two_pairs(api):
    query = {"hand": "11113355m7799p11z", "win_tile": "1z", "lang": "en"}
    for option in (0, 1):  # turning 七對 on would not help: never "tick the option"
        message = hand_message(api, {**query, "seven_pairs": option}, "en")
        assert "four identical tiles are not two pairs" in message
        assert "seven_pairs=1" not in message


def test_the_shanten_box_says_why_seven_pairs_do_not_win(client):
    html = client.get("/en/hk/hand/", SEVEN_PAIRS).content.decode()
    box = re.search(r'<div class="shanten" data-shanten="\d+">(.*?)</div>', html, re.S).group(1)
    assert "does not count 七對" in box and "away from ready" not in box


def test_nine_gates_follows_the_table_rule(api, client):
    # 1112345678999m + a 5m, won on a 1m: 九子連環 under `any` (the default) only
    query = {"hand": "11123455678999m", "win_tile": "1m"}
    assert fans(api(API, query)) == [("jiulian", None)]
    pure = api(API, {**query, "nine_gates": "pure"})
    assert fans(pure) == [("qingyise", 7), ("menqing", 1), ("no_flowers", 1)]
    assert "nine_gates=pure" in pure["url"]
    assert codes(api(API, {**query, "nine_gates": "nine"}, status=400), "nine_gates") == [
        "not_allowed"
    ]
    page = client.get("/en/hk/hand/", {**query, "nine_gates": "pure"})
    assert page.status_code == 200
    assert 'name="nine_gates"' in page.content.decode()


def test_a_hand_above_thirteen_opens_the_payment_page_with_its_tally(api):
    # 七對 4 + 清一色 7 + 門前清 1 + 自摸 1 + 無花 1 = 14: paid at the cap, with the note
    query = {"hand": "11223355668899m", "win_tile": "9m", "win": "self_draw", "seven_pairs": 1}
    data = api(API, query)
    assert data["hand"]["fan"] == 14
    assert dict(parse_qsl(urlsplit(data["payment_url"]).query))["fan"] == "14"
    assert "capped" in notes(data)
