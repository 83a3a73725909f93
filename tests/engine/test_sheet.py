"""rules.md § sheets through the pure sheet engine: deltas, counters, pot, finals, settlement."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from calculator.scoring import classical, hk, jiujiang, mcr, nmjl, riichi
from calculator.scoring.outcome import Outcome, Payment, Win
from calculator.scoring.sheet import (
    Entry,
    Table,
    Transfer,
    entry_errors,
    final_scores,
    run,
    settle,
)
from calculator.scoring.sheet_rules import SheetRules

F = Fraction
D, S = Win.DISCARD, Win.SELF_DRAW
HK = hk.Rules()
RI = riichi.Rules()
RI3 = riichi.Rules(players=3)


def hk_hand(winner, discarder, fan, win=D, rules=HK, **kw):
    return Entry(winner, discarder, (hk.Hand(fan=fan, win=win), rules), **kw)


def ri_hand(winner, discarder, han, fu, win=D, rules=RI, **kw):
    return Entry(winner, discarder, (riichi.Hand(han=han, fu=fu, win=win), rules), **kw)


def drawn(rules=RI, **kw):
    return Entry(None, None, (riichi.Hand(), rules), **kw)


def deltas(result):
    return [list(hand.deltas) for hand in result.hands]


def transfers(result):
    return [(t.payer, t.payee, t.amount) for t in result.settlement]


# --- the worked examples ----------------------------------------------------------------


def test_hk_worked_example():
    result = run(Table(hk.SHEET), [hk_hand(2, 4, 3), hk_hand(1, None, 5, S)])
    assert deltas(result) == [[0, 8, 0, -8], [36, -12, -12, -12]]
    assert result.totals == (36, -4, -12, -20)
    assert transfers(result) == [(4, 1, 20), (3, 1, 12), (2, 1, 4)]
    assert [h.dealer for h in result.hands] == [1, 2]  # player 2 won hand 1: the deal passed
    assert result.dealer == 3 and result.honba == 0 and result.pot == 0 and result.final == ()
    # The engine's own result rides along, with the inputs it was given.
    assert result.hands[1].outcome.winner_receives == 36
    assert result.hands[1].inputs == (hk.Hand(fan=5, win=S, dealer=False), HK)


RIICHI_EXAMPLE = [
    ri_hand(3, 2, 3, 30, riichi=(1, 3)),
    drawn(tenpai=(2,)),
    ri_hand(2, None, 2, 40, S),
]


def test_riichi_worked_example():
    result = run(Table(riichi.SHEET), RIICHI_EXAMPLE)
    one, two, three = result.hands
    # Hand 1: 3 receives 3,900 + the 2,000 pot, less its own stick.
    assert list(one.deltas) == [-1000, -3900, 4900, 0]
    assert (one.dealer, one.honba, one.riichi_sticks) == (1, 0, 2)
    assert one.outcome.from_table == 2000 and one.outcome.payments[0].amount == 3900
    assert one.inputs[0].dealer is False and one.inputs[0].riichi_sticks == 2
    # Hand 2: dealer now player 2, tenpai alone; 1,000 from each of the others.
    assert list(two.deltas) == [-1000, 3000, -1000, -1000]
    assert (two.dealer, two.honba, two.riichi_sticks) == (2, 0, 0)
    assert two.outcome is None and two.inputs is None
    # Hand 3: player 2 still deals, with 1 counter: 1,300 + 100 from each.
    assert list(three.deltas) == [-1400, 4200, -1400, -1400]
    assert (three.dealer, three.honba, three.riichi_sticks) == (2, 1, 0)
    assert three.inputs[0].dealer is True and three.inputs[0].honba == 1
    assert (result.dealer, result.honba, result.pot) == (2, 2, 0)
    assert result.totals == (21600, 28300, 27500, 22600)
    assert [(f.n, f.points, f.rank, f.score) for f in result.final] == [
        (1, 21600, 4, F(-34, 10)),
        (2, 28300, 1, F(33, 10)),
        (3, 27500, 2, F(25, 10)),
        (4, 22600, 3, F(-24, 10)),
    ]
    # No two players' scores cancel out: three payments.
    assert transfers(result) == [(1, 2, F(33, 10)), (4, 3, F(24, 10)), (1, 3, F(1, 10))]


def test_riichi_settlement_multiplies_by_the_rate():
    result = run(Table(riichi.SHEET, rate=F(2)), RIICHI_EXAMPLE)
    # Final scores × 2: −6.8, +6.6, +5, −4.8.
    assert transfers(result) == [(1, 2, F(66, 10)), (4, 3, F(48, 10)), (1, 3, F(2, 10))]


def test_pot_carries_over_a_draw_to_the_next_winner():
    entries = [
        drawn(riichi=(1, 4), tenpai=(1, 4)),
        ri_hand(2, 3, 3, 30, riichi=(3,)),
    ]
    result = run(Table(riichi.SHEET), entries)
    one, two = result.hands
    assert list(one.deltas) == [-1000 + 1500, -1500, -1500, -1000 + 1500]
    assert one.riichi_sticks == 2
    assert (two.dealer, two.honba, two.riichi_sticks) == (1, 1, 3)  # 1 tenpai: keeps the deal
    # 3,900 + 300 counter + the 3,000 pot; 3's own stick is part of that pot.
    assert list(two.deltas) == [0, 7200, -4200 - 1000, 0]
    assert result.pot == 0 and result.honba == 0 and result.dealer == 2


def test_a_pot_left_at_the_end_goes_to_the_top_player():
    result = run(Table(riichi.SHEET), [drawn(riichi=(2,), tenpai=(2,))])
    assert result.pot == 1000
    assert result.totals == (24000, 27000, 24000, 24000)
    assert [(f.points, f.rank) for f in result.final] == [
        (24000, 2),
        (28000, 1),
        (24000, 2),
        (24000, 2),
    ]
    assert [f.score for f in result.final] == [-1, 3, -1, -1]
    assert sum(f.points for f in result.final) == 100000


# --- noten payments ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tenpai", "expected"),
    [
        (4, (), [0, 0, 0, 0]),
        (4, (3,), [-1000, -1000, 3000, -1000]),
        (4, (1, 2), [1500, 1500, -1500, -1500]),
        (4, (1, 2, 4), [1000, 1000, -3000, 1000]),
        (4, (1, 2, 3, 4), [0, 0, 0, 0]),
        (3, (), [0, 0, 0]),
        (3, (2,), [-1000, 2000, -1000]),
        (3, (1, 3), [1000, -2000, 1000]),
        (3, (1, 2, 3), [0, 0, 0]),
    ],
)
def test_noten_payments(players, tenpai, expected):
    rules = RI if players == 4 else RI3
    result = run(Table(riichi.SHEET, players=players), [drawn(rules, tenpai=tenpai)])
    assert list(result.hands[0].deltas) == expected
    assert result.honba == 1
    assert result.dealer == (1 if 1 in tenpai else 2)


def test_noten_of_a_table_that_does_not_divide_stays_exact():
    result = run(Table(riichi.SHEET, noten=1000), [drawn(tenpai=(1,))])
    assert list(result.hands[0].deltas) == [1000, F(-1000, 3), F(-1000, 3), F(-1000, 3)]


# --- final scores -----------------------------------------------------------------------

UMA_TABLE = Table(riichi.SHEET, start=25000, return_points=30000, uma=(15, 5, -5, -15))


def test_final_with_uma_and_oka():
    final = final_scores(UMA_TABLE, [F(41000), F(28000), F(19000), F(12000)])
    # (points − 30,000) / 1000 + uma, and the oka (5,000 × 4 = 20) to the top.
    assert [(f.rank, f.score) for f in final] == [(1, 46), (2, 3), (3, -16), (4, -33)]
    assert sum(f.score for f in final) == 0


def test_contract_sample_final_score():
    table = Table(riichi.SHEET, start=25000, return_points=30000)
    final = final_scores(table, [F(29900), F(25100), F(24000), F(21000)])
    assert (final[0].points, final[0].rank, final[0].score) == (29900, 1, F(199, 10))


def test_a_tie_for_first_shares_uma_oka_and_pot():
    final = final_scores(UMA_TABLE, [F(30000), F(30000), F(22000), F(17000)], pot=1000)
    assert [f.points for f in final] == [30500, 30500, 22000, 17000]
    assert [f.rank for f in final] == [1, 1, 3, 4]
    # Each: 0.5 + (15 + 5) / 2 + 20 / 2.
    assert [f.score for f in final] == [F(41, 2), F(41, 2), -13, -28]
    assert sum(f.score for f in final) == 0


def test_a_tie_lower_down_shares_the_uma_of_its_places():
    final = final_scores(UMA_TABLE, [F(40000), F(20000), F(20000), F(20000)])
    assert [f.rank for f in final] == [1, 2, 2, 2]
    assert [f.score for f in final] == [45, -15, -15, -15]


def test_three_player_final():
    table = Table(riichi.SHEET, players=3, start=35000, return_points=40000, uma=(20, 0, -20))
    final = final_scores(table, [F(50000), F(35000), F(20000)])
    # oka: 5,000 × 3 = 15.
    assert [f.score for f in final] == [10 + 20 + 15, -5, -40]


def test_no_uma_no_oka_by_default():
    result = run(Table(riichi.SHEET), [])
    assert [(f.points, f.rank, f.score) for f in result.final] == [(25000, 1, 0)] * 4
    assert result.settlement == ()


# --- every family -----------------------------------------------------------------------


def test_mcr_sheet():
    entries = [
        Entry(3, 1, (mcr.Hand(points=8),)),
        Entry(2, None, (mcr.Hand(points=8, win=S),)),
        Entry(None, None, (mcr.Hand(),)),
    ]
    result = run(Table(mcr.SHEET), entries)
    assert deltas(result) == [[-16, -8, 32, -8], [-16, 48, -16, -16], [0, 0, 0, 0]]
    # The deal goes round after every hand, draws and the dealer's own wins included.
    assert [h.dealer for h in result.hands] == [1, 2, 3] and result.dealer == 4


def test_nmjl_sheet():
    entries = [Entry(4, 2, (nmjl.Hand(25),)), Entry(1, None, (nmjl.Hand(25, S, jokerless=True),))]
    result = run(Table(nmjl.SHEET), entries)
    assert deltas(result) == [[-25, -50, -25, 100], [300, -100, -100, -100]]
    assert result.totals == (275, -150, -125, 0)
    assert result.dealer == 3


def pengpeng(win, **kw):
    return jiujiang.Hand(frozenset({jiujiang.Pattern.PENGPENG}), win=win, **kw)


def test_jiujiang_sheet_dealer_comes_from_the_sheet():
    rules = jiujiang.Rules()
    entries = [
        # 碰碰胡 + 自摸 + 莊家: 3 → 6 → 12, each pays 12.
        Entry(1, None, (pengpeng(S), rules)),
        # Same hand by a non-dealer: no ×2 for the dealer, whatever the form said.
        Entry(2, None, (pengpeng(S, dealer=True), rules)),
        # 七對 + 搶杠 off player 1: 4 → 8, the robbed player pays.
        Entry(4, 1, (jiujiang.Hand(frozenset({jiujiang.Pattern.QIDUI}), qianggang=True), rules)),
    ]
    result = run(Table(jiujiang.SHEET), entries)
    assert deltas(result) == [[36, -12, -12, -12], [-6, 18, -6, -6], [-8, 0, 0, 8]]
    assert [h.dealer for h in result.hands] == [1, 1, 2]
    assert result.hands[1].inputs[0].dealer is False


def test_classical_sheet_uses_every_seats_net():
    hand = classical.Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0))
    # The form's winner and dealer are overwritten by the sheet's.
    stale = replace(hand, winner=classical.Seat.N, dealer=classical.Seat.W)
    result = run(Table(classical.SHEET), [Entry(2, None, (stale, classical.Rules()))])
    assert list(result.hands[0].deltas) == [-220, 160, 186, -126]
    assert result.hands[0].inputs[0] == hand  # winner South, dealer East
    assert result.dealer == 2


def test_classical_dealer_moves_the_doubling():
    hand = classical.Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0))
    rules = classical.Rules()
    result = run(
        Table(classical.SHEET), [Entry(3, None, (hand, rules)), Entry(2, None, (hand, rules))]
    )
    # Hand 2: South (player 2) now deals and wins: it collects 40 × 2 from each.
    expected = classical.score(replace(hand, winner=classical.Seat.S, dealer=classical.Seat.S))
    assert list(result.hands[1].deltas) == [p["net"] for p in expected.extra["players"]]
    assert result.hands[1].deltas[1] == 240
    assert sum(result.hands[0].deltas) == 0


def test_a_drawn_hand_elsewhere_is_all_zeros_and_keeps_the_deal():
    result = run(Table(hk.SHEET), [Entry(None, None, (hk.Hand(), HK))])
    assert list(result.hands[0].deltas) == [0, 0, 0, 0]
    assert result.dealer == 1 and result.honba == 0


def test_hk_split_dealer_pays_the_current_dealer_double():
    rules = hk.Rules(split=hk.Split.DEALER, unit=F(4))
    entries = [hk_hand(3, 4, 0, rules=rules), hk_hand(2, 1, 0, rules=rules)]
    result = run(Table(hk.SHEET), entries)
    # Hand 1: dealer 1 pays 2; 4 and 2 (the others, after the winner) 1 each.
    assert list(result.hands[0].deltas) == [-2, -1, 4, -1]
    # Hand 2: the deal passed to 2, who wins: each pays P/2 = 2.
    assert list(result.hands[1].deltas) == [-2, 6, -2, -2]
    assert result.hands[1].inputs[0].dealer is True
    assert result.dealer == 2


def test_hk_liable_player_pays_all():
    liable = Entry(3, None, (hk.Hand(3, S, liable=True), HK), liable_player=1)
    result = run(Table(hk.SHEET), [liable])
    assert list(result.hands[0].deltas) == [-12, 0, 12, 0]


def test_three_player_riichi():
    entries = [
        ri_hand(2, None, 5, 30, S, rules=RI3),  # non-dealer tsumo 滿貫, ツモ損
        ri_hand(2, None, 5, 30, S, rules=RI3),  # now the dealer's tsumo 滿貫
        ri_hand(1, 3, 5, 30, rules=RI3, riichi=(3,)),  # ron with 1 counter: 8,000 + 200
    ]
    result = run(Table(riichi.SHEET, players=3, start=35000), entries)
    assert deltas(result) == [
        [-4000, 6000, -2000],
        [-4000, 8000, -4000],
        [8200 + 1000, 0, -8200 - 1000],
    ]
    assert [(h.dealer, h.honba) for h in result.hands] == [(1, 0), (2, 0), (2, 1)]
    assert result.dealer == 3 and result.honba == 0
    assert result.totals == (36200, 49000, 19800)
    assert sum(result.totals) == 3 * 35000


def test_three_player_bisection():
    rules = riichi.Rules(players=3, sanma=riichi.Sanma.BISECTION)
    result = run(Table(riichi.SHEET, players=3), [ri_hand(3, None, 5, 30, S, rules=rules)])
    assert list(result.hands[0].deltas) == [-5000, -3000, 8000]


# --- edits and deletions ----------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
def test_the_round_moves_with_the_deal(players):
    """East 1 to East 4 (three players: East 3), then South 1: a pass of the deal each time a
    non-dealer wins; the dealer's own win and a tenpai dealer's draw keep the hand."""
    rules = riichi.Rules(players=players)
    table = Table(riichi.SHEET, players=players)
    assert run(table, []).round == (0, 1)  # East 1 before any hand
    hands = []
    for passes in range(players):
        dealer = passes + 1
        winner = dealer % players + 1  # the next seat wins: the deal passes
        hands.append(ri_hand(winner, dealer, 3, 30, rules=rules))
        result = run(table, hands)
        done = passes + 1
        assert result.passes == done
        assert result.round == (done // players, done % players + 1)
    assert run(table, hands).round == (1, 1)  # South 1
    # The dealer wins, then a draw with the dealer tenpai: South 1 still.
    keep = [ri_hand(1, None, 1, 30, S, rules=rules), drawn(rules=rules, tenpai=(1,))]
    assert run(table, hands + keep).round == (1, 1)
    # A deleted hand moves nothing.
    gone = replace(ri_hand(2, 1, 3, 30, rules=rules), deleted=True)
    assert run(table, [*hands, gone]).round == (1, 1)


def test_the_round_comes_back_to_east_after_north():
    table = Table(riichi.SHEET)
    hands = [ri_hand(n % 4 + 1, (n - 1) % 4 + 1, 1, 30) for n in range(1, 17)]
    assert run(table, hands).round == (0, 1)  # 16 passes: North 4 done, East again


def test_deleting_a_hand_shifts_later_dealers_and_honba():
    first = ri_hand(1, 2, 3, 30, riichi=(2,))  # the dealer's ron: dealer stays, 1 counter
    second = ri_hand(3, 4, 3, 30)
    result = run(Table(riichi.SHEET), [first, second])
    assert [(h.dealer, h.honba) for h in result.hands] == [(1, 0), (1, 1)]
    assert result.hands[1].deltas[2] == 3900 + 300

    result = run(Table(riichi.SHEET), [replace(first, deleted=True), second])
    one, two = result.hands
    assert one.deleted and list(one.deltas) == [0, 0, 0, 0] and one.outcome is None
    assert (two.n, two.dealer, two.honba, two.riichi_sticks) == (2, 1, 0, 0)
    assert list(two.deltas) == [0, 0, 3900, -3900]  # no counter, no stick from 2
    assert result.totals == (25000, 25000, 28900, 21100)


def test_deleted_hands_do_not_count_in_a_draw_either():
    entries = [drawn(riichi=(1,), tenpai=(1,), deleted=True), ri_hand(2, None, 3, 30, S)]
    result = run(Table(riichi.SHEET), entries)
    assert result.hands[1].riichi_sticks == 0 and result.hands[1].honba == 0


def test_editing_hand_1_changes_hand_2s_payment():
    later = ri_hand(2, None, 3, 30, S)
    dealer_wins = run(Table(riichi.SHEET), [ri_hand(1, 3, 3, 30), later])
    # Player 1 kept the deal: player 2's tsumo is a non-dealer's, with 1 counter.
    assert list(dealer_wins.hands[1].deltas) == [-2100, 4300, -1100, -1100]
    edited = run(Table(riichi.SHEET), [ri_hand(3, 1, 3, 30), later])
    # Now the deal passed to player 2: a dealer's tsumo, 2,000 from each, no counter.
    assert list(edited.hands[1].deltas) == [-2000, 6000, -2000, -2000]


# --- entry errors -----------------------------------------------------------------------

HK_DISCARD = (hk.Hand(3, D), HK)
HK_SELF = (hk.Hand(3, S), HK)


@pytest.mark.parametrize(
    ("table", "entry", "errors"),
    [
        (Table(hk.SHEET), Entry(2, 4, HK_DISCARD), {}),
        (Table(hk.SHEET), Entry(5, 4, HK_DISCARD), {"winner": "out_of_range"}),
        (Table(hk.SHEET), Entry(0, 4, HK_DISCARD), {"winner": "out_of_range"}),
        (Table(hk.SHEET), Entry(2, 2, HK_DISCARD), {"discarder": "contradiction"}),
        (Table(hk.SHEET), Entry(2, None, HK_DISCARD), {"discarder": "required"}),
        (Table(hk.SHEET), Entry(2, 5, HK_DISCARD), {"discarder": "out_of_range"}),
        (Table(hk.SHEET), Entry(2, 3, HK_SELF), {"discarder": "contradiction"}),
        (Table(hk.SHEET), Entry(None, 3, HK_DISCARD), {"discarder": "contradiction"}),
        (Table(hk.SHEET), Entry(None, None, HK_DISCARD), {}),
        (Table(hk.SHEET), Entry(2, 1, HK_DISCARD, riichi=(1,)), {"riichi": "not_allowed"}),
        (
            Table(hk.SHEET),
            Entry(2, None, (hk.Hand(3, S, liable=True), HK)),
            {"liable_player": "required"},
        ),
        (
            Table(hk.SHEET),
            Entry(2, None, (hk.Hand(3, S, liable=True), HK), liable_player=2),
            {"liable_player": "contradiction"},
        ),
        (
            Table(hk.SHEET),
            Entry(2, None, (hk.Hand(3, S, liable=True), HK), liable_player=7),
            {"liable_player": "out_of_range"},
        ),
        (
            Table(hk.SHEET),
            Entry(2, None, HK_SELF, liable_player=1),
            {"liable_player": "contradiction"},
        ),
        (
            Table(mcr.SHEET),
            Entry(2, None, (mcr.Hand(win=S),), liable_player=1),
            {"liable_player": "not_allowed"},
        ),
        (Table(riichi.SHEET), ri_hand(1, 2, 3, 30, riichi=(1, 1)), {"riichi": "invalid"}),
        (Table(riichi.SHEET), ri_hand(1, 2, 3, 30, riichi=(5,)), {"riichi": "invalid"}),
        (Table(riichi.SHEET), drawn(tenpai=(2, 2)), {"tenpai": "invalid"}),
        (Table(riichi.SHEET), drawn(tenpai=(0,)), {"tenpai": "invalid"}),
        (Table(riichi.SHEET), ri_hand(1, 2, 3, 30, tenpai=(1,)), {"tenpai": "contradiction"}),
        (Table(riichi.SHEET), drawn(riichi=(1, 2, 3, 4), tenpai=(1, 2, 3, 4)), {}),
        (
            Table(riichi.SHEET, players=3),
            ri_hand(4, 1, 3, 30, rules=RI3),
            {"winner": "out_of_range"},
        ),
        (Table(riichi.SHEET, players=3), drawn(RI3, tenpai=(4,)), {"tenpai": "invalid"}),
        (
            Table(classical.SHEET),
            Entry(2, 1, (classical.Hand(), classical.Rules())),
            {"discarder": "not_allowed"},
        ),
        (Table(classical.SHEET), Entry(2, None, (classical.Hand(), classical.Rules())), {}),
        (
            Table(nmjl.SHEET),
            Entry(2, 1, (nmjl.Hand(bettor=nmjl.Bettor.WINNER),)),
            {"bettor": "not_allowed"},
        ),
    ],
)
def test_entry_errors(table, entry, errors):
    assert entry_errors(table, entry) == errors


def test_run_refuses_a_hand_with_errors():
    with pytest.raises(ValueError, match="hand 2"):
        run(Table(hk.SHEET), [hk_hand(2, 4, 3), hk_hand(2, 2, 3)])


def test_a_deleted_hand_is_not_checked():
    result = run(Table(hk.SHEET), [replace(hk_hand(2, 2, 3), deleted=True)])
    assert result.totals == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"family": hk.SHEET, "players": 3},
        {"family": riichi.SHEET, "players": 5},
        {"family": riichi.SHEET, "uma": (10, -10)},
        {"family": riichi.SHEET, "uma": (15, 5, -5, -10)},
    ],
)
def test_bad_tables_are_refused(kwargs):
    with pytest.raises(ValueError):
        Table(**kwargs)


def test_riichi_rules_must_match_the_table():
    with pytest.raises(ValueError):
        run(Table(riichi.SHEET, players=3), [ri_hand(1, 2, 3, 30)])


def test_a_new_family_plays_through_the_fold_by_its_sheet_rules_alone():
    # A made-up family: the winner takes its value from each of the others; the deal goes
    # round every hand. Nothing in the fold knows it.
    def score(value):
        return Outcome(F(value), tuple(Payment("other", F(value)) for _ in range(3)))

    rules = SheetRules(slug="toy", score=score, dealer_repeats=False)
    result = run(Table(rules), [Entry(2, None, (5,)), Entry(None, None, (0,))])
    assert deltas(result) == [[-5, 15, -5, -5], [0, 0, 0, 0]]
    assert result.dealer == 3
    assert transfers(result) == [(1, 2, 5), (3, 2, 5), (4, 2, 5)]


# --- settle -----------------------------------------------------------------------------


def test_settle_orders_payments_by_amount_then_players():
    assert settle([F(36), F(-4), F(-12), F(-20)]) == (
        Transfer(4, 1, F(20)),
        Transfer(3, 1, F(12)),
        Transfer(2, 1, F(4)),
    )


def test_settle_finds_the_zero_sum_pair_that_greedy_misses():
    # Largest debtor to largest creditor across everyone takes five payments; players 2 and 6
    # cancel out on their own, so four suffice.
    assert settle([F(-9), F(7), F(-2), F(5), F(6), F(-7)]) == (
        Transfer(6, 2, F(7)),
        Transfer(1, 5, F(6)),
        Transfer(1, 4, F(3)),
        Transfer(3, 4, F(2)),
    )


def test_settle_nothing_and_fractions():
    assert settle([F(0)] * 4) == ()
    assert settle([]) == ()
    assert settle([F(1, 3), F(-1, 2), F(1, 6), F(0)]) == (
        Transfer(2, 1, F(1, 3)),
        Transfer(2, 3, F(1, 6)),
    )


def test_settle_refuses_amounts_that_do_not_balance():
    with pytest.raises(ValueError):
        settle([F(1), F(0)])


def test_settle_scales_to_sixteen_players():
    amounts = [F(i) for i in range(1, 9)] + [F(-i) for i in range(1, 9)]
    assert len(settle(amounts)) == 8
