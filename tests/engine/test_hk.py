"""rules.md § hk, row by row, through the engine alone."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.hk import (
    Hand,
    Rules,
    Scale,
    SelfDrawPay,
    Split,
    input_errors,
    reference_table,
    score,
    table_value,
)
from calculator.scoring.outcome import Win

F = Fraction

FULL = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]
HALF = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
STEPPED = [1, 2, 4, 8, 16, 16, 32, 32, 64, 64, 64, 64, 64, 64]


@pytest.mark.parametrize(
    ("scale", "row"), [(Scale.FULL, FULL), (Scale.HALF, HALF), (Scale.STEPPED, STEPPED)]
)
def test_table_values_match_the_published_table(scale, row):
    assert [table_value(fan, scale) for fan in range(14)] == row


def amounts(outcome):
    return [p.amount for p in outcome.payments]


def test_3_fan_discard_full_split():
    outcome = score(Hand(3))
    assert outcome.winner_receives == 8
    assert amounts(outcome) == [8, 0, 0]
    assert [p.payer for p in outcome.payments] == ["discarder", "other", "other"]
    assert outcome.base == 8
    assert outcome.notes == ()


def test_3_fan_discard_half_split():
    assert amounts(score(Hand(3), Rules(split=Split.HALF))) == [4, 2, 2]


def test_3_fan_self_draw():
    outcome = score(Hand(3, Win.SELF_DRAW))
    assert outcome.winner_receives == 12
    assert amounts(outcome) == [4, 4, 4]
    assert [p.payer for p in outcome.payments] == ["other"] * 3


def test_13_fan_is_capped_at_10():
    outcome = score(Hand(13))
    assert outcome.winner_receives == 128
    assert [n.code for n in outcome.notes] == ["capped"]


def test_13_fan_with_cap_13():
    assert score(Hand(13), Rules(cap=13)).winner_receives == 384
    assert score(Hand(13), Rules(cap=13, scale=Scale.FULL)).winner_receives == 8192


def test_2_fan_is_below_the_minimum_but_still_computed():
    outcome = score(Hand(2))
    assert outcome.winner_receives == 4
    assert [n.code for n in outcome.notes] == ["below_min_fan"]


def test_0_fan_half_split_and_self_draw():
    assert amounts(score(Hand(0), Rules(split=Split.HALF, min_fan=0))) == [
        F(1, 2),
        F(1, 4),
        F(1, 4),
    ]
    assert amounts(score(Hand(0, Win.SELF_DRAW))) == [F(1, 2)] * 3


YAT_YI = Rules(unit=F(4), split=Split.HALF)  # 一二蚊


@pytest.mark.parametrize(
    ("fan", "win", "receives"),
    [
        (5, Win.SELF_DRAW, 144),
        (6, Win.DISCARD, 128),
        (6, Win.SELF_DRAW, 192),
        (7, Win.DISCARD, 192),
        (7, Win.SELF_DRAW, 288),
        (8, Win.DISCARD, 256),
    ],
)
def test_seed_000_chip_counts_half_table(fan, win, receives):
    assert score(Hand(fan, win), YAT_YI).winner_receives == receives


def test_seed_000_full_table_8_fan_each_share_is_256():
    outcome = score(Hand(8), Rules(unit=F(4), split=Split.HALF, scale=Scale.FULL))
    assert amounts(outcome)[1:] == [256, 256]


def test_dealer_split_winner_not_dealer():
    outcome = score(Hand(0), Rules(unit=F(4), split=Split.DEALER))
    assert amounts(outcome) == [2, 1, 1]
    assert [p.payer for p in outcome.payments] == ["dealer", "other", "other"]


def test_dealer_split_winner_is_dealer_and_win_type_is_noted():
    outcome = score(Hand(3, Win.SELF_DRAW, dealer=True), Rules(split=Split.DEALER))
    assert amounts(outcome) == [4, 4, 4]
    assert [p.payer for p in outcome.payments] == ["other"] * 3
    assert outcome.has_note("setting_unused")


@pytest.mark.parametrize(
    ("stake_unit", "discarder", "other"),
    [
        ("0.25", "0.125", "0.0625"),
        ("0.5", "0.25", "0.125"),
        ("1", "0.5", "0.25"),
        ("2", "1", "0.5"),
        ("4", "2", "1"),
        ("8", "4", "2"),
        ("10", "5", "2.5"),
        ("20", "10", "5"),
        ("40", "20", "10"),
    ],
)
def test_stake_ladder_chicken_hand(stake_unit, discarder, other):
    rules = Rules(scale=Scale.FULL, split=Split.HALF, unit=F(stake_unit), min_fan=0)
    assert amounts(score(Hand(0), rules)) == [F(discarder), F(other), F(other)]


def test_full_self_draw_pay():
    outcome = score(Hand(3, Win.SELF_DRAW), Rules(self_draw_pay=SelfDrawPay.FULL))
    assert outcome.winner_receives == 24


def test_round_up_lifts_each_small_payment_to_one():
    rules = Rules(split=Split.HALF, unit=F("0.25"), round_up=True, min_fan=0)
    outcome = score(Hand(1), rules)  # 2 × 0.25 = 0.5 → 0.25 / 0.125 / 0.125
    assert amounts(outcome) == [1, 1, 1]
    assert outcome.winner_receives == 3


def test_round_up_leaves_zero_and_whole_payments_alone():
    outcome = score(Hand(3), Rules(round_up=True))
    assert amounts(outcome) == [8, 0, 0]


def test_stepped_cap_below_8_applies_first():
    assert score(Hand(9), Rules(scale=Scale.STEPPED, cap=6)).winner_receives == 32


def test_reference_table_follows_settings():
    rows = reference_table(Hand(), Rules(split=Split.HALF, unit=F(2)))
    assert len(rows) == 14
    assert rows[11].full == 2048 and rows[11].half == 192
    assert rows[11].discard == 256  # capped at 10: 128 × 2
    assert rows[3].self_draw == 24  # 8 × 2 / 2 × 3


def shown(shares):
    return [(p.payer, p.amount) for p in shares]


def test_reference_table_shows_each_payers_share_like_seed_004():
    """Seed 004's table: 半辣・半銃 (discarder / each other) and 半辣・自摸 (each), unit 1."""
    rows = reference_table(Hand(), Rules(split=Split.HALF))
    assert shown(rows[0].discard_shares) == [("discarder", F(1, 2)), ("other", F(1, 4))]
    assert shown(rows[0].self_draw_shares) == [("other", F(1, 2))]
    assert shown(rows[5].discard_shares) == [("discarder", 12), ("other", 6)]
    assert shown(rows[5].self_draw_shares) == [("other", 12)]
    assert shown(rows[10].discard_shares) == [("discarder", 64), ("other", 32)]
    # over the cap the row pays as the cap
    assert shown(rows[13].discard_shares) == [("discarder", 64), ("other", 32)]


def test_reference_table_shares_under_each_split():
    full = reference_table(Hand(), Rules())
    assert shown(full[3].discard_shares) == [("discarder", 8), ("other", 0)]
    dealer = reference_table(Hand(), Rules(split=Split.DEALER))
    assert shown(dealer[3].discard_shares) == [("dealer", 4), ("other", 2)]
    assert shown(dealer[3].self_draw_shares) == [("dealer", 4), ("other", 2)]
    dealer_won = reference_table(Hand(dealer=True), Rules(split=Split.DEALER))
    assert shown(dealer_won[3].discard_shares) == [("other", 4)]
    liable = reference_table(Hand(3, Win.SELF_DRAW, liable=True), Rules())
    assert shown(liable[3].self_draw_shares) == [("liable", 12), ("other", 0)]
    assert shown(liable[3].discard_shares) == [("discarder", 8), ("other", 0)]  # never liable


# 包自摸 (rules.md § hk: `liable`) --------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rules", "liable"),
    [
        (Hand(3, Win.SELF_DRAW, liable=True), Rules(), 12),  # 1.5P
        (Hand(3, Win.SELF_DRAW, liable=True), Rules(self_draw_pay=SelfDrawPay.FULL), 24),  # 3P
        (Hand(5, Win.SELF_DRAW, liable=True), YAT_YI, 144),
        (Hand(3, Win.SELF_DRAW, liable=True), Rules(split=Split.DEALER), 8),  # 4 + 2 + 2
        (Hand(3, Win.SELF_DRAW, True, True), Rules(split=Split.DEALER), 12),  # 4 + 4 + 4
    ],
)
def test_liable_pays_the_three_shares_as_one(hand, rules, liable):
    outcome = score(hand, rules)
    assert [(p.payer, p.amount) for p in outcome.payments] == [
        ("liable", liable),
        ("other", 0),
        ("other", 0),
    ]
    assert outcome.winner_receives == score(replace(hand, liable=False), rules).winner_receives
    assert outcome.has_note("liable")


def test_liable_round_up_lifts_the_one_payment():
    rules = Rules(unit=F("0.25"), round_up=True, min_fan=0)
    # three shares of 0.125 are one payment of 0.375, which becomes 1 (not 1 + 1 + 1)
    outcome = score(Hand(0, Win.SELF_DRAW, liable=True), rules)
    assert amounts(outcome) == [1, 0, 0]
    assert score(Hand(0, Win.SELF_DRAW), rules).winner_receives == 3
    full = replace(rules, self_draw_pay=SelfDrawPay.FULL)
    assert amounts(score(Hand(0, Win.SELF_DRAW, liable=True), full)) == [1, 0, 0]  # 0.75 → 1


@pytest.mark.parametrize("split", list(Split))
def test_liable_on_a_discard_is_a_contradiction(split):
    hand = Hand(3, Win.DISCARD, liable=True)
    assert input_errors(hand) == {"liable": "contradiction"}
    with pytest.raises(ValueError, match="liable"):
        score(hand, Rules(split=split))
    assert input_errors(Hand(3, Win.SELF_DRAW, liable=True)) == {}


def test_each_payment_is_a_step_of_the_working():
    steps = score(Hand(3), Rules(split=Split.HALF)).steps
    pays = [(s.args["payer"], s.args["amount"], s.args["rule"]) for s in steps if s.code == "pay"]
    assert pays == [("discarder", 4, "half_discarder"), ("other", 2, "half_other")] + [
        ("other", 2, "half_other")
    ]
    liable = [s for s in score(Hand(3, Win.SELF_DRAW, liable=True)).steps if s.code == "pay"]
    assert liable[0].args["shares"] == (4, 4, 4) and liable[0].args["amount"] == 12


# Invariants: every payment worked from rules.md § hk, not from the engine ----------------

TABLE = {Scale.FULL: FULL, Scale.HALF: HALF, Scale.STEPPED: STEPPED}

hands = st.builds(
    Hand,
    fan=st.integers(0, 30),
    win=st.sampled_from(Win),
    dealer=st.booleans(),
    liable=st.booleans(),
).filter(lambda hand: not (hand.liable and hand.win is Win.DISCARD))  # that one is an error
rules = st.builds(
    Rules,
    scale=st.sampled_from(Scale),
    cap=st.integers(0, 13),
    split=st.sampled_from(Split),
    self_draw_pay=st.sampled_from(SelfDrawPay),
    unit=st.fractions(min_value=0, max_value=1000, max_denominator=10000),
    min_fan=st.integers(0, 13),
    round_up=st.booleans(),
)


def expected_payments(hand: Hand, r: Rules) -> list[tuple[str, Fraction]]:
    """rules.md § hk's payment table: P = T(min(fan, cap)) × unit, then who pays what."""
    points = TABLE[r.scale][min(hand.fan, r.cap)] * r.unit
    if r.split is Split.DEALER:  # 莊家制: the win type does not matter
        if hand.dealer:
            rows = [("other", points / 2)] * 3
        else:
            rows = [("dealer", points / 2), ("other", points / 4), ("other", points / 4)]
    elif hand.win is Win.SELF_DRAW:
        each = points / 2 if r.self_draw_pay is SelfDrawPay.HALF else points
        rows = [("other", each)] * 3
    elif r.split is Split.HALF:
        rows = [("discarder", points / 2), ("other", points / 4), ("other", points / 4)]
    else:
        rows = [("discarder", points), ("other", F(0)), ("other", F(0))]
    if hand.liable:  # 包自摸: the three shares as one payment, the other two pay 0
        rows = [("liable", sum(amount for _, amount in rows)), ("other", F(0)), ("other", F(0))]
    if r.round_up:  # every single payment in (0, 1) becomes 1
        rows = [(payer, F(1) if 0 < amount < 1 else amount) for payer, amount in rows]
    return rows


@settings(deadline=None)
@given(hands, rules)
def test_payments_follow_the_published_table(hand, r):
    outcome = score(hand, r)
    expected = expected_payments(hand, r)
    assert [(p.payer, p.amount) for p in outcome.payments] == expected
    assert outcome.base == TABLE[r.scale][min(hand.fan, r.cap)] * r.unit
    assert outcome.from_table == 0
    assert outcome.winner_receives == sum(amount for _, amount in expected)
    assert outcome.has_note("below_min_fan") == (hand.fan < r.min_fan)
    assert outcome.has_note("capped") == (hand.fan > r.cap)


@settings(deadline=None)
@given(hands, rules)
def test_the_winner_receives_p_or_its_multiple(hand, r):
    """The 'winner receives' column of rules.md's table, before any rounding up."""
    r = replace(r, round_up=False)
    points = TABLE[r.scale][min(hand.fan, r.cap)] * r.unit
    if r.split is Split.DEALER:  # liable or not: the liable player pays what the three would
        receives = points * 3 / 2 if hand.dealer else points
    elif hand.win is Win.SELF_DRAW:
        receives = points * (3 if r.self_draw_pay is SelfDrawPay.FULL else F(3, 2))
    else:
        receives = points
    assert score(hand, r).winner_receives == receives


@settings(deadline=None)
@given(hands, rules)
def test_every_reference_row_is_what_the_published_table_pays(hand, r):
    """The 0–13 table settles each row without `score()`; each must pay what rules.md says."""
    for row in reference_table(hand, r):
        columns = (
            (Win.SELF_DRAW, row.self_draw, row.self_draw_shares),
            (Win.DISCARD, row.discard, row.discard_shares),
        )
        for win, column, shares in columns:
            liable = hand.liable and win is Win.SELF_DRAW  # a discard is never liable
            expected = expected_payments(Hand(row.fan, win, hand.dealer, liable), r)
            assert column == sum(amount for _, amount in expected), (row.fan, win)
            # the cells: the first payer, then each other; one figure when all three pay alike
            same = len({payer for payer, _ in expected}) == 1
            assert shown(shares) == (expected[:1] if same else expected[:2]), (row.fan, win)
