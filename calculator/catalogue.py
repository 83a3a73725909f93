"""The active language's catalogue, found once for a page instead of once for every word.

Django finds the active language in an asgiref `Local` on every `gettext` call: about 5 µs
on our machines, most of what a word costs, and a sheet page words a few hundred of them
(a row's headline, who won, the counters). Inside `one_language()` the catalogue found on
entry answers instead, with the same words: Django's own catalogue object, asked the way
`django.utils.translation.trans_real` asks it. A request's language is settled before
anything is worded; a switch inside it goes through `override()`, which binds the language
it switches to (the API's `lang`, the error pages, the language links), and the tests
check on every word that nothing switched it another way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import trans_real

_bound: ContextVar[Any] = ContextVar("catalogue", default=None)
# The tests set this: a word asked for while bound then also checks that Django's catalogue
# is still the bound one, so a switch that bypasses `override()` fails the test making it.
CHECKED = False


def _catalogue() -> Any:
    catalogue = _bound.get()
    if CHECKED and catalogue is not None and trans_real.catalog() is not catalogue:
        raise RuntimeError("the language was switched without catalogue.override()")
    return catalogue


@contextmanager
def one_language() -> Iterator[None]:
    """Words asked for inside come from the catalogue active on entry."""
    token = _bound.set(trans_real.catalog())
    try:
        yield
    finally:
        _bound.reset(token)


def gettext(message: str) -> str:
    catalogue = _catalogue()
    if catalogue is None:
        return translation.gettext(message)
    if not message:  # as Django: an empty msgid would find the catalogue's header
        return ""
    return catalogue.gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    catalogue = _catalogue()
    if catalogue is None:
        return translation.ngettext(singular, plural, number)
    return catalogue.ngettext(singular, plural, number)


def get_language() -> str | None:
    catalogue = _catalogue()
    if catalogue is None:
        return translation.get_language()
    try:  # as Django asks its catalogue
        return catalogue.to_language()
    except AttributeError:
        return settings.LANGUAGE_CODE


# Django's lazy text, over this module's gettext: a label or message made at import time
# is worded when shown, from the bound catalogue inside `one_language()`.
gettext_lazy = lazy(gettext, str)


@contextmanager
def override(language: str | None) -> Iterator[None]:
    """`translation.override`, with the catalogue bound to the language it switches to."""
    with translation.override(language), one_language():
        yield
