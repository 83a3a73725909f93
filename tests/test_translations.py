"""Every string the product shows has a translation in every catalogue, compiled.

The msgids are extracted here from the sources themselves (templates and Python), so a
string added without running `make messages` and translating it fails this test.

The msgids are English, so English copy comes from them: the en catalogue holds only what
English says differently (全辣 → 全辣 (full)) and the msgids written in Chinese, which need
an English decision even when it is "keep it as it is" (平胡 stays 平胡). A copy of an
English msgid in en would be one more place to edit for every change of wording.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["zh_Hant", "zh_Hans", "en"]
GETTEXT_NAMES = {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy"}
PLURAL_NAMES = {"ngettext", "ngettext_lazy"}

TRANSLATE_TAG = re.compile(r"""\{%\s*(?:translate|trans)\s+(["'])(.*?)\1""", re.S)
UNDERSCORE = re.compile(r"""_\((["'])(.*?)\1\)""", re.S)
BLOCK = re.compile(r"\{%\s*blocktranslate\b([^%]*)%\}(.*?)\{%\s*endblocktranslate\s*%\}", re.S)
VARIABLE = re.compile(r"\{\{\s*(\w+)\s*\}\}")
CHINESE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# What is not wording: placeholders, markup and entities.
NOT_WORDS = re.compile(r"%\(\w+\)[sd]|%%|<[^>]*>|&\w+;")


def written_in_chinese(msgid: str) -> bool:
    """Chinese and no English word: '平胡', '%(cap)s 番封頂', but not 'Only matters under 莊家制.'"""
    return bool(CHINESE.search(msgid)) and not re.search(r"[A-Za-z]{2,}", NOT_WORDS.sub(" ", msgid))


def po_entries(path: Path, with_context: bool = False) -> dict:
    """msgid → msgstr of a .po file (the header is skipped); with_context keys by
    (msgctxt, msgid) so that one English string in two contexts stays two entries."""
    entries: dict = {}
    field = None
    current: dict[str, str] = {}

    def flush() -> None:
        if current.get("msgid"):
            key = (current.get("msgctxt"), current["msgid"]) if with_context else current["msgid"]
            entries[key] = current.get("msgstr", "")

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgctxt "):
            flush()
            current, field = {"msgctxt": ""}, "msgctxt"
        elif line.startswith("msgid "):
            if "msgid" in current or "msgctxt" not in current:
                flush()
                current = {}
            current["msgid"], field = "", "msgid"
        elif line.startswith("msgstr "):
            field = "msgstr"
            current[field] = ""
        elif line.startswith("msgstr[0] "):
            field = "msgstr"  # a plural entry: its first form stands for the entry
            current[field] = ""
        elif line.startswith(("msgid_plural", "msgstr[")):
            field = None
        if field and '"' in line and not line.startswith("#"):
            text = line[line.index('"') + 1 : line.rindex('"')]
            current[field] += text.encode("latin-1", "backslashreplace").decode("unicode_escape")
    flush()
    return entries


def template_msgids() -> set[str]:
    found = set()
    for path in [
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "calculator").rglob("templates/**/*.html"),
    ]:
        text = path.read_text(encoding="utf-8")
        found |= {match.group(2) for match in TRANSLATE_TAG.finditer(text)}
        found |= {match.group(2) for match in UNDERSCORE.finditer(text)}
        for options, body in BLOCK.findall(text):
            body = re.split(r"\{%\s*plural\s*%\}", body)[0]
            body = VARIABLE.sub(r"%(\1)s", body)
            if "trimmed" in options:
                body = " ".join(line.strip() for line in body.strip().splitlines())
            found.add(body)
    return found


def python_msgids() -> set[str]:
    found = set()
    for base in ("calculator", "mahjongsite"):
        for path in (ROOT / base).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                args = node.args[1:] if name in {"pgettext", "pgettext_lazy"} else node.args
                if name in GETTEXT_NAMES | PLURAL_NAMES:
                    first = args[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        found.add(first.value)
    return found


MSGIDS = sorted(template_msgids() | python_msgids())


def test_the_extraction_finds_the_strings():
    assert len(MSGIDS) > 100
    assert "Table rules" in MSGIDS  # a template string
    assert "Enter a value." in MSGIDS  # a Python string


@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans"])
def test_every_string_is_translated(language):
    entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    missing = [msgid for msgid in MSGIDS if not entries.get(msgid)]
    assert missing == [], f"{len(missing)} strings lack a {language} translation (make messages)"


def test_every_chinese_msgid_has_its_english():
    entries = po_entries(ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po")
    assert {msgid for msgid in MSGIDS if written_in_chinese(msgid)} >= {"平胡", "麻雀計番計錢"}
    missing = [msgid for msgid in MSGIDS if written_in_chinese(msgid) and not entries.get(msgid)]
    assert missing == [], f"{len(missing)} Chinese msgids lack their English (make messages)"
    # An English msgid needs nothing: it is the English.
    assert "Table rules" in MSGIDS and not entries.get("Table rules")


def test_english_msgids_are_not_copied_into_en():
    entries = po_entries(ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po")
    copies = [msgid for msgid, text in entries.items() if text == msgid]
    copies = [msgid for msgid in copies if not written_in_chinese(msgid)]
    assert copies == [], f'{len(copies)} en entries copy their msgid: set their msgstr to ""'


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_matches_the_po_file(language):
    folder = ROOT / "locale" / language / "LC_MESSAGES"
    with open(folder / "django.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    entries = po_entries(folder / "django.po", with_context=True)

    def compiled(context: str | None, msgid: str) -> str:
        return catalogue.pgettext(context, msgid) if context else catalogue.gettext(msgid)

    stale = [key[1] for key, text in entries.items() if text and compiled(*key) != text]
    assert stale == [], f"{len(stale)} entries differ from django.mo (make messages)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_survive_translation(language):
    entries = po_entries(ROOT / "locale" / language / "LC_MESSAGES" / "django.po")
    placeholder = re.compile(r"%\((\w+)\)s")
    broken = [
        msgid
        for msgid, text in entries.items()
        if text and set(placeholder.findall(msgid)) != set(placeholder.findall(text))
    ]
    assert broken == []
