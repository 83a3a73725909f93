"""The Jiujiang and classical pages in headless Chromium: live updates, links, phone layout,
and issue 13's items 1 and 3 on a phone and a tablet."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    RECEIVES,
    address,
    mark_page,
    overflow,
    receives,
    still_same_document,
    wait_for_receives,
    wait_for_url,
)

pytestmark = pytest.mark.browser

SEED_002 = "/classical/?e_fu=6&s_fu=20&w_fu=40&n_fu=2&s_fan=1&w_fan=1"


def pattern_box(page, value: str):
    return page.locator(f'input[name="pattern"][value="{value}"]')


def nets(page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-player]", "rows => rows.map(r => r.dataset.seat + r.dataset.net)"
    )


# --- jiujiang -------------------------------------------------------------------------------


def test_jiujiang_ticks_update_live_and_the_address_bar(phone):
    phone.goto("/jiujiang/")
    assert receives(phone) == "1"
    mark_page(phone)
    pattern_box(phone, "pinghu").uncheck()
    pattern_box(phone, "pengpeng").check()
    phone.locator('input[name="win"][value="self_draw"]').check()
    phone.locator("#id_dealer").check()
    wait_for_receives(phone, "36")
    wait_for_url(phone, "/jiujiang/?pattern=pengpeng&win=self_draw&dealer=1")
    steps = phone.locator("details.steps li")
    assert steps.count() == 6
    assert still_same_document(phone)


def test_jiujiang_table_rules_update_live(phone):
    phone.goto("/jiujiang/?pattern=qidui&qianggang=1")
    assert receives(phone) == "8"
    mark_page(phone)
    phone.locator("details.table-rules summary").click()
    phone.select_option("#id_pay", "three")
    wait_for_receives(phone, "24")
    wait_for_url(phone, "/jiujiang/?pattern=qidui&qianggang=1&pay=three")
    assert phone.locator('[data-payment][data-role="discarder"]').get_attribute("data-amount") == (
        "24"
    )
    assert still_same_document(phone)


def test_jiujiang_contradictions_show_beside_the_field_and_recover(phone):
    # A link can still carry an impossible hand: the server refuses it beside the field.
    phone.goto("/en/jiujiang/?pattern=qidui&gangkai=1")
    assert "self-draw" in phone.locator("#err-gangkai").inner_text()
    assert phone.locator(RECEIVES).count() == 0
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "24")
    assert phone.locator("#err-gangkai").inner_text() == ""
    pattern_box(phone, "pengpeng").check()
    phone.wait_for_selector("#err-pattern:has-text('七對')")
    pattern_box(phone, "qidui").uncheck()
    wait_for_receives(phone, "18")


def test_jiujiang_a_pattern_and_pinghu_untick_each_other(table_device):
    page = table_device
    page.goto("/en/jiujiang/")
    assert pattern_box(page, "pinghu").is_checked()
    mark_page(page)
    # The first tap on a pattern gives its result, not an error: 平胡 steps aside.
    pattern_box(page, "qingyise").check()
    wait_for_receives(page, "7")
    assert not pattern_box(page, "pinghu").is_checked()
    assert page.locator("#err-pattern").inner_text() == ""
    wait_for_url(page, "/en/jiujiang/?pattern=qingyise")
    pattern_box(page, "pengpeng").check()
    assert not pattern_box(page, "pinghu").is_checked()
    wait_for_url(page, "/en/jiujiang/?pattern=pengpeng,qingyise")
    # 平胡 means nothing else fits: ticking it unticks the others.
    pattern_box(page, "pinghu").check()
    wait_for_receives(page, "1")
    assert not pattern_box(page, "qingyise").is_checked()
    assert not pattern_box(page, "pengpeng").is_checked()
    wait_for_url(page, "/en/jiujiang/")
    # Unticking the only pattern left brings 平胡 back.
    pattern_box(page, "qidui").check()
    wait_for_receives(page, "4")
    pattern_box(page, "qidui").uncheck()
    wait_for_receives(page, "1")
    assert pattern_box(page, "pinghu").is_checked()
    assert still_same_document(page)


def test_jiujiang_gangkai_picks_self_draw_and_qianggang_a_discard(table_device):
    page = table_device
    page.goto("/en/jiujiang/?pattern=qingyise")
    assert page.locator('input[name="win"][value="discard"]').is_checked()
    mark_page(page)
    page.locator("#id_gangkai").check()
    wait_for_receives(page, "42")  # 7 × 2 (杠上開花, once) from each of three
    assert page.locator('input[name="win"][value="self_draw"]').is_checked()
    assert page.locator("#err-gangkai").inner_text() == ""
    wait_for_url(page, "/en/jiujiang/?pattern=qingyise&win=self_draw&gangkai=1")
    # 搶杠 is won off another player's tile: back to a discard, and 杠上開花 goes.
    page.locator("#id_qianggang").check()
    wait_for_receives(page, "14")
    assert page.locator('input[name="win"][value="discard"]').is_checked()
    assert not page.locator("#id_gangkai").is_checked()
    wait_for_url(page, "/en/jiujiang/?pattern=qingyise&qianggang=1")
    assert still_same_document(page)


def test_jiujiang_unticking_everything_asks_for_a_pattern(phone):
    phone.goto("/en/jiujiang/")
    pattern_box(phone, "pinghu").uncheck()
    phone.wait_for_selector("#err-pattern:has-text('Enter a value')")
    assert phone.locator(RECEIVES).count() == 0


def test_jiujiang_canonical_url_reproduces_the_result(phone, browser):
    phone.goto("/jiujiang/")
    pattern_box(phone, "pinghu").uncheck()
    pattern_box(phone, "qingyise").check()
    phone.locator('input[name="win"][value="self_draw"]').check()
    phone.locator("#id_dealer").check()
    wait_for_receives(phone, "48")
    url = address(phone)
    assert url.endswith("/jiujiang/?pattern=qingyise&win=self_draw&dealer=1")
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(url)
    assert receives(fresh) == "48"
    assert fresh.locator('[data-note="capped"]').count() == 1
    assert pattern_box(fresh, "qingyise").is_checked()
    assert not pattern_box(fresh, "pinghu").is_checked()
    other.close()


# --- classical ------------------------------------------------------------------------------


def test_classical_seats_update_live_and_the_address_bar(phone):
    phone.goto("/classical/")
    mark_page(phone)
    for name, value in [
        ("e_fu", "6"),
        ("s_fu", "20"),
        ("s_fan", "1"),
        ("w_fu", "40"),
        ("w_fan", "1"),
        ("n_fu", "2"),
    ]:
        phone.fill(f"#id_{name}", value)
    wait_for_receives(phone, "160")
    wait_for_url(phone, SEED_002)
    assert nets(phone) == ["e-220", "s160", "w186", "n-126"]
    assert still_same_document(phone)
    phone.locator('input[name="dealer"][value="s"]').check()
    wait_for_receives(phone, "240")
    wait_for_url(phone, SEED_002 + "&dealer=s")


def test_classical_first_card_shows_every_seats_net(table_device):
    """Issue 13, item 1: seed 002's four hands; the first card is the settlement."""
    page = table_device
    page.goto("/en" + SEED_002)
    card = page.locator("#result .cards .card").first
    figures = card.locator(".seat-net").all_inner_texts()
    assert figures == ["−220", "+160", "+186", "−126"]
    assert card.locator("[data-seat-net]").evaluate_all(
        "rows => rows.map(r => r.dataset.seatNet)"
    ) == ["e", "s", "w", "n"]
    assert "pays South 80, West 148" in card.inner_text()
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert "Each payer" not in page.locator("#result .cards").inner_text()
    line = "East −220 · South +160 · West +186 · North −126"
    # The link preview and the copied text carry the four nets, not the winner's 160 alone.
    og_title = page.locator('meta[property="og:title"]').get_attribute("content")
    assert og_title.endswith(": " + line)
    copied = page.locator(".card-main button.copy").get_attribute("data-copy")
    assert copied.startswith(og_title + " East pays South 80, West 148;")
    # Scrolled past the cards, the bar says the same line.
    page.locator("#result .steps").scroll_into_view_if_needed()
    page.mouse.wheel(0, 3000)
    page.wait_for_function(
        "sel => document.querySelector(sel).getBoundingClientRect().bottom < 0",
        arg="#result .cards > .card",
    )
    bar = page.locator(".result-bar")
    bar.wait_for(state="visible")
    assert bar.inner_text() == line


def test_classical_canonical_url_reproduces_the_result(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.url + SEED_002)
    assert receives(page) == "160"
    assert nets(page) == ["e-220", "s160", "w186", "n-126"]
    assert page.input_value("#id_w_fu") == "40"
    context.close()


def test_classical_transfers_are_a_list_on_a_phone(phone):
    phone.goto(SEED_002)
    assert overflow(phone) <= 0
    assert not phone.locator("table.transfer-grid").is_visible()
    items = phone.locator("ul.transfer-list li")
    assert items.count() == 6
    assert items.first.is_visible()
    texts = [items.nth(i).inner_text().replace("\n", " ") for i in range(items.count())]
    assert all(len(text) < 40 for text in texts)
    # Every transfer fits on screen: nothing cut off to the right.
    right = phone.eval_on_selector_all(
        "ul.transfer-list li",
        "items => Math.max(...items.map(i => i.getBoundingClientRect().right))",
    )
    assert right <= 390


def test_classical_transfers_are_a_grid_on_a_wide_screen(browser, live_server):
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    page.goto(live_server.url + "/en" + SEED_002)
    assert page.locator("table.transfer-grid").is_visible()
    assert not page.locator("ul.transfer-list").is_visible()
    assert page.locator("table.transfer-grid tbody tr").count() == 4
    assert page.locator("table.transfer-grid tbody tr").first.locator("td").count() == 4
    context.close()


def test_classical_without_javascript_the_form_submits(no_js_phone):
    page = no_js_phone
    page.goto("/en/classical/")
    page.fill("#id_s_fu", "30")
    page.fill("#id_n_fu", "10")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "120"  # East pays 60, West and North 30
    assert "s_fu=30" in page.url and "n_fu=10" in page.url


# --- both -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/jiujiang/",
        "/en/jiujiang/?pattern=haohua&haohua_groups=2&cap=none&base=10&unit=1000000&pay=three",
        "/zh-hans/jiujiang/?pattern=pinghu,pengpeng",
        SEED_002,
        "/en/classical/?e_fu=9999&s_fu=9999&w_fu=9999&n_fu=9999&limit=99999&unit=1000000",
        "/zh-hans" + SEED_002,
    ],
)
def test_phone_viewport_has_no_horizontal_scroll(phone, path):
    phone.goto(path)
    phone.locator("details.table-rules summary").click()
    assert overflow(phone) <= 0, path


@pytest.mark.parametrize("path", ["/jiujiang/", SEED_002])
def test_tap_targets_are_at_least_44px(phone, path):
    phone.goto(path)
    phone.locator("details.table-rules summary").click()
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main input:not([type=hidden]), main select, main button, main summary, .family-switch a, .languages a')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = (el.closest('label') || el).getBoundingClientRect(); return [el.name || el.textContent.trim(), box.height]; })
            .filter(([, h]) => h < 44)"""
    )
    assert small == []
