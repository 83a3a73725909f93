"""The sheet page with real evenings: the order it reads in, closing and reopening, several
winners, penalties and transfers recorded from the page, and undo of the last action."""

from __future__ import annotations

import re

import pytest

from calculator.models import Hand, Sheet
from tests.test_sheet_api import NAMES, add, new_sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db]


def page(client, key, **params):
    response = client.get(f"/en/sheets/{key}/", params)
    assert response.status_code == 200
    return response.content.decode()


def write(client, key, status=303, **params):
    response = client.post(f"/en/sheets/{key}/", params)
    assert response.status_code == status, response.content[:2000]
    return response


def revision(key):
    return str(Sheet.objects.get(edit_key=key).revision)


def test_the_page_reads_totals_settlement_form_hands(client):
    key, view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    for html in (page(client, key), client.get(f"/en/sheets/view/{view}/").content.decode()):
        places = [html.find(hook) for hook in ('id="totals"', 'id="settlement"', 'id="hands"')]
        assert -1 not in places and places == sorted(places)
    html = page(client, key)
    assert html.find('id="settlement"') < html.find('id="hand-form"') < html.find('id="hands"')


def test_close_and_reopen_from_the_page(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    write(client, key, action="close", revision=revision(key))
    html = page(client, key)
    assert 'id="sheet-closed"' in html and 'id="hand-form"' not in html
    assert 'value="reopen"' in html
    refused = write(client, key, 409, action="delete", n="1", revision=revision(key))
    assert "closed" in refused.content.decode()
    assert not Hand.objects.get(n=1).deleted
    write(client, key, action="reopen", revision=revision(key))
    assert 'id="hand-form"' in page(client, key)


def test_settlement_hooks_stay(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    html = page(client, key)
    assert re.search(r'data-settle data-from="4" data-to="2" data-amount="8"', html)


def undo(client, key):
    response = write(client, key, action="undo", revision=revision(key))
    return client.get("/en" + response["Location"].removeprefix("/en")).content.decode()


def test_undo_takes_back_the_last_action_whatever_it_was(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    for n in range(1, 9):
        add(client, key, winner=str(n % 4 + 1), discarder=str((n + 1) % 4 + 1), fan="3")
    write(client, key, action="delete", n="5", revision=revision(key))
    assert "Undo: deleting hand 5" in page(client, key)
    html = undo(client, key)
    assert "Undone: hand 5 is restored." in html
    assert not Hand.objects.filter(deleted=True).exists()  # hand 8 untouched
    # Then the add of hand 8 (the action before the delete).
    assert "Undone: hand 8 is taken back" in undo(client, key)
    assert Hand.objects.get(n=8).deleted


def test_undo_an_edit_brings_the_earlier_values_back(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    add(client, key, kind="penalty", offender="3")
    write(
        client,
        key,
        action="replace",
        n="1",
        revision=revision(key),
        winner="1",
        fan="5",
        win="self_draw",
    )
    assert Hand.objects.get(n=1).winner == 1
    html = undo(client, key)
    assert "Undone: the edit of hand 1" in html
    hand = Hand.objects.get(n=1)
    assert (hand.winner, hand.discarder, hand.params) == (2, 4, {}) and hand.versions == 3
    assert "Undone: hand 2 is taken back" in undo(client, key)


def test_undo_is_refused_on_a_closed_sheet(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, winner="2", discarder="4", fan="3")
    write(client, key, action="close", revision=revision(key))
    write(client, key, 409, action="undo", revision=revision(key))
    assert not Hand.objects.get(n=1).deleted


def test_several_winners_a_penalty_and_a_transfer_from_the_page(client):
    key, _view, _sheet = new_sheet(client, family="hk", multi_win="all")
    # The page's form sends every kind's fields; those of other kinds are left out.
    sent = [
        "kind=win&winner=2&also_won=&also_won=1&discarder=4&fan=5,3&offender=&from=&to=&amount=",
        "kind=penalty&offender=3&winner=&discarder=&fan=3&amount=&from=&to=",
        "kind=transfer&winner=1&fan=8&offender=&amount=2&from=4&to=1",
    ]
    for query in sent:
        response = client.post(
            f"/en/sheets/{key}/",
            f"action=add&{query}",
            content_type="application/x-www-form-urlencoded",
        )
        assert response.status_code == 303, response.content[:2000]
    assert Hand.objects.get(n=1).params == {"winner": "1,2", "fan": "3,5"}
    html = page(client, key).replace("\u2068", "").replace("\u2069", "")
    assert "Penalty (詐糊): 陳生 pays the others" in html
    assert "Dee pays 阿明 2" in html and "阿明、Bea won off Dee" not in html
    assert "阿明, Bea won off Dee" in html
    assert re.search(r'data-player="1" data-total="202"', html)
    # Each row says the totals after it.
    assert "After it: 阿明 +8 · Bea +24 · 陳生 0 · Dee −32" in html


def test_a_refused_penalty_records_nothing(client):
    key, _view, _sheet = new_sheet(client, family="nmjl")
    response = write(client, key, 200, action="add", kind="penalty", offender="2", amount="")
    assert "no default" in response.content.decode()
    assert not Hand.objects.exists()


def test_the_new_sheet_form_offers_the_familys_multi_win_rules(client):
    html = client.get("/en/sheets/new/?family=riichi").content.decode()
    assert 'name="multi_win"' in html and 'value="double" selected' in html
    assert 'name="multi_win_counters"' in html and 'name="false_win"' not in html
    hk = client.get("/en/sheets/new/?family=hk&multi_win=all").content.decode()
    assert 'value="all" selected' in hk and 'value="double"' not in hk
    assert 'name="false_win"' in hk
    classical = client.get("/en/sheets/new/?family=classical").content.decode()
    assert 'name="multi_win"' not in classical
    response = client.post(
        "/en/sheets/new/",
        {"family": "hk", "multi_win": "all", "false_win": "share", **NAMES},
    )
    assert response.status_code == 303
    assert Sheet.objects.get().rules == {"multi_win": "all", "false_win": "share"}


def test_editing_a_hand_with_several_winners_shows_them_and_saves_unchanged(client):
    key, _view, _sheet = new_sheet(client, family="hk", multi_win="all")
    add(client, key, winner="2,1", discarder="4", fan="5,3")
    html = page(client, key, edit="1")
    assert re.search(r'name="also_won" value="2" checked', html)
    assert re.search(r'id="id_fan" name="fan" value="3,5"', html)
    write(
        client,
        key,
        action="replace",
        n="1",
        revision=revision(key),
        winner="1",
        also_won="2",
        discarder="4",
        fan="3,5",
        kind="win",
    )
    hand = Hand.objects.get(n=1)
    assert hand.params == {"winner": "1,2", "fan": "3,5"} and hand.versions == 2
