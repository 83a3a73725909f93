"""Every calculator and hand page through Django's test client: what an htmx fragment carries
besides the result — the page title, the language links (out of band) and the status line —
and that the whole page renders the same parts from the same partial."""

from __future__ import annotations

import html as htmlib
import random
import re
from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from calculator.families import FAMILIES
from calculator.params import (
    BoolParam,
    ChoiceParam,
    IntChoiceParam,
    IntParam,
    MultiChoiceParam,
    Param,
)

HX = {"HX-Request": "true"}
COMPLETE_HAND = {"hand": "234567m123p88p678s", "win_tile": "8s"}

PAGES = [
    "/hk/?fan=5&split=half",
    "/en/riichi/?han=4&fu=40&win=self_draw",
    "/zh-hans/mcr/?points=24",
    "/en/nmjl/?value=30",
    "/jiujiang/?pattern=qingyise",
    "/en/classical/?e_fu=6&s_fu=20&w_fu=40&n_fu=2&s_fan=1&w_fan=1",
    "/en/riichi/hand/?hand=234567m12388p678s&win_tile=8s",
    "/zh-hans/mcr/hand/?hand=123456789m123p55s&win_tile=5s",
]


def title(page: str) -> str:
    titles = re.findall(r"<title>([^<]*)</title>", page)
    assert len(titles) == 1, titles
    return htmlib.unescape(titles[0])


def languages(page: str) -> str:
    navs = re.findall(r'<nav id="languages"[^>]*>.*?</nav>', page, re.S)
    assert len(navs) == 1, navs
    return navs[0]


def announce(page: str) -> str:
    found = re.findall(r'<p id="announce"[^>]*>([^<]*)</p>', page)
    assert len(found) == 1, found
    return htmlib.unescape(found[0])


@pytest.mark.parametrize("path", PAGES)
def test_the_fragment_carries_the_pages_title_links_and_status(client, path):
    full = client.get(path).content.decode()
    fragment = client.get(path, headers=HX).content.decode()
    assert "<html" not in fragment and "<head" not in fragment
    # A top-level <title> (not inside the result section): htmx takes it as the document's.
    assert title(fragment) == title(full)
    assert fragment.index("<title>") > fragment.index("</section>")
    query = path.partition("?")[2].replace("&", "&amp;")
    nav = languages(fragment)
    assert 'hx-swap-oob="true"' in nav
    assert nav.count(f"?{query}") == 3  # each language keeps the state
    assert languages(full) == nav.replace(' hx-swap-oob="true"', "")
    # The status line: filled out of band with the headline; empty in the page as loaded.
    assert 'hx-swap-oob="innerHTML"' in re.search(r'<p id="announce"[^>]*>', fragment).group(0)
    assert announce(full) == ""
    headline = title(full).rsplit(" · ", 1)[0]
    assert announce(fragment).startswith(headline)


@pytest.mark.parametrize("path", PAGES)
def test_only_the_status_line_is_live(client, path):
    for page in (client.get(path).content.decode(), client.get(path, headers=HX).content.decode()):
        assert page.count("aria-live") == 1
        assert re.search(r'<p id="announce"[^>]*aria-live="polite"', page)


def test_an_invalid_state_has_no_headline_and_an_empty_status(client):
    fragment = client.get("/en/hk/?fan=100", headers=HX).content.decode()
    assert title(fragment) == "Hong Kong mahjong payments"
    assert announce(fragment) == ""
    assert "fan=100" in languages(fragment)


def test_a_blank_hand_page_resets_the_title(client):
    fragment = client.get("/en/riichi/hand/?hand=", headers=HX).content.decode()
    assert title(fragment) == "Riichi hand: yaku, fu and payment"
    assert announce(fragment) == ""


def test_each_language_is_named_in_itself(client):
    nav = languages(client.get("/en/hk/").content.decode())
    names = re.findall(r'lang="([a-z-]+)"[^>]*>([^<]+)</a>', nav)
    assert names == [("zh-hant", "廣東話"), ("zh-hans", "简体中文"), ("en", "English")]


@pytest.mark.parametrize(
    ("path", "target", "words"),
    [
        ("/en/hk/", "#calc", "Skip to the inputs"),
        ("/en/glossary/", "#content", "Skip to the content"),
    ],
)
def test_a_skip_link_comes_first(client, path, target, words):
    page = client.get(path).content.decode()
    body = page[page.index("<body") :]
    first_link = re.search(r"<a [^>]*>[^<]*</a>", body).group(0)
    assert f'href="{target}"' in first_link and words in first_link
    assert f'id="{target[1:]}"' in page


def reference(page: str) -> tuple[str, str]:
    """The reference block's key and its markup."""
    found = re.findall(
        r'<div id="reference" data-ref="([0-9a-f]+)"([^>]*)>(.*?)</div>\s*</div>', page, re.S
    )
    assert len(found) == 1, found
    key, attributes, body = found[0]
    return key, attributes + body


@pytest.mark.parametrize("path", PAGES)
def test_a_live_answer_leaves_out_the_reference_table_the_page_shows(client, path):
    key, full_table = reference(client.get(path).content.decode())
    assert "hx-preserve" not in full_table and "<table" in full_table
    # The page says it shows this table: the answer sends only its placeholder.
    kept = client.get(path, headers={**HX, "X-Reference": key})
    assert "X-Reference" in kept["Vary"]
    kept_key, placeholder = reference(kept.content.decode())
    assert kept_key == key
    assert placeholder.strip() == "hx-preserve"
    # Another table (other rules, another language) or none: the whole table comes.
    for header in ({"X-Reference": "0" * 18}, {}):
        fresh_key, table = reference(client.get(path, headers={**HX, **header}).content.decode())
        assert (fresh_key, table) == (key, full_table)
    # A whole page is never left without its table, whatever the request says.
    again = client.get(path, headers={"X-Reference": key}).content.decode()
    assert reference(again) == (key, full_table)


def test_the_reference_key_follows_the_table_not_the_hand(client):
    def key(query: str) -> str:
        return reference(client.get(f"/en/riichi/?{query}").content.decode())[0]

    # Another han or fu: the same grid, only the marked cell moves (the wrapper's data-current).
    assert key("han=3&fu=30") == key("han=5&fu=40")
    # A table rule or another seat's table, or another language: a new table.
    assert key("han=3") != key("han=3&kiriage=1")
    assert key("han=3") != key("han=3&dealer=1")
    assert key("han=3") != reference(client.get("/riichi/?han=3").content.decode())[0]


def random_query(form_class: type, rng: random.Random) -> dict[str, str]:
    """A state over the whole range of each parameter of a form (many left at default)."""
    query = {}
    for name, field in form_class.base_fields.items():
        if not isinstance(field, Param) or rng.random() < 0.5:
            continue
        if isinstance(field, BoolParam):
            query[name] = rng.choice("01")
        elif isinstance(field, MultiChoiceParam):
            query[name] = ",".join(rng.sample([v for v, _l in field.choices], 1))
        elif isinstance(field, ChoiceParam):
            query[name] = rng.choice(list(field.enum)).value
        elif isinstance(field, IntChoiceParam):
            query[name] = str(rng.choice(field.allowed))
        elif isinstance(field, IntParam):
            query[name] = str(rng.randint(field.minimum, min(field.maximum, field.minimum + 15)))
    return query


KEYED = [slug for slug, family in FAMILIES.items() if family.presenter.reference_reads]


def test_some_families_name_their_reference_table_without_drawing_it():
    assert {"hk", "riichi"} <= set(KEYED)


@pytest.mark.parametrize("slug", KEYED)
def test_one_reference_key_is_one_reference_table(client, slug):
    """A key the presenter makes without drawing the table must never stand for two tables:
    the page would keep a stale one."""
    rng = random.Random(f"reference-{slug}")
    form_class, tables = FAMILIES[slug].form, {}
    pages = [(f"/{slug}/", {})] + [
        (f"/en/{slug}/", random_query(form_class, rng)) for _ in range(120)
    ]
    if slug == "riichi":  # the tile-entry page words its payment with the same presenter
        pages += [
            ("/en/riichi/hand/", {**COMPLETE_HAND, **random_query(form_class, rng)})
            for _ in range(30)
        ]
    for path, query in pages:
        page = client.get(path, query).content.decode()
        if 'id="reference"' not in page:
            continue  # an invalid state shows no result
        key, table = reference(page)
        tables.setdefault(key, set()).add(table)
    assert all(len(found) == 1 for found in tables.values())
    assert len(tables) < sum(1 for _ in pages) / 2  # keys are shared: the check above bites


@pytest.mark.parametrize("slug", KEYED)
def test_a_keyed_reference_table_reads_only_what_names_it(slug):
    """Drawn from the names its presenter lists and nothing else (an undefined name fails
    the suite), the table is the page's: so the key made of them covers all it shows."""
    family = FAMILIES[slug]
    rng = random.Random(f"reads-{slug}")
    drawn = 0
    while drawn < 20:
        form = family.form(QueryDict(urlencode(random_query(family.form, rng))))
        if not form.is_valid():
            continue
        presenter = family.presenter(form.inputs, family.engine.score(*form.inputs))
        view = presenter.present()
        alone = {name: view.extras[name] for name in view.reference_reads}
        table = render_to_string(f"{slug}/reference.html", alone)
        full = render_to_string(f"{slug}/reference.html", {**view.extras, "view": view})
        assert table == full
        drawn += 1
