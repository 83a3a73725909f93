"""No query string makes the hand pages or APIs fail; a 200 always adds up.

Hostile values from tests/test_fuzz.py plus tile-shaped ones (near-hands, melds, red fives,
honour characters), on every parameter of both hand forms. FUZZ_EXAMPLES deepens the search.
"""

from __future__ import annotations

import json
from decimal import Decimal
from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator.hand_views import hand_families
from tests.test_fuzz import FUZZ, check_adds_up, hostile_text

# every family with tile entry, as the registry lists them
FORMS = {family.slug: family.hand.form for family in hand_families()}

tile_text = st.one_of(
    st.sampled_from(
        [
            "234567m123p88p678s",
            "19m19p19s12345677z",
            "123m456p235789s11z",
            "340678m406p23488s",
            "東南西北白發中",
            "发东",
            "0z",
            "8z",
            "m",
            "123",
            "5p",
            "0p",
            "chi:123m",
            "pon:555z,kan:1111p",
            "ankan:9999s,",
            "pon:556p",
            "chi:789p,chi:891p",
            "pon:",
            ":::,,,",
            "１２３ｍ",
            "1" * 200 + "m",
            "1234f",
            "梅蘭菊竹春",
            "1f1f",
            "9g",
        ]
    ),
    st.text(alphabet="0123456789mpsz東南西北白發中:, chiponakn", max_size=40),
    hostile_text,
)


@st.composite
def queries(draw, slug: str) -> list[tuple[str, str]]:
    names = [*FORMS[slug].base_fields, "lang", "unknown"]
    pairs = draw(st.lists(st.tuples(st.sampled_from(names), tile_text), max_size=8))
    # Often start from a real hand, so the analysers and payments run, not only the parsers.
    if draw(st.booleans()):
        pairs = [("hand", "234567m123p88p678s"), ("win_tile", "8s"), *pairs]
    return pairs


@pytest.mark.parametrize("slug", FORMS)
def test_any_query_string_is_answered_without_a_server_error(client, slug):
    @FUZZ
    @given(pairs=queries(slug))
    def run(pairs):
        query = urlencode(pairs)
        assert client.get(f"/{slug}/hand/?{query}").status_code == 200
        fragment = client.get(f"/en/{slug}/hand/?{query}", headers={"HX-Request": "true"})
        assert fragment.status_code == 200
        api = client.get(f"/api/v1/{slug}/hand?{query}")
        assert api.status_code in (200, 400)
        data = json.loads(api.content, parse_float=Decimal)
        if api.status_code == 400:
            assert data["errors"] and all(data["errors"].values())
        else:
            check_adds_up(data)
            assert data["url"].startswith(f"/{slug}/hand/")
            assert data["payment_url"].startswith(f"/{slug}/")

    run()


@pytest.mark.parametrize("slug", FORMS)
@FUZZ
@given(data=st.data())
def test_random_fourteen_tiles_never_fail(client, slug, data):
    """Any 14 tiles of a set, any winning tile among them, any win: a result or field errors."""
    kinds = data.draw(
        st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(
            lambda ks: all(ks.count(k) <= 4 for k in ks)
        )
    )
    text = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)
    win = f"{kinds[0] % 9 + 1}{'mpsz'[kinds[0] // 9]}"
    self_draw = data.draw(st.booleans())
    params = {"hand": text, "win_tile": win, "win": "self_draw" if self_draw else "discard"}
    response = client.get(f"/api/v1/{slug}/hand", params)
    assert response.status_code in (200, 400)
    payload = json.loads(response.content, parse_float=Decimal)
    if response.status_code == 400:
        assert set(payload["errors"]) <= {"hand"}
    else:
        check_adds_up(payload)
