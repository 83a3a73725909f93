"""The API's JSON: exact decimals as bare numbers (never a float), every string as given."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from django.utils import translation
from django.utils.translation import gettext_lazy
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.presenting import dumps
from calculator.scoring.outcome import Win


def loads(text: str):
    return json.loads(text, parse_float=Decimal)


def test_exact_decimals_stay_exact():
    text = dumps({"a": Fraction(1, 16), "b": Decimal("0.0625"), "c": Fraction(-5, 2)})
    assert text == '{"a":0.0625,"b":0.0625,"c":-2.5}'
    assert loads(text) == {"a": Decimal("0.0625"), "b": Decimal("0.0625"), "c": Decimal("-2.5")}


def test_whole_amounts_are_json_integers():
    text = dumps({"a": Fraction(8), "b": Decimal("8.00"), "c": 3, "d": -220, "e": Fraction(0)})
    assert text == '{"a":8,"b":8,"c":3,"d":-220,"e":0}'
    assert all(type(value) is int for value in loads(text).values())


def test_other_values():
    payload = {
        "none": None,
        "yes": True,
        "no": False,
        "list": [1, "二", (Fraction(1, 4),)],
        "lazy": gettext_lazy("The discarder"),
        "enum": Win.SELF_DRAW,
        7: "an int key",
    }
    with translation.override("en"):
        written = dumps(payload)
    assert loads(written) == {
        "none": None,
        "yes": True,
        "no": False,
        "list": [1, "二", [Decimal("0.25")]],
        "lazy": "The discarder",
        "enum": "self_draw",
        "7": "an int key",
    }
    assert "二" in written  # written as itself, not \u4e8c


# Amounts the engine makes: they divide only by 2, 4 and powers of ten, so they end.
amounts = st.builds(
    lambda n, twos, fives: Fraction(n, 2**twos * 5**fives),
    st.integers(-(10**12), 10**12),
    st.integers(0, 8),
    st.integers(0, 8),
)
texts = st.text()
with_amounts = st.recursive(
    st.none() | st.booleans() | texts | amounts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=20,
)


def exact(value):
    """Numbers as Fractions, so a written value and the value read back compare exactly."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | Fraction | Decimal):
        return Fraction(value)
    if isinstance(value, dict):
        return {key: exact(item) for key, item in value.items()}
    return [exact(item) for item in value]


@settings(deadline=None)
@given(with_amounts)
def test_everything_reads_back_exactly(value):
    assert exact(loads(dumps(value))) == exact(value)


def test_a_read_only_mapping_is_an_object():
    # The engine freezes its results' mappings (`Outcome.extra`, a step's args).
    payload = {"extra": MappingProxyType({"bettor": "none", "paid": Fraction(5, 2)})}
    assert dumps(payload) == '{"extra":{"bettor":"none","paid":2.5}}'
