"""The examples in the engine's docstrings are run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import calculator.scoring

MODULES = sorted(info.name for info in pkgutil.iter_modules(calculator.scoring.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"calculator.scoring.{name}")
    failed, _attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0


def test_the_examples_exist():
    total = sum(
        doctest.testmod(importlib.import_module(f"calculator.scoring.{name}")).attempted
        for name in MODULES
    )
    assert total >= 20
