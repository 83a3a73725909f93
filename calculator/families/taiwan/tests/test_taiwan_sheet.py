"""A Taiwanese score sheet: the sheet works out the dealer and the 連莊 streak; twelve hands of
an evening total and settle exactly (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest

pytestmark = [pytest.mark.database, pytest.mark.django_db]

NAMES = {"name1": "阿明", "name2": "Bea", "name3": "陳生", "name4": "Dee"}

# (hand parameters, deltas, dealer during the hand, streak during the hand); stakes 100/20.
EVENING = [
    ({"winner": "1", "discarder": "2", "tai": "3"}, [180, -180, 0, 0], 1, 0),
    ({"winner": "none"}, [0, 0, 0, 0], 1, 1),  # a draw keeps the deal
    ({"winner": "1", "tai": "2", "win": "self_draw"}, [720, -240, -240, -240], 1, 2),
    # 陳生 self-draws 4 台 while 阿明 deals on 連3: the dealer pays 100 + (4 + 7) × 20.
    ({"winner": "3", "tai": "4", "win": "self_draw"}, [-320, -180, 680, -180], 1, 3),
    ({"winner": "4", "discarder": "3", "tai": "1"}, [0, 0, -120, 120], 2, 0),
    ({"winner": "none"}, [0, 0, 0, 0], 3, 0),
    ({"winner": "3", "discarder": "1", "tai": "5"}, [-260, 0, 260, 0], 3, 1),
    ({"winner": "2", "discarder": "3", "tai": "2"}, [0, 240, -240, 0], 3, 2),
    ({"winner": "1", "tai": "3", "win": "self_draw"}, [500, -160, -160, -180], 4, 0),
    ({"winner": "1", "discarder": "4", "tai": "0"}, [120, 0, 0, -120], 1, 0),
    ({"winner": "none"}, [0, 0, 0, 0], 1, 1),
    ({"winner": "2", "discarder": "4", "tai": "6"}, [0, 220, 0, -220], 1, 2),
]


def answer(response, status):
    assert response.status_code == status, response.content
    return json.loads(response.content, parse_float=Decimal)


def new_sheet(client, **params):
    data = answer(client.post("/api/v1/sheets", {**NAMES, "family": "taiwan", **params}), 201)
    return data["edit_url"].split("/")[2], data["sheet"]


def add(client, key, status=201, **params):
    return answer(client.post(f"/api/v1/sheets/{key}/hands", params), status)


def test_an_evening_of_twelve_hands_totals_and_settles_exactly(client):
    key, sheet = new_sheet(client)
    assert sheet["rules"] == {
        "base": 100,
        "per_tai": 20,
        "streak_tai": 2,
        "cap": 0,
        "draw_keeps": True,
        "multi_win": "first",
    }
    assert (sheet["dealer"], sheet["streak"]) == (1, 0)
    for params, deltas, dealer, streak in EVENING:
        hand = add(client, key, **params)["hand"]
        assert hand["deltas"] == deltas, params
        assert (hand["dealer"], hand["streak"], hand["honba"]) == (dealer, streak, 0), params
    sheet = answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]
    assert [p["total"] for p in sheet["players"]] == [940, -300, 180, -820]
    assert sheet["settlement"] == [
        {"from": 4, "to": 1, "amount": 820},
        {"from": 2, "to": 3, "amount": 180},
        {"from": 2, "to": 1, "amount": 120},
    ]
    assert (sheet["dealer"], sheet["streak"], sheet["honba"]) == (2, 0, 0)
    fourth = sheet["hands"][3]
    assert [(p["payer"], p["amount"]) for p in fourth["result"]["payments"]] == [
        ("dealer", 320),
        ("other", 180),
        ("other", 180),
    ]

    # Deleting hand 1 moves every later dealer and streak: 阿明 never kept the seat before
    # hand 2, so hand 4 is played on 連2 and the dealer pays 100 + (4 + 5) × 20.
    revision = sheet["revision"]
    sheet = answer(
        client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": revision}), 200
    )["sheet"]
    assert [h["streak"] for h in sheet["hands"][1:4]] == [0, 1, 2]
    assert sheet["hands"][3]["deltas"] == [-280, -180, 640, -180]


def test_the_page_shows_the_dealer_and_streak_on_every_row_and_before_the_next_hand(client):
    key, _sheet = new_sheet(client)
    for params, *_rest in EVENING[:3]:
        add(client, key, **params)
    html = client.get(f"/en/sheets/{key}/").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>|[\u2068\u2069]", " ", html))
    assert "Next hand: 阿明 deals · 連3拉3" in text
    rows = re.findall(r"Hand (\d) .*? 阿明 dealt (· 連\d拉\d )?", text)
    assert rows == [("3", "· 連2拉2 "), ("2", "· 連1拉1 "), ("1", "")]


@pytest.mark.parametrize(
    ("prefix", "next_hand", "dealt"),
    [
        ("", "下一鋪：阿明 做莊 · 連3拉3", "阿明 做莊 · 連2拉2"),
        ("/zh-hans", "下一局：阿明 坐庄 · 连3拉3", "阿明 坐庄 · 连2拉2"),
        ("/en", "Next hand: 阿明 deals · 連3拉3", "阿明 dealt · 連2拉2"),
    ],
)
def test_the_next_hand_line_in_each_language(client, prefix, next_hand, dealt):
    key, _sheet = new_sheet(client)
    for params, *_rest in EVENING[:3]:
        add(client, key, **params)
    html = client.get(f"{prefix}/sheets/{key}/").content.decode()
    # The names are isolated (U+2068 … U+2069) from the words around them.
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub("[\u2068\u2069]", "", html)))
    assert next_hand in text
    assert dealt in text


def test_the_sheet_supplies_dealer_and_streak(client):
    key, _sheet = new_sheet(client)
    data = add(client, key, 400, winner="2", discarder="1", tai="3", dealer="winner", streak="2")
    assert {name: [e["code"] for e in errors] for name, errors in data["errors"].items()} == {
        "dealer": ["not_allowed"],
        "streak": ["not_allowed"],
    }


def test_a_table_that_passes_the_seat_on_a_draw(client):
    key, sheet = new_sheet(client, draw_keeps="0", base="50", per_tai="20", streak_tai="1")
    assert sheet["rules"]["draw_keeps"] is False and sheet["rules"]["streak_tai"] == 1
    add(client, key, winner="1", discarder="2", tai="1")  # 阿明 keeps the seat: 連1
    hand = add(client, key, winner="none")["hand"]
    assert (hand["dealer"], hand["streak"]) == (1, 1)
    sheet = add(client, key, winner="3", tai="2", win="self_draw")["sheet"]
    # The draw passed the seat to Bea, a first hand: she pays 50 + (2 + 1) × 20.
    assert sheet["hands"][2]["dealer"] == 2 and sheet["hands"][2]["streak"] == 0
    assert sheet["hands"][2]["deltas"] == [-90, -110, 290, -90]


@pytest.mark.parametrize("value", ["maybe", ""])
def test_a_bad_draw_rule_is_refused(client, value):
    data = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "taiwan", "draw_keeps": value}), 400
    )
    assert list(data["errors"]) == ["draw_keeps"]


@pytest.mark.parametrize(
    ("multi_win", "deltas", "paid"),
    [
        # 一炮多響: the dealer (連1, D = 3) pays each winner as if alone, the dealer's 台 in
        # both: Bea 100 + (3 + 3) × 20 = 220, 陳生 100 + (2 + 3) × 20 = 200.
        ("all", [-420, 220, 200, 0], [True, True]),
        # 截糊: Bea is first after the discarder; 陳生 is head-bumped.
        ("first", [-220, 220, 0, 0], [True, False]),
    ],
)
def test_several_winners_on_the_dealers_discard(client, multi_win, deltas, paid):
    key, _sheet = new_sheet(client, multi_win=multi_win)
    add(client, key, winner="1", discarder="2", tai="0")  # 阿明 keeps the deal: 連1
    data = add(client, key, winner="2,3", discarder="1", tai="3,2")
    hand = data["hand"]
    assert (hand["dealer"], hand["streak"]) == (1, 1)
    assert [w["winner"] for w in hand["winners"]] == [2, 3]
    assert [w["paid"] for w in hand["winners"]] == paid
    assert hand["deltas"] == deltas
    assert (data["sheet"]["dealer"], data["sheet"]["streak"]) == (2, 0)  # the seat passes
