"""Score sheets against hostile input: names that cannot reorder the page, bytes that are
not UTF-8, formulas in the CSV, shared write limits, expiry and long sheets."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta
from html import escape, unescape

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from calculator import sheets
from calculator.forms.sheet import MAX_HANDS
from calculator.models import Hand, Sheet
from tests.test_sheet_api import NAMES, add, answer, codes, new_sheet
from tests.test_sheet_pages import (
    HX,
    hand_deltas,
    listed,
    record,
    start,
    tap_record,
    totals,
    visible,
)

pytestmark = [pytest.mark.database, pytest.mark.django_db]

# Invisible format characters (Unicode category Cf): bidirectional overrides, embeddings
# and isolates, marks, zero-width characters, the byte-order mark.
FORMAT_CHARACTERS = [
    "\u202e",
    "\u202a",
    "\u202d",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u2060",
    "\ufeff",
]


@pytest.mark.parametrize("char", FORMAT_CHARACTERS, ids=lambda c: f"U+{ord(c):04X}")
def test_the_api_refuses_a_name_with_an_invisible_format_character(client, char):
    refused = answer(
        client.post("/api/v1/sheets", {**NAMES, "family": "hk", "name2": f"{char}Bob"}), 400
    )
    assert codes(refused) == {"name2": ["invalid"]}


def test_the_new_sheet_page_says_beside_the_name_what_is_wrong(client):
    response = client.post("/sheets/new/", {**NAMES, "family": "hk", "name3": "Cat\u202e04"})
    assert response.status_code == 200
    html = response.content.decode()
    error = re.search(r'id="err-name3"[^>]*>([^<]+)<', html)
    assert error and error.group(1).strip(), html[:2000]


def isolated_everywhere(html: str, name: str) -> None:
    """Every time the name appears in the page's text it is a bidirectional isolate of its
    own (FSI … PDI, what <bdi> does), so no letter of it can reorder the text around it."""
    text = re.sub(r"<[^>]+>", "", html)
    assert name in text
    for found in re.finditer(re.escape(name), text):
        start, end = found.span()
        assert text[start - 1] == "\u2068", text[max(0, start - 40) : end + 40]
        assert text[end:].startswith(("\u2069", " (")), text[max(0, start - 40) : end + 40]


def test_names_are_isolated_in_rows_titles_and_settlement(client):
    hebrew = "בוב"
    url = start(client, family="hk", name2=hebrew)
    record(client, url, winner="2", discarder="4", win="discard", fan="3")
    html = client.get(url).content.decode()
    assert "data-settle" in html
    isolated_everywhere(html, hebrew)


@pytest.mark.parametrize("name", ["Ana María 阿明", "نیم\u200cفاصله", "👩\u200d💻 Amy"])
def test_a_name_without_direction_changes_is_stored_as_typed(client, name):
    _key, _view, sheet = new_sheet(client, family="mcr", name1=name)
    assert sheet["players"][0]["name"] == name


# --- bytes that are not UTF-8 ----------------------------------------------------------------


def form_post(client, path: str, body: bytes, **headers):
    return client.post(
        path, body, content_type="application/x-www-form-urlencoded", headers=headers
    )


def test_two_idempotency_keys_that_are_not_utf8_never_collide(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    hand = b"winner=2&discarder=4&win=discard&fan=3"
    for sent in (b"%FF%FE", b"%FE%FF"):
        refused = answer(
            form_post(client, f"/api/v1/sheets/{key}/hands", hand + b"&key=" + sent), 400
        )
        assert codes(refused) == {"key": ["invalid"]}
    added = answer(form_post(client, f"/api/v1/sheets/{key}/hands", hand + b"&key=ok"), 201)
    assert added["hand"]["n"] == 1


def test_a_name_that_is_not_utf8_is_refused_naming_it(client):
    body = b"family=hk&name1=%ED%A0%80&name2=b&name3=c&name4=d"
    assert codes(answer(form_post(client, "/api/v1/sheets", body), 400)) == {"name1": ["invalid"]}
    page_answer = form_post(client, "/sheets/new/", body)
    assert page_answer.status_code == 400 and b"name1" in page_answer.content
    assert page_answer["Content-Type"].startswith("text/html")
    assert not Sheet.objects.exists()


def test_a_query_that_is_not_utf8_is_a_400_on_the_api_naming_the_parameter(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    refused = answer(client.get(f"/api/v1/sheets/{key}/csv?bom=%C3%28"), 400)
    assert codes(refused) == {"bom": ["invalid"]}
    assert codes(answer(client.get("/api/v1/hk?fan=3&unit=1%FF"), 400)) == {"unit": ["invalid"]}


# --- the CSV formula guard -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "=1+1",
        "\ufeff=1+1",
        "\u200e=1+1",
        "\u061c=1+1",
        "＝1+1",
        "＋1",
        "－1",
        "＠SUM(A1)",
        "@x",
        "-1",
        "+1",
        "\u200b\u200b=1",
    ],
)
def test_the_csv_guards_a_name_whose_first_visible_character_starts_a_formula(client, name):
    key, _view, _sheet = new_sheet(client, family="hk")
    # A name stored before invisible characters were refused reads as it was stored.
    Sheet.objects.update(players=[name, "b", "c", "d"])
    header = next(
        csv.reader(io.StringIO(client.get(f"/api/v1/sheets/{key}/csv").getvalue().decode()))
    )
    assert header[-4] == "'" + name, header


def test_the_csv_leaves_other_names_alone(client):
    key, _view, _sheet = new_sheet(client, family="hk", name1="Amy=1", name2="阿明")
    header = next(
        csv.reader(io.StringIO(client.get(f"/api/v1/sheets/{key}/csv").getvalue().decode()))
    )
    assert header[-4:] == ["Amy=1", "阿明", "陳生", "Dee"]


def test_a_refused_new_sheet_says_when_to_try_again(client, settings, fresh_limits):
    settings.SHEETS_CREATED_PER_MINUTE = 1
    new_sheet(client, family="mcr")
    api = client.post("/api/v1/sheets", {**NAMES, "family": "mcr"})
    page = client.post("/sheets/new/", {**NAMES, "family": "mcr"})
    assert api.status_code == page.status_code == 429
    assert api["Retry-After"] == page["Retry-After"] == "60"


# --- per-address limits on hand writes --------------------------------------------------------

HAND = {"winner": "2", "discarder": "4", "win": "discard", "fan": "3"}


def test_hand_writes_through_the_api_are_limited_per_address(client, settings, fresh_limits):
    key, _view, _sheet = new_sheet(client, family="hk")
    settings.SHEET_WRITES_PER_MINUTE = 3
    add(client, key, **HAND, key="a")
    answer(client.post(f"/api/v1/sheets/{key}/hands/1", {**HAND, "fan": "4", "revision": "1"}), 200)
    answer(client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "2"}), 200)
    refused = client.post(f"/api/v1/sheets/{key}/hands/1/restore", {"revision": "3"})
    assert codes(answer(refused, 429)) == {"__all__": ["rate_limited"]}
    assert refused["Retry-After"] == "60"
    assert codes(answer(client.post(f"/api/v1/sheets/{key}/hands", {**HAND, "key": "b"}), 429))
    assert Hand.objects.get().deleted  # nothing written once refused
    # Another client is counted apart.
    other = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="198.51.100.9")
    add(other, key, **HAND, key="c")


def test_hand_writes_from_the_pages_are_limited_with_our_page_or_the_forms_error(
    client, settings, fresh_limits
):
    url = start(client, family="hk")
    settings.SHEET_WRITES_PER_MINUTE = 1
    record(client, url, **HAND, key="a")
    # Previews write nothing and are not counted.
    assert client.post(url, {"action": "preview", **HAND}).status_code == 200
    undo = client.post(url, {"action": "undo", "revision": "1"})
    assert undo.status_code == 429 and undo["Retry-After"] == "60"
    assert "<html" in undo.content.decode()
    # The live form keeps what was typed and says why, where the player is looking.
    live = client.post(url, {"action": "add", **HAND, "key": "b"}, headers=HX)
    assert live.status_code == 200 and live["Retry-After"] == "60"
    html = live.content.decode()
    assert 'role="alert"' in html and 'name="fan"' in html
    english = client.post("/en" + url, {"action": "add", **HAND, "key": "c"}, headers=HX)
    assert "Try again in a minute" in english.content.decode()
    assert Hand.objects.count() == 1 and not Hand.objects.get().deleted


def test_a_revision_in_full_width_digits_is_read_as_the_number(client):
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **HAND, key="a")
    changed = client.post(f"/api/v1/sheets/{key}/hands/1", {**HAND, "fan": "4", "revision": "１"})
    assert answer(changed, 200)["sheet"]["revision"] == 2
    stale = client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "０１"})
    assert codes(answer(stale, 409)) == {"revision": ["stale"]}
    answer(client.post(f"/api/v1/sheets/{key}/hands/1/delete", {"revision": "２"}), 200)
    assert codes(
        answer(client.post(f"/api/v1/sheets/{key}/hands/1/restore", {"revision": "³"}), 400)
    ) == {"revision": ["invalid"]}


# --- a sheet at the hand limit ----------------------------------------------------------------


def full_sheet(client, hands: int = MAX_HANDS) -> tuple[str, Sheet]:
    """An hk sheet holding `hands` hands (one recorded through the API, the rest stored
    beside it and the standing worked out again, as after a restore), a few deleted."""
    key, _view, _sheet = new_sheet(client, family="hk")
    add(client, key, **HAND, key="first")
    return key, stored_hands(Sheet.objects.get(edit_key=key), hands)


def stored_hands(sheet: Sheet, last: int) -> Sheet:
    """The sheet with hands up to number `last` stored after its own, like its first."""
    first = sheet.hands.get(n=1)
    Hand.objects.bulk_create(
        Hand(
            sheet=sheet,
            n=n,
            winner=n % 4 + 1,
            discarder=(n + 1) % 4 + 1,
            params=first.params,
            deleted=n % 97 == 0,
        )
        for n in range(sheet.hands.count() + 1, last + 1)
    )
    sheets.rework(sheet)
    return Sheet.objects.get(pk=sheet.pk)


def test_a_full_sheet_reads_a_page_of_hands_at_a_time(client):
    key, sheet = full_sheet(client)
    whole = answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]
    assert len(whole["hands"]) == MAX_HANDS  # without `from`: every hand, as before
    pages, address, sizes = [], f"/api/v1/sheets/{key}?from=1", []
    while address and len(pages) < 20:
        response = client.get(address)
        sizes.append(len(response.content))
        page = answer(response, 200)
        pages.append(page["sheet"])
        address = page["next"]
    assert len(pages) == 10
    assert max(sizes) < len(json.dumps(whole)) / 8  # each page a tenth of the whole, or so
    assert [hand for page in pages for hand in page["hands"]] == whole["hands"]
    # A page leaves out what only every hand gives (the statistics and running totals).
    paged = {**whole, "hands": None}
    del paged["stats"], paged["running"]
    for page in pages:
        assert {**page, "hands": None} == paged
    last = answer(client.get(f"/api/v1/sheets/{key}?from=１０００"), 200)
    assert [hand["n"] for hand in last["sheet"]["hands"]] == [1000] and last["next"] is None
    assert answer(client.get(f"/api/v1/sheets/{key}?from=1001"), 200)["sheet"]["hands"] == []
    # A standing that cannot be trusted: every hand worked out, the same page answered.
    Sheet.objects.filter(pk=sheet.pk).update(state={})
    assert answer(client.get(f"/api/v1/sheets/{key}?from=1"), 200)["sheet"] == pages[0]
    for bad in ("0", "x", "", "1002"):
        refused = answer(client.get(f"/api/v1/sheets/{key}?from={bad}"), 400)
        assert list(codes(refused)) == ["from"]


# A page of 100 hk hand rows and the rest of the page (every hand at the limit: ~1 MB).
PAGE_BYTES = 150_000


def older_link(html: str) -> str | None:
    found = re.search(r'<a href="([^"]+)" id="older-hands"', html)
    return unescape(found.group(1)).removesuffix("#hands") if found else None


def test_a_full_sheets_every_hand_list_comes_a_page_at_a_time(client):
    key, sheet = full_sheet(client)
    for here in (f"/sheets/{key}/", f"/sheets/view/{sheet.view_key}/"):
        address, seen, tags = f"{here}?hands=all", [], set()
        while address and len(tags) < 20:
            response = client.get(address)
            assert response.status_code == 200 and len(response.content) < PAGE_BYTES
            html = visible(response.content.decode())
            rows = listed(html)
            assert 0 < len(rows) <= 100 and rows == sorted(rows, reverse=True)
            assert f'hx-get="{escape(address)}"' in html  # the poll keeps the page
            assert f'href="/en{escape(address)}"' in html  # and so do the language links
            assert totals(html) == totals(visible(client.get(here).content.decode()))
            tags.add(client.get(address, headers=HX)["ETag"])
            seen += rows
            address = older_link(html)
        assert seen == list(range(MAX_HANDS, 0, -1))  # every hand once, newest first
        assert len(tags) == 10  # each page its own ETag


def row_of(html: str, n: int) -> str:
    """Hand n's row as a reader sees it: its words without the markup."""
    row = re.search(rf'<li id="hand-{n}" data-hand="{n}".*?</li>\n', html, re.S)
    assert row, f"no hand {n}"
    return " ".join(re.sub(r"<[^>]+>", " ", row.group(0)).split())


def test_a_hand_on_an_older_page_reads_as_it_did_among_the_latest(client):
    key, sheet = full_sheet(client, 760)
    latest = visible(client.get(f"/en/sheets/{key}/").content.decode())
    assert 750 in listed(latest)
    sheet = stored_hands(sheet, MAX_HANDS)
    third = visible(client.get(f"/en/sheets/{key}/?hands=all&to=800").content.decode())
    assert listed(third) == list(range(800, 700, -1))
    # The same row, but for the totals after it, said only where the list runs to the
    # last hand (an older page does not work out the hands after it).
    among_latest = re.sub(r" After it: [^E]*(?=Edit)", " ", row_of(latest, 750))
    assert row_of(third, 750) == among_latest and "Hand 750" in row_of(third, 750)
    assert hand_deltas(third, 750) == hand_deltas(latest, 750)
    newer = re.search(r'<a href="([^"]+)" id="newer-hands"', third).group(1)
    assert unescape(newer) == f"/en/sheets/{key}/?hands=all&to=900#hands"
    assert "Hands 701 to 800 of 1000." in unescape(third)


@pytest.mark.parametrize("bad", ["0", "x", "", "-3", "1001", "9" * 40])
def test_a_page_of_hands_that_is_not_there_gives_the_latest(client, bad):
    key, _sheet = full_sheet(client, 130)
    response = client.get(f"/en/sheets/{key}/?hands=all&to={bad}")
    assert response.status_code == 200
    html = visible(response.content.decode())
    assert listed(html) == list(range(130, 30, -1))
    assert "There is no such page of hands: here are the latest." in unescape(html)


def test_the_pages_of_hands_answer_their_own_polls(client):
    key, _sheet = full_sheet(client, 250)
    first = client.get(f"/sheets/{key}/?hands=all", headers=HX)["ETag"]
    second = client.get(f"/sheets/{key}/?hands=all&to=150", headers=HX)["ETag"]
    assert first != second
    poll = {**HX, "If-None-Match": second}
    assert client.get(f"/sheets/{key}/?hands=all&to=150", headers=poll).status_code == 304
    assert client.get(f"/sheets/{key}/?hands=all", headers=poll).status_code == 200


def test_a_hand_recorded_in_place_on_a_page_of_hands(client):
    key, _sheet = full_sheet(client, 100)
    newest = tap_record(client, f"/sheets/{key}/?hands=all", **HAND, key="a").content.decode()
    assert listed(newest) == [101]  # on top of the newest page, pushing hand 1 off it
    assert '<li id="hand-1" hx-swap-oob="delete"></li>' in newest
    older = tap_record(client, f"/sheets/{key}/?hands=all&to=50", **HAND, key="b")
    html = older.content.decode()
    assert re.search(r'<div id="sheet-record"[^>]*hx-swap-oob="true"', html)
    assert listed(html) == list(range(50, 0, -1))  # that page again: the new hand is not on it
    assert older["ETag"] == client.get(f"/sheets/{key}/?hands=all&to=50", headers=HX)["ETag"]


def test_a_full_sheets_csv_is_streamed_whole(client):
    key, sheet = full_sheet(client)
    response = client.get(f"/api/v1/sheets/{key}/csv?bom=1")
    assert response.status_code == 200 and response.streaming
    text = response.getvalue().decode()
    assert text.startswith("\ufeffhand,")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    live = [hand for hand in sheet.hands.all() if not hand.deleted]
    assert [row[0] for row in rows[1:-1]] == [str(hand.n) for hand in live]
    whole = answer(client.get(f"/api/v1/sheets/{key}"), 200)["sheet"]
    assert rows[-1][0] == "total"
    assert rows[-1][-4:] == [str(player["total"]) for player in whole["players"]]
    deltas = {hand["n"]: [str(d) for d in hand["deltas"]] for hand in whole["hands"]}
    assert all(row[-4:] == deltas[int(row[0])] for row in rows[1:-1])


# --- idle sheets expire, when the command runs -------------------------------------------------


def expire(*args: str) -> list[str]:
    out = io.StringIO()
    call_command("expire_sheets", *args, stdout=out)
    return out.getvalue().splitlines()


def test_sheets_nobody_wrote_to_for_the_idle_days_are_deleted_by_the_command(client, settings):
    settings.SHEET_IDLE_DAYS = 30
    old_key, _view, _sheet = new_sheet(client, family="hk")
    add(client, old_key, **HAND, key="a")
    kept_key, _view, _sheet = new_sheet(client, family="mcr")
    now = timezone.now()
    Sheet.objects.filter(edit_key=old_key).update(updated=now - timedelta(days=31))
    Sheet.objects.filter(edit_key=kept_key).update(updated=now - timedelta(days=29))
    old = Sheet.objects.get(edit_key=old_key)
    # Nothing expires by itself, and a dry run only names them.
    assert client.get(f"/api/v1/sheets/{old_key}").status_code == 200
    said = expire("--dry-run")
    assert said[0].startswith(f"sheet {old.pk} (hk, last written ")
    assert said[-1] == "1 sheet(s) idle for over 30 days would be deleted"
    assert Sheet.objects.count() == 2
    said = expire()
    assert said[-1] == "1 sheet(s) idle for over 30 days deleted" and len(said) == 2
    assert old_key not in "".join(said)  # a key is a password: never printed
    assert list(Sheet.objects.values_list("edit_key", flat=True)) == [kept_key]
    assert not Hand.objects.exists()
    assert client.get(f"/api/v1/sheets/{old_key}").status_code == 404
    assert expire()[-1] == "0 sheet(s) idle for over 30 days deleted"
