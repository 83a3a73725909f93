"""The HK page in headless Chromium at a phone viewport: live updates, links, no-JS."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    RECEIVES,
    mark_page,
    receives,
    still_same_document,
    wait_for_receives,
    wait_for_url,
)

pytestmark = pytest.mark.browser


def test_changing_fan_updates_live_and_the_address_bar(phone):
    phone.goto("/hk/")
    assert receives(phone) == "8"
    mark_page(phone)
    phone.fill("#id_fan", "5")
    wait_for_receives(phone, "24")
    wait_for_url(phone, "/hk/?fan=5")
    assert still_same_document(phone)


def test_win_type_and_table_rules_update_live(phone):
    phone.goto("/hk/?fan=5")
    mark_page(phone)
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "36")
    phone.locator("details.table-rules summary").click()
    phone.select_option("#id_split", "half")
    phone.select_option("#id_scale", "full")
    wait_for_receives(phone, "48")
    wait_for_url(phone, "/hk/?fan=5&win=self_draw&scale=full&split=half")
    assert still_same_document(phone)


def test_stake_preset_sets_the_unit(phone):
    phone.goto("/hk/")
    phone.locator("details.table-rules summary").click()
    phone.locator('button[data-unit="4"]').click()
    wait_for_receives(phone, "32")
    wait_for_url(phone, "/hk/?unit=4")


def test_opening_the_canonical_url_shows_the_same_numbers(phone, browser, live_server):
    phone.goto("/hk/")
    phone.fill("#id_fan", "7")
    wait_for_receives(phone, "48")
    url = phone.url
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(url)
    assert receives(fresh) == "48"
    assert fresh.input_value("#id_fan") == "7"
    other.close()


def test_invalid_input_shows_the_error_live_and_recovers(phone):
    phone.goto("/en/hk/")
    phone.fill("#id_fan", "14")
    phone.wait_for_selector("#err-fan:has-text('0 to 13')")
    assert phone.locator(RECEIVES).count() == 0
    phone.fill("#id_fan", "4")
    wait_for_receives(phone, "16")
    assert phone.locator("#err-fan").inner_text() == ""


def test_back_after_live_updates_shows_a_whole_page(phone):
    phone.goto("/en/hk/")
    phone.fill("#id_fan", "6")
    wait_for_receives(phone, "32")
    phone.goto("/en/hk/?fan=9")
    phone.go_back()
    phone.wait_for_selector("form#calc")
    assert phone.locator("header.site-header").count() == 1
    assert receives(phone) == "32"


def test_without_javascript_the_form_submits(no_js_phone):
    page = no_js_phone
    page.goto("/en/hk/")
    page.fill("#id_fan", "6")
    page.locator("details.table-rules summary").click()
    page.select_option("#id_split", "half")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "32"
    assert "fan=6" in page.url and "split=half" in page.url


def test_phone_viewport_has_no_horizontal_scroll(phone):
    for path in ["/hk/", "/en/hk/?fan=13&unit=1000000&scale=full&cap=13", "/zh-hans/hk/"]:
        phone.goto(path)
        phone.locator("details.table-rules summary").click()
        overflow = phone.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, path


def test_tap_targets_are_at_least_44px(phone):
    phone.goto("/hk/")
    phone.locator("details.table-rules summary").click()
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main input:not([type=hidden]), main select, main button, main summary, .family-switch a, .languages a')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = (el.closest('label') || el).getBoundingClientRect(); return [el.name || el.textContent.trim(), box.height]; })
            .filter(([, h]) => h < 44)"""
    )
    assert small == []


def test_language_switch_keeps_the_parameters(phone):
    phone.goto("/hk/?fan=5&split=half")
    phone.locator('.languages a[hreflang="en"]').click()
    phone.wait_for_url("**/en/hk/?fan=5&split=half")
    assert receives(phone) == "24"
    assert phone.locator("html").get_attribute("lang") == "en"


def test_no_third_party_requests(phone, live_server):
    hosts = set()
    phone.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    phone.goto("/hk/")
    phone.fill("#id_fan", "6")
    wait_for_receives(phone, "32")
    assert hosts == {live_server.url.split("/")[2]}
