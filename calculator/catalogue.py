"""The active language's catalogue, found once for a page instead of once for every word.

Django finds the active language in an asgiref `Local` on every `gettext` call: about 5 µs
on our machines, most of what a word costs, and a sheet page words a few hundred of them
(a row's headline, who won, the counters). Inside `one_language()` the catalogue found on
entry answers instead, with the same words: Django's own catalogue object, its messages put
in one dict the first time it is bound, and asked the way `gettext` asks it. A request's
language is settled before anything is worded; a switch inside it goes through
`override()`, which binds the language it switches to (the API's `lang`, the error pages,
the language links), and the tests check on every word that nothing switched it another
way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from weakref import WeakKeyDictionary

from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import trans_real

_bound: ContextVar[Any] = ContextVar("catalogue", default=None)
# The tests set this: a word asked for while bound then also checks that Django's catalogue
# is still the bound one, so a switch that bypasses `override()` fails the test making it.
CHECKED = False


class _Words:
    """One of Django's catalogues' messages in a single dict. Django keeps a language's
    messages in a list of dicts (the site's, then Django's own), which it asks in turn on
    every word: a third of a microsecond a word, and a page words hundreds."""

    def __init__(self, catalogue: Any) -> None:
        messages: dict[Any, str] = {}
        for key, text in catalogue._catalog.items():  # the order Django asks them in
            messages.setdefault(key, text)
        self.messages = messages
        self.one = catalogue.plural(1)
        self.fallback = catalogue._fallback  # zh-hans falls back to zh-hant; en to nothing

    def gettext(self, message: str) -> str:
        # What `gettext.GNUTranslations.gettext` answers, from the one dict.
        text = self.messages.get(message)
        if text is None:
            text = self.messages.get((message, self.one))
        if text is None:
            return message if self.fallback is None else self.fallback.gettext(message)
        return text


# Each of Django's catalogues (one per language, made once by Django) and its dict, made
# when a request first binds it; dropped with the catalogue, should Django make new ones
# (a dict holds no reference to its catalogue, only to the one it falls back to).
_WORDS: WeakKeyDictionary[Any, _Words] = WeakKeyDictionary()


def _words(catalogue: Any) -> _Words | None:
    """None for a catalogue that is not a compiled one (`deactivate_all()`'s): it is asked
    itself."""
    if not hasattr(catalogue, "_catalog"):
        return None
    words = _WORDS.get(catalogue)
    if words is None:
        words = _WORDS[catalogue] = _Words(catalogue)
    return words


def _catalogue() -> Any:
    bound = _bound.get()
    if bound is None:
        return None
    catalogue = bound[0]
    if CHECKED and trans_real.catalog() is not catalogue:
        raise RuntimeError("the language was switched without catalogue.override()")
    return catalogue


@contextmanager
def one_language() -> Iterator[None]:
    """Words asked for inside come from the catalogue active on entry."""
    catalogue = trans_real.catalog()
    token = _bound.set((catalogue, _words(catalogue)))
    try:
        yield
    finally:
        _bound.reset(token)


def gettext(message: str) -> str:
    bound = _bound.get()
    if bound is None:
        return translation.gettext(message)
    catalogue, words = bound
    if CHECKED and trans_real.catalog() is not catalogue:
        raise RuntimeError("the language was switched without catalogue.override()")
    if not message:  # as Django: an empty msgid would find the catalogue's header
        return ""
    return catalogue.gettext(message) if words is None else words.gettext(message)


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
