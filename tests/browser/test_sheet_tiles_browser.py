"""A sheet's hand from the tiles in headless Chromium at 390 px: tap the tiles on the hand
page opened from the sheet, choose the seat (it names the winner) and the discarder, record,
and see the hand on the sheet; and the same without JavaScript."""

from __future__ import annotations

import pytest

from calculator import sheet_tiles, sheets
from calculator.models import Sheet
from tests.browser.page_helpers import mark_page, overflow, still_same_document

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

NAMES = ["阿明", "Bea", "陳生", "Dee"]
# 123m 678p, concealed 白白白 發發發, 南南 pair: two dragons, 門前清, 無花 = 4 番 → 半辣 16.
TILES = ("1m", "2m", "3m", "6p", "7p", "8p", "5z", "5z", "5z", "6z", "6z", "6z", "2z", "2z")


def tiles_address(family: str = "hk") -> tuple[Sheet, str]:
    sheet = Sheet.objects.create(family=family, rules={}, players=NAMES)
    return sheet, sheet_tiles.tiles_url(sheets.work_out(sheet))


def total(page, n: int) -> str:
    return page.locator(f'[data-player="{n}"]').get_attribute("data-total")


def test_tap_the_tiles_choose_the_winner_record_and_see_it_on_the_sheet(phone):
    sheet, address = tiles_address()
    phone.goto(address)
    mark_page(phone)
    assert phone.locator("#sheet-record").count() == 1
    assert phone.locator("[data-sheet-record]").count() == 0  # nothing to record yet
    for tile in TILES:
        phone.locator(f'.kb-grid [data-tile="{tile}"]').click()
    phone.locator('label:has(input[name="seat"][value="s"])').click()
    phone.wait_for_selector('[data-hand="fan"][data-fan-total="4"]')
    form = phone.locator("[data-sheet-record]")
    form.wait_for()
    # South is player 2 while player 1 deals: chosen already.
    phone.wait_for_function(
        "() => document.querySelector('[data-sheet-record] input[name=winner]:checked')?.value === '2'"
    )
    assert still_same_document(phone)
    # The record block sits right under the numbers it records, within a screen of them.
    assert phone.locator("#result #sheet-record").count() == 1
    receives = phone.locator('[data-result="winner_receives"]').bounding_box()["y"]
    assert 0 < form.bounding_box()["y"] - receives < phone.viewport_size["height"]
    assert phone.url.endswith(f"sheet={sheet.edit_key}")  # the address keeps the sheet
    assert overflow(phone) <= 0
    form.locator('label:has(input[name="discarder"][value="4"])').click()
    form.locator('button[value="add"]').click()
    phone.wait_for_selector("#sheet-live")
    assert phone.url.split("#")[0].endswith(f"/sheets/{sheet.edit_key}/")
    assert [total(phone, n) for n in (1, 2, 3, 4)] == ["0", "16", "0", "-16"]
    assert phone.locator('[data-hand="1"]').count() == 1
    assert overflow(phone) <= 0


def test_the_no_js_flow_records_from_typed_tiles(no_js_phone):
    sheet, address = tiles_address()
    page = no_js_phone
    page.goto(address)
    page.fill("#id_hand", "".join(TILES))
    page.fill("#id_win_tile", "2z")
    page.locator('label:has(input[name="seat"][value="s"])').click()
    page.locator("button.no-js-only").click()  # "Work it out": a plain GET
    page.wait_for_selector("[data-sheet-record]")
    assert f"sheet={sheet.edit_key}" in page.url
    form = page.locator("[data-sheet-record]")
    assert form.locator('input[name="winner"][value="2"]').is_checked()
    form.locator('label:has(input[name="discarder"][value="4"])').click()
    form.locator('button[value="add"]').click()
    page.wait_for_selector("#sheet-live")
    assert [total(page, n) for n in (1, 2, 3, 4)] == ["0", "16", "0", "-16"]
