"""rules.md § mcr, row by row, through the engine alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.mcr import Hand, reference_table, score, unused_settings
from calculator.scoring.outcome import Win


def amounts(outcome):
    return [p.amount for p in outcome.payments]


def roles(outcome):
    return [p.payer for p in outcome.payments]


@pytest.mark.parametrize(
    ("points", "flowers", "win", "receives", "payments"),
    [
        (8, 0, Win.DISCARD, 32, [16, 8, 8]),
        (8, 0, Win.SELF_DRAW, 48, [16, 16, 16]),
        (24, 2, Win.DISCARD, 50, [34, 8, 8]),
        (6, 0, Win.DISCARD, 30, [14, 8, 8]),
    ],
)
def test_rules_md_examples(points, flowers, win, receives, payments):
    outcome = score(Hand(points, flowers, win))
    assert outcome.winner_receives == receives
    assert amounts(outcome) == payments
    assert outcome.base == points + flowers + 8
    assert outcome.from_table == 0


def test_8_points_has_no_notes():
    assert score(Hand(8)).notes == ()


def test_6_points_is_below_the_minimum_but_still_computed():
    outcome = score(Hand(6))
    assert outcome.winner_receives == 30
    assert [n.code for n in outcome.notes] == ["below_min_points"]
    assert dict(outcome.notes[0].args) == {"points": 6, "min_points": 8}


def test_flowers_never_count_toward_the_minimum():
    outcome = score(Hand(6, flowers=2))
    assert outcome.has_note("below_min_points")
    assert outcome.winner_receives == 32  # still priced as 8 in total


def test_role_order_per_contract():
    assert roles(score(Hand())) == ["discarder", "other", "other"]
    assert roles(score(Hand(win=Win.SELF_DRAW))) == ["other"] * 3


def test_steps_are_codes_with_args():
    outcome = score(Hand(24, 2))
    assert [s.code for s in outcome.steps] == ["mcr_points", "mcr_base", "mcr_discard"]
    assert dict(outcome.steps[0].args) == {"points": 24, "flowers": 2, "total": 26}
    assert dict(outcome.steps[1].args) == {"total": 26, "flat": 8, "base": 34}
    assert dict(outcome.steps[2].args) == {"discarder": 34, "other": 8, "receives": 50}
    self_draw = score(Hand(8, win=Win.SELF_DRAW)).steps[-1]
    assert (self_draw.code, dict(self_draw.args)) == ("mcr_self_draw", {"each": 16, "receives": 48})


def test_every_setting_is_used():
    assert unused_settings(Hand()) == frozenset()


def test_reference_table():
    rows = reference_table(Hand())
    assert [r.points for r in rows] == [8, 16, 24, 32, 48, 64, 88]
    top = rows[-1]
    assert (top.discard_receives, top.discarder_pays) == (112, 96)
    assert (top.self_draw_each, top.self_draw_receives) == (96, 288)


def test_reference_table_follows_the_flower_count():
    first = reference_table(Hand(points=40, flowers=2, win=Win.SELF_DRAW))[0]
    assert (first.discard_receives, first.discarder_pays) == (34, 18)
    assert (first.self_draw_each, first.self_draw_receives) == (18, 54)


hands = st.builds(
    Hand,
    points=st.integers(0, 1000),
    flowers=st.integers(0, 8),
    win=st.sampled_from(Win),
)


@settings(deadline=None)
@given(hands)
def test_payments_follow_the_formula(hand):
    """rules.md § mcr: P = points + flowers; the liable pay P + 8, everyone else 8."""
    outcome = score(hand)
    liable = hand.points + hand.flowers + 8
    if hand.win is Win.SELF_DRAW:
        expected = [("other", liable)] * 3
        receives = 3 * (hand.points + hand.flowers) + 24
    else:
        expected = [("discarder", liable), ("other", 8), ("other", 8)]
        receives = hand.points + hand.flowers + 24
    assert [(p.payer, p.amount) for p in outcome.payments] == expected
    assert outcome.base == liable
    assert outcome.from_table == 0
    assert outcome.winner_receives == receives


@settings(deadline=None)
@given(hands)
def test_the_note_depends_on_pattern_points_alone(hand):
    assert score(hand).has_note("below_min_points") == (hand.points < 8)
