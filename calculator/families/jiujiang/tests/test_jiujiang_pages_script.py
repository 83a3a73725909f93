"""Jiujiang's pattern script is its own: every page drawing its pattern boxes loads it, and
no other family's page does."""

from __future__ import annotations

import pytest

from tests.test_sheet_pages import start

SCRIPT = "/static/jiujiang/patterns.js"


@pytest.mark.parametrize("path", ["/jiujiang/", "/jiujiang/hand/"])
def test_jiujiangs_pages_load_its_pattern_script(client, path):
    assert SCRIPT in client.get(path).content.decode()


@pytest.mark.django_db
def test_a_jiujiang_sheet_loads_its_pattern_script_and_an_hk_sheet_does_not(client):
    assert SCRIPT in client.get(start(client, family="jiujiang")).content.decode()
    assert SCRIPT not in client.get(start(client, family="hk")).content.decode()


@pytest.mark.parametrize("path", ["/hk/", "/riichi/hand/", "/classical/"])
def test_other_families_pages_leave_it_out(client, path):
    assert SCRIPT not in client.get(path).content.decode()
