"""A stored hand read back gives what recording it gave.

What `read_hand` stores of a hand, read back by `read_stored`, gives the same engine
inputs, stored values and cleaned values, over random hands of every family.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.families import FAMILIES
from calculator.forms.new_sheet import read_new_sheet
from calculator.forms.sheet import ReadHand, hand_params, read_hand, read_stored, table_of
from calculator.params import (
    BoolParam,
    ChoiceParam,
    DecimalParam,
    IntChoiceParam,
    IntParam,
    MultiChoiceParam,
)
from calculator.presenters.sheet import hand_inputs, input_names

SLUGS = [slug for slug, family in FAMILIES.items() if family.form]
NAMES = {"name1": "a", "name2": "b", "name3": "c", "name4": "d"}
# Table rules away from their defaults, so that they travel with every hand read.
RULES = {
    "hk": {"scale": "full", "unit": "0.5"},
    "riichi": {"kiriage": "1", "uma": "15,5,-5,-15"},
    "sanma": {"players": "3", "sanma": "bisection", "noten": "2000"},
    "jiujiang": {"base": "2", "cap": "none"},
    "classical": {"limit": "1000"},
}


def value_of(field) -> st.SearchStrategy[str]:
    """Values a phone could send for one family field, mostly valid."""
    if isinstance(field, MultiChoiceParam):
        return st.lists(st.sampled_from([m.value for m in field.enum]), min_size=1, max_size=3).map(
            ",".join
        )
    if isinstance(field, ChoiceParam):
        return st.sampled_from([m.value for m in field.enum])
    if isinstance(field, BoolParam):
        return st.sampled_from(["0", "1"])
    if isinstance(field, IntChoiceParam):
        return st.sampled_from([str(v) for v in field.allowed])
    if isinstance(field, IntParam | DecimalParam):
        return st.integers(field.minimum, min(field.maximum, field.minimum + 40)).map(str)
    return st.just("1")


@st.composite
def hands(draw, slug: str, players: int = 4) -> dict[str, str]:
    family = FAMILIES[slug]
    fields = {
        name: family.form.base_fields[family.sheet.field_name(name)] for name in hand_params(family)
    }
    chosen = draw(st.lists(st.sampled_from(sorted(fields)), unique=True, max_size=4))
    data = {name: draw(value_of(fields[name])) for name in chosen}
    seats = ["1", "2", "3", "4"][:players]
    winner = data["winner"] = draw(st.sampled_from([*seats, "none"]))
    # Mostly who a table would name: the discarder of a discard win, nobody otherwise.
    if slug != "classical" and winner != "none" and data.get("win") != "self_draw":
        data["discarder"] = draw(st.sampled_from([seat for seat in seats if seat != winner]))
    if slug == "riichi":
        data["riichi"] = draw(st.sampled_from(["", "1", "2,4"]))
        if data["winner"] == "none":
            data["tenpai"] = draw(st.sampled_from(["", "2", "1,3"]))
    if slug == "hk" and data.get("liable") == "1":
        data["liable_player"] = draw(st.sampled_from(["1", "3"]))
    return data


@pytest.mark.parametrize("kind", [*SLUGS, "sanma"])
def test_a_stored_hand_reads_back_as_it_was_recorded(kind):
    slug = "riichi" if kind == "sanma" else kind  # sanma: three-player riichi
    names = {k: v for k, v in NAMES.items() if kind != "sanma" or k != "name4"}
    new = read_new_sheet({**names, "family": slug, **RULES.get(kind, {})})
    assert not isinstance(new, dict), new
    table = table_of(slug, new.rules, len(new.names))
    valid = []

    @settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
    @given(data=hands(slug, len(new.names)))
    def check(data):
        recorded = read_hand(slug, new.rules, table, data)
        if not isinstance(recorded, ReadHand):
            return  # refused when recorded: nothing stored to read back
        valid.append(data)
        back = read_stored(
            slug, new.rules, table, recorded.winner, recorded.discarder, recorded.params
        )
        assert back.entry == recorded.entry
        assert back.params == recorded.params
        assert back.family_form.cleaned_data == recorded.family_form.cleaned_data
        # HAND.inputs, read or recorded: every per-hand value as its field writes it.
        for read in (recorded, back):
            form = read.family_form
            every = {
                name: form.fields[field].json_value(form.cleaned_data[field])
                for name, field, _default in names_of
            }
            shown = hand_inputs(read, names_of)
            if read.winner is not None and read.entry.liable_player is not None:
                assert shown.pop("liable_player") == read.entry.liable_player
            assert shown == (every if read.winner is not None else {})

    names_of = input_names(slug)
    check()
    assert len(valid) >= 20, f"only {len(valid)} valid {slug} hands were generated"


def test_a_stored_value_that_no_longer_reads_is_an_error_not_a_guess():
    new = read_new_sheet({**NAMES, "family": "hk"})
    table = table_of("hk", new.rules, 4)
    with pytest.raises(ValueError, match="fan"):
        read_stored("hk", new.rules, table, 1, None, {"fan": "100", "win": "self_draw"})
    with pytest.raises(ValueError, match="discarder"):
        read_stored("hk", new.rules, table, 1, 1, {"fan": "5"})
