"""The riichi page through Django's test client: hooks, fragment, errors, the point table."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}
HATSU = {"fu_mode": "count", "m4": "pon_closed_terminal"}


def shown(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} in page"
    return match.group(1).replace(",", "")


def page(client, params=None, prefix="/en", headers=None) -> str:
    response = client.get(f"{prefix}/riichi/", params or {}, headers=headers or {})
    assert response.status_code == 200
    html = response.content.decode()
    assert "INVALID_TEMPLATE_VARIABLE" not in html
    return html


def marked(html: str) -> str:
    """The reference entry this hand is: the wrapper's data-current."""
    match = re.search(r'<div class="ref-wrap" data-current="([^"]*)">', html)
    assert match
    return match.group(1)


def current_cell(html: str) -> tuple[str, str] | None:
    """(han, amount) of the marked cell of the han × fu table."""
    current = marked(html)
    cell = re.search(rf'<td class="num[^"]*" data-cell="{re.escape(current)}">([^<]*)</td>', html)
    if not cell:
        return None
    return current.split("-")[0], cell.group(1)


def row_cells(html: str, han: int) -> list[str]:
    table = re.search(r'<table class="ref-table riichi-points">(.*?)</table>', html, re.S)
    row = re.search(rf'<tr><th scope="row">{han}</th>(.*?)</tr>', table.group(1), re.S)
    return re.findall(r"<td[^>]*>([^<]*)</td>", row.group(1))


def test_full_page_has_every_result_hook(client):
    html = page(client)
    assert shown(html, "winner_receives") == "3900"
    assert shown(html, "base") == "960"
    assert shown(html, "level") == "—"
    assert shown(html, "fu") == "30"
    rows = re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)
    assert rows == [("discarder", "3900"), ("other", "0"), ("other", "0")]
    assert "Basic points (基本點)" in html


def test_tsumo_rows_and_sticks(client):
    html = page(client, {"win": "self_draw", "honba": 2, "riichi_sticks": 1})
    rows = re.findall(r'data-payment data-role="([a-z_]+)" data-amount="([0-9.]+)"', html)
    assert rows == [("dealer", "2200"), ("non_dealer", "1200"), ("non_dealer", "1200")]
    assert shown(html, "winner_receives") == "5600"


def test_level_card_names_the_level(client):
    assert shown(page(client, {"han": 6}), "level") == "Haneman (跳滿)"
    assert shown(page(client, {"han": 4, "fu": 30, "kiriage": 1}), "level") == "Mangan (滿貫)"
    html = page(client, {"yakuman": 2})
    assert shown(html, "level") == "Double yakuman (兩倍役滿)"
    assert shown(html, "fu") == "—"


def test_htmx_request_gets_only_the_result_fragment(client):
    response = client.get("/riichi/", {"han": 4, "fu": 40, "dealer": 1}, headers=HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html and "<html" not in html
    assert shown(html, "winner_receives") == "12000"
    assert response["HX-Replace-Url"] == "/riichi/?han=4&fu=40&dealer=1"
    assert "HX-Request" in response["Vary"]


def test_htmx_replace_url_keeps_the_language(client):
    response = client.get("/zh-hans/riichi/", HATSU, headers=HX)
    assert response["HX-Replace-Url"] == "/zh-hans/riichi/?fu_mode=count&m4=pon_closed_terminal"


def test_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = page(client, {"han": 5}, headers=headers)
    assert "<html" in html and "<form" in html


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("han=0", "han"),
        ("han=14", "han"),
        ("fu=35", "fu"),
        ("fu=35&fu_mode=count", "fu"),
        ("yakuman=7", "yakuman"),
        ("honba=-1", "honba"),
        ("kazoe=x", "kazoe"),
        ("m1=pon_open_simple&closed=1&fu_mode=count", "m1"),
        ("chiitoitsu=1&closed=0&fu_mode=count", "chiitoitsu"),
    ],
)
def test_invalid_input_shows_the_error_beside_the_field(client, query, field):
    response = client.get(f"/en/riichi/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    error = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]+)</p>', html)
    assert error and error.group(1).strip()
    assert 'data-result="winner_receives"' not in html
    assert 'data-state="invalid"' in html


def test_a_field_with_an_error_is_never_hidden(client):
    html = page(client, {"fu": 35, "fu_mode": "count"})
    assert '<div class="fu-given" data-fu-mode="given">' in html
    html = page(client, {"m1": "pon_open_simple", "fu_mode": "count"})
    assert '<fieldset class="fu-count" data-fu-mode="count">' in html


def test_htmx_contradiction_is_swapped_beside_the_meld(client):
    html = page(client, {"m1": "pon_open_simple", "fu_mode": "count"}, headers=HX)
    assert re.search(r'id="err-m1"[^>]*hx-swap-oob="true">A called \(open\) meld', html)
    assert 'id="err-m2"' not in html  # a field without an error sends nothing: app.js clears it


def test_the_fu_mode_decides_which_fields_show(client):
    given = page(client)
    assert '<div class="fu-given" data-fu-mode="given">' in given
    assert '<fieldset class="fu-count" data-fu-mode="count" hidden>' in given
    count = page(client, HATSU)
    assert '<div class="fu-given" data-fu-mode="given" hidden>' in count
    assert '<fieldset class="fu-count" data-fu-mode="count">' in count
    # Both are in the form either way, so switching keeps every value.
    for name in ("fu", "chiitoitsu", "closed", "wait", "pair", "m1", "m2", "m3", "m4"):
        assert f'name="{name}"' in given and f'name="{name}"' in count


def test_count_mode_shows_the_fu_line_by_line(client):
    html = page(client, HATSU)
    section = re.search(r'<section class="fu-lines".*?</section>', html, re.S).group(0)
    lines = re.findall(r"<li>([^<]*)</li>", section)
    assert lines == [
        "Base fu (副底): 20",
        "Closed ron (門前榮和): +10",
        "Meld 4, a concealed pon of terminals or honours (暗刻么九): +8",
        "38 fu rounds up to 40 fu",
    ]
    assert "<strong>40</strong>" in section
    assert shown(html, "fu") == "40" and shown(html, "winner_receives") == "5200"
    assert 'class="fu-lines"' not in page(client)
    # The steps go on from the counted fu; they do not list the fu lines a second time.
    steps = re.search(r'<details class="steps".*?</details>', html, re.S).group(0)
    assert "Base fu (副底)" not in steps and "rounds up to 40 fu" not in steps
    assert "Basic points (基本點): 40 fu" in steps


def test_seven_pairs_disables_the_wait_pair_and_meld_fields(client):
    ticked = page(client, {"fu_mode": "count", "chiitoitsu": 1})
    part = re.search(r"<fieldset class=\"shape-parts\"[^>]*>", ticked).group(0)
    assert " disabled" in part
    inside = re.search(r"<fieldset class=\"shape-parts\".*?</fieldset>", ticked, re.S).group(0)
    for name in ("wait", "pair", "m1", "m2", "m3", "m4"):
        assert f'name="{name}"' in inside
    unticked = page(client, {"fu_mode": "count"})
    assert " disabled" not in re.search(r"<fieldset class=\"shape-parts\"[^>]*>", unticked).group(0)
    # 七對子 is 25 fu whatever those fields held.
    assert shown(ticked, "fu") == "25"


def test_point_table_highlights_the_current_hand(client):
    html = page(client)
    assert current_cell(html) == ("3", "3,900")
    assert row_cells(html, 1)[:3] == ["—", "—", "1,000"]
    assert current_cell(page(client, {"han": 2, "fu": 25})) == ("2", "1,600")
    assert current_cell(page(client, {"dealer": 1})) == ("3", "5,800")
    assert current_cell(page(client, HATSU)) == ("3", "5,200")
    # Past the grid, the limit row is the one marked.
    html = page(client, {"han": 7})
    assert current_cell(html) is None
    assert marked(html) == "haneman"
    assert re.search(r'<tr data-cell="haneman"><th scope="row">Haneman \(跳滿\)</th>', html)
    html = page(client, {"han": 13})
    assert marked(html) == "yakuman"
    assert re.search(r'<tr data-cell="yakuman"><th scope="row">Yakuman \(役滿\)</th>', html)


def test_point_table_follows_seat_win_kiriage_and_honba(client):
    html = page(client, {"win": "self_draw"})
    assert current_cell(html) == ("3", "2,000 / 1,000")
    assert "dealer / non-dealer" in html
    assert row_cells(page(client, {"han": 4}), 4)[2] == "7,700"
    assert row_cells(page(client, {"han": 4, "kiriage": 1}), 4)[2] == "8,000"
    html = page(client, {"win": "self_draw", "honba": 1, "kiriage": 1})
    assert row_cells(html, 4)[2] == "4,100 / 2,100"
    assert "Counters (本場) × 1 included." in html
    html = page(client, {"win": "self_draw", "dealer": 1})
    assert current_cell(html) == ("3", "2,000")
    assert "each of the three others pays" in html


def test_limit_rows_follow_kazoe(client):
    html = page(client, {"kazoe": "sanbaiman"})
    assert re.search(r"Sanbaiman \(三倍滿\)</th><td>11\+ han</td><td class=\"num\">24,000", html)
    assert "yakuman hands only" in html


def test_a_whole_form_submission_notes_only_what_was_changed(client):
    fields = "fu=30&yakuman=0&dealer=0&win=discard&honba=0&riichi_sticks=0&kiriage=0"
    structure = "chiitoitsu=0&closed=0&closed=1&wait=ryanmen&pair=plain&m1=run&m2=run&m3=run&m4=run"
    query = f"han=4&{fields}&kazoe=yakuman&fu_mode=given&{structure}"
    html = client.get(f"/en/riichi/?{query}", headers=HX).content.decode()
    assert shown(html, "winner_receives") == "7700"
    assert "data-note" not in html
    html = client.get(f"/en/riichi/?{query}&m2=pon_open_simple", headers=HX).content.decode()
    assert re.findall(r'data-note="([a-z_]+)">“Meld 2”', html) == ["setting_unused"]


def test_notes_have_hooks(client):
    assert 'data-note="impossible_han_fu"' in page(client, {"fu": 20})
    assert 'data-note="setting_unused"' in page(client, {"yakuman": 1, "han": 5})


@pytest.mark.parametrize("prefix", ["", "/en", "/zh-hans"])
def test_every_language_serves_the_page(client, prefix):
    html = page(client, {"han": 4, "fu": 30, "kiriage": 1}, prefix=prefix)
    assert shown(html, "winner_receives") == "8000"
    assert shown(html, "fu") == "30"


def test_headline_in_title_and_share_text(client):
    html = page(client, {"han": 4, "fu": 40})
    assert "<title>4 han 40 fu, non-dealer ron: the winner receives 8,000" in html
    assert "<title>Yakuman (役滿), dealer tsumo: the winner receives 48,000" in page(
        client, {"yakuman": 1, "dealer": 1, "win": "self_draw"}
    )


def test_the_family_switch_links_to_riichi(client):
    html = client.get("/en/hk/").content.decode()
    switch = re.search(r'<nav class="family-switch".*?</nav>', html, re.S).group(0)
    assert '<a href="/en/riichi/">' in switch
    html = page(client)
    assert '<a href="/en/riichi/" aria-current="page">' in html


def test_language_switch_keeps_the_parameters(client):
    html = page(client, HATSU, prefix="")
    assert 'href="/en/riichi/?fu_mode=count&amp;m4=pon_closed_terminal"' in html
    assert 'href="/zh-hans/riichi/?fu_mode=count&amp;m4=pon_closed_terminal"' in html
