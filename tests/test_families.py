"""The registry: each family's parts agree on which family they are."""

from __future__ import annotations

import pytest

from calculator.families import FAMILIES
from calculator.forms.new_sheet import read_new_sheet
from calculator.forms.sheet import table_of

SHEET_FAMILIES = [slug for slug, family in FAMILIES.items() if family.sheet is not None]


@pytest.mark.parametrize("slug", list(FAMILIES))
def test_a_familys_form_and_engine_are_its_own(slug):
    family = FAMILIES[slug]
    assert family.form.slug == slug
    assert family.form.engine is family.engine


@pytest.mark.parametrize("slug", SHEET_FAMILIES)
def test_a_sheet_is_played_by_its_family_engines_sheet_rules(slug):
    family = FAMILIES[slug]
    assert family.engine.SHEET.slug == slug
    names = {f"name{n}": f"P{n}" for n in range(1, 5)}
    new = read_new_sheet({"family": slug, **names})
    assert new.table.family is family.engine.SHEET
    assert table_of(slug, new.rules, 4).family is family.engine.SHEET
