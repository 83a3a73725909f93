"""No hand recorded twice by two phones (issue #30): an add names the revision its phone
showed (`shown`); the same hand as one recorded since is refused (409 `duplicate`) until the
person confirms it (`confirm=1`). Through the JSON API and the sheet page, with and without
JavaScript."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from calculator.models import Hand, Sheet
from tests.test_sheet_api import add, answer, codes, new_sheet
from tests.test_sheet_pages import HX, key_of, start, tap_record, visible

pytestmark = [pytest.mark.database, pytest.mark.django_db]

EAT = {"winner": "2", "discarder": "3", "fan": "4"}  # 乙食丙 4番


def revision(key: str) -> int:
    return Sheet.objects.get(edit_key=key).revision


# --- the API ---------------------------------------------------------------------------------


def test_the_same_hand_from_a_phone_behind_is_refused_and_nothing_is_recorded(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    assert add(client, key, **EAT, key="a", shown="0")["hand"]["n"] == 1
    refused = add(client, key, 409, **EAT, key="c", shown="0")
    assert codes(refused) == {"__all__": ["duplicate"]}
    (error,) = refused["errors"]["__all__"]
    assert error["n"] == 1 and "第 1 鋪" in error["message"]
    assert Hand.objects.count() == 1 and revision(key) == 1
    # Its key was not used up: confirmed, the same key records the hand.
    confirmed = add(client, key, **EAT, key="c", shown="0", confirm="1")
    assert confirmed["hand"]["n"] == 2 and confirmed["hand"]["deltas"] == [0, 16, -16, 0]
    assert Hand.objects.count() == 2


def test_the_refusal_names_the_hand_in_the_requests_language(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="1", win="self_draw", fan="3")
    add(client, key, **EAT, shown="1")
    for lang, said in (("en", "Hand 2 is already this hand"), ("zh-hans", "第 2 局已经是这一局")):
        url = f"/api/v1/sheets/{key}/hands?lang={lang}"
        refused = answer(client.post(url, {**EAT, "shown": "1"}), 409)
        assert refused["errors"]["__all__"][0]["message"].startswith(said)


def test_another_hand_from_a_phone_behind_is_recorded(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **EAT, shown="0")
    assert add(client, key, **{**EAT, "fan": "5"}, shown="0")["hand"]["n"] == 2
    assert add(client, key, **{**EAT, "discarder": "4"}, shown="0")["hand"]["n"] == 3
    assert add(client, key, winner="2", win="self_draw", fan="4", shown="0")["hand"]["n"] == 4


def test_without_shown_an_add_is_recorded_as_before(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **EAT)
    assert add(client, key, **EAT)["hand"]["n"] == 2
    assert add(client, key, **EAT, confirm="0")["hand"]["n"] == 3


def test_a_phone_that_showed_the_hand_records_it_again(client):
    """A hand the phone already showed was seen: the table means it a second time."""
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **EAT, shown="0")
    assert add(client, key, **EAT, shown="1")["hand"]["n"] == 2
    # Only the hands recorded after `shown` count: hands 1 and 2 were shown with revision 2.
    add(client, key, winner="1", win="self_draw", fan="3")
    assert add(client, key, **EAT, shown="2")["hand"]["n"] == 4


def test_a_hand_deleted_since_is_no_duplicate(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **EAT, shown="0")
    client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "1"})
    assert add(client, key, **EAT, shown="0")["hand"]["n"] == 2


def test_a_retry_of_a_recorded_key_answers_with_its_hand(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="1", win="self_draw", fan="3", key="x")
    add(client, key, **EAT, key="a", shown="1")
    again = add(client, key, 200, **EAT, key="a", shown="1")  # its first answer was lost
    assert again["hand"]["n"] == 2 and Hand.objects.count() == 2


def test_several_winners_are_the_same_hand_in_either_order(client):
    key, _view, _sheet = new_sheet(client, family="hk", multi_win="all")
    add(client, key, winner="2,1", discarder="4", fan="5,3", shown="0")
    refused = add(client, key, 409, winner="1,2", discarder="4", fan="3,5", shown="0")
    assert refused["errors"]["__all__"][0]["n"] == 1
    other = add(client, key, winner="1,2", discarder="4", fan="5,3", shown="0")
    assert other["hand"]["n"] == 2


def test_penalties_and_transfers_are_compared_by_their_values(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, kind="penalty", offender="3", shown="0")
    assert codes(add(client, key, 409, kind="penalty", offender="3", shown="0")) == {
        "__all__": ["duplicate"]
    }
    assert add(client, key, kind="penalty", offender="2", shown="0")["hand"]["n"] == 2
    pays = {"kind": "transfer", "from": "2", "to": "4", "amount": "7.5"}
    add(client, key, **pays, shown="2")
    refused = add(client, key, 409, **pays, shown="2")
    assert refused["errors"]["__all__"][0]["n"] == 3
    assert add(client, key, **{**pays, "amount": "8"}, shown="2")["hand"]["n"] == 4
    assert add(client, key, **pays, shown="2", confirm="1")["hand"]["n"] == 5


def test_a_bad_shown_or_confirm_is_refused_and_records_nothing(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    assert codes(add(client, key, 400, **EAT, shown="one")) == {"shown": ["invalid"]}
    assert codes(add(client, key, 400, **EAT, shown="")) == {"shown": ["invalid"]}
    assert codes(add(client, key, 400, **EAT, confirm="maybe")) == {"confirm": ["invalid"]}
    assert Hand.objects.count() == 0


def test_a_shown_ahead_of_the_sheet_is_not_behind(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **EAT)
    assert add(client, key, **EAT, shown="7")["hand"]["n"] == 2


# --- the sheet page --------------------------------------------------------------------------


def two_phones(client: Client) -> str:
    """A sheet whose page was drawn at revision 0, then one phone recorded 乙食丙 4番."""
    url = start(client, family="hk")
    assert tap_record(client, url, **EAT, key="a", shown="0").status_code == 200
    return url


def test_in_place_the_same_hand_comes_back_in_its_form_with_record_it_again(client):
    url = two_phones(client)
    response = tap_record(client, "/en" + url, **EAT, key="c", shown="0")
    html = unescape(visible(response.content.decode()))
    assert response.status_code == 200 and Hand.objects.count() == 1
    assert response["HX-Retarget"] == "#hand-form"
    assert html.startswith('<section class="hand-entry" id="hand-form"')
    # Below the button tapped: what it repeats, and the button that records it anyway.
    buttons = html[html.index('class="hand-buttons"') :]
    again = re.search(r'<div class="hand-again" data-again role="alert"><p>([^<]+)</p>', buttons)
    assert again and again.group(1).startswith("Hand 1 is already this hand")
    assert re.search(r'<button type="submit" name="confirm" value="1"[^>]*>Record it again<', html)
    assert re.search(r'<input[^>]*name="fan"[^>]*value="4"', html)  # what was sent stays
    assert re.search(r'<option value="3" selected>', html)
    assert html.count("Hand 1 is already this hand") == 1  # not again at the form's top
    # Confirmed: recorded, and the page gets the whole list (it was behind).
    confirmed = tap_record(client, url, **EAT, key="d", shown="0", confirm="1", redrawn="1")
    assert confirmed.status_code == 200 and confirmed["HX-Trigger-After-Swap"] == "handRecorded"
    assert Hand.objects.count() == 2


def test_the_same_hand_in_cantonese_by_default(client):
    url = two_phones(client)
    html = tap_record(client, url, **EAT, key="c", shown="0").content.decode()
    assert "第 1 鋪已經係呢鋪" in html and ">再記一鋪<" in html


def test_without_javascript_the_page_says_so_and_keeps_the_form(client):
    url = two_phones(client)
    response = client.post("/en" + url, {"action": "add", **EAT, "key": "c", "shown": "0"})
    html = unescape(visible(response.content.decode()))
    assert response.status_code == 200 and Hand.objects.count() == 1
    assert "it looks like one already on the sheet" in html  # the notice at the top
    assert re.search(r'<div class="hand-again"[^>]*><p>Hand 1 is already this hand', html)
    assert re.search(r'<input[^>]*name="fan"[^>]*value="4"', html)
    # The plain form carries the revision the page shows (now 1) and "record it again".
    assert re.search(r'name="shown" value="1" id="sheet-shown" form="hand-entry"', html)
    assert '<form method="post" action="/en' in html and 'id="hand-entry"' in html
    key = re.search(r'name="key" value="([^"]+)" id="hand-key"', html).group(1)
    data = {**EAT, "key": key, "shown": "0", "confirm": "1"}  # no action: an add
    confirmed = client.post("/en" + url, data)
    assert confirmed.status_code == 303 and Hand.objects.count() == 2


def test_the_edit_page_sends_the_revision_it_shows_with_its_form(client):
    url = two_phones(client)
    html = client.get(url).content.decode()
    assert 'id="sheet-shown" form="hand-entry"' in html
    assert re.search(r'<form [^>]*class="hand-form" id="hand-entry"', html)
    assert 'class="hand-again"' not in html
    view = client.get(f"/sheets/view/{Sheet.objects.get(edit_key=key_of(url)).view_key}/")
    assert 'id="sheet-shown"' not in view.content.decode()


def test_a_poll_keeps_the_shown_revision_with_the_form(client):
    url = two_phones(client)
    html = client.get(url, headers=HX).content.decode()
    assert 'name="shown" value="1" id="sheet-shown" form="hand-entry"' in html
