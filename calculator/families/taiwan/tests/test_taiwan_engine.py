"""rules.md § taiwan through the pure engine: every worked example, and 底 + 台 × T always."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.outcome import Win
from calculator.scoring.taiwan import Dealer, Hand, Rules, input_errors, score, unused_settings

D, S = Win.DISCARD, Win.SELF_DRAW
W, X, O = Dealer.WINNER, Dealer.DISCARDER, Dealer.OTHER  # noqa: E741


def paid(outcome):
    return [(p.payer, p.amount) for p in outcome.payments]


# Each row: the worked example's words, the hand, the table, the payments in the who-pays
# order, what the winner receives.
WORKED = [
    (
        "S self-draws 5 台, E on 連2",
        Hand(5, S, O, 2),
        Rules(),
        [("dealer", 300), ("other", 200), ("other", 200)],
        700,
    ),
    ("E on 連1 self-draws 4 台", Hand(4, S, W, 1), Rules(), [("other", 240)] * 3, 720),
    (
        "W wins 3 台 off E's discard, E on 連2",
        Hand(3, D, X, 2),
        Rules(),
        [("discarder", 260), ("other", 0), ("other", 0)],
        260,
    ),
    (
        "N wins 2 台 off S's discard, E on 連3",
        Hand(2, D, O, 3),
        Rules(),
        [("discarder", 140), ("other", 0), ("other", 0)],
        140,
    ),
    (
        "底 50 台 20: W robs S's kong, 3 + 搶槓 1 台",
        Hand(4, D, O, 0),
        Rules(base=50, per_tai=20),
        [("discarder", 130), ("other", 0), ("other", 0)],
        130,
    ),
    (
        "底 300 台 100, the first example again",
        Hand(5, S, O, 2),
        Rules(base=300, per_tai=100),
        [("dealer", 1300), ("other", 800), ("other", 800)],
        2900,
    ),
    (
        "cap 8: S self-draws 7 台, E on 連1",
        Hand(7, S, O, 1),
        Rules(cap=8),
        [("dealer", 260), ("other", 240), ("other", 240)],
        740,
    ),
]


@pytest.mark.parametrize(("words", "hand", "rules", "payments", "receives"), WORKED)
def test_worked_examples(words, hand, rules, payments, receives):
    outcome = score(hand, rules)
    assert paid(outcome) == payments, words
    assert outcome.winner_receives == receives
    assert all(isinstance(p.amount, Fraction) for p in outcome.payments)


def test_the_cap_example_says_it_was_capped():
    outcome = score(Hand(7, S, O, 1), Rules(cap=8))
    assert [(n.code, dict(n.args)) for n in outcome.notes] == [("capped", {"tai": 10, "cap": 8})]
    assert not score(Hand(7, S, O, 1)).notes


def test_base_is_a_payment_without_the_dealers_tai():
    assert score(Hand(5, S, O, 2)).base == 200
    assert score(Hand(12, D, W, 4), Rules(cap=8)).base == 100 + 20 * 8


def test_streak_tai_1_counts_lian_n_only():
    # 連2 with 1 台 a hand: the dealer's 台 is 3, so E pays 100 + 8 × 20.
    assert paid(score(Hand(5, S, O, 2), Rules(streak_tai=1)))[0] == ("dealer", 260)


def test_a_self_draw_names_no_discarder():
    assert input_errors(Hand(win=S, dealer=X)) == {"dealer": "contradiction"}
    with pytest.raises(ValueError, match="dealer"):
        score(Hand(win=S, dealer=X))


def test_settings_that_cannot_matter():
    assert unused_settings(Hand(3, D, O, 2), Rules()) == {"streak", "streak_tai"}
    assert unused_settings(Hand(3, D, X, 2), Rules()) == frozenset()
    assert unused_settings(Hand(3, S, O, 0), Rules()) == {"streak_tai"}


def test_several_winners_on_one_discard_are_each_paid_alone():
    # 一炮多響: E (on 連1) discards; S wins 3 台 and W 5 台. Each is scored on its own.
    first, second = score(Hand(3, D, X, 1)), score(Hand(5, D, X, 1))
    assert (first.winner_receives, second.winner_receives) == (220, 260)


STAKES = st.fractions(min_value=0, max_value=10_000, max_denominator=100)


@settings(max_examples=300, deadline=2000)
@given(
    tai=st.integers(0, 200),
    win=st.sampled_from(Win),
    dealer=st.sampled_from(Dealer),
    streak=st.integers(0, 99),
    base=STAKES,
    per_tai=STAKES,
    streak_tai=st.sampled_from([1, 2]),
    cap=st.integers(0, 200),
)
def test_every_payment_is_base_plus_per_tai_times_t(
    tai, win, dealer, streak, base, per_tai, streak_tai, cap
):
    if win is S and dealer is X:
        return
    outcome = score(Hand(tai, win, dealer, streak), Rules(base, per_tai, streak_tai, cap))

    def cost(dealer_in: bool) -> Fraction:
        t = tai + (1 + streak_tai * streak if dealer_in else 0)
        if cap and t > cap:
            t = cap
        return base + per_tai * t

    if win is D:
        expected = [("discarder", cost(dealer is not O)), ("other", 0), ("other", 0)]
    elif dealer is W:
        expected = [("other", cost(True))] * 3
    else:
        expected = [("dealer", cost(True)), ("other", cost(False)), ("other", cost(False))]
    assert Counter(paid(outcome)) == Counter(expected)
    assert paid(outcome)[0] == expected[0]  # the dealer first, when the dealer pays
    assert outcome.winner_receives == sum(amount for _, amount in expected)
    assert outcome.has_note("capped") == any(
        tai + (1 + streak_tai * streak if d else 0) > cap > 0
        for d in ([dealer is not O] if win is D else ([True] if dealer is W else [True, False]))
    )
