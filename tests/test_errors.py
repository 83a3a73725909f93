"""Bad input and wrong methods get the product's own answer, never a framework page or a 5xx;
the headers are on every response; client errors are one log line."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator import errors
from calculator.families import FAMILIES
from calculator.logs import OneLinePerClientError
from calculator.middleware import head_without_body

SLUGS = list(FAMILIES)
HAND_SLUGS = ["riichi", "mcr"]
TOO_MANY = "&".join(f"f{i}=1" for i in range(1001))
JUST_ENOUGH = "&".join(f"f{i}=1" for i in range(999))  # and `fan`: 1,000 fields


def security_headers(response) -> None:
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def error_codes(response) -> dict[str, list[str]]:
    payload = json.loads(response.content)
    return {name: [e["code"] for e in entries] for name, entries in payload["errors"].items()}


# --- more than 1,000 fields -----------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [*(f"/{slug}/" for slug in SLUGS), *(f"/{slug}/hand/" for slug in HAND_SLUGS)]
)
def test_too_many_fields_on_a_page_is_our_page_with_the_error(client, path):
    response = client.get(f"{path}?{TOO_MANY}")
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'<li data-error="__all__">[^<]*1,000', html), "error not shown"
    assert "<form" in html  # the calculator itself, not a bare error page
    security_headers(response)


@pytest.mark.parametrize("path", [f"/{SLUGS[0]}/", "/riichi/hand/"])
def test_too_many_fields_in_a_live_update_shows_the_error(client, path):
    response = client.get(f"{path}?{TOO_MANY}", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-error="__all__"' in response.content.decode()


def test_a_thousand_fields_are_still_read(client):
    html = client.get(f"/hk/?{JUST_ENOUGH}&fan=5").content.decode()
    assert 'data-error="__all__"' not in html
    receives = re.compile(r'data-result="winner_receives">([^<]+)<')
    plain = client.get("/hk/?fan=5").content.decode()
    assert receives.findall(html) == receives.findall(plain) != []


@pytest.mark.parametrize(
    "path", [*(f"/api/v1/{slug}" for slug in SLUGS), *(f"/api/v1/{s}/hand" for s in HAND_SLUGS)]
)
def test_too_many_fields_on_the_api_is_a_json_400(client, path):
    response = client.get(f"{path}?{TOO_MANY}")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert error_codes(response) == {"__all__": ["too_many_fields"]}
    security_headers(response)


# --- methods ---------------------------------------------------------------------------------


@pytest.fixture
def strict():
    """A client that Django's CSRF check is not switched off for, as a browser meets it."""
    return Client(enforce_csrf_checks=True)


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete", "options"])
@pytest.mark.parametrize("path", ["/api/v1/hk", "/api/v1/riichi/hand"])
def test_other_methods_on_the_api_are_a_json_405(strict, method, path):
    response = getattr(strict, method)(path, data="fan=5", content_type="text/plain")
    assert response.status_code == 405  # not the CSRF 403 page
    assert response["Allow"] == "GET, HEAD"
    assert response["Content-Type"].startswith("application/json")
    assert error_codes(response) == {"__all__": ["method_not_allowed"]}
    security_headers(response)


@pytest.mark.parametrize(
    ("path", "lang"),
    [("/hk/", "zh-Hant-HK"), ("/zh-hans/riichi/hand/", "zh-Hans"), ("/en/glossary/", "en")],
)
def test_a_post_to_a_page_gets_our_405_page(strict, path, lang):
    response = strict.post(path, {"fan": "5"})
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html and 'class="error-page"' in html
    security_headers(response)


def test_head_still_reaches_the_pages(client):
    assert client.head("/hk/").status_code == 200
    assert client.head("/api/v1/hk").status_code == 200


# --- Django's handlers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "lang"),
    [("/nowhere/", "zh-Hant-HK"), ("/zh-hans/nowhere/", "zh-Hans"), ("/en/nowhere/", "en")],
)
def test_unknown_pages_get_our_404_in_the_page_language(client, path, lang):
    response = client.get(path)
    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html and 'data-status="404"' in html
    assert "Not Found</h1>" not in html  # Django's page says exactly that
    security_headers(response)


def test_an_unknown_family_is_a_404_page_and_a_json_404(client):
    assert 'data-status="404"' in client.get("/mahjong-solitaire/").content.decode()
    response = client.get("/api/v1/mahjong-solitaire")
    assert response.status_code == 404
    assert error_codes(response) == {"__all__": ["not_found"]}


def test_a_refused_host_is_our_400_page(client):
    response = client.get("/glossary/", headers={"host": "evil.example"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-status="400"' in html and "Bad Request (400)" not in html
    security_headers(response)


def test_a_refused_host_on_the_api_is_json(client):
    response = client.get("/api/v1/hk?lang=en", headers={"host": "evil.example"})
    assert response.status_code == 400
    assert error_codes(response) == {"__all__": ["bad_request"]}


@pytest.mark.parametrize(
    ("handler", "status", "code"),
    [
        (errors.bad_request, 400, "bad_request"),
        (errors.permission_denied, 403, "forbidden"),
        (errors.csrf_failure, 403, "csrf"),
        (errors.page_not_found, 404, "not_found"),
        (errors.server_error, 500, "server_error"),
    ],
)
def test_every_handler_answers_in_our_words(handler, status, code):
    factory = RequestFactory()
    page = handler(factory.get("/en/hk/"))
    assert page.status_code == status
    assert '<html lang="en">' in page.content.decode()
    assert f'data-status="{status}"' in page.content.decode()
    api = handler(factory.get("/api/v1/hk"))
    assert api.status_code == status
    assert error_codes(api) == {"__all__": [code]}


# --- headers on what other middleware and whitenoise answer ----------------------------------


@pytest.mark.parametrize(
    ("path", "status"),
    [("/hk", 301), ("/en/riichi", 301), ("/nowhere/", 404), ("/static/css/site.css", 200)],
)
def test_headers_on_redirects_errors_and_static_files(client, path, status):
    # A static file by HEAD: the same headers, and whitenoise opens no file to close.
    response = client.head(path) if path.startswith("/static/") else client.get(path)
    assert response.status_code == status
    security_headers(response)


def test_headers_on_a_refused_host_and_a_405(client):
    security_headers(client.get("/hk/", headers={"host": "evil.example"}))
    security_headers(client.post("/api/v1/hk"))


# --- HEAD and the logs --------------------------------------------------------------------


def test_head_answers_carry_no_body():
    request = RequestFactory().head("/hk/")
    response = head_without_body(lambda r: HttpResponse("x" * 100, headers={"X-Kept": "1"}))(
        request
    )
    assert response.content == b"" and response["X-Kept"] == "1"
    get = head_without_body(lambda r: HttpResponse("body"))(RequestFactory().get("/hk/"))
    assert get.content == b"body"
    streamed = head_without_body(lambda r: StreamingHttpResponse(iter([b"a", b"b"])))(request)
    assert b"".join(streamed.streaming_content) == b""


@pytest.fixture
def log_output():
    """What the console handler of settings.LOGGING writes, for this test only."""
    root = logging.getLogger()
    handler = next(
        h for h in root.handlers if any(isinstance(f, OneLinePerClientError) for f in h.filters)
    )
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield stream
    handler.setStream(previous)


def test_a_refused_host_is_one_warning_line(client, log_output):
    client.get("/glossary/", headers={"host": "evil.example"})
    lines = log_output.getvalue().splitlines()
    assert len(lines) == 1, lines
    assert "[WARNING] django.security.DisallowedHost" in lines[0]
    assert "evil.example" in lines[0] and "Traceback" not in log_output.getvalue()


@pytest.mark.parametrize(
    "request_it",
    [
        lambda c: c.get("/nowhere/"),
        lambda c: c.get("/api/v1/hk?fan=100"),
        lambda c: c.post("/api/v1/hk"),
        lambda c: c.get("/hk/", headers={"host": "a\nb.example"}),
    ],
)
def test_a_client_error_is_at_most_one_line(client, log_output, request_it):
    request_it(client)
    lines = log_output.getvalue().splitlines()
    assert len(lines) <= 1, lines
    assert all("[WARNING]" in line for line in lines)


def test_a_client_error_line_keeps_control_characters_escaped():
    record = logging.LogRecord(
        "django.security.DisallowedHost", logging.ERROR, __file__, 1, "bad\nhost", None, None
    )
    assert OneLinePerClientError().filter(record)
    assert record.getMessage() == "bad\\nhost" and record.levelname == "WARNING"


def test_server_errors_keep_their_level():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "boom", None, None)
    record.status_code = 500
    assert OneLinePerClientError().filter(record)
    assert record.levelname == "ERROR"


# --- integers per the contract -------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("fan=0000000003", "fan", 3),
        ("fan=03", "fan", 3),
        ("fan=" + "0" * 5000 + "3", "fan", 3),
        ("cap=0000000000013", "cap", 13),
        ("min_fan=00", "min_fan", 0),
        ("unit=0002.5", "unit", 2.5),
    ],
)
def test_leading_zeros_are_the_number(api, query, field, value):
    assert api("hk", query)["inputs"][field] == value


def test_leading_zeros_on_a_listed_integer(api):
    assert api("riichi", "fu=0000000040&han=2")["inputs"]["fu"] == 40


@pytest.mark.parametrize(
    ("slug", "query", "field"),
    [
        ("hk", "fan=-0", "fan"),
        ("hk", "fan=-00003", "fan"),
        ("hk", "unit=-0", "unit"),
        ("hk", "unit=-0.0", "unit"),
        ("riichi", "honba=-0", "honba"),
        ("riichi", "fu=-030", "fu"),
    ],
)
def test_minus_zero_is_refused_like_any_negative(api, slug, query, field):
    codes = error_codes_of(api(slug, query, status=400))
    assert list(codes) == [field]


def error_codes_of(payload: dict) -> dict[str, list[str]]:
    return {name: [e["code"] for e in entries] for name, entries in payload["errors"].items()}


def test_minus_zero_is_out_of_range_like_minus_one(api):
    assert error_codes_of(api("hk", "fan=-0", status=400)) == error_codes_of(
        api("hk", "fan=-1", status=400)
    )


@settings(deadline=None, max_examples=40)
@given(fan=st.integers(0, 13), zeros=st.integers(0, 30))
def test_any_run_of_leading_zeros_reads_the_same(fan, zeros):
    client = Client()
    plain = json.loads(client.get(f"/api/v1/hk?fan={fan}").content)
    padded = json.loads(client.get(f"/api/v1/hk?fan={'0' * zeros}{fan}").content)
    assert padded == plain


@settings(deadline=None, max_examples=40)
@given(digits=st.integers(10, 10**30))
def test_more_significant_digits_than_nine_are_out_of_range_whatever_the_zeros(digits):
    response = Client().get(f"/api/v1/hk?fan=000{digits}")
    if digits <= 99:
        assert response.status_code == 200
    else:
        assert error_codes(response) == {"fan": ["out_of_range"]}


# --- malformed encodings ------------------------------------------------------------------

raw_query = st.lists(
    st.one_of(
        st.binary(max_size=6).map(lambda b: "".join(f"%{byte:02X}" for byte in b)),
        st.sampled_from(["%", "%%", "%G1", "%E4%B8", "&", "=", "==", ";", "+", "fan", "unit"]),
        st.text(max_size=4),
    ),
    max_size=12,
).map("".join)


@settings(deadline=None, max_examples=60)
@given(query=raw_query, slug=st.sampled_from(SLUGS))
def test_a_malformed_query_gets_our_page_or_our_json(query, slug):
    client = Client()
    page = client.get(f"/{slug}/?{query}")
    assert page.status_code == 200 and b"<form" in page.content
    api = client.get(f"/api/v1/{slug}?{query}")
    assert api.status_code in (200, 400) and api["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    ("url", "box"),
    [
        ("/en/hk/?fan=5&liable=1&win=discard", "liable"),
        ("/en/jiujiang/?win=self_draw&qianggang=1", "qianggang"),
        ("/en/jiujiang/?win=discard&gangkai=1", "gangkai"),
        ("/en/riichi/?fu_mode=count&chiitoitsu=1&closed=0", "chiitoitsu"),
        ("/en/riichi/hand/?hand=234m567m345p678s22s&win_tile=5m&ippatsu=1", "ippatsu"),
    ],
)
def test_a_ticked_box_that_contradicts_another_field_stays_ticked(client, url, box):
    """Reloaded, shared or sent without JavaScript, the page shows the box as it was sent,
    beside the error that asks to untick it: never unticked behind the player's back."""
    html = client.get(url).content.decode()
    error = re.search(rf'id="err-{box}"[^>]*>([^<]+)<', html)
    assert error and error.group(1).strip()
    assert re.search(rf'<input type="checkbox" id="id_{box}"[^>]*\bchecked\b', html)
    # A word that is no box value at all still shows unticked, beside its own error.
    html = client.get(url.replace(f"{box}=1", f"{box}=maybe")).content.decode()
    assert not re.search(rf'<input type="checkbox" id="id_{box}"[^>]*\bchecked\b', html)
