"""Property tests of the sheet engine: random sessions stay zero-sum and settle minimally.

The minimum number of payments is checked against a brute force written independently of
the engine's subset search: every way to split the players who are not at zero into groups,
keeping the splits whose groups each sum to zero (a group of k needs k − 1 payments).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import hk, riichi
from calculator.scoring.outcome import Win
from calculator.scoring.sheet import Entry, Table, run, settle

F = Fraction
SHEETS = settings(deadline=None, max_examples=150)


def partitions(items):
    """Every set partition of a list (by position), as lists of blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for i in range(len(smaller)):
            yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]]


def fewest_payments(amounts):
    owing = [a for a in amounts if a]
    if not owing:
        return 0
    groups = max(len(p) for p in partitions(owing) if all(sum(block) == 0 for block in p))
    return len(owing) - groups


def check_settlement(amounts, transfers):
    players = len(amounts)
    net = [F(0)] * players
    for t in transfers:
        assert t.amount > 0
        assert amounts[t.payer - 1] < 0 < amounts[t.payee - 1]  # from someone down to someone up
        net[t.payer - 1] -= t.amount
        net[t.payee - 1] += t.amount
    assert net == list(amounts)
    assert len(transfers) <= max(players - 1, 0)
    assert len({(t.payer, t.payee) for t in transfers}) == len(transfers)


# --- random sessions --------------------------------------------------------------------


def others(players, *taken):
    return [p for p in range(1, players + 1) if p not in taken]


@st.composite
def hk_sheets(draw):
    rules = hk.Rules(
        scale=draw(st.sampled_from(hk.Scale)),
        split=draw(st.sampled_from(hk.Split)),
        self_draw_pay=draw(st.sampled_from(hk.SelfDrawPay)),
        unit=draw(st.sampled_from([F(1), F(1, 4), F(4)])),
        round_up=draw(st.booleans()),
    )
    entries = []
    for _ in range(draw(st.integers(0, 10))):
        winner = draw(st.none() | st.integers(1, 4))
        win = draw(st.sampled_from(Win))
        liable = winner is not None and win is Win.SELF_DRAW and draw(st.booleans())
        discarder = liable_player = None
        if winner is not None and win is Win.DISCARD:
            discarder = draw(st.sampled_from(others(4, winner)))
        if liable:
            liable_player = draw(st.sampled_from(others(4, winner)))
        hand = hk.Hand(fan=draw(st.integers(0, 13)), win=win, liable=liable)
        deleted = draw(st.integers(0, 5)) == 0
        entries.append(Entry(winner, discarder, (hand, rules), (), (), liable_player, deleted))
    return entries


@st.composite
def riichi_sheets(draw):
    players = draw(st.sampled_from([4, 3]))
    rules = riichi.Rules(
        players=players,
        sanma=draw(st.sampled_from(riichi.Sanma)),
        kiriage=draw(st.booleans()),
    )
    table = Table(
        riichi.SHEET,
        players=players,
        start=draw(st.sampled_from([25000, 30000, 35000])),
        noten=draw(st.sampled_from([None, 1000, 3000])),
        uma=draw(st.sampled_from(UMAS[players])),
        return_points=draw(st.sampled_from([None, 30000, 40000])),
        rate=draw(st.sampled_from([F(1), F(1, 10), F(3)])),
    )
    seats = list(range(1, players + 1))
    entries = []
    for _ in range(draw(st.integers(0, 10))):
        winner = draw(st.none() | st.sampled_from(seats))
        win = draw(st.sampled_from(Win))
        declared = tuple(draw(st.lists(st.sampled_from(seats), unique=True)))
        tenpai = () if winner else tuple(draw(st.lists(st.sampled_from(seats), unique=True)))
        discarder = None
        if winner is not None and win is Win.DISCARD:
            discarder = draw(st.sampled_from(others(players, winner)))
        hand = riichi.Hand(
            han=draw(st.integers(1, 13)),
            fu=draw(st.sampled_from(riichi.FU_VALUES)),
            yakuman=draw(st.sampled_from([0, 0, 0, 1, 2])),
            win=win,
        )
        deleted = draw(st.integers(0, 5)) == 0
        entries.append(Entry(winner, discarder, (hand, rules), declared, tenpai, None, deleted))
    return table, entries


UMAS = {4: [(), (15, 5, -5, -15), (20, 10, -10, -20)], 3: [(), (20, 0, -20)]}


def column_sums(result, players):
    return [sum((h.deltas[i] for h in result.hands), F(0)) for i in range(players)]


def check_counters_and_deleted(table, entries, result):
    live = [e for e in entries if not e.deleted]
    again = run(table, live)
    assert (again.totals, again.dealer, again.honba, again.pot) == (
        result.totals,
        result.dealer,
        result.honba,
        result.pot,
    )
    kept = [h for h in result.hands if not h.deleted]
    assert [h.deltas for h in again.hands] == [h.deltas for h in kept]
    assert all(not any(h.deltas) for h in result.hands if h.deleted)
    assert [h.n for h in result.hands] == list(range(1, len(entries) + 1))


@SHEETS
@given(hk_sheets())
def test_hk_sessions_stay_zero_sum_and_settle(entries):
    table = Table(hk.SHEET)
    result = run(table, entries)
    dealer = 1
    for entry, hand in zip(entries, result.hands, strict=True):
        assert sum(hand.deltas) == 0
        assert hand.dealer == dealer and hand.honba == 0
        if not entry.deleted and entry.winner not in (None, dealer):
            dealer = dealer % 4 + 1
    assert result.dealer == dealer
    assert list(result.totals) == column_sums(result, 4)
    check_settlement(result.totals, result.settlement)
    assert len(result.settlement) == fewest_payments(result.totals)
    check_counters_and_deleted(table, entries, result)


@SHEETS
@given(riichi_sheets())
def test_riichi_sessions_account_for_every_stick_and_settle(sheet):
    table, entries = sheet
    players = table.players
    result = run(table, entries)
    # The pot, folded here on its own: sticks only ever move between hands and the table.
    pot, dealer, honba = 0, 1, 0
    sums = [F(0)] * players
    for entry, hand in zip(entries, result.hands, strict=True):
        assert (hand.dealer, hand.honba) == (dealer, honba)
        if entry.deleted:
            assert hand.riichi_sticks == pot
            continue
        assert hand.riichi_sticks == pot + len(entry.riichi)
        pot_out = pot + len(entry.riichi) if entry.winner is None else 0
        # A hand's deltas sum to what the table's pot lost: the winner takes the pot in,
        # and the sticks declared in a draw stay on the table.
        assert sum(hand.deltas) == 1000 * (pot - pot_out)
        sums = [s + d for s, d in zip(sums, hand.deltas, strict=True)]
        keeps = dealer in entry.tenpai if entry.winner is None else entry.winner == dealer
        honba = honba + 1 if entry.winner is None or keeps else 0
        dealer = dealer if keeps else dealer % players + 1
        pot = pot_out
    assert (result.dealer, result.honba, result.pot) == (dealer, honba, 1000 * pot)
    assert list(result.totals) == [table.start + s for s in sums]
    assert list(result.totals) == [table.start + s for s in column_sums(result, players)]
    assert sum(result.totals) + result.pot == table.start * players
    assert sum(f.points for f in result.final) == table.start * players
    assert sum(f.score for f in result.final) == 0
    amounts = [f.score * table.rate for f in result.final]
    check_settlement(amounts, result.settlement)
    assert len(result.settlement) == fewest_payments(amounts)
    check_counters_and_deleted(table, entries, result)


# --- settle alone -----------------------------------------------------------------------

exact_amounts = st.integers(-6, 6) | st.fractions(-6, 6, max_denominator=3)


@st.composite
def balanced(draw, max_size):
    values = draw(st.lists(exact_amounts, min_size=0, max_size=max_size - 1))
    return [F(v) for v in values] + [-F(sum(values))]


@settings(deadline=None, max_examples=300)
@given(balanced(7))
def test_settle_is_exact_and_minimal(amounts):
    transfers = settle(amounts)
    check_settlement(amounts, transfers)
    assert len(transfers) == fewest_payments(amounts)


@settings(deadline=None, max_examples=100)
@given(balanced(8).filter(lambda a: len(a) == 8))
def test_settle_eight_players(amounts):
    transfers = settle(amounts)
    check_settlement(amounts, transfers)
    assert len(transfers) <= sum(1 for a in amounts if a) - 1 or not any(amounts)


def test_the_brute_force_itself():
    assert fewest_payments([F(36), F(-4), F(-12), F(-20)]) == 3
    assert fewest_payments([F(5), F(-5), F(3), F(-3)]) == 2
    assert fewest_payments([F(0), F(0)]) == 0
    assert sum(1 for _ in partitions([1, 2, 3, 4])) == 15  # Bell number
