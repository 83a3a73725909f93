"""What a score sheet needs to know about a family: one frozen `SheetRules` per family.

Each family's engine module exports its own as `SHEET`; the sheet's fold
(`calculator.scoring.sheet`) reads only these fields and never asks which family it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .outcome import Outcome


@dataclass(frozen=True)
class Deal:
    """What the sheet knows about one won hand that the hand's own entry does not."""

    winner: int  # 1..players
    dealer: int  # the dealer in force during the hand
    # The counter in force during the hand: riichi's 本場, a streak family's 連莊 count (the
    # hands the dealer has already kept the seat), 0 where the family keeps none.
    honba: int
    sticks: int  # declaration sticks on the table: carried in + this hand's (0 where none)
    players: int  # at the table
    discarder: int | None = None  # who threw the winning tile; None on a self-draw


class MultiWin(StrEnum):
    """Several winners on one discard (rules.md § sheets)."""

    FIRST = "first"  # 截糊 / 頭ハネ: only the first in turn order after the discarder is paid
    ALL = "all"  # 一炮多響: the discarder pays each winner as if they had won alone
    DOUBLE = "double"  # riichi: two are paid; three on one discard is an abortive draw


@dataclass(frozen=True)
class Offence:
    """What the sheet knows about a penalty (錯和 / 詐糊 / チョンボ) beyond its inputs."""

    offender: int  # 1..players
    dealer: int  # the dealer in force during the hand
    players: int  # at the table
    false_win: str  # the table's `false_win` rule (hk: "whole" or "share")


def as_entered(inputs: tuple, deal: Deal) -> tuple:
    """The entered inputs unchanged: the family's payments do not depend on the seats."""
    return inputs


def winner_deals(inputs: tuple, deal: Deal) -> tuple:
    """The hand's `dealer` flag (the winner deals) set from the sheet, whatever was entered."""
    hand, *rest = inputs
    return (replace(hand, dealer=deal.winner == deal.dealer), *rest)


def no_hand_errors(hand: Any) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class SheetRules:
    """How a family's hands make a score sheet."""

    slug: str
    score: Callable[..., Outcome] = field(repr=False)  # the family's engine: score(*inputs)
    seatings: tuple[int, ...] = (4,)  # how many may play
    # The dealer keeps the deal on winning (and on a draw); False: the deal goes round after
    # every hand, as payments do not depend on the dealer.
    dealer_repeats: bool = True
    # A discard win names the discarder; False: every seat settles with every other, so an
    # entry names no discarder.
    names_discarder: bool = True
    # A self-draw may be paid in full by one liable player (包自摸), named by the entry.
    liable: bool = False
    # Riichi's table: entries name the players who declared (a stick each into the pot) and,
    # on a draw, those in tenpai (noten payments; the dealer keeps the deal in tenpai); the
    # sheet keeps 本場 counters and the pot, and points from a start end in final scores.
    counters: bool = False
    # The sheet counts the dealer's 連莊 streak in the hand counter: +1 each time the dealer
    # keeps the seat, back to 0 when it passes (the engine reads it from `Deal.honba`).
    streak: bool = False
    # The inputs the engine is given: the entered ones with the sheet's fields set.
    sheet_inputs: Callable[[tuple, Deal], tuple] = field(default=as_entered, repr=False)
    # Errors of a hand that a sheet cannot play, as {parameter: error code}.
    hand_errors: Callable[[Any], dict[str, str]] = field(default=no_hand_errors, repr=False)
    # Every seat's delta straight from the outcome, E-S-W-N; None: each payment's role is
    # matched to a player and the winner collects them.
    seat_deltas: Callable[[Outcome], list] | None = field(default=None, repr=False)
    # The table rule `multi_win`'s choices, the default first; () = one winner per hand.
    multi_wins: tuple[MultiWin, ...] = (MultiWin.FIRST, MultiWin.ALL)
    # A penalty's default: each player's delta from the family's inputs (its table rules)
    # and the offence; None: a penalty needs its `amount`.
    penalty: Callable[[tuple, Offence], Sequence[Fraction | int]] | None = field(
        default=None, repr=False
    )
    # The table rule `false_win` (whole or share) shapes `penalty` (hk's 詐糊).
    false_win_rule: bool = False


def offender_pays_each(offence: Offence, each: Fraction | int) -> list[Fraction | int]:
    """The offender pays `each` to every other player."""
    deltas: list[Fraction | int] = [each] * offence.players
    deltas[offence.offender - 1] = -each * (offence.players - 1)
    return deltas
