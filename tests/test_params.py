"""Parameter syntax from contract.md, field by field."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django import forms as django_forms
from django.http import QueryDict

from calculator.families import FAMILIES
from calculator.families.hk.forms import Form as HKForm
from calculator.forms.base import ParamForm


def form(query: str) -> HKForm:
    return HKForm(QueryDict(query))


def codes(f: HKForm, name: str) -> list[str]:
    return [e.code for e in f.errors.as_data().get(name, [])]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("fan=", "required"),
        ("fan=abc", "invalid"),
        ("fan=14", "out_of_range"),
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


def test_a_forms_fields_are_its_own_dict_of_the_classs_params():
    form_class = FAMILIES["riichi"].form
    form = form_class({})
    assert form.fields == form_class.base_fields and form.fields is not form_class.base_fields
    assert all(form.fields[name] is field for name, field in form_class.base_fields.items())
    del form.fields["han"]  # a form may drop or reorder its own: the class keeps them
    assert "han" in form_class.base_fields and "han" in form_class({}).fields

    class WithAPlainField(ParamForm):  # a field that is no Param is copied for each form
        note = django_forms.CharField(required=False)

    one, two = WithAPlainField({}), WithAPlainField({})
    assert one.fields["note"] is not two.fields["note"]
