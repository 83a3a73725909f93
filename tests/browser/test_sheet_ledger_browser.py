"""Real evenings on a sheet in headless Chromium at 390 px: two winners on one discard
recorded on one phone show on another; a penalty chosen by its kind asks only its fields."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import mark_page, still_same_document
from tests.browser.test_sheet_browser import hands_shown, start_sheet, total, wait_for_total

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]


def record(phone) -> None:
    """Tap "record" and wait for the list to show one hand more."""
    before = hands_shown(phone)
    phone.locator('form.hand-form button[value="add"]').click()
    phone.wait_for_function(
        "n => document.querySelectorAll('#sheet-record [data-hand]').length > n", arg=before
    )


def test_a_double_win_on_one_phone_shows_on_another(phone, browser, live_server):
    start_sheet(phone)
    # The view link on a second phone of the same size.
    other = browser.new_context(viewport=phone.viewport_size)
    watcher = other.new_page()
    try:
        view_link = phone.locator(".sheet-share .share-url").first.input_value()
        watcher.goto(view_link)
        mark_page(watcher)
        assert total(watcher, 1) == "0"
        form = phone.locator("form.hand-form")
        form.locator("#id_winner").select_option("2")
        form.locator('input[name="also_won"][value="1"]').check()
        form.locator("#id_discarder").select_option("4")
        form.locator("#id_fan").fill("5,3")
        record(phone)
        # hk's default: the first in turn after the discarder (player 1) is paid; player 2
        # is head-bumped, and said so by name.
        wait_for_total(phone, 1, "8")
        wait_for_total(watcher, 1, "8", timeout=15_000)
        wait_for_total(watcher, 4, "-8")
        row = watcher.locator('[data-hand="1"]')
        assert "Bea" in row.inner_text() and "阿明" in row.inner_text()
        assert still_same_document(watcher)
    finally:
        other.close()


def test_a_penalty_asks_only_its_own_fields(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    assert form.locator("#id_offender").is_hidden()
    form.locator('input[name="kind"][value="penalty"]').check()
    assert form.locator("#id_offender").is_visible() and form.locator("#id_winner").is_hidden()
    form.locator("#id_offender").select_option("3")
    record(phone)
    wait_for_total(phone, 3, "-576")
    assert total(phone, 1) == "192"
