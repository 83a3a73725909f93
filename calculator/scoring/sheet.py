"""A score sheet (記分紙): a session's hands in order in, every player's running score out.

A sheet is a fold over its hands (rules.md § sheets). The database keeps what people
entered; `run()` recomputes everything else from it (dealer, counters, the riichi pot,
each player's delta per hand, totals, riichi final scores, the settlement), so editing or
deleting an early hand flows into every later one. Each hand is scored by its family's own
engine, once, with the fields only the sheet knows (who deals, counters, sticks) filled in.

Players are numbered 1–4 in the order they sat at the start (1–3 for three-player riichi);
player 1 deals first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from math import lcm

from . import riichi
from .money import amount as exact_amount
from .outcome import Outcome, Payment, Win
from .sheet_rules import Deal, MultiWin, Offence, SheetRules, offender_pays_each

RIICHI_STICK = riichi.RIICHI_STICK  # what a declaration puts in the pot
NOTEN = {4: 3000, 3: 2000}  # what a drawn riichi hand pays in all, by number of players
# Payment roles named by the sheet's entry or its state; every other role goes to the
# players left over, in seat order after the winner.
FIXED_ROLES = frozenset({"discarder", "dealer", "liable"})
REMAINING_ROLES = frozenset({"other", "non_dealer"})

ZERO = Fraction(0)


class Kind(StrEnum):
    """What one entry of a deal is (the deal's ledger; Sichuan's kongs and end-of-wall
    checks will be further kinds)."""

    WIN = "win"  # a win, several on one discard, or a drawn hand (nobody won)
    PENALTY = "penalty"  # 錯和 / 詐糊 / チョンボ: the offender pays each other player
    TRANSFER = "transfer"  # a correction or side payment from one player to another


class MultiWinCounters(StrEnum):
    """Riichi, several winners on one discard: who takes the honba bonus (the pot always
    goes to the first in turn order after the discarder)."""

    FIRST = "first"  # Tenhou's rule
    EACH = "each"


class FalseWin(StrEnum):
    """hk 詐糊: each other player is paid a whole cap self-draw, or one share of it."""

    WHOLE = "whole"
    SHARE = "share"


@dataclass(frozen=True)
class Table:
    """A sheet's family and the table rules the sheet itself applies (the family's own
    rules travel with each hand's inputs)."""

    family: SheetRules  # its engine module's `SHEET`
    players: int = 4  # 3 only for three-player riichi
    # a family with counters only (riichi; ignored otherwise):
    start: int = 25000  # everyone's points at the start
    return_points: int | None = None  # 返し; None = start (no oka)
    uma: tuple[int, ...] = ()  # thousands of points per place, one per player, sum 0
    noten: int | None = None  # 不聽罰符 in all; None = 3,000 (four players) / 2,000 (three)
    rate: Fraction = Fraction(1)  # settlement: final scores × rate
    # A drawn hand keeps the deal (where the dealer repeats at all); False: the seat passes
    # on a draw too (Taiwanese tables that say so).
    draw_keeps: bool = True
    # Several winners on one discard; None: the family's default (`SheetRules.multi_wins`).
    multi_win: MultiWin | None = None
    multi_win_counters: MultiWinCounters = MultiWinCounters.FIRST  # riichi only
    false_win: FalseWin = FalseWin.WHOLE  # hk's penalty default

    def __post_init__(self) -> None:
        if self.players not in self.family.seatings:
            raise ValueError(f"{self.family.slug} cannot be played by {self.players}")
        object.__setattr__(self, "uma", tuple(self.uma))
        if self.uma and (len(self.uma) != self.players or sum(self.uma) != 0):
            raise ValueError("uma needs one value per player, summing to 0")
        # A Decimal or float rate would make the settlement inexact.
        object.__setattr__(self, "rate", exact_amount(self.rate))

    @property
    def several_winners(self) -> MultiWin | None:
        """The table's rule for several winners on one discard; None: one winner a hand."""
        if not self.family.multi_wins:
            return None
        return self.family.multi_wins[0] if self.multi_win is None else self.multi_win

    @property
    def returns(self) -> int:
        return self.start if self.return_points is None else self.return_points

    @property
    def noten_total(self) -> int:
        return NOTEN[self.players] if self.noten is None else self.noten


@dataclass(frozen=True)
class Claim:
    """One more winner on the same discard, with that winner's own hand."""

    winner: int
    inputs: tuple  # as Entry.inputs


@dataclass(frozen=True)
class Entry:
    """One hand (a deal) as entered: a win (or several on one discard), a drawn hand, a
    penalty or a transfer."""

    winner: int | None  # 1..players; None = a drawn hand (winner=none), or not a win
    discarder: int | None  # 1..players; set exactly when the engine's win is a discard
    inputs: tuple  # the family engine's score() arguments, Hand first
    riichi: tuple[int, ...] = ()  # riichi: the players who declared riichi this hand
    tenpai: tuple[int, ...] = ()  # riichi, drawn hand: the players in tenpai
    liable_player: int | None = None  # hk liable=1: who pays it all (包自摸)
    deleted: bool = False
    kind: Kind = Kind.WIN
    also: tuple[Claim, ...] = ()  # further winners on the same discard, as entered
    offender: int | None = None  # a penalty's
    payer: int | None = None  # a transfer's `from`
    payee: int | None = None  # a transfer's `to`
    # A transfer's amount; a penalty's, what each other player receives (None: the
    # family's default).
    amount: Fraction | None = None

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Every winner as entered, with their hands (none for a drawn hand)."""
        if self.winner is None:
            return ()
        return (Claim(self.winner, self.inputs), *self.also)


@dataclass(frozen=True)
class Event:
    """One line of a deal's ledger, with its own payments: the deal's deltas are the sum
    of its events' (and, riichi, less the sticks declared into the pot)."""

    kind: str  # "win", "noten" (a drawn riichi hand), "penalty", "transfer"
    deltas: tuple[Fraction | int, ...]  # one per player
    winner: int | None = None  # a win's
    inputs: tuple | None = None  # a win's: exactly what score() was given
    outcome: Outcome | None = None
    paid: bool = True  # False: a winner head-bumped, or a triple ron (nobody is paid)
    offender: int | None = None  # a penalty's


@dataclass(frozen=True)
class Played:
    """One hand as the sheet worked it out."""

    n: int  # 1-based position in the sheet (deleted hands keep theirs)
    dealer: int  # the dealer in force during the hand
    honba: int  # riichi's counters, or the 連莊 streak, in force during the hand (0 elsewhere)
    riichi_sticks: int  # riichi: the pot carried in + this hand's declarations (0 elsewhere)
    outcome: Outcome | None  # None for a drawn or deleted hand
    inputs: tuple | None  # exactly what score() was given, the sheet's fields set
    deltas: tuple[Fraction | int, ...]  # one per player, whole ones as ints; zeros if deleted
    deleted: bool
    kind: Kind = Kind.WIN
    events: tuple[Event, ...] = ()  # the deal's ledger; a win's winners in turn order
    discarder: int | None = None  # who dealt in (a paid win off a discard)
    # Notes on the deal as (code, players): `head_bump` naming the winners not paid,
    # `triple_ron` (riichi: an abortive draw) naming the three.
    notes: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def wins(self) -> tuple[Event, ...]:
        return tuple(event for event in self.events if event.kind == "win")

    @property
    def winner(self) -> int | None:
        """The first paid winner in turn order after the discarder; None if nobody won."""
        return next((event.winner for event in self.wins if event.paid), None)

    @property
    def paid_winners(self) -> tuple[int, ...]:
        return tuple(event.winner for event in self.wins if event.paid and event.winner)


@dataclass(frozen=True)
class Final:
    """A riichi player's final result."""

    n: int  # the player
    points: Fraction  # start + deltas, plus any pot left at the end (to the top)
    rank: int  # 1 + the number of players with more points
    score: Fraction  # (points − return) / 1000 + uma + oka


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: Fraction


@dataclass(frozen=True)
class Result:
    hands: tuple[Played, ...]  # every hand, or those worked out again (`finish`)
    totals: tuple[Fraction, ...]  # per player: sum of deltas (riichi: start + that = points)
    dealer: int  # the dealer for the next hand
    honba: int  # the counters (riichi's, or the 連莊 streak) for the next hand
    pot: int  # riichi: points left on the table for the next hand
    final: tuple[Final, ...]  # riichi only
    settlement: tuple[Transfer, ...]
    passes: int = 0  # how many times the deal has passed (riichi's 局: East 1 is 0 passes)

    @property
    def round(self) -> tuple[int, int]:
        """Riichi's next hand as (wind, hand in it): (0, 1) is East 1, (1, 3) South 3. The
        wind changes each time the deal has gone round the table (four players, or three)."""
        count = len(self.totals)
        return (self.passes // count) % 4, self.passes % count + 1


def entry_errors(table: Table, entry: Entry) -> dict[str, str]:
    """The cross-field checks of one hand against its sheet, as {parameter: error code}.

    >>> from calculator.scoring import hk
    >>> hand = hk.Hand(fan=3, win=Win.DISCARD)
    >>> entry_errors(Table(hk.SHEET), Entry(winner=2, discarder=2, inputs=(hand, hk.Rules())))
    {'discarder': 'contradiction'}
    """
    if entry.kind is not Kind.WIN:
        return _ledger_errors(table, entry)
    errors: dict[str, str] = {}
    players = range(1, table.players + 1)
    rules = table.family
    hand = entry.inputs[0] if entry.inputs else None
    won = entry.winner is not None
    if won and entry.winner not in players:
        errors["winner"] = "out_of_range"

    if not rules.names_discarder:
        if entry.discarder is not None:
            errors["discarder"] = "not_allowed"  # every seat settles: nobody is liable
    else:
        discard_win = won and getattr(hand, "win", None) is Win.DISCARD
        if entry.discarder is None:
            if discard_win:
                errors["discarder"] = "required"
        elif entry.discarder not in players:
            errors["discarder"] = "out_of_range"
        elif not discard_win or entry.discarder == entry.winner:
            errors["discarder"] = "contradiction"

    for name, group in (("riichi", entry.riichi), ("tenpai", entry.tenpai)):
        if not group:
            continue
        if not rules.counters:
            errors[name] = "not_allowed"
        elif len(set(group)) != len(group) or any(p not in players for p in group):
            errors[name] = "invalid"
    if rules.counters and entry.tenpai and won and "tenpai" not in errors:
        errors["tenpai"] = "contradiction"  # tenpai only pays on a drawn hand

    liable = rules.liable and won and getattr(hand, "liable", False)
    if liable:
        if entry.liable_player is None:
            errors["liable_player"] = "required"
        elif entry.liable_player not in players:
            errors["liable_player"] = "out_of_range"
        elif entry.liable_player == entry.winner:
            errors["liable_player"] = "contradiction"
    elif entry.liable_player is not None:
        errors["liable_player"] = "contradiction" if rules.liable else "not_allowed"

    if hand is not None:
        errors.update(rules.hand_errors(hand))
    if entry.also:
        errors.update(_several_errors(table, entry))
    return errors


def _several_errors(table: Table, entry: Entry) -> dict[str, str]:
    """Several winners on one discard: each off that discard, each once, the table's rule
    allowing it."""
    errors: dict[str, str] = {}
    winners = [claim.winner for claim in entry.claims]
    if table.several_winners is None:
        return {"winner": "not_allowed"}
    if len(set(winners)) != len(winners) or any(
        w not in range(1, table.players + 1) for w in winners
    ):
        errors["winner"] = "invalid"
    elif entry.discarder in winners:
        errors["discarder"] = "contradiction"
    if any(getattr(claim.inputs[0], "win", None) is not Win.DISCARD for claim in entry.claims):
        errors["win"] = "contradiction"  # several winners only ever win on one discard
    for claim in entry.also:
        errors.update(table.family.hand_errors(claim.inputs[0]))
    return errors


def _ledger_errors(table: Table, entry: Entry) -> dict[str, str]:
    """A penalty's or a transfer's checks: who, and an amount where there is no default."""
    errors: dict[str, str] = {}
    players = range(1, table.players + 1)
    if entry.kind is Kind.PENALTY:
        if entry.offender is None:
            errors["offender"] = "required"
        elif entry.offender not in players:
            errors["offender"] = "out_of_range"
        if entry.amount is None and table.family.penalty is None:
            errors["amount"] = "required"
    else:
        for name, player in (("from", entry.payer), ("to", entry.payee)):
            if player is None:
                errors[name] = "required"
            elif player not in players:
                errors[name] = "out_of_range"
        if not errors and entry.payer == entry.payee:
            errors["to"] = "contradiction"
        if entry.amount is None:
            errors["amount"] = "required"
    if entry.amount is not None and entry.amount <= 0:
        errors["amount"] = "out_of_range"
    # Nothing of a win: the web layer refuses these as `not_allowed` before.
    for name, value in (
        ("winner", entry.winner),
        ("discarder", entry.discarder),
        ("riichi", entry.riichi),
        ("tenpai", entry.tenpai),
        ("liable_player", entry.liable_player),
    ):
        if value:
            errors[name] = "not_allowed"
    return errors


@dataclass(frozen=True)
class State:
    """Where a sheet stands after some of its hands: what the next hand is played under, and
    the totals so far. The fold's accumulator, and what a write keeps beside the hands."""

    dealer: int = 1  # the dealer for the next hand
    honba: int = 0  # riichi's counters, or the 連莊 streak, for the next hand (0 elsewhere)
    pot: int = 0  # riichi sticks left on the table (sticks, not points)
    passes: int = 0  # how many times the deal has passed
    sums: tuple[Fraction | int, ...] = ()  # per player, the deltas so far
    count: int = 0  # hands so far, deleted ones too
    live: int | None = None  # the latest hand not deleted


def begin(table: Table) -> State:
    """A sheet before its first hand: player 1 deals, nothing on the table."""
    return State(sums=(0,) * table.players)


def play(table: Table, entry: Entry, state: State) -> tuple[Played, State]:
    """One hand of the fold: hand number `state.count + 1`, played under `state`; its result
    and the state after it. ValueError if the hand fails `entry_errors`."""
    n = state.count + 1
    played, keeps = _hand(table, entry, n, state.dealer, state.honba, state.pot)
    if played.deleted:
        return played, replace(state, count=n)
    sums = tuple(total + delta for total, delta in zip(state.sums, played.deltas, strict=True))
    if played.kind is not Kind.WIN:  # a penalty or a transfer moves nothing else
        return played, replace(state, sums=sums, count=n, live=n)
    dealer, honba, pot, passes = state.dealer, state.honba, state.pot, state.passes
    if table.family.counters:
        # A draw (a triple ron too) leaves the sticks on the table and adds a counter,
        # whoever deals next; a win takes the sticks, and only the dealer's own win adds one.
        drawn = played.winner is None
        pot = played.riichi_sticks if drawn else 0
        honba = honba + 1 if drawn or keeps else 0
    elif table.family.streak:
        honba = honba + 1 if keeps else 0
    if not keeps:
        dealer = dealer % table.players + 1
        passes += 1
    return played, State(dealer, honba, pot, passes, sums, n, n)


def replay(table: Table, entry: Entry, n: int, dealer: int, honba: int, pot: int) -> Played:
    """Hand n again, from the counters it was played under (`Played.dealer`, `.honba`, and
    the sticks carried in): the same result as in the fold, without the hands before it."""
    return _hand(table, entry, n, dealer, honba, pot)[0]


def _hand(
    table: Table, entry: Entry, n: int, dealer: int, honba: int, pot: int
) -> tuple[Played, bool]:
    """Hand n played under those counters, and whether the dealer keeps the deal."""
    rules = table.family
    if entry.deleted:
        # Counts for nothing, not even its riichi declarations.
        carried = pot if rules.counters else 0
        nothing = (0,) * table.players
        return Played(n, dealer, honba, carried, None, None, nothing, True), True
    if errors := entry_errors(table, entry):
        raise ValueError(f"hand {n}: {errors}")
    if entry.kind is not Kind.WIN:
        # The hand is replayed: the dealer, the counters and the pot stay as they were.
        event = _ledger_event(table, entry, dealer)
        carried = pot if rules.counters else 0
        played = Played(n, dealer, honba, carried, None, None, event.deltas, False, entry.kind)
        return replace(played, events=(event,)), True
    sticks = pot + len(entry.riichi) if rules.counters else 0
    notes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if entry.winner is None:
        events = (Event("noten", tuple(_drawn(table, entry))),) if rules.counters else ()
        if rules.counters:
            keeps = dealer in entry.tenpai
        else:
            keeps = rules.dealer_repeats and table.draw_keeps
    else:
        events, notes = _wins(table, entry, dealer, honba, sticks)
        paid = [event.winner for event in events if event.paid]
        # Nobody paid (riichi's triple ron): an abortive draw, the dealer keeps the seat.
        keeps = (dealer in paid or not paid) and rules.dealer_repeats
    deltas: list[Fraction | int] = [0] * table.players
    for event in events:
        deltas = [whole_as_int(a + b) for a, b in zip(deltas, event.deltas, strict=True)]
    for player in entry.riichi:
        deltas[player - 1] -= RIICHI_STICK
    first = next((event for event in events if event.kind == "win" and event.paid), None)
    outcome, inputs = (first.outcome, first.inputs) if first else (None, None)
    played = Played(n, dealer, honba, sticks, outcome, inputs, tuple(deltas), False)
    discarder = entry.discarder if first else None
    return replace(played, events=events, discarder=discarder, notes=notes), keeps


def _wins(
    table: Table, entry: Entry, dealer: int, honba: int, sticks: int
) -> tuple[tuple[Event, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """A win's events, in turn order after the discarder, each winner scored as if alone;
    who is paid follows the table's `multi_win`. The first paid takes the honba bonus
    (every paid winner under `multi_win_counters=each`) and the pot."""
    rules = table.family
    claims = list(entry.claims)
    if entry.discarder is not None:
        claims.sort(key=lambda claim: (claim.winner - entry.discarder) % table.players)
    rule = table.several_winners
    paying = len(claims)
    notes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if len(claims) > 1 and rule is MultiWin.FIRST:
        paying = 1
        notes = (("head_bump", tuple(claim.winner for claim in claims[1:])),)
    elif len(claims) > 2 and rule is MultiWin.DOUBLE:
        paying = 0
        notes = (("triple_ron", tuple(claim.winner for claim in claims)),)
    events = []
    for place, claim in enumerate(claims):
        first = place == 0
        # Riichi's honba bonus goes to the first winner (or each); a 連莊 streak is no
        # bonus but the dealer's 台, owed on every payment that involves the dealer.
        each = table.multi_win_counters is MultiWinCounters.EACH or rules.streak
        deal = Deal(
            claim.winner,
            dealer,
            honba if first or each else 0,
            sticks if first else 0,
            table.players,
            entry.discarder,
        )
        inputs = rules.sheet_inputs(claim.inputs, deal)
        outcome = rules.score(*inputs)
        paid = place < paying
        alone = replace(entry, winner=claim.winner, inputs=claim.inputs, also=())
        deltas = _won(table, alone, outcome, dealer) if paid else [0] * table.players
        events.append(Event("win", tuple(deltas), claim.winner, inputs, outcome, paid))
    return tuple(events), notes


def _ledger_event(table: Table, entry: Entry, dealer: int) -> Event:
    """A penalty's or a transfer's payments."""
    deltas: list[Fraction | int] = [0] * table.players
    if entry.kind is Kind.TRANSFER:
        assert entry.payer is not None and entry.payee is not None and entry.amount is not None
        amount = whole_as_int(entry.amount)
        deltas[entry.payer - 1] -= amount
        deltas[entry.payee - 1] += amount
        return Event("transfer", tuple(deltas))
    assert entry.offender is not None
    offence = Offence(entry.offender, dealer, table.players, table.false_win)
    if entry.amount is not None:
        deltas = offender_pays_each(offence, whole_as_int(entry.amount))
    else:
        assert table.family.penalty is not None
        deltas = list(table.family.penalty(entry.inputs, offence))
    deltas = [whole_as_int(Fraction(delta)) for delta in deltas]
    return Event("penalty", tuple(deltas), offender=entry.offender)


def finish(table: Table, state: State, hands: Sequence[Played] = ()) -> Result:
    """Totals, riichi final scores and the settlement of a sheet standing at `state`, with
    `hands` (those worked out again: all of them, or the latest) as its hands."""
    if not table.family.counters:
        totals = tuple(map(Fraction, state.sums))
        settlement = settle(totals)
        streak = state.honba if table.family.streak else 0
        return Result(tuple(hands), totals, state.dealer, streak, 0, (), settlement, state.passes)
    totals = tuple(Fraction(table.start + total) for total in state.sums)
    pot_points = state.pot * RIICHI_STICK
    final = final_scores(table, totals, pot_points)
    scores = [f.score for f in final]
    settlement = settle(scores if table.rate == 1 else [score * table.rate for score in scores])
    return Result(
        tuple(hands),
        totals,
        state.dealer,
        state.honba,
        pot_points,
        final,
        settlement,
        state.passes,
    )


def fold(table: Table, entries: Sequence[Entry]) -> tuple[tuple[Played, ...], State]:
    """Every hand in order, each played under the state the hands before it left."""
    state = begin(table)
    hands = []
    for entry in entries:
        played, state = play(table, entry, state)
        hands.append(played)
    return tuple(hands), state


def run(table: Table, entries: Sequence[Entry]) -> Result:
    """Everything a sheet shows, from its hands in order. ValueError if a hand fails
    `entry_errors` (the web layer reports those before storing anything).

    rules.md's hk sheet: player 2 wins 3 番 off player 4, then player 1 self-draws 5 番.

    >>> from calculator.scoring import hk
    >>> rules = hk.Rules()
    >>> result = run(Table(hk.SHEET), [
    ...     Entry(2, 4, (hk.Hand(3, Win.DISCARD), rules)),
    ...     Entry(1, None, (hk.Hand(5, Win.SELF_DRAW), rules)),
    ... ])
    >>> [str(total) for total in result.totals]
    ['36', '-4', '-12', '-20']
    >>> [(t.payer, t.payee, str(t.amount)) for t in result.settlement]
    [(4, 1, '20'), (3, 1, '12'), (2, 1, '4')]
    """
    hands, state = fold(table, entries)
    return finish(table, state, hands)


@dataclass(frozen=True)
class Stats:
    """One player's statistics over a sheet's live hands (rules.md § sheets)."""

    n: int  # the player
    won: int = 0  # paid wins (a head-bumped winner did not win)
    self_drawn: int = 0  # of them self-drawn
    dealt_in: int = 0  # the discarder of a paid win (a double ron counts once)
    penalties: int = 0  # penalties committed
    best: Fraction | int = 0  # the largest positive delta of any hand
    won_amount: Fraction | int = 0  # every positive delta added up
    lost_amount: Fraction | int = 0  # every negative delta added up


def statistics(table: Table, hands: Sequence[Played]) -> tuple[Stats, ...]:
    """Every player's statistics from a sheet's hands (all of them, in order)."""
    stats = [Stats(n) for n in range(1, table.players + 1)]

    def add(player: int, **counts: Fraction | int) -> None:
        now = stats[player - 1]
        stats[player - 1] = replace(
            now,
            **{name: whole_as_int(getattr(now, name) + value) for name, value in counts.items()},
        )

    for played in hands:
        if played.deleted:
            continue
        for event in played.events:
            if event.kind == "win" and event.paid and event.winner is not None:
                drawn = getattr(event.inputs[0] if event.inputs else None, "win", None)
                add(event.winner, won=1, self_drawn=int(drawn is Win.SELF_DRAW))
            elif event.kind == "penalty" and event.offender is not None:
                add(event.offender, penalties=1)
        if played.discarder is not None:
            add(played.discarder, dealt_in=1)
        for player, delta in enumerate(played.deltas, 1):
            if delta > 0:
                add(player, won_amount=delta)
                if delta > stats[player - 1].best:
                    stats[player - 1] = replace(stats[player - 1], best=delta)
            elif delta < 0:
                add(player, lost_amount=delta)
    return tuple(stats)


def running(table: Table, hands: Sequence[Played]) -> tuple[tuple[Fraction | int, ...], ...]:
    """The totals after each live hand, as `Result.totals` would have read then (riichi:
    points, from the start)."""
    start = table.start if table.family.counters else 0
    sums: tuple[Fraction | int, ...] = (start,) * table.players
    after = []
    for played in hands:
        if played.deleted:
            continue
        sums = tuple(whole_as_int(a + b) for a, b in zip(sums, played.deltas, strict=True))
        after.append(sums)
    return tuple(after)


def _won(table: Table, entry: Entry, outcome: Outcome, dealer: int) -> list[Fraction | int]:
    """One delta per player for a won hand (riichi declarations not yet taken off)."""
    count = table.players
    winner = entry.winner
    assert winner is not None
    if table.family.seat_deltas is not None:
        return [whole_as_int(delta) for delta in table.family.seat_deltas(outcome)]
    fixed = {"discarder": entry.discarder, "dealer": dealer, "liable": entry.liable_player}
    payers = _payers(outcome.payments, winner, fixed, count)
    deltas: list[Fraction | int] = [0] * count
    for payment, payer in zip(outcome.payments, payers, strict=True):
        paid = whole_as_int(payment.amount)
        deltas[payer - 1] -= paid
        deltas[winner - 1] += paid
    deltas[winner - 1] += whole_as_int(outcome.from_table)  # the whole pot, carried-in sticks too
    return deltas


def whole_as_int(value: Fraction | int) -> Fraction | int:
    """A whole amount as an int, as a hand's deltas and a state's sums keep them."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _payers(
    payments: Sequence[Payment], winner: int, fixed: dict[str, int | None], count: int
) -> list[int]:
    """The player behind each payment's role.

    >>> roles = [Payment("dealer", ZERO), Payment("non_dealer", ZERO), Payment("non_dealer", ZERO)]
    >>> _payers(roles, 3, {"dealer": 1}, 4)
    [1, 4, 2]
    """
    roles = [p.payer for p in payments]
    named = [fixed[role] for role in roles if role in FIXED_ROLES]
    if None in named:
        raise ValueError("a payment's role names nobody")
    after_winner = [(winner + i - 1) % count + 1 for i in range(1, count)]
    rest = [p for p in after_winner if p not in named]
    payers = []
    taken = 0
    for role in roles:
        if role in FIXED_ROLES:
            payers.append(fixed[role])
        elif role in REMAINING_ROLES:
            if taken == len(rest):
                raise ValueError("more payments than players left over")
            payers.append(rest[taken])
            taken += 1
        else:
            raise ValueError(f"no player has the role {role!r}")
    if len(set(payers)) != len(payers) or winner in payers:
        raise ValueError(f"payments {payers} do not match the table")
    return payers


def _drawn(table: Table, entry: Entry) -> list[Fraction | int]:
    """A drawn hand: riichi's noten payments, split evenly both ways; nothing elsewhere."""
    count = table.players
    deltas: list[Fraction | int] = [0] * count
    tenpai = set(entry.tenpai)
    if not table.family.counters or not 0 < len(tenpai) < count:
        return deltas
    noten = Fraction(table.noten_total)
    gets, pays = whole_as_int(noten / len(tenpai)), whole_as_int(noten / (count - len(tenpai)))
    for player in range(1, count + 1):
        deltas[player - 1] = gets if player in tenpai else -pays
    return deltas


POINT_STEP = Fraction(100)  # a shared pot is split in 100-point pieces
SCORE_STEP = Fraction(1, 10)  # shared uma and oka in tenths of a thousand (100 points)


def shared(total: Fraction, count: int, step: Fraction) -> list[Fraction]:
    """`total` split between `count` tied players in whole `step`s, the odd steps (and any
    remainder smaller than a step) to the first of them in seat order, so every share is a
    plain decimal and the shares add up exactly.

    >>> [str(x) for x in shared(Fraction(1000), 3, POINT_STEP)]
    ['400', '300', '300']
    """
    whole = total // step  # floor, also for a negative total
    base, extra = divmod(whole, count)
    shares = [(base + (1 if i < extra else 0)) * step for i in range(count)]
    shares[0] += total - whole * step
    return shares


def final_scores(table: Table, points: Sequence[Fraction], pot: int = 0) -> tuple[Final, ...]:
    """Riichi final scores from each player's points and a pot (in points) left at the end.

    Tied players share the uma of the places they occupy; a tie for first shares the oka
    and the pot too, in 100-point steps (the odd step to the one seated first). Ranks are
    taken before the pot is shared out: it only goes to the top.

    >>> table = Table(riichi.SHEET, start=25000, return_points=30000, uma=(15, 5, -5, -15))
    >>> [(f.rank, str(f.score)) for f in final_scores(table, [35000, 25000, 25000, 15000])]
    [(1, '40'), (2, '-5'), (2, '-5'), (4, '-30')]
    """
    count = table.players
    values = [Fraction(p) for p in points]
    top = max(values)
    firsts = [i for i, value in enumerate(values) if value == top]
    pot_shares = {}
    if pot:
        pot_shares = dict(zip(firsts, shared(Fraction(pot), len(firsts), POINT_STEP), strict=True))
    oka = Fraction((table.returns - table.start) * count, 1000)
    uma = table.uma or (0,) * count
    result = []
    for i, value in enumerate(values):
        rank = 1 + sum(other > value for other in values)
        group = [j for j, other in enumerate(values) if other == value]
        places = Fraction(sum(uma[rank - 1 : rank - 1 + len(group)]))
        if rank == 1:
            places += oka
        share = shared(places, len(group), SCORE_STEP)[group.index(i)]
        final = value + pot_shares[i] if i in pot_shares else value
        result.append(Final(i + 1, final, rank, (final - table.returns) / 1000 + share))
    return tuple(result)


def settle(amounts: Sequence[Fraction]) -> tuple[Transfer, ...]:
    """The fewest payments that settle `amounts` (player i + 1's total, summing to 0).

    The minimum is the number of players not at zero less the most groups they can be split
    into that each sum to zero (each group of k needs k − 1 payments, and no fewer), found
    by a search over subsets. Inside a group the most indebted pays the most owed.

    >>> [(t.payer, t.payee, str(t.amount)) for t in settle([5, -5, 3, -3])]
    [(2, 1, '5'), (4, 3, '3')]
    """
    values = [Fraction(a) for a in amounts]
    # Whole numbers from here on: subset sums are then cheap and exact.
    scale = lcm(*(v.denominator for v in values)) if values else 1
    whole = [v.numerator * (scale // v.denominator) for v in values]
    if sum(whole) != 0:
        raise ValueError(f"amounts {values} do not sum to zero")
    players = [i for i, v in enumerate(whole) if v]
    paying = []  # (paid, payer, payee) in whole units, ordered before any Fraction is made
    for group in _zero_sum_groups([whole[i] for i in players]):
        balance = {players[j]: whole[players[j]] for j in group}
        while any(balance.values()):
            debtor = min(balance, key=lambda p: (balance[p], p))
            creditor = min(balance, key=lambda p: (-balance[p], p))
            paid = min(-balance[debtor], balance[creditor])
            balance[debtor] += paid
            balance[creditor] -= paid
            paying.append((-paid, debtor + 1, creditor + 1))
    paying.sort()
    return tuple(Transfer(payer, payee, Fraction(-minus, scale)) for minus, payer, payee in paying)


def _zero_sum_groups(values: Sequence[int]) -> list[list[int]]:
    """The indices of `values` (non-zero, summing to 0) in as many zero-sum groups as possible.

    best[mask] is the most zero-sum groups among the chains that take the members of `mask`
    out one at a time, counting each zero-sum set passed: the groups are the differences
    between consecutive zero-sum sets along the best chain.

    >>> _zero_sum_groups([2, -1, -2, 1])
    [[0, 2], [1, 3]]
    """
    size = len(values)
    full = (1 << size) - 1
    bits = [1 << i for i in range(size)]
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        best[mask] = max([best[mask ^ bit] for bit in bits if mask & bit]) + (total[mask] == 0)
    groups: list[list[int]] = []
    mask, group_start = full, full
    while mask:
        target = best[mask] - (total[mask] == 0)
        bit = next(bit for bit in bits if mask & bit and best[mask ^ bit] == target)
        mask ^= bit
        if total[mask] == 0:  # the empty set too: it closes the last group
            groups.append([i for i in range(size) if (group_start ^ mask) >> i & 1])
            group_start = mask
    return groups
