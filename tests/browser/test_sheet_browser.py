"""Score sheets in headless Chromium: two phones on one sheet stay in step without a reload,
edit and undo, the no-JS flow, and the phone layout."""

from __future__ import annotations

import pytest

from calculator.models import Hand
from tests.browser.page_helpers import mark_page, overflow, still_same_document

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

NAMES = ("阿明", "Bea", "陳生", "Dee")
TOTAL = '[data-player="{n}"]'


def start_sheet(page, family: str = "hk") -> str:
    page.goto(f"/sheets/new/?family={family}")
    for n, name in enumerate(NAMES, 1):
        page.fill(f"#id_name{n}", name)
    page.locator("form.sheet-new button[type=submit]").click()
    page.wait_for_selector("#sheet-live")
    return page.url


def total(page, n: int) -> str:
    return page.locator(TOTAL.format(n=n)).get_attribute("data-total")


def wait_for_total(page, n: int, want: str, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "([n, want]) => document.querySelector(`[data-player='${n}']`)?.dataset.total === want",
        arg=[n, want],
        timeout=timeout,
    )


def record_hk(page, winner: str, fan: str, discarder: str = "", win: str = "discard") -> None:
    """Fill the hand form and tap "record"; back once the list shows one hand more (in
    place with JavaScript, after the redirect without)."""
    before = hands_shown(page)
    form = page.locator("form.hand-form")
    form.locator("#id_winner").select_option(winner)
    form.locator("#id_discarder").select_option(discarder)
    form.locator(f'input[name="win"][value="{win}"]').check()
    form.locator("#id_fan").fill(fan)
    form.locator('button[value="add"]').click()
    page.wait_for_load_state()
    page.wait_for_function(
        "n => document.querySelectorAll('#sheet-record [data-hand]').length > n", arg=before
    )


def hands_shown(page) -> int:
    return page.locator("#sheet-record [data-hand]").count()


def test_two_phones_stay_in_step_without_a_reload(phone, browser, live_server):
    edit = start_sheet(phone)
    view_link = phone.locator(".sheet-share .share-url").first.input_value()
    other = browser.new_context(viewport={"width": 390, "height": 844})
    watcher = other.new_page()
    try:
        watcher.goto(view_link)
        mark_page(watcher)
        assert total(watcher, 2) == "0"
        # A few polls with nothing new (304s) leave the sheet on screen.
        watcher.wait_for_timeout(7_000)
        assert watcher.locator("#sheet-live").count() == 1
        record_hk(phone, "2", "3", discarder="4")
        wait_for_total(phone, 2, "8")
        wait_for_total(watcher, 2, "8")
        wait_for_total(watcher, 4, "-8")
        assert still_same_document(watcher)
        assert watcher.locator('[data-hand="1"]').count() == 1
        assert phone.url.startswith(edit)
    finally:
        other.close()


def test_live_preview_then_record_edit_and_undo(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("1")
    form.locator('input[name="win"][value="self_draw"]').check()
    form.locator("#id_fan").fill("5")
    phone.wait_for_selector('[data-preview-delta="36"]')
    form.locator('button[value="add"]').click()
    wait_for_total(phone, 1, "36")
    record_hk(phone, "2", "3", discarder="4")
    wait_for_total(phone, 4, "-20")
    # Edit hand 1: player 3 won it instead.
    phone.locator('[data-hand="1"] .hand-actions a').click()
    phone.wait_for_selector('form.hand-form input[name="n"][value="1"]', state="attached")
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("3")
    form.locator('button[value="replace"]').click()
    wait_for_total(phone, 3, "36")
    # Its history is a link away: the page draws it when asked.
    assert phone.locator('[data-hand="1"] p.hand-history a').count() == 1
    # Undo takes back the last action, the edit: player 1 won hand 1 again.
    phone.locator('button[value="undo"]').click()
    wait_for_total(phone, 1, "36")
    wait_for_total(phone, 3, "-12")
    assert phone.locator(".deleted").count() == 0


def test_the_whole_flow_without_javascript(no_js_phone):
    page = no_js_phone
    start_sheet(page)
    record_hk(page, "2", "3", discarder="4")
    assert total(page, 2) == "8" and total(page, 4) == "-8"
    page.locator('[data-hand="1"] button[form="delete-hand"]').click()
    page.wait_for_load_state()
    assert total(page, 2) == "0"
    page.locator('[data-hand="1"] button[form="restore-hand"]').click()
    page.wait_for_load_state()
    assert total(page, 2) == "8"


def test_phone_layout_does_not_scroll_sideways(phone):
    start_sheet(phone, "riichi")
    assert overflow(phone) <= 0
    phone.goto("/sheets/new/?family=riichi")
    assert overflow(phone) <= 0


def test_back_then_record_again_records_one_hand(no_js_phone):
    page = no_js_phone
    start_sheet(page)
    record_hk(page, "2", "3", discarder="4")
    assert hands_shown(page) == 1
    assert page.url.endswith("#totals")
    page.go_back()
    page.wait_for_load_state()
    page.locator('button[value="add"]').click()
    page.wait_for_load_state()
    # The form came back with the key already used: nothing new.
    page.wait_for_selector("#sheet-record")
    assert hands_shown(page) == 1


def test_recording_in_place_empties_the_form_and_the_rows_stay_usable(phone):
    edit = start_sheet(phone)
    mark_page(phone)
    record_hk(phone, "2", "3", discarder="4")
    key = phone.locator("#hand-key").input_value()
    record_hk(phone, "1", "5", win="self_draw")
    wait_for_total(phone, 1, "36")
    assert still_same_document(phone) and phone.url == edit
    assert phone.locator("[data-hand]").evaluate_all("rows => rows.map(r => r.dataset.hand)") == [
        "2",
        "1",
    ]
    # The form is empty for the next hand, with a key of its own, and no preview left over.
    form = phone.locator("form.hand-form")
    assert form.locator("#id_winner").input_value() == ""
    assert form.locator("#id_fan").input_value() == "3"
    assert form.locator('input[name="win"][value="discard"]').is_checked()
    assert phone.locator("#hand-key").input_value() not in ("", key)
    assert phone.locator("[data-preview-delta]").count() == 0
    # Tapping "record" on the empty form records nothing and says what is missing.
    form.locator('button[value="add"]').click()
    phone.wait_for_selector("form.hand-form .field-error:not(:empty)")
    assert hands_shown(phone) == 2
    # Hand 1's row was drawn before the later write: its delete still goes through.
    phone.locator('[data-hand="1"] button[form="delete-hand"]').click()
    phone.wait_for_selector('[data-hand="1"].deleted')
    wait_for_total(phone, 2, "-12")


def test_with_javascript_back_after_recording_leaves_the_sheet_alone(phone):
    start_sheet(phone)
    record_hk(phone, "2", "3", discarder="4")
    phone.go_back()  # to the new-sheet page: recording in place made no history entry
    phone.wait_for_load_state()
    phone.go_forward()
    phone.wait_for_selector("#sheet-record")
    assert hands_shown(phone) == 1
    phone.locator('button[value="add"]').click()  # the form is empty: nothing is recorded
    phone.wait_for_selector("form.hand-form .field-error:not(:empty)")
    assert hands_shown(phone) == 1


def test_a_self_draw_or_drawn_hand_clears_the_discarder(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("2")
    form.locator("#id_discarder").select_option("4")
    form.locator('input[name="win"][value="self_draw"]').check()
    assert form.locator("#id_discarder").is_disabled()
    assert form.locator("#id_discarder").input_value() == ""
    form.locator("#id_fan").fill("5")
    phone.wait_for_selector('[data-preview-delta="36"]')  # no "who discarded" error
    form.locator('input[name="win"][value="discard"]').check()
    assert form.locator("#id_discarder").is_enabled()
    form.locator("#id_discarder").select_option("4")
    form.locator("#id_winner").select_option("none")
    assert form.locator("#id_discarder").is_disabled()


@pytest.fixture
def english_sheet_at_820(browser, live_server):
    """A new HK sheet's edit page in English on an 820 px tablet."""
    context = browser.new_context(viewport={"width": 820, "height": 1000}, base_url=live_server.url)
    try:
        page = context.new_page()
        start_sheet(page)
        page.goto(page.url.replace(live_server.url, live_server.url + "/en"))
        yield page
    finally:
        context.close()


def test_the_english_hand_form_at_820_gives_each_field_its_width(english_sheet_at_820):
    page = english_sheet_at_820
    form = page.locator("form.hand-form")
    width = form.bounding_box()["width"]
    win = form.locator(".hand-fields .field-radio").first.bounding_box()
    fan = form.locator("#id_fan").locator("xpath=..").bounding_box()
    # Two even columns: neither the win choice nor the fan is squeezed into a sliver.
    assert win["width"] > width * 0.4 and fan["width"] > width * 0.4
    assert abs(win["y"] - fan["y"]) < 2  # side by side, on one row


def test_a_long_unbroken_name_does_not_widen_the_phone_page(phone):
    phone.goto("/sheets/new/?family=hk")
    for n, name in enumerate(("W" * 40, "Bea", "陳生", "Dee"), 1):
        phone.fill(f"#id_name{n}", name)
    phone.locator("form.sheet-new button[type=submit]").click()
    phone.wait_for_selector("#sheet-live")
    record_hk(phone, "1", "3", discarder="4")
    assert overflow(phone) <= 0
    phone.goto(phone.url.split("#")[0] + "?edit=1")
    assert overflow(phone) <= 0


def test_without_javascript_three_players_hide_the_fourth_name(no_js_phone):
    no_js_phone.goto("/en/sheets/new/?family=riichi")
    assert no_js_phone.locator("#id_name4").is_visible()
    no_js_phone.check('input[name="players"][value="3"]')
    assert not no_js_phone.locator("#id_name4").is_visible()


def test_a_refused_hand_then_fixed_records_and_empties_the_form(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("2")
    form.locator("#id_fan").fill("7")
    form.locator('button[value="add"]').click()  # a discard win with no discarder
    phone.wait_for_selector("#err-discarder:not(:empty)")
    # The form came back with the error: the field to fix gets the focus.
    phone.wait_for_function("() => document.activeElement.id === 'id_discarder'")
    form = phone.locator("form.hand-form")
    assert form.locator("#id_fan").input_value() == "7"  # what was sent stays
    form.locator("#id_discarder").select_option("4")
    form.locator('button[value="add"]').click()
    phone.wait_for_selector('[data-hand="1"]')
    wait_for_total(phone, 2, "48")
    form = phone.locator("form.hand-form")
    # Empty for the next hand: not the refused hand's values, and no error left.
    assert form.locator("#id_winner").input_value() == ""
    assert form.locator("#id_fan").input_value() == "3"
    assert phone.locator("#err-discarder").inner_text() == ""
    assert "1" in phone.locator("#hand-preview").inner_text()  # "hand 1 is recorded"


def test_unticking_the_liable_box_clears_who_is_liable(phone):
    start_sheet(phone)
    form = phone.locator("form.hand-form")
    who = form.locator("#id_liable_player")
    assert who.is_disabled()  # nobody is liable until 包自摸 is ticked
    form.locator("#id_liable").check()
    assert who.is_enabled()
    who.select_option("3")
    form.locator("#id_liable").uncheck()
    assert who.is_disabled() and who.input_value() == ""
    # So the next hand, a plain self-draw, records.
    record_hk(phone, "2", "5", win="self_draw")
    wait_for_total(phone, 2, "36")


def test_while_a_hand_is_recorded_the_form_takes_no_input(phone):
    start_sheet(phone)
    phone.evaluate(
        """() => document.addEventListener("htmx:beforeSend", (event) => {
          const form = event.detail.elt.closest && event.detail.elt.closest("form");
          if (event.detail.elt.matches('button[value="add"]')) {
            window.__busy = [...form.querySelectorAll(".hand-own, .hand-fields")].map(
              (part) => part.inert).concat([form.getAttribute("aria-busy")]);
          }
        })"""
    )
    record_hk(phone, "2", "3", discarder="4")
    assert phone.evaluate("window.__busy") == [True, True, "true"]
    form = phone.locator("form.hand-form")
    assert (
        form.evaluate(
            "f => [...f.querySelectorAll('[inert]')].length + f.hasAttribute('aria-busy')"
        )
        == 0
    )
    # The button kept the focus: a keyboard user goes on from there.
    assert phone.evaluate("document.activeElement.value") == "add"


def test_riichi_tenpai_is_asked_only_when_nobody_won(phone):
    start_sheet(phone, "riichi")
    form = phone.locator("form.hand-form")
    tenpai = form.locator('input[name="tenpai"][value="2"]')
    assert tenpai.is_enabled()  # nobody chosen yet
    tenpai.check()
    form.locator("#id_winner").select_option("1")
    assert tenpai.is_disabled() and not tenpai.is_checked()
    form.locator("#id_winner").select_option("none")
    assert tenpai.is_enabled()
    tenpai.check()
    form.locator('button[value="add"]').click()
    phone.wait_for_selector('[data-hand="1"]')
    wait_for_total(phone, 2, "28000")  # the one tenpai: 1,000 from each of the others


def test_choosing_count_brings_the_hands_shape_and_records_it(phone):
    start_sheet(phone, "riichi")
    form = phone.locator("form.hand-form")
    assert form.locator('select[name="wait"]').count() == 0  # left out while hidden
    form.locator("#id_winner").select_option("2")
    form.locator("#id_discarder").select_option("1")
    form.locator('input[name="fu_mode"][value="count"]').check()
    wait = form.locator('select[name="wait"]')
    wait.wait_for(state="visible")  # brought by the preview's answer
    form.locator("#id_han").fill("1")
    form.locator('input[name="closed"][type="checkbox"]').uncheck()
    wait.select_option("kanchan")
    # Open ron 1 han: 20 + 2 (kanchan) = 22, rounded up to 30 fu: 1,000 from player 1.
    phone.wait_for_selector('#hand-preview [data-preview-delta="1000"]')
    form.locator('button[value="add"]').click()
    phone.wait_for_selector('[data-hand="1"]')
    wait_for_total(phone, 2, "26000")
    hand = Hand.objects.get()
    assert (hand.params["fu_mode"], hand.params["wait"], hand.params["closed"]) == (
        "count",
        "kanchan",
        "0",
    )


def test_another_phones_hand_brings_the_preview_and_tiles_link_up_to_date(phone):
    edit = start_sheet(phone, "riichi")
    key = edit.rstrip("/").split("/")[-1]
    form = phone.locator("form.hand-form")
    form.locator("#id_winner").select_option("2")
    form.locator("#id_discarder").select_option("3")
    form.locator("#id_han").fill("2")
    form.locator("#id_fu").select_option("30")
    winner = "#hand-preview [data-preview-delta] >> nth=1"
    phone.wait_for_function(
        "s => document.querySelectorAll(s)[1]?.dataset.previewDelta === '2000'",
        arg="#hand-preview [data-preview-delta]",
    )
    assert "honba" not in (phone.locator("[data-tiles-link]").get_attribute("href") or "")
    # Another phone records the dealer's self-draw: the next hand has 1 honba.
    answer = phone.request.post(
        f"/api/v1/sheets/{key}/hands",
        form={"winner": "1", "win": "self_draw", "han": "3", "fu": "30"},
    )
    assert answer.status == 201
    phone.wait_for_function(
        "s => document.querySelectorAll(s)[1]?.dataset.previewDelta === '2300'",
        arg="#hand-preview [data-preview-delta]",
        timeout=10_000,
    )
    assert phone.locator(winner).inner_text().endswith("2,300")
    assert "honba=1" in phone.locator("[data-tiles-link]").get_attribute("href")
    assert form.locator("#id_han").input_value() == "2"  # what was typed stays


def test_at_820_who_won_and_who_discarded_line_up_whatever_their_labels(english_sheet_at_820):
    page = english_sheet_at_820
    lines = page.evaluate(
        """() => ["winner", "discarder"].map((name) => {
            const range = document.createRange();
            range.selectNodeContents(document.querySelector(`label[for="id_${name}"]`));
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        })"""
    )
    assert lines == [1, 2]  # the discarder's label wraps at this width
    winner, discarder = (page.locator(f"#id_{n}").bounding_box() for n in ("winner", "discarder"))
    assert abs(winner["y"] - discarder["y"]) < 2
