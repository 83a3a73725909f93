"""A family form reads the parameters sent and takes its defaults for the rest.

`ParamForm._clean_fields` reads only the parameters a request sends; every other field
takes the value it reads when absent, worked out once per class. This holds that reading
equal to reading every field as Django does, over hostile queries of every family.
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
from tests.test_fuzz import hostile_text, param_names

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
