"""A long evening at 390 px: who pays whom is read before the hands, on the edit page and
on the view link (issue: the settlement was nine screens down on a 37-hand sheet)."""

from __future__ import annotations

import pytest

from tests.browser.test_sheet_browser import start_sheet

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]

HANDS = 37


def top(page, selector: str) -> float:
    return page.locator(selector).first.bounding_box()["y"]


def test_on_a_long_sheet_the_settlement_comes_before_the_hands(phone):
    edit_url = start_sheet(phone)
    edit_key = edit_url.rstrip("/").rsplit("/", 1)[-1]
    for n in range(HANDS):
        winner, discarder = n % 4 + 1, (n + 1) % 4 + 1
        answer = phone.request.post(
            f"/api/v1/sheets/{edit_key}/hands",
            form={"winner": str(winner), "discarder": str(discarder), "fan": str(3 + n % 5)},
        )
        assert answer.status == 201, answer.text()
    phone.reload()
    # The latest hands are listed (older ones a link away).
    assert phone.locator('#sheet-record [data-hand="37"]').count() == 1
    view_url = phone.locator(".sheet-share .share-url").first.input_value()

    # The edit page: totals, then who pays whom, then the form, then the hands.
    totals, settle = top(phone, "[data-player]"), top(phone, "[data-settle]")
    form, first_hand = top(phone, "form.hand-form"), top(phone, "#sheet-record [data-hand]")
    assert totals < settle < form < first_hand
    # Seen without scrolling past anything but the totals: within the first screen.
    assert settle < phone.viewport_size["height"]

    phone.goto(view_url)
    totals, settle = top(phone, "[data-player]"), top(phone, "[data-settle]")
    assert totals < settle < top(phone, "[data-hand]")
    assert settle < phone.viewport_size["height"]
