"""The hand pages through Django's test client: page, htmx fragment, errors beside fields."""

from __future__ import annotations

import re

import pytest

HX = {"HX-Request": "true"}
PINFU_TSUMO = {
    "hand": "234567m123p88p678s",
    "win_tile": "8s",
    "win": "self_draw",
    "seat": "s",
    "riichi": "1",
    "dora": "1p",
}
PINFU_TSUMO_URL = (
    "/en/riichi/hand/?hand=234567m12388p678s&win_tile=8s&win=self_draw&seat=s&riichi=1&dora=1p"
)
ORPHANS = {"hand": "19m19p19s12345677z", "win_tile": "7z"}


def number(html: str, hook: str) -> str:
    match = re.search(rf'data-result="{hook}">([^<]*)<', html)
    assert match, f"no {hook} in page"
    return match.group(1).replace(",", "")


def field_error(html: str, field: str) -> str:
    match = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]*)</p>', html)
    assert match, f"no error paragraph for {field}"
    return match.group(1).strip()


def page(client, path: str, params=None) -> str:
    response = client.get(path, params or {})
    assert response.status_code == 200
    return response.content.decode()


# --- the pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["", "/en", "/zh-hans"])
@pytest.mark.parametrize("slug", ["riichi", "mcr"])
def test_every_language_serves_the_hand_pages(client, prefix, slug):
    html = page(client, f"{prefix}/{slug}/hand/")
    assert '<form id="calc"' in html and 'id="result"' in html
    html = page(client, f"{prefix}/{slug}/hand/", ORPHANS if slug == "mcr" else PINFU_TSUMO)
    assert number(html, "winner_receives") == ("112" if slug == "mcr" else "5200")


@pytest.mark.parametrize("slug", ["nmjl", "classical", "nope"])
def test_other_families_have_no_hand_page(client, slug):
    assert client.get(f"/{slug}/hand/").status_code == 404
    assert client.get(f"/en/{slug}/hand/").status_code == 404


def test_a_blank_page_invites_input_without_errors(client):
    html = page(client, "/en/riichi/hand/")
    assert "Tap the tiles above, or type them" in html
    assert field_error(html, "hand") == "" and field_error(html, "win_tile") == ""
    assert 'data-state="invalid"' not in html
    assert 'aria-invalid="true"' not in html


def test_the_keyboard_has_every_tile(client):
    html = page(client, "/en/riichi/hand/")
    tiles = re.findall(r'data-tile="([0-9][mpsz])"', html)
    assert len(tiles) == 34 + 3  # and the three red fives
    assert {"0m", "0p", "0s"} <= set(tiles)
    assert re.findall(r'data-target="([a-z_]+)"', html) == [
        "hand",
        "win_tile",
        "melds",
        "dora",
        "ura",
    ]
    html = page(client, "/en/mcr/hand/")
    tiles = re.findall(r'data-tile="([0-9][mpsz])"', html)
    assert len(tiles) == 34 and "0p" not in tiles
    assert "data-flower" in html
    assert re.findall(r'data-target="([a-z_]+)"', html) == ["hand", "win_tile", "melds"]


def test_the_keyboard_script_loads_only_on_hand_pages(client):
    assert '<script src="/static/js/tiles.js" defer></script>' in page(client, "/riichi/hand/")
    assert "tiles.js" in page(client, "/mcr/hand/")
    assert "tiles.js" not in page(client, "/riichi/")
    html = page(client, "/riichi/hand/", PINFU_TSUMO)
    assert all('src="/static/' in attrs for attrs in re.findall(r"<script([^>]*)>", html))
    assert "style=" not in html


def test_riichi_page_shows_yaku_fu_and_payment(client):
    html = page(client, "/en/riichi/hand/", PINFU_TSUMO)
    rows = re.findall(r'data-yaku="([a-z_]+)" data-han="(\d+)"', html)
    assert rows == [("tsumo", "1"), ("riichi", "1"), ("pinfu", "1"), ("dora", "1")]
    assert "Riichi (立直)" in html and "Pinfu (平和)" in html
    assert re.search(r'data-hand="total">4 han 20 fu<', html)
    assert "Base fu (副底): 20" in html
    payments = re.findall(r'data-payment data-role="([a-z_]+)" data-amount="(\d+)"', html)
    assert payments == [("dealer", "2600"), ("non_dealer", "1300"), ("non_dealer", "1300")]
    assert number(html, "fu") == "20"
    assert number(html, "base") == "1280"
    # The payment reads as on the payment page, with a link there.
    assert 'href="/en/riichi/?han=4&amp;fu=20&amp;win=self_draw"' in html
    assert "Open these numbers on the payment page" in html


def test_riichi_fu_breakdown_uses_the_payment_pages_words(client):
    params = {"hand": "123456m345s55s", "win_tile": "3s", "seat": "s", "win": "self_draw"}
    params |= {"riichi": 1, "rinshan": 1, "melds": "ankan:9999p"}
    html = page(client, "/en/riichi/hand/", params)
    lines = re.search(r'<details class="fu-breakdown" open>.*?<ol>(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r"<li>([^<]*)</li>", lines)
    assert items == [
        "Base fu (副底): 20",
        "Tsumo (自摸): +2",
        "Meld 1, a concealed kan of terminals or honours (暗槓么九): +32",
        "54 fu rounds up to 60 fu",
    ]


def test_the_hand_is_drawn_with_its_melds_and_winning_tile(client):
    html = page(
        client,
        "/en/riichi/hand/",
        {**PINFU_TSUMO, "hand": "234m567p33678s", "melds": "pon:555z", "riichi": 0},
    )
    assert html.count('class="tile tile-s tile-win"') == 1
    assert '<span class="meld meld-pon">' in html
    assert html.count('aria-label="白 5z"') == 3 + 1  # the meld, and the keyboard key


def test_mcr_page_shows_every_fan_and_the_payment(client):
    html = page(client, "/en/mcr/hand/", {**ORPHANS, "win": "self_draw", "flowers": 3})
    fans = re.findall(r'data-fan="([^"]+)" data-points="(\d+)" data-count="(\d+)"', html)
    assert fans == [("Thirteen Orphans", "88", "1"), ("Self-Drawn", "1", "1")]
    assert "十三么" in html
    assert re.search(r'data-hand="points">89<', html)
    assert re.search(r'data-hand="flowers">3<', html)
    assert number(html, "winner_receives") == "300"
    assert 'href="/en/mcr/?points=89&amp;flowers=3&amp;win=self_draw"' in html


def test_mcr_fan_names_follow_the_script(client):
    assert "十三幺" in page(client, "/zh-hans/mcr/hand/", ORPHANS)
    assert "十三么" in page(client, "/mcr/hand/", ORPHANS)


def test_mcr_under_8_points_has_the_note(client):
    params = {"hand": "567m22p", "win_tile": "5m", "melds": "chi:234m,chi:456p,pon:888s"}
    html = page(client, "/en/mcr/hand/", params)
    assert 'data-note="below_min_points"' in html
    assert number(html, "winner_receives") == "27"


# --- errors beside the field (200) --------------------------------------------------------------

COMPLETE = {"hand": "234567m123p88p678s", "win_tile": "8s", "riichi": "1"}
PAGE_ERRORS = [
    ("riichi", {"hand": "12x3m456p789s11z"}, "hand", "Character 3, “x”"),
    ("riichi", {"win_tile": "8s9s"}, "win_tile", "second one starts at character 3"),
    (
        "riichi",
        {"hand": "234567m88p678s", "melds": "pan:123p"},
        "melds",
        "chi:, pon:, kan: or ankan:",
    ),
    ("riichi", {"dora": "1q"}, "dora", "Character 2, “q”"),
    ("riichi", {"ura": "8"}, "ura", "no suit letter"),
    ("riichi", {"hand": "234567m123p88p67s"}, "hand", "Enter 14 tiles"),
    ("riichi", {"melds": "pon:555z"}, "hand", "With 1 called meld, enter 11 tiles"),
    ("riichi", {"hand": "22222m7m123p88p678s"}, "hand", "5 of 2m"),
    ("riichi", {"dora": "8p8p8p"}, "dora", "5 of 8p"),
    ("riichi", {"win_tile": "9s"}, "win_tile", "9s is not in the hand"),
    (
        "riichi",
        {"hand": "123m456p235789s11z", "win_tile": "5s"},
        "hand",
        "waits on 1s and 4s, not 5s",
    ),
    ("riichi", {"hand": "123m456p789s12345z", "win_tile": "5z"}, "hand", "2 tiles away from ready"),
    (
        "riichi",
        {"hand": "123m456p234789s11z", "win_tile": "3s", "riichi": "0", "seat": "s"},
        "hand",
        "No yaku",
    ),
    ("riichi", {"ippatsu": "1", "riichi": "0"}, "ippatsu", "needs riichi"),
    ("riichi", {"hand": ""}, "hand", "Enter the tiles"),
    ("riichi", {"honba": "-1"}, "honba", "from 0 to 99"),
    ("mcr", {"hand": "19m19p19s1234567z0p"}, "hand", "red five"),
    ("mcr", {"hand": "19m19p19s1234567z"}, "hand", "this has 13"),
    ("mcr", {"hand": "123m456p235789s11z", "win_tile": "5s"}, "hand", "waits on 1s and 4s"),
    ("mcr", {"about_kong": "1", "win": "self_draw"}, "about_kong", "needs a kong"),
]


@pytest.mark.parametrize(("slug", "changes", "field", "text"), PAGE_ERRORS)
def test_errors_show_beside_the_field(client, slug, changes, field, text):
    base = ORPHANS if slug == "mcr" else COMPLETE
    html = page(client, f"/en/{slug}/hand/", {**base, **changes})
    assert text in field_error(html, field)
    assert 'data-result="winner_receives"' not in html
    assert 'data-state="invalid"' in html


def test_not_complete_draws_the_waits(client):
    html = page(client, "/en/riichi/hand/", {"hand": "123m456p235789s11z", "win_tile": "5s"})
    assert 'data-shanten="0"' in html and 'data-waits="1s,4s"' in html
    html = page(client, "/en/riichi/hand/", {"hand": "123m456p789s12345z", "win_tile": "5z"})
    assert 'data-shanten="2"' in html and "data-waits" not in html


def test_a_bad_hand_keeps_what_was_typed(client):
    html = page(client, "/riichi/hand/", {"hand": "12x3m", "win_tile": "8s"})
    assert 'name="hand" value="12x3m"' in html
    html = page(client, "/riichi/hand/", PINFU_TSUMO)
    assert 'name="hand" value="234567m12388p678s"' in html  # normalised once it reads


def test_the_language_of_the_errors_follows_the_page(client):
    en = page(client, "/en/riichi/hand/", {"hand": "12x3m", "win_tile": "8s"})
    yue = page(client, "/riichi/hand/", {"hand": "12x3m", "win_tile": "8s"})
    assert "is not part of a tile" in field_error(en, "hand")
    assert field_error(yue, "hand")


# --- htmx --------------------------------------------------------------------------------------


def test_htmx_gets_the_fragment_with_the_canonical_url(client):
    response = client.get("/en/riichi/hand/", PINFU_TSUMO, headers=HX)
    html = response.content.decode()
    assert "<form" not in html and "<html" not in html
    assert html.startswith('<section id="analysis"')
    assert re.search(r'<section id="analysis"[^>]*hx-swap-oob="true"', html)
    assert '<section id="result"' in html
    assert number(html, "winner_receives") == "5200"
    assert response["HX-Replace-Url"] == PINFU_TSUMO_URL
    assert "HX-Request" in response["Vary"]


def test_htmx_errors_swap_only_the_fields_with_errors_out_of_band(client):
    html = client.get(
        "/en/riichi/hand/", {**COMPLETE, "win_tile": "9s"}, headers=HX
    ).content.decode()
    assert re.search(r'id="err-win_tile"[^>]*hx-swap-oob="true">The winning tile 9s', html)
    for field in ("hand", "melds", "dora", "ura", "riichi", "honba", "kazoe"):
        assert f'id="err-{field}"' not in html, field  # app.js empties the old ones


def test_history_restore_gets_the_whole_page(client):
    headers = {**HX, "HX-History-Restore-Request": "true"}
    html = client.get("/en/riichi/hand/", PINFU_TSUMO, headers=headers).content.decode()
    assert "<html" in html and "<form" in html
    assert "HX-Request" in client.get("/en/riichi/hand/")["Vary"]


def test_the_page_and_the_fragment_are_cached_apart(client):
    first = client.get("/en/mcr/hand/", ORPHANS).content.decode()
    fragment = client.get("/en/mcr/hand/", ORPHANS, headers=HX).content.decode()
    assert "<html" in first and "<html" not in fragment
    assert "<html" in client.get("/en/mcr/hand/", ORPHANS).content.decode()
    # A payment page with the same query is a different page.
    assert 'id="analysis"' not in client.get("/en/mcr/", ORPHANS).content.decode()


# --- links -------------------------------------------------------------------------------------


def test_language_links_and_share_link_keep_the_hand(client):
    html = page(client, "/en/riichi/hand/", PINFU_TSUMO)
    query = PINFU_TSUMO_URL.split("?", 1)[1].replace("&", "&amp;")
    assert f'href="/riichi/hand/?{query}"' in html
    assert f'href="/zh-hans/riichi/hand/?{query}"' in html
    assert (
        f'<link rel="canonical" href="http://testserver{PINFU_TSUMO_URL.replace("&", "&amp;")}">'
        in html
    )


def test_melds_keep_their_colons_in_links(client):
    params = {"hand": "234m567p33678s", "win_tile": "8s", "melds": "pon:555z", "seat": "s"}
    response = client.get("/en/riichi/hand/", params, headers=HX)
    assert (
        response["HX-Replace-Url"]
        == "/en/riichi/hand/?hand=234m567p33678s&win_tile=8s&melds=pon:555z&seat=s"
    )


@pytest.mark.parametrize("slug", ["riichi", "mcr"])
def test_payment_pages_link_to_the_hand_pages(client, slug):
    html = page(client, f"/en/{slug}/")
    assert f'<a href="/en/{slug}/hand/">Enter the tiles instead</a>' in html
    html = page(client, f"/en/{slug}/hand/")
    assert f'href="/en/{slug}/"' in html


def test_post_is_not_allowed(client):
    assert client.post("/riichi/hand/").status_code == 405


@pytest.mark.parametrize(
    ("url", "cell"),
    [
        (
            "/en/riichi/hand/?hand=234567m123p88p678s&win_tile=8s&win=self_draw&riichi=1&dora=1p",
            "4-20",
        ),
        ("/en/mcr/hand/?hand=123456789m11123s&win_tile=3s&flowers=2", None),
    ],
)
def test_hand_pages_show_the_payment_pages_reference_table(client, url, cell):
    """Regression: the hand pages once rendered the point table's frame with no cells."""
    html = client.get(url).content.decode()
    table = re.search(
        r'<div class="ref-wrap" data-current="([^"]*)">(.*?)</div>\s*<section class="share"',
        html,
        re.S,
    )
    assert table
    assert len(re.findall(r'<td class="num', table.group(2))) >= 20
    if cell:
        assert table.group(1) == cell
        assert f'data-cell="{cell}">2,600</td>' in table.group(2)


# --- the keyboard, the seat and tile names ----------------------------------------------------


@pytest.mark.parametrize(
    "params, words",
    [
        ({"hand": "123m456p789s55555z"}, "5 of White dragon (白)"),
        ({"hand": "123m456p789s11z22z", "win_tile": "7z"}, "winning tile Red dragon (中) is not"),
    ],
)
def test_messages_name_honours_not_their_notation(client, params, words):
    html = page(client, "/en/riichi/hand/", params)
    assert words in html
    hant = page(client, "/riichi/hand/", params)
    assert not re.search(r"[1-7]z[^a-z]", field_error(hant, "hand") + field_error(hant, "win_tile"))


def test_waits_on_honours_are_named(client):
    html = page(client, "/en/riichi/hand/", {"hand": "123m456p789s11556z", "win_tile": "6z"})
    assert "waits on East wind (東) and White dragon (白), not Green dragon (發)" in html


@pytest.mark.parametrize(
    "path, params, words",
    [
        ("/en/riichi/hand/", {**PINFU_TSUMO, "seat": "e"}, "East (the dealer) wins"),
        ("/en/riichi/hand/", PINFU_TSUMO, "South wins"),
        ("/en/mcr/hand/", {**ORPHANS, "seat": "w"}, "West wins"),
        ("/en/mcr/hand/", ORPHANS, "East wins"),  # MCR pays the dealer the same
    ],
)
def test_the_result_says_whose_seat_it_is(client, path, params, words):
    html = page(client, path, params)
    match = re.search(r"data-hand-headline><strong>([^<]*)</strong> · ([^<]*)<", html)
    assert match and match.group(1) == words
    assert "receives" in match.group(2) and words not in match.group(2)  # said once
    # The tab's title and the copied text lead with it too.
    title = re.search(r"<title>([^<]*)</title>", html).group(1)
    assert title.startswith(f"{words} · ")
    assert re.search(rf'data-copy="{re.escape(words)} · [^"]*receives', html)


def test_seat_and_round_come_before_the_keys_and_still_post_without_js(client):
    html = page(client, "/en/riichi/hand/")
    assert html.index('name="seat"') < html.index("data-keyboard") < html.index('id="id_hand"')
    assert html.index('name="round"') < html.index("data-keyboard")
    assert html.index('name="seat"') > html.index('<form id="calc"')


def test_an_ankan_is_drawn_face_down_at_both_ends(client):
    params = {"hand": "234m567p88s234s", "win_tile": "8s", "melds": "ankan:1111z", "riichi": "1"}
    html = page(client, "/en/riichi/hand/", params)
    analysis = html[html.index('id="analysis"') :]
    meld = analysis.split('<span class="meld meld-ankan">')[1].split("</div>")[0]
    assert meld.count('class="tile tile-back"') == 2
    assert meld.count("tile-face") == 2


def test_flower_keys_count_both_ways_and_a_flower_row_can_be_switched_on(client):
    mcr = page(client, "/en/mcr/hand/")
    assert 'data-flower="-1"' in mcr and 'data-flower="1"' in mcr
    assert "data-flower-key" not in mcr
    riichi = page(client, "/en/riichi/hand/")
    assert "data-flower" not in riichi


def test_the_flower_and_season_row():
    from django.template.loader import render_to_string

    from calculator.forms.tile_faces import flower_faces

    html = render_to_string(
        "calculator/_tile_keyboard.html",
        {
            "flower_keys": True,
            "flower_faces": flower_faces(),
            "keyboard_rows": [],
            "keyboard_targets": [("hand", "Hand")],
            "meld_kinds": [],
            "form": {"fields": {"flowers": None}},
        },
    )
    assert re.findall(r'data-tile="([1-4][fg])" data-flower-key', html) == [
        "1f",
        "2f",
        "3f",
        "4f",
        "1g",
        "2g",
        "3g",
        "4g",
    ]
    assert [f["face"] for f in flower_faces()] == list("梅蘭菊竹春夏秋冬")
    assert 'data-target="flowers"' in html
    assert 'data-flower="1"' not in html  # the count keys are for a count field only
