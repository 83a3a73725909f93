"""Score sheets in headless Chromium: two phones on one sheet stay in step without a reload,
edit and undo, the no-JS flow, and the phone layout."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import mark_page, overflow, still_same_document

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

NAMES = ("阿明", "Bea", "陳生", "Dee")
TOTAL = '[data-player="{n}"]'


def start_sheet(page, family: str = "hk") -> str:
    page.goto(f"/sheets/new/?family={family}")
    for n, name in enumerate(NAMES, 1):
        page.fill(f"#id_name{n}", name)
    page.locator("form.sheet-new button[type=submit]").click()
    page.wait_for_selector("#sheet-live")
    return page.url


def total(page, n: int) -> str:
    return page.locator(TOTAL.format(n=n)).get_attribute("data-total")


def wait_for_total(page, n: int, want: str, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "([n, want]) => document.querySelector(`[data-player='${n}']`)?.dataset.total === want",
        arg=[n, want],
        timeout=timeout,
    )


def record_hk(page, winner: str, fan: str, discarder: str = "", win: str = "discard") -> None:
    form = page.locator("form.hand-form")
    form.locator("#id_winner").select_option(winner)
    form.locator("#id_discarder").select_option(discarder)
    form.locator(f'input[name="win"][value="{win}"]').check()
    form.locator("#id_fan").fill(fan)
    form.locator('button[value="add"]').click()
    page.wait_for_load_state()


def test_two_phones_stay_in_step_without_a_reload(phone, browser, live_server):
    edit = start_sheet(phone)
    view_link = phone.locator(".sheet-share .share-url").first.input_value()
    other = browser.new_context(viewport={"width": 390, "height": 844})
    watcher = other.new_page()
    try:
        watcher.goto(view_link)
        mark_page(watcher)
        assert total(watcher, 2) == "0"
        # A few polls with nothing new (304s) leave the sheet on screen.
        watcher.wait_for_timeout(7_000)
        assert watcher.locator("#sheet-live").count() == 1
        record_hk(phone, "2", "3", discarder="4")
        wait_for_total(phone, 2, "8")
        wait_for_total(watcher, 2, "8")
        wait_for_total(watcher, 4, "-8")
        assert still_same_document(watcher)
        assert watcher.locator('[data-hand="1"]').count() == 1
        assert phone.url.startswith(edit)
    finally:
        other.close()


def test_live_preview_then_record_edit_and_undo(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("1")
    form.locator('input[name="win"][value="self_draw"]').check()
    form.locator("#id_fan").fill("5")
    phone.wait_for_selector('[data-preview-delta="36"]')
    form.locator('button[value="add"]').click()
    wait_for_total(phone, 1, "36")
    record_hk(phone, "2", "3", discarder="4")
    wait_for_total(phone, 4, "-20")
    # Edit hand 1: player 3 won it instead.
    phone.locator('[data-hand="1"] .hand-actions a').click()
    phone.wait_for_selector('form.hand-form input[name="n"][value="1"]', state="attached")
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("3")
    form.locator('button[value="replace"]').click()
    wait_for_total(phone, 3, "36")
    assert phone.locator('[data-hand="1"] details.hand-history').count() == 1
    phone.locator('button[value="undo"]').click()
    wait_for_total(phone, 4, "-12")
    assert phone.locator('[data-hand="2"].deleted').count() == 1


def test_the_whole_flow_without_javascript(no_js_phone):
    page = no_js_phone
    start_sheet(page)
    record_hk(page, "2", "3", discarder="4")
    assert total(page, 2) == "8" and total(page, 4) == "-8"
    page.locator('[data-hand="1"] button[value="delete"]').click()
    page.wait_for_load_state()
    assert total(page, 2) == "0"
    page.locator('[data-hand="1"] button[value="restore"]').click()
    page.wait_for_load_state()
    assert total(page, 2) == "8"


def test_phone_layout_does_not_scroll_sideways(phone):
    start_sheet(phone, "riichi")
    assert overflow(phone) <= 0
    phone.goto("/sheets/new/?family=riichi")
    assert overflow(phone) <= 0
