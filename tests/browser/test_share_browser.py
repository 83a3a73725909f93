"""Sharing in headless Chromium: the copy buttons, and the reference pages on a phone.

The live server runs at http://localhost, which browsers treat as a secure context, so with
clipboard permissions granted the copy button really writes to the clipboard. Without the
Clipboard API the button falls back to selecting the link in the text field; both paths
are driven here.
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

COPY_LINK = ".share-link button.copy"
COPY_RESULT = ".card-main button.copy"


@pytest.fixture
def clipboard_phone(browser, live_server):
    """A phone page allowed to read and write the clipboard."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server.url,
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def clipboard_table_device(browser, live_server, table_viewport):
    """A phone or tablet page allowed to read and write the clipboard."""
    context = browser.new_context(
        viewport=table_viewport,
        base_url=live_server.url,
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    yield page
    context.close()


def read_clipboard(page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


@pytest.mark.parametrize(
    "path",
    ["/hk/?fan=5&split=half", "/en/riichi/?han=4&dealer=1", "/zh-hans/mcr/?points=24&flowers=2"],
)
def test_copy_link_puts_the_canonical_url_on_the_clipboard(clipboard_phone, live_server, path):
    page = clipboard_phone
    page.goto(path)
    assert page.evaluate("window.isSecureContext")
    url = page.locator(".share-url").input_value()
    assert url == f"{live_server.url}{path}"
    page.locator(COPY_LINK).click()
    page.wait_for_function(
        "async (want) => (await navigator.clipboard.readText()) === want", arg=url
    )
    assert read_clipboard(page) == url


def test_copy_result_puts_the_headline_and_the_link_on_the_clipboard(
    clipboard_table_device, live_server
):
    """Issue 13, item 5: the copied text says who pays, not only the amount and the link."""
    page = clipboard_table_device
    page.goto("/en/hk/?fan=5&split=half")
    headline = page.locator('meta[property="og:title"]').get_attribute("content")
    assert "the winner receives 24 (" in headline  # then the table rules
    who_pays = page.locator('meta[property="og:description"]').get_attribute("content")
    assert who_pays == "Split: The discarder 12 · Another player 6 · Another player 6"
    page.locator(COPY_RESULT).click()
    want = f"{headline} {who_pays} {live_server.url}/en/hk/?fan=5&split=half"
    page.wait_for_function(
        "async (want) => (await navigator.clipboard.readText()) === want", arg=want
    )
    assert read_clipboard(page) == want


def test_copy_link_after_a_live_update_copies_the_new_url(clipboard_phone, live_server):
    page = clipboard_phone
    page.goto("/en/hk/")
    page.fill("#id_fan", "7")
    page.wait_for_function("() => location.search === '?fan=7'")
    page.wait_for_function(
        "() => document.querySelector('.share-url').value.endsWith('/en/hk/?fan=7')"
    )
    page.locator(COPY_LINK).click()
    page.wait_for_function(
        "async (want) => (await navigator.clipboard.readText()) === want",
        arg=f"{live_server.url}/en/hk/?fan=7",
    )


def test_without_the_clipboard_api_the_link_is_selected_instead(phone, live_server):
    """The fallback: no Clipboard API, so the link field is focused with its text selected."""
    phone.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    phone.goto("/riichi/?han=3&fu=40")
    assert phone.evaluate("navigator.clipboard") is None
    phone.locator(COPY_LINK).click()
    state = phone.evaluate(
        """() => {
            const field = document.activeElement;
            return {
                focused: field.classList.contains('share-url'),
                selected: field.value.substring(field.selectionStart, field.selectionEnd),
            };
        }"""
    )
    assert state == {"focused": True, "selected": f"{live_server.url}/riichi/?fu=40"}


# --- the reference pages on a phone ------------------------------------------------------


@pytest.mark.parametrize("width", [360, 390])
def test_reference_pages_fit_a_phone(browser, live_server, width):
    context = browser.new_context(
        viewport={"width": width, "height": 800}, base_url=live_server.url
    )
    page = context.new_page()
    for path in [
        "/glossary/",
        "/en/glossary/",
        "/faq/",
        "/zh-hans/faq/",
        "/sources/",
        "/en/sources/",
    ]:
        page.goto(path)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, (path, width)
    context.close()


def test_a_glossary_number_opens_the_calculator_showing_it(phone):
    phone.goto("/en/glossary/")
    link = phone.locator('#scale + dd a[data-claims="24"]')
    claimed = link.get_attribute("data-claims")
    link.click()
    phone.wait_for_url(re.compile(r"/en/hk/\?fan=5$"))
    shown = phone.locator('[data-result="winner_receives"]').inner_text().replace(",", "")
    assert shown == claimed


def test_reference_pages_make_no_third_party_requests(phone, live_server):
    hosts = set()
    phone.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    for path in ["/glossary/", "/faq/", "/sources/"]:
        phone.goto(path)
    assert hosts == {live_server.url.split("/")[2]}
