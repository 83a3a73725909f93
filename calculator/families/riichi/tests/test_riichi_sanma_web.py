"""Three-player riichi (三麻) on the web: the payment page and API, the tile-entry page and
API (contract.md § riichi `players`, `sanma`, `sanma_honba`; the three-player tile entry).

rules.md's worked examples are typed here literally, through the API and the page.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.families import FAMILIES
from calculator.families.riichi import hand_forms as riichi_hand
from tests.test_one_pass import count_calls

HX = {"HX-Request": "true"}
THREE = "players=3"


def page(client, query: str, path: str = "/en/riichi/", headers=None) -> str:
    response = client.get(f"{path}?{query}", headers=headers or {})
    assert response.status_code == 200
    html = response.content.decode()
    assert "INVALID_TEMPLATE_VARIABLE" not in html
    return html


def rows(html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)


def received(html: str) -> str:
    match = re.search(r'data-result="winner_receives">([^<]*)<', html)
    assert match
    return match.group(1).replace(",", "")


def payments(data) -> list[tuple[str, int]]:
    return [(p["payer"], p["amount"]) for p in data["result"]["payments"]]


def notes(data) -> list[str]:
    return [note["code"] for note in data["notes"]]


# --- rules.md's worked examples: API and page ------------------------------------------------

EXAMPLES = [
    # "non-dealer tsumo 滿貫 (`loss`): 4,000 / 2,000 = 6,000"
    ("han=5&win=self_draw&players=3", [("dealer", 4000), ("non_dealer", 2000)], 6000),
    # "(`bisection`): 5,000 / 3,000 = 8,000"
    (
        "han=5&win=self_draw&players=3&sanma=bisection",
        [("dealer", 5000), ("non_dealer", 3000)],
        8000,
    ),
    # "Dealer tsumo 滿貫 (`loss`): 4,000 + 4,000 = 8,000"
    (
        "han=5&dealer=1&win=self_draw&players=3",
        [("non_dealer", 4000), ("non_dealer", 4000)],
        8000,
    ),
    # "(`bisection`): 6,000 each"
    (
        "han=5&dealer=1&win=self_draw&players=3&sanma=bisection",
        [("non_dealer", 6000), ("non_dealer", 6000)],
        12000,
    ),
    # "Non-dealer ron 滿貫 with 2 honba: 8,400"
    ("han=5&honba=2&players=3", [("discarder", 8400), ("other", 0)], 8400),
    # "3 飜 30 符 non-dealer tsumo (`loss`): 2,000 / 1,000"
    ("win=self_draw&players=3", [("dealer", 2000), ("non_dealer", 1000)], 3000),
    # sanma_honba=300: "ron 300 × honba, tsumo 150 × honba from each"
    ("han=5&honba=2&players=3&sanma_honba=300", [("discarder", 8600), ("other", 0)], 8600),
    (
        "han=5&win=self_draw&honba=2&players=3&sanma_honba=300",
        [("dealer", 4300), ("non_dealer", 2300)],
        6600,
    ),
]


@pytest.mark.parametrize(("query", "expected", "total"), EXAMPLES)
def test_worked_examples_through_the_api(api, query, expected, total):
    data = api("riichi", query)
    assert payments(data) == expected
    assert data["result"]["winner_receives"] == total
    assert data["url"] == f"/riichi/?{query}"  # the examples are typed in canonical form
    assert data["inputs"]["players"] == 3


@pytest.mark.parametrize(("query", "expected", "total"), EXAMPLES)
def test_worked_examples_on_the_page(client, query, expected, total):
    html = page(client, query)
    assert rows(html) == [(role, str(amount)) for role, amount in expected]
    assert received(html) == str(total)
    assert (
        f'<link rel="canonical" href="http://testserver/en/riichi/?{query.replace("&", "&amp;")}">'
        in html
    )


def test_four_players_are_the_default_and_list_three_payments(api):
    data = api("riichi", "han=5&win=self_draw")
    assert data["inputs"]["players"] == 4
    assert payments(data) == [("dealer", 4000), ("non_dealer", 2000), ("non_dealer", 2000)]


def test_steps_say_what_became_of_norths_share(api):
    steps = api("riichi", "han=5&win=self_draw&players=3&sanma=bisection&lang=en")["result"][
        "steps"
    ]
    assert steps == [
        "5 han → Mangan (滿貫): 2,000 basic points",
        "Three players (三麻), 北家折半: the 2,000 the absent North seat would pay is split, "
        "1,000 onto each payer before rounding",
        "The dealer pays 2,000 × 2.5 = 5,000",
        "The other non-dealer pays 2,000 × 1.5 = 3,000",
    ]
    loss = api("riichi", "win=self_draw&players=3&honba=1&lang=en")["result"]["steps"]
    assert (
        "Three players (三麻), ツモ損: the 960 the absent North seat would pay is not paid" in loss
    )
    assert loss[-1] == "Counters (本場) × 1: each payer adds 100"
    ron = api("riichi", "honba=2&players=3&sanma_honba=300&lang=en")["result"]["steps"]
    assert ron[-1] == "Counters (本場) × 2: the discarder adds 600"


def test_setting_unused_for_the_sanma_settings(api):
    four = api("riichi", "sanma=bisection&sanma_honba=300&lang=en")
    assert notes(four) == ["setting_unused", "setting_unused"]
    assert "Three players, on a tsumo" in four["notes"][0]["text"]
    # three players: sanma cannot matter on a ron, sanma_honba without counters
    ron = api("riichi", "players=3&sanma=bisection&sanma_honba=300")
    assert [n["text"] for n in ron["notes"]] and notes(ron) == ["setting_unused"] * 2
    assert notes(api("riichi", "players=3&sanma=bisection&win=self_draw&honba=1")) == []
    assert notes(api("riichi", "players=3")) == []  # players always counts


@pytest.mark.parametrize(
    ("query", "field", "code"),
    [
        ("players=5", "players", "not_allowed"),
        ("players=", "players", "required"),
        ("players=3&sanma=half", "sanma", "not_allowed"),
        ("players=3&sanma_honba=250", "sanma_honba", "not_allowed"),
    ],
)
def test_bad_values_are_field_errors(api, query, field, code):
    data = api("riichi", query, status=400)
    assert [e["code"] for e in data["errors"][field]] == [code]


# --- the page: switch, table rules, who pays, point table ---------------------------------------


def test_the_players_switch_and_the_sanma_rules(client):
    four = page(client, "")
    assert re.search(r'name="players" value="4" checked', four)
    assert re.search(r'<div class="sanma-rules" data-players="3" hidden>', four)
    three = page(client, THREE)
    assert re.search(r'name="players" value="3" checked', three)
    assert '<div class="sanma-rules" data-players="3">' in three
    assert 'name="sanma"' in three and 'name="sanma_honba"' in three
    # a sanma setting with an error stays in sight even with four players
    broken = page(client, "sanma=x")
    assert '<div class="sanma-rules" data-players="3">' in broken


def test_who_pays_has_two_rows_with_three_players(client):
    html = page(client, "han=3&fu=30&players=3")
    assert rows(html) == [("discarder", "3900"), ("other", "0")]
    assert "non-dealer ron (three players, 三麻)" in html


def test_point_table_for_three_players_follows_the_mode(client):
    loss = page(client, "win=self_draw&players=3")
    assert 'data-cell="3-30">2,000 / 1,000<' in loss
    assert "what the other non-dealer pays" in loss and "(ツモ損)" in loss
    split = page(client, "win=self_draw&players=3&sanma=bisection")
    assert 'data-cell="3-30">2,400 / 1,500<' in split
    assert "(北家折半)" in split
    assert re.search(
        r'data-cell="mangan"><th scope="row">[^<]*</th><td>[^<]*</td><td class="num">5,000 / 3,000<',
        split,
    )
    dealer = page(client, "dealer=1&win=self_draw&players=3&sanma=bisection")
    assert "each of the two others pays" in dealer
    assert re.search(r'data-cell="mangan">.*?<td class="num">6,000<', dealer, re.S)


def test_the_fragment_updates_with_the_canonical_url(client):
    response = client.get(
        "/en/riichi/?han=5&win=self_draw&players=3&sanma=bisection&fu=30", headers=HX
    )
    assert response["HX-Replace-Url"] == "/en/riichi/?han=5&win=self_draw&players=3&sanma=bisection"
    html = response.content.decode()
    assert rows(html) == [("dealer", "5000"), ("non_dealer", "3000")]


def test_one_engine_call_per_three_player_request(client, monkeypatch):
    family = FAMILIES["riichi"]
    scores = count_calls(monkeypatch, family.engine, "score")
    client.get("/en/riichi/?han=5&win=self_draw&players=3&sanma=bisection", headers=HX)
    client.get("/api/v1/riichi?han=5&win=self_draw&players=3&sanma=bisection")
    assert len(scores) == 2


# --- tile entry ------------------------------------------------------------------------------

# South, riichi ron with one kita: riichi 1 + pinfu 1 + kita 1 = 3 han 30 fu: 3,900 / 0
PINFU_KITA = "hand=234567p345678s99m&win_tile=2p&seat=s&riichi=1&kita=1&players=3"


def hand_api(api, query, status=200):
    return api("riichi/hand", query, status=status)


def test_a_three_player_hand_through_the_api(api):
    data = hand_api(api, PINFU_KITA + "&lang=en")
    assert payments(data) == [("discarder", 3900), ("other", 0)]
    assert [(y["key"], y["name"], y["han"]) for y in data["hand"]["yaku"]] == [
        ("riichi", "Riichi (立直)", 1),
        ("pinfu", "Pinfu (平和)", 1),
        ("dora", "Nuki dora: 北 set aside (拔北)", 1),
    ]
    assert data["hand"]["dora"] == 1
    assert data["url"] == (
        "/riichi/hand/?hand=99m234567p345678s&win_tile=2p&seat=s&riichi=1&kita=1&players=3"
    )


def test_the_kita_line_beside_the_other_dora(api, client):
    # indicator 西: 北 is the dora, and the two kita are 北 too: dora 2 + kita 2
    query = "hand=123456789p234s55s&win_tile=4s&seat=s&riichi=1&kita=2&dora=3z&players=3"
    data = hand_api(api, query + "&lang=en")
    lines = [(y["name"], y["han"]) for y in data["hand"]["yaku"] if y["key"] == "dora"]
    assert lines == [("Dora (寶牌)", 2), ("Nuki dora: 北 set aside (拔北)", 2)]
    assert payments(data) == [("discarder", 16000), ("other", 0)]
    html = page(client, query, path="/riichi/hand/")
    assert re.search(r'<tr data-yaku="dora" data-han="2"><th scope="row">[^<]*寶牌', html)
    assert re.search(r'<tr data-yaku="dora" data-kita data-han="2"><th scope="row">[^<]*拔北', html)


def test_dora_indicator_1m_makes_9m(api):
    data = hand_api(api, "hand=234567p345678s99m&win_tile=2p&seat=s&riichi=1&dora=1m&players=3")
    assert [(y["key"], y["han"]) for y in data["hand"]["yaku"]][-1] == ("dora", 2)
    assert payments(data) == [("discarder", 7700), ("other", 0)]


@pytest.mark.parametrize(
    "query",
    [
        PINFU_KITA,
        PINFU_KITA + "&win=self_draw&sanma=bisection&honba=2&sanma_honba=300",
        "hand=111z123456p789s99s&win_tile=4p&win=self_draw&kita=1&players=3&sanma=bisection",
    ],
)
def test_payment_url_shows_the_same_payments(api, client, query):
    data = hand_api(api, query)
    url = data["payment_url"]
    assert "players=3" in url
    path, _, payment_query = url.partition("?")
    assert path == "/riichi/"
    paid = api("riichi", payment_query)
    assert paid["result"]["payments"] == data["result"]["payments"]
    assert paid["result"]["winner_receives"] == data["result"]["winner_receives"]
    html = page(client, payment_query, path="/riichi/")
    assert rows(html) == [(p["payer"], str(p["amount"])) for p in data["result"]["payments"]]


def test_payment_url_keeps_the_tsumo_mode(api):
    query = PINFU_KITA + "&win=self_draw&sanma=bisection&honba=2&sanma_honba=300"
    url = hand_api(api, query)["payment_url"]
    assert urlsplit(url).query == (
        "han=4&fu=20&win=self_draw&honba=2&players=3&sanma=bisection&sanma_honba=300"
    )


# each error of the three-player tile entry, on its field, with its code
ERRORS = [
    # 2m–8m anywhere: bad_notation "not in a three-player set"
    ("hand=234567p345678s22m&win_tile=2p", "hand", "bad_notation"),
    ("hand=234567p345678s99m&win_tile=5m", "win_tile", "bad_notation"),
    ("hand=234567p345678s99m&win_tile=2p&dora=4m", "dora", "bad_notation"),
    ("hand=234567p345678s99m&win_tile=2p&riichi=1&ura=8m", "ura", "bad_notation"),
    ("hand=234567p345s99m&win_tile=2p&melds=pon:333m", "melds", "bad_notation"),
    ("hand=234067p345678s99m&win_tile=0m", "win_tile", "bad_notation"),  # the red 5m
    # no North seat or round
    ("hand=234567p345678s99m&win_tile=2p&riichi=1&seat=n", "seat", "not_allowed"),
    ("hand=234567p345678s99m&win_tile=2p&riichi=1&round=n", "round", "not_allowed"),
    # no chi
    ("hand=567p345678s99m&win_tile=5p&melds=chi:234p", "melds", "contradiction"),
    # kita: 0–4, and a fifth 北 is one too many
    ("hand=234567p345678s99m&win_tile=2p&riichi=1&kita=5", "kita", "out_of_range"),
    ("hand=555777s44z&win_tile=7s&melds=pon:999m,pon:111p&kita=3", "kita", "too_many_copies"),
    # dora alone, kita included, are no yaku
    ("hand=123p567p789s99s111s&win_tile=5p&kita=2", "hand", "no_yaku"),
]


@pytest.mark.parametrize(("query", "field", "code"), ERRORS)
def test_each_three_player_error(api, query, field, code):
    data = hand_api(api, f"{query}&players=3&lang=en", status=400)
    assert [e["code"] for e in data["errors"][field]] == [code]
    if code == "bad_notation":
        assert "not in a three-player set" in data["errors"][field][0]["message"]


def test_the_same_tiles_read_with_four_players(client):
    for query, _field, code in ERRORS[:6]:
        assert code == "bad_notation"
        data = json.loads(client.get(f"/api/v1/riichi/hand?{query}").content)
        codes = [e["code"] for errors in data.get("errors", {}).values() for e in errors]
        assert "bad_notation" not in codes, query


def test_kita_needs_three_players(api):
    data = hand_api(api, "hand=234567p345678s99m&win_tile=2p&riichi=1&kita=1&lang=en", status=400)
    assert [e["code"] for e in data["errors"]["kita"]] == ["contradiction"]
    assert "three-player" in data["errors"]["kita"][0]["message"]


def test_the_error_points_at_the_character(api):
    data = hand_api(api, "hand=234567p345678s2m2m&win_tile=2p&players=3&lang=en", status=400)
    message = data["errors"]["hand"][0]["message"]
    assert message.startswith("Character 15 is 2m (")
    assert "[2]" in message


# --- the hand page: keyboard, fields ------------------------------------------------------------


def keyboard_tiles(html: str) -> dict[str, str]:
    """data-tile → the rest of its button tag."""
    return dict(re.findall(r'data-tile="([0-9][mpsz])"([^>]*)>', html))


def test_the_keyboard_without_2m_to_8m(client):
    three = keyboard_tiles(page(client, THREE, path="/en/riichi/hand/"))
    for code in ("2m", "3m", "4m", "5m", "6m", "7m", "8m", "0m"):
        assert 'data-players="4" hidden' in three[code]
    for code in ("1m", "9m", "5p", "0p", "4z"):
        assert "hidden" not in three[code]
    four = keyboard_tiles(page(client, "", path="/en/riichi/hand/"))
    assert 'data-players="4"' in four["5m"] and "hidden" not in four["5m"]


def test_the_hand_page_has_the_switch_kita_and_sanma_rules(client):
    four = page(client, "", path="/en/riichi/hand/")
    assert re.search(r'name="players" value="4" checked', four)
    assert '<div class="kita-field" data-players="3" hidden>' in four
    assert re.search(r'data-kita data-players="3"[^>]*hidden', four)
    three = page(client, PINFU_KITA, path="/en/riichi/hand/")
    assert '<div class="kita-field" data-players="3">' in three
    assert '<div class="sanma-rules" data-players="3">' in three
    assert re.search(r'data-kita data-players="3" aria-label="[^"]*">', three)
    assert "a dora indicator 1m makes 9m the dora" in three


def test_one_analysis_per_three_player_hand_request(client, monkeypatch):
    analyses = count_calls(monkeypatch, riichi_hand, "analyse")
    scores = count_calls(monkeypatch, FAMILIES["riichi"].engine, "score")
    response = client.get(f"/en/riichi/hand/?{PINFU_KITA}", headers=HX)
    assert response.status_code == 200
    assert len(analyses) == 1 and scores == []


# --- the glossary and the FAQ ------------------------------------------------------------------


@pytest.mark.parametrize("term", ["sanma", "tsumo-loss", "bisection", "kita"])
def test_glossary_entries_link_to_three_player_states(client, term):
    html = page(client, "", path="/en/glossary/")
    entry = re.search(rf'<dt id="{term}">(.*?)</dd>', html, re.S)
    assert entry, term
    links = re.findall(r'<a href="([^"]+)" data-claims="([0-9]+)"', entry.group(1))
    assert any("players=3" in href for href, _claim in links), links


def test_faq_answers_who_pays_norths_share(client):
    html = page(client, "", path="/en/faq/")
    answer = re.search(r'<section class="question" id="sanma-tsumo">(.*?)</section>', html, re.S)
    claims = re.findall(r'data-claims="([0-9]+)" data-claims-payments="([0-9/]+)"', answer.group(1))
    # ツモ損 and 北家折半, each as the split and the total
    assert claims == [("6000", "4000/2000")] * 2 + [("8000", "5000/3000")] * 2


# --- no query string breaks a three-player page ------------------------------------------------

SANMA_TEXTS = st.sampled_from(
    [
        "234567p345678s99m",
        "19m19p19s12345677z",
        "555777s44z",
        "2m",
        "0m",
        "4z",
        "pon:444z",
        "chi:123p",
        "0",
        "1",
        "4",
        "5",
        "n",
        "w",
        "bisection",
    ]
)
SANMA_NAMES = ["hand", "win_tile", "melds", "dora", "ura", "kita", "seat", "round", "sanma", "win"]
SANMA_KINDS = [0, 8, *range(9, 34)]  # a three-player set: 1m, 9m, 筒, 索, honours


def check_answer(response) -> None:
    assert response.status_code in (200, 400)
    data = json.loads(response.content, parse_float=Decimal)
    if response.status_code == 400:
        assert data["errors"] and all(data["errors"].values())
        return
    result = data["result"]
    assert len(result["payments"]) == 2
    total = sum(p["amount"] for p in result["payments"]) + result["from_table"]
    assert result["winner_receives"] == total


def test_any_three_player_hand_query_is_answered(client):
    @settings(deadline=None, max_examples=60)
    @given(st.lists(st.tuples(st.sampled_from(SANMA_NAMES), SANMA_TEXTS), max_size=6))
    def run(pairs):
        query = urlencode([("players", "3"), *pairs])
        check_answer(client.get(f"/api/v1/riichi/hand?{query}"))
        assert client.get(f"/en/riichi/hand/?{query}", headers=HX).status_code == 200

    run()


def test_random_three_player_tiles_never_fail(client):
    """Any 14 tiles of a three-player set, any kita that fits, either win: an answer."""

    @settings(deadline=None, max_examples=80)
    @given(st.data())
    def run(data):
        kinds = data.draw(
            st.lists(st.sampled_from(SANMA_KINDS), min_size=14, max_size=14).filter(
                lambda ks: all(ks.count(k) <= 4 for k in ks)
            )
        )
        text = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)
        params = {
            "hand": text,
            "win_tile": text[:2],
            "win": data.draw(st.sampled_from(["discard", "self_draw"])),
            "riichi": data.draw(st.sampled_from(["0", "1"])),
            "kita": str(data.draw(st.integers(0, 4))),
            "sanma": data.draw(st.sampled_from(["loss", "bisection"])),
            "players": "3",
        }
        check_answer(client.get("/api/v1/riichi/hand", params))

    run()
