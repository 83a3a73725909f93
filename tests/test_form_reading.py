"""A family form reads the parameters sent and takes its defaults for the rest.

`ParamForm._clean_fields` reads only the parameters a request sends; every other field
takes the value it reads when absent, worked out once per class. This holds that reading
equal to reading every field as Django does, over hostile queries of every family; and
the engine inputs made from what was read equal to those made afresh, the shared defaults
notwithstanding.
"""

from __future__ import annotations

from datetime import timedelta
from unittest import mock
from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.families import FAMILIES
from calculator.forms import base
from calculator.scoring import hk, riichi
from tests.test_fuzz import hostile_text, param_names
from tests.test_sheet_stored_read import value_of

SLUGS = [slug for slug, family in FAMILIES.items() if family.form]


def reading(form_class, query: str) -> tuple:
    form = form_class(QueryDict(query))
    valid = form.is_valid()
    return (
        valid,
        form.errors_json(),
        form.cleaned_data,
        getattr(form, "inputs", None) if valid else None,
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_a_form_reads_the_sent_parameters_and_defaults_the_rest_as_each_field_would(slug):
    form_class = FAMILIES[slug].form
    assert base._absent_values(form_class) is not None  # every family form takes the lean read

    @settings(max_examples=80, deadline=timedelta(seconds=2))
    @given(
        pairs=st.lists(
            st.tuples(st.sampled_from(param_names(slug)), hostile_text | st.just("")),
            max_size=6,
        )
    )
    def run(pairs):
        query = urlencode(pairs)
        lean = reading(form_class, query)
        with mock.patch.object(base, "_absent_values", lambda form: None):
            field_by_field = reading(form_class, query)
        assert lean == field_by_field
        # Read without binding: a form exactly when the bound one is valid, and the same.
        alone = form_class.read_if_valid(QueryDict(query))
        assert (alone is not None) == lean[0]
        if alone is not None:
            assert (alone.cleaned_data, alone.inputs) == (lean[2], lean[3])

    run()


def test_a_form_with_a_field_that_is_no_param_is_read_field_by_field():
    from django import forms

    class Mixed(base.ParamForm):
        slug = "mixed"
        note = forms.CharField(required=False)

        def build_inputs(self):
            return (self.cleaned_data["note"],)

    assert base._absent_values(Mixed) is None
    form = Mixed(QueryDict("note=hello"))
    assert form.is_valid() and form.inputs == ("hello",)


@settings(max_examples=120, deadline=timedelta(seconds=2))
@given(
    slug=st.sampled_from(["hk", "riichi"]),
    data=st.data(),
)
def test_table_rules_and_a_hands_shape_are_the_engines_own_for_the_values_read(slug, data):
    # Default rules and the default shape are shared, made once: any values read make the
    # same engine inputs as making them afresh.
    fields = FAMILIES[slug].form.base_fields
    names = data.draw(st.lists(st.sampled_from(list(fields)), max_size=6, unique=True))
    query = urlencode({name: data.draw(value_of(fields[name])) for name in names})
    form = FAMILIES[slug].form(QueryDict(query))
    if not form.is_valid():
        return
    cleaned = form.cleaned_data
    if slug == "hk":
        names = ("scale", "cap", "split", "self_draw_pay", "unit", "min_fan", "round_up")
        expected = hk.Rules(**{name: cleaned[name] for name in names})
        assert form.inputs[1] == expected
        return
    hand, rules = form.inputs
    assert rules == riichi.Rules(
        kiriage=cleaned["kiriage"],
        kazoe=cleaned["kazoe"],
        players=cleaned["players"],
        sanma=cleaned["sanma"],
        sanma_honba=cleaned["sanma_honba"],
    )
    assert hand.structure == riichi.Structure(
        chiitoitsu=cleaned["chiitoitsu"],
        closed=cleaned["closed"],
        wait=cleaned["wait"],
        pair=cleaned["pair"],
        melds=tuple(cleaned[f"m{i}"] for i in range(1, 5)),
    )
