"""The /taiwan/ page in headless Chromium at a 390 px phone, in all three languages: the
worked example, live updates, the stake chips, and no JavaScript at all."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    mark_page,
    overflow,
    receives,
    still_same_document,
    wait_for_receives,
    wait_for_url,
)

pytestmark = pytest.mark.browser

# The language prefix, and how the dealer's line of the first card says 連2拉2.
LANGUAGES = [("", "莊家 · 連2拉2"), ("/zh-hans", "庄家 · 连2拉2"), ("/en", "The dealer · 連2拉2")]


@pytest.mark.parametrize(("prefix", "dealer_line"), LANGUAGES)
def test_the_worked_example_on_a_phone(phone, prefix, dealer_line):
    phone.goto(f"{prefix}/taiwan/?tai=5&win=self_draw&streak=2")
    assert receives(phone) == "700"
    card = phone.locator(".card-players")
    assert card.locator('[data-player="dealer"]').inner_text().startswith(dealer_line)
    assert card.locator('[data-player="dealer"]').get_attribute("data-net") == "-300"
    assert card.locator('[data-player="other"]').get_attribute("data-net") == "-200"
    assert overflow(phone) <= 0
    assert phone.locator('.ref-table tr[data-row="tai-5"]').is_visible()


@pytest.mark.parametrize(("prefix", "_line"), LANGUAGES)
def test_live_updates_and_stake_chips(phone, prefix, _line):
    phone.goto(f"{prefix}/taiwan/?tai=5&win=self_draw&streak=2")
    mark_page(phone)
    phone.fill("#id_tai", "4")
    wait_for_receives(phone, "640")  # 280 from the dealer, 180 from each of the others
    wait_for_url(phone, f"{prefix}/taiwan/?tai=4&win=self_draw&streak=2")
    phone.locator("details.table-rules summary").click()
    phone.locator('button.chip[data-base="300"]').click()
    wait_for_receives(phone, "2600")  # 300 + 9 × 100, then 700 twice
    wait_for_url(phone, f"{prefix}/taiwan/?tai=4&win=self_draw&streak=2&base=300&per_tai=100")
    phone.locator('input[name="dealer"][value="winner"]').check()
    wait_for_receives(phone, "3600")  # each of three: 300 + 9 × 100
    assert still_same_document(phone)
    assert overflow(phone) <= 0


def test_a_contradiction_is_shown_beside_the_dealer(phone):
    phone.goto("/en/taiwan/?win=self_draw")
    phone.locator('input[name="dealer"][value="discarder"]').check()
    phone.wait_for_selector('#err-dealer:has-text("no discarder")')
    assert phone.locator('[data-state="invalid"]').is_visible()


def test_without_javascript_the_form_submits(no_js_phone):
    page = no_js_phone
    page.goto("/en/taiwan/")
    page.fill("#id_tai", "7")
    page.locator('label:has(input[name="win"][value="self_draw"])').click()
    page.fill("#id_streak", "1")
    page.locator("details.table-rules summary").click()
    page.fill("#id_cap", "8")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "740"
    assert "cap=8" in page.url
    assert page.locator('[data-note="capped"]').is_visible()
