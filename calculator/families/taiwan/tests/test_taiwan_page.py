"""The /taiwan/ page through Django's test client: the worked examples, the dealer's line on
the first card, the reference table, htmx fragments and errors beside their fields."""

from __future__ import annotations

import re

import pytest

from calculator.families.taiwan.tests.test_taiwan_api import WORKED

HX = {"HX-Request": "true"}


def number(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} in page"
    return match.group(1).replace(",", "")


def payment_rows(html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)


def field_error(html: str, field: str) -> str:
    match = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]*)</p>', html)
    assert match, f"no error slot for {field}"
    return match.group(1).strip()


@pytest.mark.parametrize(("query", "payments", "receives", "base"), WORKED)
def test_worked_examples_on_the_page(client, query, payments, receives, base):
    html = client.get(f"/taiwan/?{query}").content.decode()
    assert number(html, "winner_receives") == f"{receives}"
    assert number(html, "base") == f"{base}"
    assert payment_rows(html) == [(role, str(amount)) for role, amount in payments]


def test_the_first_card_names_the_dealers_line(client):
    html = client.get("/en/taiwan/?tai=5&win=self_draw&streak=2").content.decode()
    lines = re.findall(r'<li data-player="([a-z]+)" data-count="(\d)" data-net="([^"]+)"', html)
    assert lines == [("winner", "1", "700"), ("dealer", "1", "-300"), ("other", "2", "-200")]
    assert "The dealer · 連2拉2" in html
    assert "The dealer pays 300, the other two 200 each." in html


def test_the_discarding_dealer_is_named(client):
    html = client.get("/en/taiwan/?tai=3&dealer=discarder&streak=2").content.decode()
    assert "The discarder (the dealer) · 連2拉2" in html


def test_the_winning_dealer_is_named_in_each_language(client):
    query = "tai=4&win=self_draw&dealer=winner&streak=1"
    assert "The winner (the dealer) · 連1拉1" in client.get(f"/en/taiwan/?{query}").content.decode()
    assert "莊家" in client.get(f"/taiwan/?{query}").content.decode()
    assert "庄家" in client.get(f"/zh-hans/taiwan/?{query}").content.decode()


def test_the_reference_table_follows_stakes_and_streak(client):
    html = client.get("/en/taiwan/?tai=5&streak=2&base=300&per_tai=100").content.decode()
    rows = dict(
        (tai, (plain, dealer))
        for tai, plain, dealer in re.findall(
            r'<tr data-row="tai-(\d+)"><th scope="row">\d+</th>'
            r'<td class="num">([0-9,]+)</td><td class="num">([0-9,]+)</td>',
            html,
        )
    )
    assert rows["0"] == ("300", "800")  # the dealer's 5 台 on 連2拉2
    assert rows["5"] == ("800", "1,300")
    assert len(rows) == 17
    assert 'data-current="tai-5"' in html
    assert "With the dealer (連2拉2: +5 台)" in html


def test_stake_presets_are_offered(client):
    html = client.get("/en/taiwan/").content.decode()
    chips = re.findall(r'data-base="(\d+)" data-per-tai="(\d+)">([^<]+)<', html)
    assert [label for _b, _p, label in chips] == ["30/10", "50/20", "100/20", "300/100"]
    assert "taiwan/stakes" in html  # its script, from the family's own static folder


def test_htmx_gets_the_fragment_and_the_canonical_url(client):
    response = client.get(
        "/taiwan/", {"tai": "5", "win": "self_draw", "streak": "2", "base": "100"}, headers=HX
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html
    assert number(html, "winner_receives") == "700"
    assert response["HX-Replace-Url"] == "/taiwan/?tai=5&win=self_draw&streak=2"
    assert "HX-Request" in response["Vary"]


def test_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = client.get("/taiwan/", {"tai": "5"}, headers=headers).content.decode()
    assert "<html" in html and "<form" in html


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("tai=abc", "tai", "whole number"),
        ("tai=999", "tai", "0 to 200"),
        ("streak=100", "streak", "0 to 99"),
        ("base=x", "base", "number"),
        ("per_tai=-5", "per_tai", "0 to"),
        ("streak_tai=3", "streak_tai", "1, 2"),
        ("cap=x", "cap", "whole number"),
        ("win=self_draw&dealer=discarder", "dealer", "self-draw has no discarder"),
    ],
)
def test_invalid_input_shows_the_error_beside_the_field(client, query, field, words):
    response = client.get(f"/en/taiwan/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert words in field_error(html, field)
    assert 'data-state="invalid"' in html


def test_no_js_form_has_a_submit_button_and_get_method(client):
    html = client.get("/taiwan/").content.decode()
    assert re.search(r'<form[^>]*method="get"', html)
    assert 'class="submit no-js-only"' in html


def test_the_family_is_in_the_switch_and_the_comparison(client):
    html = client.get("/en/hk/").content.decode()
    assert html.count('href="/en/taiwan/"') >= 2
    assert "Taiwanese (台灣麻將)" in html
