"""The hand pages in headless Chromium at a phone viewport: tapping tiles, live yaku and
payment, the shared link, errors, and the page without JavaScript."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    RECEIVES,
    address,
    overflow,
    receives,
    wait_for_receives,
    wait_for_url,
)

pytestmark = pytest.mark.browser

PINFU_TSUMO = (
    "/en/riichi/hand/?hand=234567m12388p678s&win_tile=8s&win=self_draw&seat=s&riichi=1&dora=1p"
)


def tap(page, *tiles: str) -> None:
    for tile in tiles:
        page.locator(f'.kb-grid [data-tile="{tile}"]').click()


def yaku(page) -> list[str]:
    return page.eval_on_selector_all("[data-yaku]", "rows => rows.map(r => r.dataset.yaku)")


def test_tap_a_riichi_hand_see_yaku_and_payment_and_share_it(phone, browser):
    phone.goto("/en/riichi/hand/")
    phone.evaluate("window.__sameDocument = true")
    tap(phone, "2m", "3m", "4m", "5m", "6m", "7m", "1p", "2p", "3p", "8p", "8p", "6s", "7s")
    phone.wait_for_selector("#err-hand:has-text('this has 13')")
    tap(phone, "8s")  # the 14th tile is also taken as the winning tile
    assert phone.input_value("#id_hand") == "234567m12388p678s"
    assert phone.input_value("#id_win_tile") == "8s"
    wait_for_receives(phone, "1500")  # East (the dealer) by default: pinfu alone, 1 han 30 fu
    phone.locator('label:has(input[name="win"][value="self_draw"])').click()
    phone.locator('label:has(input[name="seat"][value="s"])').click()
    phone.locator("label:has(#id_riichi)").click()
    phone.locator('.kb-targets [data-target="dora"]').click()
    tap(phone, "1p")
    assert phone.input_value("#id_dora") == "1p"
    wait_for_receives(phone, "5200")
    wait_for_url(phone, PINFU_TSUMO)
    assert yaku(phone) == ["tsumo", "riichi", "pinfu", "dora"]
    assert phone.locator('[data-hand="total"]').inner_text() == "4 han 20 fu"
    assert phone.locator('[data-result="fu"]').inner_text() == "20"
    assert phone.evaluate("window.__sameDocument === true")
    assert overflow(phone) <= 0

    # The address bar is the shared link: a fresh phone opening it sees the same hand.
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(address(phone))
    assert receives(fresh) == "5200"
    assert yaku(fresh) == ["tsumo", "riichi", "pinfu", "dora"]
    assert fresh.input_value("#id_hand") == "234567m12388p678s"
    assert fresh.locator("#id_riichi").is_checked()
    other.close()


def test_melds_backspace_and_clear_from_the_keyboard(phone):
    phone.goto("/en/riichi/hand/?seat=s")
    tap(phone, "2m", "3m", "4m", "5p", "6p", "7p", "3s", "3s", "6s", "7s", "9s")
    keys = phone.locator(".kb-grid")
    keys.locator('[data-key="back"]').click()
    assert phone.input_value("#id_hand") == "234m567p3367s"
    tap(phone, "8s")
    phone.locator('.kb-targets [data-target="melds"]').click()
    assert phone.locator("[data-meld-kinds]").is_visible()
    tap(phone, "5z")  # pon is the default kind
    assert phone.input_value("#id_melds") == "pon:555z"
    phone.locator('[data-meld-kind="chi"]').click()
    tap(phone, "2p")
    assert phone.input_value("#id_melds") == "pon:555z,chi:234p"
    keys.locator('[data-key="back"]').click()  # a whole meld goes
    assert phone.input_value("#id_melds") == "pon:555z"
    phone.locator('.kb-targets [data-target="win_tile"]').click()
    tap(phone, "8s")
    wait_for_receives(phone, "1000")  # 役牌 白, 1 han 30 fu
    assert yaku(phone) == ["haku"]
    phone.locator('.kb-targets [data-target="hand"]').click()
    keys.locator('[data-key="clear"]').click()
    assert phone.input_value("#id_hand") == ""
    phone.wait_for_selector("#err-hand:has-text('Enter the tiles')")
    assert phone.locator(RECEIVES).count() == 0


def test_an_incomplete_hand_says_what_it_waits_on(phone):
    phone.goto("/en/riichi/hand/?hand=123m456p789s11z&win_tile=5s")
    assert "this has 11" in phone.locator("#err-hand").inner_text()
    phone.fill("#id_hand", "123m456p235789s11z")
    phone.wait_for_selector("#err-hand:has-text('waits on 1s and 4s, not 5s')")
    assert phone.locator("[data-waits]").get_attribute("data-waits") == "1s,4s"
    phone.fill("#id_win_tile", "4s")
    phone.fill("#id_hand", "123m456p234789s11z")
    phone.wait_for_selector("#err-hand:has-text('No yaku')")
    phone.locator("label:has(#id_riichi)").click()
    wait_for_receives(phone, "2000")  # riichi, 30 + 4 (double East pair) → 40 fu, dealer ron
    assert phone.locator("#err-hand").inner_text() == ""


def test_typing_a_bad_character_points_at_it(phone):
    phone.goto("/en/mcr/hand/")
    phone.fill("#id_hand", "19m19p19s1234567z7x")
    phone.wait_for_selector("#err-hand:has-text('Character 19, “x”')")
    phone.fill("#id_hand", "19m19p19s12345677z")
    phone.fill("#id_win_tile", "7z")
    wait_for_receives(phone, "112")
    assert phone.locator("#err-hand").inner_text() == ""


def test_mcr_flowers_and_fans_update_live(phone):
    phone.goto("/en/mcr/hand/?hand=19m19p19s12345677z&win_tile=7z")
    assert receives(phone) == "112"
    phone.locator('.kb-grid [data-flower="1"]').click()
    phone.locator('.kb-grid [data-flower="1"]').click()
    assert phone.input_value("#id_flowers") == "2"
    wait_for_receives(phone, "114")  # the discarder 88 + 2 flowers + 8, the others 8 each
    wait_for_url(phone, "/en/mcr/hand/?hand=19m19p19s12345677z&win_tile=7z&flowers=2")
    fans = phone.eval_on_selector_all("[data-fan]", "rows => rows.map(r => r.dataset.fan)")
    assert fans == ["Thirteen Orphans"]
    assert overflow(phone) <= 0


def test_without_javascript_the_notation_still_works(no_js_phone):
    page = no_js_phone
    page.goto("/en/riichi/hand/")
    assert not page.locator("[data-keyboard]").is_visible()
    page.fill("#id_hand", "234567m 123p 88p 678s")
    page.fill("#id_win_tile", "8s")
    page.locator("label:has(#id_riichi)").click()
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "2900"  # riichi + pinfu, 2 han 30 fu, dealer (East) ron
    assert "riichi=1" in page.url


@pytest.mark.parametrize(
    "path",
    [
        "/en/riichi/hand/",
        PINFU_TSUMO,
        "/zh-hans/riichi/hand/?hand=55m333444z&win_tile=5m&melds=pon:111z,pon:222z&seat=s",
        "/mcr/hand/?hand=19m19p19s12345677z&win_tile=7z&flowers=8&win=self_draw",
        "/en/riichi/hand/?hand=" + "1" * 60 + "x&win_tile=8s",
    ],
)
def test_phone_viewport_has_no_horizontal_scroll(phone, path):
    phone.goto(path)
    rules = phone.locator("details.table-rules summary")
    if rules.count():
        rules.click()
    assert overflow(phone) <= 0, path


def test_tap_targets_are_at_least_44px(phone):
    phone.goto(PINFU_TSUMO)
    phone.locator('.kb-targets [data-target="melds"]').click()
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main input:not([type=hidden]), main select, main button, main summary')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = (el.closest('label') || el).getBoundingClientRect(); return [el.name || el.textContent.trim(), box.height]; })
            .filter(([, h]) => h < 44)"""
    )
    assert small == []
