"""Three-player riichi (三麻) in headless Chromium at a phone viewport: the players switch,
han and the tsumo mode change the two payments live, and the address bar stays canonical."""

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


def payments(page) -> list[tuple[str, str]]:
    return page.eval_on_selector_all(
        "[data-payment]", "rows => rows.map(r => [r.dataset.role, r.dataset.amount])"
    )


def wait_for_payments(page, expected: list[tuple[str, str]]) -> None:
    page.wait_for_function(
        """want => JSON.stringify([...document.querySelectorAll('[data-payment]')]
              .map(r => [r.dataset.role, r.dataset.amount])) === JSON.stringify(want)""",
        arg=[list(row) for row in expected],
    )


def test_three_players_han_and_the_tsumo_mode_update_live(phone):
    phone.goto("/en/riichi/")
    mark_page(phone)
    phone.locator("details.table-rules summary").click()
    assert not phone.locator("#id_sanma").is_visible()  # four players: no sanma rules

    phone.locator('label:has(input[name="players"][value="3"])').click()
    wait_for_payments(phone, [("discarder", "3900"), ("other", "0")])
    wait_for_url(phone, "/en/riichi/?players=3")
    assert phone.locator("#id_sanma").is_visible()

    phone.fill("#id_han", "5")
    wait_for_receives(phone, "8000")
    phone.locator('label:has(input[name="win"][value="self_draw"])').click()
    wait_for_payments(phone, [("dealer", "4000"), ("non_dealer", "2000")])  # ツモ損
    assert receives(phone) == "6000"
    wait_for_url(phone, "/en/riichi/?han=5&win=self_draw&players=3")

    phone.select_option("#id_sanma", "bisection")
    wait_for_payments(phone, [("dealer", "5000"), ("non_dealer", "3000")])  # 北家折半
    assert receives(phone) == "8000"
    wait_for_url(phone, "/en/riichi/?han=5&win=self_draw&players=3&sanma=bisection")
    assert phone.locator('.riichi-limits [data-cell="mangan"] td.num').inner_text() == (
        "5,000 / 3,000"
    )

    phone.locator('label:has(input[name="dealer"])').click()
    wait_for_payments(phone, [("non_dealer", "6000"), ("non_dealer", "6000")])
    phone.locator('label:has(input[name="dealer"])').click()
    wait_for_receives(phone, "8000")

    # Back to four: three payers again, the sanma rule folds away and is noted as idle.
    phone.locator('label:has(input[name="players"][value="4"])').click()
    wait_for_payments(phone, [("dealer", "4000"), ("non_dealer", "2000"), ("non_dealer", "2000")])
    assert not phone.locator("#id_sanma").is_visible()
    assert phone.locator('[data-note="setting_unused"]').count() == 1
    wait_for_url(phone, "/en/riichi/?han=5&win=self_draw&sanma=bisection")
    assert still_same_document(phone)
    assert overflow(phone) <= 0


def test_the_canonical_url_opens_the_same_two_payments(phone):
    phone.goto("/en/riichi/?han=5&win=self_draw&players=3&sanma=bisection&honba=2&sanma_honba=300")
    assert payments(phone) == [["dealer", "5300"], ["non_dealer", "3300"]]
    assert phone.locator('input[name="players"][value="3"]').is_checked()
    phone.locator("details.table-rules summary").click()
    assert phone.input_value("#id_sanma") == "bisection"
    assert phone.input_value("#id_sanma_honba") == "300"


def test_the_hand_page_keyboard_and_kita_follow_the_switch(phone):
    phone.goto("/en/riichi/hand/")
    mark_page(phone)
    five_man = phone.locator('.kb-grid [data-tile="5m"]')
    kita_key = phone.locator(".kb-grid [data-kita]")
    north_seat = phone.locator('label:has(input[name="seat"][value="n"])')
    assert five_man.is_visible() and not kita_key.is_visible() and north_seat.is_visible()

    phone.locator('label:has(input[name="players"][value="3"])').click()
    assert not five_man.is_visible()  # no 2m–8m in a three-player set
    assert phone.locator('.kb-grid [data-tile="9m"]').is_visible()
    assert kita_key.is_visible() and not north_seat.is_visible()

    phone.fill("#id_hand", "234567p345678s99m")
    phone.fill("#id_win_tile", "2p")
    phone.locator('label:has(input[name="seat"][value="s"])').click()
    phone.locator("label:has(#id_riichi)").click()
    wait_for_receives(phone, "2000")  # riichi + pinfu: 2 han 30 fu
    kita_key.click()  # one 北 set aside: a dora
    assert phone.input_value("#id_kita") == "1"
    wait_for_receives(phone, "3900")
    assert phone.locator("[data-yaku][data-kita]").count() == 1
    wait_for_payments(phone, [("discarder", "3900"), ("other", "0")])
    wait_for_url(
        phone,
        "/en/riichi/hand/?hand=99m234567p345678s&win_tile=2p&seat=s&riichi=1&kita=1&players=3",
    )
    assert still_same_document(phone)
    assert overflow(phone) <= 0
