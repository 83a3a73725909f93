"""The score sheets' JSON API, as contract.md § Score sheets describes it, with rules.md §
sheets' worked examples through it."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest
from django.test import Client

from calculator.models import Hand, HandVersion, Sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]

NAMES = {"name1": "阿明", "name2": "Bea", "name3": "陳生", "name4": "Dee"}


def answer(response, status: int) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json; charset=utf-8"
    return json.loads(response.content, parse_float=Decimal)


def new_sheet(client: Client, **params: str) -> tuple[str, str, dict]:
    data = answer(client.post("/api/v1/sheets", {**NAMES, **params}), 201)
    edit = data["edit_url"].split("/")[2]
    view = data["view_url"].split("/")[3]
    assert data["api_url"] == f"/api/v1/sheets/{edit}"
    return edit, view, data["sheet"]


def add(client: Client, sheet: str, status: int = 201, **params: str) -> dict:
    return answer(client.post(f"/api/v1/sheets/{sheet}/hands", params), status)


def codes(payload: dict) -> dict[str, list[str]]:
    return {name: [e["code"] for e in errors] for name, errors in payload["errors"].items()}


def test_hk_worked_example(client):
    key, _view, sheet = new_sheet(client, family="hk")
    assert sheet["rules"] == {
        "scale": "half",
        "cap": 10,
        "split": "full",
        "self_draw_pay": "half",
        "unit": 1,
        "min_fan": 3,
        "round_up": False,
        "multi_win": "first",
        "false_win": "whole",
    }
    assert [p["total"] for p in sheet["players"]] == [0, 0, 0, 0]
    first = add(client, key, winner="2", discarder="4", fan="3")
    assert first["hand"]["deltas"] == [0, 8, 0, -8]
    assert first["hand"]["n"] == 1 and first["hand"]["dealer"] == 1
    assert first["hand"]["result"]["winner_receives"] == 8
    second = add(client, key, winner="1", fan="5", win="self_draw")
    assert second["hand"]["deltas"] == [36, -12, -12, -12]
    sheet = second["sheet"]
    assert [p["total"] for p in sheet["players"]] == [36, -4, -12, -20]
    assert [p["name"] for p in sheet["players"]] == list(NAMES.values())
    assert sheet["settlement"] == [
        {"from": 4, "to": 1, "amount": 20},
        {"from": 3, "to": 1, "amount": 12},
        {"from": 2, "to": 1, "amount": 4},
    ]
    assert sheet["revision"] == 2
    # Player 2 won hand 1 off the dealer's turn, so the deal passed; player 1 won hand 2
    # but is not the dealer then, so it passes again.
    assert [h["dealer"] for h in sheet["hands"]] == [1, 2]
    assert sheet["dealer"] == 3


def test_riichi_worked_example(client):
    key, _view, sheet = new_sheet(client, family="riichi")
    assert sheet["rules"]["start"] == 25000 and sheet["rules"]["return"] == 25000
    assert sheet["rules"]["noten"] == 3000 and sheet["rules"]["uma"] == []
    one = add(client, key, winner="3", discarder="2", han="3", fu="30", riichi="1,3")
    assert one["hand"]["deltas"] == [-1000, -3900, 4900, 0]
    assert one["hand"]["riichi_sticks"] == 2 and one["hand"]["riichi"] == [1, 3]
    assert one["hand"]["result"]["from_table"] == 2000
    assert (one["sheet"]["dealer"], one["sheet"]["honba"], one["sheet"]["pot"]) == (2, 0, 0)
    two = add(client, key, winner="none", tenpai="2")
    assert two["hand"]["winner"] is None and two["hand"]["result"] is None
    assert two["hand"]["deltas"] == [-1000, 3000, -1000, -1000]
    assert two["hand"]["tenpai"] == [2]
    assert (two["sheet"]["dealer"], two["sheet"]["honba"]) == (2, 1)
    three = add(client, key, winner="2", han="2", fu="40", win="self_draw")
    assert three["hand"]["honba"] == 1
    assert three["hand"]["deltas"] == [-1400, 4200, -1400, -1400]
    sheet = three["sheet"]
    assert (sheet["dealer"], sheet["honba"]) == (2, 2)
    assert [p["total"] for p in sheet["players"]] == [21600, 28300, 27500, 22600]
    assert [f["rank"] for f in sheet["final"]] == [4, 1, 2, 3]
    assert [f["score"] for f in sheet["final"]] == [
        Decimal("-3.4"),
        Decimal("3.3"),
        Decimal("2.5"),
        Decimal("-2.4"),
    ]
    settled = {(p["from"], p["to"]): p["amount"] for p in sheet["settlement"]}
    assert len(settled) <= 3
    for player, final in zip(sheet["players"], sheet["final"], strict=True):
        n = player["n"]
        paid = sum((a for (f, _t), a in settled.items() if f == n), Decimal(0))
        got = sum((a for (_f, t), a in settled.items() if t == n), Decimal(0))
        assert got - paid == final["score"]


def test_riichi_sheet_rules_and_uma(client):
    _key, _view, sheet = new_sheet(
        client, family="riichi", start="25000", uma="15,5,-5,-15", rate="0.5", noten="3000"
    )
    assert sheet["rules"]["uma"] == [15, 5, -5, -15]
    assert sheet["rules"]["rate"] == Decimal("0.5")
    payload = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "riichi", "uma": "10,-10"}), 400
    )
    assert codes(payload) == {"uma": ["invalid"]}
    payload = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "riichi", "uma": "10,5,-5,-5"}), 400
    )
    assert codes(payload) == {"uma": ["invalid"]}


@pytest.mark.parametrize(
    ("said", "uma"),
    [
        ("10-20", [20, 10, -10, -20]),
        ("20-10", [20, 10, -10, -20]),
        ("5-10", [10, 5, -5, -10]),
        ("10-30", [30, 10, -10, -30]),
        ("１０－３０", [30, 10, -10, -30]),
        ("+15/+5/-5/-15", [15, 5, -5, -15]),
        ("15 5 -5 -15", [15, 5, -5, -15]),
    ],
)
def test_uma_as_tables_say_it(client, said, uma):
    _key, _view, sheet = new_sheet(client, family="riichi", uma=said)
    assert sheet["rules"]["uma"] == uma


@pytest.mark.parametrize("said", ["10-20-30", "-10-20", "10--20", "10-", "10-20,5"])
def test_uma_that_is_not_a_way_to_say_it_is_refused(client, said):
    payload = answer(client.post("/api/v1/sheets", {**NAMES, "family": "riichi", "uma": said}), 400)
    assert codes(payload) == {"uma": ["invalid"]}


def test_uma_said_in_two_numbers_is_for_four_players(client):
    names = {"name1": "a", "name2": "b", "name3": "c"}
    data = {**names, "family": "riichi", "players": "3", "uma": "10-20"}
    payload = answer(client.post("/api/v1/sheets", data), 400)
    assert codes(payload) == {"uma": ["invalid"]}
    assert "3" in payload["errors"]["uma"][0]["message"]


def test_three_player_riichi_sheet(client):
    names = {"name1": "a", "name2": "b", "name3": "c"}
    data = answer(client.post("/api/v1/sheets", {**names, "family": "riichi", "players": "3"}), 201)
    key = data["edit_url"].split("/")[2]
    assert len(data["sheet"]["players"]) == 3
    # Non-dealer tsumo 滿貫, ツモ損: 4,000 from the dealer, 2,000 from the other.
    hand = add(client, key, winner="2", han="5", win="self_draw")["hand"]
    assert hand["deltas"] == [-4000, 6000, -2000]
    refused = answer(
        client.post("/api/v1/sheets", {**names, "name4": "d", "family": "riichi", "players": "3"}),
        400,
    )
    assert codes(refused) == {"name4": ["not_allowed"]}
    assert codes(add(client, key, 400, winner="4", han="3")) == {"winner": ["out_of_range"]}


@pytest.mark.parametrize(
    ("family", "params", "deltas"),
    [
        ("mcr", {"winner": "1", "discarder": "2", "points": "8"}, [32, -16, -8, -8]),
        ("nmjl", {"winner": "3", "discarder": "1", "value": "25"}, [-50, -25, 100, -25]),
        ("classical", {"winner": "2", "fu2": "20"}, None),
        ("jiujiang", {"winner": "1", "win": "self_draw", "pattern": "qingyise"}, None),
    ],
)
def test_every_family_records_a_zero_sum_hand(client, family, params, deltas):
    key, _view, _sheet = new_sheet(client, family=family)
    hand = add(client, key, **params)["hand"]
    assert sum(hand["deltas"]) == 0
    assert hand["deltas"][int(params["winner"]) - 1] > 0
    if deltas is not None:
        assert hand["deltas"] == deltas


# A session per family whose hands differ in every field a sheet reads back: the table
# rules, each family's own inputs, riichi's sticks and a drawn hand, HK's liable player.
SESSIONS = {
    "hk": (
        {"scale": "full", "unit": "0.5"},
        [
            {"winner": "2", "discarder": "4", "fan": "3"},
            {"winner": "1", "win": "self_draw", "fan": "7", "liable": "1", "liable_player": "3"},
        ],
    ),
    "riichi": (
        {"uma": "15,5,-5,-15", "start": "30000", "return": "30000"},
        [
            {"winner": "3", "discarder": "2", "han": "3", "fu": "40", "riichi": "1,3"},
            {"winner": "none", "tenpai": "2"},
            {"winner": "4", "win": "self_draw", "han": "2", "fu_mode": "count", "wait": "kanchan"},
        ],
    ),
    "mcr": ({}, [{"winner": "1", "discarder": "2", "points": "8", "flowers": "2"}]),
    "nmjl": ({}, [{"winner": "3", "win": "self_draw", "value": "30", "jokerless": "1"}]),
    "jiujiang": ({}, [{"winner": "1", "win": "self_draw", "pattern": "qingyise"}]),
    "classical": ({"limit": "500"}, [{"winner": "2", "fu2": "30", "fan2": "2", "fu3": "10"}]),
}


@pytest.mark.parametrize("family", SESSIONS)
def test_an_adds_answer_is_the_sheet_as_a_read_after_it_gives_it(client, family):
    rules, session = SESSIONS[family]
    key, view, _sheet = new_sheet(client, family=family, **rules)
    for n, hand in enumerate(session, 1):
        added = add(client, key, **hand, key=f"hand-{n}")
        read = answer(client.get(f"/api/v1/sheets/{view}"), 200)["sheet"]
        assert added["sheet"] == read
        assert added["hand"] == read["hands"][-1] and added["hand"]["n"] == n
    assert len(read["hands"]) == len(session)


def test_classical_players_sit_east_to_north(client):
    key, _view, _sheet = new_sheet(client, family="classical")
    # Players 1–4 are East to North: the sheet's deltas are the classical calculator's
    # nets for the same hands, seat by seat.
    calc = answer(
        client.get("/api/v1/classical?e_fu=10&s_fu=40&s_fan=1&w_fu=24&n_fu=8&winner=s"), 200
    )
    nets = [p["net"] for p in calc["result"]["players"]]
    hand = add(client, key, winner="2", fu1="10", fu2="40", fan2="1", fu3="24", fu4="8")
    assert hand["hand"]["deltas"] == nets
    assert hand["hand"]["inputs"]["fu2"] == 40


def test_idempotency_key_records_one_hand(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    first = add(client, key, winner="2", discarder="4", fan="3", key="tap-1")
    again = add(client, key, 200, winner="1", discarder="3", fan="9", key="tap-1")
    assert again["hand"] == first["hand"]
    assert again["sheet"]["revision"] == 1
    assert Hand.objects.count() == 1
    # A refused request does not use its key up.
    add(client, key, 400, winner="2", discarder="2", fan="3", key="tap-2")
    assert add(client, key, 201, winner="2", discarder="3", fan="3", key="tap-2")["hand"]["n"] == 2


def test_replace_keeps_the_old_version_and_flows_on(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    add(client, key, winner="1", han="3", fu="30", win="self_draw")  # dealer keeps the deal
    add(client, key, winner="2", han="3", fu="30", win="self_draw")
    sheet = answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]
    assert sheet["hands"][1]["honba"] == 1 and sheet["hands"][1]["dealer"] == 1
    # Hand 1 was really won by player 3: the deal passes, so hand 2 has no counter and
    # player 2 is the dealer for it.
    payload = {"winner": "3", "discarder": "1", "han": "3", "fu": "30", "revision": "2"}
    sheet = answer(client.post(f"/api/v1/sheets/{key}/hands/1", payload), 200)["sheet"]
    assert sheet["revision"] == 3
    assert sheet["hands"][0]["versions"] == 2
    assert sheet["hands"][1]["dealer"] == 2 and sheet["hands"][1]["honba"] == 0
    assert sheet["hands"][1]["deltas"] == [-2000, 6000, -2000, -2000]
    version = HandVersion.objects.get()
    assert version.version == 1 and version.winner == 1 and version.params["win"] == "self_draw"


def test_stale_revision_is_refused_and_changes_nothing(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    stale = client.post(
        f"/api/v1/sheets/{key}/hands/1",
        {"winner": "1", "fan": "3", "win": "self_draw", "revision": "0"},
    )
    assert codes(answer(stale, 409)) == {"revision": ["stale"]}
    missing = client.post(f"/api/v1/sheets/{key}/hands/1/delete", {})
    assert codes(answer(missing, 400)) == {"revision": ["required"]}
    assert Hand.objects.get().winner == 2 and Sheet.objects.get().revision == 1


def test_delete_and_restore(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    add(client, key, winner="1", fan="5", win="self_draw")
    sheet = answer(client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "2"}), 200)[
        "sheet"
    ]
    assert sheet["hands"][0]["deleted"] is True and sheet["hands"][0]["deltas"] == [0, 0, 0, 0]
    # A deleted hand counts for nothing: only hand 2's self-draw is left.
    assert [p["total"] for p in sheet["players"]] == [36, -12, -12, -12]
    text = client.get(f"/api/v1/sheets/{key}/csv").getvalue().decode()
    assert [row[0] for row in csv.reader(io.StringIO(text))] == ["hand", "2", "total"]
    sheet = answer(client.post(f"/api/v1/sheets/{key}/hands/1/restore", {"revision": "3"}), 200)[
        "sheet"
    ]
    assert [p["total"] for p in sheet["players"]] == [36, -4, -12, -20]
    assert answer(client.post(f"/api/v1/sheets/{key}/hands/9/delete", {"revision": "4"}), 404)


def test_csv(client):
    key, _view, _sheet = new_sheet(client, family="hk", unit="0.5")
    add(client, key, winner="2", discarder="4", fan="3")
    add(client, key, winner="1", fan="5", win="self_draw")
    response = client.get(f"/api/v1/sheets/{key}/csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.getvalue().decode("utf-8"))))
    assert rows[0][:3] == ["hand", "winner", "discarder"]
    assert rows[0][-4:] == list(NAMES.values())
    assert rows[1][0] == "1" and rows[1][-4:] == ["0", "4", "0", "-4"]
    assert rows[2][-4:] == ["18", "-6", "-6", "-6"]
    assert rows[3][0] == "total" and rows[3][-4:] == ["18", "-2", "-6", "-10"]


def test_view_key_reads_but_never_writes(client):
    key, view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    read = answer(client.get(f"/api/v1/sheets/{view}"), 200)
    assert key not in json.dumps(read)
    for path, data in [
        (f"/api/v1/sheets/{view}/hands", {"winner": "1", "fan": "3", "win": "self_draw"}),
        (f"/api/v1/sheets/{view}/hands/1", {"winner": "1", "fan": "3", "revision": "1"}),
        (f"/api/v1/sheets/{view}/hands/1/delete", {"revision": "1"}),
        (f"/api/v1/sheets/{view}/hands/1/restore", {"revision": "1"}),
    ]:
        assert codes(answer(client.post(path, data), 403)) == {"__all__": ["forbidden"]}
    assert Sheet.objects.get().revision == 1
    assert client.get(f"/api/v1/sheets/{view}/csv").status_code == 200


def test_unknown_keys_are_404(client):
    for path in ["/api/v1/sheets/nope", "/api/v1/sheets/nope/csv"]:
        assert codes(answer(client.get(path), 404)) == {"__all__": ["not_found"]}
    assert answer(client.post("/api/v1/sheets/nope/hands", {"winner": "1"}), 404)


def test_bad_create_parameters(client):
    payload = answer(client.post("/api/v1/sheets", {**NAMES, "family": "go"}), 400)
    assert codes(payload) == {"family": ["not_allowed"]}
    payload = answer(
        client.post("/api/v1/sheets", {"family": "hk", "name1": "  ", "name2": "x" * 41}), 400
    )
    assert codes(payload) == {
        "name1": ["required"],
        "name2": ["out_of_range"],
        "name3": ["required"],
        "name4": ["required"],
    }
    payload = answer(client.post("/api/v1/sheets", {**NAMES, "family": "hk", "cap": "99"}), 400)
    assert codes(payload) == {"cap": ["out_of_range"]}
    assert Sheet.objects.count() == 0
    # Names are trimmed, any script, 40 code points at most.
    _key, _view, sheet = new_sheet(client, family="hk", name1="  " + "麻" * 40 + " ")
    assert sheet["players"][0]["name"] == "麻" * 40


def test_bad_hand_parameters(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    cases = [
        ({"discarder": "2", "fan": "3"}, {"winner": ["required"]}),
        ({"winner": "2", "fan": "3"}, {"discarder": ["required"]}),
        ({"winner": "2", "discarder": "2", "fan": "3"}, {"discarder": ["contradiction"]}),
        ({"winner": "2", "discarder": "3", "fan": "100"}, {"fan": ["out_of_range"]}),
        ({"winner": "2", "discarder": "3", "dealer": "1"}, {"dealer": ["not_allowed"]}),
        ({"winner": "2", "discarder": "3", "cap": "5"}, {"cap": ["not_allowed"]}),
        ({"winner": "2", "win": "self_draw", "liable": "1"}, {"liable_player": ["required"]}),
        (
            {"winner": "2", "win": "self_draw", "liable": "1", "liable_player": "2"},
            {"liable_player": ["contradiction"]},
        ),
    ]
    for params, expected in cases:
        assert codes(add(client, key, 400, **params)) == expected, params
    assert Hand.objects.count() == 0 and Sheet.objects.get().revision == 0


def test_a_liable_player_without_a_liable_hand_says_what_to_do(client):
    key, _view, _sheet = new_sheet(client, family="hk")

    def add_en(**hand: str) -> dict:
        return answer(client.post(f"/api/v1/sheets/{key}/hands?lang=en", hand), 400)

    for hand, message in (
        (  # 包自摸 unticked
            {"winner": "2", "win": "self_draw", "liable_player": "4"},
            "Only a 包自摸 has a liable player: tick 包自摸, or leave this empty.",
        ),
        (
            {"winner": "none", "liable_player": "4"},
            "A drawn hand has no liable player: leave this empty.",
        ),
    ):
        errors = add_en(**hand)["errors"]
        assert errors["liable_player"] == [{"code": "contradiction", "message": message}]
    errors = add_en(winner="2", win="self_draw", liable="1", liable_player="2")["errors"]
    assert errors["liable_player"][0]["message"] == "The liable player is not the winner."


def test_hk_liable_player_pays_all(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    hand = add(client, key, winner="2", fan="5", win="self_draw", liable="1", liable_player="4")
    assert hand["hand"]["deltas"] == [0, 36, 0, -36]
    assert hand["hand"]["inputs"]["liable_player"] == 4


def test_riichi_counters_are_the_sheets(client):
    key, _view, _sheet = new_sheet(client, family="riichi")
    for name in ("dealer", "honba", "riichi_sticks"):
        payload = add(client, key, 400, winner="1", han="3", win="self_draw", **{name: "1"})
        assert codes(payload) == {name: ["not_allowed"]}


@pytest.mark.parametrize("family", ["hk", "riichi", "mcr", "nmjl", "jiujiang", "classical"])
@pytest.mark.parametrize("name", ["dealer", "honba", "riichi_sticks"])
def test_no_family_takes_a_counter_the_sheet_keeps(client, family, name):
    """Regression: an hk hand sent with `honba=1` was recorded and the honba ignored."""
    key, _view, _sheet = new_sheet(client, family=family)
    payload = add(client, key, 400, winner="none", **{name: "1"})
    assert codes(payload)[name] == ["not_allowed"]
    assert Hand.objects.count() == 0


def test_limits_and_no_cookies(client, settings):
    key, _view, _sheet = new_sheet(client, family="hk")
    response = client.post(
        f"/api/v1/sheets/{key}/hands",
        {"winner": "1", "fan": "3", "win": "self_draw", "pad": "x" * 70_000},
    )
    assert response.status_code == 400
    assert Hand.objects.count() == 0
    assert not response.cookies
    assert client.get(f"/api/v1/sheets/{key}").status_code == 200
    assert not client.get(f"/api/v1/sheets/{key}").cookies


def test_a_full_sheet_refuses_more(client, monkeypatch):
    monkeypatch.setattr("calculator.sheets.writes.MAX_HANDS", 2)
    key, _view, _sheet = new_sheet(client, family="mcr")
    add(client, key, winner="1", discarder="2")
    add(client, key, winner="1", discarder="2")
    assert codes(add(client, key, 400, winner="1", discarder="2")) == {
        "__all__": ["too_many_hands"]
    }


def test_creation_is_rate_limited(client, settings, fresh_limits):
    settings.SHEETS_CREATED_PER_MINUTE = 3
    for _ in range(3):
        new_sheet(client, family="mcr")
    refused = answer(client.post("/api/v1/sheets", {**NAMES, "family": "mcr"}), 429)
    assert codes(refused) == {"__all__": ["rate_limited"]}
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post("/api/v1/sheets", {**NAMES, "family": "mcr"}).status_code == 201


def test_get_on_a_write_endpoint_is_405(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    response = client.get(f"/api/v1/sheets/{key}/hands")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert client.post(f"/api/v1/sheets/{key}", {}).status_code == 405


def test_messages_follow_lang(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    response = client.post(f"/api/v1/sheets/{key}/hands?lang=en", {"winner": "2", "fan": "3"})
    assert answer(response, 400)["errors"]["discarder"][0]["message"] == (
        "Choose who discarded the winning tile."
    )


def test_a_shared_pot_and_an_uneven_noten_stay_plain_decimals(client):
    key, _view, _sheet = new_sheet(client, family="riichi", uma="15,5,-5,-15")
    # Everyone tenpai, player 4 declares: players 1–3 tie for top and share the 1,000 pot
    # in 100-point steps, the odd one to the first seated.
    sheet = add(client, key, winner="none", tenpai="1,2,3,4", riichi="4")["sheet"]
    assert [f["points"] for f in sheet["final"]] == [25400, 25300, 25300, 24000]
    assert [f["rank"] for f in sheet["final"]] == [1, 1, 1, 4]
    assert sum(f["score"] for f in sheet["final"]) == 0
    assert answer(client.get(f"/api/v1/sheets/{key}"), 200)
    assert client.get(f"/sheets/{key}/").status_code == 200
    refused = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "riichi", "noten": "1000"}), 400
    )
    assert codes(refused) == {"noten": ["invalid"]}


def test_keys_and_revisions_outside_their_alphabet(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    for path in ["/api/v1/sheets/ab%00cd", "/api/v1/sheets/ab%00cd/csv", "/sheets/view/ab%00cd/"]:
        assert client.get(path).status_code == 404
    add(client, key, winner="2", discarder="4", fan="3")
    for revision in ["²", "1" * 5000, "-1", "1.0"]:
        response = client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": revision})
        assert response.status_code in (400, 409), revision
    payload = add(client, key, 400, winner="2", discarder="4", fan="3", key=" padded")
    assert codes(payload) == {"key": ["invalid"]}
    refused = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "riichi", "uma": "1_5,5,-5,-1_5"}), 400
    )
    assert codes(refused) == {"uma": ["invalid"]}


def test_a_deleted_hand_is_restored_before_it_changes(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    answer(client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "1"}), 200)
    payload = {"winner": "1", "fan": "9", "win": "self_draw", "revision": "2"}
    refused = answer(client.post(f"/api/v1/sheets/{key}/hands/1", payload), 400)
    assert codes(refused) == {"__all__": ["deleted"]}
    assert Hand.objects.get().versions == 1


def test_only_the_proxy_may_name_the_client(settings, fresh_limits):
    settings.SHEETS_CREATED_PER_MINUTE = 2
    # Straight from the internet, a made-up X-Real-IP does not make a new client.
    for forged in ["10.1.1.1", "10.1.1.2"]:
        assert (
            Client(REMOTE_ADDR="203.0.113.5", HTTP_X_REAL_IP=forged)
            .post("/api/v1/sheets", {**NAMES, "family": "mcr"})
            .status_code
            == 201
        )
    third = Client(REMOTE_ADDR="203.0.113.5", HTTP_X_REAL_IP="10.1.1.3")
    assert third.post("/api/v1/sheets", {**NAMES, "family": "mcr"}).status_code == 429
    # Through nginx on this machine, its X-Real-IP is the client.
    proxied = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="198.51.100.7")
    assert proxied.post("/api/v1/sheets", {**NAMES, "family": "mcr"}).status_code == 201


def test_csv_for_a_spreadsheet_program_starts_with_a_byte_order_mark(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    plain = client.get(f"/api/v1/sheets/{key}/csv").getvalue().decode("utf-8")
    marked = client.get(f"/api/v1/sheets/{key}/csv?bom=1").getvalue().decode("utf-8")
    assert plain.startswith("hand,") and marked == "\ufeff" + plain
    assert codes(answer(client.get(f"/api/v1/sheets/{key}/csv?bom=maybe"), 400)) == {
        "bom": ["invalid"]
    }
