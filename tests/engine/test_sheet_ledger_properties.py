"""Property tests of deals as ledgers: random sessions with several winners on one discard,
penalties and transfers stay zero-sum (riichi: the pot accounted), totals are the sums of
the live deltas, and the statistics equal a recomputation written here from the entries."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import hk, riichi
from calculator.scoring.outcome import Win
from calculator.scoring.sheet import (
    Claim,
    Entry,
    FalseWin,
    Kind,
    MultiWinCounters,
    Table,
    run,
    running,
    statistics,
)
from calculator.scoring.sheet_rules import MultiWin

F = Fraction
LEDGERS = settings(deadline=timedelta(seconds=5), max_examples=120)


@st.composite
def deals(draw, players, hand, rules, declares):
    """One deal: a win (one or several winners on a discard, or a self-draw), a drawn
    hand, a penalty or a transfer."""
    seats = list(range(1, players + 1))
    kind = draw(st.sampled_from(["win", "win", "win", "drawn", "penalty", "transfer"]))
    deleted = draw(st.integers(0, 6)) == 0
    if kind == "penalty":
        amount = draw(st.none() | st.sampled_from([F(1), F(5, 2), F(100)]))
        offender = draw(st.sampled_from(seats))
        inputs = (hand(Win.DISCARD), rules)
        return Entry(
            None, None, inputs, kind=Kind.PENALTY, offender=offender, amount=amount, deleted=deleted
        )
    if kind == "transfer":
        payer, payee = draw(st.lists(st.sampled_from(seats), min_size=2, max_size=2, unique=True))
        amount = draw(st.sampled_from([F(1), F(7, 2), F(1000)]))
        inputs = (hand(Win.DISCARD), rules)
        return Entry(
            None,
            None,
            inputs,
            kind=Kind.TRANSFER,
            payer=payer,
            payee=payee,
            amount=amount,
            deleted=deleted,
        )
    declared = tuple(draw(st.lists(st.sampled_from(seats), unique=True))) if declares else ()
    if kind == "drawn":
        tenpai = tuple(draw(st.lists(st.sampled_from(seats), unique=True))) if declares else ()
        return Entry(None, None, (hand(Win.DISCARD), rules), declared, tenpai, deleted=deleted)
    if draw(st.booleans()):
        winner = draw(st.sampled_from(seats))
        return Entry(winner, None, (hand(Win.SELF_DRAW), rules), declared, deleted=deleted)
    discarder = draw(st.sampled_from(seats))
    winners = draw(
        st.lists(
            st.sampled_from([p for p in seats if p != discarder]),
            min_size=1,
            max_size=players - 1,
            unique=True,
        )
    )
    claims = tuple(Claim(w, (hand(Win.DISCARD), rules)) for w in winners[1:])
    return Entry(
        winners[0], discarder, (hand(Win.DISCARD), rules), declared, also=claims, deleted=deleted
    )


@st.composite
def hk_ledgers(draw):
    rules = hk.Rules(
        scale=draw(st.sampled_from(hk.Scale)),
        self_draw_pay=draw(st.sampled_from(hk.SelfDrawPay)),
        unit=draw(st.sampled_from([F(1), F(1, 4)])),
    )
    table = Table(
        hk.SHEET,
        multi_win=draw(st.sampled_from([MultiWin.FIRST, MultiWin.ALL])),
        false_win=draw(st.sampled_from(FalseWin)),
    )
    fan = st.integers(0, 13)

    def hand(win):
        return hk.Hand(fan=draw(fan), win=win)

    return table, draw(st.lists(deals(4, hand, rules, False), max_size=10))


@st.composite
def riichi_ledgers(draw):
    players = draw(st.sampled_from([4, 3]))
    rules = riichi.Rules(players=players)
    table = Table(
        riichi.SHEET,
        players=players,
        multi_win=draw(st.sampled_from(MultiWin)),
        multi_win_counters=draw(st.sampled_from(MultiWinCounters)),
    )

    def hand(win):
        return riichi.Hand(
            han=draw(st.integers(1, 13)), fu=draw(st.sampled_from([30, 40, 50])), win=win
        )

    return table, draw(st.lists(deals(players, hand, rules, True), max_size=10))


def paid_winners(table: Table, entry: Entry) -> list[int]:
    """Who is paid, from the rule as rules.md words it."""
    winners = [claim.winner for claim in entry.claims]
    if entry.discarder is not None:
        winners.sort(key=lambda w: (w - entry.discarder) % table.players)
    if len(winners) > 1 and table.several_winners is MultiWin.FIRST:
        return winners[:1]
    if len(winners) > 2 and table.several_winners is MultiWin.DOUBLE:
        return []
    return winners


def recomputed_stats(table, entries, result):
    players = table.players
    stats = {
        p: dict(won=0, self_drawn=0, dealt_in=0, penalties=0, best=0, won_amount=0, lost_amount=0)
        for p in range(1, players + 1)
    }
    for entry, hand in zip(entries, result.hands, strict=True):
        if entry.deleted:
            continue
        if entry.kind is Kind.PENALTY:
            stats[entry.offender]["penalties"] += 1
        elif entry.kind is Kind.WIN and entry.winner is not None:
            paid = paid_winners(table, entry)
            for winner in paid:
                stats[winner]["won"] += 1
                stats[winner]["self_drawn"] += entry.inputs[0].win is Win.SELF_DRAW
            if paid and entry.discarder is not None:
                stats[entry.discarder]["dealt_in"] += 1
        for p, delta in enumerate(hand.deltas, 1):
            stats[p]["best"] = max(stats[p]["best"], delta)
            stats[p]["won_amount" if delta > 0 else "lost_amount"] += delta
    return [stats[p] for p in range(1, players + 1)]


def check(table, entries):
    result = run(table, entries)
    start = table.start if table.family.counters else 0
    pot = 0  # sticks on the table, followed here on its own
    for entry, hand in zip(entries, result.hands, strict=True):
        if entry.deleted:
            assert not any(hand.deltas)
            continue
        before = pot
        if entry.kind is Kind.WIN:
            declared = pot + len(entry.riichi)
            pot = declared if not paid_winners(table, entry) else 0
        # Every deal sums to zero, the pot accounted.
        assert sum(hand.deltas) == 1000 * (before - pot)
        assert sum(map(sum, zip(*(e.deltas for e in hand.events), strict=True)), 0) == sum(
            hand.deltas
        ) + 1000 * len(entry.riichi if entry.kind is Kind.WIN else ())
    live = [
        hand.deltas for entry, hand in zip(entries, result.hands, strict=True) if not entry.deleted
    ]
    sums = [start + sum((d[i] for d in live), F(0)) for i in range(table.players)]
    assert list(result.totals) == sums
    after = running(table, result.hands)
    assert len(after) == len(live)
    assert list(after[-1] if after else [start] * table.players) == sums
    got = [
        {name: getattr(s, name) for name in recomputed_stats(table, entries, result)[0]}
        for s in statistics(table, result.hands)
    ]
    assert got == recomputed_stats(table, entries, result)


@LEDGERS
@given(hk_ledgers())
def test_hk_ledgers_add_up(sheet):
    check(*sheet)


@LEDGERS
@given(riichi_ledgers())
def test_riichi_ledgers_account_for_the_pot(sheet):
    check(*sheet)
