"""The score sheets' pages through the test client: new, edit, view, the live poll, and the
worked examples of rules.md § sheets recorded through the HTML forms, read back from the
page's hooks (contract.md § Score sheets)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from calculator.families import FAMILIES
from calculator.forms.sheet import NOT_ALLOWED_SUPPLIED, hand_params
from calculator.models import Hand, Sheet
from calculator.presenters import sheet_hand_form, sheet_page
from tests.test_sheet_standing import new_sheet
from tests.test_sheet_stored_read import SLUGS

pytestmark = [pytest.mark.database, pytest.mark.django_db]

NAMES = {"name1": "阿明", "name2": "Bea", "name3": "陳生", "name4": "Dee"}
HX = {"HX-Request": "true"}


def start(client: Client, **params: str) -> str:
    """Create a sheet through the new-sheet form; the edit page's address."""
    response = client.post("/sheets/new/", {**NAMES, **params})
    assert response.status_code == 303, response.content.decode()[:2000]
    return response["Location"]


def record(client: Client, url: str, **params) -> None:
    """Tap "record" on the add-a-hand form (no JS: a plain POST, then the redirect)."""
    data = {"action": "add", **params}
    response = client.post(url, data)
    assert response.status_code == 303, response.content.decode()[:3000]
    assert response["Location"].startswith(url)


def page(client: Client, url: str) -> str:
    """The page, its names without the invisible isolates around them (as a reader sees
    them; test_sheet_safety checks they are there)."""
    response = client.get(url)
    assert response.status_code == 200
    return visible(response.content.decode())


def visible(text: str) -> str:
    return text.replace("\u2068", "").replace("\u2069", "")


def totals(html: str) -> list[str]:
    return re.findall(r'data-player="\d" data-total="([^"]*)"', html)


def hand_deltas(html: str, n: int) -> list[str]:
    row = re.search(rf'data-hand="{n}".*?</ul>', html, re.S)
    assert row, f"no hand {n}"
    return re.findall(r'data-delta="([^"]*)"', row.group(0))


def settlement(html: str) -> list[tuple[str, str, str]]:
    return re.findall(r'data-settle data-from="(\d)" data-to="(\d)" data-amount="([^"]*)"', html)


def key_of(url: str) -> str:
    return url.strip("/").split("/")[-1]


def view_url(client: Client, edit: str) -> str:
    sheet = Sheet.objects.get(edit_key=key_of(edit))
    return f"/sheets/view/{sheet.view_key}/"


def token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def revision(html: str) -> str:
    return re.search(r'data-revision="(\d+)"', html).group(1)


# --- /sheets/new/ --------------------------------------------------------------------------


def test_new_page_offers_every_family_and_the_hk_rules(client):
    html = page(client, "/sheets/new/")
    for slug in ("hk", "riichi", "mcr", "nmjl", "jiujiang", "classical"):
        assert f"/sheets/new/?family={slug}" in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'name="family" value="hk"' in html
    for name in ("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up"):
        assert f'name="{name}"' in html
    assert 'name="dealer"' not in html and 'name="fan"' not in html


def test_new_page_is_prefilled_from_the_query(client):
    html = page(client, "/sheets/new/?family=hk&scale=full&cap=13&fan=5")
    assert '<option value="full" selected>' in html
    assert 'name="cap" value="13"' in html


def test_new_hk_sheet_offers_the_stake_presets_of_the_calculator(client):
    # A table that plays 一二蚊 taps the chip instead of typing 1 or 2 (4× or 2× too small).
    html = page(client, "/en/sheets/new/?family=hk&unit=4")
    presets = re.search(r'<div class="stake-presets.*?</div>', html, re.S).group(0)
    chips = re.findall(r'data-unit="([^"]+)" aria-pressed="(true|false)">([^<]+)<', presets)
    assert ("4", "true", "一二蚊 ($1/$2)") in [(v, p, unescape(n)) for v, p, n in chips]
    assert [v for v, p, _n in chips if p == "true"] == ["4"]
    assert 'name="unit" value="4"' in html and 'list="stakes"' in html
    assert "stake-presets" not in page(client, "/en/sheets/new/?family=mcr")


def test_riichi_new_page_explains_its_own_rules(client):
    html = page(client, "/en/sheets/new/?family=riichi")
    for name, words in (
        ("uma", "10-20 means +20, +10, −10, −20"),
        ("return", "オカ"),
        ("noten", "流局罰符"),
    ):
        hint = re.search(rf'<p class="help" id="help-{name}">([^<]*)</p>', html)
        assert hint and words in unescape(hint.group(1)), name
        assert f'aria-describedby="err-{name} help-{name}"' in html


def test_riichi_new_page_has_its_sheet_rules_and_three_player_table(client):
    html = page(client, "/sheets/new/?family=riichi&players=3")
    for name in ("start", "return", "uma", "noten", "rate", "kiriage", "players"):
        assert f'name="{name}"' in html
    assert 'name="noten" value=""' in html and 'name="start" value="25000"' in html
    fourth = re.search(r'<div[^>]*data-player-name="4"[^>]*>.*?</div>', html, re.S).group(0)
    assert "hidden" in fourth and "disabled" in fourth


def test_creating_a_sheet_redirects_to_its_edit_page(client):
    url = start(client, family="hk")
    sheet = Sheet.objects.get()
    assert url == f"/sheets/{sheet.edit_key}/"
    assert sheet.players == list(NAMES.values())


def test_three_player_riichi_sheet_without_a_fourth_name(client):
    # What the form sends untouched: the optional rules empty, the fourth name hidden.
    empty = {"noten": "", "return": "", "uma": "", "start": "25000", "rate": "1"}
    url = start(client, family="riichi", players="3", name4="", **empty)
    assert len(Sheet.objects.get(edit_key=key_of(url)).players) == 3
    assert totals(page(client, url)) == ["25000", "25000", "25000"]


def test_it_shows_errors_beside_the_names_and_creates_nothing(client):
    response = client.post("/sheets/new/", {**NAMES, "family": "hk", "name2": " ", "cap": "x"})
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'id="err-name2" role="alert">[^<]+<', html)
    assert re.search(r'id="err-cap" role="alert">[^<]+<', html)
    assert 'value="阿明"' in html  # what was typed stays
    assert not Sheet.objects.exists()


def test_creating_sheets_is_rate_limited_with_our_page(client, settings, fresh_limits):
    settings.SHEETS_CREATED_PER_MINUTE = 1
    start(client, family="hk")
    response = client.post("/sheets/new/", {**NAMES, "family": "hk"})
    assert response.status_code == 429
    assert "<html" in response.content.decode()
    assert Sheet.objects.count() == 1


# --- the worked examples, through the forms ------------------------------------------------


def test_hk_worked_example_through_the_forms(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", win="discard", liable="0", key="a")
    html = page(client, url)
    assert hand_deltas(html, 1) == ["0", "8", "0", "-8"]
    record(client, url, winner="1", discarder="", fan="5", win="self_draw", liable="0", key="b")
    html = page(client, url)
    assert hand_deltas(html, 2) == ["36", "-12", "-12", "-12"]
    assert totals(html) == ["36", "-4", "-12", "-20"]
    assert settlement(html) == [("4", "1", "20"), ("3", "1", "12"), ("2", "1", "4")]
    assert "+36" in html and "−20" in html  # shown signed, with a real minus


def test_riichi_worked_example_through_the_forms(client):
    url = start(client, family="riichi")
    common = {"fu_mode": "given", "closed": "1", "chiitoitsu": "0", "yakuman": "0"}
    record(
        client,
        url,
        winner="3",
        discarder="2",
        han="3",
        fu="30",
        win="discard",
        riichi=["", "1", "3"],
        tenpai=[""],
        key="h1",
        **common,
    )
    html = page(client, url)
    assert hand_deltas(html, 1) == ["-1000", "-3900", "4900", "0"]
    next_hand = re.search(r'class="next-hand">([^<]*)<', html).group(1)
    assert "Bea" in next_hand and "東2局" in next_hand  # player 2 deals East 2
    record(client, url, winner="none", tenpai=["", "2"], riichi=[""], key="h2", **common)
    html = page(client, url)
    assert hand_deltas(html, 2) == ["-1000", "3000", "-1000", "-1000"]
    next_hand = unescape(re.search(r'class="next-hand">([^<]*)<', html).group(1))
    assert "Bea" in next_hand and "1" in next_hand
    record(
        client,
        url,
        winner="2",
        han="2",
        fu="40",
        win="self_draw",
        riichi=[""],
        tenpai=[""],
        key="h3",
        **common,
    )
    html = page(client, url)
    assert hand_deltas(html, 3) == ["-1400", "4200", "-1400", "-1400"]
    assert totals(html) == ["21600", "28300", "27500", "22600"]
    # Each player's place and final score, (points − 25,000) / 1,000 with no uma, say so.
    english = unescape(page(client, "/en" + url))
    assert "place 1 · score +3.3" in english and "place 4 · score −3.4" in english
    assert "East 2 · Next hand: Bea deals · 2 honba" in english
    sheet = Sheet.objects.get()
    assert [h.n for h in sheet.hands.all()] == [1, 2, 3]
    # After hand 3 the dealer (player 2) stays with 2 honba.
    next_hand = unescape(re.search(r'class="next-hand">([^<]*)<', html).group(1))
    assert "Bea" in next_hand and "2" in next_hand


# --- keys, 404s, the view page ---------------------------------------------------------------


def test_unknown_keys_are_our_404(client):
    for address in ("/sheets/nope/", "/sheets/view/nope/", "/en/sheets/nope/"):
        response = client.get(address)
        assert response.status_code == 404
        assert "error-page" in response.content.decode()


def test_view_key_at_the_edit_address_goes_to_the_view_page(client):
    edit = start(client, family="hk")
    view = view_url(client, edit)
    response = client.get(f"/sheets/{key_of(view)}/")
    assert response.status_code == 302 and response["Location"] == view
    response = client.post(f"/sheets/{key_of(view)}/", {"action": "add", "winner": "1"})
    assert response.status_code == 302
    assert not Hand.objects.exists()


def test_edit_key_at_the_view_address_goes_to_the_view_key(client):
    edit = start(client, family="hk")
    response = client.get(f"/sheets/view/{key_of(edit)}/")
    assert response.status_code == 302 and response["Location"] == view_url(client, edit)


def test_view_page_is_read_only_and_never_shows_the_edit_key(client):
    edit = start(client, family="hk")
    record(client, edit, winner="2", discarder="4", fan="3", key="a")
    sheet = Sheet.objects.get()
    for address in (view_url(client, edit), "/en" + view_url(client, edit)):
        html = page(client, address)
        assert sheet.edit_key not in html
        assert "<form" not in html and "csrfmiddlewaretoken" not in html
        assert totals(html) == ["0", "8", "0", "-8"]
        assert 'hx-trigger="every 3s, sheetChanged"' in html
        events = f"{address.removesuffix(f'/sheets/view/{sheet.view_key}/')}/sheets/view/"
        assert f'data-events="{events}{sheet.view_key}/events"' in html
        polled = client.get(address, headers=HX).content.decode()
        assert sheet.edit_key not in polled


def test_edit_page_shares_the_view_link_and_a_qr_code_without_inline_style(client):
    edit = start(client, family="hk")
    sheet = Sheet.objects.get()
    html = page(client, edit)
    assert f"http://testserver/sheets/view/{sheet.view_key}/" in html or (
        f"/sheets/view/{sheet.view_key}/" in html
    )
    qr = re.search(r'<figure class="qr"><img src="([^"]+)"', html).group(1)
    assert qr == f"/sheets/view/{sheet.view_key}/qr.svg"
    image = client.get(qr)
    assert image.status_code == 200 and image["Content-Type"] == "image/svg+xml"
    assert image["Cache-Control"] == "private, max-age=86400"
    svg = image.content.decode()
    assert svg.startswith("<svg") and "<script" not in svg
    # Only the view link is drawn: an edit key or an unknown one has no QR code.
    assert client.get(f"/sheets/view/{sheet.edit_key}/qr.svg").status_code == 404
    assert client.get("/sheets/view/nope/qr.svg").status_code == 404
    edit_access = re.search(r'<details class="edit-access">.*?</details>', html, re.S).group(0)
    assert sheet.edit_key in edit_access
    assert f"/api/v1/sheets/{sheet.view_key}/csv" in html


def test_share_links_are_built_from_site_url_not_the_host(client, settings):
    settings.SITE_URL = "https://mahjong.example"
    edit = start(client, family="hk")
    sheet = Sheet.objects.get()
    html = client.get(edit, headers={"X-Forwarded-Host": "evil.example"}).content.decode()
    assert f"https://mahjong.example/sheets/view/{sheet.view_key}/" in html
    assert f"https://mahjong.example/sheets/{sheet.edit_key}/" in html
    assert "evil.example" not in html


def test_names_are_text_everywhere(client):
    evil = "<script>alert(1)</script>"
    url = start(client, family="hk", name2=evil)
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    for address in (url, view_url(client, url)):
        html = page(client, address)
        assert evil not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
        assert "&lt;script&gt;" in title
    preview = client.post(
        url, {"action": "preview", "winner": "2", "discarder": "1", "fan": "3"}
    ).content.decode()
    assert evil not in preview and "&lt;script&gt;" in preview


# --- CSRF, idempotency, the poll -----------------------------------------------------------


def test_csrf_is_enforced_on_the_pages():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/sheets/new/", {**NAMES, "family": "hk"})
    assert response.status_code == 403
    html = page(client, "/sheets/new/")
    response = client.post(
        "/sheets/new/", {**NAMES, "family": "hk", "csrfmiddlewaretoken": token(html)}
    )
    assert response.status_code == 303
    url = response["Location"]
    hand = {"action": "add", "winner": "2", "discarder": "4", "fan": "3", "key": "k"}
    assert client.post(url, hand).status_code == 403
    assert not Hand.objects.exists()
    html = page(client, url)
    assert client.post(url, {**hand, "csrfmiddlewaretoken": token(html)}).status_code == 303
    assert Hand.objects.count() == 1


def test_each_form_render_carries_a_fresh_idempotency_key(client):
    url = start(client, family="hk")
    first = re.search(r'name="key" value="([^"]+)"', page(client, url)).group(1)
    second = re.search(r'name="key" value="([^"]+)"', page(client, url)).group(1)
    assert first != second and len(first) >= 16


def test_a_double_tap_records_one_hand(client):
    url = start(client, family="hk")
    key = re.search(r'name="key" value="([^"]+)"', page(client, url)).group(1)
    for _ in range(2):
        record(client, url, winner="2", discarder="4", fan="3", key=key)
    assert Hand.objects.count() == 1


def test_the_poll_answers_304_until_the_revision_changes(client):
    url = start(client, family="hk")
    for address in (url, view_url(client, url)):
        response = client.get(address, headers=HX)
        assert response.status_code == 200
        html = response.content.decode()
        assert "<html" not in html and 'id="sheet-live"' in html
        assert "HX-Request" in response["Vary"]
        tag = response["ETag"]
        headers = json.loads(unescape(re.search(r"hx-headers='([^']*)'", html).group(1)))
        assert headers == {"If-None-Match": tag}  # the next poll sends it back
        again = client.get(address, headers={**HX, "If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
    tag = client.get(url, headers=HX)["ETag"]
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    changed = client.get(url, headers={**HX, "If-None-Match": tag})
    assert changed.status_code == 200 and changed["ETag"] != tag
    assert totals(changed.content.decode()) == ["0", "8", "0", "-8"]


def test_a_page_drawn_by_another_deployment_gets_the_new_markup(client, monkeypatch):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    tag = client.get(url, headers=HX)["ETag"]
    assert client.get(url, headers={**HX, "If-None-Match": tag}).status_code == 304
    monkeypatch.setattr(sheet_page, "MARKUP", "0a1b2c3d")  # the templates changed since
    redrawn = client.get(url, headers={**HX, "If-None-Match": tag})
    assert redrawn.status_code == 200 and redrawn["ETag"] != tag
    assert 'id="delete-hand"' in redrawn.content.decode()  # the list's forms come too


def test_the_etag_follows_the_language(client):
    url = start(client, family="hk")
    tag = client.get(url, headers=HX)["ETag"]
    english = client.get("/en" + url, headers={**HX, "If-None-Match": tag})
    assert english.status_code == 200 and english["ETag"] != tag


def test_a_history_restore_gets_the_whole_page(client):
    url = start(client, family="hk")
    response = client.get(url, headers={**HX, "HX-History-Restore-Request": "true"})
    assert "<html" in response.content.decode()


# --- the live preview --------------------------------------------------------------------


def test_preview_shows_the_hands_deltas_and_records_nothing(client):
    url = start(client, family="hk")
    response = client.post(
        url, {"action": "preview", "winner": "1", "discarder": "", "fan": "5", "win": "self_draw"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert re.findall(r'data-preview-delta="([^"]*)"', html) == ["36", "-12", "-12", "-12"]
    assert not Hand.objects.exists()
    assert Sheet.objects.get().revision == 0


def test_preview_of_a_bad_hand_says_why_with_200(client):
    url = start(client, family="hk")
    response = client.post(url, {"action": "preview", "winner": "2", "fan": "3", "win": "discard"})
    assert response.status_code == 200
    assert 'class="preview-errors"' in response.content.decode()


STRUCTURE = ("chiitoitsu", "closed", "wait", "pair", "m1", "m2", "m3", "m4")


def drawn_fields(html: str) -> list[str]:
    return [name for name in STRUCTURE if f'name="{name}"' in html]


def test_the_riichi_form_leaves_the_fu_count_fields_to_when_they_are_asked_for(client):
    url = start(client, family="riichi")
    html = page(client, url)
    # Hidden until "count" is chosen, they are not drawn: only their place, to be filled
    # (hidden too, and nothing app.js shows when "count" is chosen).
    assert drawn_fields(html) == []
    assert '<div id="fu-count" hidden></div>' in html
    assert html.count('data-fu-mode="count"') == 0
    # Choosing "count" sends no shape (there is none on the page): the answer brings it, shown.
    asked = {"action": "preview", "winner": "1", "discarder": "2", "han": "2", "fu_mode": "count"}
    answer = client.post(url, asked, headers=HX).content.decode()
    assert drawn_fields(answer) == list(STRUCTURE)
    oob = re.search(
        r'<fieldset class="fu-count" id="fu-count" data-fu-mode="count"([^>]*)>', answer
    )
    assert oob.group(1) == ' hx-swap-oob="true"'  # replaces the empty place, not hidden
    assert '<option value="ryanmen" selected>' in answer  # the default shape: 30 fu, closed ron
    # The dealer's 2 han 30 fu off player 2.
    assert re.findall(r'data-preview-delta="([^"]*)"', answer) == ["2900", "-2900", "0", "0"]
    # Once they are on the page they are sent, and no answer brings them again.
    shown = {**asked, "chiitoitsu": "0", "closed": ["0", "1"], "wait": "kanchan"}
    assert drawn_fields(client.post(url, shown, headers=HX).content.decode()) == []
    given = {**asked, "fu_mode": "given", "fu": "30"}
    assert drawn_fields(client.post(url, given, headers=HX).content.decode()) == []


def page_en(client: Client, url: str, data: dict) -> str:
    return client.post("/en" + url, {"action": "add", **data}).content.decode()


def test_a_hand_counting_a_shape_nobody_saw_is_not_recorded(client):
    url = start(client, family="riichi")
    counting = {"winner": "1", "discarder": "2", "han": "2", "fu_mode": "count"}
    # Without JavaScript (or tapped before the preview's answer came): the page again, the
    # shape drawn to be checked, and a word beside the choice.
    again = client.post(url, {"action": "add", **counting})
    assert again.status_code == 200 and not Hand.objects.exists()
    form = re.search(r'id="hand-form".*?</section>', again.content.decode(), re.S).group(0)
    assert drawn_fields(form) == list(STRUCTURE)
    assert "Counting the fu needs the hand&#39;s shape" in page_en(client, url, counting)
    # In place, the same: the form again with its shape, nothing recorded.
    live = client.post(url, {"action": "add", **counting}, headers=HX).content.decode()
    assert drawn_fields(live) == list(STRUCTURE) and not Hand.objects.exists()
    assert 'name="fu_mode" value="count" checked' in live
    # Sent again with the shape it now shows: recorded, counted.
    record(client, url, **counting, chiitoitsu="0", closed=["0", "1"])
    assert Hand.objects.get().params["fu_mode"] == "count"


def test_the_edit_form_gets_the_shape_when_count_is_chosen(client):
    url = start(client, family="riichi")
    record(client, url, winner="1", discarder="2", han="2", fu="30")
    edit = page(client, f"{url}?edit=1")
    assert drawn_fields(re.search(r'id="hand-form".*?</section>', edit, re.S).group(0)) == []
    asked = {"action": "preview", "n": "1", "winner": "1", "discarder": "2", "han": "2"}
    answer = client.post(url, {**asked, "fu_mode": "count"}, headers=HX).content.decode()
    assert drawn_fields(answer) == list(STRUCTURE)


def test_a_counted_hand_opens_for_editing_with_its_shape(client):
    url = start(client, family="riichi")
    counted = {"winner": "1", "discarder": "2", "han": "2", "fu_mode": "count"}
    record(client, url, **counted, chiitoitsu="0", closed=["0", "1"], wait="kanchan")
    html = page(client, f"{url}?edit=1")
    form = re.search(r'id="hand-form".*?</section>', html, re.S).group(0)
    assert drawn_fields(form) == list(STRUCTURE)
    assert re.search(r'<option value="kanchan" selected>', form)
    assert not re.search(r'id="fu-count"[^>]* hidden', form)


# --- edit, delete, restore, undo -----------------------------------------------------------


def test_a_bad_hand_is_shown_beside_its_field_and_not_recorded(client):
    url = start(client, family="hk")
    response = client.post(url, {"action": "add", "winner": "2", "fan": "3", "key": "x"})
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'id="err-discarder" role="alert">[^<]+<', html)
    assert not Hand.objects.exists()
    record(client, url, winner="2", discarder="4", fan="3", key="x")  # the key was not used up
    assert Hand.objects.count() == 1


def test_a_counter_the_sheet_keeps_is_refused_with_200(client):
    url = start(client, family="hk")
    hand = {"action": "add", "winner": "2", "discarder": "4", "fan": "3", "key": "x"}
    response = client.post(url, {**hand, "honba": "1"})
    assert response.status_code == 200
    with translation.override("en"):
        said = str(NOT_ALLOWED_SUPPLIED)
    assert said in client.post(f"/en{url}", {**hand, "honba": "1"}).content.decode()
    assert not Hand.objects.exists()


def test_editing_a_hand_keeps_its_history_and_flows_on(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    record(client, url, winner="1", fan="5", win="self_draw", key="b")
    form = page(client, f"{url}?edit=1")
    assert 'name="revision"' in form and 'name="n" value="1"' in form
    assert re.search(r'<option value="2" selected>Bea\W+2\W*</option>', form)  # seat shown
    assert 'name="fan" value="3"' in form
    rev = revision(form)
    response = client.post(
        url,
        {"action": "replace", "n": "1", "revision": rev, "winner": "3", "discarder": "4"}
        | {"fan": "3"},
    )
    assert response.status_code == 303
    html = page(client, url)
    assert hand_deltas(html, 1) == ["0", "0", "8", "-8"]
    assert totals(html) == ["36", "-12", "-4", "-20"]
    assert '<details class="hand-history"' not in html  # drawn only when asked for
    link = re.search(r'<p class="hand-history"><a href="([^"]+)"[^>]*>([^<]+)</a>', html)
    assert link[1] == f"{url}?history=1#hand-1" and "1" in link[2]
    history = re.search(r'data-hand="1".*?</details>', page(client, link[1]), re.S).group(0)
    assert "Bea" in history  # version 1: Bea won off Dee


def test_a_stale_edit_says_someone_else_changed_it(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    old = revision(page(client, url))
    record(client, url, winner="1", fan="5", win="self_draw", key="b")
    response = client.post(
        url, {"action": "replace", "n": "1", "revision": old, "winner": "3", "discarder": "4"}
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert 'class="sheet-notice"' in html
    assert totals(html) == ["36", "-4", "-12", "-20"]  # the sheet as it is now
    assert hand_deltas(html, 1) == ["0", "8", "0", "-8"]  # unchanged
    assert f'data-revision="{Sheet.objects.get().revision}"' in html


def test_delete_restore_and_undo(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    record(client, url, winner="1", fan="5", win="self_draw", key="b")
    rev = revision(page(client, url))
    assert client.post(url, {"action": "delete", "n": "1", "revision": rev}).status_code == 303
    html = page(client, url)
    assert 'class="hand deleted"' in html
    # Hand 1 offers a restore, hand 2 a delete, each through the list's one form for it.
    assert re.search(r'<button[^>]*form="restore-hand" name="n" value="1"', html)
    assert re.search(r'<button[^>]*form="delete-hand" name="n" value="2"', html)
    assert html.count('id="restore-hand"') == html.count('id="delete-hand"') == 1
    assert totals(html) == ["36", "-12", "-12", "-12"]
    rev = revision(html)
    assert client.post(url, {"action": "restore", "n": "1", "revision": rev}).status_code == 303
    html = page(client, url)
    assert totals(html) == ["36", "-4", "-12", "-20"]
    # Undo takes back the last action, whatever it was: here the restore of hand 1.
    english = page(client, "/en" + url)
    assert re.search(r'value="undo"[^>]*>Undo: restoring hand 1<', english)
    rev = revision(html)
    undone = client.post(url, {"action": "undo", "revision": rev})
    assert undone.status_code == 303
    html = page(client, undone["Location"])
    assert totals(html) == ["36", "-12", "-12", "-12"]
    assert "Undone: hand 1 is deleted again." in page(client, "/en" + undone["Location"])
    assert Hand.objects.get(n=1).deleted and not Hand.objects.get(n=2).deleted
    # A second phone's undo with the old revision takes back nothing more.
    assert client.post(url, {"action": "undo", "revision": rev}).status_code == 409
    assert Hand.objects.get(n=1).deleted


def test_the_rows_share_one_token_however_many_hands_are_listed(client):
    url = start(client, family="hk")
    tokens = []
    for n in range(1, 4):
        record(client, url, winner="2", discarder="4", fan="3", key=str(n))
        html = page(client, url)
        assert len(re.findall(r'<button[^>]*form="delete-hand" name="n"', html)) == n
        tokens.append(html.count('name="csrfmiddlewaretoken"'))
    # The hand form, undo, close, and the list's delete and restore forms: never one a row.
    assert tokens == [5, 5, 5]


def test_the_page_methods(client):
    url = start(client, family="hk")
    assert client.put(url).status_code == 405
    assert client.post(view_url(client, url)).status_code == 405


# --- the calculator pages' link ------------------------------------------------------------


def test_start_link_carries_the_calculator_pages_rules():
    form = FAMILIES["hk"].form({"fan": "5", "scale": "full", "unit": "2"})
    html = render_to_string("sheets/_start_link.html", {"form": form})
    href = unescape(re.search(r'href="([^"]+)"', html).group(1))
    assert href.startswith("/sheets/new/?family=hk&")
    assert "scale=full" in href and "unit=2" in href


def test_the_start_link_opens_the_form_with_those_rules(client):
    html = page(client, "/sheets/new/?family=hk&fan=5&scale=full&unit=2")
    assert '<option value="full" selected>' in html and 'name="unit" value="2"' in html


def test_without_javascript_only_the_view_page_refreshes_itself(client):
    edit = start(client, family="hk")
    refresh = '<noscript><meta http-equiv="refresh" content="20"></noscript>'
    assert refresh in page(client, view_url(client, edit))
    # The edit page holds a half-filled form: reloading it would lose what was typed.
    assert refresh not in page(client, edit)


def test_ticked_boxes_record_as_the_page_sends_them(client):
    """A yes/no box is sent as a hidden 0 and, when ticked, a 1: the last one counts."""
    edit = start(client, family="hk")
    record(client, edit, winner="2", fan="5", win="self_draw", liable=["0", "1"], liable_player="4")
    assert hand_deltas(page(client, edit), 1) == ["0", "36", "0", "-36"]
    record(client, edit, winner="1", fan="3", win="self_draw", liable=["0"])
    assert hand_deltas(page(client, edit), 2) == ["12", "-4", "-4", "-4"]


def test_a_riichi_hand_records_with_the_boxes_of_the_hidden_fu_count(client):
    edit = start(client, family="riichi")
    # 門清 (`closed`) is ticked by default in the fu-count part, which is sent even while
    # the fu are given.
    record(
        client,
        edit,
        winner="3",
        discarder="2",
        han="3",
        fu="30",
        closed=["0", "1"],
        riichi=["", "1", "3"],
    )
    assert hand_deltas(page(client, edit), 1) == ["-1000", "-3900", "4900", "0"]


def test_a_jiujiang_hand_keeps_every_pattern_ticked(client):
    edit = start(client, family="jiujiang")
    record(client, edit, winner="1", win="self_draw", pattern=["qidui", "qingyise"])
    hand = Hand.objects.get()
    assert hand.params["pattern"] == "qidui,qingyise"


# --- fixes from a four-player play test ----------------------------------------------------


def row(html: str, n: int) -> str:
    found = re.search(rf'<li id="hand-{n}".*?</li>\s*(?=<li id="hand-|</ol>)', html, re.S)
    assert found, f"no hand {n}"
    return found.group(0)


def test_the_hand_form_is_not_refilled_by_the_browser(client):
    url = start(client, family="hk")
    form = re.search(r'<form[^>]*class="hand-form"[^>]*>', page(client, url)).group(0)
    assert 'autocomplete="off"' in form and "data-hand-form" in form


def test_a_hand_under_the_minimum_says_so_in_the_preview_and_its_row(client):
    url = start(client, family="hk", min_fan="3")
    hand = {"winner": "2", "discarder": "4", "fan": "2", "win": "discard"}
    preview = client.post("/en" + url, {"action": "preview", **hand}).content.decode()
    assert "2 fan is under this table&#39;s minimum of 3" in preview
    record(client, url, key="a", **hand)
    assert "Under the 3-fan minimum" in row(page(client, "/en" + url), 1)
    record(client, url, key="b", winner="1", fan="3", win="self_draw")
    assert "minimum" not in row(page(client, "/en" + url), 2)


def test_a_deleted_hand_cannot_be_edited_until_restored(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    rev = revision(page(client, url))
    client.post(url, {"action": "delete", "n": "1", "revision": rev})
    html = page(client, f"/en{url}?edit=1")
    assert "Hand 1 is deleted: restore it first" in html
    assert 'name="n" value="1"' not in re.search(r"<form[^>]*hand-form.*?</form>", html, re.S)[0]
    assert 'value="add"' in html  # the add-a-hand form instead
    rev = revision(html)
    sent = {"action": "replace", "n": "1", "revision": rev, "winner": "3", "discarder": "4"}
    response = client.post("/en" + url, sent | {"fan": "3"})
    assert response.status_code == 409
    assert "restore it first" in response.content.decode()
    assert Hand.objects.get().versions == 1 and Hand.objects.get().deleted


def test_add_a_hand_comes_right_after_the_totals_and_recording_lands_there(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    html = page(client, url)
    at = {hook: html.index(hook) for hook in ('id="totals"', 'id="hand-form"', 'id="hands"')}
    assert at['id="totals"'] < at['id="hand-form"'] < at['id="hands"']
    response = client.post(url, {"action": "add", "winner": "1", "fan": "3", "win": "self_draw"})
    assert response["Location"] == f"{url}#totals"


def test_the_poll_carries_the_hands_out_of_band_and_leaves_the_form(client):
    url = start(client, family="hk")
    html = client.get(url, headers=HX).content.decode()
    assert re.search(r'<div id="sheet-record"[^>]*hx-swap-oob="true"', html)
    assert 'id="hand-form"' not in html
    assert "hx-swap-oob" not in page(client, url)  # only the fragment swaps out of band


def test_hand_rows_leave_the_rules_to_the_line_under_the_title(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    html = page(client, "/en" + url)
    rules = "半辣 (half) · 全銃 (discarder pays all) · 10-fan cap"
    assert rules in re.search(r'class="sheet-meta">(.*?)</p>', html, re.S).group(1)
    summary = unescape(re.search(r'class="hand-summary">(.*?)</p>', row(html, 1), re.S)[1])
    assert summary == "3 fan, discard: the winner receives 8"
    assert html.count(rules) == 1
    chinese = re.search(r'class="hand-summary">(.*?)</p>', row(page(client, url), 1), re.S)[1]
    assert "全銃" not in chinese and "8" in chinese  # the rules stripped in Chinese too


@pytest.mark.parametrize(("prefix", "joined"), [("", "、"), ("/zh-hans", "、"), ("/en", ", ")])
def test_names_are_listed_as_the_language_writes_them(client, prefix, joined):
    url = start(client, family="riichi")
    common = {"fu_mode": "given", "riichi": [""]}
    record(client, url, winner="none", tenpai=["", "1", "3"], key="a", **common)
    html = page(client, prefix + url)
    title = re.search(r"<h1>(.*?)</h1>", html).group(1)
    assert title.endswith(joined.join(["阿明", "Bea", "陳生", "Dee"]))
    assert f"阿明{joined}陳生" in row(html, 1)


def test_the_edit_form_opens_with_the_preview_of_the_hand_as_stored(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    record(client, url, winner="1", fan="5", win="self_draw", key="b")
    html = page(client, f"{url}?edit=1")
    preview = re.search(r'id="hand-preview".*?</div>', html, re.S).group(0)
    assert re.findall(r'data-preview-delta="([^"]*)"', preview) == ["0", "8", "0", "-8"]
    adding = re.search(r'id="hand-preview".*?</div>', page(client, url), re.S).group(0)
    assert "data-preview-delta" not in adding


def test_a_deleted_row_keeps_what_it_was(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    client.post(url, {"action": "delete", "n": "1", "revision": revision(page(client, url))})
    deleted = row(page(client, "/en" + url), 1)
    assert "Bea won off Dee" in deleted
    summary = unescape(re.search(r'class="hand-summary">(.*?)</p>', deleted, re.S)[1])
    assert summary == "Fan: 3"  # its size, even at the default (which is not stored)


def test_players_who_share_a_name_are_told_apart_by_seat(client):
    url = start(client, family="hk", name1="Amy", name3="Amy")
    form = re.search(r"<form[^>]*hand-form.*?</form>", page(client, "/en" + url), re.S)[0]
    for name in ("winner", "discarder", "liable_player"):
        select = re.search(rf'<select id="id_{name}".*?</select>', form, re.S)[0]
        assert ">Amy (1)<" in select and ">Amy (3)<" in select


def test_a_liable_self_draw_row_names_who_paid(client):
    url = start(client, family="hk")
    liable = {"liable": ["0", "1"], "liable_player": "4"}
    record(client, url, winner="2", fan="5", win="self_draw", key="a", **liable)
    who = unescape(re.search(r'class="who">(.*?)</span>', row(page(client, "/en" + url), 1))[1])
    assert who == "Bea self-drew (自摸); Dee pays for all three (包自摸)"


def test_the_fourth_name_says_it_is_not_needed_at_three_players(client):
    html = page(client, "/en/sheets/new/?family=riichi")
    fourth = re.search(r'data-player-name="4".*?</div>', html, re.S).group(0)
    assert "Leave this empty at a three-player table." in fourth
    assert 'aria-describedby="err-name4 help-name4"' in fourth
    hk = page(client, "/en/sheets/new/?family=hk")
    assert "three-player" not in re.search(r'data-player-name="4".*?</div>', hk, re.S)[0]


def test_riichi_pot_is_worded_in_sticks_and_left_out_when_empty(client):
    url = start(client, family="riichi")
    html = page(client, "/en" + url)
    next_hand = re.search(r'class="next-hand">([^<]*)<', html).group(1)
    assert next_hand == "East 1 · Next hand: 阿明 deals · 0 honba (本場)"
    common = {"fu_mode": "given", "tenpai": ["", "1"]}
    record(client, url, winner="none", riichi=["", "1", "2"], key="a", **common)
    html = page(client, "/en" + url)
    next_hand = re.search(r'class="next-hand">([^<]*)<', html).group(1)
    assert next_hand.endswith("· 2 riichi sticks on the table (2,000 points)")
    assert html.count(">Fu (符)<") == 1  # the fu_mode legend; the fu select is worded apart
    assert "How many fu" in html


def test_history_words_each_changed_value_by_its_label(client):
    url = start(client, family="hk")
    record(client, url, winner="2", fan="5", win="self_draw", key="a")
    rev = revision(page(client, url))
    sent = {"action": "replace", "n": "1", "revision": rev, "winner": "3", "discarder": "4"}
    client.post(url, sent | {"fan": "3"})
    history = re.search(
        r"<details class=\"hand-history\" open>.*?</details>",
        page(client, f"/en{url}?history=1"),
        re.S,
    )[0]
    assert "How it was won: Self-drawn" in unescape(history)
    assert "self_draw" not in history and "win:" not in history


def test_the_share_links_come_from_one_partial(client):
    url = start(client, family="hk")
    html = page(client, url)
    links = re.findall(r'<p class="share-link">.*?</p>', html, re.S)
    assert len(links) == 2 and all('class="copy js-only"' in link for link in links)
    source = render_to_string("sheets/_share_link.html", {"url": "https://x/", "label": "L"})
    assert 'value="https://x/"' in source and 'data-copy="https://x/"' in source


def test_two_players_with_one_name_are_told_apart_in_rows_and_payments(client):
    edit = start(client, family="hk", name2="Amy", name4="Amy")
    record(client, edit, winner="2", discarder="4", fan="3")
    html = unescape(page(client, edit))
    assert "Amy (2)" in html and "Amy (4)" in html
    assert "Amy (4) pays Amy (2) 8" in unescape(page(client, "/en" + edit))


# --- a long sheet lists its latest hands -----------------------------------------------------


def long_sheet(client: Client, hands: int) -> str:
    """An hk sheet of `hands` hands through the API: player 1 self-draws 3 fan each time
    (4 from each player), so the totals say how many hands counted."""
    edit = start(client, family="hk")
    for _ in range(hands):
        response = client.post(
            f"/api/v1/sheets/{key_of(edit)}/hands", {"winner": "1", "win": "self_draw"}
        )
        assert response.status_code == 201
    return edit


def listed(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-hand="(\d+)"', html)]


def test_a_long_sheet_lists_its_latest_hands_and_counts_them_all(client):
    edit = long_sheet(client, 33)
    html = page(client, f"/en{edit}")
    assert listed(html) == list(range(33, 3, -1))  # the latest 30, newest first
    assert totals(html) == ["396", "-132", "-132", "-132"]  # 33 × 4 from each: every hand
    assert "These are the latest 30 of 33 hands." in unescape(html)
    assert f'href="/en{edit}?hands=all#hands"' in html
    for url in (edit, view_url(client, edit)):
        full = page(client, f"{url}?hands=all")
        assert listed(full) == list(range(33, 0, -1))
        assert f'href="{url}#hands"' in full and "淨係列最近嗰幾鋪" in full
        assert f'hx-get="{url}?hands=all"' in full  # the poll keeps the whole list
        assert f'href="/en{url}?hands=all"' in full  # and so do the language links
    assert "These are the latest" not in page(client, long_sheet(client, 30))


def test_the_whole_list_has_its_own_etag_and_its_forms_come_back_to_it(client):
    edit = long_sheet(client, 31)
    short = client.get(edit, headers=HX)["ETag"]
    full = client.get(f"{edit}?hands=all", headers=HX)["ETag"]
    assert short != full
    assert client.get(edit, headers={**HX, "If-None-Match": full}).status_code == 200
    html = page(client, f"{edit}?hands=all")
    assert f'action="{edit}?hands=all"' in html
    response = client.post(
        f"{edit}?hands=all", {"action": "delete", "n": "1", "revision": revision(html)}
    )
    assert response.status_code == 303
    assert response["Location"] == f"{edit}?hands=all#hand-1"
    assert listed(page(client, edit))[-1] == 2  # hand 1 is not among the latest 30
    assert 'data-hand="1" class="hand deleted"' in page(client, f"{edit}?hands=all")


# --- recording from the page with JavaScript: answered in place --------------------------------


def tap_record(client: Client, url: str, **params):
    """The page's "record" button with htmx: the form's values and the revision the page
    shows (`shown`; by default the sheet's own, the page being up to date), HX-Request."""
    sheet = Sheet.objects.get(edit_key=key_of(url.split("?")[0]))
    params.setdefault("shown", str(sheet.revision))
    return client.post(url, {"action": "add", **params}, headers=HX)


def test_a_hand_recorded_in_place_sends_only_what_it_changes(client):
    url = start(client, family="hk")
    record(client, url, winner="2", discarder="4", fan="3", key="a")
    response = tap_record(client, url, winner="1", win="self_draw", fan="5", key="b")
    assert response.status_code == 200
    assert response["HX-Trigger-After-Swap"] == "handRecorded"
    html = response.content.decode()
    assert html.startswith('<div id="sheet-live"')  # the target: the totals
    assert totals(html) == ["36", "-4", "-12", "-20"]  # rules.md's hk sheet
    assert revision(html) == "2"
    new_rows = re.search(r'<ol hx-swap-oob="afterbegin:#hand-list">(.*?)</ol>\n', html, re.S)
    assert listed(new_rows.group(1)) == [2]  # hand 1 is on the page already
    assert hand_deltas(html, 2) == ["36", "-12", "-12", "-12"]
    assert settlement(html) == [("4", "1", "20"), ("3", "1", "12"), ("2", "1", "4")]
    # The settlement sits under the totals, in the block the answer replaces.
    live = html[: html.index('<ol hx-swap-oob="afterbegin:#hand-list">')]
    assert '<section class="sheet-settlement" id="settlement"' in live
    key = re.search(r'name="key" value="([^"]+)" id="hand-key" hx-swap-oob="true"', html)
    assert key and key.group(1) not in ("a", "b")
    assert re.search(r'<div id="hand-preview"[^>]*hx-swap-oob="true"', html)
    assert 'id="hand-form"' not in html and 'id="no-hands"' not in html
    assert response["ETag"] == client.get(url, headers=HX)["ETag"]  # the next poll: 304
    assert Hand.objects.count() == 2


def test_the_first_hand_in_place_takes_away_no_hands_yet(client):
    url = start(client, family="hk")
    html = tap_record(client, url, winner="2", discarder="4", fan="3", key="a").content.decode()
    assert '<p id="no-hands" hx-swap-oob="delete"></p>' in html
    assert listed(html) == [1]


def test_in_place_a_hand_pushes_the_oldest_off_the_latest_hands(client):
    url = long_sheet(client, 30)
    html = tap_record(client, url, winner="2", win="self_draw", fan="3", key="a").content.decode()
    assert '<li id="hand-1" hx-swap-oob="delete"></li>' in html
    more = re.search(r'<p class="more-hands" id="more-hands" hx-swap-oob="true">(.*?)</p>', html)
    assert more.group(1).startswith("呢度係最近 30 鋪，全張紙共 31 鋪。")
    html = tap_record(
        client, f"{url}?hands=all", winner="2", win="self_draw", fan="3", key="b"
    ).content.decode()
    assert 'hx-swap-oob="delete"' not in html  # the whole list keeps every hand


def test_the_same_key_again_in_place_records_nothing_and_sends_the_whole_list(client):
    url = start(client, family="hk")
    tap_record(client, url, winner="2", discarder="4", fan="3", key="a")
    response = tap_record(client, url, winner="1", win="self_draw", fan="8", key="a")
    html = response.content.decode()
    assert response.status_code == 200 and Hand.objects.count() == 1
    assert re.search(r'<div id="sheet-record"[^>]*hx-swap-oob="true"', html)
    assert listed(html) == [1] and totals(html) == ["0", "8", "0", "-8"]


def test_a_refused_hand_in_place_shows_the_form_again_with_its_errors(client):
    url = start(client, family="hk")
    response = tap_record(client, url, winner="2", fan="3", key="a")  # no discarder
    html = response.content.decode()
    assert response.status_code == 200 and Hand.objects.count() == 0
    assert response["HX-Retarget"] == "#hand-form" and response["HX-Reswap"] == "outerHTML"
    assert html.startswith('<section class="hand-entry" id="hand-form"')
    assert re.search(r'id="err-discarder"[^>]*>[^<]+</', html)
    assert re.search(r'<input[^>]*name="fan"[^>]*value="3"', html)  # what was sent stays
    assert "hx-swap-oob" not in html


def test_a_page_that_was_behind_gets_the_whole_list_with_its_hand(client):
    url = start(client, family="hk")
    tap_record(client, url, winner="2", discarder="4", fan="3", key="a")
    behind = "1"  # the page still shows revision 1 when another phone records
    client.post(
        f"/api/v1/sheets/{key_of(url)}/hands", {"winner": "3", "win": "self_draw", "key": "b"}
    )
    response = tap_record(client, url, winner="1", win="self_draw", fan="5", key="c", shown=behind)
    html = response.content.decode()
    assert re.search(r'<div id="sheet-record"[^>]*hx-swap-oob="true"', html)
    assert "afterbegin" not in html
    assert listed(html) == [3, 2, 1]  # the other phone's hand 2 as well
    assert totals(html) == ["32", "-8", "0", "-24"]  # 8 off 4, then two self-draws
    assert revision(html) == "3"
    # Its preview was worked out before the other phone's hand: the player is asked to look.
    assert "Another phone changed the sheet just before" in unescape(
        tap_record(
            client, "/en" + url, winner="2", discarder="1", key="d", shown="1"
        ).content.decode()
    )
    in_step = tap_record(client, "/en" + url, winner="2", discarder="1", key="e", shown="4")
    assert "Hand 5 is recorded.<" in in_step.content.decode()


def test_after_a_refused_hand_the_next_record_brings_an_empty_form(client):
    url = start(client, family="hk")
    refused = tap_record(client, url, winner="2", fan="7", key="a").content.decode()
    assert '<input type="hidden" name="redrawn" value="1">' in refused
    html = tap_record(
        client, url, winner="2", discarder="4", fan="7", key="a", redrawn="1"
    ).content.decode()
    form = re.search(r'<section class="hand-entry" id="hand-form"[^>]*hx-swap-oob="true">', html)
    assert form, "the form holding the refused values is replaced"
    after = html[form.start() :]
    assert 'name="redrawn"' not in after
    assert re.search(r'<input[^>]*name="fan"[^>]*value="3"', after)  # the default again
    assert len(re.findall(r'id="hand-key"', html)) == 1  # the new form's own key


def test_recording_in_place_says_so_where_the_preview_is_read_out(client):
    url = start(client, family="hk")
    html = tap_record(client, "/en" + url, winner="2", discarder="4", fan="3", key="a")
    assert "Hand 1 is recorded." in html.content.decode()
    # The same key again (after a lost answer), other values or not: nothing is taken.
    again = tap_record(client, "/en" + url, winner="3", discarder="4", fan="5", key="a")
    assert "Hand 1 was recorded already: this tap added nothing." in again.content.decode()
    assert Hand.objects.count() == 1


def test_the_riichi_tiles_link_follows_the_counters_after_a_hand_in_place(client):
    url = start(client, family="riichi")
    html = tap_record(
        client, url, winner="1", win="self_draw", han="3", fu="30", fu_mode="given", key="a"
    ).content.decode()
    link = re.search(
        r'<p class="tiles-link" id="tiles-link" hx-swap-oob="true"><a href="([^"]+)"', html
    )
    assert link and "honba=1" in unescape(link.group(1))  # the dealer won: one counter


def test_an_edit_from_the_whole_list_comes_back_to_it(client):
    url = long_sheet(client, 31)
    html = page(client, f"{url}?hands=all")
    assert f'href="{url}?hands=all&amp;edit=1#hand-form"' in html
    edit = page(client, f"{url}?hands=all&edit=1")
    assert f'action="{url}?hands=all"' in edit
    response = client.post(
        f"{url}?hands=all",
        {
            "action": "replace",
            "n": "1",
            "revision": revision(edit),
            "winner": "2",
            "win": "self_draw",
        },
    )
    assert response["Location"] == f"{url}?hands=all#totals"


def test_a_riichi_row_says_who_declared_riichi(client):
    url = start(client, family="riichi")
    common = {"fu_mode": "given", "han": "3", "fu": "30"}
    record(client, url, winner="3", discarder="2", riichi=["", "1", "3"], key="a", **common)
    context = re.search(r'class="hand-context">([^<]*)<', row(page(client, "/en" + url), 1))[1]
    # 3 receives 3,900 + 2,000 from the table but gains 4,900: its own stick is the 1,000.
    assert unescape(context) == "阿明 dealt · 0 honba · 2 riichi sticks · Riichi: 阿明, 陳生"
    chinese = re.search(r'class="hand-context">([^<]*)<', row(page(client, url), 1))[1]
    assert "立直：" in unescape(chinese)


def test_a_riichi_sheet_says_its_own_rules_under_the_title(client):
    names = {k: v for k, v in NAMES.items() if k != "name4"}
    response = client.post(
        "/sheets/new/",
        {
            **names,
            "name4": "",
            "family": "riichi",
            "players": "3",
            "start": "35000",
            "return": "40000",
            "uma": "20,0,-20",
            "rate": "0.5",
        },
    )
    assert response.status_code == 303
    html = page(client, "/en" + response["Location"])
    meta = unescape(re.search(r'class="sheet-meta">(.*?)</p>', html, re.S)[1])
    for said in ("start 35,000", "40,000 returned (返し)", "uma +20/0/−20", "rate 0.5"):
        assert said in meta, meta
    assert "a draw pays" not in meta  # 2,000 is three players' own default
    assert "起始 35,000 點" in unescape(page(client, response["Location"]))


def test_riichi_points_below_zero_have_a_minus_sign(client):
    url = start(client, family="riichi", start="1000")
    record(client, url, winner="1", discarder="2", fu_mode="given", han="5", fu="30", key="a")
    html = page(client, "/en" + url)
    player = re.search(r'data-player="2"[^>]*>.*?class="total">([^<]*)<', html, re.S)[1]
    assert player == "−11,000"  # 1,000 less the dealer's 滿貫 ron: 12,000


def test_a_drawn_hand_says_so_in_its_preview_and_a_deleted_one_claims_no_size(client):
    url = start(client, family="riichi")
    preview = client.post("/en" + url, {"action": "preview", "winner": "none", "tenpai": ["", "2"]})
    assert "Tenpai: Bea" in visible(unescape(preview.content.decode()))
    hk = start(client, family="hk")
    preview = client.post("/en" + hk, {"action": "preview", "winner": "none"})
    assert "Drawn hand (流局)" in unescape(preview.content.decode())
    record(client, url, winner="none", tenpai=["", "2"], key="a")
    client.post(url, {"action": "delete", "n": "1", "revision": revision(page(client, url))})
    summary = re.search(r'class="hand-summary">(.*?)</p>', row(page(client, "/en" + url), 1))
    assert summary is None or "Han" not in summary[1]


def _drawn(form: sheet_hand_form.HandForm) -> list[tuple]:
    return [
        (
            view.name,
            str(view.label),
            view.field.kind,
            [(value, str(words), chosen) for value, words, chosen in view.options],
            view.current,
            view.is_on,
            str(view.help_text),
            view.errors,
        )
        for view in [*form.own, *form.fields.values()]
    ]


@pytest.mark.parametrize("kind", [*SLUGS, "sanma"])
def test_a_new_hands_form_is_drawn_as_its_defaults_sent_would_be(kind):
    # The form for a new hand is drawn from the sheet's rules alone, without a bound form;
    # a form sent one of its values at the default goes the bound way, and looks the same.
    sheet = new_sheet(kind)
    family = FAMILIES[sheet.family]
    for name in hand_params(family):
        param = family.form.base_fields[family.sheet.field_name(name)]
        sent = {name: param.encode(param.default)}
        new, bound = (
            sheet_hand_form.hand_form(sheet, {}, {}),
            sheet_hand_form.hand_form(sheet, sent, {}),
        )
        assert _drawn(new) == _drawn(bound), name
        if sheet.family == "riichi":
            shown = ("shows_given_fu", "shows_count_fields", "counts_seven_pairs")
            assert [getattr(new.family_form, what) for what in shown] == [
                getattr(bound.family_form, what) for what in shown
            ]
