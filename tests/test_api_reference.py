"""docs/api.md is written from the forms; it must say what the code accepts."""

from __future__ import annotations

from pathlib import Path

from calculator.api_reference import document

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def test_api_reference_is_current():
    assert DOC.read_text(encoding="utf-8") == document(), (
        "python -m calculator.api_reference > docs/api.md"
    )


def test_api_reference_lists_every_family_and_parameter():
    text = DOC.read_text(encoding="utf-8")
    for path in [
        "/hk/",
        "/riichi/",
        "/mcr/",
        "/nmjl/",
        "/jiujiang/",
        "/classical/",
        "/riichi/hand/",
    ]:
        assert f"## `{path}`" in text
    assert "| `riichi_sticks` | whole number 0–99 | `0` |" in text
