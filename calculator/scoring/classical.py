"""古典麻雀 (寧波式, seed 002): every seat's hand is scored, and everyone settles.

Each seat's 副 doubles once per 番, up to the limit (滿貫). The winner collects its score
from each other seat and pays nobody; each pair of non-winners settles the difference,
the lower paying the higher. The dealer pays and collects double (莊家么二制). Nobody is
liable for a discard, so the win type does not matter.

Transfers are listed in a fixed order: the winner's collections in E-S-W-N order, then
each pair of non-winners in E-S-W-N order of the first seat, then of the second.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

from .money import amount as exact_amount  # score() has its own `amount`s
from .outcome import Note, Outcome, Payment, Step
from .sheet_rules import Deal, SheetRules


class Seat(StrEnum):
    E = "e"  # 東
    S = "s"  # 南
    W = "w"  # 西
    N = "n"  # 北


SEATS = tuple(Seat)  # E-S-W-N: the order of every tuple indexed by seat
# Each seat's code for the steps and extras: an enum's `.value` is a property lookup, and a
# deal writes the seats some thirty times.
CODE = {seat: seat.value for seat in Seat}


class WinnerLimit(StrEnum):
    NONE = "none"  # the winner's hand is scored like any other
    FULL = "full"  # 滿貫 hand (九蓮寶燈, 大三元, 四喜和, 天和, 十三不搭): the limit itself
    HALF = "half"  # 半滿貫 hand (地和): at least half the limit


# --- counting a hand by eye (rules.md § classical) ------------------------------------------
# The engine is given each seat's total 副 and 番; these are the values a table adds up to
# reach them, so the page's counting table is this engine's, not a second copy.


class Meld(StrEnum):
    EXPOSED_PUNG = "exposed_pung"  # 明刻
    CONCEALED_PUNG = "concealed_pung"  # 暗刻
    EXPOSED_KONG = "exposed_kong"  # 明槓
    CONCEALED_KONG = "concealed_kong"  # 暗槓


MELD_FU = {  # a set of simples (2–8)
    Meld.EXPOSED_PUNG: 2,
    Meld.CONCEALED_PUNG: 4,
    Meld.EXPOSED_KONG: 8,
    Meld.CONCEALED_KONG: 16,
}
TERMINAL_FACTOR = 2  # a set of 1s, 9s or honours is worth this many times as much


def meld_fu(meld: Meld, terminal: bool = False) -> int:
    """The 副 of one set; `terminal` for 1s, 9s or honours.

    >>> meld_fu(Meld.CONCEALED_KONG, terminal=True)
    32
    """
    return MELD_FU[meld] * (TERMINAL_FACTOR if terminal else 1)


class Bonus(StrEnum):
    """What else a hand adds: 副 (`BONUS_FU`) or 番 (`BONUS_FAN`)."""

    FANPAI_PAIR = "fanpai_pair"  # a pair of 番牌: a dragon or the seat's own wind
    WIN_BASE = "win_base"  # 副底, the winner only
    WAIT = "wait"  # 單吊, 邊張, 坎張 or 雙碰 wait, or 自摸: each, the winner only
    LUCKY_WIN = "lucky_win"  # 嶺上開花, 海底撈月, 對對和: each, the winner only
    FANPAI_SET = "fanpai_set"  # a pung or kong of 番牌: each
    HUNYISE = "hunyise"  # 混一色, the winner only
    QINGYISE = "qingyise"  # 清一色, the winner only
    JINJI = "jinji"  # 金雞奪食, the winner only


BONUS_FU = {Bonus.FANPAI_PAIR: 2, Bonus.WIN_BASE: 10, Bonus.WAIT: 2, Bonus.LUCKY_WIN: 4}
BONUS_FAN = {Bonus.FANPAI_SET: 1, Bonus.HUNYISE: 1, Bonus.QINGYISE: 3, Bonus.JINJI: 4}


@dataclass(frozen=True)
class Rules:
    limit: int = 200  # 滿貫 in 副: no hand scores more
    unit: Fraction = Fraction(1)  # value of one 副; a multiplier, not a currency

    def __post_init__(self) -> None:
        # An int or a Decimal unit would leave the arithmetic inexact (an int halves to a
        # float, a Decimal stays one): every amount is a Fraction.
        object.__setattr__(self, "unit", exact_amount(self.unit))


@dataclass(frozen=True)
class Hand:
    """All four hands. `fu` and `fan` are indexed E, S, W, N; the winner's `fu` includes
    副底 and the winning bonuses."""

    fu: tuple[int, int, int, int] = (0, 0, 0, 0)  # 副, before doubling
    fan: tuple[int, int, int, int] = (0, 0, 0, 0)  # 番: each doubles the 副
    winner: Seat = Seat.S
    winner_limit: WinnerLimit = WinnerLimit.NONE
    dealer: Seat = Seat.E  # 莊家


def seat_scores(hand: Hand, rules: Rules = Rules()) -> tuple[Fraction, ...]:
    """Each seat's score in 副 (after doubling and the limit), E-S-W-N.

    >>> [str(s) for s in seat_scores(Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0)))]
    ['6', '40', '80', '2']
    """
    return tuple(_seat_score(hand, rules, seat)[0] for seat in SEATS)


def _seat_score(hand: Hand, rules: Rules, seat: Seat) -> tuple[Fraction, list[Step], Note | None]:
    """One seat's score, the steps that reached it, and a `capped` note if the limit clipped it."""
    # Whole 副 stay ints; only an odd limit's half makes a Fraction.
    i = SEATS.index(seat)
    limit = rules.limit
    if seat is hand.winner and hand.winner_limit is WinnerLimit.FULL:
        return limit, [Step("limit_hand", {"seat": CODE[seat], "limit": limit})], None
    fu, fan = hand.fu[i], hand.fan[i]
    raw = fu * 2**fan
    steps = [Step("seat_score", {"seat": CODE[seat], "fu": fu, "fan": fan, "score": raw})]
    value, note = raw, None
    if raw > limit:
        args = {"seat": CODE[seat], "score": raw, "limit": limit}
        steps.append(Step("limit", args))
        note = Note("capped", args)
        value = limit
    half = limit // 2 if limit % 2 == 0 else Fraction(limit, 2)  # an odd limit: a half 副
    if seat is hand.winner and hand.winner_limit is WinnerLimit.HALF and value < half:
        # 半滿貫
        steps.append(Step("half_limit", {"seat": CODE[seat], "score": value, "half": half}))
        value = half
    return value, steps, note


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays whom for one deal; `payments` are what each loser pays the winner.

    Seed 002: dealer East; South wins with 40, West 80, East 6, North 2.

    >>> outcome = score(Hand(fu=(6, 20, 40, 2), fan=(0, 1, 1, 0)))
    >>> [(p.payer, str(p.amount)) for p in outcome.payments]
    [('e', '80'), ('w', '40'), ('n', '40')]
    >>> [str(player["net"]) for player in outcome.extra["players"]]
    ['-220', '160', '186', '-126']
    """
    steps: list[Step] = []
    notes: list[Note] = []
    scores: dict[Seat, Fraction] = {}
    for seat in SEATS:
        value, seat_steps, note = _seat_score(hand, rules, seat)
        scores[seat] = value
        steps += seat_steps
        if note:
            notes.append(note)

    winner = hand.winner
    losers = [seat for seat in SEATS if seat is not winner]
    unit = rules.unit

    at_one = unit == 1

    def money(value: Fraction | int) -> Fraction | int:
        if at_one:
            return value
        if isinstance(value, int):  # made directly, not through Fraction's operator dispatch
            return Fraction(value * unit.numerator, unit.denominator)
        return value * unit

    base = money(scores[winner])
    if not at_one:
        steps.append(Step("unit", {"value": scores[winner], "unit": unit, "points": base}))

    def factor(a: Seat, b: Seat) -> int:
        return 2 if hand.dealer in (a, b) else 1

    transfers: list[tuple[Seat, Seat, Fraction]] = []
    raw_transfers: list[tuple[Seat, Seat, Fraction | int]] = []  # the same, in 副
    payments = []
    for seat in losers:
        doubled = factor(seat, winner) == 2
        points = scores[winner] * factor(seat, winner)
        amount = money(points)
        payments.append(Payment(CODE[seat], amount))
        transfers.append((seat, winner, amount))
        raw_transfers.append((seat, winner, points))
        steps.append(
            Step(
                "collect",
                {
                    "from": CODE[seat],
                    "to": CODE[winner],
                    "score": scores[winner],
                    "doubled": doubled,
                    "amount": amount,
                },
            )
        )
    for a, b in combinations(losers, 2):
        if scores[a] == scores[b]:
            steps.append(Step("even", {"a": CODE[a], "b": CODE[b], "score": scores[a]}))
            continue
        low, high = (a, b) if scores[a] < scores[b] else (b, a)
        difference = scores[high] - scores[low]
        points = difference * factor(a, b)
        amount = money(points)
        transfers.append((low, high, amount))
        raw_transfers.append((low, high, points))
        steps.append(
            Step(
                "settle",
                {
                    "from": CODE[low],
                    "to": CODE[high],
                    "difference": difference,
                    "doubled": factor(a, b) == 2,
                    "amount": amount,
                },
            )
        )

    # Each seat's net in 副 first, then at the unit: the same as adding up the transfers'
    # amounts, with the unit applied once per seat.
    net: dict[Seat, Fraction | int] = dict.fromkeys(SEATS, 0)
    for payer, payee, points in raw_transfers:
        net[payer] -= points
        net[payee] += points
    net = {seat: money(value) for seat, value in net.items()}
    extra = {
        "players": tuple(
            {"seat": CODE[seat], "score": scores[seat], "net": net[seat]} for seat in SEATS
        ),
        "transfers": tuple(
            {"from": CODE[payer], "to": CODE[payee], "amount": amount}
            for payer, payee, amount in transfers
            if amount
        ),
    }
    return Outcome(
        base=base,
        payments=tuple(payments),
        steps=tuple(steps),
        notes=tuple(notes),
        extra=extra,
    )


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note).

    >>> sorted(unused_settings(Hand(winner_limit=WinnerLimit.FULL), Rules()))
    ['s_fan', 's_fu']
    """
    if hand.winner_limit is WinnerLimit.FULL:
        # A 滿貫 hand scores the limit whatever its 副 and 番.
        return frozenset({f"{hand.winner.value}_fu", f"{hand.winner.value}_fan"})
    return frozenset()


# --- on a score sheet ---------------------------------------------------------------------


def _sheet_inputs(inputs: tuple, deal: Deal) -> tuple:
    """The winner and the dealer come from the sheet's seats, whatever the entry said."""
    hand, *rest = inputs
    return (replace(hand, winner=SEATS[deal.winner - 1], dealer=SEATS[deal.dealer - 1]), *rest)


def _seat_deltas(outcome: Outcome) -> list:
    return [seat["net"] for seat in outcome.extra["players"]]


# Every seat settles with every other: nobody is named as the discarder, and the engine's
# nets are the sheet's deltas.
SHEET = SheetRules(
    slug="classical",
    score=score,
    names_discarder=False,
    sheet_inputs=_sheet_inputs,
    seat_deltas=_seat_deltas,
    multi_wins=(),  # every seat settles: one winner per hand
)
