"""Parameter syntax from contract.md, field by field."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.http import QueryDict

from calculator.families.hk.forms import Form as HKForm
from calculator.forms.base import ParamForm
from calculator.forms.tile_params import TilesParam
from calculator.middleware import TooManyFields


def form(query: str) -> HKForm:
    return HKForm(QueryDict(query))


def codes(f: HKForm, name: str) -> list[str]:
    return [e.code for e in f.errors.as_data().get(name, [])]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("fan=", "required"),
        ("fan=abc", "invalid"),
        ("fan=100", "out_of_range"),
        ("fan=-1", "out_of_range"),
        ("fan=3.0", "invalid"),
        ("fan=٣", "invalid"),
        ("fan=" + "9" * 5000, "out_of_range"),
    ],
)
def test_bad_fan_values_are_field_errors(query, code):
    f = form(query)
    assert not f.is_valid()
    assert codes(f, "fan") == [code]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1", Fraction(1)),
        ("0.25", Fraction(1, 4)),
        ("2.5", Fraction(5, 2)),
        ("0.0001", Fraction(1, 10000)),
        ("1000000", Fraction(1000000)),
    ],
)
def test_unit_is_exact(text, value):
    f = form(f"unit={text}")
    assert f.is_valid(), f.errors
    assert f.cleaned_data["unit"] == value


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("-1", "out_of_range"),
        ("1000000.5", "out_of_range"),
        ("0.00001", "invalid"),
        ("NaN", "invalid"),
        ("1e309", "invalid"),
        ("inf", "invalid"),
        ("1,5", "invalid"),
    ],
)
def test_bad_unit_values(text, code):
    assert codes(form(f"unit={text}"), "unit") == [code]


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "on", "Yes"])
def test_boolean_true_words(word):
    f = form(f"round_up={word}")
    assert f.is_valid() and f.cleaned_data["round_up"] is True


@pytest.mark.parametrize("word", ["0", "false", "Off", "NO"])
def test_boolean_false_words(word):
    f = form(f"dealer={word}")
    assert f.is_valid() and f.cleaned_data["dealer"] is False


def test_boolean_rejects_other_words():
    assert codes(form("dealer=maybe"), "dealer") == ["invalid"]


def test_enumerations_are_exact_lowercase_words():
    assert codes(form("scale=quarter"), "scale") == ["not_allowed"]
    assert codes(form("scale=HALF"), "scale") == ["not_allowed"]


def test_repeated_parameter_last_one_wins():
    f = form("fan=5&fan=6")
    assert f.is_valid() and f.cleaned_data["fan"] == 6


def test_unknown_parameters_are_ignored():
    assert form("colour=red&fan=4").is_valid()


def test_canonical_query_lists_only_non_defaults_in_contract_order():
    f = form("unit=2.50&fan=5&scale=half&split=half&round_up=yes&dealer=0")
    assert f.canonical_query == "fan=5&split=half&unit=2.5&round_up=1"


def test_canonical_url_of_defaults_is_the_bare_path():
    assert form("fan=3&win=discard").canonical_url() == "/hk/"


def test_hidden_zero_then_ticked_box_reads_as_on():
    # The page sends `dealer=0&dealer=1` for a ticked box (hidden 0 first): last one wins.
    f = form("dealer=0&dealer=1")
    assert f.is_valid() and f.cleaned_data["dealer"] is True


@pytest.mark.parametrize(
    ("query", "fan"), [("fan=３", 3), ("fan=１３", 13), ("fan=０５", 5), ("fan=1２", 12)]
)
def test_full_width_digits_read_as_digits(query, fan):
    """What a Chinese input method types (contract § Parameter syntax)."""
    f = form(query)
    assert f.is_valid(), f.errors
    assert f.cleaned_data["fan"] == fan
    assert f.canonical_query == ("" if fan == 3 else f"fan={fan}")  # written back in ASCII


def test_a_full_width_unit_reads_as_its_digits():
    f = form("unit=２.５")
    assert f.is_valid(), f.errors
    assert f.canonical_query == "unit=2.5"


class TilesForm(ParamForm):
    slug = "tiles"
    hand = TilesParam(name="hand", what="tiles", red_fives=False, required=True)

    def build_inputs(self):
        return ()


def test_a_form_read_from_too_many_fields_has_that_one_error():
    # Nothing was read, so nothing is missing: not "enter a value" on every field.
    form = TilesForm(TooManyFields())
    assert form.errors.as_data().keys() == {"__all__"}
    assert form.has_error("__all__", "too_many_fields")
    assert TilesForm(QueryDict("")).has_error("hand", "required")


def test_a_form_changes_only_its_own_fields():
    # The form read from too many fields makes its own fields optional; the class and every
    # other form keep theirs.
    assert not TilesForm(TooManyFields()).fields["hand"].required
    assert TilesForm.base_fields["hand"].required
    assert TilesForm(QueryDict("")).fields["hand"].required
