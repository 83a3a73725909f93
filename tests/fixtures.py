from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.cache import cache, caches
from django.utils import translation

from calculator import ratelimit

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(autouse=True)
def _fresh_process_state():
    """Every test starts as if it ran first: the default language and an empty cache.

    A request to /en/… leaves English active in the thread (LocaleMiddleware activates a
    language per request and nothing deactivates it), and the reference pages are kept in
    Django's cache; without this a test that builds a URL outside a request, or that
    counts what a first render does, would depend on the order the tests ran in.
    """
    translation.deactivate()
    cache.clear()
    yield
    translation.deactivate()


@pytest.fixture
def fresh_limits(db, monkeypatch):
    """Per-address counts from zero, in one minute's window however long the test runs (a
    test that straddled a minute would start counting again). The counts live in the
    database cache: a test's own are rolled back with it, but a transactional test's stay."""
    caches["ratelimit"].clear()
    minute = ratelimit.time.time() // 60 * 60
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: minute + 1))


def api_json(client, slug: str, params: dict | str | None = None, status: int = 200) -> dict:
    """GET the JSON API and parse it with exact decimals."""
    if isinstance(params, str):
        response = client.get(f"/api/v1/{slug}?{params}")
    else:
        response = client.get(f"/api/v1/{slug}", params or {})
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    return json.loads(response.content, parse_float=Decimal)


@pytest.fixture
def api(client):
    def call(slug: str, params: dict | str | None = None, status: int = 200) -> dict:
        return api_json(client, slug, params, status)

    return call


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        message = "Debian's Chromium is not installed at /usr/bin/chromium (make chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # Playwright's sync API runs an event loop; Django must still let the live server work.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server):
    """A page at a 390×844 phone viewport, pointed at the live server."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server.url)
    page = context.new_page()
    yield page
    context.close()


# Issue 13's at-the-table checks run on a phone and on an iPad in portrait: a layout that
# works on one can hide the result (or a bar over it) on the other.
TABLE_DEVICES = {
    "phone-390": {"width": 390, "height": 844},
    "tablet-820": {"width": 820, "height": 1180},
}


@pytest.fixture(params=list(TABLE_DEVICES.values()), ids=list(TABLE_DEVICES))
def table_viewport(request) -> dict:
    """The viewport of one device at the table; a test that builds its own context uses it."""
    return dict(request.param)


@pytest.fixture
def table_device(browser, live_server, table_viewport):
    """A page on a phone (390×844) or a tablet in portrait (820×1180), at the live server."""
    context = browser.new_context(viewport=table_viewport, base_url=live_server.url)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def no_js_phone(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    yield page
    context.close()
