"""The Hong Kong hand page in headless Chromium at a phone viewport: tapping a hand in,
flowers included, the fans and the payment updating live, and the shared link."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import (
    address,
    mark_page,
    overflow,
    receives,
    still_same_document,
    wait_for_receives,
)

pytestmark = pytest.mark.browser


def tap(page, *tiles: str) -> None:
    for tile in tiles:
        page.locator(f'.kb-grid [data-tile="{tile}"]').click()


def fans(page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-hand-fans] [data-fan]", "rows => rows.map(r => r.dataset.fan)"
    )


def test_tap_an_hk_hand_with_flowers_see_fans_and_payment_and_share_it(phone, browser):
    phone.goto("/en/hk/hand/")
    mark_page(phone)
    # 東東東 123m 456m 789p 22s, East in the East round (rules.md § hk hand)
    tap(phone, "1z", "1z", "1z", "1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2s")
    phone.wait_for_selector("#err-hand:has-text('this has 13')")
    tap(phone, "2s")  # the 14th tile is also the winning tile
    assert phone.input_value("#id_win_tile") == "2s"
    # 門風 1 + 圈風 1 + 門前清 1 + 無花 1 = 4 番 → 半辣 16, the discarder pays it all
    wait_for_receives(phone, "16")
    assert fans(phone) == ["seat_wind", "round_wind", "menqing", "no_flowers"]
    phone.locator('label:has(input[name="win"][value="self_draw"])').click()
    phone.locator('.kb-targets [data-target="flowers"]').click()
    tap(phone, "1g", "1f")  # 春 and 梅: both East's own flowers
    # + 自摸 1 + 正花 2, 無花 gone = 6 番 → 32; each of three pays 16
    wait_for_receives(phone, "48")
    assert fans(phone) == [
        "seat_wind",
        "round_wind",
        "menqing",
        "zimo",
        "seat_flower",
        "seat_flower",
    ]
    assert phone.locator('[data-hand="fan"]').get_attribute("data-fan-total") == "6"
    amounts = phone.eval_on_selector_all(
        "[data-payment]", "rows => rows.map(r => r.dataset.amount)"
    )
    assert amounts == ["16", "16", "16"]
    assert still_same_document(phone)
    assert overflow(phone) <= 0
    phone.wait_for_function("() => location.search.includes('flowers=1f1g')")

    # The address bar is the shared link: a fresh phone opening it sees the same hand.
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(address(phone))
    assert receives(fresh) == "48"
    assert fans(fresh) == fans(phone)
    assert fresh.input_value("#id_flowers") == "1f1g"
    other.close()


# The keyboard's keys the visible result bar lies over, after the bar has had its frame to
# follow the last scroll or swap.
COVERED_KEYS = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const bar = document.querySelector('#result .result-bar');
    if (!bar || bar.getClientRects().length === 0) return done([]);
    const strip = bar.getBoundingClientRect();
    done([...document.querySelectorAll('[data-keyboard] button')]
        .filter(key => key.getClientRects().length > 0)
        .filter(key => { const r = key.getBoundingClientRect();
                         return r.bottom > strip.top && r.top < strip.bottom; })
        .map(key => key.dataset.tile || key.dataset.target || key.dataset.key || '?'));
})))"""

BAR_SHOWN = "() => document.querySelector('#result .result-bar').getClientRects().length > 0"


def scroll_to_bottom_edge(page, selector: str) -> None:
    """Scroll so that the element's bottom sits 20 px above the window's bottom edge."""
    page.evaluate(
        """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                    scrollBy(0, r.bottom - innerHeight + 20); }""",
        selector,
    )


def test_the_result_bar_never_covers_the_tile_keyboard(phone):
    # A complete hand, so there is a result, and a bar while its card is out of sight.
    phone.goto("/en/hk/hand/?hand=123m456p789s234s55m&win_tile=5m")
    wait_for_receives(phone, "8")
    phone.locator('.kb-targets [data-target="flowers"]').click()
    scroll_to_bottom_edge(phone, "[data-flower-key]")
    assert phone.evaluate(COVERED_KEYS) == []
    tap(phone, "1f")  # 正花 in place of 無花: still 3 番
    phone.wait_for_function("() => location.search.includes('flowers=1f')")
    assert phone.evaluate(COVERED_KEYS) == []
    # Away from the keyboard, with the first card still below the fold, the bar is back.
    scroll_to_bottom_edge(phone, "#id_earth")
    phone.wait_for_function(BAR_SHOWN)
    assert phone.evaluate(COVERED_KEYS) == []
