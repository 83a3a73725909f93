"""The first card on a phone and a tablet: wholly in view once scrolled to, with each payer's
line (issue 13, item 1)."""

from __future__ import annotations

import pytest

from tests.browser.page_helpers import address

pytestmark = pytest.mark.browser

FIRST = "#result .cards > .card"


def first_card_fits(page) -> bool:
    """Scroll the first card's top to the top of the window: is all of it on screen, and no
    wider than the window?"""
    return page.evaluate(
        """sel => { const card = document.querySelector(sel);
                    scrollTo(0, card.getBoundingClientRect().top + scrollY - 4);
                    const r = card.getBoundingClientRect();
                    return r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        FIRST,
    )


@pytest.mark.parametrize(
    ("path", "roles", "nets"),
    [
        ("/en/hk/?fan=3&split=half", ["winner", "discarder", "other"], ["+8", "−4", "−2"]),
        ("/en/hk/?fan=3&win=self_draw", ["winner", "other"], ["+12", "−4"]),
        ("/en/riichi/", ["winner", "discarder", "other"], ["+3,900", "−3,900", "0"]),
        (
            "/en/riichi/?han=3&fu=40&win=self_draw",
            ["winner", "dealer", "non_dealer"],
            ["+5,200", "−2,600", "−1,300"],
        ),
        (
            "/riichi/?han=3&fu=40&win=self_draw&dealer=1",
            ["winner", "non_dealer"],
            ["+7,800", "−2,600"],
        ),
    ],
)
def test_the_first_card_shows_every_payers_line_in_one_view(table_device, path, roles, nets):
    page = table_device
    page.goto(path)
    card = page.locator(FIRST)
    players = card.locator("[data-player]")
    assert [players.nth(i).get_attribute("data-player") for i in range(players.count())] == roles
    assert card.locator(".seat-net").all_inner_texts() == nets
    assert first_card_fits(page)


def test_seven_pairs_disables_the_shape_fields_as_it_is_ticked(phone):
    phone.goto("/en/riichi/?fu_mode=count")
    assert phone.locator("#id_wait").is_enabled()
    phone.locator("#id_chiitoitsu").check()
    phone.wait_for_function(
        "() => document.querySelector('[data-result=fu]')?.textContent === '25'"
    )
    for name in ("wait", "pair", "m1", "m4"):
        assert phone.locator(f"#id_{name}").is_disabled()
    assert "wait=" not in address(phone)
    phone.locator("#id_chiitoitsu").uncheck()
    phone.wait_for_function(
        "() => document.querySelector('[data-result=fu]')?.textContent === '30'"
    )
    assert phone.locator("#id_wait").is_enabled()
