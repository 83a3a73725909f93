"""The suite itself: tests check correctness, never time, and never flake on a slow machine.

Hypothesis's default 200 ms deadline fails a correct test on a busy CI machine, so every
property test states its own generous one; a timed assertion (`elapsed < 0.05`) is a
benchmark, and benchmarks live in bench/, not here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jinja2
import pytest
from django.conf import settings
from django.core.cache import cache
from django.template import engines
from django.utils import translation

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# The shared suite and each family's own tests/ folder.
TEST_FILES = sorted([*TESTS.rglob("*.py"), *ROOT.glob("calculator/families/*/tests/*.py")])
SOURCES = {path: path.read_text(encoding="utf-8") for path in TEST_FILES}
TREES = {path: ast.parse(text) for path, text in SOURCES.items()}


def name_of(node: ast.expr) -> str | None:
    """`given` for `@given(...)`, `@given`, `@hypothesis.given(...)`."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def sets_deadline(call: ast.expr) -> bool:
    return isinstance(call, ast.Call) and any(k.arg == "deadline" for k in call.keywords)


def settings_names() -> set[str]:
    """Module-level names bound to `settings(..., deadline=...)`, e.g. test_fuzz's FUZZ."""
    names = set()
    for tree in TREES.values():
        for node in tree.body:
            if isinstance(node, ast.Assign) and name_of(node.value) == "settings":
                if sets_deadline(node.value):
                    names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def property_tests() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for path, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if any(name_of(d) == "given" for d in node.decorator_list):
                    found.append((f"{path.relative_to(ROOT)}::{node.name}", node))
    return found


def test_every_property_test_sets_its_deadline():
    named = settings_names()
    tests = property_tests()
    assert len(tests) > 20  # the search finds them
    missing = [
        where
        for where, node in tests
        if not any(
            (name_of(d) == "settings" and sets_deadline(d))
            or (isinstance(d, ast.Name) and d.id in named)
            for d in node.decorator_list
        )
    ]
    assert missing == [], "give these @settings(deadline=None): " + ", ".join(missing)


TIMING = re.compile(r"\b(?:import timeit|import time\b|from time import|perf_counter|monotonic\()")


def test_no_test_measures_time():
    timed = [
        f"{path.relative_to(ROOT)}:{number}"
        for path, text in SOURCES.items()
        if path != Path(__file__).resolve()
        for number, line in enumerate(text.splitlines(), start=1)
        if TIMING.search(line)
    ]
    assert timed == [], "tests check correctness, never time: " + ", ".join(timed)


def test_an_undefined_template_variable_fails_the_test():
    """The test settings draw an undefined name as a failure (a tested one stays false)."""
    template = engines["jinja2"].from_string("{% if never_tested %}x{% endif %}{{ defined }}")
    assert template.render({"defined": 1}) == "1"
    template = engines["jinja2"].from_string("{{ defined }} {{ never_set }}")
    with pytest.raises(jinja2.UndefinedError, match="never_set"):
        template.render({"defined": 1})


# Each runs twice: whichever instance runs second sees what the first left, unless
# tests/fixtures.py resets it in between.


@pytest.mark.parametrize("instance", [1, 2])
def test_each_test_starts_in_the_default_language(client, instance):
    assert translation.get_language() == settings.LANGUAGE_CODE
    client.get("/en/")
    assert translation.get_language() == "en"  # a request to /en/… leaves English active


@pytest.mark.parametrize("instance", [1, 2])
def test_each_test_starts_with_an_empty_cache(instance):
    assert cache.get("hygiene-probe") is None
    cache.set("hygiene-probe", instance)  # as the reference pages keep themselves there
