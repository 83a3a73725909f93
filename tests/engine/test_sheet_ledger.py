"""rules.md § sheets, "What real evenings bring", through the pure sheet engine: several
winners on one discard, penalties and transfers, and the statistics."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculator.scoring import hk, jiujiang, mcr, riichi
from calculator.scoring.outcome import Win
from calculator.scoring.sheet import (
    Claim,
    Entry,
    FalseWin,
    Kind,
    MultiWinCounters,
    State,
    Table,
    entry_errors,
    play,
    run,
    running,
    statistics,
)
from calculator.scoring.sheet_rules import MultiWin

F = Fraction
D, S = Win.DISCARD, Win.SELF_DRAW
HK = hk.Rules()
RI = riichi.Rules()


def hk_double() -> Entry:
    """Player 4 discards; player 2 wins 5 番 and player 1 wins 3 番 on it."""
    return Entry(2, 4, (hk.Hand(fan=5), HK), also=(Claim(1, (hk.Hand(fan=3), HK)),))


def test_hk_all_pays_each_winner_as_if_alone():
    result = run(Table(hk.SHEET, multi_win=MultiWin.ALL), [hk_double()])
    (hand,) = result.hands
    assert list(hand.deltas) == [8, 24, 0, -32]
    # In turn order after the discarder: player 1 first, then 2.
    assert [(e.winner, e.paid, list(e.deltas)) for e in hand.wins] == [
        (1, True, [8, 0, 0, -8]),
        (2, True, [0, 24, 0, -24]),
    ]
    assert hand.winner == 1 and hand.discarder == 4 and hand.notes == ()
    # Player 1 dealt and is among the paid winners: the deal stays.
    assert result.dealer == 1


def test_hk_first_pays_the_first_in_turn_order_and_notes_the_other():
    result = run(Table(hk.SHEET), [hk_double()])  # `first` is hk's default
    (hand,) = result.hands
    assert list(hand.deltas) == [8, 0, 0, -8]
    assert [(e.winner, e.paid) for e in hand.wins] == [(1, True), (2, False)]
    assert hand.notes == (("head_bump", (2,)),)
    assert hand.winner == 1


def test_the_deal_passes_when_the_dealer_is_not_paid():
    # Player 1 deals; player 4 discards to 2 and 3 (turn order after 4: 1, 2, 3).
    entry = Entry(3, 4, (hk.Hand(fan=3), HK), also=(Claim(2, (hk.Hand(fan=4), HK)),))
    result = run(Table(hk.SHEET, multi_win=MultiWin.ALL), [entry])
    assert list(result.hands[0].deltas) == [0, 16, 8, -24]
    assert result.dealer == 2


def test_riichi_double_ron_worked_example():
    # Player 1 deals, honba 1, one stick (1,000) in the pot; player 3 discards.
    before = State(dealer=1, honba=1, pot=1, sums=(0, 0, 0, 0))
    entry = Entry(
        1,
        3,
        (riichi.Hand(han=3, fu=30), RI),
        also=(Claim(4, (riichi.Hand(han=2, fu=30), RI)),),
    )
    played, after = play(Table(riichi.SHEET), entry, before)
    assert list(played.deltas) == [5800, 0, -8100, 3300]
    # Turn order after 3: player 4 first, taking 2,000 + 300 + the pot.
    four, one = played.wins
    assert (four.winner, four.outcome.winner_receives) == (4, 3300)
    assert (one.winner, one.outcome.winner_receives) == (1, 5800)
    assert played.winner == 4
    assert (after.dealer, after.honba, after.pot) == (1, 2, 0)


def test_riichi_each_gives_every_winner_the_honba():
    before = State(dealer=1, honba=1, pot=1, sums=(0, 0, 0, 0))
    entry = Entry(
        1,
        3,
        (riichi.Hand(han=3, fu=30), RI),
        also=(Claim(4, (riichi.Hand(han=2, fu=30), RI)),),
    )
    table = Table(riichi.SHEET, multi_win_counters=MultiWinCounters.EACH)
    played, _after = play(table, entry, before)
    assert list(played.deltas) == [6100, 0, -8400, 3300]


def test_riichi_triple_ron_is_an_abortive_draw():
    before = State(dealer=2, honba=0, pot=1, sums=(0, 0, 0, 0))
    hand = (riichi.Hand(han=1, fu=30), RI)
    entry = Entry(1, 4, hand, riichi=(3,), also=(Claim(2, hand), Claim(3, hand)))
    played, after = play(Table(riichi.SHEET), entry, before)
    # Nobody pays; player 3's stick joins the pot, which stays.
    assert list(played.deltas) == [0, 0, -1000, 0]
    assert played.winner is None and not any(e.paid for e in played.wins)
    assert played.notes == (("triple_ron", (1, 2, 3)),)
    assert (after.dealer, after.honba, after.pot) == (2, 1, 2)


def test_riichi_all_pays_three():
    hand = (riichi.Hand(han=1, fu=30), RI)
    entry = Entry(1, 4, hand, also=(Claim(2, hand), Claim(3, hand)))
    result = run(Table(riichi.SHEET, multi_win=MultiWin.ALL), [entry])
    assert list(result.hands[0].deltas) == [1500, 1000, 1000, -3500]


def penalty(offender, amount=None, rules=HK, hand=None):
    inputs = (hand if hand is not None else hk.Hand(), rules)
    return Entry(None, None, inputs, kind=Kind.PENALTY, offender=offender, amount=amount)


def test_hk_false_win_defaults():
    assert list(run(Table(hk.SHEET), [penalty(3)]).hands[0].deltas) == [192, 192, -576, 192]
    share = Table(hk.SHEET, false_win=FalseWin.SHARE)
    assert list(run(share, [penalty(3)]).hands[0].deltas) == [64, 64, -192, 64]
    full = hk.Rules(self_draw_pay=hk.SelfDrawPay.FULL)
    assert list(run(Table(hk.SHEET), [penalty(1, rules=full)]).hands[0].deltas) == [
        -1152,
        384,
        384,
        384,
    ]


def test_riichi_chombo():
    by_dealer = penalty(1, rules=RI, hand=riichi.Hand())
    result = run(Table(riichi.SHEET), [by_dealer])
    assert list(result.hands[0].deltas) == [-12000, 4000, 4000, 4000]
    # A non-dealer's when player 2 deals (hand 1 passes the deal to 2).
    session = [
        Entry(3, 1, (riichi.Hand(han=1, fu=30), RI)),
        penalty(3, rules=RI, hand=riichi.Hand()),
    ]
    result = run(Table(riichi.SHEET), session)
    assert list(result.hands[1].deltas) == [2000, 4000, -8000, 2000]


def test_a_penalty_moves_nothing_else():
    before = State(dealer=2, honba=3, pot=2, passes=5, sums=(0, 0, 0, 0), count=4, live=4)
    played, after = play(Table(riichi.SHEET), penalty(4, rules=RI, hand=riichi.Hand()), before)
    assert (after.dealer, after.honba, after.pot, after.passes) == (2, 3, 2, 5)
    assert (played.dealer, played.honba, played.riichi_sticks) == (2, 3, 2)
    assert after.sums == played.deltas and after.count == 5 and after.live == 5


def test_mcr_false_win_and_an_amount():
    table = Table(mcr.SHEET)
    default = Entry(None, None, (mcr.Hand(),), kind=Kind.PENALTY, offender=2)
    amount = Entry(None, None, (mcr.Hand(),), kind=Kind.PENALTY, offender=2, amount=F(5, 2))
    assert list(run(table, [default]).hands[0].deltas) == [10, -30, 10, 10]
    assert list(run(table, [amount]).hands[0].deltas) == [F(5, 2), F(-15, 2), F(5, 2), F(5, 2)]


def test_a_transfer():
    entry = Entry(None, None, (hk.Hand(), HK), kind=Kind.TRANSFER, payer=2, payee=4, amount=F(7))
    result = run(Table(hk.SHEET), [entry])
    assert list(result.hands[0].deltas) == [0, -7, 0, 7]
    assert result.dealer == 1


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (
            Entry(None, None, (jiujiang.Hand(),), kind=Kind.PENALTY, offender=1),
            {"amount": "required"},
        ),
        (Entry(None, None, (hk.Hand(), HK), kind=Kind.PENALTY), {"offender": "required"}),
        (
            Entry(None, None, (hk.Hand(), HK), kind=Kind.TRANSFER, payer=2, payee=2, amount=F(1)),
            {"to": "contradiction"},
        ),
        (
            Entry(None, None, (hk.Hand(), HK), kind=Kind.TRANSFER, payer=2, amount=F(0)),
            {"to": "required", "amount": "out_of_range"},
        ),
        (
            Entry(2, 4, (hk.Hand(), HK), also=(Claim(2, (hk.Hand(), HK)),)),
            {"winner": "invalid"},
        ),
        (
            Entry(2, 4, (hk.Hand(), HK), also=(Claim(1, (hk.Hand(win=S), HK)),)),
            {"win": "contradiction"},
        ),
        (
            Entry(2, 4, (hk.Hand(), HK), also=(Claim(4, (hk.Hand(), HK)),)),
            {"discarder": "contradiction"},
        ),
    ],
)
def test_ledger_entry_errors(entry, errors):
    table = Table(jiujiang.SHEET) if entry.inputs[0].__class__ is jiujiang.Hand else Table(hk.SHEET)
    assert entry_errors(table, entry) == errors


def test_stats_and_running():
    session = [
        Entry(2, 4, (hk.Hand(fan=3), HK)),
        Entry(1, None, (hk.Hand(fan=5, win=S), HK)),
        penalty(3),
        hk_double(),
    ]
    table = Table(hk.SHEET)
    result = run(table, session)
    assert running(table, result.hands) == (
        (0, 8, 0, -8),
        (36, -4, -12, -20),
        (228, 188, -588, 172),
        (236, 188, -588, 164),
    )
    one, two, three, four = statistics(table, result.hands)
    assert (one.won, one.self_drawn, one.dealt_in, one.best) == (2, 1, 0, 192)
    assert (two.won, two.self_drawn, two.best) == (1, 0, 192)  # head-bumped in hand 4
    assert (three.penalties, three.lost_amount, three.won_amount) == (1, -588, 0)
    assert (four.dealt_in, four.lost_amount, four.won_amount) == (2, -28, 192)
