"""The MCR and NMJL pages in headless Chromium at a phone viewport, and the NMJL bettor's line
(issue 13, item 8) on a phone and a tablet."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    RECEIVES,
    address,
    mark_page,
    receives,
    still_same_document,
    wait_for_receives,
    wait_for_url,
)

pytestmark = pytest.mark.browser


def test_mcr_updates_live_and_the_address_bar(phone):
    phone.goto("/mcr/")
    assert receives(phone) == "32"
    mark_page(phone)
    phone.fill("#id_points", "24")
    phone.fill("#id_flowers", "2")
    wait_for_receives(phone, "50")
    wait_for_url(phone, "/mcr/?points=24&flowers=2")
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "102")
    wait_for_url(phone, "/mcr/?points=24&flowers=2&win=self_draw")
    assert still_same_document(phone)


def test_mcr_note_appears_live_under_8_points(phone):
    phone.goto("/en/mcr/")
    phone.fill("#id_points", "6")
    phone.fill("#id_flowers", "2")
    # 6 + 2 flowers pays 32, like the default 8 points: wait for the address bar first.
    phone.wait_for_function("want => location.search === want", arg="?points=6&flowers=2")
    wait_for_receives(phone, "32")
    assert phone.locator('[data-note="below_min_points"]').count() == 1


def test_nmjl_updates_live_and_the_address_bar(phone):
    phone.goto("/nmjl/")
    assert receives(phone) == "100"
    mark_page(phone)
    phone.locator("#id_jokerless").check()
    wait_for_receives(phone, "200")
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "300")
    wait_for_url(phone, "/nmjl/?win=self_draw&jokerless=1")
    phone.locator('input[name="hand"][value="singles_pairs"]').check()
    wait_for_receives(phone, "150")
    assert phone.locator('[data-note="jokerless_not_doubled"]').count() == 1
    assert still_same_document(phone)


def test_nmjl_bettor_line_and_contradiction_live(table_device):
    page = table_device
    page.goto("/en/nmjl/")
    page.select_option("#id_bettor", "winner")
    page.wait_for_selector('.who-pays .bettor-line[data-bettor="winner"]')
    # inside the who-pays table: the bettor's takings, and each loser's whole payment
    assert page.locator(".bettor-line").inner_text().split() == [
        "The",
        "bettor",
        "collects",
        "100",
    ]
    whole = page.locator(".who-pays tbody tr td:last-child").all_inner_texts()
    assert whole == ["100", "50", "50"]
    assert page.locator(".cards .card").nth(1).locator(".mid").inner_text() == "100 / 50 / 50"
    assert receives(page) == "100"
    page.select_option("#id_bettor", "discarder")
    wait_for_receives(page, "150")
    assert page.locator('[data-payment][data-role="bettor"]').get_attribute("data-amount") == "50"
    page.locator('input[name="win"][value="self_draw"]').check()
    page.wait_for_selector("#err-bettor:has-text('no discarder')")
    assert page.locator(RECEIVES).count() == 0
    # An invalid link keeps what was sent, so whoever opens it sees the same error.
    wait_for_url(
        page, "/en/nmjl/?value=25&win=self_draw&jokerless=0&hand=standard&bettor=discarder"
    )
    page.select_option("#id_bettor", "other")
    wait_for_receives(page, "200")
    assert page.locator("#err-bettor").inner_text() == ""


@pytest.mark.parametrize(
    ("path", "field", "value", "want"),
    [("/mcr/", "#id_points", "16", "40"), ("/nmjl/", "#id_value", "40", "160")],
)
def test_opening_the_canonical_url_shows_the_same_numbers(phone, browser, path, field, value, want):
    phone.goto(path)
    phone.fill(field, value)
    wait_for_receives(phone, want)
    url = address(phone)
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(url)
    assert receives(fresh) == want
    assert fresh.input_value(field) == value
    other.close()


def test_switching_families_keeps_the_language_and_resets_to_defaults(phone):
    phone.goto("/en/mcr/?points=24&flowers=2")
    assert receives(phone) == "50"
    phone.locator('.family-switch a[href="/en/nmjl/"]').click()
    phone.wait_for_url("**/en/nmjl/")
    assert phone.locator("html").get_attribute("lang") == "en"
    assert receives(phone) == "100"
    assert phone.input_value("#id_value") == "25"
    phone.locator('.family-switch a[href="/en/mcr/"]').click()
    phone.wait_for_url("**/en/mcr/")
    assert receives(phone) == "32"
    assert phone.input_value("#id_points") == "8"
    assert phone.input_value("#id_flowers") == "0"


def test_without_javascript_the_forms_submit(no_js_phone):
    page = no_js_phone
    page.goto("/en/nmjl/")
    page.locator("#id_jokerless").check()
    page.select_option("#id_bettor", "discarder")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "300"
    page.goto("/en/mcr/")
    page.fill("#id_points", "24")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "48"


@pytest.mark.parametrize(
    "path",
    [
        "/mcr/",
        "/en/mcr/?points=1000&flowers=8&win=self_draw",
        "/zh-hans/mcr/?points=6",
        "/nmjl/?bettor=winner",
        "/en/nmjl/?value=1000&jokerless=1&win=self_draw&bettor=other",
        "/en/nmjl/?bettor=discarder&win=self_draw",
        "/zh-hans/nmjl/?hand=singles_pairs&jokerless=1",
    ],
)
def test_phone_viewport_has_no_horizontal_scroll(phone, path):
    for width in (390, 360):
        phone.set_viewport_size({"width": width, "height": 844})
        phone.goto(path)
        overflow = phone.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, (path, width)
        # The reference table fits too, without its own sideways scroll.
        wide = phone.evaluate(
            "[...document.querySelectorAll('.reference .table-scroll')]"
            ".some(el => el.scrollWidth > el.clientWidth)"
        )
        assert not wide, (path, width)


@pytest.mark.parametrize("path", ["/mcr/", "/nmjl/?bettor=winner"])
def test_tap_targets_are_at_least_44px(phone, path):
    phone.goto(path)
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main input:not([type=hidden]), main select, main button, main summary')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = (el.closest('label') || el).getBoundingClientRect(); return [el.name || el.textContent.trim(), box.height]; })
            .filter(([, h]) => h < 44)"""
    )
    assert small == []
