"""台灣麻將 (16 tiles): from the hand's 台數 to who pays whom (rules.md § taiwan).

The table agrees the hand's 台數 without the dealer's; each payment is 底 + 台 × T, where T
adds the dealer's 台 (1 for dealing, plus 2 — or 1 — for each hand already kept: 連N拉N)
only on the payments the dealer takes part in, as winner or as that payer. A cap clips each
payment's T on its own. A discard (放槍) is paid by the discarder alone; a self-draw (自摸)
by all three others. Several winners on one discard are each scored alone, by this same
`score()`: nothing here depends on another winner.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from .money import amount
from .outcome import Note, Outcome, Payment, Step, Win
from .sheet_rules import Deal, SheetRules

MAX_TAI = 200
MAX_STREAK = 99
STREAK_TAI = (1, 2)  # 台 per 連莊 hand: 連N only, or 連N拉N
REFERENCE_TAI = 16  # the reference table's rows: 0 … 16 台, and the hand's own beyond that


class Dealer(StrEnum):
    """Who the dealer (莊家) is, seen from the hand."""

    WINNER = "winner"
    DISCARDER = "discarder"  # threw the winning tile (a discard only)
    OTHER = "other"  # neither; on a self-draw, one of the three payers


@dataclass(frozen=True)
class Rules:
    """One table's stakes, as people say them: "100/20" is 底 100, 台 20."""

    base: Fraction = Fraction(100)  # 底: every payment starts from it
    per_tai: Fraction = Fraction(20)  # 台: the amount of one 台
    streak_tai: int = 2  # 台 per 連莊 hand: 2 = 連N拉N (連一拉一 3 台), 1 = 連N only
    cap: int = 0  # the most 台 a payment counts, dealer's 台 included; 0 = no cap

    def __post_init__(self) -> None:
        # A Decimal or float stake would leave the arithmetic inexact.
        object.__setattr__(self, "base", amount(self.base))
        object.__setattr__(self, "per_tai", amount(self.per_tai))


@dataclass(frozen=True)
class Hand:
    tai: int = 3  # the hand's 台數 as the table counts it, without the dealer's 台
    win: Win = Win.DISCARD  # a robbed kong (搶槓) is a discard by the robbed player
    dealer: Dealer = Dealer.OTHER
    streak: int = 0  # 連莊: hands the dealer has already kept the seat


def input_errors(hand: Hand) -> dict[str, str]:
    """Field errors for a hand no table could score: parameter → error code.

    >>> input_errors(Hand(win=Win.SELF_DRAW, dealer=Dealer.DISCARDER))
    {'dealer': 'contradiction'}
    """
    if hand.win is Win.SELF_DRAW and hand.dealer is Dealer.DISCARDER:
        return {"dealer": "contradiction"}  # a self-draw has no discarder
    return {}


def dealer_tai(streak: int, rules: Rules) -> int:
    """The dealer's 台: 1 for dealing, plus `streak_tai` per hand already kept.

    >>> dealer_tai(2, Rules()), dealer_tai(2, Rules(streak_tai=1))
    (5, 3)
    """
    return 1 + rules.streak_tai * streak


def payment(tai: int, rules: Rules) -> Fraction:
    """底 + 台 × T for a payment counting `tai` 台, after the cap.

    >>> payment(10, Rules(cap=8))
    Fraction(260, 1)
    """
    counted = min(tai, rules.cap) if rules.cap else tai
    return rules.base + rules.per_tai * counted


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays what for one hand. Raises ValueError when `input_errors(hand)` is not empty.

    rules.md: S self-draws 5 台 with E, the dealer, on 連2: E pays 300, W and N 200 each.

    >>> hand = Hand(tai=5, win=Win.SELF_DRAW, dealer=Dealer.OTHER, streak=2)
    >>> [(p.payer, str(p.amount)) for p in score(hand).payments]
    [('dealer', '300'), ('other', '200'), ('other', '200')]
    """
    errors = input_errors(hand)
    if errors:
        raise ValueError(errors)
    extra = dealer_tai(hand.streak, rules)
    steps: list[Step] = []
    notes: list[Note] = []
    if hand.dealer is not Dealer.OTHER or hand.win is Win.SELF_DRAW:
        steps.append(
            Step(
                "dealer_tai",
                {"streak": hand.streak, "streak_tai": rules.streak_tai, "value": extra},
            )
        )

    # (role, whether the dealer takes part in this payment), in the who-pays order.
    if hand.win is Win.DISCARD:
        involved = hand.dealer is not Dealer.OTHER
        roles = [("discarder", involved), ("other", None), ("other", None)]
    elif hand.dealer is Dealer.WINNER:
        roles = [("other", True)] * 3
    else:
        roles = [("dealer", True), ("other", False), ("other", False)]

    alike = Counter(roles)  # how many pay each kind of payment
    payments = []
    paid: dict[tuple[str, bool | None], Fraction] = {}
    for role, involved in roles:
        if involved is None:  # a discard: the other two pay nothing
            payments.append(Payment(role, Fraction(0)))
            continue
        if (role, involved) not in paid:
            total = hand.tai + extra if involved else hand.tai
            counted = min(total, rules.cap) if rules.cap else total
            paid[role, involved] = payment(total, rules)
            if counted != total:
                notes.append(Note("capped", {"tai": total, "cap": rules.cap}))
            steps.append(
                Step(
                    "pay",
                    {
                        "payer": role,
                        "count": alike[role, involved],
                        "tai": hand.tai,
                        "dealer_tai": extra if involved else 0,
                        "counted": counted,
                        "base": rules.base,
                        "per_tai": rules.per_tai,
                        "amount": paid[role, involved],
                    },
                )
            )
        payments.append(Payment(role, paid[role, involved]))
    if hand.win is Win.DISCARD:
        steps.append(Step("discard_only", {}))
    return Outcome(
        base=payment(hand.tai, rules),
        payments=tuple(payments),
        steps=tuple(steps),
        notes=tuple(notes[:1]),  # one note says it, whichever payment hit the cap
    )


@dataclass(frozen=True)
class ReferenceRow:
    tai: int  # the hand's 台數, without the dealer's
    plain: Fraction  # a payment the dealer takes no part in
    dealer: Fraction  # a payment the dealer takes part in, at the hand's streak


def reference_table(hand: Hand, rules: Rules) -> tuple[ReferenceRow, ...]:
    """What each 台數 costs one payer, with and without the dealer's 台 at the hand's streak.

    >>> [(r.tai, str(r.plain), str(r.dealer)) for r in reference_table(Hand(), Rules())][:2]
    [(0, '100', '120'), (1, '120', '140')]
    """
    extra = dealer_tai(hand.streak, rules)
    counts = list(range(REFERENCE_TAI + 1))
    if hand.tai > REFERENCE_TAI:
        counts.append(hand.tai)
    return tuple(ReferenceRow(t, payment(t, rules), payment(t + extra, rules)) for t in counts)


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note).

    >>> sorted(unused_settings(Hand(streak=2), Rules()))
    ['streak', 'streak_tai']
    """
    unused = set()
    if hand.win is Win.DISCARD and hand.dealer is Dealer.OTHER:
        unused |= {"streak", "streak_tai"}  # the dealer neither won nor pays
    if hand.streak == 0:
        unused.add("streak_tai")
    return frozenset(unused)


# --- on a score sheet ---------------------------------------------------------------------


def _sheet_inputs(inputs: tuple, deal: Deal) -> tuple:
    """The hand as the sheet plays it: who deals, and the streak the sheet has counted."""
    hand, *rest = inputs
    if deal.winner == deal.dealer:
        dealer = Dealer.WINNER
    elif deal.discarder == deal.dealer:
        dealer = Dealer.DISCARDER
    else:
        dealer = Dealer.OTHER
    # The sheet's hand counter is the 連莊 streak (`streak=True` below).
    return (replace(hand, dealer=dealer, streak=deal.honba), *rest)


SHEET = SheetRules(slug="taiwan", score=score, streak=True, sheet_inputs=_sheet_inputs)
