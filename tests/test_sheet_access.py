"""The sheet for a screen reader and a keyboard, through the test client: one status line
that stays in the page and is told what changed, each row's buttons named with their hand,
the controls a poll replaces kept by their ids."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.test_sheet_pages import HX, page, record, start, tap_record, visible

pytestmark = [pytest.mark.database, pytest.mark.django_db]

ANNOUNCE = re.compile(r'<p id="sheet-announce"([^>]*)>(.*?)</p>', re.S)


def announced(html: str) -> tuple[str, str]:
    found = ANNOUNCE.findall(visible(html))
    assert len(found) == 1, found
    attributes, words = found[0]
    return attributes, unescape(words)


def test_the_page_has_one_polite_status_line_outside_the_swapped_blocks(client):
    url = start(client, family="hk")
    html = page(client, url)
    attributes, words = announced(html)
    assert 'role="status"' in attributes and 'aria-live="polite"' in attributes
    assert "hx-swap-oob" not in attributes and words == ""
    assert html.count("aria-live") == 1  # the preview, swapped whole, is no live region
    live = html.index('id="sheet-live"')
    assert html.index('id="sheet-announce"') < live  # not inside the block polls replace


def test_a_poll_tells_the_status_line_the_newest_hand_and_the_totals(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    html = client.get(url, headers=HX).content.decode()
    attributes, words = announced(html)
    assert 'hx-swap-oob="innerHTML"' in attributes  # its words, never the element
    assert (
        words
        == "張紙有更新。最新：第 1 鋪，Bea 食 Dee 出銃。 總數：阿明 0 · Bea +8 · 陳生 0 · Dee −8"
    )


def test_a_hand_recorded_in_place_is_said_by_the_status_line(client):
    url = start(client, family="hk")
    html = tap_record(client, url, winner="2", discarder="4", fan="3", key="a").content.decode()
    attributes, words = announced(html)
    assert 'hx-swap-oob="innerHTML"' in attributes
    assert words == "第 1 鋪記低咗。 總數：阿明 0 · Bea +8 · 陳生 0 · Dee −8"


def test_the_preview_is_said_by_the_status_line(client):
    url = start(client, family="hk", unit="1")
    data = {"action": "preview", "winner": "2", "discarder": "4", "fan": "3"}
    html = client.post(url, data, headers=HX).content.decode()
    attributes, words = announced(html)
    assert 'hx-swap-oob="innerHTML"' in attributes
    assert words.endswith("阿明 0 · Bea +8 · 陳生 0 · Dee −8")


@pytest.mark.parametrize(
    ("prefix", "edit", "delete"),
    [("", "改第 {n} 鋪", "刪除第 {n} 鋪"), ("/en", "Edit hand {n}", "Delete hand {n}")],
)
def test_each_rows_buttons_are_named_with_their_hand(client, prefix, edit, delete):
    url = start(client, family="hk")
    for key in "ab":
        record(client, url, winner="2", discarder="4", fan="3", key=key)
    html = page(client, f"{prefix}{url}")
    for n in (1, 2):
        link = re.search(rf'<a href="[^"]*edit={n}#hand-form" ([^>]*)>([^<]*)</a>', html)
        assert f'id="edit-hand-{n}"' in link.group(1)
        assert f'aria-label="{edit.format(n=n)}"' in link.group(1)
        assert link.group(2) in edit  # the visible word is part of the name
        button = re.search(rf'<button [^>]*id="delete-hand-{n}"[^>]*>([^<]*)</button>', html)
        assert f'aria-label="{delete.format(n=n)}"' in button.group(0)
        assert button.group(1) in delete


def test_the_undo_button_has_an_id_a_poll_keeps(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    assert 'id="sheet-undo"' in page(client, url)
    assert 'id="sheet-undo"' in client.get(url, headers=HX).content.decode()
