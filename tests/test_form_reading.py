"""A family form's engine inputs are the engine's own for the values it read.

The families build their default rules and a hand's default shape once and share them;
any values read must make the same inputs as making them afresh.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlencode

from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.families import FAMILIES
from calculator.scoring import hk, riichi
from tests.test_sheet_stored_read import value_of


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
