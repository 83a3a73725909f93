"""The first result card says what each player pays or gets, by role (HK and riichi).

Read through the test client from the card's hooks: `[data-player]` lines with the role, how
many players the line is for, and each one's signed net (`data-net`).
"""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}


def card(client, path: str, params: dict) -> str:
    html = client.get(path, params, headers=HX).content.decode()
    match = re.search(r'<div class="card card-main card-players[^"]*">(.*?)</ul>', html, re.S)
    assert match, "no every-player first card"
    return match.group(1)


def lines(client, path: str, params: dict) -> list[tuple[str, str, str]]:
    """(role, count, net) of each line of the first card, top to bottom."""
    return re.findall(
        r'data-player="([a-z_]+)" data-count="(\d)" data-net="(-?[0-9.]+)"',
        card(client, path, params),
    )


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        # rules.md: 3 番 discard → 8/0/0; split=half → 4/2/2; self-draw → 4/4/4, receives 12.
        ({"fan": 3}, [("winner", "1", "8"), ("discarder", "1", "-8"), ("other", "2", "0")]),
        (
            {"fan": 3, "split": "half"},
            [("winner", "1", "8"), ("discarder", "1", "-4"), ("other", "2", "-2")],
        ),
        ({"fan": 3, "win": "self_draw"}, [("winner", "1", "12"), ("other", "3", "-4")]),
        # 0 番 split=half → 0.5 / 0.25 / 0.25: the others' quarter, exact.
        (
            {"fan": 0, "split": "half", "min_fan": 0},
            [("winner", "1", "1"), ("discarder", "1", "-0.5"), ("other", "2", "-0.25")],
        ),
        # 一二蚊, half table: 5 番 self-draw receives 144, 48 each.
        (
            {"fan": 5, "win": "self_draw", "unit": 4, "split": "half"},
            [("winner", "1", "144"), ("other", "3", "-48")],
        ),
        # 莊家制, unit 4, 0 番, winner not dealer: dealer 2, others 1 and 1.
        (
            {"fan": 0, "split": "dealer", "unit": 4, "min_fan": 0},
            [("winner", "1", "4"), ("dealer", "1", "-2"), ("other", "2", "-1")],
        ),
        # 包自摸: the liable player pays all three shares, the other two nothing.
        (
            {"fan": 3, "win": "self_draw", "liable": 1},
            [("winner", "1", "12"), ("liable", "1", "-12"), ("other", "2", "0")],
        ),
    ],
)
def test_hk_first_card_has_every_players_line(client, params, expected):
    assert lines(client, "/en/hk/", params) == expected


def test_hk_discard_card_words_the_others_zero_and_quarter(client):
    text = card(client, "/en/hk/", {"fan": 3})
    assert "The discarder" in text and "The other two" in text and "pay nothing" in text
    text = card(client, "/en/hk/", {"fan": 3, "split": "half"})
    assert "2 each" in text


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        # 3 飜 30 符: non-dealer ron 3,900; dealer ron 5,800.
        (
            {"han": 3, "fu": 30},
            [("winner", "1", "3900"), ("discarder", "1", "-3900"), ("other", "2", "0")],
        ),
        (
            {"han": 3, "fu": 30, "dealer": 1},
            [("winner", "1", "5800"), ("discarder", "1", "-5800"), ("other", "2", "0")],
        ),
        # 3 飜 40 符 tsumo: non-dealer 2,600 / 1,300 each; dealer 2,600 from each of three.
        (
            {"han": 3, "fu": 40, "win": "self_draw"},
            [("winner", "1", "5200"), ("dealer", "1", "-2600"), ("non_dealer", "2", "-1300")],
        ),
        (
            {"han": 3, "fu": 40, "win": "self_draw", "dealer": 1},
            [("winner", "1", "7800"), ("non_dealer", "3", "-2600")],
        ),
    ],
)
def test_riichi_first_card_has_ron_and_tsumo_lines_by_seat(client, params, expected):
    assert lines(client, "/en/riichi/", params) == expected


def test_riichi_sticks_are_said_on_the_winners_line(client):
    text = card(client, "/en/riichi/", {"han": 3, "fu": 30, "riichi_sticks": 2})
    assert 'data-net="5900"' in text
    assert "2,000 of it from the riichi sticks" in text


def test_the_phone_bar_carries_the_same_payer_lines(client):
    html = client.get("/en/hk/", {"fan": 3, "split": "half"}, headers=HX).content.decode()
    bar = re.search(r'<a class="result-bar[^>]*>(.*?)</a>', html, re.S).group(1)
    assert "<strong>8</strong>" in bar
    assert "The discarder −4 · The other two −2 each" in bar


@pytest.mark.parametrize(
    ("path", "params", "unit"),
    [
        ("/en/hk/", {"fan": 3}, "Amounts in points"),
        ("/en/hk/", {"fan": 3, "unit": 4}, "Amounts at 4 a point (一二蚊"),
        ("/en/riichi/", {}, "Amounts in points"),
    ],
)
def test_the_first_card_says_what_the_amounts_are_counted_in(client, path, params, unit):
    html = client.get(path, params, headers=HX).content.decode()
    assert re.search(r'<p class="small amount-unit">([^<]*)</p>', html).group(1).startswith(unit)


def test_riichi_page_has_a_rules_line_that_opens_its_table_rules(client):
    html = client.get("/en/riichi/", {"kiriage": 1, "kazoe": "sanbaiman"}).content.decode()
    line = re.search(r'<p class="rules-line"><a href="#rules" data-rules>([^<]*)</a>', html)
    assert line and "切上滿貫" in line.group(1) and "no 切上滿貫" not in line.group(1)
    assert "sanbaiman" in line.group(1)
    assert '<details class="table-rules" id="rules">' in html
    three = client.get("/en/riichi/", {"players": 3, "sanma": "bisection"}).content.decode()
    assert "三麻" in three and "北家折半" in re.search(
        r'class="rules-line">(.*?)</p>', three
    ).group(1)


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/en/mcr/", "Amounts in points (分)."),
        ("/en/nmjl/", "Amounts in card points (often 1¢ each)."),
        ("/en/jiujiang/?unit=0.5", "Amounts at 0.5 a 番."),
        ("/en/classical/?s_fu=20", "Amounts in 副 (classical points)."),
        ("/classical/?s_fu=20&unit=2", "每副 2。"),
    ],
)
def test_every_familys_first_card_says_what_the_amounts_are(client, path, words):
    html = client.get(path).content.decode()
    assert f'<p class="small amount-unit">{words}</p>' in html
