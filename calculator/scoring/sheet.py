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
from fractions import Fraction
from math import lcm

from . import riichi
from .money import amount as exact_amount
from .outcome import Outcome, Payment, Win
from .sheet_rules import Deal, SheetRules

RIICHI_STICK = riichi.RIICHI_STICK  # what a declaration puts in the pot
NOTEN = {4: 3000, 3: 2000}  # what a drawn riichi hand pays in all, by number of players
# Payment roles named by the sheet's entry or its state; every other role goes to the
# players left over, in seat order after the winner.
FIXED_ROLES = frozenset({"discarder", "dealer", "liable"})
REMAINING_ROLES = frozenset({"other", "non_dealer"})

ZERO = Fraction(0)


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

    def __post_init__(self) -> None:
        if self.players not in self.family.seatings:
            raise ValueError(f"{self.family.slug} cannot be played by {self.players}")
        object.__setattr__(self, "uma", tuple(self.uma))
        if self.uma and (len(self.uma) != self.players or sum(self.uma) != 0):
            raise ValueError("uma needs one value per player, summing to 0")
        # A Decimal or float rate would make the settlement inexact.
        object.__setattr__(self, "rate", exact_amount(self.rate))

    @property
    def returns(self) -> int:
        return self.start if self.return_points is None else self.return_points

    @property
    def noten_total(self) -> int:
        return NOTEN[self.players] if self.noten is None else self.noten


@dataclass(frozen=True)
class Entry:
    """One hand as entered."""

    winner: int | None  # 1..players; None = a drawn hand (winner=none)
    discarder: int | None  # 1..players; set exactly when the engine's win is a discard
    inputs: tuple  # the family engine's score() arguments, Hand first
    riichi: tuple[int, ...] = ()  # riichi: the players who declared riichi this hand
    tenpai: tuple[int, ...] = ()  # riichi, drawn hand: the players in tenpai
    liable_player: int | None = None  # hk liable=1: who pays it all (包自摸)
    deleted: bool = False


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
    dealer, honba, pot, passes = state.dealer, state.honba, state.pot, state.passes
    if table.family.counters:
        # A draw leaves the sticks on the table and adds a counter, whoever deals next;
        # a win takes the sticks, and only the dealer's own win adds a counter.
        drawn = entry.winner is None
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
    sticks = pot + len(entry.riichi) if rules.counters else 0
    outcome: Outcome | None = None
    inputs: tuple | None = None
    if entry.winner is None:
        deltas = _drawn(table, entry)
        if rules.counters:
            keeps = dealer in entry.tenpai
        else:
            keeps = rules.dealer_repeats and table.draw_keeps
    else:
        deal = Deal(entry.winner, dealer, honba, sticks, table.players, entry.discarder)
        inputs = rules.sheet_inputs(entry.inputs, deal)
        outcome = rules.score(*inputs)
        deltas = _won(table, entry, outcome, dealer)
        keeps = entry.winner == dealer and rules.dealer_repeats
    for player in entry.riichi:
        deltas[player - 1] -= RIICHI_STICK
    return Played(n, dealer, honba, sticks, outcome, inputs, tuple(deltas), False), keeps


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
