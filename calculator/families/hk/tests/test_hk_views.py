"""The HK page through Django's test client: full page, htmx fragment, errors, languages."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

HX = {"HX-Request": "true"}


def number(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} in page"
    return match.group(1).replace(",", "")


def test_home_is_the_hk_calculator(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert number(html, "winner_receives") == "8"
    assert 'id="result"' in html and "<form" in html


def test_full_page_has_hooks_for_every_payment(client):
    html = client.get("/hk/", {"fan": 3, "split": "half"}).content.decode()
    rows = re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)
    assert rows == [("discarder", "4"), ("other", "2"), ("other", "2")]
    assert number(html, "base") == "8"


def test_htmx_request_gets_only_the_result_fragment(client):
    response = client.get("/hk/", {"fan": 6, "unit": 4, "split": "half"}, headers=HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html and "<html" not in html
    assert number(html, "winner_receives") == "128"
    assert response["HX-Replace-Url"] == "/hk/?fan=6&split=half&unit=4"
    assert "HX-Request" in response["Vary"]


def test_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = client.get("/hk/", {"fan": 6}, headers=headers).content.decode()
    assert "<html" in html and "<form" in html


def test_a_history_restore_is_never_answered_from_a_cached_fragment(client):
    """htmx's Back sends HX-Request as a live change does: caches keep the two apart."""
    headers = {**HX, "HX-History-Restore-Request": "true"}
    restored = client.get("/en/hk/", {"fan": 6}, headers=headers)
    assert "HX-Replace-Url" not in restored and "<html" in restored.content.decode()
    for response in (restored, client.get("/en/hk/", {"fan": 6}, headers=HX)):
        assert {"HX-Request", "HX-History-Restore-Request"} <= set(response["Vary"].split(", "))


def test_full_page_also_varies_on_hx_request(client):
    assert "HX-Request" in client.get("/hk/")["Vary"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("fan=100", "fan"),
        ("fan=abc", "fan"),
        ("scale=quarter", "scale"),
        ("unit=-1", "unit"),
        ("cap=2", "cap"),
    ],
)
def test_invalid_input_shows_the_error_beside_the_field(client, query, field):
    response = client.get(f"/en/hk/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    error = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]+)</p>', html)
    assert error and error.group(1).strip()
    assert 'data-result="winner_receives"' not in html
    assert 'data-state="invalid"' in html


def test_htmx_error_response_swaps_the_field_error_out_of_band(client):
    html = client.get("/en/hk/", {"fan": 100}, headers=HX).content.decode()
    assert re.search(r'id="err-fan"[^>]*hx-swap-oob="true">Enter a whole number from 0 to 99', html)
    assert 'id="err-win"' not in html  # only the fields with an error travel


def test_errors_use_the_page_language(client):
    en = client.get("/en/hk/", {"fan": 100}).content.decode()
    yue = client.get("/hk/", {"fan": 100}).content.decode()
    assert "Enter a whole number from 0 to 99." in en
    assert "Enter a whole number from 0 to 99." not in yue


def test_notes_have_hooks(client):
    html = client.get("/hk/", {"fan": 13}).content.decode()
    assert 'data-note="capped"' in html


@pytest.mark.parametrize("prefix", ["", "/en", "/zh-hans"])
def test_every_language_serves_the_page(client, prefix):
    response = client.get(f"{prefix}/hk/", {"fan": 5})
    assert response.status_code == 200
    assert number(response.content.decode(), "winner_receives") == "24"


def test_language_of_each_prefix(client):
    assert 'lang="zh-Hant-HK"' in client.get("/hk/").content.decode()
    assert 'lang="zh-Hans"' in client.get("/zh-hans/hk/").content.decode()
    assert 'lang="en"' in client.get("/en/hk/").content.decode()


def test_language_switch_keeps_the_parameters(client):
    html = client.get("/hk/", {"fan": 5, "split": "half"}).content.decode()
    assert 'href="/en/hk/?fan=5&amp;split=half"' in html
    assert 'href="/zh-hans/hk/?fan=5&amp;split=half"' in html
    assert 'href="/hk/?fan=5&amp;split=half"' in html


def test_share_links_carry_the_canonical_url(client):
    html = client.get("/hk/", {"fan": 5, "split": "half", "unit": "1.0"}).content.decode()
    assert "http%3A%2F%2Ftestserver%2Fhk%2F%3Ffan%3D5%26split%3Dhalf" in html
    assert 'value="http://testserver/hk/?fan=5&amp;split=half"' in html


def test_reference_table_follows_settings_and_marks_the_fan(client):
    html = client.get("/hk/", {"fan": 11, "unit": 2}).content.decode()
    assert re.search(r'<div class="ref-wrap" data-current="fan-11">', html)
    row = re.search(r'<tr data-row="fan-11"><th scope="row">11</th>(.*?)</tr>', html)
    assert row
    cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
    # capped at 10 (128 points × 2): self-draw each 128; 全銃 discarder 256, each other 0
    assert cells == ["2,048", "192", "128", "256 / 0"]


def reference_cells(html: str) -> dict[int, list[str]]:
    body = re.search(r'<table class="ref-table hk-points">(.*?)</table>', html, re.S)
    assert body
    rows = re.findall(r'<tr data-row="fan-(\d+)"><th scope="row">\d+</th>(.*?)</tr>', body.group(1))
    return {int(fan): re.findall(r'<td class="num">([^<]*)</td>', cells) for fan, cells in rows}


def headings(html: str) -> list[str]:
    body = re.search(r'<table class="ref-table hk-points">\s*<thead>(.*?)</thead>', html, re.S)
    return re.findall(r"<th[^>]*>([^<]*)</th>", body.group(1))


HALF = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
FULL = [2**f for f in range(14)]


def cell(*amounts: float) -> str:
    return " / ".join(f"{a:,.4f}".rstrip("0").rstrip(".") for a in amounts)


@pytest.mark.parametrize(
    ("query", "self_head", "discard_head", "per_payer"),
    [
        # seed 004's table: 半銃 discarder / each other, self-draw each (unit 1)
        (
            "split=half",
            "Self-draw: each pays",
            "Discard: discarder / each other",
            lambda p: (cell(p / 2), cell(p / 2, p / 4)),
        ),
        (
            "",
            "Self-draw: each pays",
            "Discard: discarder / each other",
            lambda p: (cell(p / 2), cell(p, 0)),
        ),
        (
            "self_draw_pay=full&unit=4",
            "Self-draw: each pays",
            "Discard: discarder / each other",
            lambda p: (cell(4 * p), cell(4 * p, 0)),
        ),
        (
            "split=dealer",
            "Self-draw: dealer / each other",
            "Discard: dealer / each other",
            lambda p: (cell(p / 2, p / 4), cell(p / 2, p / 4)),
        ),
        (
            "split=dealer&dealer=1",
            "Self-draw: each pays",
            "Discard: each pays",
            lambda p: (cell(p / 2), cell(p / 2)),
        ),
        (
            "win=self_draw&liable=1&split=half",
            "Self-draw: liable player / each other",
            "Discard: discarder / each other",
            lambda p: (cell(3 * p / 2, 0), cell(p / 2, p / 4)),
        ),
    ],
)
def test_reference_table_shows_what_each_payer_pays(
    client, query, self_head, discard_head, per_payer
):
    """The page's right-hand columns, worked out again from rules.md § hk (cap 10, 半辣)."""
    html = client.get(f"/en/hk/?{query}").content.decode()
    assert headings(html)[-2:] == [self_head, discard_head]
    rows = reference_cells(html)
    assert sorted(rows) == list(range(14))
    for fan, cells in rows.items():
        assert cells[:2] == [f"{FULL[fan]:,}", f"{HALF[fan]:,}"], fan
        assert tuple(cells[2:]) == per_payer(HALF[min(fan, 10)]), fan


def test_reference_table_under_round_up(client):
    html = client.get("/en/hk/?split=half&unit=0.25&round_up=1").content.decode()
    rows = reference_cells(html)
    assert rows[0][2:] == ["1", "1 / 1"]  # 0.125 each, 0.125 / 0.0625: each lifted to 1
    assert rows[4][2:] == ["2", "2 / 1"]  # 16 × 0.25 = 4: 2 each; 2 / 1 exactly


def test_liable_control_sits_beside_the_hand(client):
    html = client.get("/en/hk/").content.decode()
    assert 'name="liable" value="1"' in html
    assert html.index('name="liable"') < html.index('<details class="table-rules" id="rules">')


def test_liable_on_the_page(client):
    html = client.get(
        "/en/hk/", {"fan": 5, "win": "self_draw", "split": "half", "unit": 4, "liable": 1}
    ).content.decode()
    rows = re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)
    assert rows == [("liable", "144"), ("other", "0"), ("other", "0")]
    assert number(html, "winner_receives") == "144"
    assert 'data-note="liable"' in html
    assert "The liable player (包自摸) pays all three shares: 48 + 48 + 48 = 144" in html


def test_liable_on_a_discard_shows_the_error_beside_it(client):
    html = client.get("/en/hk/", {"liable": 1}).content.decode()
    error = re.search(r'<p class="field-error" id="err-liable"[^>]*>([^<]+)</p>', html)
    assert error and "包自摸" in error.group(1)
    assert 'data-state="invalid"' in html and 'data-result="winner_receives"' not in html


def test_the_rules_line_opens_the_table_rules(client):
    html = client.get(
        "/en/hk/", {"fan": 5, "win": "self_draw", "split": "half", "unit": 4}
    ).content.decode()
    line = re.search(r'<p class="rules-line"><a href="#rules" data-rules>([^<]*)</a></p>', html)
    assert line
    words = line.group(1)
    assert words.startswith("Table rules: 一二蚊") and "· 半辣 (half) · 半銃" in words
    assert words.endswith(" · 10-fan cap")
    assert '<details class="table-rules" id="rules">' in html
    # inside the result region, so it follows every live change
    result = html[html.index('<section id="result"') :]
    assert 'class="rules-line"' in result


def test_post_is_not_allowed(client):
    assert client.post("/hk/").status_code == 405


def test_idle_settings_are_noted_only_when_set_away_from_their_default(client):
    """Regression: the live form sends every field, so a default must not be noted."""
    sent_by_the_form = {"fan": 4, "dealer": 0, "self_draw_pay": "half", "split": "full"}
    assert 'data-note="setting_unused"' not in client.get("/hk/", sent_by_the_form).content.decode()
    html = client.get("/hk/", {**sent_by_the_form, "dealer": 1}).content.decode()
    assert 'data-note="setting_unused"' in html


def test_inputs_show_the_normalised_value(client):
    html = client.get("/hk/", {"fan": "03", "unit": "2.50"}).content.decode()
    assert 'name="fan" value="3"' in html and 'name="unit" value="2.5"' in html
    html = client.get("/hk/", {"fan": "3"}).content.decode()
    assert 'name="fan" value="3"' in html


def test_an_invalid_value_stays_in_its_input(client):
    html = client.get("/hk/", {"fan": "abc"}).content.decode()
    assert 'name="fan" value="abc"' in html


def test_link_preview_describes_the_shared_result(client):
    html = client.get("/en/hk/", {"fan": 5, "split": "half"}).content.decode()
    assert (
        '<meta property="og:url" content="http://testserver/en/hk/?fan=5&amp;split=half">' in html
    )
    title = re.search(r'<meta property="og:title" content="([^"]*)">', html).group(1)
    # the result, then the table rules in one phrase: points table, split, cap
    assert title.startswith("5 fan, discard: the winner receives 24 (半辣 (half) · 半銃")
    assert title.endswith(" · 10-fan cap)")
    assert (
        'og:description" content="Split: The discarder 12 · Another player 6 · Another player 6"'
        in html
    )
    assert f"<title>{title} · " in html


def test_manifest_lets_the_calculator_live_on_the_home_screen(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"].startswith("application/manifest+json")
    data = response.json()
    assert data["start_url"] == "/hk/" and data["display"] == "standalone"
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    for icon in data["icons"]:
        assert icon["src"].startswith("/static/")
        assert finders.find(icon["src"].removeprefix("/static/"))
    assert client.get("/en/manifest.webmanifest").json()["start_url"] == "/en/hk/"


def test_head_is_answered_like_get(client):
    """Link checkers and caches send HEAD; it must not be refused."""
    assert client.head("/hk/", {"fan": 5}).status_code == 200
