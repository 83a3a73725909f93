"""The rule families the site knows, in display order: the one registry.

Adding a family is an engine module `calculator/scoring/<slug>.py`, one folder
`calculator/families/<slug>/` whose `__init__.py` defines `FAMILY`, and its line here.
"""

from __future__ import annotations

from django.http import Http404

from calculator.families import classical, hk, jiujiang, mcr, nmjl, riichi, taiwan
from calculator.families.base import Family, HandEntry

__all__ = ["FAMILIES", "Family", "HandEntry", "get_family"]

FAMILIES: dict[str, Family] = {
    family.slug: family
    for family in (
        hk.FAMILY,
        riichi.FAMILY,
        mcr.FAMILY,
        nmjl.FAMILY,
        jiujiang.FAMILY,
        classical.FAMILY,
        taiwan.FAMILY,
    )
}


def get_family(slug: str) -> Family:
    family = FAMILIES.get(slug)
    if family is None:
        raise Http404("No such rule family")
    return family
