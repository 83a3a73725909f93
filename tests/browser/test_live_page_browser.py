"""What a calculator page does around its result, in headless Chromium at 390 and 820 px: the
title and the language links follow each live update (issue 13, item 2), the skip link, the
one status line screen readers hear, and the bar that keeps the first card's line in sight
(item 6)."""

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

WIDTHS = [390, 820]
HAND = "/en/riichi/hand/?hand=234567m12388p678s&win_tile=8s"  # pinfu, won by the dealer


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def page(request, browser, live_server):
    """A page at a phone (390 px) or a tablet (820 px) for the accessibility checks; the
    at-the-table ones use `table_device`."""
    context = browser.new_context(
        viewport={"width": request.param, "height": 844}, base_url=live_server.url
    )
    yield context.new_page()
    context.close()


def language_links(page) -> list[str]:
    return page.eval_on_selector_all(
        ".site-header .languages a", "links => links.map(a => a.getAttribute('href'))"
    )


def as_loaded(browser, live_server, path: str) -> tuple[str, list[str]]:
    """The title and language links of `path` opened afresh: what a live update must match."""
    context = browser.new_context(base_url=live_server.url)
    fresh = context.new_page()
    fresh.goto(path)
    seen = fresh.title(), language_links(fresh)
    context.close()
    return seen


def assert_head_follows(page, browser, live_server) -> None:
    path = page.evaluate("location.pathname + location.search")
    title, links = as_loaded(browser, live_server, path)
    page.wait_for_function("want => document.title === want", arg=title)
    assert language_links(page) == links
    # No second copy of the swapped parts was left behind.
    assert page.locator(".languages").count() == 1
    assert page.locator("title").count() == 1


# --- state in every link ------------------------------------------------------------------


def test_edit_then_switch_language_keeps_the_numbers(table_device, browser, live_server):
    page = table_device
    page.goto("/riichi/?han=4")
    assert receives(page) == "7700"
    first_title = page.title()
    mark_page(page)

    page.select_option("#id_fu", "40")
    wait_for_receives(page, "8000")  # 4 飜 40 符 ron: a mangan
    wait_for_url(page, "/riichi/?han=4&fu=40")
    assert_head_follows(page, browser, live_server)
    assert page.title() != first_title and "8,000" in page.title()

    page.locator('input[name="win"][value="self_draw"]').check()
    wait_for_url(page, "/riichi/?han=4&fu=40&win=self_draw")
    assert_head_follows(page, browser, live_server)
    assert "自摸" in page.title()
    assert still_same_document(page)
    payments = page.eval_on_selector_all(
        "[data-payment]", "rows => rows.map(r => r.dataset.role + ' ' + r.dataset.amount)"
    )
    assert payments == ["dealer 4000", "non_dealer 2000", "non_dealer 2000"]

    page.locator('.languages a[hreflang="en"]').click()
    page.wait_for_url("**/en/riichi/?han=4&fu=40&win=self_draw")
    assert receives(page) == "8000"
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.input_value("#id_han") == "4"
    assert page.input_value("#id_fu") == "40"
    assert page.locator('input[name="win"][value="self_draw"]').is_checked()
    assert (
        page.eval_on_selector_all(
            "[data-payment]", "rows => rows.map(r => r.dataset.role + ' ' + r.dataset.amount)"
        )
        == payments
    )
    assert "8,000" in page.title() and page.title().endswith("Riichi mahjong payments")


def test_an_invalid_edit_keeps_its_state_in_the_links_too(table_device, browser, live_server):
    page = table_device
    page.goto("/en/hk/?fan=5")
    page.fill("#id_fan", "100")
    page.wait_for_selector("#err-fan:not(:empty)")
    page.wait_for_function("() => location.search.includes('fan=100')")
    assert_head_follows(page, browser, live_server)
    assert page.title() == "Hong Kong mahjong payments"  # no result, no headline
    assert all("fan=100" in link for link in language_links(page))


def test_a_hand_page_title_and_links_follow_the_tiles(table_device, browser, live_server):
    page = table_device
    page.goto(HAND)
    assert receives(page) == "1500"
    mark_page(page)
    page.locator('label:has(input[name="win"][value="self_draw"])').click()
    wait_for_url(page, f"{HAND}&win=self_draw")
    wait_for_receives(page, "2100")  # 門前清自摸和 + 平和: 2 han 20 fu, dealer: 700 all
    assert_head_follows(page, browser, live_server)
    assert "2,100" in page.title() and page.title().endswith("Riichi hand: yaku, fu and payment")
    assert still_same_document(page)

    page.locator('.languages a[hreflang="zh-hans"]').click()
    page.wait_for_url("**/zh-hans/riichi/hand/?hand=234567m12388p678s&win_tile=8s&win=self_draw")
    assert receives(page) == "2100"
    assert page.input_value("#id_hand") == "234567m12388p678s"


def test_emptying_the_hand_resets_the_title(table_device, browser, live_server):
    page = table_device
    page.goto(HAND)
    page.fill("#id_hand", "")
    page.wait_for_selector(RECEIVES, state="detached")
    page.wait_for_function("() => location.search.startsWith('?hand=&')")
    assert_head_follows(page, browser, live_server)
    assert page.title().startswith("Riichi hand")


# --- skip link ----------------------------------------------------------------------------


def test_the_first_tab_reaches_a_skip_link_to_the_inputs(page):
    page.goto("/en/hk/")
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    assert skip.inner_text() == "Skip to the inputs"
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["height"] >= 44  # shown once focused, a full tap target
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "id_fan"
    page.keyboard.press("Control+A")
    page.keyboard.type("6")
    wait_for_receives(page, "32")


def test_the_skip_link_reaches_the_tile_keyboard(page):
    page.goto("/en/riichi/hand/")
    page.keyboard.press("Tab")
    assert page.locator(":focus").inner_text() == "Skip to the inputs"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#calc') !== null")
    first = page.evaluate(
        """() => [...document.querySelectorAll('#calc input:not([type=hidden]), #calc select, #calc button')]
            .find(el => el.getClientRects().length > 0) === document.activeElement"""
    )
    assert first


def test_without_javascript_the_skip_link_moves_the_tab_start(no_js_phone):
    page = no_js_phone
    page.goto("/zh-hans/hk/")
    page.keyboard.press("Tab")
    assert page.locator(":focus").get_attribute("href") == "#calc"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "id_fan"


# --- what a screen reader hears -----------------------------------------------------------


def test_only_the_headline_is_announced_and_its_region_stays(page):
    page.goto("/en/hk/?fan=5")
    assert page.locator("#result").get_attribute("aria-live") is None
    assert page.locator("#result [aria-live], #result[role=status]").count() == 0
    live = page.locator("[aria-live]")
    assert live.count() == 1
    assert live.get_attribute("id") == "announce" and live.inner_text() == ""
    page.evaluate("document.getElementById('announce').dataset.kept = 'yes'")

    page.fill("#id_fan", "6")
    wait_for_receives(page, "32")
    announce = page.locator("#announce")
    page.wait_for_function("() => document.getElementById('announce').textContent.includes('32')")
    # The same element, so a screen reader notices the change; the headline card's words only.
    assert announce.get_attribute("data-kept") == "yes"
    text = announce.inner_text()
    assert page.locator(".card-main .sentence").inner_text() in text
    assert "Who pays how much" not in text and "Share" not in text

    page.fill("#id_fan", "100")
    page.wait_for_selector("#err-fan:not(:empty)")
    page.wait_for_function("() => document.getElementById('announce').textContent === ''")


def test_a_hand_page_has_one_live_region_too(page):
    page.goto(HAND)
    assert page.locator("[aria-live]").count() == 1
    page.locator('label:has(input[name="win"][value="self_draw"])').click()
    wait_for_receives(page, "2100")
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.includes('2,100')"
    )
    assert page.locator("[aria-live]").count() == 1


# --- the result bar -----------------------------------------------------------------------

BAR = "#result .result-bar"
FIRST_CARD = "#result .cards > .card"


def card_box(page) -> dict:
    return page.evaluate(
        """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                    return {top: r.top + scrollY, height: r.height}; }""",
        FIRST_CARD,
    )


def wait_for_bar(page, shown: bool) -> None:
    page.wait_for_function(
        "([sel, shown]) => { const bar = document.querySelector(sel);"
        " return bar && (bar.getClientRects().length > 0) === shown; }",
        arg=[BAR, shown],
    )


def show_part_of_the_first_card(page, shown: float) -> float:
    """Scroll so only `shown` of the first card's height is on screen, cut by the bottom
    edge of the window where the page can scroll that little (a phone), else by the top
    edge (a tablet, where it opens wholly in view). Returns the part actually on screen."""
    return page.evaluate(
        """([sel, shown]) => { const card = document.querySelector(sel);
            const box = card.getBoundingClientRect(), top = box.top + scrollY;
            const fold = top + box.height * shown - innerHeight;
            scrollTo(0, fold >= 0 ? fold : top + box.height * (1 - shown));
            const now = card.getBoundingClientRect();
            return (Math.min(now.bottom, innerHeight) - Math.max(now.top, 0)) / now.height; }""",
        [FIRST_CARD, shown],
    )


def test_the_bar_shows_while_the_first_card_is_cut_at_the_fold(table_device):
    page = table_device
    page.goto("/en/nmjl/")
    assert show_part_of_the_first_card(page, 0.5) == pytest.approx(0.5, abs=0.02)
    wait_for_bar(page, True)
    assert page.locator(f"{BAR} strong").inner_text() == page.locator(RECEIVES).inner_text()
    # The whole card on screen: the bar steps aside.
    page.evaluate(
        "sel => scrollTo(0, document.querySelector(sel).getBoundingClientRect().top + scrollY - 8)",
        FIRST_CARD,
    )
    wait_for_bar(page, False)
    # A strip of it off screen again: back.
    assert show_part_of_the_first_card(page, 0.9) < 1
    wait_for_bar(page, True)


def test_the_bar_shows_a_hand_pages_result_below_the_keyboard(table_device):
    """Issue 13, item 6: on a tablet the hand pages' result lies far below the tile keyboard."""
    page = table_device
    page.goto(HAND)
    # Past the keyboard (the bar stays clear of it), the result still below the fold.
    page.evaluate(
        """() => scrollTo(0, Math.max(...[...document.querySelectorAll('[data-keyboard]')]
            .map(k => k.getBoundingClientRect().bottom + scrollY)) + 1)"""
    )
    assert page.evaluate(
        "sel => document.querySelector(sel).getBoundingClientRect().top > innerHeight", FIRST_CARD
    )
    wait_for_bar(page, True)
    assert page.locator(f"{BAR} strong").inner_text() == "1,500"


def test_the_bar_follows_a_live_update(table_device):
    page = table_device
    page.goto("/en/riichi/?han=3")
    wait_for_bar(page, True)  # a long form: the first card starts at or below the fold
    assert page.locator(f"{BAR} strong").inner_text() == "3,900"
    page.fill("#id_han", "5")
    page.wait_for_function(
        "sel => document.querySelector(sel)?.textContent === '8,000'", arg=f"{BAR} strong"
    )
    page.evaluate("document.activeElement.blur()")
    wait_for_bar(page, True)


def test_the_bar_never_covers_the_focused_field(table_device):
    page = table_device
    page.goto("/en/hk/?fan=5")
    page.locator("details.table-rules summary").click()
    # The lowest field of the opened table rules: the first card is below it at both widths.
    field = "#id_min_fan"
    # Put the field at the bottom of the window, where the bar sits.
    page.evaluate(
        """sel => { const box = document.querySelector(sel).closest('.field').getBoundingClientRect();
                    scrollBy(0, box.bottom - innerHeight + 10); }""",
        field,
    )
    assert page.evaluate(
        "sel => document.querySelector(sel).getBoundingClientRect().top > innerHeight", FIRST_CARD
    )
    wait_for_bar(page, True)

    def overlap() -> float:
        return page.evaluate(
            """([bar, sel]) => { const b = document.querySelector(bar);
                if (!b.getClientRects().length) return 0;
                const f = document.querySelector(sel).closest('.field').getBoundingClientRect();
                return Math.max(0, f.bottom - b.getBoundingClientRect().top); }""",
            [BAR, field],
        )

    assert overlap() > 0  # unfocused, the bar lies over it
    page.evaluate("sel => document.querySelector(sel).focus({preventScroll: true})", field)
    page.wait_for_function(
        "([bar]) => !document.querySelector(bar).getClientRects().length", arg=[BAR]
    )
    assert overlap() == 0
    page.evaluate("bar => { document.querySelector(bar).dataset.before = 'edit'; }", BAR)
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    wait_for_url(page, "/en/hk/?fan=5&min_fan=4")
    # The result (its bar included) was swapped in while the field kept the focus.
    page.wait_for_function("bar => !document.querySelector(bar).dataset.before", arg=BAR)
    assert overlap() == 0
    # Done with the field: the number is back in the bar.
    page.evaluate("document.activeElement.blur()")
    wait_for_bar(page, True)
    assert page.locator(f"{BAR} strong").inner_text() == "24"


# --- 200 % zoom -------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["", "/zh-hans", "/en"])
def test_the_header_fits_at_200_percent_zoom(browser, live_server, prefix):
    """A 390 px phone at 200 % zoom lays the page out 195 px wide."""
    context = browser.new_context(viewport={"width": 195, "height": 422}, base_url=live_server.url)
    page = context.new_page()
    page.goto(f"{prefix}/riichi/")
    # Every language name and family chip on one line (no character-per-line stacks)...
    tall = page.evaluate(
        """() => [...document.querySelectorAll('.languages a, .family-switch a')]
            .filter(a => a.getBoundingClientRect().height > 46).map(a => a.textContent.trim())"""
    )
    assert tall == []
    # ...and nothing in the header runs off the side.
    wide = page.evaluate(
        """() => [...document.querySelectorAll('.site-header a')]
            .filter(a => a.getBoundingClientRect().right > innerWidth + 0.5).map(a => a.textContent.trim())"""
    )
    assert wide == []
    context.close()
