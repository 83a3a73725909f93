"""Two phones at the table record the same hand within a second (issue #30): it is
recorded once, the other phone says so where it tapped, and records it again only when told."""

from __future__ import annotations

import pytest

from calculator.models import Hand
from tests.browser.test_sheet_browser import start_sheet

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def fill_the_same_hand(page) -> None:
    """乙食丙 4番: player 2 won off player 3's discard; back once its preview is in."""
    form = page.locator("form.hand-form")
    form.locator("#id_winner").select_option("2")
    form.locator('input[name="win"][value="discard"]').check()
    form.locator("#id_discarder").select_option("3")
    form.locator("#id_fan").fill("4")
    page.wait_for_selector('#hand-preview [data-preview-delta="16"]')


def hold_its_updates(page, edit: str) -> None:
    """The phone's own network is slow: its polls bring nothing new (the other phone's hand
    reaches it only after its own tap), so which hand each phone showed is certain."""

    def poll(route) -> None:
        if route.request.method == "GET" and route.request.headers.get("hx-request"):
            route.fulfill(status=304)
        else:
            route.continue_()

    page.route(edit, poll)


def in_view(page, selector: str) -> None:
    page.wait_for_function(
        """s => { const r = document.querySelector(s)?.getBoundingClientRect();
                  return r && r.top >= 0 && r.bottom <= window.innerHeight; }""",
        arg=selector,
    )


def test_two_phones_tapping_the_same_hand_record_it_once_until_told_again(browser, live_server):
    contexts = [browser.new_context(viewport=PHONE, base_url=live_server.url) for _ in range(2)]
    try:
        phones = [context.new_page() for context in contexts]
        edit = start_sheet(phones[0])
        phones[1].goto(edit)
        for phone in phones:
            hold_its_updates(phone, edit)
            fill_the_same_hand(phone)
        # Both tap "record", one right after the other.
        for phone in phones:
            phone.locator('form.hand-form button[value="add"]').click()
        for phone in phones:  # each is answered: the hand recorded, or "already there"
            phone.wait_for_selector("[data-again], #sheet-record [data-hand]")
        assert Hand.objects.count() == 1
        told = [phone for phone in phones if phone.locator("[data-again]").count()]
        assert len(told) == 1
        second = told[0]
        again = second.locator("[data-again]")
        assert again.inner_text().startswith("第 1 鋪已經係呢鋪")
        in_view(second, "[data-again]")  # where the phone tapped, not below the fold
        form = second.locator("form.hand-form")
        assert form.locator("#id_fan").input_value() == "4"  # the hand as entered
        assert form.locator("#id_discarder").input_value() == "3"
        assert second.locator("#sheet-record [data-hand]").count() == 0
        # Told, the second phone records it again: the table did play it twice.
        again.get_by_role("button", name="再記一鋪").click()
        second.wait_for_selector('#sheet-record [data-hand="2"]')
        assert second.locator('#sheet-record [data-hand="1"]').count() == 1
        assert second.locator("[data-again]").count() == 0
        assert form.locator("#id_fan").input_value() == "3"  # emptied for the next hand
        first, repeated = Hand.objects.order_by("n")
        assert (first.winner, first.discarder, first.params["fan"]) == (2, 3, "4")
        assert (repeated.winner, repeated.discarder, repeated.params) == (2, 3, first.params)
    finally:
        for context in contexts:
            context.close()
