"""The riichi page in headless Chromium at a phone viewport: live updates, count mode, links."""

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


def test_from_hk_to_riichi_then_han_fu_and_count_mode_live(phone):
    phone.goto("/en/hk/")
    phone.locator('.family-switch a[href="/en/riichi/"]').click()
    phone.wait_for_url("**/en/riichi/")
    assert receives(phone) == "3900"
    assert phone.locator("html").get_attribute("lang") == "en"
    mark_page(phone)

    phone.fill("#id_han", "4")
    wait_for_receives(phone, "7700")
    phone.select_option("#id_fu", "40")
    wait_for_receives(phone, "8000")
    wait_for_url(phone, "/en/riichi/?han=4&fu=40")
    assert phone.locator('[data-result="level"]').inner_text() == "Mangan (滿貫)"

    # Count the fu: the structure fields appear, the fu list goes, the result follows.
    assert not phone.locator("#id_m4").is_visible()
    phone.fill("#id_han", "3")
    phone.locator('input[name="fu_mode"][value="count"]').check()
    assert phone.locator("#id_m4").is_visible()
    assert not phone.locator("#id_fu").is_visible()
    wait_for_receives(phone, "3900")  # 平和 ron: 30 fu
    phone.select_option("#id_m4", "pon_closed_terminal")
    wait_for_receives(phone, "5200")
    wait_for_url(phone, "/en/riichi/?fu=40&fu_mode=count&m4=pon_closed_terminal")
    assert phone.locator('[data-result="fu"]').inner_text() == "40"
    assert phone.locator(".fu-lines li").count() == 4

    # And back: the given fu is still there.
    phone.locator('input[name="fu_mode"][value="given"]').check()
    assert phone.locator("#id_fu").is_visible() and not phone.locator("#id_m4").is_visible()
    wait_for_receives(phone, "5200")  # 3 han 40 fu given
    wait_for_url(phone, "/en/riichi/?fu=40&m4=pon_closed_terminal")
    assert still_same_document(phone)


def test_win_type_and_table_rules_update_live(phone):
    phone.goto("/en/riichi/?han=4")
    mark_page(phone)
    phone.locator('input[name="win"][value="self_draw"]').check()
    wait_for_receives(phone, "7900")  # 3,900 / 2,000 / 2,000
    phone.locator("details.table-rules summary").click()
    phone.locator("#id_kiriage").check()
    wait_for_receives(phone, "8000")
    phone.fill("#id_honba", "2")
    wait_for_receives(phone, "8600")
    wait_for_url(phone, "/en/riichi/?han=4&win=self_draw&honba=2&kiriage=1")
    marker = phone.locator(".ref-wrap").get_attribute("data-current")
    current = phone.locator(f'.riichi-points td[data-cell="{marker}"]')
    assert current.inner_text() == "4,200 / 2,200"
    # The marked cell is the one the page's style highlights.
    assert current.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    assert still_same_document(phone)


def test_opening_the_canonical_url_shows_the_same_numbers(phone, browser, live_server):
    phone.goto("/en/riichi/")
    phone.locator('input[name="fu_mode"][value="count"]').check()
    phone.locator("#id_closed").uncheck()
    phone.select_option("#id_m1", "kan_open_terminal")
    phone.select_option("#id_pair", "yakuhai")
    wait_for_receives(phone, "5200")  # open: 20 + 16 + 2 = 38 → 40 fu, 3 han ron
    wait_for_url(phone, "/en/riichi/?fu_mode=count&closed=0&pair=yakuhai&m1=kan_open_terminal")
    url = address(phone)
    other = browser.new_context(viewport={"width": 390, "height": 844})
    fresh = other.new_page()
    fresh.goto(url)
    assert receives(fresh) == "5200"
    assert fresh.locator('[data-result="fu"]').inner_text() == "40"
    assert fresh.locator("#id_m1").is_visible()
    assert fresh.input_value("#id_m1") == "kan_open_terminal"
    assert not fresh.locator("#id_closed").is_checked()
    other.close()


def test_invalid_input_shows_the_error_live_and_recovers(phone):
    phone.goto("/en/riichi/?fu_mode=count")
    phone.select_option("#id_m1", "pon_open_simple")
    phone.wait_for_selector("#err-m1:has-text('closed hand')")
    assert phone.locator(RECEIVES).count() == 0
    phone.locator("#id_closed").uncheck()
    wait_for_receives(phone, "3900")  # open: 20 + 2 = 22 → 30 fu, 3 han ron
    assert phone.locator("#err-m1").inner_text() == ""
    phone.fill("#id_han", "14")
    phone.wait_for_selector("#err-han:has-text('1 to 13')")
    phone.fill("#id_han", "13")
    wait_for_receives(phone, "32000")


def test_without_javascript_the_form_submits(no_js_phone):
    page = no_js_phone
    page.goto("/en/riichi/")
    page.locator('input[name="fu_mode"][value="count"]').check()
    page.click("button.submit")
    page.wait_for_load_state()
    assert "fu_mode=count" in page.url
    assert page.locator("#id_m4").is_visible()
    page.select_option("#id_m4", "pon_closed_terminal")
    page.click("button.submit")
    page.wait_for_load_state()
    assert receives(page) == "5200"
    assert page.locator('[data-result="fu"]').inner_text() == "40"


@pytest.mark.parametrize(
    "path",
    [
        "/riichi/",
        "/en/riichi/?han=3&win=self_draw&honba=99&riichi_sticks=99",
        "/en/riichi/?fu_mode=count&m1=kan_closed_terminal&wait=tanki&pair=double_wind",
        "/zh-hans/riichi/?yakuman=6&dealer=1&kazoe=sanbaiman",
    ],
)
def test_phone_viewport_has_no_horizontal_scroll(phone, path):
    phone.goto(path)
    phone.locator("details.table-rules summary").click()
    assert overflow(phone) <= 0, path


def test_tap_targets_are_at_least_44px(phone):
    phone.goto("/en/riichi/?fu_mode=count")
    phone.locator("details.table-rules summary").click()
    small = phone.evaluate(
        """() => [...document.querySelectorAll('main input:not([type=hidden]), main select, main button, main summary, .family-switch a, .languages a')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = (el.closest('label') || el).getBoundingClientRect(); return [el.name || el.textContent.trim(), box.height]; })
            .filter(([, h]) => h < 44)"""
    )
    assert small == []


def test_result_bar_keeps_the_number_in_sight_on_a_phone(phone):
    phone.goto("/en/riichi/")
    bar = phone.locator(".result-bar")
    # The long form pushes the cards below the fold: the bar shows the number.
    phone.wait_for_function("() => !document.documentElement.classList.contains('result-in-view')")
    assert bar.is_visible()
    assert bar.locator("strong").inner_text() == "3,900"
    phone.fill("#id_han", "4")
    phone.wait_for_function(
        "() => document.querySelector('.result-bar strong')?.textContent === '7,700'"
    )
    assert bar.is_visible()
    # Once the cards are on screen, the bar steps aside.
    phone.locator("#result .cards").scroll_into_view_if_needed()
    phone.wait_for_function("() => document.documentElement.classList.contains('result-in-view')")
    assert not bar.is_visible()


def test_the_reference_table_stays_while_the_hand_changes_and_follows_the_rules(phone):
    phone.goto("/en/riichi/?han=3")
    answers: list[str] = []  # the live answers' markup, as htmx received it

    def live_answer(response) -> None:
        if response.request.headers.get("hx-request") == "true":
            answers.append(response.text())

    phone.on("response", live_answer)
    phone.evaluate("document.getElementById('reference').dataset.mark = 'first'")
    phone.fill("#id_han", "4")
    wait_for_receives(phone, "7700")
    # The same table element, left in place; only the marker moved to the new cell.
    assert phone.locator("#reference").get_attribute("data-mark") == "first"
    assert phone.locator(".ref-wrap").get_attribute("data-current") == "4-30"
    assert phone.locator('.riichi-points td[data-cell="4-30"]').inner_text() == "7,700"
    assert (
        phone.locator('.riichi-points td[data-cell="4-30"]').evaluate(
            "el => getComputedStyle(el).outlineStyle"
        )
        == "solid"
    )
    assert answers and "hx-preserve" in answers[-1] and "riichi-points" not in answers[-1]
    # 切上滿貫 changes the table itself: a new one arrives with its new numbers.
    phone.locator("details.table-rules summary").click()
    phone.locator("#id_kiriage").check()
    wait_for_receives(phone, "8000")
    assert phone.locator("#reference").get_attribute("data-mark") is None
    assert phone.locator('.riichi-points td[data-cell="4-30"]').inner_text() == "8,000"
    assert "riichi-points" in answers[-1]


IN_VIEW = """cell => {
  const box = cell.closest('.table-scroll').getBoundingClientRect();
  const han = cell.parentElement.firstElementChild.getBoundingClientRect();  // stays put
  const at = cell.getBoundingClientRect();
  return at.left >= han.right - 1 && at.right <= box.right + 1;
}"""


def cell_in_view(page, cell: str) -> bool:
    """Whether the grid's cell is wholly in sight: inside the sideways-scrolling box, right
    of the 飜 column that stays put (to the pixel: the last column ends a fraction past)."""
    return page.locator(f'.riichi-points td[data-cell="{cell}"]').evaluate(IN_VIEW)


def test_on_a_phone_the_marked_cell_of_the_grid_is_scrolled_into_view(phone):
    phone.goto("/en/riichi/?han=2&fu=110")
    assert phone.locator(".riichi-points").evaluate(
        "t => t.closest('.table-scroll').scrollWidth > t.closest('.table-scroll').clientWidth"
    )  # the grid is wider than the phone: otherwise this shows nothing
    phone.wait_for_function("() => document.readyState === 'complete'")
    assert cell_in_view(phone, "2-110")
    phone.select_option("#id_fu", "20")
    phone.wait_for_function("() => document.querySelector('.ref-wrap')?.dataset.current === '2-20'")
    phone.wait_for_function(
        f"() => ({IN_VIEW})(document.querySelector('.riichi-points td[data-cell=\"2-20\"]'))"
    )
    # A player's own scrolling is left alone while the marked cell stays in view.
    scroller = phone.locator(".riichi-points").locator("xpath=ancestor::div[@class='table-scroll']")
    before = scroller.evaluate("s => s.scrollLeft")
    phone.fill("#id_han", "3")
    phone.wait_for_function("() => document.querySelector('.ref-wrap')?.dataset.current === '3-20'")
    assert scroller.evaluate("s => s.scrollLeft") == before
    # The 飜 column stays put: at the grid's far right, row 2 still says 2.
    scroller.evaluate("s => { s.scrollLeft = s.scrollWidth; }")
    han = phone.locator('.riichi-points td[data-cell="2-110"]').locator("xpath=../th")
    box = scroller.bounding_box()
    assert abs(han.bounding_box()["x"] - box["x"]) < 2
