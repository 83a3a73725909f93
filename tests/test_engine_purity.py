"""The engine must stay importable without Django: checked on the source, not sys.modules."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "calculator" / "scoring"
ALLOWED = set(sys.stdlib_module_names) | {"__future__"}
# The two hand analysers wrap one outside package each (pinned in pyproject.toml); every
# other engine module, payments included, stays standard-library only.
PACKAGES = {"riichi_hand.py": {"mahjong"}, "mcr_hand.py": {"MahjongGB"}}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_only_the_standard_library():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 4
    for path in files:
        outside = imported_modules(path) - ALLOWED - PACKAGES.get(path.name, set())
        assert not outside, f"{path.name} imports {outside}"


def test_engine_has_no_float_arithmetic():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), path.name
            assert not (isinstance(node, ast.Name) and node.id == "float"), path.name
