"""Tile entry for Jiujiang: /jiujiang/hand/ and GET /api/v1/jiujiang/hand (rules.md §
jiujiang hand and § jiujiang, contract.md § tile entry for hk and jiujiang).

rules.md's Jiujiang examples, entered as tiles: the patterns read, then exactly the payment
the jiujiang payment API gives for them.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.families.jiujiang import hand_forms as jiujiang_hand
from tests.test_fuzz import FUZZ, check_adds_up, hostile_text

API = "jiujiang/hand"
PENGPENG = {"hand": "111m222p333s444s55m", "win_tile": "5m"}  # pungs of three suits
QIDUI = {"hand": "11m22m33p44p55s66s77z", "win_tile": "7z"}  # seven pairs, no one suit
QINGYISE = {"hand": "111m234m567m999m55m", "win_tile": "5m"}  # one suit, chows and pungs

# (query, patterns, haohua_groups, payments)
WORKED = {
    # 碰碰胡 + 自摸 + 莊家: 1 + 2 = 3 → ×2 = 6 → ×2 = 12, each pays 12
    "pengpeng_self_draw_dealer": (
        {**PENGPENG, "win": "self_draw", "seat": "e"},
        ["pengpeng"],
        0,
        [12, 12, 12],
    ),
    # 七對 + 搶杠: 4 → ×2 = 8, the robbed player pays 8
    "qidui_qianggang": ({**QIDUI, "seat": "s", "qianggang": 1}, ["qidui"], 0, [8, 0, 0]),
    # … and 包三家: 24
    "qidui_qianggang_pay_three": (
        {**QIDUI, "seat": "s", "qianggang": 1, "pay": "three"},
        ["qidui"],
        0,
        [24, 0, 0],
    ),
    # 碰碰胡 + 混一色: 混一色 counts, 1 + 3 = 4
    "pengpeng_hunyise": (
        {"hand": "111m555m999m東東東22m", "win_tile": "2m", "seat": "s"},
        ["pengpeng", "hunyise"],
        0,
        [4, 0, 0],
    ),
    # 清一色 + 自摸 + 莊家: 7 → 14 → 28 → capped at 16
    "qingyise_capped": ({**QINGYISE, "win": "self_draw"}, ["qingyise"], 0, [16, 16, 16]),
    # the same with cap=mult5: 5
    "qingyise_mult5": (
        {**QINGYISE, "win": "self_draw", "cap": "mult5"},
        ["qingyise"],
        0,
        [5, 5, 5],
    ),
    # the same with 底番 2: 16 × 2 = 32 each
    "qingyise_base2": (
        {**QINGYISE, "win": "self_draw", "base": 2},
        ["qingyise"],
        0,
        [32, 32, 32],
    ),
    # 碰碰胡 + 自摸, 底番 2: 3 → 6 → × 2 = 12 each (South, not the dealer)
    "pengpeng_base2": (
        {**PENGPENG, "win": "self_draw", "seat": "s", "base": 2},
        ["pengpeng"],
        0,
        [12, 12, 12],
    ),
    # 11223344556677m: the chow reading (清一色 6 + 底番 1 = 7) beats 七對 + 清一色 (6)
    "chows_beat_seven_pairs": (
        {"hand": "11223344556677m", "win_tile": "7m", "seat": "s"},
        ["qingyise"],
        0,
        [7, 0, 0],
    ),
    # 112233m445566p77s: 七對 4 beats the chows' 平胡 1
    "seven_pairs_beat_chows": (
        {"hand": "112233m445566p77s", "win_tile": "7s", "seat": "s"},
        ["qidui"],
        0,
        [4, 0, 0],
    ),
    # four 1m held: 豪華七對 with one group, 8
    "haohua": (
        {"hand": "1111m33p44p55s66s99m", "win_tile": "9m", "seat": "s"},
        ["haohua"],
        1,
        [8, 0, 0],
    ),
}


@pytest.mark.parametrize("name", WORKED)
def test_each_example_through_the_api(api, name):
    query, patterns, groups, payments = WORKED[name]
    data = api(API, query)
    assert data["hand"] == {"patterns": patterns, "haohua_groups": groups}
    assert [p["amount"] for p in data["result"]["payments"]] == payments
    payment = api("jiujiang", dict(parse_qsl(urlsplit(data["payment_url"]).query)))
    assert payment["result"] == data["result"]


@pytest.mark.parametrize("name", WORKED)
def test_each_example_on_the_page(client, name):
    query, patterns, _groups, payments = WORKED[name]
    html = client.get("/en/jiujiang/hand/", query).content.decode()
    listed = re.search(r"<table class=\"fan-list\" data-hand-patterns>.*?</table>", html, re.S)
    assert re.findall(r'<tr data-pattern="(\w+)"', listed.group(0)) == patterns
    shown = [
        Decimal(a) for a in re.findall(r'data-payment data-role="\w+" data-amount="([^"]+)"', html)
    ]
    assert shown == payments


def test_payment_url_carries_the_patterns_and_the_table_rules(api):
    data = api(API, {**QINGYISE, "win": "self_draw", "cap": "mult5", "unit": "0.5"})
    assert dict(parse_qsl(urlsplit(data["payment_url"]).query)) == {
        "pattern": "qingyise",
        "win": "self_draw",
        "dealer": "1",
        "cap": "mult5",
        "unit": "0.5",
    }


def test_thirteen_orphans_is_not_a_jiujiang_hand(api):
    data = api(API, {"hand": "19m19p19s12345677z", "win_tile": "7z"}, status=400)
    assert [e["code"] for e in data["errors"]["hand"]] == ["not_complete"]


BASE = dict(PENGPENG)
ERRORS = {
    "bad_notation": ({"hand": "111m2x2p333s444s55m"}, "hand", "bad_notation"),
    "wrong_count": ({"hand": "111m222p333s444s5m"}, "hand", "wrong_count"),
    "too_many_copies": ({"hand": "111m111m333s444s55m"}, "hand", "too_many_copies"),
    "win_tile_missing": ({"win_tile": "9p"}, "win_tile", "win_tile_missing"),
    "not_complete": ({"hand": "111m222p333s445s55m"}, "hand", "not_complete"),
    "flower_in_hand": ({"hand": "111m222p333s444s5m1f"}, "hand", "bad_notation"),
    "gangkai_discard": ({"gangkai": 1}, "gangkai", "contradiction"),
    "gangkai_no_kong": ({"win": "self_draw", "gangkai": 1}, "gangkai", "contradiction"),
    "qianggang_self_draw": ({"win": "self_draw", "qianggang": 1}, "qianggang", "contradiction"),
    "pattern_sent": ({"pattern": "qingyise"}, "pattern", "not_allowed"),
    "haohua_groups_sent": ({"haohua_groups": "2"}, "haohua_groups", "not_allowed"),
    "dealer_sent": ({"dealer": "1"}, "dealer", "not_allowed"),
}


@pytest.mark.parametrize("name", ERRORS)
def test_each_error_in_the_api_and_beside_its_field(api, client, name):
    change, field, code = ERRORS[name]
    data = api(API, {**BASE, **change}, status=400)
    assert code in [e["code"] for e in data["errors"][field]]
    response = client.get("/en/jiujiang/hand/", {**BASE, **change})
    assert response.status_code == 200
    html = response.content.decode()
    match = re.search(rf'<p class="field-error" id="err-{field}" role="alert">([^<]+)</p>', html)
    assert match and match.group(1).strip()


def test_not_complete_carries_shanten_and_waits(api):
    data = api(API, {"hand": "1122334455667m9p", "win_tile": "9p"}, status=400)
    assert data["shanten"] == 0 and data["waits"] == ["1m", "4m", "7m"]


@pytest.mark.parametrize("prefix", ["", "/zh-hans", "/en"])
def test_the_page_in_three_languages(client, prefix):
    response = client.get(f"{prefix}/jiujiang/hand/", WORKED["haohua"][0])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-pattern="haohua"' in html and 'data-haohua-groups="1"' in html
    assert "data-flower-key" not in html  # Jiujiang plays without flowers


jj_text = st.one_of(
    st.sampled_from(["111m222p333s444s55m", "5m", "kan:2222s", "1f", "e", "self_draw", "3"]),
    st.text(alphabet="0123456789mpsz東南西北白發中:, chiponakn", max_size=30),
    hostile_text,
)


@st.composite
def jj_queries(draw) -> list[tuple[str, str]]:
    names = [*jiujiang_hand.Form.base_fields, "lang", "unknown"]
    pairs = draw(st.lists(st.tuples(st.sampled_from(names), jj_text), max_size=8))
    if draw(st.booleans()):
        pairs = [("hand", PENGPENG["hand"]), ("win_tile", "5m"), *pairs]
    return pairs


def test_any_query_string_is_answered_without_a_server_error(client):
    @FUZZ
    @given(pairs=jj_queries())
    def run(pairs):
        query = urlencode(pairs)
        assert client.get(f"/jiujiang/hand/?{query}").status_code == 200
        fragment = client.get(f"/en/jiujiang/hand/?{query}", headers={"HX-Request": "true"})
        assert fragment.status_code == 200
        api = client.get(f"/api/v1/jiujiang/hand?{query}")
        assert api.status_code in (200, 400)
        data = json.loads(api.content, parse_float=Decimal)
        if api.status_code == 400:
            assert data["errors"] and all(data["errors"].values())
        else:
            check_adds_up(data)
            assert data["payment_url"].startswith("/jiujiang/")

    run()


# --- the words of a Jiujiang page: mainland terms, no 向聽, no 十三么, 豪華七對 as counted ----


def pattern_cell(html: str, key: str) -> str:
    listed = re.search(r"<table class=\"fan-list\" data-hand-patterns>.*?</table>", html, re.S)
    row = re.search(rf'<tr data-pattern="{key}"[^>]*>.*?</tr>', listed.group(0), re.S).group(0)
    return re.search(r'<td class="num">([^<]*)</td>', row).group(1)


TWO_FOURS = {"hand": "1111m3333p55s66s99m", "win_tile": "9m", "seat": "s"}  # two groups of four


@pytest.mark.parametrize(("extra", "value"), [("double", 16), ("plus4", 12)])
def test_haohua_with_two_groups_shows_the_value_it_counts_at(api, client, extra, value):
    # rules.md § jiujiang: 豪華七對 8, two groups of four: double → 16, plus4 → 12
    query = {**TWO_FOURS, "haohua_extra": extra}
    data = api(API, query)
    assert data["hand"] == {"patterns": ["haohua"], "haohua_groups": 2}
    assert [p["amount"] for p in data["result"]["payments"]] == [value, 0, 0]
    html = client.get("/en/jiujiang/hand/", query).content.decode()
    assert pattern_cell(html, "haohua") == f"{value} 番"
    one = client.get("/en/jiujiang/hand/", WORKED["haohua"][0]).content.decode()
    assert pattern_cell(one, "haohua") == "8 番"  # one group: the pattern's own 8


FAR = {"hand": "13579m13579p1357s", "win_tile": "7s"}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-hant", "仲差 4 隻先叫糊"),
        ("zh-hans", "还差 4 张才听牌"),
        ("en", "4 tiles away from ready"),
    ],
)
def test_an_incomplete_hand_is_worded_without_shanten(api, client, lang, said):
    data = api(API, {**FAR, "lang": lang}, status=400)
    assert data["shanten"] == 4
    message = data["errors"]["hand"][0]["message"]
    assert said in message
    assert all(word not in message for word in ("向聽", "向听", "shanten"))
    prefix = {"zh-hant": "", "zh-hans": "/zh-hans", "en": "/en"}[lang]
    html = client.get(f"{prefix}/jiujiang/hand/", FAR).content.decode()
    box = re.search(r'<div class="shanten" data-shanten="4">(.*?)</div>', html, re.S).group(1)
    assert said in box and "向聽" not in box and "向听" not in box


THIRTEEN = {"hand": "19m19p19s12345677z", "win_tile": "7z"}


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh-hant", "九江麻將唔計十三么"),
        ("zh-hans", "九江麻将不算十三幺"),
        ("en", "Jiujiang mahjong does not count 十三么"),
    ],
)
def test_thirteen_orphans_says_jiujiang_does_not_count_it(api, client, lang, said):
    data = api(API, {**THIRTEEN, "lang": lang}, status=400)
    assert data["shanten"] == 6  # still counted, as for any hand that is not complete
    message = data["errors"]["hand"][0]["message"]
    assert said in message and "6" not in message
    prefix = {"zh-hant": "", "zh-hans": "/zh-hans", "en": "/en"}[lang]
    html = client.get(f"{prefix}/jiujiang/hand/", THIRTEEN).content.decode()
    box = re.search(r'<div class="shanten" data-shanten="6">(.*?)</div>', html, re.S).group(1)
    assert said in box and "6" not in box
