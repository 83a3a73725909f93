"""The Jiujiang and classical pages through Django's test client."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}
SEED_002 = "e_fu=6&s_fu=20&w_fu=40&n_fu=2&s_fan=1&w_fan=1"


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


# --- jiujiang -------------------------------------------------------------------------------


def test_jiujiang_page_shows_seed_case_1(client):
    html = client.get("/jiujiang/?pattern=pengpeng&win=self_draw&dealer=1").content.decode()
    assert number(html, "winner_receives") == "36"
    assert number(html, "base") == "12"
    assert payment_rows(html) == [("other", "12")] * 3


def test_jiujiang_page_lists_every_step_on_its_own_line(client):
    html = client.get("/en/jiujiang/?pattern=pengpeng,hunyise&win=self_draw").content.decode()
    steps = re.search(r'<details class="steps" open>.*?<ol>(.*?)</ol>', html, re.S)
    assert steps
    lines = re.findall(r"<li>(.*?)</li>", steps.group(1))
    assert len(lines) == 5
    assert lines[0].startswith("混一色 counts: 3") and "碰碰胡" in lines[0]


def test_jiujiang_page_ticks_what_was_sent(client):
    html = client.get("/jiujiang/?pattern=&pattern=qidui&pattern=qingyise").content.decode()
    ticked = re.findall(r'name="pattern" value="([a-z]+)" checked', html)
    assert ticked == ["qidui", "qingyise"]
    assert '<input type="hidden" name="pattern" value="">' in html


def test_jiujiang_htmx_fragment_and_canonical_url(client):
    response = client.get(
        "/jiujiang/", {"pattern": ["", "qidui"], "qianggang": "1", "pay": "three"}, headers=HX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html and "<html" not in html
    assert number(html, "winner_receives") == "24"
    assert payment_rows(html) == [("discarder", "24"), ("other", "0"), ("other", "0")]
    assert response["HX-Replace-Url"] == "/jiujiang/?pattern=qidui&qianggang=1&pay=three"
    assert "HX-Request" in response["Vary"]


def test_jiujiang_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = client.get("/jiujiang/", {"pattern": "qidui"}, headers=headers).content.decode()
    assert "<html" in html and "<form" in html


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("pattern=", "pattern", "Enter a value"),
        ("pattern=&pattern=pinghu&pattern=pengpeng", "pattern", "平胡"),
        ("pattern=pengpeng,qidui", "pattern", "七對"),
        ("pattern=hunyise,qingyise", "pattern", "清一色"),
        ("gangkai=1", "gangkai", "Self-drawn"),
        ("win=self_draw&qianggang=1", "qianggang", "discard"),
        ("base=0", "base", "1 to 10"),
        ("cap=fan8", "cap", "fan16"),
        ("unit=abc", "unit", "number"),
    ],
)
def test_jiujiang_invalid_input_shows_the_error_beside_the_field(client, query, field, words):
    response = client.get(f"/en/jiujiang/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert words in field_error(html, field)
    assert 'data-result="winner_receives"' not in html
    assert 'data-state="invalid"' in html


def test_jiujiang_unticking_everything_is_an_error_not_the_default(client):
    html = client.get("/en/jiujiang/", {"pattern": ""}, headers=HX).content.decode()
    assert re.search(r'id="err-pattern"[^>]*hx-swap-oob="true">Enter a value', html)
    assert 'data-result="winner_receives"' not in html


def test_jiujiang_capped_note_has_its_hook(client):
    html = client.get("/jiujiang/?pattern=qingyise&win=self_draw&dealer=1").content.decode()
    assert 'data-note="capped"' in html
    assert number(html, "winner_receives") == "48"


def test_jiujiang_reference_table_follows_the_settings(client):
    html = client.get("/jiujiang/?pattern=pengpeng,hunyise&dealer=1&base=2&pay=three").content
    rows = dict(
        re.findall(
            r'<tr data-pattern="([a-z]+)"[^>]*><th scope="row">[^<]*</th>'
            r'((?:<td class="num">[^<]*</td>){3})</tr>',
            html.decode(),
        )
    )
    cells = {k: re.findall(r">([^<]*)</td>", v) for k, v in rows.items()}
    # value with 底番 | discard: 包三家 (×3), dealer ×2, ×底番 2 | self-draw each: ×2 ×2, cap, ×2
    assert cells == {
        "pinghu": ["1", "12", "8"],
        "pengpeng": ["3", "36", "24"],
        "hunyise": ["4", "48", "32"],
        "qidui": ["4", "48", "32"],
        "qingyise": ["7", "84", "32"],
        "haohua": ["8", "96", "32"],
    }
    assert re.search(r'<tr data-pattern="hunyise" class="current"', html.decode())


def test_jiujiang_explains_how_it_differs_from_hong_kong(client):
    html = client.get("/en/jiujiang/").content.decode()
    assert "How Jiujiang differs from Hong Kong" in html
    assert "only the most valuable one counts" in html


# --- classical ------------------------------------------------------------------------------


def test_classical_page_shows_seed_002(client):
    html = client.get(f"/classical/?{SEED_002}").content.decode()
    assert number(html, "winner_receives") == "160"
    assert number(html, "base") == "40"
    assert payment_rows(html) == [("e", "80"), ("w", "40"), ("n", "40")]
    nets = re.findall(r'data-player data-seat="([eswn])" data-net="(-?[0-9.]+)"', html)
    assert nets == [("e", "-220"), ("s", "160"), ("w", "186"), ("n", "-126")]
    transfers = re.findall(
        r'data-transfer data-from="([eswn])" data-to="([eswn])" data-amount="([0-9.]+)"', html
    )
    assert sorted(transfers) == sorted(
        [
            ("e", "s", "80"),
            ("w", "s", "40"),
            ("n", "s", "40"),
            ("n", "w", "78"),
            ("e", "w", "148"),
            ("n", "e", "8"),
        ]
    )


def test_classical_first_card_says_every_seats_net(client):
    """Issue 13, item 1: the first card is the settlement, not the winner's 160 and 80/40/40."""
    html = client.get(f"/en/classical/?{SEED_002}").content.decode()
    cards = html[html.index('<div class="cards">') : html.index("Who pays how much")]
    first = cards[: cards.index('<div class="card">')]  # the card before the second one
    nets = re.findall(r'<li data-seat-net="(\w)" data-net="(-?\d+)"', first)
    assert nets == [("e", "-220"), ("s", "160"), ("w", "186"), ("n", "-126")]
    shown = [
        re.sub(r"<[^>]+>", "", n)
        for n in re.findall(r'<strong class="seat-net">(.*?)</strong>', first)
    ]
    assert shown == ["−220", "+160", "+186", "−126"]
    assert number(first, "winner_receives") == "160"
    pays = re.findall(r'<span class="seat-pays">([^<]*)</span>', first)
    assert pays == [
        "pays South 80, West 148",
        "collects, pays nobody",
        "pays South 40",
        "pays South 40, East 8, West 78",
    ]
    # No "each payer 80 / 40 / 40" card, and the phone bar and link preview say the nets too.
    assert "Each payer" not in cards
    line = "East −220 · South +160 · West +186 · North −126"
    assert (
        f'<a class="result-bar js-only" href="#result" aria-hidden="true" tabindex="-1"><span>{line}</span></a>'
        in html
    )
    assert f'<meta property="og:title" content="South wins with 40 副: {line}">' in html
    assert (
        "East pays South 80, West 148; West pays South 40; North pays South 40, East 8, West 78"
        in html
    )


def test_classical_transfer_grid_is_four_by_four(client):
    html = client.get(f"/en/classical/?{SEED_002}").content.decode()
    grid = re.search(r'<table class="ref-table transfer-grid".*?</table>', html, re.S)
    assert grid
    rows = re.findall(r'<tr><th scope="row">([A-Za-z]+)</th>(.*?)</tr>', grid.group(0))
    cells = {
        name: [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", body)]
        for name, body in rows
    }
    assert cells == {
        "East": ["—", "80", "148", ""],
        "South": ["", "—", "", ""],
        "West": ["", "40", "—", ""],
        "North": ["8", "40", "78", "—"],
    }


def test_classical_htmx_fragment_and_canonical_url(client):
    response = client.get(f"/classical/?{SEED_002}&dealer=e&unit=1.0", headers=HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="result"')
    assert "<form" not in html
    assert number(html, "winner_receives") == "160"
    assert response["HX-Replace-Url"] == f"/classical/?{SEED_002}"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("e_fu=-1", "e_fu"),
        ("s_fan=14", "s_fan"),
        ("w_fu=abc", "w_fu"),
        ("winner=x", "winner"),
        ("limit=0", "limit"),
        ("unit=-2", "unit"),
    ],
)
def test_classical_invalid_input_shows_the_error_beside_the_field(client, query, field):
    response = client.get(f"/en/classical/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert field_error(html, field)
    assert 'data-state="invalid"' in html


def test_classical_capped_note_has_its_hook(client):
    html = client.get("/classical/?s_fu=52&s_fan=2").content.decode()
    assert 'data-note="capped"' in html


def test_classical_explains_how_it_differs_from_hong_kong(client):
    html = client.get("/en/classical/").content.decode()
    assert "How classical scoring differs from Hong Kong" in html
    assert "all four hands" in html


# --- both -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "query", "receives"),
    [("jiujiang", "pattern=qidui&qianggang=1", "8"), ("classical", SEED_002, "160")],
)
@pytest.mark.parametrize("prefix", ["", "/en", "/zh-hans"])
def test_every_language_serves_the_page(client, slug, query, receives, prefix):
    response = client.get(f"{prefix}/{slug}/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert number(html, "winner_receives") == receives
    assert "INVALID_TEMPLATE_VARIABLE" not in html


@pytest.mark.parametrize("slug", ["jiujiang", "classical"])
def test_language_switch_keeps_the_parameters(client, slug):
    html = client.get(f"/{slug}/", {"unit": "2"}).content.decode()
    assert f'href="/en/{slug}/?unit=2"' in html
    assert f'href="/zh-hans/{slug}/?unit=2"' in html


@pytest.mark.parametrize("slug", ["jiujiang", "classical"])
def test_post_is_not_allowed(client, slug):
    assert client.post(f"/{slug}/").status_code == 405


# --- every published number is the engine's -------------------------------------------------
# The tables and labels are parsed from the page and compared with values worked out here
# from the engine's own functions and constants (never through the presenter), so neither a
# catalogue nor a template can drift from the engine.

LANGUAGE_PREFIXES = ["", "/en", "/zh-hans"]


def jiujiang_table(html: str) -> dict[str, list[str]]:
    rows = re.findall(
        r'<tr data-pattern="([a-z]+)"[^>]*><th scope="row">[^<]*</th>'
        r'((?:<td class="num">[^<]*</td>){3})</tr>',
        html,
    )
    return {
        pattern: [cell.replace(",", "") for cell in re.findall(r">([^<]*)</td>", cells)]
        for pattern, cells in rows
    }


def jiujiang_pattern_fan(pattern, haohua_groups, rules) -> int:
    """A pattern's 番 with 底番 added or not, from the engine's values and rules."""
    from calculator.scoring import jiujiang as jj

    fan = jj.PATTERN_VALUE[pattern]
    if pattern is jj.Pattern.HAOHUA and haohua_groups == 2:
        fan = jj.with_second_group(fan, rules.haohua_extra)
    if pattern is jj.Pattern.PINGHU or rules.base_add is jj.BaseAdd.NEVER:
        return fan
    if rules.base_add is jj.BaseAdd.AUTO and pattern in jj.SEVEN_PAIRS:
        return fan
    return fan + 1


@pytest.mark.parametrize(
    "query",
    [
        "",
        "pattern=pengpeng,hunyise&dealer=1&base=2&pay=three",
        "pattern=qidui&qianggang=1&cap=mult5&base_add=always",
        "pattern=haohua&haohua_groups=2&haohua_extra=plus4&win=self_draw&gangkai=1&cap=none",
        "pattern=haohua&haohua_groups=2&base=3&unit=0.25&base_add=never",
    ],
)
@pytest.mark.parametrize("prefix", LANGUAGE_PREFIXES)
def test_jiujiang_reference_table_is_the_engines(client, query, prefix):
    from calculator.families.jiujiang.forms import Form
    from calculator.scoring import jiujiang as jj
    from calculator.scoring.money import plain
    from calculator.scoring.outcome import Win

    html = client.get(f"{prefix}/jiujiang/?{query}").content.decode()
    form = Form(dict(item.split("=") for item in query.split("&") if item))
    assert form.is_valid()
    hand, rules = form.inputs
    groups = hand.haohua_groups

    def share(pattern, **kinds) -> str:
        alone = jj.Hand(frozenset({pattern}), haohua_groups=groups, dealer=hand.dealer, **kinds)
        return plain(jj.score(alone, rules).payments[0].amount)

    expected = {
        pattern.value: [
            str(jiujiang_pattern_fan(pattern, groups, rules)),
            share(pattern, win=Win.DISCARD, qianggang=hand.qianggang),
            share(pattern, win=Win.SELF_DRAW, gangkai=hand.gangkai),
        ]
        for pattern in jj.Pattern
    }
    assert jiujiang_table(html) == expected


def option_numbers(html: str, name: str) -> dict[str, list[int]]:
    """The numbers in each choice's label of one parameter, by value."""
    options = re.findall(r'<option value="([a-z0-9]+)"[^>]*>([^<]*)</option>', html)
    checkboxes = re.findall(
        rf'<input type="checkbox" name="{name}" value="([a-z]+)"[^>]*><span>([^<]*)</span>', html
    )
    found = checkboxes or options
    return {value: [int(n) for n in re.findall(r"\d+", label)] for value, label in found}


@pytest.mark.parametrize("prefix", LANGUAGE_PREFIXES)
def test_jiujiang_labels_state_the_engines_values(client, prefix):
    from calculator.scoring import jiujiang as jj

    html = client.get(f"{prefix}/jiujiang/").content.decode()
    patterns = option_numbers(html, "pattern")
    assert patterns == {p.value: [jj.PATTERN_VALUE[p]] for p in jj.Pattern}

    def select(name: str) -> dict[str, list[int]]:
        block = re.search(rf'<select[^>]*name="{name}".*?</select>', html, re.S)
        assert block, name
        return option_numbers(block.group(0), name)

    haohua = jj.PATTERN_VALUE[jj.Pattern.HAOHUA]
    assert select("haohua_extra") == {
        "double": [haohua * jj.HAOHUA_FACTOR],
        "plus4": [jj.HAOHUA_ADD, haohua + jj.HAOHUA_ADD],
    }
    fan16, mult5 = jj.CAP_VALUE[jj.Cap.FAN16], jj.CAP_VALUE[jj.Cap.MULT5]
    assert select("cap") == {"fan16": [fan16], "mult5": [mult5, mult5], "none": []}


def test_jiujiang_steps_state_the_engines_values(client):
    from calculator.scoring import jiujiang as jj

    haohua = jj.PATTERN_VALUE[jj.Pattern.HAOHUA]
    html = client.get(
        "/en/jiujiang/?pattern=haohua&haohua_groups=2&haohua_extra=plus4&cap=none"
    ).content.decode()
    add = jj.HAOHUA_ADD
    assert f"adds {add}: {haohua} + {add} = {haohua + add} 番" in html
    html = client.get("/en/jiujiang/?pattern=haohua&haohua_groups=2&cap=none").content.decode()
    factor = jj.HAOHUA_FACTOR
    assert f"doubles it: {haohua} × {factor} = {haohua * factor} 番" in html


@pytest.mark.parametrize("prefix", LANGUAGE_PREFIXES)
def test_classical_counting_tables_are_the_engines(client, prefix):
    from calculator.scoring import classical as cl

    html = client.get(f"{prefix}/classical/?{SEED_002}").content.decode()
    melds = re.findall(
        r'<tr data-meld="([a-z_]+)"><th scope="row">[^<]*</th>'
        r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td></tr>',
        html,
    )
    assert melds == [
        (
            meld.value,
            str(cl.MELD_FU[meld]),
            str(cl.MELD_FU[meld] * cl.TERMINAL_FACTOR),
        )
        for meld in cl.Meld
    ]
    assert all(cl.meld_fu(cl.Meld(m), terminal=True) == int(t) for m, _s, t in melds)

    bonuses = re.findall(
        r'<tr data-bonus="([a-z_]+)"><th scope="row">[^<]*</th><td class="num">([^<]*)</td>',
        html,
    )
    shown = {key: text for key, text in bonuses}
    assert list(shown) == [b.value for b in cl.Bonus] + ["limit_full", "limit_half"]
    for bonus in cl.Bonus:
        numbers = [int(n) for n in re.findall(r"\d+", shown[bonus.value])]
        if bonus in cl.BONUS_FU:
            assert numbers == [cl.BONUS_FU[bonus]] and "副" in shown[bonus.value], bonus
        else:
            assert numbers == [cl.BONUS_FAN[bonus]] and "番" in shown[bonus.value], bonus
    assert not re.search(r"\d", shown["limit_full"] + shown["limit_half"])
