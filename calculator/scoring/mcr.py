"""國標麻將 (Mahjong Competition Rules): from pattern points to who pays whom.

Every loser pays the winner a flat 8 (底分); whoever is liable for the hand — the discarder,
or everyone on a self-draw — also pays the hand's points, flowers included. A hand needs 8
pattern points to go out (八番起和); flowers never count toward them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .outcome import Note, Outcome, Payment, Step, Win
from .sheet_rules import Offence, SheetRules, offender_pays_each

MIN_POINTS = 8  # 八番起和: the fewest pattern points a winning hand may have
FLAT = 8  # 底分: every loser pays it; the liable ones add the hand's points
FLOWER_POINTS = 1  # 花牌: what each flower or season tile adds to the hand's points
MAX_FLOWERS = 8  # four flowers and four seasons in a set
TOP_PATTERN = 88  # the largest single pattern (大四喜, 十三么 …)
REFERENCE_POINTS = (8, 16, 24, 32, 48, 64, TOP_PATTERN)


@dataclass(frozen=True)
class Hand:
    points: int = 8  # 番: pattern points, flowers excluded
    flowers: int = 0  # 花牌: flower and season tiles, 1 point each
    win: Win = Win.DISCARD


def score(hand: Hand) -> Outcome:
    """Who pays what for one hand. Below 8 points it is still computed, with a note.

    >>> outcome = score(Hand(points=24, flowers=2))
    >>> [int(p.amount) for p in outcome.payments], int(outcome.winner_receives)
    ([34, 8, 8], 50)
    """
    notes: list[Note] = []
    if hand.points < MIN_POINTS:
        notes.append(Note("below_min_points", {"points": hand.points, "min_points": MIN_POINTS}))
    total = hand.points + hand.flowers * FLOWER_POINTS
    base = Fraction(total + FLAT)
    flat = Fraction(FLAT)
    steps = [
        Step("mcr_points", {"points": hand.points, "flowers": hand.flowers, "total": total}),
        Step("mcr_base", {"total": total, "flat": FLAT, "base": base}),
    ]
    if hand.win is Win.SELF_DRAW:
        payments = (Payment("other", base),) * 3
        steps.append(Step("mcr_self_draw", {"each": base, "receives": 3 * base}))
    else:
        payments = (Payment("discarder", base), Payment("other", flat), Payment("other", flat))
        steps.append(
            Step(
                "mcr_discard",
                {"discarder": base, "other": flat, "receives": base + 2 * flat},
            )
        )
    return Outcome(base=base, payments=payments, steps=tuple(steps), notes=tuple(notes))


def unused_settings(hand: Hand) -> frozenset[str]:
    """Parameters that cannot change this result: in MCR every one of them always counts."""
    return frozenset()


@dataclass(frozen=True)
class ReferenceRow:
    points: int  # pattern points; the hand's current flowers are added to each row
    discard_receives: Fraction  # what the winner receives on a discard
    discarder_pays: Fraction  # the discarder's share (the other two pay the flat 8)
    self_draw_each: Fraction  # what each of the three pays on a self-draw
    self_draw_receives: Fraction  # what the winner receives on a self-draw


def reference_table(hand: Hand) -> tuple[ReferenceRow, ...]:
    """The common point totals, at the hand's flower count.

    >>> row = reference_table(Hand())[0]
    >>> int(row.discard_receives), int(row.self_draw_receives)
    (32, 48)
    """
    rows = []
    for points in REFERENCE_POINTS:
        discard = score(Hand(points, hand.flowers, Win.DISCARD))
        self_draw = score(Hand(points, hand.flowers, Win.SELF_DRAW))
        rows.append(
            ReferenceRow(
                points=points,
                discard_receives=discard.winner_receives,
                discarder_pays=discard.payments[0].amount,
                self_draw_each=self_draw.payments[0].amount,
                self_draw_receives=self_draw.winner_receives,
            )
        )
    return tuple(rows)


# --- on a score sheet ---------------------------------------------------------------------

# Payments do not depend on the dealer, so the deal simply goes round.
FALSE_WIN = 10  # the competition rules' false win: 10 points to each other player


def false_win(inputs: tuple, offence: Offence) -> list[Fraction | int]:
    return offender_pays_each(offence, FALSE_WIN)


SHEET = SheetRules(slug="mcr", score=score, dealer_repeats=False, penalty=false_win)
