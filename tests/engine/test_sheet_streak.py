"""The sheet's 連莊 streak counter, for a family whose `SheetRules` asks for it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculator.scoring.outcome import Outcome, Payment, Win
from calculator.scoring.sheet import Entry, Table, run
from calculator.scoring.sheet_rules import Deal, SheetRules


@dataclass(frozen=True)
class Seen:
    """A stand-in hand: the engine below pays 1 from the discarder or 1 from each other, and
    remembers what the sheet told it."""

    win: Win = Win.DISCARD
    streak: int = -1
    dealer: int = 0
    discarder: int | None = None


def score(hand: Seen) -> Outcome:
    if hand.win is Win.SELF_DRAW:
        payments = (Payment("other", Fraction(1)),) * 3
    else:
        payments = (Payment("discarder", Fraction(1)),)
    return Outcome(base=Fraction(1), payments=payments, extra={"seen": hand})


def told(inputs: tuple, deal: Deal) -> tuple:
    (hand,) = inputs
    return (Seen(hand.win, deal.honba, deal.dealer, deal.discarder),)


STREAK = SheetRules(slug="streaky", score=score, streak=True, sheet_inputs=told)
PLAIN = SheetRules(slug="plain", score=score, sheet_inputs=told)


def won(winner, discarder=None):
    win = Win.DISCARD if discarder else Win.SELF_DRAW
    return Entry(winner, discarder, (Seen(win),))


def drawn():
    return Entry(None, None, (Seen(),))


def seen(result):
    return [h.outcome.extra["seen"] if h.outcome else None for h in result.hands]


def test_the_streak_grows_while_the_dealer_keeps_the_seat_and_resets_when_it_passes():
    hands = [won(1, 2), drawn(), won(1), won(3, 1), won(3, 2), won(4)]
    result = run(Table(STREAK), hands)
    assert [(h.dealer, h.honba) for h in result.hands] == [
        (1, 0),
        (1, 1),  # the dealer won: 連1
        (1, 2),  # a draw keeps the deal: 連2
        (1, 3),
        (2, 0),  # player 3 won off the dealer: the seat passed
        (3, 0),
    ]
    assert (result.dealer, result.honba) == (4, 0)
    # The engine is told the streak, the dealer and the discarder of each won hand.
    assert [(s.streak, s.dealer, s.discarder) for s in seen(result) if s] == [
        (0, 1, 2),
        (2, 1, None),
        (3, 1, 1),
        (0, 2, 2),
        (0, 3, None),
    ]


def test_the_next_hand_is_told_the_streak():
    result = run(Table(STREAK), [won(1, 3), won(1, 4)])
    assert (result.dealer, result.honba) == (1, 2)


def test_a_table_that_passes_the_seat_on_a_draw_resets_the_streak():
    result = run(Table(STREAK, draw_keeps=False), [won(1, 2), drawn(), won(2, 3)])
    assert [(h.dealer, h.honba) for h in result.hands] == [(1, 0), (1, 1), (2, 0)]
    assert (result.dealer, result.honba) == (2, 1)  # player 2 dealt and won: 連1


def test_draw_keeps_off_passes_the_seat_for_any_family_that_repeats_its_dealer():
    result = run(Table(PLAIN, draw_keeps=False), [drawn(), drawn()])
    assert [h.dealer for h in result.hands] == [1, 2]
    assert result.dealer == 3


def test_a_family_without_a_streak_keeps_no_counter():
    result = run(Table(PLAIN), [won(1, 2), drawn(), won(1)])
    assert [(h.dealer, h.honba) for h in result.hands] == [(1, 0), (1, 0), (1, 0)]
    assert result.honba == 0
    assert [s.streak for s in seen(result) if s] == [0, 0]


def test_a_deleted_hand_moves_nothing():
    deleted = Entry(1, 2, (Seen(),), deleted=True)
    result = run(Table(STREAK), [won(1, 2), deleted, won(1, 3)])
    assert [h.honba for h in result.hands] == [0, 1, 1]
    assert result.honba == 2
