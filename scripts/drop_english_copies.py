#!/usr/bin/env python3
"""Empty every en msgstr that only copies its English msgid (`msgstr ""`).

The msgids are English: gettext shows an untranslated msgid as it is, so a copy is one
more place to edit for every change of wording. Entries whose msgid is written in Chinese
keep their English (even an identical one: "keep it as it is" is a decision), and so do
entries whose English differs. Only msgstr lines change; the rest of the file stays as it
is. The rule is tests/test_translations.py's `written_in_chinese`.

Usage: scripts/drop_english_copies.py [path/to/django.po]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent / "locale" / "en" / "LC_MESSAGES" / "django.po"
CHINESE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
NOT_WORDS = re.compile(r"%\(\w+\)[sd]|%%|<[^>]*>|&\w+;")
FIELD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) ")


def written_in_chinese(msgid: str) -> bool:
    return bool(CHINESE.search(msgid)) and not re.search(r"[A-Za-z]{2,}", NOT_WORDS.sub(" ", msgid))


def unquote(line: str) -> str:
    text = line[line.index('"') + 1 : line.rindex('"')]
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape")


def fields(block: list[str]) -> dict[str, tuple[int, int, str]]:
    """Field name → (first line, end line, decoded text) within one entry's lines."""
    found: dict[str, tuple[int, int, str]] = {}
    name = None
    for index, line in enumerate(block):
        match = FIELD.match(line)
        if match:
            name = match.group(1)
            found[name] = (index, index + 1, unquote(line))
        elif name and line.startswith('"'):
            start, _end, text = found[name]
            found[name] = (start, index + 1, text + unquote(line))
        else:
            name = None  # a comment or anything else ends the field
    return found


def drop_copies(block: list[str]) -> tuple[list[str], bool]:
    entry = fields(block)
    msgid = entry.get("msgid", (0, 0, ""))[2]
    if not msgid or written_in_chinese(msgid):
        return block, False  # the header, or a Chinese msgid
    if "msgid_plural" in entry:
        plural = entry["msgid_plural"][2]
        forms = sorted(name for name in entry if name.startswith("msgstr["))
        if not forms or any(entry[f][2] != (msgid if f == "msgstr[0]" else plural) for f in forms):
            return block, False
        targets = forms
    elif entry.get("msgstr", (0, 0, None))[2] == msgid:
        targets = ["msgstr"]
    else:
        return block, False
    out = list(block)
    for name in sorted(targets, key=lambda n: entry[n][0], reverse=True):
        start, end, _text = entry[name]
        out[start:end] = [f'{name} ""']
    return out, True


def main(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    block: list[str] = []
    dropped = 0
    for line in [*lines, None]:
        if line is None or line == "":
            if block:
                block, changed = drop_copies(block)
                dropped += changed
                out += block
                block = []
            if line is not None:
                out.append(line)
        else:
            block.append(line)
    path.write_text("\n".join(out), encoding="utf-8")
    print(f"{path}: {dropped} copies emptied")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT))
