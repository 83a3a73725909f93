"""rules.md § nmjl, row by row, through the engine alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.nmjl import (
    Bettor,
    Hand,
    HandKind,
    input_errors,
    reference_table,
    score,
    unused_settings,
)
from calculator.scoring.outcome import Win

SP = HandKind.SINGLES_PAIRS


def amounts(outcome):
    return [p.amount for p in outcome.payments]


def roles(outcome):
    return [p.payer for p in outcome.payments]


@pytest.mark.parametrize(
    ("win", "jokerless", "receives", "payments"),
    [
        (Win.DISCARD, False, 100, [50, 25, 25]),
        (Win.SELF_DRAW, True, 300, [100, 100, 100]),
        (Win.SELF_DRAW, False, 150, [50, 50, 50]),
        (Win.DISCARD, True, 200, [100, 50, 50]),
    ],
)
def test_rules_md_examples(win, jokerless, receives, payments):
    outcome = score(Hand(25, win, jokerless))
    assert outcome.winner_receives == receives
    assert amounts(outcome) == payments
    assert outcome.base == (50 if jokerless else 25)
    assert "bettor" not in outcome.extra
    assert outcome.notes == ()


@pytest.mark.parametrize("win", list(Win))
def test_singles_and_pairs_are_never_doubled(win):
    plain = score(Hand(50, win, hand=SP))
    jokerless = score(Hand(50, win, jokerless=True, hand=SP))
    assert amounts(jokerless) == amounts(plain)
    assert jokerless.base == 50
    assert [n.code for n in jokerless.notes] == ["jokerless_not_doubled"]
    assert plain.notes == ()


def test_bettor_on_the_winner_of_a_25_discard_receives_100():
    outcome = score(Hand(25, bettor=Bettor.WINNER))
    assert dict(outcome.extra["bettor"]) == {"on": "winner", "receives": 100}
    assert amounts(outcome) == [50, 25, 25]  # nobody extra pays the winner
    assert outcome.winner_receives == 100


def test_bettor_on_the_discarder_of_a_25_discard_pays_50():
    outcome = score(Hand(25, bettor=Bettor.DISCARDER))
    assert dict(outcome.extra["bettor"]) == {"on": "discarder", "pays": 50}
    assert roles(outcome) == ["discarder", "other", "other", "bettor"]
    assert amounts(outcome) == [50, 25, 25, 50]
    assert outcome.winner_receives == 150


@pytest.mark.parametrize(
    ("win", "jokerless", "pays", "receives"),
    [
        (Win.DISCARD, False, 25, 125),
        (Win.DISCARD, True, 50, 250),
        (Win.SELF_DRAW, False, 50, 200),
        (Win.SELF_DRAW, True, 100, 400),
    ],
)
def test_bettor_on_another_loser(win, jokerless, pays, receives):
    outcome = score(Hand(25, win, jokerless, bettor=Bettor.OTHER))
    assert dict(outcome.extra["bettor"]) == {"on": "other", "pays": pays}
    assert outcome.payments[-1].payer == "bettor"
    assert outcome.winner_receives == receives


def test_bettor_on_a_self_drawing_winner():
    outcome = score(Hand(25, Win.SELF_DRAW, jokerless=True, bettor=Bettor.WINNER))
    assert dict(outcome.extra["bettor"]) == {"on": "winner", "receives": 300}


def test_role_order_per_contract():
    assert roles(score(Hand())) == ["discarder", "other", "other"]
    assert roles(score(Hand(win=Win.SELF_DRAW))) == ["other"] * 3


def test_bettor_on_the_discarder_of_a_self_draw_is_a_contradiction():
    hand = Hand(win=Win.SELF_DRAW, bettor=Bettor.DISCARDER)
    assert input_errors(hand) == {"bettor": "contradiction"}
    with pytest.raises(ValueError):
        score(hand)


@pytest.mark.parametrize("bettor", list(Bettor))
@pytest.mark.parametrize("win", list(Win))
def test_input_errors_are_empty_otherwise(bettor, win):
    if (bettor, win) != (Bettor.DISCARDER, Win.SELF_DRAW):
        assert input_errors(Hand(win=win, bettor=bettor)) == {}


def test_steps_are_codes_with_args():
    outcome = score(Hand(25, jokerless=True, bettor=Bettor.DISCARDER))
    assert [(s.code, dict(s.args)) for s in outcome.steps] == [
        ("nmjl_value", {"value": 25}),
        ("nmjl_jokerless", {"value": 25, "doubled": 50}),
        ("nmjl_discard", {"value": 50, "discarder": 100, "other": 50, "receives": 200}),
        ("nmjl_bettor_on_loser", {"on": "discarder", "pays": 100, "receives": 300}),
    ]
    outcome = score(Hand(30, Win.SELF_DRAW, jokerless=True, hand=SP, bettor=Bettor.WINNER))
    assert [(s.code, dict(s.args)) for s in outcome.steps] == [
        ("nmjl_value", {"value": 30}),
        ("nmjl_jokerless_not_doubled", {"value": 30}),
        ("nmjl_self_draw", {"value": 30, "each": 60, "receives": 180}),
        ("nmjl_bettor_on_winner", {"receives": 180}),
    ]


def test_hand_kind_is_unused_without_jokerless():
    assert unused_settings(Hand()) == frozenset({"hand"})
    assert unused_settings(Hand(jokerless=True)) == frozenset()


def test_reference_table():
    rows = reference_table(Hand())
    assert [(r.value, r.jokerless) for r in rows[:3]] == [(25, False), (25, True), (30, False)]
    assert len(rows) == 12
    last = rows[-1]  # 50, jokerless
    assert last.counted == 100
    assert (last.discard_receives, last.discarder_pays) == (400, 200)
    assert (last.self_draw_each, last.self_draw_receives) == (200, 600)


def test_reference_table_follows_the_hand_kind():
    rows = reference_table(Hand(hand=SP, bettor=Bettor.WINNER))
    by_key = {(r.value, r.jokerless): r for r in rows}
    assert by_key[40, True].discard_receives == by_key[40, False].discard_receives == 160
    assert by_key[40, True].counted == 40


hands = st.builds(
    Hand,
    value=st.integers(1, 1000),
    win=st.sampled_from(Win),
    jokerless=st.booleans(),
    hand=st.sampled_from(HandKind),
    bettor=st.sampled_from(Bettor),
).filter(lambda hand: not input_errors(hand))


@settings(deadline=None)
@given(hands)
def test_payments_follow_the_formula(hand):
    """rules.md § nmjl: V doubles for a jokerless standard hand; the liable pay 2V, the
    others V; a bettor mirrors the player bet on."""
    outcome = score(hand)
    v = hand.value * (2 if hand.jokerless and hand.hand is HandKind.STANDARD else 1)
    if hand.win is Win.SELF_DRAW:
        expected = [("other", 2 * v)] * 3
    else:
        expected = [("discarder", 2 * v), ("other", v), ("other", v)]
    losers = sum(amount for _, amount in expected)
    bettor = outcome.extra.get("bettor")
    if hand.bettor is Bettor.NONE:
        assert bettor is None
    elif hand.bettor is Bettor.WINNER:
        assert bettor == {"on": "winner", "receives": losers}
    else:
        mirrored = 2 * v if hand.bettor is Bettor.DISCARDER or hand.win is Win.SELF_DRAW else v
        expected.append(("bettor", mirrored))
        assert bettor == {"on": hand.bettor.value, "pays": mirrored}
    assert [(p.payer, p.amount) for p in outcome.payments] == expected
    assert outcome.base == v
    assert outcome.from_table == 0
    assert outcome.winner_receives == sum(amount for _, amount in expected)


@settings(deadline=None)
@given(hands)
def test_doubling_only_for_jokerless_standard_hands(hand):
    doubled = hand.jokerless and hand.hand is HandKind.STANDARD
    assert score(hand).base == hand.value * (2 if doubled else 1)
