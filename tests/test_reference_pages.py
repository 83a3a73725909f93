"""Glossary, FAQ and sources: every page, every language, every number they claim.

Each number the reference pages print is a link to a calculator state, carrying what it
claims in `data-claims*` attributes. The tests follow every such link with the test client
and compare the claim with what the calculator page shows. Share links and link previews
of the calculator pages are tested here too.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from django.http import QueryDict
from django.utils import translation

from calculator.families import FAMILIES, get_family
from calculator.presenters.base import Presentation
from calculator.presenting import money
from calculator.scoring.outcome import Outcome

PAGES = ["glossary", "faq", "sources"]
PREFIXES = ["", "/zh-hans", "/en"]
SLUGS = "|".join(FAMILIES)
CALCULATOR_PATH = re.compile(rf"^(?:/(?:en|zh-hans))?/(?:{SLUGS})/")


class Links(HTMLParser):
    """Collects every <a> with its attributes, and the tags that load anything."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.loads: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "a" and "href" in values:
            self.links.append(values)
        if tag in {"script", "img", "iframe", "source", "video", "audio"} and values.get("src"):
            self.loads.append((tag, values["src"]))
        if tag == "link" and values.get("rel") in {"stylesheet", "icon", "apple-touch-icon"}:
            self.loads.append((tag, values["href"]))


def parse(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


def page_html(client, prefix: str, page: str) -> str:
    response = client.get(f"{prefix}/{page}/")
    assert response.status_code == 200
    return response.content.decode()


def shown(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} on the page"
    return match.group(1).replace(",", "").strip()


def claim_links(html: str) -> list[dict[str, str]]:
    return [link for link in parse(html).links if "data-claims" in link]


# --- the pages exist, in every language --------------------------------------------------


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_answers_in_every_language(client, prefix, page):
    html = page_html(client, prefix, page)
    assert "INVALID_TEMPLATE_VARIABLE" not in html
    lang = {"": "zh-Hant-HK", "/zh-hans": "zh-Hans", "/en": "en"}[prefix]
    assert f'<html lang="{lang}">' in html
    assert "<h1>" in html


@pytest.mark.parametrize("page", PAGES)
def test_language_links_lead_to_the_same_page(client, page):
    html = page_html(client, "/en", page)
    for path in (f"/{page}/", f"/zh-hans/{page}/", f"/en/{page}/"):
        assert f'href="{path}"' in html
    assert re.search(rf'href="/en/{page}/"[^>]*aria-current="true"', html)


@pytest.mark.parametrize("page", PAGES)
def test_link_preview_carries_the_canonical_url(client, page):
    html = page_html(client, "/en", page)
    assert f'<link rel="canonical" href="http://testserver/en/{page}/">' in html
    assert f'<meta property="og:url" content="http://testserver/en/{page}/">' in html
    title = re.search(r"<title>([^<]+)</title>", html).group(1)
    assert f'<meta property="og:title" content="{title}">' in html


def test_footer_links_every_page_to_the_reference_pages(client):
    html = client.get("/en/hk/").content.decode()
    for page in PAGES:
        assert f'href="/en/{page}/"' in html
    assert 'href="/glossary/"' in client.get("/mcr/").content.decode()
    faq = page_html(client, "", "faq")
    assert re.search(r'href="/faq/" aria-current="page"', faq)


def test_post_is_refused(client):
    assert client.post("/glossary/").status_code == 405


# --- every number is a link that proves it -----------------------------------------------


def all_claims(client) -> list[tuple[str, dict[str, str]]]:
    found = []
    for prefix in PREFIXES:
        for page in PAGES:
            for link in claim_links(page_html(client, prefix, page)):
                found.append((f"{prefix}/{page}/", link))
    return found


def test_every_claimed_number_is_what_the_calculator_shows(client):
    checked: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
    claims = all_claims(client)
    assert len(claims) > 100
    for source, link in claims:
        href = link["href"]
        key = (href, tuple(sorted((k, v) for k, v in link.items() if k.startswith("data-"))))
        if key in checked:
            continue
        assert CALCULATOR_PATH.match(href), f"{source}: {href} is not a calculator page"
        response = client.get(href)
        assert response.status_code == 200, href
        html = response.content.decode()
        where = f"{source} → {href}"
        # The link is the state's canonical URL, so the page it opens shares it unchanged.
        canonical = re.search(r'<link rel="canonical" href="([^"]+)">', html).group(1)
        assert unescape(canonical) == f"http://testserver{href}", where
        assert shown(html, "winner_receives") == link["data-claims"], where
        if "data-claims-payments" in link:
            amounts = re.findall(r'data-payment data-role="[a-z_]+" data-amount="([-0-9.]+)"', html)
            assert "/".join(amounts) == link["data-claims-payments"], where
        if "data-claims-base" in link:
            assert shown(html, "base") == link["data-claims-base"], where
        if "data-claims-fu" in link:
            assert shown(html, "fu") == link["data-claims-fu"], where
        for note in link.get("data-claims-notes", "").split():
            assert f'data-note="{note}"' in html, where
        if "data-claims-net" in link:
            seat, net = link["data-claims-net"].split(":")
            assert re.search(rf'data-player data-seat="{seat}" data-net="{net}"', html), where
        if "data-claims-hand-fan" in link:
            assert_hand_shown(html, link, where)
        checked[key] = href
    assert len(checked) > 60


def assert_hand_shown(html: str, link: dict[str, str], where: str) -> None:
    """A tile-entry link: the hand page lists the fans (or patterns) claimed and the total."""
    fan = link["data-claims-hand-fan"]
    keys = link["data-claims-hand-keys"].split()
    if "/hk/hand/" in link["href"]:
        assert f'data-fan-total="{fan}"' in html, where
        listed = re.findall(r'<tr data-fan="(\w+)"', html)
        assert list(dict.fromkeys(listed)) == keys, where
    else:
        assert re.search(rf'data-hand="fan">{fan}\D', html), where
        table = re.search(r"data-hand-patterns>(.*?)</table>", html, re.S).group(1)
        assert re.findall(r'<tr data-pattern="(\w+)"', table) == keys, where


def test_the_link_text_is_the_claimed_number(client):
    """What a reader sees in the link is what the link claims (separators aside)."""
    html = "".join(page_html(client, "/en", page) for page in PAGES)
    links = re.findall(r"<a ([^>]*data-claims=[^>]*)>([^<]*)</a>", html)
    assert links
    for attrs, text in links:
        values = dict(re.findall(r'(data-claims[a-z-]*)="([^"]*)"', attrs))
        text = text.replace(",", "").replace(" ", "")
        if "data-claims-hand-fan" in values:
            assert text == values["data-claims-hand-fan"]
        elif "data-claims-base" in values:
            assert text == values["data-claims-base"]
        elif "data-claims-fu" in values:
            assert text == values["data-claims-fu"]
        elif "data-claims-net" in values:
            assert text == values["data-claims-net"].split(":")[1]
        elif "/" in text:
            assert text == values["data-claims-payments"]
        elif text != values["data-claims"]:
            assert text == values["data-claims-payments"].split("/")[0]  # the liable payer


@pytest.mark.parametrize("page", ["glossary", "faq"])
def test_every_calculator_link_says_what_it_shows(client, page):
    for prefix in PREFIXES:
        html = page_html(client, prefix, page)
        main = html[html.index("<main") : html.index("</main>")]  # not the header's brand link
        for link in parse(main).links:
            if CALCULATOR_PATH.match(link["href"]):
                assert "data-claims" in link, link["href"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_links_stay_in_the_page_language(client, prefix):
    for page in PAGES:
        for link in claim_links(page_html(client, prefix, page)):
            assert link["href"].startswith(f"{prefix}/"), link["href"]
            if not prefix:
                assert not link["href"].startswith(("/en/", "/zh-hans/"))


# --- the glossary ------------------------------------------------------------------------

GLOSSARY_TERMS = [
    "fan-vs-han",
    "fu",
    "scale",
    "split",
    "cap",
    "minimum",
    "stakes",
    "ladder",
    "kiriage",
    "honba",
    "jokers",
    "mcr-8",
    "difan",
    "jj-tiles",
    "haohua",
    "baosanjia",
    "fu-classical",
]


def test_glossary_has_every_term_each_with_a_live_link(client):
    html = page_html(client, "/en", "glossary")
    for term in GLOSSARY_TERMS:
        entry = re.search(rf'<dt id="{term}">(.*?)</dd>', html, re.S)
        assert entry, term
        assert "data-claims=" in entry.group(1), f"{term} links to no calculator state"


def test_glossary_groups_terms_by_family(client):
    html = page_html(client, "/en", "glossary")
    sections = ["all", "hk", "hk-fans", "riichi", "mcr", "nmjl", "jiujiang", "classical", "same-3"]
    for section in sections:
        assert f'<section id="{section}"' in html
        assert f'href="#{section}"' in html


def test_half_spicy_entry_links_to_five_fan(client):
    html = page_html(client, "", "glossary")
    entry = re.search(r'<dt id="scale">(.*?)</dd>', html, re.S).group(1)
    assert '<a href="/hk/?fan=5" data-claims="24"' in entry


def test_same_three_table_has_a_live_row_for_every_family(client):
    html = page_html(client, "/en", "glossary")
    table = re.search(r'<table class="same-three">(.*?)</table>', html, re.S).group(1)
    rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S)
    assert len(rows) >= len(FAMILIES)
    hrefs = [re.search(r'href="([^"]+)" data-claims="', row).group(1) for row in rows]
    for slug in FAMILIES:
        assert any(href.startswith(f"/en/{slug}/") for href in hrefs), slug


def test_same_three_numbers_come_from_the_engine(client, api):
    """The table's amounts are what the API says for the same state."""
    html = page_html(client, "", "glossary")
    table = re.search(r'<table class="same-three">(.*?)</table>', html, re.S).group(1)
    for href, claimed in re.findall(r'href="([^"]+)" data-claims="([^"]+)"', table):
        slug, _, query = href.strip("/").partition("/?")
        payload = api(slug.strip("/"), query.replace("&amp;", "&"))
        assert str(payload["result"]["winner_receives"]) == claimed
        assert payload["url"] == href.replace("&amp;", "&")


def test_stakes_table_follows_the_hk_presets(client):
    from calculator.families.hk.forms import Form

    html = page_html(client, "/en", "glossary")
    table = re.search(r'<table class="stakes">(.*?)</table>', html, re.S).group(1)
    for unit, name in Form.stakes:
        assert f'<th scope="row">{name}</th>' in table
        assert re.search(
            rf'href="/en/hk/\?fan=0&amp;scale=full&amp;split=half(&amp;unit={re.escape(unit)})?"',
            table,
        )


# --- Hong Kong fans from the tiles --------------------------------------------------------


def fan_rows(html: str) -> dict[str, tuple[str, str]]:
    """Each row of the glossary's fan table: key → (its value attribute, the row's HTML)."""
    table = re.search(r'<table class="fan-table">(.*?)</table>', html, re.S).group(1)
    return {
        key: (value, row)
        for key, value, row in re.findall(
            r'<tr id="fan-\w+" data-fan-key="(\w+)" data-fan-value="(\w+)">(.*?)</tr>', table, re.S
        )
    }


@pytest.mark.parametrize("prefix", PREFIXES)
def test_glossary_lists_every_hk_fan_with_the_engines_value(client, prefix):
    from calculator.families.hk.hand_presenter import FAN_CONDITIONS, FAN_NAMES
    from calculator.scoring import hk, hk_hand

    html = page_html(client, prefix, "glossary")
    rows = fan_rows(html)
    assert list(rows) == [*hk_hand.FAN_VALUES, *hk_hand.LIMITS]
    language = {"": "zh-hant", "/zh-hans": "zh-hans", "/en": "en"}[prefix]
    with translation.override(language):
        names = {key: unescape(str(name)) for key, name in FAN_NAMES.items()}
        conditions = {key: unescape(str(text)) for key, text in FAN_CONDITIONS.items()}
    for key, value in hk_hand.FAN_VALUES.items():
        shown, row = rows[key]
        assert shown == str(value), key
        cell = re.search(r'<td class="num">([^<]*)</td>', row).group(1)
        assert cell == str(value), key
        assert names[key] in unescape(row), key
        assert conditions[key] in unescape(row), key
    cap = hk.Rules().cap
    for key in hk_hand.LIMITS:
        shown, row = rows[key]
        assert shown == "limit", key
        cell = re.search(r'<td class="num">([^<]*)</td>', row).group(1)
        assert re.search(rf"[(（]{cap}[)）]", cell), key  # Chinese pages use full-width brackets
        assert names[key] in unescape(row), key


def test_every_hk_fan_row_links_a_hand_that_shows_it(client):
    html = page_html(client, "/en", "glossary")
    for key, (_value, row) in fan_rows(html).items():
        link = re.search(r'<a href="/en/hk/hand/\?[^"]+"[^>]*data-claims-hand-keys="([^"]*)"', row)
        assert link, f"{key}: no example hand"
        if key != "chicken":
            assert key in link.group(1).split(), key
        else:
            assert link.group(1) == ""  # 雞糊: no fan at all


def test_the_fans_tables_disagree_about_name_their_table_rule(client):
    rows = fan_rows(page_html(client, "/en", "glossary"))
    for key, option in {
        "qingyise": "qingyise",
        "menqing": "menqing",
        "no_flowers": "flowers_in_play",
        "seven_pairs": "seven_pairs",
    }.items():
        assert f"<code>{option}</code>" in rows[key][1], key


def test_qingyise_at_six_is_one_fan_less(client):
    """rules.md § hk hand's best-grouping example, 10 番, and the same hand with qingyise=6."""
    html = page_html(client, "/en", "faq")
    section = re.search(r'id="qingyise-six-or-seven">(.*?)</section>', html, re.S).group(1)
    fans = re.findall(r'data-claims-hand-fan="(\d+)"', section)
    assert fans == ["10", "9"]
    assert 'data-claims="128"' in section and 'data-claims="96"' in section


def test_jiujiang_reading_worth_more_counts(client):
    """rules.md § jiujiang hand: 11223344556677m is the chow reading, 清一色 6 + 底番 1 = 7."""
    html = page_html(client, "/en", "glossary")
    entry = re.search(r'<dt id="jj-tiles">(.*?)</dd>', html, re.S).group(1)
    assert re.search(
        r'href="/en/jiujiang/hand/\?hand=11223344556677m[^"]*"[^>]*'
        r'data-claims-hand-fan="7" data-claims-hand-keys="qingyise">7</a>',
        entry,
    )
    haohua = re.search(r'<dt id="haohua">(.*?)</dd>', html, re.S).group(1)
    assert re.findall(r'data-claims-hand-fan="(\d+)"', haohua) == ["8", "16"]


def test_faq_answers_the_hk_tile_questions(client):
    html = page_html(client, "/en", "faq")
    for anchor in [
        "pinghu-only-one",
        "zimo-counts",
        "flowers-minimum",
        "seven-pairs",
        "qingyise-six-or-seven",
        "menqing-not-paid",
        "limit-pays",
    ]:
        section = re.search(rf'id="{anchor}">(.*?)</section>', html, re.S)
        assert section and "data-claims-hand-fan=" in section.group(1), anchor
    flowers = re.search(r'id="flowers-minimum">(.*?)</section>', html, re.S).group(1)
    assert "<code>flowers_count_to_min</code>" in flowers
    assert 'data-claims-notes="below_min_fan"' in flowers


# --- the FAQ -----------------------------------------------------------------------------


def test_faq_answers_at_least_twelve_questions_each_with_a_live_link(client):
    for prefix in PREFIXES:
        html = page_html(client, prefix, "faq")
        questions = re.findall(
            r'<section class="question" id="[a-z0-9-]+">(.*?)</section>', html, re.S
        )
        assert len(questions) >= 12
        for question in questions:
            assert "<h3>" in question
            assert "data-claims=" in question


def test_faq_answers_the_three_questions_of_the_issue(client):
    html = page_html(client, "/en", "faq")
    for anchor, claimed in [
        (
            "self-draw-5-or-discard-6",
            ['href="/en/hk/?fan=5&amp;win=self_draw&amp;split=half&amp;unit=4" data-claims="144"'],
        ),
        ("riichi-not-adding-up", ['data-claims="5500" data-claims-payments="4500/0/0"']),
        ("mcr-flowers", ['data-claims="32"', 'data-claims-notes="below_min_points"']),
    ]:
        section = re.search(rf'id="{anchor}">(.*?)</section>', html, re.S).group(1)
        for text in claimed:
            assert text in section, (anchor, text)


# --- sources -----------------------------------------------------------------------------

SOURCE_LINKS = [
    "https://en.wikipedia.org/wiki/Hong_Kong_mahjong_scoring_rules",
    "https://www.hkmahjong.org/rules",
    "https://mahjong-europe.org/portal/images/docs/Riichi-rules-2016-EN.pdf",
    "https://ja.wikipedia.org/wiki/麻雀の得点計算",
    "https://www.sloperama.com/mjfaq/mjfaq17.html",
    "https://www.sloperama.com/mjfaq/mjfaq19.html",
    "https://www.sloperama.com/mjfaq/mjfaq22.html",
    "https://en.wikipedia.org/wiki/Japanese_mahjong_scoring_rules",
    "https://en.wikipedia.org/wiki/American_mahjong",
    "https://mahjong.wikidot.com/rules:hong-kong-old-style",
    "https://en.wikipedia.org/wiki/Mahjong#Old_Hong_Kong_mahjong_rules",
]


def test_sources_cite_every_rule_source(client):
    html = page_html(client, "/en", "sources")
    hrefs = [link["href"] for link in parse(html).links]
    for source in SOURCE_LINKS:
        assert any(href.startswith(source) for href in hrefs), source
    assert "ISBN 7-5009-1630-2" in html
    assert "1998" in html


def test_sources_name_the_table_rule_for_every_disagreement(client):
    html = page_html(client, "/en", "sources")
    section = re.search(r'<section id="disagreements".*?</section>', html, re.S).group(0)
    choices = re.findall(r'<dt id="choice-[a-z-]+">.*?</dd>', section, re.S)
    params = {
        "scale",
        "cap",
        "split",
        "self_draw_pay",
        "min_fan",
        "round_up",
        "kazoe",
        "kiriage",
        "haohua_extra",
        "base_add",
        "pay",
        "limit",
        # the Hong Kong tile entry's options
        "qingyise",
        "menqing",
        "flowers_in_play",
        "flowers_count_to_min",
        "seven_pairs",
        "nine_gates",
    }
    named = set()
    for choice in choices:
        code = re.search(r"<code>([a-z_]+)</code>", choice)
        assert code, choice[:80]
        named.add(code.group(1))
        assert "data-claims=" in choice
    assert params <= named


@pytest.mark.parametrize("page", PAGES)
def test_nothing_is_loaded_from_another_site(client, page):
    for prefix in PREFIXES:
        parsed = parse(page_html(client, prefix, page))
        for tag, src in parsed.loads:
            assert src.startswith("/") and not src.startswith("//"), (tag, src)
        for link in parsed.links:
            if link["href"].startswith("http"):
                assert link["href"].startswith("https://"), link["href"]
                assert "noopener" in link.get("rel", ""), link["href"]


# --- fast and cacheable ------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_pages_are_cacheable_and_revalidate(client, page):
    response = client.get(f"/en/{page}/")
    etag = response["ETag"]
    assert etag.startswith('"') and len(etag) > 10
    cache_control = response["Cache-Control"]
    assert "public" in cache_control and "max-age=" in cache_control
    again = client.get(f"/en/{page}/", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert client.get(f"/en/{page}/", headers={"If-None-Match": '"stale"'}).status_code == 200


def test_each_language_has_its_own_etag(client):
    tags = {client.get(f"{prefix}/glossary/")["ETag"] for prefix in PREFIXES}
    assert len(tags) == 3


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_pages_never_touch_the_database(client, django_assert_num_queries, page):
    from django.core.cache import cache

    cache.clear()  # a first render too, not only a cached one
    with django_assert_num_queries(0):
        assert client.get(f"/{page}/").status_code == 200
        assert client.get(f"/en/{page}/").status_code == 200


# --- share links and link previews of calculator pages ------------------------------------

SHARE_STATES = [
    ("hk", "fan=5&split=half"),
    ("hk", "fan=13&win=self_draw&unit=4"),
    ("riichi", "han=4&dealer=1&honba=2"),
    ("riichi", ""),
    ("mcr", "points=24&flowers=2"),
    ("mcr", "win=self_draw"),
    ("nmjl", "jokerless=1"),
    ("jiujiang", "pattern=qidui&qianggang=1&pay=three"),
    ("classical", "s_fu=20&s_fan=3"),
]


def expected_view(slug: str, query: str, language: str) -> tuple[str, Presentation, Outcome]:
    """The canonical path, the presentation and the outcome, from the form, engine and
    presenter."""
    with translation.override(language):
        family = get_family(slug)
        form = family.form(QueryDict(query))
        assert form.is_valid()
        outcome = family.engine.score(*form.inputs)
        return form.canonical_url(), family.presenter(form.inputs, outcome).present(), outcome


def expected_share(slug: str, query: str, language: str) -> tuple[str, str, Outcome]:
    """The canonical path, the headline and the outcome."""
    path, view, outcome = expected_view(slug, query, language)
    return path, view.headline, outcome


def share_hrefs(html: str) -> dict[str, str]:
    """The five app links of the share block inside #result."""
    apps = re.search(r'<section id="result".*?<p class="share-apps">(.*?)</p>', html, re.S)
    assert apps, "no share links in #result"
    return {
        name: href.replace("&amp;", "&")
        for href, name in re.findall(r'<a [^>]*href="([^"]+)">([A-Za-z]+)</a>', apps.group(1))
    }


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize(("slug", "query"), SHARE_STATES)
def test_share_links_carry_the_canonical_url_and_the_headline(client, slug, query, language):
    path, view, outcome = expected_view(slug, query, language)
    headline = view.headline
    absolute = f"http://testserver{path}"
    prefix = "/en" if language == "en" else ""
    assert path.startswith(f"{prefix}/{slug}/")
    html = client.get(
        f"{prefix}/{slug}/?{query}&utm_source=x" if query else f"{prefix}/{slug}/"
    ).content.decode()

    assert money(outcome.winner_receives) in headline

    hrefs = share_hrefs(html)
    assert set(hrefs) == {"WhatsApp", "Telegram", "X", "Facebook", "Reddit"}
    encoded = quote(absolute, safe="")
    for name, href in hrefs.items():
        assert encoded in href, name
        assert href.startswith("https://"), name
    query_of = {name: parse_qs(urlsplit(href).query) for name, href in hrefs.items()}
    assert query_of["WhatsApp"]["text"] == [f"{headline} {absolute}"]
    assert query_of["Telegram"] == {"url": [absolute], "text": [headline]}
    assert query_of["X"] == {"url": [absolute], "text": [headline]}
    assert query_of["Facebook"] == {"u": [absolute]}
    assert query_of["Reddit"] == {"url": [absolute], "title": [headline]}
    assert quote(headline, safe="") in hrefs["Telegram"]

    # the copy buttons and the link preview say the same
    assert f'data-copy="{absolute}"'.replace("&", "&amp;") in html
    assert f'<meta property="og:url" content="{absolute}">'.replace("&", "&amp;") in html
    og_title = re.search(r'<meta property="og:title" content="([^"]*)">', html).group(1)
    assert unescape(og_title) == headline
    copy_result = re.search(r'<button [^>]*class="copy js-only" data-copy="([^"]*)">', html)
    # the copied result also says who pays
    assert unescape(copy_result.group(1)) == f"{headline} {view.sentence} {absolute}"
    assert f'<link rel="canonical" href="{absolute}">'.replace("&", "&amp;") in html


def test_headlines_say_the_result_in_words(client):
    seed_002 = "e_fu=6&s_fu=20&s_fan=1&w_fu=40&w_fan=1&n_fu=2"
    cases = [
        ("riichi", "", "3 han 30 fu", "3,900"),
        ("mcr", "points=24&flowers=2", "24 points + 2 flowers", "50"),
        # classical: every seat's net, not only the winner's takings
        ("classical", seed_002, "South wins", "East −220 · South +160 · West +186 · North −126"),
    ]
    for slug, query, hand, amount in cases:
        _path, headline, _outcome = expected_share(slug, query, "en")
        assert headline.startswith(hand) and headline.endswith(amount), headline
        html = client.get(f"/en/{slug}/?{query}").content.decode()
        og_title = re.search(r'<meta property="og:title" content="([^"]*)">', html).group(1)
        assert unescape(og_title) == headline


@pytest.mark.parametrize(
    ("query", "amount", "stake"),
    [("fan=5&split=half", "24", None), ("fan=5&win=self_draw&split=half&unit=4", "144", "一二蚊")],
)
def test_hk_headlines_carry_the_table_rules(client, query, amount, stake):
    """A shared link says its rules: the title, og:title and share text name the stake,
    the points table, the split and the cap."""
    _path, view, _outcome = expected_view("hk", query, "en")
    assert view.headline.startswith("5 fan") and f"receives {amount} " in view.headline
    assert view.headline.endswith(f"({view.rules_line})")
    parts = view.rules_line.split(" · ")
    assert len(parts) == (4 if stake else 3) and parts[-1] == "10-fan cap"
    if stake:  # on English pages the stake's name carries a gloss: 一二蚊 ($1/$2)
        assert parts[0].startswith(stake)
    html = client.get(f"/en/hk/?{query}").content.decode()
    title = re.search(r"<title>([^<]*)</title>", html).group(1)
    assert unescape(title).startswith(view.headline)
    line = re.search(r'<p class="rules-line"><a href="#rules" data-rules>([^<]*)</a>', html)
    assert line and unescape(line.group(1)).endswith(view.rules_line)
