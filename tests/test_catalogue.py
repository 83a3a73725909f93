"""calculator/catalogue.py words everything as Django's own gettext would, in the language
active where its binding was made, and a switch of language made through it rebinds."""

from __future__ import annotations

import gc
import weakref

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.translation import trans_real

from calculator import catalogue

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Held in names, so that makemessages takes them for no message of the site's.
NOT_A_MSGID, PLURAL = "No such message 𝄞", "No such messages 𝄞"


def msgids(language: str) -> list[str]:
    """Every singular msgid the language's compiled catalogue holds (its fallbacks too)."""
    found: set[str] = set()
    current = trans_real.translation(language)
    while current is not None:
        found.update(key for key in current._catalog.keys() if isinstance(key, str))
        current = current._fallback
    return sorted(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_bound_words_are_djangos(language: str) -> None:
    with translation.override(language):
        expected = {msgid: translation.gettext(msgid) for msgid in msgids(language)}
        plural = [
            translation.ngettext("%(count)s earlier version", "%(count)s earlier versions", n)
            for n in (0, 1, 2)
        ]
        with catalogue.one_language():
            assert {msgid: catalogue.gettext(msgid) for msgid in expected} == expected
            assert [
                catalogue.ngettext("%(count)s earlier version", "%(count)s earlier versions", n)
                for n in (0, 1, 2)
            ] == plural
            assert catalogue.gettext("") == ""  # not the catalogue's header
            assert catalogue.get_language() == language
            # A message no catalogue holds is itself, in every language, as with Django.
            assert catalogue.gettext(NOT_A_MSGID) == NOT_A_MSGID
            # A msgid held only with plural forms is worded as Django's gettext words it.
            plural_only = "%(count)s earlier version"
            assert catalogue.gettext(plural_only) == translation.gettext(plural_only)
    assert len(expected) > (1000 if language.startswith("zh") else 20)


def test_lazy_text_is_worded_when_shown() -> None:
    text = catalogue.gettext_lazy("Edit")
    shown = {}
    for language in LANGUAGES:
        with catalogue.override(language):
            shown[language] = str(text)
        with translation.override(language):
            assert shown[language] == translation.gettext("Edit")
    assert shown["en"] == "Edit" and shown["zh-hant"] != "Edit"


def test_override_rebinds_and_restores() -> None:
    with catalogue.override("en"):
        assert catalogue.gettext("Edit") == "Edit"
        with catalogue.override("zh-hans"):
            assert catalogue.gettext("Edit") == translation.gettext("Edit") != "Edit"
            assert catalogue.get_language() == "zh-hans"
        assert catalogue.gettext("Edit") == "Edit"
        assert catalogue.get_language() == "en"


def test_a_switch_around_the_binding_is_caught() -> None:
    """What the suite's check (tests/conftest.py) catches: the language switched by Django
    alone while our catalogue is bound would word our strings in the old language."""
    assert catalogue.CHECKED
    with catalogue.override("en"), translation.override("zh-hans"):
        with pytest.raises(RuntimeError, match="without catalogue.override"):
            catalogue.gettext("Edit")


def test_unbound_words_follow_django() -> None:
    for language in LANGUAGES:
        with translation.override(language):
            assert catalogue.gettext("Edit") == translation.gettext("Edit")
            assert catalogue.get_language() == language


@pytest.mark.django_db
def test_api_language_inside_a_page_language() -> None:
    """The API's `lang` switches the language inside the request the middleware bound: the
    answer's words are in `lang`, not in the language the address chose."""
    client = Client()
    english = client.post("/api/v1/sheets?lang=en", {"family": "hk", "name1": ""})
    chinese = client.post("/api/v1/sheets?lang=zh-hans", {"family": "hk", "name1": ""})
    assert english.status_code == chinese.status_code == 400
    said_en = english.json()["errors"]["name1"][0]["message"]
    said_zh = chinese.json()["errors"]["name1"][0]["message"]
    for language, said in (("en", said_en), ("zh-hans", said_zh)):
        with translation.override(language):
            assert said == translation.gettext("Enter the player's name.")


def test_with_no_language_active_words_are_themselves() -> None:
    # `deactivate_all()` (and `override(None)`) leave Django a catalogue with no messages.
    with catalogue.override(None):
        assert catalogue.gettext("Edit") == translation.gettext("Edit") == "Edit"
        assert catalogue.ngettext(NOT_A_MSGID, PLURAL, 2) == PLURAL


def test_a_catalogue_django_drops_takes_its_dict_with_it() -> None:
    made = trans_real.DjangoTranslation("zh-hant")  # as Django makes one when it reloads
    before = len(catalogue._WORDS)
    assert catalogue._words(made).gettext("Edit") == made.gettext("Edit")
    assert len(catalogue._WORDS) == before + 1
    gone = weakref.ref(made)
    del made
    gc.collect()
    assert gone() is None and len(catalogue._WORDS) == before
