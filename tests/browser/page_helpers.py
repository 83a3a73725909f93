"""What the browser tests ask of a calculator page: its number, its address, its width."""

from __future__ import annotations

RECEIVES = '[data-result="winner_receives"]'


def receives(page) -> str:
    return page.locator(RECEIVES).inner_text().replace(",", "")


def wait_for_receives(page, value: str) -> None:
    page.wait_for_function(
        "([sel, want]) => document.querySelector(sel)?.textContent.replaceAll(',', '') === want",
        arg=[RECEIVES, value],
    )


def wait_for_url(page, suffix: str) -> None:
    page.wait_for_function("want => location.pathname + location.search === want", arg=suffix)


def address(page) -> str:
    """The address bar once it holds the result shown: it is written just after the paint."""
    page.wait_for_function(
        "() => { const s = document.querySelector('.share-url');"
        " return s !== null && location.href === s.value; }"
    )
    return page.url


def mark_page(page) -> None:
    """Tag the document so a live update can be told from a page load."""
    page.evaluate("window.__sameDocument = true")


def still_same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def overflow(page) -> int:
    """How far the page scrolls sideways (0 or less: it does not)."""
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
