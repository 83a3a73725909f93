"""The sheet for a screen reader and a keyboard, in headless Chromium at 390 px: another
phone's hand leaves the focus where it was and is said by a status line that stays in the
page; each row's buttons are named with their hand and big enough to tap."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import mark_page, still_same_document
from tests.browser.test_sheet_browser import record_hk, start_sheet, wait_for_total

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

FOCUSED = "document.activeElement && document.activeElement.id"


@pytest.fixture
def second_phone(browser, live_server):
    """Phone B at the same table: its own browser context at 390 px."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    yield context.new_page()
    context.close()


def test_another_phones_hand_keeps_the_focus_and_is_said_in_place(phone, second_phone):
    edit = start_sheet(phone)
    record_hk(phone, "2", "3", discarder="4")
    second_phone.goto(edit)
    mark_page(phone)
    phone.evaluate("document.getElementById('sheet-announce').keptFromLoad = true")
    phone.locator("#sheet-undo").focus()
    assert phone.evaluate(FOCUSED) == "sheet-undo"
    record_hk(second_phone, "1", "5", win="self_draw")
    wait_for_total(phone, 1, "36")
    # The block with the totals was replaced: the undo button (now hand 2's) has the focus.
    assert phone.evaluate(FOCUSED) == "sheet-undo"
    assert "2" in phone.locator("#sheet-undo").inner_text()
    # The status line is the node the page loaded with, told the new hand and the totals.
    phone.wait_for_function(
        "() => document.getElementById('sheet-announce').textContent.includes('第 2 鋪')"
    )
    assert phone.evaluate("document.getElementById('sheet-announce').keptFromLoad === true")
    said = (
        phone.locator("#sheet-announce").text_content().replace("\u2068", "").replace("\u2069", "")
    )
    assert "阿明 +36" in said and phone.locator("[aria-live]").count() == 1
    assert still_same_document(phone)
    # A row's button keeps the focus too when the list is drawn again.
    phone.locator("#delete-hand-1").focus()
    record_hk(second_phone, "3", "3", discarder="1")
    wait_for_total(phone, 3, "-4")
    assert phone.evaluate(FOCUSED) == "delete-hand-1"
    assert phone.evaluate("document.getElementById('sheet-announce').keptFromLoad === true")


def test_each_rows_buttons_say_their_hand_and_are_big_enough(phone):
    start_sheet(phone)
    record_hk(phone, "2", "3", discarder="4")
    record_hk(phone, "1", "5", win="self_draw")
    for n in (1, 2):
        assert phone.get_by_role("button", name=f"刪除第 {n} 鋪", exact=True).count() == 1
        edit = phone.get_by_role("link", name=f"改第 {n} 鋪", exact=True)
        assert edit.count() == 1 and edit.inner_text() == "改"
        box = edit.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, box
    # Deleted, hand 1's button restores it, and says so.
    phone.get_by_role("button", name="刪除第 1 鋪", exact=True).click()
    restore = phone.get_by_role("button", name="還原第 1 鋪", exact=True)
    restore.wait_for()
    assert restore.inner_text() == "還原"
