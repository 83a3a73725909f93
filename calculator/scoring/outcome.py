"""The values every family's `score()` returns: payments, notes, steps.

Notes and steps are codes with arguments, never prose: the web layer words them in the
reader's language, and tests assert the codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType


class Win(StrEnum):
    DISCARD = "discard"  # 食出銃 / ron: one player threw the winning tile
    SELF_DRAW = "self_draw"  # 自摸 / tsumo


def _frozen(args: Mapping[str, object] | None) -> Mapping[str, object]:
    # A read-only view of the engine's own dict: a result is a value, so nobody may change
    # one after the fact. No copy: the engine never reuses the dict.
    if isinstance(args, dict):
        return MappingProxyType(args)
    if isinstance(args, MappingProxyType):
        return args
    return MappingProxyType(dict(args or {}))


@dataclass(frozen=True)
class Note:
    """Something unusual about the result, e.g. `below_min_fan` or `capped`."""

    code: str
    args: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", _frozen(self.args))


@dataclass(frozen=True)
class Step:
    """One line of working, e.g. code `scale` with args {fan: 3, scale: half, value: 8}."""

    code: str
    args: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", _frozen(self.args))


def at_unit(value: int, unit: Fraction, steps: list[Step]) -> Fraction:
    """A whole table value at the table's unit, with the `unit` step when the unit is not 1.

    >>> steps = []
    >>> at_unit(8, Fraction(1, 4), steps), [step.code for step in steps]
    (Fraction(2, 1), ['unit'])
    """
    if unit == 1:
        return Fraction(value)  # no multiplication, and no step to say so
    points = value * unit
    steps.append(Step("unit", {"value": value, "unit": unit, "points": points}))
    return points


@dataclass(frozen=True)
class Payment:
    """What one payer hands the winner. `payer` is a role: discarder, other, dealer, …"""

    payer: str
    amount: Fraction


@dataclass(frozen=True)
class Outcome:
    """A whole result. `winner_receives` is derived, so it always adds up."""

    base: Fraction
    payments: tuple[Payment, ...]
    from_table: Fraction = Fraction(0)
    level: str | None = None
    fu: int | None = None
    steps: tuple[Step, ...] = ()
    notes: tuple[Note, ...] = ()
    # Family-specific extras (NMJL `bettor`, classical `players`/`transfers`), JSON-shaped.
    extra: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _frozen(self.extra))

    @property
    def winner_receives(self) -> Fraction:
        return sum((p.amount for p in self.payments), self.from_table)

    def has_note(self, code: str) -> bool:
        return any(note.code == code for note in self.notes)
