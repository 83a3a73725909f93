"""香港麻雀: from an agreed fan count to who pays whom.

The table value of a hand doubles with each fan (全辣), or more slowly past 4 fan (半辣,
雙辣三辣); the table's cap (封頂) clips the fan before the lookup. How the value is split
depends on the table: the discarder pays it all (全銃), half of it (半銃), or nobody is
liable and the dealer pays double (莊家制, the old style).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .money import amount
from .outcome import Note, Outcome, Payment, Step, Win

MAX_FAN = 13


class Scale(StrEnum):
    FULL = "full"  # 全辣: every fan doubles
    HALF = "half"  # 半辣: past 4 fan, every second fan doubles; the odd one is ×1.5
    STEPPED = "stepped"  # 雙辣三辣: 4 滿貫, 6 雙辣, 8 三辣 and no further


class Split(StrEnum):
    FULL = "full"  # 全銃: the discarder pays the whole value
    HALF = "half"  # 半銃: the discarder pays half, the other two a quarter each
    DEALER = "dealer"  # 莊家制: nobody is liable; the dealer pays (and collects) double


class SelfDrawPay(StrEnum):
    HALF = "half"  # each of three pays half the table value (the usual modern table)
    FULL = "full"  # each of three pays the whole table value (classical)


@dataclass(frozen=True)
class Rules:
    """One table's settings. Defaults are the common Hong Kong table."""

    scale: Scale = Scale.HALF
    cap: int = 10  # 封頂: fan above this counts as this
    split: Split = Split.FULL
    self_draw_pay: SelfDrawPay = SelfDrawPay.HALF
    unit: Fraction = Fraction(1)  # value of one point; a multiplier, not a currency
    min_fan: int = 3  # 起糊: below it the hand is still computed, with a note
    round_up: bool = False  # 不足一元作一元計: a payment in (0, 1) counts as 1

    def __post_init__(self) -> None:
        # An int or a Decimal unit would leave the arithmetic inexact (an int halves to a
        # float, a Decimal stays one): every amount is a Fraction.
        object.__setattr__(self, "unit", amount(self.unit))


@dataclass(frozen=True)
class Hand:
    fan: int = 3
    win: Win = Win.DISCARD
    dealer: bool = False  # the winner is the dealer (only 莊家制 cares)


def table_value(fan: int, scale: Scale) -> int:
    """The table value of a hand of `fan` (already capped), in points.

    >>> [table_value(f, Scale.HALF) for f in (4, 5, 6, 7)]
    [16, 24, 32, 48]
    """
    if fan <= 4 or scale is Scale.FULL:
        return 2**fan
    if scale is Scale.STEPPED:
        # 5 pays as 4, 7 as 6, and 8 (三辣) is the most anyone pays.
        return {5: 16, 6: 32, 7: 32}.get(fan, 64)
    even = 2 ** (4 + (fan - 4) // 2)
    return even * 3 // 2 if fan % 2 else even


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays what for one hand.

    >>> outcome = score(Hand(fan=3), Rules(split=Split.HALF))
    >>> [str(p.amount) for p in outcome.payments]
    ['4', '2', '2']
    """
    steps: list[Step] = []
    notes: list[Note] = []
    fan = hand.fan
    if fan < rules.min_fan:
        notes.append(Note("below_min_fan", {"fan": fan, "min_fan": rules.min_fan}))
    if fan > rules.cap:
        notes.append(Note("capped", {"fan": fan, "cap": rules.cap}))
        steps.append(Step("cap", {"fan": fan, "cap": rules.cap}))
        fan = rules.cap
    value = table_value(fan, rules.scale)
    steps.append(Step("table", {"fan": fan, "scale": rules.scale.value, "value": value}))
    points = value * rules.unit
    if rules.unit != 1:
        steps.append(Step("unit", {"value": value, "unit": rules.unit, "points": points}))

    payments, rounded = _settle(points, hand, rules)
    if rules.split is Split.DEALER:
        notes.append(Note("setting_unused", {"param": "win"}))
    if rounded:
        steps.append(Step("round_up", {}))
    return Outcome(base=points, payments=payments, steps=tuple(steps), notes=tuple(notes))


def _settle(points: Fraction, hand: Hand, rules: Rules) -> tuple[tuple[Payment, ...], bool]:
    """The payments of `points`, and whether 不足一元作一元計 rounded any of them up."""
    payments = _split(points, hand, rules)
    if rules.round_up and any(0 < p.amount < 1 for p in payments):
        payments = tuple(Payment(p.payer, Fraction(1)) if 0 < p.amount < 1 else p for p in payments)
        return payments, True
    return payments, False


def _split(points: Fraction, hand: Hand, rules: Rules) -> tuple[Payment, ...]:
    half, quarter = points / 2, points / 4
    if rules.split is Split.DEALER:
        if hand.dealer:
            return (Payment("other", half),) * 3
        return (Payment("dealer", half), Payment("other", quarter), Payment("other", quarter))
    if hand.win is Win.SELF_DRAW:
        each = half if rules.self_draw_pay is SelfDrawPay.HALF else points
        return (Payment("other", each),) * 3
    if rules.split is Split.HALF:
        return (
            Payment("discarder", half),
            Payment("other", quarter),
            Payment("other", quarter),
        )
    return (
        Payment("discarder", points),
        Payment("other", Fraction(0)),
        Payment("other", Fraction(0)),
    )


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note)."""
    unused = set()
    if rules.split is Split.DEALER:
        unused |= {"win", "self_draw_pay"}
    else:
        unused.add("dealer")
        if hand.win is Win.DISCARD:
            unused.add("self_draw_pay")
    return frozenset(unused)


@dataclass(frozen=True)
class ReferenceRow:
    fan: int
    full: int  # 全辣, before the cap
    half: int  # 半辣, before the cap
    self_draw: Fraction  # what the winner receives on a self-draw, under the current rules
    discard: Fraction  # what the winner receives on a discard, under the current rules


def reference_table(hand: Hand, rules: Rules) -> tuple[ReferenceRow, ...]:
    """The 0–13 fan table; the last two columns follow the table's settings.

    Each row is settled exactly as `score()` settles a hand, without its working.
    """

    def receives(fan: int, win: Win) -> Fraction:
        points = table_value(min(fan, rules.cap), rules.scale) * rules.unit
        payments, _rounded = _settle(points, Hand(fan, win, hand.dealer), rules)
        return sum((p.amount for p in payments), Fraction(0))

    return tuple(
        ReferenceRow(
            fan=fan,
            full=table_value(fan, Scale.FULL),
            half=table_value(fan, Scale.HALF),
            self_draw=receives(fan, Win.SELF_DRAW),
            discard=receives(fan, Win.DISCARD),
        )
        for fan in range(MAX_FAN + 1)
    )
