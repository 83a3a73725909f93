"""rules.md § jiujiang and seed 001's worked cases, through the engine alone."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.jiujiang import (
    BaseAdd,
    Cap,
    Hand,
    HaohuaExtra,
    Pattern,
    Pay,
    Rules,
    input_errors,
    score,
    unused_settings,
)
from calculator.scoring.outcome import Step, Win

F = Fraction
P = Pattern


def hand(*patterns, **kwargs):
    return Hand(frozenset(patterns), **kwargs)


def amounts(outcome):
    return [p.amount for p in outcome.payments]


def payers(outcome):
    return [p.payer for p in outcome.payments]


def codes(outcome):
    return [step.code for step in outcome.steps]


# Seed 001 --------------------------------------------------------------------------------


def test_seed_001_case_1_pengpeng_self_draw_dealer():
    """底番 1 + 碰碰胡 2 = 3; 自摸 ×2 = 6; 莊家 ×2 = 12; under the 16 cap."""
    outcome = score(hand(P.PENGPENG, win=Win.SELF_DRAW, dealer=True))
    assert amounts(outcome) == [12, 12, 12]
    assert payers(outcome) == ["other"] * 3
    assert outcome.base == 12
    assert outcome.winner_receives == 36
    assert outcome.notes == ()
    assert list(outcome.steps) == [
        Step("pattern", {"pattern": "pengpeng", "value": 2, "ignored": []}),
        Step("base_add", {"before": 2, "add": 1, "value": 3}),
        Step("multiply", {"reason": "self_draw", "before": 3, "factor": 2, "value": 6}),
        Step("multiply", {"reason": "dealer", "before": 6, "factor": 2, "value": 12}),
        Step("under_cap", {"fan": 12, "cap": 16, "rule": "fan16"}),
        Step("split", {"mode": "self_draw", "share": 12, "total": 36}),
    ]


def test_seed_001_case_2_qidui_robbed_kong():
    """七對 4; 搶杠 ×2 = 8; 包三家: the robbed player bears the whole win."""
    one = score(hand(P.QIDUI, qianggang=True))
    assert amounts(one) == [8, 0, 0]
    assert payers(one) == ["discarder", "other", "other"]
    three = score(hand(P.QIDUI, qianggang=True), Rules(pay=Pay.THREE))
    assert amounts(three) == [24, 0, 0]
    assert three.base == 8  # one share, also under 包三家
    assert three.steps[-1] == Step("split", {"mode": "three", "share": 8, "total": 24})
    assert Step("base_skip", {"reason": "seven_pairs", "value": 4}) in three.steps


# rules.md examples -----------------------------------------------------------------------


def test_pengpeng_and_hunyise_hunyise_counts():
    outcome = score(hand(P.PENGPENG, P.HUNYISE))
    assert outcome.steps[0] == Step(
        "pattern", {"pattern": "hunyise", "value": 3, "ignored": ["pengpeng"]}
    )
    assert outcome.base == 4  # 1 + 3, never 1 + 2 + 3


def test_qingyise_self_draw_dealer_is_capped_at_16():
    outcome = score(hand(P.QINGYISE, win=Win.SELF_DRAW, dealer=True))
    values = [s.args["value"] for s in outcome.steps if s.code in {"base_add", "multiply"}]
    assert values == [7, 14, 28]
    assert amounts(outcome) == [16, 16, 16]
    assert [n.code for n in outcome.notes] == ["capped"]
    assert outcome.notes[0].args == {"fan": 28, "cap": 16, "rule": "fan16"}
    assert Step("cap", {"fan": 28, "cap": 16, "rule": "fan16"}) in outcome.steps


def test_qingyise_self_draw_dealer_mult5_cap():
    outcome = score(hand(P.QINGYISE, win=Win.SELF_DRAW, dealer=True), Rules(cap=Cap.MULT5))
    assert amounts(outcome) == [5, 5, 5]
    assert outcome.has_note("capped")


def test_qingyise_self_draw_dealer_base_2_scales_the_capped_value():
    outcome = score(hand(P.QINGYISE, win=Win.SELF_DRAW, dealer=True), Rules(base=2))
    assert amounts(outcome) == [32, 32, 32]
    assert codes(outcome)[-3:] == ["cap", "base", "split"]
    assert Step("base", {"before": 16, "base": 2, "value": 32}) in outcome.steps


def test_no_cap():
    outcome = score(hand(P.QINGYISE, win=Win.SELF_DRAW, dealer=True), Rules(cap=Cap.NONE))
    assert amounts(outcome) == [28, 28, 28]
    assert outcome.notes == ()
    assert "cap" not in codes(outcome) and "under_cap" not in codes(outcome)


def test_pengpeng_self_draw_base_2():
    outcome = score(hand(P.PENGPENG, win=Win.SELF_DRAW), Rules(base=2))
    assert amounts(outcome) == [12, 12, 12]  # 3 → 6 → × 2


@pytest.mark.parametrize(("extra", "value"), [(HaohuaExtra.DOUBLE, 16), (HaohuaExtra.PLUS4, 12)])
def test_haohua_two_groups(extra, value):
    outcome = score(hand(P.HAOHUA, haohua_groups=2), Rules(haohua_extra=extra, cap=Cap.NONE))
    assert outcome.base == value
    assert outcome.steps[1] == Step(
        "haohua_extra", {"groups": 2, "extra": extra.value, "before": 8, "value": value}
    )


def test_haohua_one_group_is_8_and_counts_over_qidui_and_qingyise():
    outcome = score(hand(P.QIDUI, P.QINGYISE, P.HAOHUA))
    assert outcome.base == 8
    assert outcome.steps[0].args["ignored"] == ["qidui", "qingyise"]


@pytest.mark.parametrize(
    ("patterns", "base_add", "value"),
    [
        ({P.PINGHU}, BaseAdd.AUTO, 1),
        ({P.PINGHU}, BaseAdd.ALWAYS, 1),
        ({P.PENGPENG}, BaseAdd.AUTO, 3),
        ({P.PENGPENG}, BaseAdd.NEVER, 2),
        ({P.QIDUI}, BaseAdd.AUTO, 4),
        ({P.QIDUI}, BaseAdd.ALWAYS, 5),
        # 清一色 counts, but the hand is seven pairs: auto adds nothing.
        ({P.QIDUI, P.QINGYISE}, BaseAdd.AUTO, 6),
        ({P.QIDUI, P.QINGYISE}, BaseAdd.ALWAYS, 7),
        ({P.QINGYISE}, BaseAdd.AUTO, 7),
    ],
)
def test_base_add(patterns, base_add, value):
    assert score(Hand(frozenset(patterns)), Rules(base_add=base_add)).base == value


def test_pinghu_discard_default_table():
    outcome = score(Hand())
    assert amounts(outcome) == [1, 0, 0]
    assert outcome.steps[1] == Step("base_skip", {"reason": "pinghu", "value": 1})


def test_gangkai_doubles_once_not_on_top_of_self_draw():
    outcome = score(hand(P.PENGPENG, win=Win.SELF_DRAW, gangkai=True))
    assert amounts(outcome) == [6, 6, 6]
    multipliers = [s.args["reason"] for s in outcome.steps if s.code == "multiply"]
    assert multipliers == ["gangkai"]


def test_qianggang_dealer_three_pay():
    outcome = score(hand(P.PENGPENG, qianggang=True, dealer=True), Rules(pay=Pay.THREE))
    assert amounts(outcome) == [36, 0, 0]  # 3 → 6 → 12, three shares


def test_unit_comes_last():
    outcome = score(hand(P.PENGPENG, win=Win.SELF_DRAW), Rules(unit=F("0.5"), base=2))
    assert amounts(outcome) == [6, 6, 6]
    assert codes(outcome)[-3:] == ["base", "unit", "split"]
    assert Step("unit", {"value": 12, "unit": F(1, 2), "points": 6}) in outcome.steps


# Contradictions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "patterns",
    [
        {P.PINGHU, P.PENGPENG},
        {P.PINGHU, P.HUNYISE},
        {P.PINGHU, P.QIDUI},
        {P.PINGHU, P.QINGYISE},
        {P.PINGHU, P.HAOHUA},
        {P.PENGPENG, P.QIDUI},
        {P.PENGPENG, P.HAOHUA},
        {P.HUNYISE, P.QINGYISE},
        {P.PENGPENG, P.HUNYISE, P.QINGYISE},
    ],
)
def test_impossible_pattern_sets(patterns):
    bad = Hand(frozenset(patterns))
    assert input_errors(bad) == {"pattern": "contradiction"}
    with pytest.raises(ValueError):
        score(bad)


@pytest.mark.parametrize(
    "patterns",
    [
        {P.QIDUI, P.HAOHUA},
        {P.PENGPENG, P.HUNYISE},
        {P.PENGPENG, P.QINGYISE},
        {P.QIDUI, P.HUNYISE},
        {P.QIDUI, P.QINGYISE},
        {P.HAOHUA, P.QINGYISE},
    ],
)
def test_possible_pattern_sets(patterns):
    assert input_errors(Hand(frozenset(patterns))) == {}


def test_empty_pattern_set_is_required():
    assert input_errors(Hand(frozenset())) == {"pattern": "required"}


def test_gangkai_on_a_discard():
    assert input_errors(Hand(gangkai=True)) == {"gangkai": "contradiction"}


def test_qianggang_on_a_self_draw():
    assert input_errors(Hand(win=Win.SELF_DRAW, qianggang=True)) == {"qianggang": "contradiction"}


def test_haohua_groups_out_of_range():
    assert input_errors(Hand(haohua_groups=3)) == {"haohua_groups": "out_of_range"}


# unused settings -------------------------------------------------------------------------


def test_unused_settings():
    assert unused_settings(hand(P.HAOHUA, haohua_groups=2), Rules()) == frozenset()
    assert unused_settings(hand(P.HAOHUA), Rules()) == {"haohua_extra"}
    assert unused_settings(hand(P.QIDUI, win=Win.SELF_DRAW), Rules()) == {
        "haohua_groups",
        "haohua_extra",
        "pay",
    }


# Invariants ------------------------------------------------------------------------------

valid_hands = st.builds(
    Hand,
    patterns=st.frozensets(st.sampled_from(Pattern), min_size=1),
    haohua_groups=st.sampled_from([1, 2]),
    win=st.sampled_from(Win),
    gangkai=st.booleans(),
    qianggang=st.booleans(),
    dealer=st.booleans(),
).filter(lambda h: not input_errors(h))

rules = st.builds(
    Rules,
    haohua_extra=st.sampled_from(HaohuaExtra),
    base=st.integers(1, 10),
    base_add=st.sampled_from(BaseAdd),
    cap=st.sampled_from(Cap),
    pay=st.sampled_from(Pay),
    unit=st.fractions(min_value=0, max_value=1000, max_denominator=10000),
)


# rules.md § jiujiang, worked without the engine.
VALUES = {
    P.PINGHU: 1,
    P.PENGPENG: 2,
    P.HUNYISE: 3,
    P.QIDUI: 4,
    P.QINGYISE: 6,
    P.HAOHUA: 8,
}
CAPS = {Cap.FAN16: 16, Cap.MULT5: 5, Cap.NONE: None}


def expected_share(h: Hand, r: Rules) -> Fraction:
    """Highest pattern, 底番 added, multipliers, cap, × 底番, × unit."""
    counted = max(h.patterns, key=VALUES.get)
    value = VALUES[counted]
    if counted is P.HAOHUA and h.haohua_groups == 2:
        value = 16 if r.haohua_extra is HaohuaExtra.DOUBLE else 12
    seven_pairs = bool(h.patterns & {P.QIDUI, P.HAOHUA})
    if counted is not P.PINGHU and (
        r.base_add is BaseAdd.ALWAYS or (r.base_add is BaseAdd.AUTO and not seven_pairs)
    ):
        value += 1
    value *= 2 ** sum([h.win is Win.SELF_DRAW, h.qianggang, h.dealer])
    if CAPS[r.cap] is not None:
        value = min(value, CAPS[r.cap])
    return value * r.base * r.unit


@settings(deadline=None)
@given(valid_hands, rules)
def test_payments_follow_the_formula(h, r):
    outcome = score(h, r)
    share = expected_share(h, r)
    if h.win is Win.SELF_DRAW:
        expected = [("other", share)] * 3
    else:
        discarder = share * (3 if r.pay is Pay.THREE else 1)
        expected = [("discarder", discarder), ("other", 0), ("other", 0)]
    assert [(p.payer, p.amount) for p in outcome.payments] == expected
    assert outcome.base == share
    assert outcome.from_table == 0
    assert outcome.winner_receives == sum(amount for _, amount in expected)
    assert outcome.steps[-1].args["total"] == outcome.winner_receives


@settings(deadline=None)
@given(valid_hands, rules)
def test_the_cap_bounds_the_share_and_is_noted(h, r):
    outcome = score(h, r)
    assert outcome.has_note("capped") == ("cap" in codes(outcome))
    if r.cap is not Cap.NONE:
        cap = 16 if r.cap is Cap.FAN16 else 5
        assert outcome.base <= cap * r.base * r.unit


@settings(deadline=None)
@given(valid_hands, rules)
def test_multipliers_are_at_most_four_times(h, r):
    assert codes(score(h, r)).count("multiply") <= 2
