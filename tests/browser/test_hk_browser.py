"""The HK page in headless Chromium at a phone viewport: live updates, links, no-JS; the rules
line of a shared link (issue 13, item 5) on a phone and a tablet."""

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
    url = address(phone)
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(url)
    assert receives(fresh) == "48"
    assert fresh.input_value("#id_fan") == "7"
    other.close()


def test_invalid_input_shows_the_error_live_and_recovers(phone):
    phone.goto("/en/hk/")
    phone.fill("#id_fan", "100")
    phone.wait_for_selector("#err-fan:has-text('0 to 99')")
    assert phone.locator(RECEIVES).count() == 0
    phone.fill("#id_fan", "4")
    wait_for_receives(phone, "16")
    assert phone.locator("#err-fan").inner_text() == ""


def test_back_after_live_updates_shows_a_whole_page(phone):
    phone.goto("/en/hk/")
    phone.fill("#id_fan", "6")
    wait_for_receives(phone, "32")
    # htmx writes the address with the answer: leave only once it holds the new state.
    phone.wait_for_function("() => new URLSearchParams(location.search).get('fan') === '6'")
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


# --- issue 13: 包自摸, the rules line, each payer's share in the table ---------------------


def test_liable_pays_everything_live_and_a_discard_refuses_it(phone):
    phone.goto("/en/hk/")
    mark_page(phone)
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "12")
    phone.locator("#id_liable").check()
    wait_for_url(phone, "/en/hk/?win=self_draw&liable=1")
    roles = phone.eval_on_selector_all(
        "[data-payment]", "rows => rows.map(r => r.dataset.role + ':' + r.dataset.amount)"
    )
    assert roles == ["liable:12", "other:0", "other:0"]
    assert receives(phone) == "12"
    head = phone.locator("table.hk-points thead th").nth(3).inner_text()
    assert head == "Self-draw: liable player / each other"
    assert phone.locator('table.hk-points tr[data-row="fan-3"] td').nth(2).inner_text() == "12 / 0"
    # Back to a discard: 包自摸 cannot apply, and the message sits beside the box.
    phone.locator('input[name="win"][value="discard"]').check()
    phone.wait_for_selector("#err-liable:has-text('包自摸')")
    assert phone.locator(RECEIVES).count() == 0
    phone.locator("#id_liable").uncheck()
    wait_for_receives(phone, "8")
    assert phone.locator("#err-liable").inner_text() == ""
    assert still_same_document(phone)


def test_a_shared_link_shows_its_rules_and_tapping_them_opens_the_table_rules(table_device):
    page = table_device
    page.goto("/en/hk/?fan=5&win=self_draw&split=half&unit=4")
    line = page.locator(".card-main .rules-line a")
    assert line.is_visible()
    words = line.inner_text()
    assert words.startswith("Table rules: 一二蚊") and "· 半辣 (half) · 半銃" in words
    assert "10-fan cap" in words
    assert "一二蚊" in page.title() and "144" in page.title()
    copied = page.locator(".card-main button.copy").get_attribute("data-copy")
    assert "Each of the 3 players pays 48." in copied and copied.endswith("unit=4")
    assert not page.locator("details#rules").evaluate("d => d.open")
    line.click()
    page.wait_for_function("() => document.getElementById('rules').open")
    assert page.locator("#id_split").is_visible()


def test_the_rules_line_follows_a_live_change(table_device):
    page = table_device
    page.goto("/en/hk/")
    assert page.locator(".rules-line").inner_text().endswith("10-fan cap")
    page.locator(".rules-line a").click()
    page.fill("#id_cap", "8")
    page.wait_for_selector(".rules-line:has-text('8-fan cap')")
    page.select_option("#id_split", "half")
    page.wait_for_function(
        "() => document.querySelector('table.hk-points tr[data-row=\"fan-3\"] td:nth-of-type(4)')"
        ".textContent === '4 / 2'"
    )


def test_back_from_an_in_page_link_shows_the_state_its_address_names(phone):
    phone.goto("/en/hk/?fan=3")
    phone.fill("#id_fan", "5")
    wait_for_url(phone, "/en/hk/?fan=5")
    five = receives(phone)
    phone.evaluate("location.hash = 'result'")  # as the result bar's link does
    phone.fill("#id_fan", "7")
    wait_for_receives(phone, "48")
    wait_for_url(phone, "/en/hk/?fan=7")
    phone.go_back()
    wait_for_url(phone, "/en/hk/?fan=5")
    wait_for_receives(phone, five)
    assert phone.input_value("#id_fan") == "5"


def test_a_language_link_clicked_right_after_typing_is_followed(phone):
    phone.goto("/en/hk/")
    phone.fill("#id_fan", "6")
    wait_for_url(phone, "/en/hk/?fan=6")
    # A mouse press as people make it: leaving the field fires `change` for a value already
    # asked about, and nothing may redraw the link while the button is down.
    box = phone.locator('#languages a[hreflang="zh-hans"]').bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    phone.wait_for_timeout(80)
    phone.mouse.up()
    phone.wait_for_url("**/zh-hans/hk/?fan=6")
    assert receives(phone) == "32"
