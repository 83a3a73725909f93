"""A sheet's hand entered from the tiles (calculator.sheet_tiles): the sheet's link to the
hand page, the hand page's "record on the sheet" form, and what the sheet records from it —
the worked examples of rules.md § sheets with their hands read from tiles."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client
from django.utils import translation

from calculator import sheet_tiles, sheets
from calculator.models import Sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]

NAMES = {"name1": "阿明", "name2": "Bea", "name3": "陳生", "name4": "Dee"}
HX = {"HTTP_HX_REQUEST": "true"}
# rules.md § sheets, hk hand 1: 3 番 (two dragon pungs, no flowers) off a discard, South seat.
HK_THREE = "hand=123m678p22z&melds=pon:555z,pon:666z&win_tile=2z&win=discard&seat=s"


def start(client: Client, **params: str) -> Sheet:
    response = client.post("/sheets/new/", {**NAMES, **params})
    assert response.status_code == 303, response.content.decode()[:2000]
    return Sheet.objects.get(edit_key=response["Location"].strip("/").split("/")[-1])


def hand_page(client: Client, sheet: Sheet, query: str, **headers: str):
    book = sheets.work_out(sheet)
    url = sheet_tiles.tiles_url(book)
    response = client.get(f"{url}&{query}" if query else url, **headers)
    assert response.status_code == 200
    return response


def record_form(html: str) -> tuple[str, list[tuple[str, str]]]:
    """The record form's address and what it sends as drawn (hidden and ticked inputs)."""
    found = re.search(
        r'<form method="post" action="([^"]+)"[^>]*data-sheet-record>(.*?)</form>', html, re.S
    )
    assert found, "no record form"
    fields = []
    for tag in re.findall(r"<input[^>]*>", found.group(2)):
        name = re.search(r'name="([^"]*)"', tag).group(1)
        value = unescape(re.search(r'value="([^"]*)"', tag).group(1))
        kind = re.search(r'type="([^"]*)"', tag).group(1)
        if kind == "hidden" or " checked" in tag:
            fields.append((name, value))
    return unescape(found.group(1)), fields


def send(client: Client, html: str, **choices: str | list[str]) -> str:
    """Tap "record" with these choices (replacing what was pre-chosen); the sheet page."""
    action, fields = record_form(html)
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    for name, value in choices.items():
        data[name] = value if isinstance(value, list) else [value]
    data["action"] = ["add"]
    response = client.post(action, data)
    assert response.status_code == 303, response.content.decode()[:3000]
    page = client.get(response["Location"].partition("#")[0])
    return page.content.decode()


def chosen(html: str, name: str) -> list[str]:
    return [value for field, value in record_form(html)[1] if field == name and value]


def hand_deltas(html: str, n: int) -> list[str]:
    row = re.search(rf'data-hand="{n}".*?</ul>', html, re.S)
    assert row, f"no hand {n}"
    return re.findall(r'data-delta="([^"]*)"', row.group(0))


def totals(html: str) -> list[str]:
    return re.findall(r'data-player="\d" data-total="([^"]*)"', html)


def settlement(html: str) -> list[tuple[str, str, str]]:
    return re.findall(r'data-settle data-from="(\d)" data-to="(\d)" data-amount="([^"]*)"', html)


# --- the sheet's link ------------------------------------------------------------------------


def test_the_link_carries_the_sheets_table_rules_and_its_edit_key(client):
    sheet = start(client, family="hk", scale="full", cap="13", unit="2")
    url = sheet_tiles.tiles_url(sheets.work_out(sheet))
    path, query = url.split("?")
    assert path == "/hk/hand/"
    assert dict(parse_qsl(query)) == {
        "scale": "full",
        "cap": "13",
        "unit": "2",
        "sheet": sheet.edit_key,
    }


def test_the_riichi_link_carries_the_counters_and_three_players(client):
    sheet = start(client, family="riichi", players="3", name4="")
    html = client.get(f"/sheets/{sheet.edit_key}/").content.decode()
    assert "csrfmiddlewaretoken" in html
    client.post(
        f"/sheets/{sheet.edit_key}/",
        {"action": "add", "winner": "none", "riichi": ["", "1"], "tenpai": ["", "1"], "key": "d"},
    )
    query = dict(parse_qsl(urlsplit(sheet_tiles.tiles_url(sheets.work_out(sheet))).query))
    assert query == {"players": "3", "honba": "1", "riichi_sticks": "1", "sheet": sheet.edit_key}


def test_families_without_tile_entry_have_no_link(client):
    for family in ("nmjl", "classical"):
        sheet = start(client, family=family)
        assert sheet_tiles.tiles_url(sheets.work_out(sheet)) == ""


def test_the_link_partial_draws_the_link_only_when_there_is_one():
    from django.template.loader import render_to_string

    assert render_to_string("sheets/_tiles_link.html", {"tiles_url": ""}).strip() == ""
    drawn = render_to_string("sheets/_tiles_link.html", {"tiles_url": "/hk/hand/?sheet=k"})
    assert 'href="/hk/hand/?sheet=k"' in drawn and "data-tiles-link" in drawn


# --- the worked examples, hands read from the tiles ----------------------------------------


def test_hk_worked_example_from_the_tiles(client):
    sheet = start(client, family="hk")
    html = hand_page(client, sheet, HK_THREE).content.decode()
    # Player 1 deals, so the South seat is player 2: chosen for the winner.
    assert chosen(html, "winner") == ["2"]
    assert "fan" not in dict(record_form(html)[1])  # 3 番 is the default: left out
    page = send(client, html, discarder="4")
    assert hand_deltas(page, 1) == ["0", "8", "0", "-8"]
    # Player 2 deals now, so player 1 sits North: 5 番 self-drawn, both North flowers.
    html = hand_page(
        client,
        sheet,
        "hand=123m678p22z&melds=pon:555z,pon:666z&win_tile=2z&win=self_draw&seat=n&flowers=4f4g",
    ).content.decode()
    assert chosen(html, "winner") == ["1"]
    assert dict(record_form(html)[1])["fan"] == "5"
    assert 'name="discarder"' not in html  # a self-draw has no discarder
    page = send(client, html)
    assert hand_deltas(page, 2) == ["36", "-12", "-12", "-12"]
    assert totals(page) == ["36", "-4", "-12", "-20"]
    assert settlement(page) == [("4", "1", "20"), ("3", "1", "12"), ("2", "1", "4")]
    stored = [(h.winner, h.discarder, h.params) for h in sheet.hands.order_by("n")]
    assert stored == [(2, 4, {}), (1, None, {"fan": "5", "win": "self_draw"})]


def test_riichi_worked_example_from_the_tiles(client):
    sheet = start(client, family="riichi")
    # Riichi, pinfu, tanyao: 3 飜 30 符 ron, player 3 in the West seat.
    html = hand_page(
        client, sheet, "hand=234m567m345p22p678s&win_tile=8s&win=discard&seat=w&riichi=1"
    ).content.decode()
    assert chosen(html, "winner") == ["3"]
    assert chosen(html, "riichi") == ["3"]  # the winner's riichi, pre-ticked
    page = send(client, html, discarder="2", riichi=["", "1", "3"])
    assert hand_deltas(page, 1) == ["-1000", "-3900", "4900", "0"]
    # Hand 2 is drawn: typed on the sheet, nothing to read from tiles.
    client.post(
        f"/sheets/{sheet.edit_key}/",
        {"action": "add", "winner": "none", "tenpai": ["", "2"], "riichi": [""], "key": "h2"},
    )
    # Hand 3: player 2 deals (East), menzen tsumo and 白: 2 飜 40 符 with 1 honba.
    assert "honba=1" in sheet_tiles.tiles_url(sheets.work_out(sheet))
    html = hand_page(
        client, sheet, "hand=234m99m678p234s555z&win_tile=3s&win=self_draw&seat=e"
    ).content.decode()
    assert chosen(html, "winner") == ["2"]
    assert chosen(html, "riichi") == []
    values = dict(record_form(html)[1])
    assert (values["han"], values["fu"], values["win"]) == ("2", "40", "self_draw")
    assert "honba" not in values and "dealer" not in values  # the sheet supplies them
    page = send(client, html)
    assert hand_deltas(page, 3) == ["-1400", "4200", "-1400", "-1400"]
    assert totals(page) == ["21600", "28300", "27500", "22600"]


def test_hk_liable_player_is_asked_when_liable_is_ticked(client):
    sheet = start(client, family="hk")
    html = hand_page(
        client,
        sheet,
        "hand=123m678p22z&melds=pon:555z,pon:666z&win_tile=2z&win=self_draw&seat=e&liable=1",
    ).content.decode()
    assert 'name="liable_player"' in html
    page = send(client, html, liable_player="3")
    hand = sheet.hands.get()
    assert hand.params["liable"] == "1" and hand.params["liable_player"] == "3"
    deltas = hand_deltas(page, 1)
    assert deltas[2].startswith("-") and deltas[1] == deltas[3] == "0"


@pytest.mark.parametrize(
    ("family", "query", "expected"),
    [
        (
            "mcr",
            "hand=123456789m123p55s&win_tile=5s&win=discard&seat=s",
            {"points", "flowers", "win"},
        ),
        (
            "jiujiang",
            "hand=123456789m11123s&win_tile=3s&win=discard&seat=s",
            {"pattern", "haohua_groups", "win", "gangkai", "qianggang"},
        ),
    ],
)
def test_mcr_and_jiujiang_hands_record_their_analysed_values(client, family, query, expected):
    sheet = start(client, family=family)
    html = hand_page(client, sheet, query).content.decode()
    values = dict(record_form(html)[1])
    page = send(client, html, discarder="4")
    hand = sheet.hands.get()
    assert hand.winner == 2 and hand.discarder == 4
    sent = {k: v for k, v in values.items() if k not in ("key", "csrfmiddlewaretoken", "winner")}
    assert sent == hand.params  # stored as analysed, nothing added or dropped
    assert sent.keys() <= set(expected)
    deltas = [int(d) for d in hand_deltas(page, 1)]
    assert sum(deltas) == 0 and deltas[1] > 0 and deltas[3] < 0


# --- which keys give the form, and where the key shows -------------------------------------


def test_a_view_key_an_unknown_key_or_another_familys_sheet_gives_no_form(client):
    hk = start(client, family="hk")
    riichi = start(client, family="riichi")
    for key in (hk.view_key, "nope", riichi.edit_key, "<bad key>"):
        response = client.get(f"/hk/hand/?{HK_THREE}&sheet={key}")
        assert response.status_code == 200
        html = response.content.decode()
        assert "data-sheet-record" not in html and 'id="sheet-record"' not in html
        assert 'name="sheet"' not in html
        assert 'data-hand="fan"' in html  # the hand page still works
    assert hk.hands.count() == 0


def test_the_edit_key_shows_only_in_the_form_and_the_hidden_field(client):
    sheet = start(client, family="hk")
    response = hand_page(client, sheet, HK_THREE)
    html = response.content.decode()
    assert html.count(sheet.edit_key) == 2
    assert f'action="/sheets/{sheet.edit_key}/"' in html
    assert f'<input type="hidden" name="sheet" value="{sheet.edit_key}">' in html
    assert sheet.view_key not in html
    assert "private" in response["Cache-Control"] and response["X-Robots-Tag"] == "noindex"


def test_the_form_survives_a_live_update(client):
    sheet = start(client, family="hk")
    response = hand_page(client, sheet, HK_THREE, **HX)
    html = response.content.decode()
    assert not html.lstrip().startswith("<!DOCTYPE")
    assert '<section id="sheet-record" class="sheet-record-tiles"' in html
    # Inside the result the update swaps, right under its first cards.
    assert html.index('<section id="result"') < html.index('id="sheet-record"')
    assert html.index('class="cards"') < html.index('id="sheet-record"')
    assert html.index('id="sheet-record"') < html.index('class="who-pays"')
    assert chosen(html, "winner") == ["2"]
    assert response["HX-Replace-Url"].endswith(f"&sheet={sheet.edit_key}")
    assert response["HX-Replace-Url"].startswith("/hk/hand/?hand=")
    # The form in the fragment records as the whole page's does.
    page = send(client, html, discarder="4")
    assert hand_deltas(page, 1) == ["0", "8", "0", "-8"]


def test_each_render_has_a_fresh_idempotency_key_and_a_retry_records_one_hand(client):
    sheet = start(client, family="hk")
    first = hand_page(client, sheet, HK_THREE).content.decode()
    second = hand_page(client, sheet, HK_THREE).content.decode()
    assert dict(record_form(first)[1])["key"] != dict(record_form(second)[1])["key"]
    send(client, first, discarder="4")
    send(client, first, discarder="4")  # a double tap
    assert sheet.hands.count() == 1


def test_a_blank_or_unfinished_hand_keeps_the_section_to_swap(client):
    sheet = start(client, family="hk")
    for query in ("", "hand=123m678p22z&win_tile=2z"):
        html = hand_page(client, sheet, query).content.decode()
        assert 'id="sheet-record"' in html and "data-sheet-record" not in html
        assert f'name="sheet" value="{sheet.edit_key}"' in html


def test_the_no_js_flow_keeps_the_sheet_through_work_it_out(client):
    """Without JavaScript the hand form is a plain GET form: its hidden `sheet` field comes
    back with the tiles, and the record form is a plain POST to the sheet."""
    sheet = start(client, family="hk")
    html = hand_page(client, sheet, "").content.decode()
    form = re.search(r'<form id="calc".*?</form>', html, re.S).group(0)
    assert f'<input type="hidden" name="sheet" value="{sheet.edit_key}">' in form
    response = client.get(f"/hk/hand/?{HK_THREE}&sheet={sheet.edit_key}")
    page = send(client, response.content.decode(), discarder="4")
    assert hand_deltas(page, 1) == ["0", "8", "0", "-8"]


def test_a_bad_choice_is_shown_on_the_sheet_and_nothing_is_recorded(client):
    sheet = start(client, family="hk")
    html = hand_page(client, sheet, HK_THREE).content.decode()
    action, fields = record_form(html)
    data = dict(fields) | {"discarder": "2", "action": "add"}  # the winner discarding
    response = client.post(action, data)
    assert response.status_code == 200
    assert sheet.hands.count() == 0
    assert 'class="field-error"' in response.content.decode()


def test_other_table_rules_on_the_page_are_refused_with_a_way_back(client):
    sheet = start(client, family="hk", cap="13")
    html = hand_page(client, sheet, f"{HK_THREE}&cap=8").content.decode()
    assert "data-sheet-record" not in html
    link = unescape(re.search(r'href="([^"]+)" data-sheet-rules', html).group(1))
    query = dict(parse_qsl(urlsplit(link).query))
    assert query["cap"] == "13" and query["sheet"] == sheet.edit_key and query["seat"] == "s"
    assert "data-sheet-record" in client.get(link).content.decode()


def test_the_record_form_is_worded_in_each_language(client):
    sheet = start(client, family="hk")
    with translation.override("zh-hant"):  # the default language: no prefix
        url = sheet_tiles.tiles_url(sheets.work_out(sheet))
    for prefix in ("", "/en", "/zh-hans"):
        html = client.get(f"{prefix}{url}&{HK_THREE}").content.decode()
        assert "data-sheet-record" in html
        assert "\u2068阿明\u2069 (1)" in html or "\u2068阿明\u2069（1）" in html


def test_the_sheet_keeps_the_round_and_the_tile_page_is_told_it(client):
    sheet = start(client, family="hk")
    line = re.compile(r"(East|South) round · Next hand: \u2068(\S+)\u2069 deals")
    english = f"/en/sheets/{sheet.edit_key}/"
    assert line.search(client.get(english).content.decode()).groups() == ("East", "阿明")
    east = dict(parse_qsl(urlsplit(sheet_tiles.tiles_url(sheets.work_out(sheet))).query))
    assert "round" not in east  # the page's own default
    # Four non-dealer wins pass the deal round the table: the South round, 阿明 deals again.
    for winner in (2, 3, 4, 1):
        answer = client.post(
            f"/api/v1/sheets/{sheet.edit_key}/hands",
            {"winner": str(winner), "discarder": str(winner % 4 + 1), "fan": "3"},
        )
        assert answer.status_code == 201
    assert line.search(client.get(english).content.decode()).groups() == ("South", "阿明")
    assert "南圈" in client.get(f"/sheets/{sheet.edit_key}/").content.decode()
    assert "南圈" in client.get(f"/zh-hans/sheets/{sheet.edit_key}/").content.decode()
    # The English sheet page's link to the tiles carries it, and the tile page reads it.
    link = re.search(r'href="(/en/hk/hand/\?[^"]+)"', client.get(english).content.decode())
    url = unescape(link.group(1))
    assert dict(parse_qsl(urlsplit(url).query))["round"] == "s"
    page = client.get(url).content.decode()
    assert '<input type="radio" name="round" value="s" checked>' in page
