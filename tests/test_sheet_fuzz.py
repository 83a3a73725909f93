"""No request to a sheet endpoint, however hostile, makes a 5xx; whatever is recorded
adds up. FUZZ_EXAMPLES sets the depth, as in test_fuzz.py."""

from __future__ import annotations

import json
from decimal import Decimal
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.families import FAMILIES
from calculator.models import Sheet
from tests.test_fuzz import EXAMPLES, hostile_text

pytestmark = [pytest.mark.database, pytest.mark.django_db]

SLUGS = [slug for slug, family in FAMILIES.items() if family.form]
SHEET_PARAMS = [
    "winner",
    "discarder",
    "key",
    "revision",
    "riichi",
    "tenpai",
    "liable_player",
    "family",
    "name1",
    "name2",
    "name3",
    "name4",
    "start",
    "return",
    "uma",
    "noten",
    "rate",
    "fu1",
    "fan4",
    "lang",
]
PLAYER_TEXT = st.sampled_from(["1", "2", "3", "4", "5", "0", "none", "", "1,2", "2,2", "x"])

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def names(slug: str) -> list[str]:
    return [*FAMILIES[slug].form.base_fields, *SHEET_PARAMS]


def pairs(slug: str):
    values = st.one_of(hostile_text, PLAYER_TEXT)
    return st.lists(st.tuples(st.sampled_from(names(slug)), values), max_size=8)


def start(client: Client, slug: str) -> tuple[str, str]:
    response = client.post(
        "/api/v1/sheets", {"family": slug, "name1": "a", "name2": "b", "name3": "c", "name4": "d"}
    )
    data = json.loads(response.content)
    return data["edit_url"].split("/")[2], data["view_url"].split("/")[3]


def post(client: Client, path: str, body: list[tuple[str, str]]):
    """A form-encoded body, as the contract says clients send (repeats and all)."""
    return client.post(path, urlencode(body), content_type="application/x-www-form-urlencoded")


def check(response, allowed: tuple[int, ...]) -> dict:
    assert response.status_code in allowed, (response.status_code, response.content[:300])
    if response["Content-Type"].startswith("application/json"):
        data = json.loads(response.content, parse_float=Decimal)
        if response.status_code >= 400:
            assert data["errors"] and all(data["errors"].values())
        return data
    return {}


def zero_sum(sheet: dict) -> None:
    for hand in sheet["hands"]:
        taken = (hand["result"] or {}).get("from_table", 0)
        declared = 1000 * len(hand.get("riichi", []))
        # Riichi: what the winner took from the pot, less what was put in this hand.
        assert sum(hand["deltas"]) == (taken - declared if not hand["deleted"] else 0)


@pytest.mark.parametrize("slug", SLUGS)
def test_any_hand_request_is_answered_and_adds_up(client, slug):
    edit, view = start(client, slug)

    @FUZZ
    @given(body=pairs(slug), n=st.sampled_from(["1", "2", "999"]))
    def run(body, n):
        check(post(client, f"/api/v1/sheets/{edit}/hands", body), (200, 201, 400))
        check(post(client, f"/api/v1/sheets/{edit}/hands/{n}", body), (200, 400, 404, 409))
        for action in ("delete", "restore"):
            check(
                post(client, f"/api/v1/sheets/{edit}/hands/{n}/{action}", body),
                (200, 400, 404, 409),
            )
        check(post(client, f"/api/v1/sheets/{view}/hands", body), (403,))
        sheet = check(client.get(f"/api/v1/sheets/{view}"), (200,))["sheet"]
        zero_sum(sheet)
        exported = client.get(f"/api/v1/sheets/{edit}/csv")
        assert exported.status_code == 200
        assert exported.getvalue().decode().splitlines()[-1].startswith("total,")  # streamed whole

    run()


@FUZZ
@given(
    body=st.lists(
        st.tuples(st.sampled_from(names("riichi") + names("hk")), hostile_text), max_size=10
    )
)
def test_any_create_request_is_answered(client, settings, body):
    settings.SHEETS_CREATED_PER_MINUTE = 1_000_000  # the limit has its own test
    before = Sheet.objects.count()
    response = post(client, "/api/v1/sheets", body)
    check(response, (201, 400))
    assert Sheet.objects.count() == before + (response.status_code == 201)


PAGE_FIELDS = ["action", "n", "edit", *SHEET_PARAMS]
ACTIONS = st.sampled_from(["add", "preview", "replace", "delete", "restore", "undo", "", "x"])
NUMBERS = st.sampled_from(["1", "2", "0", "999", "²", "1" * 5000, "-1", "", "x"])


@pytest.mark.parametrize("slug", ["hk", "riichi", "classical"])
def test_any_page_request_is_answered_without_a_server_error(client, slug):
    """The sheet pages: every action posted with any values, odd hand numbers and
    revisions, the edit link's `?edit=`, and keys outside the keys' alphabet."""
    edit, view = start(client, slug)
    client.post(f"/api/v1/sheets/{edit}/hands", {"winner": "1", "win": "self_draw", "fan1": "20"})

    @FUZZ
    @given(
        body=st.lists(
            st.tuples(st.sampled_from(names(slug) + PAGE_FIELDS), hostile_text), max_size=8
        ),
        action=ACTIONS,
        n=NUMBERS,
        revision=NUMBERS,
    )
    def run(body, action, n, revision):
        form = [("action", action), ("n", n), ("revision", revision), *body]
        for prefix in ("", "/en"):
            response = post(client, f"{prefix}/sheets/{edit}/", form)
            assert response.status_code in (200, 303, 400, 409), response.status_code
            live = client.post(
                f"{prefix}/sheets/{edit}/",
                urlencode(form),
                content_type="application/x-www-form-urlencoded",
                headers={"HX-Request": "true"},
            )
            assert live.status_code in (200, 204, 286, 303, 400, 409), live.status_code
        assert client.get(f"/sheets/{edit}/", {"edit": n}).status_code == 200
        assert client.get(f"/sheets/view/{view}/", {"edit": n}).status_code == 200
        assert post(client, "/sheets/new/", body).status_code in (200, 303, 429)

    run()


@pytest.mark.parametrize("key", ["ab%00cd", "%ff", "a" * 65, "..", "%2e%2e", "view"])
def test_odd_keys_are_not_found(client, key):
    for path in (f"/sheets/{key}/", f"/sheets/view/{key}/", f"/api/v1/sheets/{key}"):
        assert client.get(path).status_code in (404, 301, 302), path
