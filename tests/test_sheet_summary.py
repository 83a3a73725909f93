"""The summary page of a sheet (`/sheets/view/<view_key>/summary/`): the final standings, who
pays whom, each player's statistics and the running-score chart, in every language, and
the same summary as plain text."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from tests.test_sheet_api import add, answer, new_sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]

PREFIXES = ["", "/zh-hans", "/en"]


def api_sheet(client, key) -> dict:
    return answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]


def hk_evening(client) -> tuple[str, str]:
    """Four hands on an HK sheet, one of them deleted, a penalty and a self-draw among them."""
    key, view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    add(client, key, winner="1", fan="5", win="self_draw")
    add(client, key, winner="3", discarder="1", fan="4")
    revision = api_sheet(client, key)["revision"]
    answer(client.post(f"/api/v1/sheets/{key}/hands/3/delete", {"revision": revision}), 200)
    add(client, key, kind="penalty", offender="3")
    add(client, key, winner="4", discarder="2", fan="6")
    return key, view


def riichi_evening(client) -> tuple[str, str]:
    key, view, _sheet = new_sheet(client, family="riichi", uma="10-20")
    add(client, key, winner="3", discarder="2", han="3", fu="30", riichi="1,3")
    add(client, key, winner="none", tenpai="2")
    add(client, key, winner="2", han="2", fu="40", win="self_draw")
    return key, view


def summary(client, view, prefix="/en", **params):
    response = client.get(f"{prefix}/sheets/view/{view}/summary/", params)
    assert response.status_code == 200, response.content[:1000]
    return response.content.decode()


def number(text: str) -> Decimal:
    return Decimal(text)


def check_against_api(html: str, sheet: dict) -> None:
    """Everything the page says in numbers is the JSON API's SHEET."""
    live = [hand for hand in sheet["hands"] if not hand["deleted"]]
    # The standings: first place first, each with the total the API gives.
    standings = re.findall(
        r'data-standing data-rank="(\d+)" data-player="(\d+)" data-total="([^"]+)"', html
    )
    assert len(standings) == len(sheet["players"])
    ranks = [int(rank) for rank, _n, _total in standings]
    assert ranks == sorted(ranks)
    if "final" in sheet:
        finals = {f["n"]: f for f in sheet["final"]}
        for rank, n, total in standings:
            assert finals[int(n)]["rank"] == int(rank)
            assert number(total) == finals[int(n)]["points"]
    else:
        totals = {p["n"]: p["total"] for p in sheet["players"]}
        shown = [number(total) for _rank, _n, total in standings]
        assert shown == sorted(shown, reverse=True)
        for _rank, n, total in standings:
            assert number(total) == totals[int(n)]
    # Who pays whom: the settlement's own hooks.
    settled = re.findall(r'data-settle data-from="(\d)" data-to="(\d)" data-amount="([^"]+)"', html)
    assert [(int(f), int(t), number(a)) for f, t, a in settled] == [
        (s["from"], s["to"], s["amount"]) for s in sheet["settlement"]
    ]
    # The statistics: SHEET.stats, cell by cell.
    for field in ("won", "self_drawn", "dealt_in", "penalties", "best", "won_amount"):
        row = re.search(rf'<tr data-stat="{field}">(.*?)</tr>', html, re.S)
        assert row is not None, field
        cells = re.findall(r'data-player="(\d)" data-value="([^"]+)"', row.group(1))
        assert [number(v) for _n, v in cells] == [s[field] for s in sheet["stats"]], field
    row = re.search(r'<tr data-stat="lost_amount">(.*?)</tr>', html, re.S)
    assert row is not None
    cells = re.findall(r'data-value="([^"]+)"', row.group(1))
    assert [number(v) for v in cells] == [s["lost_amount"] for s in sheet["stats"]]
    # The chart: one polyline per player, a point for the start and one per live hand.
    svg = re.search(r'<svg class="running-chart".*?</svg>', html, re.S)
    assert svg is not None and 'role="img"' in svg.group(0)
    lines = re.findall(r'<polyline data-line="(\d)" points="([^"]+)"', svg.group(0))
    assert [int(n) for n, _points in lines] == [p["n"] for p in sheet["players"]]
    for _n, points in lines:
        assert len(points.split()) == len(live) + 1
    # The table behind it: SHEET.running, after the start.
    rows = re.findall(r'<tr data-running data-hand="(\d+)">(.*?)</tr>', html, re.S)
    assert [int(n) for n, _row in rows] == [0] + [hand["n"] for hand in live]
    running = [[number(v) for v in re.findall(r'data-total="([^"]+)"', row)] for _n, row in rows]
    assert running[1:] == sheet["running"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_hk_summary_says_what_the_api_says(client, prefix):
    key, view = hk_evening(client)
    html = summary(client, view, prefix)
    sheet = api_sheet(client, key)
    check_against_api(html, sheet)
    assert sheet["stats"][2]["penalties"] == 1 and sheet["stats"][0]["self_drawn"] == 1


@pytest.mark.parametrize("prefix", PREFIXES)
def test_riichi_summary_says_what_the_api_says(client, prefix):
    key, view = riichi_evening(client)
    html = summary(client, view, prefix)
    check_against_api(html, api_sheet(client, key))
    assert 'data-standing data-rank="1" data-player="2"' in html


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("", ["最後排名", "食糊", "自摸", "出銃", "邊個畀邊個"]),
        ("/zh-hans", ["最终排名", "胡牌", "自摸", "点炮", "谁付给谁"]),
        ("/en", ["Final standings", "Won (食糊)", "Self-drawn", "Dealt in", "Sum lost"]),
    ],
)
def test_it_speaks_the_page_language(client, prefix, words):
    _key, view = hk_evening(client)
    html = summary(client, view, prefix)
    for word in words:
        assert word in html, word
    # The language links keep the page.
    for other in PREFIXES:
        assert f'href="{other}/sheets/view/{view}/summary/"' in html


def test_the_sheet_pages_link_to_it(client):
    key, view = hk_evening(client)
    link = f"/en/sheets/view/{view}/summary/"
    for page in (f"/en/sheets/{key}/", f"/en/sheets/view/{view}/"):
        assert link in client.get(page).content.decode()
    client.post(f"/api/v1/sheets/{key}/close", {"revision": api_sheet(client, key)["revision"]})
    html = client.get(f"/en/sheets/view/{view}/").content.decode()
    closed = re.search(r'id="sheet-closed">(.*?)</p>', html, re.S)
    assert closed is not None and link in closed.group(1)
    assert "its totals are final" in summary(client, view)


def test_an_edit_key_is_sent_to_the_view_key(client):
    key, view = hk_evening(client)
    response = client.get(f"/en/sheets/view/{key}/summary/")
    assert response.status_code == 302
    assert response["Location"] == f"/en/sheets/view/{view}/summary/"


@pytest.mark.parametrize("key", ["no-such-key", "x" * 65, "a.b"])
def test_an_unknown_key_is_our_404(client, key):
    response = client.get(f"/en/sheets/view/{key}/summary/")
    assert response.status_code == 404
    assert "No such page" in response.content.decode()


def test_a_sheet_without_hands_still_renders(client):
    _key, view, _sheet = new_sheet(client, family="hk")
    html = summary(client, view)
    assert 'id="chart-empty"' in html and "No hands yet" in html
    lines = re.findall(r'<polyline data-line="\d" points="([^"]+)"', html)
    assert len(lines) == 4 and all(len(points.split()) == 1 for points in lines)
    assert "Everyone is square." in html


def test_the_text_format(client):
    key, view = hk_evening(client)
    response = client.get(f"/en/sheets/view/{view}/summary/", {"format": "text"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    sheet = api_sheet(client, key)
    for player in sheet["players"]:
        assert player["name"] in text
    after = text.split("Who pays whom to settle up\n", 1)[1]
    assert after.count(" pays ") == len(sheet["settlement"])
    assert f"/en/sheets/view/{view}/summary/" in text
    assert key not in text  # never the edit key
    # The page's copy block holds the same text.
    html = summary(client, view)
    assert "pays" in html and 'id="summary-text"' in html
    cantonese = client.get(f"/sheets/view/{view}/summary/", {"format": "text"}).content.decode()
    assert "畀" in cantonese


def test_it_never_shows_the_edit_key(client):
    key, view = hk_evening(client)
    assert key not in summary(client, view)


def test_its_title_names_the_players_and_it_only_reads(client):
    _key, view = hk_evening(client)
    html = summary(client, view)
    assert (
        "<title>Summary: \u2068阿明\u2069, \u2068Bea\u2069, \u2068陳生\u2069, \u2068Dee\u2069</title>"
        in html
    )
    response = client.post(f"/en/sheets/view/{view}/summary/")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"
    head = client.head(f"/en/sheets/view/{view}/summary/")
    assert head.status_code == 200 and head["X-Robots-Tag"] == "noindex"


def test_the_chart_tells_the_lines_apart_without_colour():
    from calculator.presenters.sheet_chart import chart

    drawn = chart(["a", "b", "c", "d"], 0, [(8, 0, 0, -8)], [1], str, str)
    assert len({line.dash for line in drawn.lines}) == 4
    assert len({line.marker for line in drawn.lines}) == 4
    assert [line.points.split()[0] for line in drawn.lines] == ["52.0,92.0"] * 4
    # The highest total at the top of the plot, the lowest at its bottom.
    assert drawn.lines[0].points.split()[1] == "350.0,10.0"
    assert drawn.lines[3].points.split()[1] == "350.0,174.0"
    assert [tick.label for tick in drawn.y_ticks] == ["8", "-8"]
