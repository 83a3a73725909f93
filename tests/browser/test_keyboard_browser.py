"""The tile keyboard at the table (390 px phone, 820 px tablet): the hand drawn as you tap,
the winning tile picked from it, keys that run out at four copies, flowers both ways, an
ankan face down, and the seat beside the keys."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import wait_for_receives

pytestmark = pytest.mark.browser

PINFU = ("2m", "3m", "4m", "5m", "6m", "7m", "1p", "2p", "3p", "8p", "8p", "6s", "7s")


@pytest.fixture(params=[390, 820], ids=["phone", "tablet"])
def screen(request, browser, live_server):
    context = browser.new_context(
        viewport={"width": request.param, "height": 844}, base_url=live_server.url
    )
    page = context.new_page()
    yield page
    context.close()


def tap(page, *tiles: str) -> None:
    for tile in tiles:
        page.locator(f'.kb-grid [data-tile="{tile}"]').click()


def drawn(page) -> list[str]:
    return page.eval_on_selector_all(".kb-drawn [data-pick]", "bs => bs.map(b => b.dataset.pick)")


def count(page) -> str:
    return page.locator("[data-tile-count]").inner_text()


def picked(page) -> list[str]:
    return page.eval_on_selector_all(
        '.kb-drawn [data-pick][aria-pressed="true"]', "bs => bs.map(b => b.dataset.pick)"
    )


def test_the_hand_is_drawn_as_tiles_with_its_count(screen):
    page = screen
    page.goto("/en/riichi/hand/?seat=s")
    assert count(page) == "0"
    tap(page, *PINFU)
    assert drawn(page) == list(PINFU)
    assert count(page) == "12 + 1"  # the last tap stands as the winning tile for now
    tap(page, "8s")
    assert count(page) == "13 + 1"
    assert page.locator(".kb-drawn .tile-face").first.inner_text() == "2"  # faces, not 2m
    wait_for_receives(page, "1000")  # pinfu, non-dealer ron
    # Typing still works, and the drawn tiles follow the field; a kan counts 3 toward 14.
    page.fill("#id_hand", "234m567p88s")
    page.fill("#id_win_tile", "8s")
    page.fill("#id_melds", "kan:5555z")
    assert drawn(page) == ["2m", "3m", "4m", "5p", "6p", "7p", "8s", "8s"]
    assert count(page) == "10 + 1"
    assert page.locator(".kb-drawn .meld-kan .tile").count() == 4


def test_a_drawn_tile_becomes_the_winning_tile(screen):
    page = screen
    page.goto("/en/riichi/hand/?seat=s")
    tap(page, *PINFU, "8s")
    wait_for_receives(page, "1000")
    page.locator('.kb-drawn [data-pick="2m"]').click()
    assert page.input_value("#id_win_tile") == "2m"
    assert picked(page) == ["2m"]
    tap(page, "5z")  # picked: further taps no longer move the winning tile
    assert page.input_value("#id_win_tile") == "2m"


def test_backspace_never_leaves_a_winning_tile_outside_the_hand(screen):
    page = screen
    page.goto("/en/riichi/hand/?seat=s")
    tap(page, *PINFU[:-1], "9s")
    assert page.input_value("#id_win_tile") == "9s"
    page.locator('.kb-grid [data-key="back"]').click()  # the 9s goes, and so does it as winner
    assert page.input_value("#id_hand") == "234567m12388p6s"
    assert page.input_value("#id_win_tile") == "6s"
    tap(page, "7s", "8s")
    assert page.input_value("#id_win_tile") == "8s"
    wait_for_receives(page, "1000")
    assert page.locator("#err-win_tile").inner_text() == ""
    assert page.locator("#err-hand").inner_text() == ""
    # A picked tile that goes falls back to the hand's last tile.
    page.locator('.kb-drawn [data-pick="8s"]').click()
    page.locator('.kb-grid [data-key="back"]').click()
    assert page.input_value("#id_win_tile") == "7s"
    page.locator('.kb-grid [data-key="clear"]').click()
    assert page.input_value("#id_win_tile") == ""


def test_the_winning_tile_key_adds_the_tile_or_marks_the_one_held(screen):
    page = screen
    page.goto("/en/riichi/hand/?seat=s")
    hint = page.locator("[data-win-hint]")
    assert hint.is_hidden()
    tap(page, *PINFU)
    page.locator('.kb-targets [data-target="win_tile"]').click()
    assert hint.is_visible() and "joins the hand" in hint.inner_text()
    # Thirteen held: the tile won on joins the hand as the winning tile.
    tap(page, "8s")
    assert page.input_value("#id_hand") == "234567m12388p678s"
    assert page.input_value("#id_win_tile") == "8s"
    assert count(page) == "13 + 1"
    wait_for_receives(page, "1000")
    # The hand is full: a tile it holds is marked, nothing added.
    tap(page, "2m")
    assert page.input_value("#id_hand") == "234567m12388p678s"
    assert page.input_value("#id_win_tile") == "2m"
    assert picked(page) == ["2m"]
    page.locator('.kb-targets [data-target="hand"]').click()
    assert hint.is_hidden()


def test_keys_are_disabled_at_four_copies(screen):
    page = screen
    page.goto("/en/riichi/hand/")
    white = page.locator('.kb-grid [data-tile="5z"]')
    tap(page, "5z", "5z", "5z")
    assert white.get_attribute("aria-disabled") == "false"
    tap(page, "5z")
    assert white.get_attribute("aria-disabled") == "true"
    white.click(force=True)  # refused: still four
    assert page.input_value("#id_hand") == "5555z"
    page.locator('.kb-grid [data-key="back"]').click()
    assert white.get_attribute("aria-disabled") == "false"
    # A pon needs three more: with three 5z held a pon of 5z would make six.
    page.locator('.kb-targets [data-target="melds"]').click()
    assert white.get_attribute("aria-disabled") == "true"
    assert page.locator('.kb-grid [data-tile="6z"]').get_attribute("aria-disabled") == "false"


def test_red_five_and_a_called_kan_count_toward_four(screen):
    page = screen
    page.goto("/en/riichi/hand/?melds=kan:0555p")
    assert page.locator('.kb-grid [data-tile="5p"]').get_attribute("aria-disabled") == "true"
    assert page.locator('.kb-grid [data-tile="0p"]').get_attribute("aria-disabled") == "true"
    assert page.locator('.kb-grid [data-tile="0s"]').get_attribute("aria-disabled") == "false"


def test_flowers_go_down_and_up_within_0_to_8(screen):
    page = screen
    page.goto("/en/mcr/hand/?hand=19m19p19s12345677z&win_tile=7z")
    minus = page.locator('.kb-grid [data-flower="-1"]')
    plus = page.locator('.kb-grid [data-flower="1"]')
    assert minus.get_attribute("aria-disabled") == "true"
    for _ in range(3):
        plus.click()
    assert page.input_value("#id_flowers") == "3"
    minus.click()
    assert page.input_value("#id_flowers") == "2"
    wait_for_receives(page, "114")
    minus.click()
    minus.click()
    assert minus.get_attribute("aria-disabled") == "true"
    minus.click(force=True)  # refused at 0
    assert page.input_value("#id_flowers") == "0"
    for _ in range(8):
        plus.click()
    plus.click(force=True)  # refused at 8
    assert page.input_value("#id_flowers") == "8"
    assert plus.get_attribute("aria-disabled") == "true"


def test_errors_name_honours_not_their_notation(screen):
    page = screen
    page.goto("/en/riichi/hand/")
    page.fill("#id_hand", "123m456p789s55555z")
    page.wait_for_selector("#err-hand:has-text('5 of White dragon (白)')")
    assert "5z" not in page.locator("#err-hand").inner_text()


def test_an_ankan_is_drawn_face_down_at_the_ends(screen):
    page = screen
    page.goto("/en/riichi/hand/?hand=234m567p88s234s&win_tile=8s&melds=ankan:1111z&seat=s&riichi=1")
    for where in (".kb-drawn", "#analysis"):
        meld = page.locator(f"{where} .meld-ankan .tile")
        assert meld.count() == 4
        backs = meld.evaluate_all("ts => ts.map(t => t.classList.contains('tile-back'))")
        assert backs == [True, False, False, True], where


def test_every_key_is_at_least_44px_high(screen):
    page = screen
    page.goto("/en/riichi/hand/?hand=234567m12388p678s&win_tile=8s")
    heights = page.eval_on_selector_all(
        ".kb-grid button:not([hidden]), .kb-drawn button",
        "bs => bs.map(b => b.getBoundingClientRect().height)",
    )
    assert len(heights) >= 37 + 2 + 14
    assert min(heights) >= 44


@pytest.mark.parametrize("lang", ["", "/zh-hans", "/en"])
def test_seat_and_round_sit_with_the_first_row_of_keys(screen, lang):
    page = screen
    page.goto(f"{lang}/riichi/hand/")
    height = page.viewport_size["height"]
    seat = page.locator(".hand-seat").bounding_box()
    first_key = page.locator('.kb-grid [data-tile="9m"]').bounding_box()
    assert seat["y"] >= 0 and first_key["y"] + first_key["height"] <= height
    north_round = page.locator('label:has(input[name="round"][value="n"])').bounding_box()
    assert north_round["y"] + north_round["height"] <= height


def test_the_result_says_whose_seat_it_is_for(screen):
    page = screen
    page.goto("/en/riichi/hand/")
    tap(page, *PINFU, "8s")
    wait_for_receives(page, "1500")  # the default seat is East, the dealer
    headline = page.locator("[data-hand-headline]")
    assert headline.inner_text().startswith("East (the dealer) wins")
    page.locator('label:has(input[name="seat"][value="s"])').click()
    wait_for_receives(page, "1000")
    assert headline.inner_text().startswith("South wins")
