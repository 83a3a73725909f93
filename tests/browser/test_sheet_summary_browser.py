"""The summary of a sheet at a 390 px phone, in each language: the running-score chart is
drawn and fits the screen, the table behind it opens, and nothing is wider than the page."""

from __future__ import annotations

import pytest

from tests.test_sheet_summary import hk_evening, riichi_evening

pytestmark = [pytest.mark.browser, pytest.mark.database, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("prefix", ["", "/zh-hans", "/en"])
def test_the_summary_chart_fits_a_phone(phone, client, prefix, tmp_path):
    key, view = hk_evening(client)
    revision = client.get(f"/api/v1/sheets/{key}").json()["sheet"]["revision"]
    client.post(f"/api/v1/sheets/{key}/close", {"revision": revision})
    phone.goto(f"{prefix}/sheets/view/{view}/summary/")
    chart = phone.locator("svg.running-chart")
    chart.scroll_into_view_if_needed()
    assert chart.is_visible()
    chart.screenshot(path=tmp_path / f"chart{prefix.replace('/', '-') or '-zh-hant'}.png")
    box = chart.bounding_box()
    assert box is not None and 0 < box["width"] <= 390 and box["height"] > 100
    assert phone.locator("svg.running-chart polyline").count() == 4
    # Nothing makes the page scroll sideways.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # The table behind the chart, for whoever cannot see it.
    phone.locator("details.chart-table summary").click()
    assert phone.locator("#running tr[data-running]").count() == 5  # the start and 4 hands
    phone.screenshot(
        path=tmp_path / f"summary{prefix.replace('/', '-') or '-zh-hant'}.png", full_page=True
    )


def test_a_riichi_summary_fits_a_phone(phone, client, tmp_path):
    _key, view = riichi_evening(client)
    phone.goto(f"/en/sheets/view/{view}/summary/")
    box = phone.locator("svg.running-chart").bounding_box()
    assert box is not None and box["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=tmp_path / "summary-riichi-en.png", full_page=True)
