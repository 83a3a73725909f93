"""美式麻雀 (National Mah Jongg League): from the card value of a hand to who pays whom.

Each hand on the card has a printed value. A hand made without jokers counts double —
except Singles and Pairs, which cannot use jokers at all. The discarder pays double, and
everyone pays double on a self-draw. A fifth person at the table may bet on one player
and then wins or loses exactly as that player does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .outcome import Note, Outcome, Payment, Step, Win
from .sheet_rules import SheetRules

REFERENCE_VALUES = (25, 30, 35, 40, 45, 50)  # the values printed on most cards
JOKERLESS_FACTOR = 2  # a standard hand made without jokers counts this many times its value
LIABLE_FACTOR = 2  # the discarder, or each of the three on a self-draw, pays this many times


class HandKind(StrEnum):
    STANDARD = "standard"
    # Singles and Pairs: no jokers can be used, so "jokerless" earns nothing extra.
    SINGLES_PAIRS = "singles_pairs"


class Bettor(StrEnum):
    """Whom the fifth person (the bettor) bet on."""

    NONE = "none"
    WINNER = "winner"  # collects from every loser what that loser pays the winner
    DISCARDER = "discarder"  # pays the winner what the discarder pays
    OTHER = "other"  # on a loser who did not discard: pays the winner what that loser pays


@dataclass(frozen=True)
class Hand:
    value: int = 25  # the value printed beside the hand on the card
    win: Win = Win.DISCARD
    jokerless: bool = False  # no jokers used: a standard hand's value doubles
    hand: HandKind = HandKind.STANDARD
    bettor: Bettor = Bettor.NONE


def input_errors(hand: Hand) -> dict[str, str]:
    """Contradictions between fields, as {parameter: error code}; empty when all is well.

    >>> input_errors(Hand(win=Win.SELF_DRAW, bettor=Bettor.DISCARDER))
    {'bettor': 'contradiction'}
    """
    if hand.bettor is Bettor.DISCARDER and hand.win is Win.SELF_DRAW:
        return {"bettor": "contradiction"}  # a self-draw has no discarder
    return {}


def score(hand: Hand) -> Outcome:
    """Who pays what for one hand; ValueError (with `input_errors`) on a contradiction.

    >>> outcome = score(Hand(25, bettor=Bettor.DISCARDER))
    >>> [(p.payer, int(p.amount)) for p in outcome.payments][-1], int(outcome.winner_receives)
    (('bettor', 50), 150)
    """
    if errors := input_errors(hand):
        raise ValueError(errors)
    steps = [Step("nmjl_value", {"value": hand.value})]
    notes: list[Note] = []
    # A card value is a whole number and every payment a whole multiple of it: worked out in
    # ints, each amount made a Fraction once.
    whole = hand.value
    if hand.jokerless and hand.hand is HandKind.STANDARD:
        whole *= JOKERLESS_FACTOR
        steps.append(Step("nmjl_jokerless", {"value": hand.value, "doubled": Fraction(whole)}))
    elif hand.jokerless:
        notes.append(Note("jokerless_not_doubled", {"value": hand.value}))
        steps.append(Step("nmjl_jokerless_not_doubled", {"value": hand.value}))

    value = Fraction(whole)
    liable = Fraction(LIABLE_FACTOR * whole)
    if hand.win is Win.SELF_DRAW:
        payments = [Payment("other", liable)] * 3
        steps.append(
            Step(
                "nmjl_self_draw",
                {"value": value, "each": liable, "receives": Fraction(3 * LIABLE_FACTOR * whole)},
            )
        )
    else:
        payments = [
            Payment("discarder", liable),
            Payment("other", value),
            Payment("other", value),
        ]
        steps.append(
            Step(
                "nmjl_discard",
                {
                    "value": value,
                    "discarder": liable,
                    "other": value,
                    "receives": Fraction((LIABLE_FACTOR + 2) * whole),
                },
            )
        )

    extra: dict[str, object] = {}
    if hand.bettor is Bettor.WINNER:
        # The losers pay the bettor on top; the winner's own takings do not change.
        receives = sum((p.amount for p in payments), Fraction(0))
        extra["bettor"] = {"on": "winner", "receives": receives}
        steps.append(Step("nmjl_bettor_on_winner", {"receives": receives}))
    elif hand.bettor is not Bettor.NONE:
        # Both roles are in the list, and both "other" losers always pay the same.
        pays = next(p.amount for p in payments if p.payer == hand.bettor.value)
        payments.append(Payment("bettor", pays))
        extra["bettor"] = {"on": hand.bettor.value, "pays": pays}
        receives = sum((p.amount for p in payments), Fraction(0))
        steps.append(
            Step(
                "nmjl_bettor_on_loser",
                {"on": hand.bettor.value, "pays": pays, "receives": receives},
            )
        )

    return Outcome(
        base=value,
        payments=tuple(payments),
        steps=tuple(steps),
        notes=tuple(notes),
        extra=extra,
    )


def unused_settings(hand: Hand) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note)."""
    # The hand kind only decides whether the jokerless doubling applies.
    return frozenset() if hand.jokerless else frozenset({"hand"})


@dataclass(frozen=True)
class ReferenceRow:
    value: int  # the card value
    jokerless: bool
    counted: Fraction  # the value in play: doubled for a jokerless standard hand
    discard_receives: Fraction  # what the winner receives on a discard
    discarder_pays: Fraction  # the discarder's share (the other two pay half as much)
    self_draw_each: Fraction  # what each of the three pays on a self-draw
    self_draw_receives: Fraction  # what the winner receives on a self-draw


def reference_table(hand: Hand) -> tuple[ReferenceRow, ...]:
    """The common card values, with and without jokers, for the hand's kind; no bettor.

    >>> [int(r.discard_receives) for r in reference_table(Hand())[:2]]
    [100, 200]
    """
    rows = []
    for value in REFERENCE_VALUES:
        for jokerless in (False, True):
            discard = score(Hand(value, Win.DISCARD, jokerless, hand.hand))
            self_draw = score(Hand(value, Win.SELF_DRAW, jokerless, hand.hand))
            rows.append(
                ReferenceRow(
                    value=value,
                    jokerless=jokerless,
                    counted=discard.base,
                    discard_receives=discard.winner_receives,
                    discarder_pays=discard.payments[0].amount,
                    self_draw_each=self_draw.payments[0].amount,
                    self_draw_receives=self_draw.winner_receives,
                )
            )
    return tuple(rows)


# --- on a score sheet ---------------------------------------------------------------------


def _sheet_hand_errors(hand: Hand) -> dict[str, str]:
    if hand.bettor is not Bettor.NONE:
        return {"bettor": "not_allowed"}  # a fifth person's bet is not a seat's score
    return {}


# Payments do not depend on the dealer, so the deal simply goes round.
SHEET = SheetRules(slug="nmjl", score=score, dealer_repeats=False, hand_errors=_sheet_hand_errors)
