"""rules.md § classical and seed 002's four-hand settlement, through the engine alone."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.classical import (
    Hand,
    Rules,
    Seat,
    WinnerLimit,
    score,
    seat_scores,
    unused_settings,
)
from calculator.scoring.outcome import Note, Step

F = Fraction

# Seed 002: dealer East; South wins 20 副 1 番 = 40; West 40 副 1 番 = 80; East 6; North 2.
SEED = Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0), winner=Seat.S, dealer=Seat.E)


def nets(outcome):
    return [player["net"] for player in outcome.extra["players"]]


def transfers(outcome):
    return [(t["from"], t["to"], t["amount"]) for t in outcome.extra["transfers"]]


def test_seed_002_scores():
    assert seat_scores(SEED) == (6, 40, 80, 2)
    players = score(SEED).extra["players"]
    assert [(p["seat"], p["score"]) for p in players] == [("e", 6), ("s", 40), ("w", 80), ("n", 2)]


def test_seed_002_transfers():
    assert transfers(score(SEED)) == [
        ("e", "s", 80),  # the dealer pays the winner double
        ("w", "s", 40),
        ("n", "s", 40),
        ("e", "w", 148),  # (80 − 6) × 2: the dealer settles double
        ("n", "e", 8),  # (6 − 2) × 2
        ("n", "w", 78),
    ]


def test_seed_002_nets_and_payments():
    outcome = score(SEED)
    assert nets(outcome) == [-220, 160, 186, -126]
    assert [(p.payer, p.amount) for p in outcome.payments] == [("e", 80), ("w", 40), ("n", 40)]
    assert outcome.winner_receives == 160
    assert outcome.base == 40
    assert outcome.notes == ()


def test_seed_002_steps():
    steps = score(SEED).steps
    assert steps[:4] == (
        Step("seat_score", {"seat": "e", "fu": 6, "fan": 0, "score": 6}),
        Step("seat_score", {"seat": "s", "fu": 20, "fan": 1, "score": 40}),
        Step("seat_score", {"seat": "w", "fu": 40, "fan": 1, "score": 80}),
        Step("seat_score", {"seat": "n", "fu": 2, "fan": 0, "score": 2}),
    )
    assert steps[4] == Step(
        "collect", {"from": "e", "to": "s", "score": 40, "doubled": True, "amount": 80}
    )
    assert steps[7] == Step(
        "settle", {"from": "e", "to": "w", "difference": 74, "doubled": True, "amount": 148}
    )
    assert len(steps) == 10


def test_unit_scales_money_not_scores():
    outcome = score(SEED, Rules(unit=F("0.5")))
    assert nets(outcome) == [-110, 80, 93, -63]
    assert [p["score"] for p in outcome.extra["players"]] == [6, 40, 80, 2]
    assert outcome.base == 20
    assert transfers(outcome)[3] == ("e", "w", 74)
    assert Step("unit", {"value": 40, "unit": F(1, 2), "points": 20}) in outcome.steps


def test_the_limit_clips_every_seat_with_a_note():
    # West's 40 副 with 3 番 is 320: clipped to 200.
    outcome = score(Hand(fu=(6, 20, 40, 2), fan=(0, 1, 3, 0)))
    assert outcome.extra["players"][2]["score"] == 200
    assert list(outcome.notes) == [Note("capped", {"seat": "w", "score": 320, "limit": 200})]
    assert Step("limit", {"seat": "w", "score": 320, "limit": 200}) in outcome.steps


def test_full_limit_winner_scores_the_limit():
    hand = Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0), winner_limit=WinnerLimit.FULL)
    outcome = score(hand)
    assert outcome.base == 200
    assert [p.amount for p in outcome.payments] == [400, 200, 200]
    assert Step("limit_hand", {"seat": "s", "limit": 200}) in outcome.steps
    assert outcome.notes == ()  # a 滿貫 hand is not clipped, it is the limit


def test_half_limit_winner_scores_at_least_half():
    hand = Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0), winner_limit=WinnerLimit.HALF)
    outcome = score(hand)
    assert outcome.base == 100
    assert Step("half_limit", {"seat": "s", "score": 40, "half": 100}) in outcome.steps


def test_half_limit_winner_keeps_a_higher_score():
    hand = Hand(fu=(0, 30, 0, 0), fan=(0, 2, 0, 0), winner_limit=WinnerLimit.HALF)
    assert score(hand).base == 120
    hand = Hand(fu=(0, 30, 0, 0), fan=(0, 5, 0, 0), winner_limit=WinnerLimit.HALF)
    outcome = score(hand)
    assert outcome.base == 200
    assert outcome.has_note("capped")


def test_odd_limit_gives_a_half_fu():
    hand = Hand(winner_limit=WinnerLimit.HALF)
    outcome = score(hand, Rules(limit=201))
    assert outcome.base == F(201, 2)
    assert [p.amount for p in outcome.payments] == [201, F(201, 2), F(201, 2)]


def test_dealer_winner_collects_double_from_everyone():
    hand = Hand(fu=(20, 6, 40, 2), fan=(1, 0, 1, 0), winner=Seat.E, dealer=Seat.E)
    outcome = score(hand)
    assert [(p.payer, p.amount) for p in outcome.payments] == [("s", 80), ("w", 80), ("n", 80)]
    # No non-winner is the dealer: the pairs settle single.
    assert transfers(outcome)[3:] == [("s", "w", 74), ("n", "s", 4), ("n", "w", 78)]
    assert nets(outcome) == [240, -80 - 74 + 4, -80 + 74 + 78, -80 - 4 - 78]


def test_equal_scores_settle_nothing():
    outcome = score(Hand(fu=(4, 20, 4, 4), fan=(0, 1, 0, 0)))
    assert len(outcome.extra["transfers"]) == 3
    assert Step("even", {"a": "e", "b": "w", "score": 4}) in outcome.steps


def test_zero_transfers_are_omitted():
    outcome = score(Hand())
    assert outcome.extra["transfers"] == ()
    assert [p.amount for p in outcome.payments] == [0, 0, 0]


def test_unused_settings():
    assert unused_settings(SEED, Rules()) == frozenset()
    hand = Hand(winner=Seat.N, winner_limit=WinnerLimit.FULL)
    assert unused_settings(hand, Rules()) == {"n_fu", "n_fan"}


# Invariants ------------------------------------------------------------------------------

seats = st.sampled_from(Seat)
four = st.tuples
hands = st.builds(
    Hand,
    fu=four(*[st.integers(0, 9999)] * 4),
    fan=four(*[st.integers(0, 13)] * 4),
    winner=seats,
    winner_limit=st.sampled_from(WinnerLimit),
    dealer=seats,
)
rules = st.builds(
    Rules,
    limit=st.integers(1, 99999),
    unit=st.fractions(min_value=0, max_value=1000, max_denominator=10000),
)


@settings(deadline=None)
@given(hands, rules)
def test_nets_sum_to_zero_and_the_winner_nets_what_it_receives(hand, r):
    outcome = score(hand, r)
    assert sum(nets(outcome)) == 0
    winner_net = outcome.extra["players"][list(Seat).index(hand.winner)]["net"]
    assert winner_net == outcome.winner_receives


def expected_scores(hand: Hand, r: Rules) -> dict[Seat, Fraction]:
    """rules.md § classical: min(fu × 2^fan, limit); a 滿貫 winner the limit, a 半滿貫
    winner at least half of it (exactly: an odd limit gives a half 副)."""
    scores = {}
    for seat, fu, fan in zip(Seat, hand.fu, hand.fan, strict=True):
        value = F(min(fu * 2**fan, r.limit))
        if seat is hand.winner and hand.winner_limit is WinnerLimit.FULL:
            value = F(r.limit)
        if seat is hand.winner and hand.winner_limit is WinnerLimit.HALF:
            value = max(value, F(r.limit, 2))
        scores[seat] = value
    return scores


@settings(deadline=None)
@given(hands, rules)
def test_settlement_follows_the_formula(hand, r):
    """The winner collects its score from each seat, every pair of non-winners settles the
    difference, doubled whenever the dealer is one of the two; × unit last."""
    outcome = score(hand, r)
    scores = expected_scores(hand, r)

    def doubled(a: Seat, b: Seat) -> int:
        return 2 if hand.dealer in (a, b) else 1

    losers = [seat for seat in Seat if seat is not hand.winner]
    collect = [(s.value, scores[hand.winner] * doubled(s, hand.winner) * r.unit) for s in losers]
    net = dict.fromkeys(Seat, F(0))
    for seat, amount in collect:
        net[Seat(seat)] -= amount
        net[hand.winner] += amount
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            low, high = sorted((a, b), key=scores.get)
            amount = (scores[high] - scores[low]) * doubled(a, b) * r.unit
            net[low] -= amount
            net[high] += amount
    assert [(p.payer, p.amount) for p in outcome.payments] == collect
    assert outcome.base == scores[hand.winner] * r.unit
    assert outcome.from_table == 0
    assert outcome.winner_receives == sum(amount for _, amount in collect)
    assert [p["score"] for p in outcome.extra["players"]] == [scores[s] for s in Seat]
    assert nets(outcome) == [net[s] for s in Seat]


@settings(deadline=None)
@given(hands, rules)
def test_transfers_make_the_nets(hand, r):
    outcome = score(hand, r)
    net = dict.fromkeys("eswn", F(0))
    for t in outcome.extra["transfers"]:
        assert t["amount"] > 0
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    assert nets(outcome) == list(net.values())
    assert [p.payer for p in outcome.payments] == [s.value for s in Seat if s is not hand.winner]


@settings(deadline=None)
@given(hands, rules)
def test_scores_never_exceed_the_limit(hand, r):
    outcome = score(hand, r)
    assert all(p["score"] <= r.limit for p in outcome.extra["players"])
    assert outcome.base == outcome.extra["players"][list(Seat).index(hand.winner)]["score"] * r.unit


@pytest.mark.parametrize("winner", list(Seat))
def test_the_winner_pays_nobody_even_with_the_lowest_hand(winner):
    fu = tuple(0 if seat is winner else 100 for seat in Seat)
    outcome = score(Hand(fu=fu, winner=winner))
    assert all(t["from"] != winner.value for t in outcome.extra["transfers"])
    assert outcome.winner_receives == 0
    assert sum(nets(outcome)) == 0
