"""Each published reference table on a page, cell by cell, against rules.md's formulas.

The page's tables come from engine values; these tests work every cell out again from the
rules as written (never through the engine's table code) and read the numbers off the page.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

ROW = re.compile(r"<tr[^>]*><th scope=\"row\">([^<]+)</th>(.*?)</tr>", re.S)
CELL = re.compile(r"<td[^>]*>([^<]*)</td>")


def number(text: str) -> int:
    return int(text.replace(",", ""))


def table(html: str, css_class: str) -> dict[str, list[str]]:
    """{row header: [cell texts]} of the first table with that class."""
    body = re.search(rf'<table class="[^"]*{css_class}[^"]*">(.*?)</table>', html, re.S)
    assert body, css_class
    return {
        unescape(head).strip(): [unescape(c).strip() for c in CELL.findall(cells)]
        for head, cells in ROW.findall(body.group(1))
    }


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def basic_points(han: int, fu: int, kiriage: bool) -> int:
    """rules.md § riichi: b = fu × 2^(han+2), mangan from 2,000 (or 1,920 with kiriage)."""
    b = fu * 2 ** (han + 2)
    if b >= 2000 or (kiriage and b == 1920):
        return 2000
    return b


def impossible(han: int, fu: int, tsumo: bool) -> bool:
    """rules.md's impossible_han_fu cells."""
    return (
        (fu == 20 and not tsumo)
        or (fu == 20 and han < 2)
        or (fu == 25 and han < 2)
        or (fu == 25 and tsumo and han < 3)
    )


def riichi_cell(han: int, fu: int, dealer: bool, tsumo: bool, honba: int, kiriage: bool) -> str:
    b = basic_points(han, fu, kiriage)
    if not tsumo:
        return f"{ceil100(b * (6 if dealer else 4)) + 300 * honba:,}"
    if dealer:
        return f"{ceil100(2 * b) + 100 * honba:,}"
    return f"{ceil100(2 * b) + 100 * honba:,} / {ceil100(b) + 100 * honba:,}"


@pytest.mark.parametrize(
    ("query", "dealer", "tsumo", "honba", "kiriage"),
    [
        ("", False, False, 0, False),
        ("dealer=1", True, False, 0, False),
        ("win=self_draw", False, True, 0, False),
        ("win=self_draw&dealer=1&honba=2", True, True, 2, False),
        ("kiriage=1&honba=1", False, False, 1, True),
    ],
)
def test_the_riichi_point_table_is_rules_md(client, query, dealer, tsumo, honba, kiriage):
    html = client.get(f"/en/riichi/?{query}").content.decode()
    fus = [int(f) for f in re.findall(r'<th scope="col" class="num">(\d+)</th>', html)]
    assert fus[:3] == [20, 25, 30] and fus[-1] == 110
    rows = table(html, "riichi-points")
    assert list(rows) == ["1", "2", "3", "4"]
    for han_text, cells in rows.items():
        han = int(han_text)
        for fu, text in zip(fus, cells, strict=True):
            if impossible(han, fu, tsumo):
                assert text == "—", (han, fu)
            else:
                assert text == riichi_cell(han, fu, dealer, tsumo, honba, kiriage), (han, fu)
    limits = table(html, "riichi-limits")
    for level, b in [("Mangan", 2000), ("Haneman", 3000), ("Baiman", 4000)]:
        row = next(cells for name, cells in limits.items() if name.startswith(level))
        if not tsumo:
            expected = f"{ceil100(b * (6 if dealer else 4)) + 300 * honba:,}"
        elif dealer:
            expected = f"{2 * b + 100 * honba:,}"
        else:
            expected = f"{2 * b + 100 * honba:,} / {b + 100 * honba:,}"
        assert row[-1] == expected, level


@pytest.mark.parametrize("flowers", [0, 3])
def test_the_mcr_table_is_rules_md(client, flowers):
    html = client.get(f"/en/mcr/?flowers={flowers}").content.decode()
    rows = table(html, "ref-table")
    assert rows, "no MCR reference rows"
    for points_text, cells in rows.items():
        p = int(points_text) + flowers
        # discarder pays, winner gets; each pays, winner gets (rules.md § mcr)
        assert [number(c) for c in cells] == [p + 8, p + 24, p + 8, 3 * p + 24], points_text


@pytest.mark.parametrize("query", ["", "hand=singles_pairs"])
def test_the_nmjl_table_is_rules_md(client, query):
    html = client.get(f"/en/nmjl/?{query}").content.decode()
    rows = table(html, "ref-table")
    assert rows, "no NMJL reference rows"
    for value_text, cells in rows.items():
        v = int(value_text)
        jokerless = v if query else 2 * v  # Singles and Pairs never doubles
        assert [number(c) for c in cells] == [4 * v, 6 * v, 4 * jokerless, 6 * jokerless]
