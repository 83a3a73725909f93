"""rules.md § sheets, "What real evenings bring", through the JSON API: several winners on
one discard, penalties and transfers, close and reopen, statistics and running totals."""

from __future__ import annotations

import pytest

from calculator.models import Hand
from tests.test_sheet_api import add, answer, codes, new_sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]


def post(client, sheet, path, status=200, **params):
    return answer(client.post(f"/api/v1/sheets/{sheet}/{path}", params), status)


def read(client, key):
    return answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]


def test_hk_double_win_all(client):
    key, _view, sheet = new_sheet(client, family="hk", multi_win="all")
    assert sheet["rules"]["multi_win"] == "all"
    added = add(client, key, winner="2,1", discarder="4", fan="5,3")
    hand = added["hand"]
    assert hand["deltas"] == [8, 24, 0, -32]
    assert hand["kind"] == "win" and hand["winner"] == 1 and hand["discarder"] == 4
    assert [(w["winner"], w["paid"], w["inputs"]["fan"]) for w in hand["winners"]] == [
        (1, True, 3),
        (2, True, 5),
    ]
    assert [w["result"]["winner_receives"] for w in hand["winners"]] == [8, 24]
    assert hand["inputs"]["fan"] == 3 and hand["result"]["winner_receives"] == 8
    assert hand["notes"] == []
    assert added["sheet"]["dealer"] == 1  # player 1 dealt and was paid
    assert added["sheet"] == read(client, key)


def test_hk_double_win_first_is_a_head_bump(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    hand = add(client, key, winner="1,2", discarder="4", fan="3,5")["hand"]
    assert hand["deltas"] == [8, 0, 0, -8]
    assert [(w["winner"], w["paid"]) for w in hand["winners"]] == [(1, True), (2, False)]
    assert [note["code"] for note in hand["notes"]] == ["head_bump"]
    assert "Bea" in hand["notes"][0]["text"]


def test_riichi_double_ron_worked_example(client):
    key, _view, sheet = new_sheet(client, family="riichi")
    assert sheet["rules"]["multi_win"] == "double"
    assert sheet["rules"]["multi_win_counters"] == "first"
    # Player 1 deals; a drawn hand with player 1 tenpai and player 2's stick: honba 1, pot 1,000.
    add(client, key, winner="none", tenpai="1", riichi="2")
    hand = add(client, key, winner="4,1", discarder="3", han="2,3", fu="30")["hand"]
    assert hand["dealer"] == 1 and hand["honba"] == 1 and hand["riichi_sticks"] == 1
    assert hand["deltas"] == [5800, 0, -8100, 3300]
    assert hand["winner"] == 4
    assert [(w["winner"], w["result"]["winner_receives"]) for w in hand["winners"]] == [
        (4, 3300),
        (1, 5800),
    ]
    sheet = read(client, key)
    assert (sheet["dealer"], sheet["honba"], sheet["pot"]) == (1, 2, 0)


def test_riichi_triple_ron_is_an_abortive_draw(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    added = add(client, key, winner="1,2,3", discarder="4", han="1", riichi="3")
    hand = added["hand"]
    assert hand["deltas"] == [0, 0, -1000, 0] and hand["winner"] is None
    assert [n["code"] for n in hand["notes"]] == ["triple_ron"]
    assert not any(w["paid"] for w in hand["winners"])
    sheet = added["sheet"]
    assert (sheet["dealer"], sheet["honba"], sheet["pot"]) == (1, 1, 1000)


def test_several_winners_refusals(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    assert codes(add(client, key, 400, winner="1,2", discarder="4", han="1,2,3")) == {
        "han": ["invalid"]
    }
    refused = add(client, key, 400, winner="1,2", discarder="4", fu_mode="count", closed="1")
    assert codes(refused) == {"fu_mode": ["not_allowed"], "closed": ["not_allowed"]}
    assert codes(add(client, key, 400, winner="1,2", win="self_draw")) == {"win": ["contradiction"]}
    assert codes(add(client, key, 400, winner="1,1", discarder="4")) == {"winner": ["invalid"]}
    assert codes(add(client, key, 400, winner="1,4", discarder="4")) == {
        "discarder": ["contradiction"]
    }
    classical, _view, _sheet = new_sheet(client, family="classical")
    assert codes(add(client, classical, 400, winner="1,2")) == {"winner": ["not_allowed"]}
    assert Hand.objects.count() == 0  # nothing recorded on a 400


def test_multi_win_rules_at_creation(client):
    refused = answer(
        client.post(
            "/api/v1/sheets",
            {
                "family": "hk",
                "multi_win": "double",
                "false_win": "x",
                "multi_win_counters": "each",
                "name1": "a",
                "name2": "b",
                "name3": "c",
                "name4": "d",
            },
        ),
        400,
    )
    assert codes(refused) == {
        "multi_win": ["not_allowed"],
        "false_win": ["not_allowed"],
        "multi_win_counters": ["not_allowed"],
    }
    _key, _view, sheet = new_sheet(
        client, family="riichi", multi_win="all", multi_win_counters="each"
    )
    assert (sheet["rules"]["multi_win"], sheet["rules"]["multi_win_counters"]) == ("all", "each")
    _key, _view, sheet = new_sheet(client, family="classical")
    assert "multi_win" not in sheet["rules"]


def test_hk_false_win(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")  # the deal passes to player 2
    added = add(client, key, kind="penalty", offender="3")
    hand = added["hand"]
    assert hand["deltas"] == [192, 192, -576, 192]
    assert (hand["kind"], hand["offender"], hand["amount"]) == ("penalty", 3, 192)
    assert hand["winner"] is None and hand["result"] is None and hand["dealer"] == 2
    assert added["sheet"]["dealer"] == 2  # nothing else moves
    share, _view, _sheet = new_sheet(client, family="hk", false_win="share")
    assert add(client, share, kind="penalty", offender="3")["hand"]["deltas"] == [64, 64, -192, 64]


def test_riichi_chombo(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    hand = add(client, key, kind="penalty", offender="1")["hand"]
    assert hand["deltas"] == [-12000, 4000, 4000, 4000] and hand["amount"] == 4000
    add(client, key, winner="3", discarder="1", han="1")  # the deal passes to player 2
    added = add(client, key, kind="penalty", offender="3")
    assert added["hand"]["deltas"] == [2000, 4000, -8000, 2000]
    assert added["hand"]["amount"] is None  # the dealer receives double
    assert (added["sheet"]["dealer"], added["sheet"]["honba"]) == (2, 0)


def test_penalty_amounts(client):
    key, _view, _sheet = new_sheet(client, family="mcr")
    assert add(client, key, kind="penalty", offender="2")["hand"]["deltas"] == [10, -30, 10, 10]
    halves = add(client, key, kind="penalty", offender="2", amount="2.5")["hand"]["deltas"]
    assert [str(delta) for delta in halves] == ["2.5", "-7.5", "2.5", "2.5"]
    nmjl, _view, _sheet = new_sheet(client, family="nmjl")
    assert codes(add(client, nmjl, 400, kind="penalty", offender="2")) == {"amount": ["required"]}
    assert add(client, nmjl, kind="penalty", offender="2", amount="25")["hand"]["deltas"] == [
        25,
        -75,
        25,
        25,
    ]


def test_transfer(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    added = add(client, key, kind="transfer", **{"from": "2", "to": "4", "amount": "7.5"})
    hand = added["hand"]
    assert [str(delta) for delta in hand["deltas"]] == ["0", "-7.5", "0", "7.5"]
    assert (hand["from"], hand["to"], str(hand["amount"])) == (2, 4, "7.5")
    assert added["sheet"]["dealer"] == 1


def test_kind_refusals(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    refused = add(client, key, 400, kind="penalty", offender="2", winner="1", riichi="1", han="3")
    assert codes(refused) == {
        "winner": ["not_allowed"],
        "riichi": ["not_allowed"],
        "han": ["not_allowed"],
    }
    refused = add(client, key, 400, kind="transfer", **{"from": "2", "to": "2"})
    assert codes(refused) == {"to": ["contradiction"], "amount": ["required"]}
    assert codes(add(client, key, 400, winner="1", offender="2")) == {"offender": ["not_allowed"]}
    assert codes(add(client, key, 400, kind="bribe")) == {"kind": ["not_allowed"]}
    assert Hand.objects.count() == 0


def test_a_penalty_replaced_and_deleted(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, kind="penalty", offender="3")
    sheet = read(client, key)
    replaced = post(
        client,
        key,
        "hands/1",
        kind="transfer",
        revision=str(sheet["revision"]),
        **{"from": "1", "to": "2", "amount": "3"},
    )["sheet"]
    assert replaced["hands"][0]["deltas"] == [-3, 3, 0, 0]
    deleted = post(client, key, "hands/1/delete", revision=str(replaced["revision"]))["sheet"]
    assert deleted["hands"][0]["deleted"] and deleted["hands"][0]["kind"] == "transfer"
    assert [p["total"] for p in deleted["players"]] == [0, 0, 0, 0]


def test_close_and_reopen(client):
    key, view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3", key="a")
    sheet = read(client, key)
    assert sheet["closed"] is False
    closed = post(client, key, "close", revision=str(sheet["revision"]))["sheet"]
    assert closed["closed"] is True and closed["revision"] == sheet["revision"] + 1
    for path, params in [
        ("hands", {"winner": "1", "fan": "3", "discarder": "2", "key": "b"}),
        ("hands", {"winner": "bad", "key": "a"}),  # closed is said first, key or not
        ("hands/1", {"winner": "1", "revision": "0"}),
        ("hands/1/delete", {}),
        ("hands/1/restore", {}),
        ("close", {"revision": str(closed["revision"])}),
    ]:
        refused = post(client, key, path, 409, **params)
        assert codes(refused) == {"__all__": ["closed"]}, path
    assert read(client, key) == closed
    assert post(client, view, "reopen", 403, revision="1")
    assert codes(post(client, key, "reopen", 409, revision="1")) == {"revision": ["stale"]}
    reopened = post(client, key, "reopen", revision=str(closed["revision"]))["sheet"]
    assert reopened["closed"] is False
    # The key was not used up while closed.
    assert add(client, key, winner="1", discarder="2", fan="3", key="b")["hand"]["n"] == 2


def test_stats_and_running(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    add(client, key, winner="1", fan="5", win="self_draw")
    add(client, key, kind="penalty", offender="3")
    add(client, key, winner="3", discarder="2", fan="3")
    sheet = read(client, key)
    post(client, key, "hands/4/delete", revision=str(sheet["revision"]))
    sheet = read(client, key)
    assert sheet["running"] == [[0, 8, 0, -8], [36, -4, -12, -20], [228, 188, -588, 172]]
    assert sheet["stats"][0] == {
        "n": 1,
        "won": 1,
        "self_drawn": 1,
        "dealt_in": 0,
        "penalties": 0,
        "best": 192,
        "won_amount": 228,
        "lost_amount": 0,
    }
    assert sheet["stats"][2]["penalties"] == 1 and sheet["stats"][3]["dealt_in"] == 1
    assert [p["total"] for p in sheet["players"]] == sheet["running"][-1]


def test_riichi_running_is_in_points(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    add(client, key, winner="3", discarder="2", han="3", riichi="1,3")
    sheet = read(client, key)
    assert sheet["running"] == [[24000, 21100, 29900, 25000]]
