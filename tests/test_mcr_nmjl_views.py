"""The MCR and NMJL pages through Django's test client: page, fragment, errors, languages."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}


def number(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} in page"
    return match.group(1).replace(",", "")


def payment_rows(html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)


def page(client, path: str, params=None, **kwargs) -> str:
    response = client.get(path, params or {}, **kwargs)
    assert response.status_code == 200
    return response.content.decode()


# --- MCR ------------------------------------------------------------------------------


def test_mcr_page_has_the_result_hooks(client):
    html = page(client, "/en/mcr/", {"points": 24, "flowers": 2})
    assert number(html, "winner_receives") == "50"
    assert number(html, "base") == "34"
    assert payment_rows(html) == [("discarder", "34"), ("other", "8"), ("other", "8")]
    assert "Pattern points + flowers + 8 (牌型分＋花牌＋8)" in html


def test_mcr_has_no_table_rules(client):
    html = page(client, "/en/mcr/")
    assert 'class="table-rules"' not in html
    for name in ("points", "flowers", "win"):
        assert f'name="{name}"' in html


@pytest.mark.parametrize("flowers", [0, 2])
def test_mcr_under_8_points_has_a_note(client, flowers):
    html = page(client, "/en/mcr/", {"points": 6, "flowers": flowers})
    assert 'data-note="below_min_points"' in html
    assert number(html, "winner_receives") == str(30 + flowers)


def test_mcr_reference_table_follows_the_flowers_and_marks_the_points(client):
    html = page(client, "/en/mcr/", {"points": 24, "flowers": 2})
    rows = re.findall(r'<tr[^>]*><th scope="row">(\d+)</th>', html)
    assert rows == ["8", "16", "24", "32", "48", "64", "88"]
    row = re.search(r'<tr class="current"[^>]*><th scope="row">24</th>(.*?)</tr>', html)
    assert row
    cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
    assert cells == ["34", "50", "34", "102"]
    assert "with your 2 flowers" in html


def test_mcr_htmx_request_gets_only_the_fragment(client):
    response = client.get("/mcr/", {"points": 8, "win": "self_draw"}, headers=HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html and "<html" not in html
    assert number(html, "winner_receives") == "48"
    assert response["HX-Replace-Url"] == "/mcr/?win=self_draw"
    assert "HX-Request" in response["Vary"]


def test_mcr_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = page(client, "/mcr/", {"points": 16}, headers=headers)
    assert "<html" in html and "<form" in html


# --- NMJL -----------------------------------------------------------------------------


def test_nmjl_page_has_the_result_hooks(client):
    html = page(client, "/en/nmjl/", {"jokerless": 1})
    assert number(html, "winner_receives") == "200"
    assert number(html, "base") == "50"
    assert payment_rows(html) == [("discarder", "100"), ("other", "50"), ("other", "50")]
    assert "Value after doubling" in html
    assert "bettor-line" not in html


def test_nmjl_says_no_card_content_is_reproduced(client):
    html = page(client, "/en/nmjl/")
    assert "No card content is reproduced here" in html


def who_pays(html: str) -> str:
    table = re.search(r'<table class="who-pays[^"]*">(.*?)</table>', html, re.S)
    assert table, "no who-pays table"
    return table.group(1)


def test_bettor_on_the_winner_shows_each_losers_whole_payment(client):
    """Item 8 of issue 13: each loser also pays the bettor, and the cards and the who-pays
    table say so, with the bettor's takings as a row of that table."""
    html = page(client, "/en/nmjl/", {"bettor": "winner"})
    assert number(html, "winner_receives") == "100"  # the bettor's takings are not the winner's
    assert payment_rows(html) == [("discarder", "50"), ("other", "25"), ("other", "25")]
    table = who_pays(html)
    rows = re.findall(
        r'<tr data-payment data-role="(\w+)" data-amount="[^"]*"><td>[^<]*</td>'
        r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td><td class="num">([^<]*)</td>',
        table,
    )
    # to the winner, to the bettor, in all
    assert rows == [
        ("discarder", "50", "50", "100"),
        ("other", "25", "25", "50"),
        ("other", "25", "25", "50"),
    ]
    bettor = re.search(
        r'<tr class="bettor-line" data-bettor="winner" data-amount="100"><th scope="row">'
        r'([^<]*)</th><td></td><td class="num">([^<]*)</td>',
        table,
    )
    assert bettor and bettor.groups() == ("The bettor collects", "100")
    # the cards: each loser's whole payment, and who gets which half
    cards = html[html.index('<div class="cards">') : html.index("Who pays how much")]
    assert '<p class="mid">100 / 50 / 50</p>' in cards
    assert "The discarder pays 50 + 50 = 100 and the other two 25 + 25 = 50 each" in cards
    assert 'class="bettor-line"' not in html[html.index("</table>") :]  # nothing after


def test_bettor_on_the_winner_of_a_self_draw(client):
    html = page(client, "/en/nmjl/", {"bettor": "winner", "win": "self_draw"})
    assert '<p class="mid">100 / 100 / 100</p>' in html
    assert "Each of the three pays 50 + 50 = 100" in html
    assert 'data-bettor="winner" data-amount="150"' in who_pays(html)


def test_bettor_on_the_discarder_pays_the_winner(client):
    html = page(client, "/en/nmjl/", {"bettor": "discarder"})
    assert number(html, "winner_receives") == "150"
    assert payment_rows(html)[-1] == ("bettor", "50")
    row = re.search(r'<tr data-payment data-role="bettor"[^>]*>(.*?)</tr>', who_pays(html))
    assert row and 'data-bettor="discarder"' in row.group(0)
    assert "Backed the discarder, so pays the winner the same, 50" in row.group(1)
    assert '<p class="mid">50 / 25 / 25 / 50</p>' in html


def test_singles_and_pairs_note(client):
    html = page(client, "/en/nmjl/", {"jokerless": 1, "hand": "singles_pairs"})
    assert 'data-note="jokerless_not_doubled"' in html
    assert number(html, "winner_receives") == "100"


def test_nmjl_reference_table(client):
    html = page(client, "/en/nmjl/", {"value": 30, "bettor": "winner"})
    rows = re.findall(r'<tr[^>]*><th scope="row">(\d+)</th>', html)
    assert rows == ["25", "30", "35", "40", "45", "50"]
    row = re.search(r'<tr class="current"[^>]*><th scope="row">30</th>(.*?)</tr>', html)
    assert row
    cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
    assert cells == ["120", "180", "240", "360"]


def test_nmjl_reference_table_for_singles_and_pairs_is_never_doubled(client):
    html = page(client, "/en/nmjl/", {"hand": "singles_pairs", "value": 25})
    row = re.search(r'<tr class="current"[^>]*><th scope="row">25</th>(.*?)</tr>', html)
    cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
    assert cells == ["100", "150", "100", "150"]


def test_nmjl_htmx_request_gets_only_the_fragment(client):
    params = {"value": 25, "win": "self_draw", "jokerless": 1, "hand": "standard"}
    response = client.get("/nmjl/", params, headers=HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html
    assert number(html, "winner_receives") == "300"
    assert response["HX-Replace-Url"] == "/nmjl/?win=self_draw&jokerless=1"
    assert "HX-Request" in response["Vary"]


# --- both -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "query", "field"),
    [
        ("mcr", "points=1001", "points"),
        ("mcr", "flowers=9", "flowers"),
        ("mcr", "points=", "points"),
        ("nmjl", "value=0", "value"),
        ("nmjl", "hand=quints", "hand"),
        ("nmjl", "bettor=discarder&win=self_draw", "bettor"),
    ],
)
def test_invalid_input_shows_the_error_beside_the_field(client, slug, query, field):
    response = client.get(f"/en/{slug}/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    error = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]+)</p>', html)
    assert error and error.group(1).strip()
    assert 'data-result="winner_receives"' not in html
    assert 'data-state="invalid"' in html


def test_htmx_contradiction_swaps_the_bettor_error_out_of_band(client):
    params = {"bettor": "discarder", "win": "self_draw"}
    html = client.get("/en/nmjl/", params, headers=HX).content.decode()
    assert re.search(r'id="err-bettor"[^>]*hx-swap-oob="true">A self-drawn hand has no', html)
    assert 'id="err-win"' not in html  # only the fields with an error travel


@pytest.mark.parametrize("prefix", ["", "/en", "/zh-hans"])
@pytest.mark.parametrize(
    ("slug", "params", "receives"),
    [("mcr", {"points": 8, "win": "self_draw"}, "48"), ("nmjl", {"jokerless": 1}, "200")],
)
def test_every_language_serves_the_page(client, prefix, slug, params, receives):
    html = page(client, f"{prefix}/{slug}/", params)
    assert number(html, "winner_receives") == receives


@pytest.mark.parametrize("slug", ["mcr", "nmjl"])
def test_family_switch_links_both_families_in_the_page_language(client, slug):
    html = page(client, f"/zh-hans/{slug}/")
    assert 'href="/zh-hans/mcr/"' in html and 'href="/zh-hans/nmjl/"' in html
    assert re.search(rf'href="/zh-hans/{slug}/" aria-current="page"', html)


def test_language_switch_keeps_the_parameters(client):
    html = page(client, "/nmjl/", {"value": 30, "bettor": "winner"})
    assert 'href="/en/nmjl/?value=30&amp;bettor=winner"' in html
    assert 'href="/zh-hans/nmjl/?value=30&amp;bettor=winner"' in html


def test_share_links_carry_the_canonical_url(client):
    html = page(client, "/mcr/", {"points": "024", "flowers": 2, "win": "discard"})
    assert 'value="http://testserver/mcr/?points=24&amp;flowers=2"' in html
    assert "http%3A%2F%2Ftestserver%2Fmcr%2F%3Fpoints%3D24%26flowers%3D2" in html
