"""Exact money: every amount in the engine is a `Fraction`; these helpers sit at the edges."""

from __future__ import annotations

import numbers
from decimal import Decimal
from fractions import Fraction

Amount = Fraction


def amount(value: numbers.Real | Decimal | str) -> Fraction:
    """Make an exact amount from an int, a Fraction, a decimal string, a Decimal or a float.

    A float is read as the decimal it prints as (0.1 is one tenth, not the binary double
    nearest it): that is the number whoever wrote `unit=0.1` meant. NaN and infinities
    are a ValueError.

    >>> amount("0.25") * 2
    Fraction(1, 2)
    >>> amount(0.1)
    Fraction(1, 10)
    """
    if isinstance(value, numbers.Rational | Decimal | str):
        return Fraction(value)
    return Fraction(str(value))


def ceil_to(value: Fraction | int, step: int) -> int:
    """Round up to a multiple of `step` (riichi rounds each payment up to 100).

    >>> ceil_to(3840, 100)
    3900
    """
    return -(-value // step) * step  # int or Fraction: floor division gives an int either way


def to_decimal(value: Fraction | int) -> Decimal:
    """The exact decimal form of an amount, or ValueError if it has no finite one.

    Amounts only ever divide by 2, 4 and powers of ten, so they always do.

    >>> to_decimal(Fraction(1, 16))
    Decimal('0.0625')
    """
    value = Fraction(value)
    denominator = value.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        raise ValueError(f"{value} has no finite decimal form")
    places = max(twos, fives)
    scaled = value * 10**places
    return Decimal(scaled.numerator).scaleb(-places)


def plain(value: Fraction | int) -> str:
    """The shortest exact decimal text of an amount: '8', '0.0625', '-220'.

    >>> plain(Fraction(5, 2))
    '2.5'
    """
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    text = format(to_decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def grouped(value: Fraction | int) -> str:
    """The display form: thousands separators, exact decimals ('12,000', '0.0625')."""
    if isinstance(value, int) or value.denominator == 1:
        return f"{int(value):,}"
    text = plain(value)
    sign = "-" if text.startswith("-") else ""
    whole, _, frac = text.lstrip("-").partition(".")
    whole = f"{int(whole):,}"
    return f"{sign}{whole}.{frac}" if frac else f"{sign}{whole}"
