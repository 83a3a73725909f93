"""Every amount any family's engine returns is an int or a Fraction, never a float.

Equality hides the difference (0.5 == Fraction(1, 2)), so these tests look at the TYPE of
every number in an outcome: a float slipping in (an int unit halved, a Decimal unit
multiplied) would print as 0.30000000000000004 one day. Units come as int, Fraction,
Decimal and float, the ways a caller may write them.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import classical, hk, jiujiang, mcr, nmjl, riichi
from calculator.scoring.outcome import Outcome, Win

EXACT = (int, Fraction)

units = st.one_of(
    st.integers(0, 10_000),
    st.fractions(min_value=0, max_value=10_000, max_denominator=10_000),
    st.decimals(min_value=0, max_value=10_000, places=4, allow_nan=False, allow_infinity=False),
    st.floats(min_value=0, max_value=10_000, allow_nan=False, allow_infinity=False),
)
wins = st.sampled_from(Win)


def numbers_in(value: object, where: str):
    """Every number inside a value, with a path saying where it was found."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, numbers.Number):
        yield where, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from numbers_in(item, f"{where}.{key}")
    elif isinstance(value, list | tuple | set | frozenset):
        for index, item in enumerate(value):
            yield from numbers_in(item, f"{where}[{index}]")


def assert_exact(outcome: Outcome) -> None:
    amounts = [
        ("base", outcome.base),
        ("from_table", outcome.from_table),
        ("winner_receives", outcome.winner_receives),
        *((f"payments[{i}]", p.amount) for i, p in enumerate(outcome.payments)),
    ]
    found = [
        *amounts,
        *numbers_in(outcome.extra, "extra"),
        *(pair for step in outcome.steps for pair in numbers_in(step.args, step.code)),
        *(pair for note in outcome.notes for pair in numbers_in(note.args, note.code)),
    ]
    inexact = [
        (where, type(value).__name__)
        for where, value in found
        if isinstance(value, bool) or not isinstance(value, EXACT)
    ]
    assert inexact == []


def test_the_issue_case_gives_fractions():
    outcome = hk.score(hk.Hand(0), hk.Rules(unit=1, split=hk.Split.HALF, min_fan=0))
    assert [type(p.amount) for p in outcome.payments] == [Fraction] * 3
    assert [p.amount for p in outcome.payments] == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]


def test_units_become_exact_fractions():
    assert hk.Rules(unit=Decimal("0.25")).unit == Fraction(1, 4)
    assert type(hk.Rules(unit=2).unit) is Fraction
    assert jiujiang.Rules(unit=0.1).unit == Fraction(1, 10)  # the decimal it prints as
    assert classical.Rules(unit="0.0625").unit == Fraction(1, 16)


@settings(deadline=None)
@given(
    st.builds(hk.Hand, fan=st.integers(0, 20), win=wins, dealer=st.booleans()),
    st.builds(
        hk.Rules,
        scale=st.sampled_from(hk.Scale),
        cap=st.integers(0, 13),
        split=st.sampled_from(hk.Split),
        self_draw_pay=st.sampled_from(hk.SelfDrawPay),
        unit=units,
        min_fan=st.integers(0, 13),
        round_up=st.booleans(),
    ),
)
def test_hk(hand, rules):
    assert_exact(hk.score(hand, rules))


@settings(deadline=None)
@given(
    st.builds(
        jiujiang.Hand,
        patterns=st.frozensets(st.sampled_from(jiujiang.Pattern), min_size=1),
        haohua_groups=st.sampled_from([1, 2]),
        win=wins,
        gangkai=st.booleans(),
        qianggang=st.booleans(),
        dealer=st.booleans(),
    ).filter(lambda hand: not jiujiang.input_errors(hand)),
    st.builds(
        jiujiang.Rules,
        haohua_extra=st.sampled_from(jiujiang.HaohuaExtra),
        base=st.integers(1, 10),
        base_add=st.sampled_from(jiujiang.BaseAdd),
        cap=st.sampled_from(jiujiang.Cap),
        pay=st.sampled_from(jiujiang.Pay),
        unit=units,
    ),
)
def test_jiujiang(hand, rules):
    assert_exact(jiujiang.score(hand, rules))


four = st.tuples
seats = st.sampled_from(classical.Seat)


@settings(deadline=None)
@given(
    st.builds(
        classical.Hand,
        fu=four(*[st.integers(0, 9999)] * 4),
        fan=four(*[st.integers(0, 13)] * 4),
        winner=seats,
        winner_limit=st.sampled_from(classical.WinnerLimit),
        dealer=seats,
    ),
    st.builds(classical.Rules, limit=st.integers(1, 99_999), unit=units),
)
def test_classical(hand, rules):
    outcome = classical.score(hand, rules)
    assert_exact(outcome)
    # The settlement's own amounts, named, so a change of shape cannot hide them.
    for player in outcome.extra["players"]:
        assert type(player["net"]) in EXACT and type(player["score"]) in EXACT
    for transfer in outcome.extra["transfers"]:
        assert type(transfer["amount"]) in EXACT


@settings(deadline=None)
@given(
    st.builds(
        riichi.Hand,
        han=st.integers(1, 13),
        fu=st.sampled_from(riichi.TABLE_FU),
        yakuman=st.one_of(st.just(0), st.integers(1, 6)),
        dealer=st.booleans(),
        win=wins,
        honba=st.integers(0, 99),
        riichi_sticks=st.integers(0, 99),
    ),
    st.builds(riichi.Rules, kiriage=st.booleans(), kazoe=st.sampled_from(riichi.Kazoe)),
)
def test_riichi(hand, rules):
    assert_exact(riichi.score(hand, rules))


@settings(deadline=None)
@given(st.builds(mcr.Hand, points=st.integers(0, 1000), flowers=st.integers(0, 8), win=wins))
def test_mcr(hand):
    assert_exact(mcr.score(hand))


@settings(deadline=None)
@given(
    st.builds(
        nmjl.Hand,
        value=st.integers(1, 1000),
        win=wins,
        jokerless=st.booleans(),
        hand=st.sampled_from(nmjl.HandKind),
        bettor=st.sampled_from(nmjl.Bettor),
    ).filter(lambda hand: not nmjl.input_errors(hand))
)
def test_nmjl(hand):
    outcome = nmjl.score(hand)
    assert_exact(outcome)
    for value in outcome.extra.get("bettor", {}).values():
        assert isinstance(value, str) or type(value) in EXACT
