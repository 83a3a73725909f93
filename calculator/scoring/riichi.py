"""立直麻雀 (riichi): from 飜 and 符 (or a counted hand structure) to who pays whom.

A hand's basic points are `fu × 2^(han+2)`; from 5 han (or 2,000 basic points) a limit
ladder takes over (滿貫, 跳滿, 倍滿, 三倍滿, 役滿). The discarder pays 4× the basic points (6×
to a dealer); on a self-draw the dealer pays 2× and each other player 1×, every payment
rounded up to 100 on its own. Counters (本場) and riichi sticks (供託) come on top.

With three players (三麻, `Rules.players=3`) there is no North seat: a tsumo loses the
North share (ツモ損) or splits it between the two payers (北家折半), and a counter is worth
200 or 300 in all (rules.md § riichi with three players).

Every amount here is an `int`: the game's own arithmetic never leaves whole points (北家折半's
half shares are counted in halves until they are rounded).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from .money import ceil_to
from .outcome import Note, Outcome, Payment, Step, Win
from .sheet_rules import Deal, MultiWin, Offence, SheetRules

TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)  # the point table's columns
# The `fu` parameter's values: beyond 110 only counted hands reach (at most 170: four
# concealed terminal kans, a double-wind pair and a pair wait on a closed ron).
FU_VALUES = (20, 25, *range(30, 180, 10))
TABLE_HAN = (1, 2, 3, 4)  # below the ladder; 5 and up are limit hands
MELD_PARAMS = ("m1", "m2", "m3", "m4")
STRUCTURE_PARAMS = ("chiitoitsu", "closed", "wait", "pair", *MELD_PARAMS)
KIRIAGE_POINTS = 1920  # 4 飜 30 符 and 3 飜 60 符
KIRIAGE_CELLS = ((4, 30), (3, 60))  # (han, fu) of the table cells worth KIRIAGE_POINTS
OPEN_MINIMUM_FU = 30  # an open hand has no 20-fu form: 喰い平和 ron is scored 30
CHIITOITSU_FU = 25  # 七對子: fixed, never rounded
BASE_FU = 20  # 副底: every hand starts here
CLOSED_RON_FU = 10  # 門前加符: a closed hand won on a discard
HONBA_RON = 300  # 本場: what the discarder adds per counter
HONBA_TSUMO = 100  # 本場: what each payer adds per counter on a self-draw
RIICHI_STICK = 1000  # 供託: one riichi stick, collected by the winner
PLAYERS = (4, 3)  # the `players` parameter's values: four, or three (三麻)
SANMA_HONBA = (200, 300)  # three players: what one counter is worth in all (`sanma_honba`)
SANMA_PARAMS = ("sanma", "sanma_honba")  # the settings that only a three-player table uses


class Kazoe(StrEnum):
    """What a hand of 13 or more han (without a yakuman) is worth."""

    YAKUMAN = "yakuman"  # 累計役滿 (kazoe yakuman): a full yakuman
    SANBAIMAN = "sanbaiman"  # 三倍滿: capped at sanbaiman (EMA 2016)


class Sanma(StrEnum):
    """Three players, tsumo: what becomes of the share the absent North seat would pay."""

    LOSS = "loss"  # ツモ損: it is simply not paid
    BISECTION = "bisection"  # 北家折半: the two payers each add half of it


class FuMode(StrEnum):
    GIVEN = "given"  # take the `fu` parameter as it is
    COUNT = "count"  # count it from the Structure


class Wait(StrEnum):
    RYANMEN = "ryanmen"  # 兩面: open-ended, 0 fu
    KANCHAN = "kanchan"  # 嵌張: middle tile, 2 fu
    PENCHAN = "penchan"  # 邊張: edge (12-3, 7-89), 2 fu
    TANKI = "tanki"  # 單騎: on the pair, 2 fu
    SHANPON = "shanpon"  # 雙碰: on one of two pairs, 0 fu (the triplet itself scores)


class Pair(StrEnum):
    PLAIN = "plain"  # 0 fu
    YAKUHAI = "yakuhai"  # 役牌: a dragon, the seat wind or the round wind, 2 fu
    DOUBLE_WIND = "double_wind"  # 連風牌: seat wind that is also the round wind, 4 fu


class Meld(StrEnum):
    """One of the four sets; `terminal` means terminal or honor (么九牌)."""

    RUN = "run"  # 順子, called (chi) or not: 0 fu
    PON_OPEN_SIMPLE = "pon_open_simple"  # 明刻
    PON_OPEN_TERMINAL = "pon_open_terminal"
    PON_CLOSED_SIMPLE = "pon_closed_simple"  # 暗刻
    PON_CLOSED_TERMINAL = "pon_closed_terminal"
    KAN_OPEN_SIMPLE = "kan_open_simple"  # 明槓
    KAN_OPEN_TERMINAL = "kan_open_terminal"
    KAN_CLOSED_SIMPLE = "kan_closed_simple"  # 暗槓
    KAN_CLOSED_TERMINAL = "kan_closed_terminal"

    @property
    def is_triplet(self) -> bool:
        return self is not Meld.RUN

    @property
    def is_open(self) -> bool:
        return "_open_" in self.value

    @property
    def is_pon(self) -> bool:
        return self.value.startswith("pon_")

    @property
    def fu(self) -> int:
        """Pon open 2 / closed 4, ×2 terminal-or-honor; a kan is ×4 of its pon.

        >>> Meld.KAN_CLOSED_TERMINAL.fu
        32
        """
        if self is Meld.RUN:
            return 0
        kind, openness, tiles = self.value.split("_")
        value = 2 if openness == "open" else 4
        value *= 2 if tiles == "terminal" else 1
        return value * 4 if kind == "kan" else value


PAIR_FU = {Pair.PLAIN: 0, Pair.YAKUHAI: 2, Pair.DOUBLE_WIND: 4}
WAIT_FU = {Wait.RYANMEN: 0, Wait.SHANPON: 0, Wait.KANCHAN: 2, Wait.PENCHAN: 2, Wait.TANKI: 2}


@dataclass(frozen=True)
class Rules:
    """One table's settings. Defaults: four players, no kiriage, 13+ han is a (kazoe)
    yakuman; with three players, ツモ損 and a 200-point counter."""

    kiriage: bool = False  # 切上滿貫: 1,920 basic points (4/30, 3/60) count as mangan
    kazoe: Kazoe = Kazoe.YAKUMAN  # what 13+ han is worth
    players: int = 4  # 4, or 3 (三麻: no North seat, two payers on a tsumo)
    sanma: Sanma = Sanma.LOSS  # three players, tsumo: North's share lost or split
    sanma_honba: int = 200  # three players: a counter's worth in all (ron; tsumo half each)

    def __post_init__(self) -> None:
        if self.players not in PLAYERS:
            raise ValueError(f"players must be one of {PLAYERS}, not {self.players!r}")
        if self.sanma_honba not in SANMA_HONBA:
            raise ValueError(f"sanma_honba must be one of {SANMA_HONBA}")
        object.__setattr__(self, "sanma", Sanma(self.sanma))

    @property
    def three_players(self) -> bool:
        return self.players == 3

    @property
    def honba_ron(self) -> int:
        """What the discarder adds per counter: 300, or `sanma_honba` with three players."""
        return self.sanma_honba if self.three_players else HONBA_RON

    @property
    def honba_tsumo(self) -> int:
        """What each payer adds per counter on a tsumo: 100, or half of `sanma_honba`."""
        return self.sanma_honba // 2 if self.three_players else HONBA_TSUMO


@dataclass(frozen=True)
class Structure:
    """The shape of the hand, for counting fu (`fu_mode=count`)."""

    chiitoitsu: bool = False  # 七對子: CHIITOITSU_FU fixed, every other field unused
    closed: bool = True  # 門前: no called meld (a closed kan keeps the hand closed)
    wait: Wait = Wait.RYANMEN
    pair: Pair = Pair.PLAIN
    melds: tuple[Meld, Meld, Meld, Meld] = (Meld.RUN,) * 4  # m1…m4


@dataclass(frozen=True)
class Hand:
    han: int = 3  # 飜; 13 means 13 or more
    fu: int = 30  # 符, used when fu_mode=given
    yakuman: int = 0  # number of yakuman; above 0, han and fu are ignored
    dealer: bool = False  # the winner is the dealer (親)
    win: Win = Win.DISCARD  # ron / tsumo
    honba: int = 0  # 本場: +300 per counter on a ron, +100 from each on a tsumo (3 players: Rules)
    riichi_sticks: int = 0  # 供託: 1,000 each, collected from the table
    fu_mode: FuMode = FuMode.GIVEN
    structure: Structure = Structure()  # used when fu_mode=count


# --- counting fu -------------------------------------------------------------------------


def structure_errors(structure: Structure, win: Win) -> dict[str, str]:
    """Impossible structures, as {param: "contradiction"}; empty when the hand can exist.

    Reported under the field the user should change:
    - `chiitoitsu` on an open hand (seven pairs cannot call a meld);
    - `closed` when the hand is open but has no meld that could have been called (only
      closed pons and kans: a run could have been a chi);
    - `m1`…`m4`: a called meld (open pon/kan) on a closed hand — except exactly one
      `pon_open_*` on a shanpon ron (the discard completed that triplet, which then scores
      as open); a second one is flagged;
    - `wait`: shanpon with no pon to complete; ryanmen/kanchan/penchan with no run to
      complete; a shanpon ron with no `pon_open_*` (the triplet the discard completed is
      open and must be entered so).

    With `chiitoitsu=1` every other field is unused, so only `closed` is checked.

    >>> structure_errors(Structure(melds=(Meld.PON_OPEN_SIMPLE,) + (Meld.RUN,) * 3), Win.DISCARD)
    {'m1': 'contradiction'}
    """
    errors: dict[str, str] = {}
    if structure.chiitoitsu:
        if not structure.closed:
            errors["chiitoitsu"] = "contradiction"
        return errors

    melds = structure.melds
    shanpon_ron = structure.wait is Wait.SHANPON and win is Win.DISCARD
    if structure.closed:
        exception_used = False
        for param, meld in zip(MELD_PARAMS, melds, strict=True):
            if not meld.is_open:
                continue
            if meld.is_pon and shanpon_ron and not exception_used:
                exception_used = True
                continue
            errors[param] = "contradiction"
    elif all(meld.is_triplet and not meld.is_open for meld in melds):
        errors["closed"] = "contradiction"

    if structure.wait is Wait.SHANPON:
        pons = [meld for meld in melds if meld.is_pon]
        if not pons or (shanpon_ron and not any(meld.is_open for meld in pons)):
            errors["wait"] = "contradiction"
    elif structure.wait is not Wait.TANKI and Meld.RUN not in melds:
        errors["wait"] = "contradiction"
    return errors


@dataclass(frozen=True)
class FuCount:
    fu: int  # what the hand scores with (rounded; 25 for chiitoitsu)
    raw: int  # the sum before rounding
    items: tuple[Step, ...]  # the breakdown, line by line


def is_pinfu(structure: Structure) -> bool:
    """平和 shape: closed, four runs, a two-sided wait and a plain pair."""
    return (
        not structure.chiitoitsu
        and structure.closed
        and all(meld is Meld.RUN for meld in structure.melds)
        and structure.wait is Wait.RYANMEN
        and structure.pair is Pair.PLAIN
    )


def count_fu(structure: Structure, win: Win) -> FuCount:
    """Count the fu of a hand from its structure (rules.md § riichi, counting fu).

    The caller checks `structure_errors` first; this only adds up what it is given.

    >>> hatsu = Structure(melds=(Meld.RUN,) * 3 + (Meld.PON_CLOSED_TERMINAL,))
    >>> counted = count_fu(hatsu, Win.DISCARD)
    >>> counted.raw, counted.fu
    (38, 40)
    """
    if structure.chiitoitsu:
        fu = CHIITOITSU_FU
        return FuCount(fu, fu, (Step("fu_chiitoitsu", {"fu": fu}),))
    if is_pinfu(structure):
        if win is Win.SELF_DRAW:
            return FuCount(20, 20, (Step("fu_pinfu_tsumo", {"fu": 20}),))
        return FuCount(30, 30, (Step("fu_pinfu_ron", {"fu": 30}),))

    items = [Step("fu_base", {"fu": BASE_FU})]  # 副底
    if structure.closed and win is Win.DISCARD:
        items.append(Step("fu_closed_ron", {"fu": CLOSED_RON_FU}))  # 門前加符
    if win is Win.SELF_DRAW:
        items.append(Step("fu_tsumo", {"fu": 2}))
    for index, meld in enumerate(structure.melds, start=1):
        if meld.fu:
            items.append(Step("fu_meld", {"meld": meld.value, "index": index, "fu": meld.fu}))
    if PAIR_FU[structure.pair]:
        items.append(Step("fu_pair", {"pair": structure.pair.value, "fu": PAIR_FU[structure.pair]}))
    if WAIT_FU[structure.wait]:
        items.append(Step("fu_wait", {"wait": structure.wait.value, "fu": WAIT_FU[structure.wait]}))
    raw = sum(int(item.args["fu"]) for item in items)
    fu = ceil_to(raw, 10)
    if fu != raw:
        items.append(Step("fu_round", {"raw": raw, "fu": fu}))
    if fu < OPEN_MINIMUM_FU and not structure.closed:
        # An open hand has no 20-fu form: 喰い平和 ron is scored 30.
        items.append(Step("fu_open_minimum", {"counted": fu, "fu": OPEN_MINIMUM_FU}))
        fu = OPEN_MINIMUM_FU
    return FuCount(fu, raw, tuple(items))


# --- points ------------------------------------------------------------------------------

LADDER = (  # (lowest han, level, basic points)
    (13, "kazoe_yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
YAKUMAN_LEVELS = {1: "yakuman", 2: "double_yakuman"}


def yakuman_level(count: int) -> str:
    """`yakuman`, `double_yakuman`, then `3x_yakuman` … `6x_yakuman`."""
    return YAKUMAN_LEVELS.get(count, f"{count}x_yakuman")


def is_impossible(han: int, fu: int, win: Win) -> bool:
    """No real hand has this han and fu: 20 fu needs pinfu + menzen tsumo (2 han, never a
    ron); 25 fu is chiitoitsu (2 han, 3 with menzen tsumo)."""
    if fu == 20:
        return win is Win.DISCARD or han < 2
    if fu == CHIITOITSU_FU:
        return han < 2 or (win is Win.SELF_DRAW and han < 3)
    return False


def han_factor(han: int) -> int:
    """What the fu are multiplied by below the ladder: 2 to the power of han plus 2.

    >>> han_factor(3)
    32
    """
    return 2 ** (han + 2)


def basic_points(han: int, fu: int, rules: Rules = Rules()) -> tuple[int, str | None]:
    """Basic points (基本點) and the limit level for a hand without yakuman.

    >>> basic_points(3, 30)
    (960, None)
    >>> basic_points(4, 30, Rules(kiriage=True))
    (2000, 'mangan')
    >>> basic_points(13, 40, Rules(kazoe=Kazoe.SANBAIMAN))
    (6000, 'sanbaiman')
    """
    if han >= 13 and rules.kazoe is Kazoe.SANBAIMAN:
        return 6000, "sanbaiman"
    for lowest, level, value in LADDER:
        if han >= lowest:
            return value, level
    value = fu * han_factor(han)
    if value >= 2000 or (rules.kiriage and value == KIRIAGE_POINTS):
        return 2000, "mangan"
    return value, None


def _halves(dealer: bool, win: Win, rules: Rules) -> tuple[tuple[str, int], ...]:
    """`shares` in half-multiples, so the arithmetic stays in ints (北家折半 has halves)."""
    others = rules.players - 1
    if win is Win.DISCARD:
        return (("discarder", 12 if dealer else 8),) + (("other", 0),) * (others - 1)
    split = rules.three_players and rules.sanma is Sanma.BISECTION
    if dealer:
        return (("non_dealer", 6 if split else 4),) * others  # North's 2× split: 1× each
    if split:
        return ("dealer", 5), ("non_dealer", 3)  # North's 1× split: ½× each
    return (("dealer", 4),) + (("non_dealer", 2),) * (others - 1)


def shares(dealer: bool, win: Win, rules: Rules = Rules()) -> tuple[tuple[str, Fraction], ...]:
    """Each payer's role and multiple of the basic points, in the contract's order.

    Four players: ron 4× (6× to a dealer) from the discarder; tsumo 2× from the dealer and
    1× from each non-dealer, or 2× from each of three to a dealer. Three players: the same
    without the North seat (ツモ損), or with its share split between the two (北家折半):
    a non-dealer's tsumo 2½× / 1½×, a dealer's 3× each.

    >>> [(role, str(times)) for role, times in shares(False, Win.SELF_DRAW, Rules(players=3))]
    [('dealer', '2'), ('non_dealer', '1')]
    """
    return tuple((role, Fraction(halves, 2)) for role, halves in _halves(dealer, win, rules))


def _amounts(
    base: int, halves: tuple[tuple[str, int], ...], win: Win, honba: int, rules: Rules
) -> tuple[int, ...]:
    """The payers' amounts as plain ints, in the order of `shares`."""
    # Each payment is rounded up to 100 on its own (after adding a split share: b × h/2
    # up to 100 is b × h up to 200, halved), then the counters are added; a payer with no
    # share pays nothing, counters included.
    each = (rules.honba_ron if win is Win.DISCARD else rules.honba_tsumo) * honba
    return tuple([ceil_to(base * h, 200) // 2 + each if h else 0 for _role, h in halves])


def _payment_steps(
    base: int, halves: tuple[tuple[str, int], ...], dealer: bool, win: Win, rules: Rules
) -> list[Step]:
    steps = []
    if rules.three_players and win is Win.SELF_DRAW:
        north = base * 2 if dealer else base  # what the absent North would pay: 2× / 1×
        if rules.sanma is Sanma.LOSS:
            steps.append(Step("sanma_loss", {"share": north}))
        else:
            steps.append(Step("sanma_bisection", {"share": north, "half": north // 2}))
    seen: set[tuple[str, int]] = set()
    for payer, h in halves:
        if not h or (payer, h) in seen:
            continue  # one line per kind of payer
        seen.add((payer, h))
        times: int | Fraction = h // 2 if h % 2 == 0 else Fraction(h, 2)
        raw = base * times
        steps.append(
            Step(
                "payment",
                {
                    "payer": payer,
                    "base": base,
                    "times": times,
                    "raw": raw if isinstance(raw, int) or raw.denominator > 1 else int(raw),
                    "amount": ceil_to(base * h, 200) // 2,
                },
            )
        )
    return steps


def fu_in_play(hand: Hand) -> int:
    """The fu the hand is scored with: given, or counted from its structure."""
    if hand.fu_mode is FuMode.COUNT:
        return count_fu(hand.structure, hand.win).fu
    return hand.fu


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays what for one hand.

    Raises ValueError for a counted structure that `structure_errors` rejects: the web
    layer reports those as field errors before it ever gets here.

    >>> outcome = score(Hand(han=3, fu=30, win=Win.SELF_DRAW))
    >>> [int(p.amount) for p in outcome.payments], int(outcome.winner_receives)
    ([2000, 1000, 1000], 4000)
    """
    steps: list[Step] = []
    notes: list[Note] = []
    fu: int | None = None
    if hand.yakuman > 0:
        base, level = 8000 * hand.yakuman, yakuman_level(hand.yakuman)
        steps.append(Step("yakuman", {"count": hand.yakuman, "value": base}))
    else:
        if hand.fu_mode is FuMode.COUNT:
            errors = structure_errors(hand.structure, hand.win)
            if errors:
                raise ValueError(f"contradictory structure: {errors}")
            counted = count_fu(hand.structure, hand.win)
            steps.extend(counted.items)
            fu = counted.fu
        else:
            fu = hand.fu
        if is_impossible(hand.han, fu, hand.win):
            notes.append(
                Note("impossible_han_fu", {"han": hand.han, "fu": fu, "win": hand.win.value})
            )
        base, level = basic_points(hand.han, fu, rules)
        steps.extend(_ladder_steps(hand.han, fu, base, level, rules))

    halves = _halves(hand.dealer, hand.win, rules)
    amounts = _amounts(base, halves, hand.win, hand.honba, rules)
    payments = tuple(
        [
            Payment(role, Fraction(amount))
            for (role, _h), amount in zip(halves, amounts, strict=True)
        ]
    )
    steps.extend(_payment_steps(base, halves, hand.dealer, hand.win, rules))
    if hand.honba:
        each = (rules.honba_ron if hand.win is Win.DISCARD else rules.honba_tsumo) * hand.honba
        steps.append(Step("honba", {"honba": hand.honba, "each": each}))
    from_table = RIICHI_STICK * hand.riichi_sticks
    if hand.riichi_sticks:
        steps.append(Step("sticks", {"sticks": hand.riichi_sticks, "value": from_table}))
    return Outcome(
        base=Fraction(base),
        payments=payments,
        from_table=Fraction(from_table),
        level=level,
        fu=fu,
        steps=tuple(steps),
        notes=tuple(notes),
    )


def _ladder_steps(han: int, fu: int, base: int, level: str | None, rules: Rules) -> list[Step]:
    if han >= 5:
        steps = []
        if han >= 13:
            steps.append(Step("kazoe", {"han": han, "kazoe": rules.kazoe.value}))
        return [*steps, Step("level", {"han": han, "level": level, "value": base})]
    value = fu * han_factor(han)
    steps = [Step("basic_points", {"fu": fu, "han": han, "value": value})]
    if level is None:
        return steps
    if value < 2000:  # only kiriage lifts a value below 2,000
        steps.append(Step("kiriage", {"value": value}))
    return [*steps, Step("level", {"han": han, "level": level, "value": base})]


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note).

    `honba`, `riichi_sticks`, `dealer`, `win` and `players` always count. `fu` is not listed
    at 5 han and up: it no longer moves the payments, but it is still the result's `fu`.
    `sanma` and `sanma_honba` only count with three players: `sanma` on a tsumo,
    `sanma_honba` with counters on the table.

    >>> sorted(unused_settings(Hand(yakuman=1), Rules()))[:4]
    ['chiitoitsu', 'closed', 'fu', 'fu_mode']
    """
    unused: set[str] = set()
    if not rules.three_players:
        unused |= set(SANMA_PARAMS)
    else:
        if hand.win is Win.DISCARD:
            unused.add("sanma")
        if not hand.honba:
            unused.add("sanma_honba")
    if hand.yakuman > 0:
        return frozenset({*unused, "han", "fu", "fu_mode", "kiriage", "kazoe", *STRUCTURE_PARAMS})
    if hand.fu_mode is FuMode.GIVEN:
        unused |= set(STRUCTURE_PARAMS)
    else:
        unused.add("fu")
        if hand.structure.chiitoitsu:
            unused |= set(STRUCTURE_PARAMS) - {"chiitoitsu"}
    if hand.han < 13:
        unused.add("kazoe")
    if hand.han >= 5 or fu_in_play(hand) * han_factor(hand.han) != KIRIAGE_POINTS:
        unused.add("kiriage")
    return frozenset(unused)


# --- the reference table -----------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One han/fu combination: what each payer role pays (honba included)."""

    amounts: tuple[int, ...]  # in the order of PointTable.roles
    receives: int  # everything the payers hand over (riichi sticks not included)
    level: str | None  # "mangan" where the cell reaches it (4/40; 4/30 with kiriage)


@dataclass(frozen=True)
class HanRow:
    han: int
    cells: tuple[Cell | None, ...]  # one per PointTable.fus; None: no such hand


@dataclass(frozen=True)
class LimitRow:
    level: str  # mangan, haneman, baiman, sanbaiman, yakuman
    min_han: int | None  # None: only a real yakuman (13+ han is sanbaiman here)
    max_han: int | None  # None: open-ended (sanbaiman when kazoe=sanbaiman; yakuman)
    cell: Cell


@dataclass(frozen=True)
class PointTable:
    """The reference table for one seat and win type, under the table's rules and honba."""

    dealer: bool
    win: Win
    honba: int
    players: int  # 4, or 3: the tsumo cells then follow `Rules.sanma`
    roles: tuple[str, ...]  # ("discarder",) / ("dealer", "non_dealer") / ("non_dealer",)
    fus: tuple[int, ...]
    rows: tuple[HanRow, ...]
    limits: tuple[LimitRow, ...]


def point_table(hand: Hand, rules: Rules = Rules()) -> PointTable:
    """The han 1–4 × fu table and the limit rows for the hand's seat, win type and honba.

    A tsumo cell lists one amount per kind of payer (dealer, then each non-dealer); a dealer
    winner's tsumo cell and a ron cell list one. Combinations that `impossible_han_fu`
    would flag are None. With three players the tsumo cells follow `Rules.sanma` and the
    counters `Rules.sanma_honba`.

    >>> table = point_table(Hand(win=Win.SELF_DRAW))
    >>> table.roles, table.rows[2].cells[2].amounts
    (('dealer', 'non_dealer'), (2000, 1000))
    >>> sanma = Rules(players=3, sanma=Sanma.BISECTION)
    >>> point_table(Hand(win=Win.SELF_DRAW), sanma).limits[0].cell.amounts
    (5000, 3000)
    """
    dealer, win, honba = hand.dealer, hand.win, hand.honba

    halves = _halves(dealer, win, rules)

    def cell(base: int, level: str | None) -> Cell:
        amounts = _amounts(base, halves, win, honba, rules)  # ints: built per request
        return Cell(amounts[: len(roles)], sum(amounts), level)

    if win is Win.DISCARD:
        roles: tuple[str, ...] = ("discarder",)
    elif dealer:
        roles = ("non_dealer",)
    else:
        roles = ("dealer", "non_dealer")
    rows = tuple(
        HanRow(
            han,
            tuple(
                None if is_impossible(han, fu, win) else cell(*basic_points(han, fu, rules))
                for fu in TABLE_FU
            ),
        )
        for han in TABLE_HAN
    )
    sanbaiman_top = None if rules.kazoe is Kazoe.SANBAIMAN else 12
    kazoe_from = 13 if rules.kazoe is Kazoe.YAKUMAN else None
    limits = (
        LimitRow("mangan", 5, 5, cell(2000, "mangan")),
        LimitRow("haneman", 6, 7, cell(3000, "haneman")),
        LimitRow("baiman", 8, 10, cell(4000, "baiman")),
        LimitRow("sanbaiman", 11, sanbaiman_top, cell(6000, "sanbaiman")),
        LimitRow("yakuman", kazoe_from, None, cell(8000, "yakuman")),
    )
    return PointTable(dealer, win, honba, rules.players, roles, TABLE_FU, rows, limits)


# --- on a score sheet ---------------------------------------------------------------------


def _sheet_inputs(inputs: tuple, deal: Deal) -> tuple:
    """The hand as the sheet plays it: who deals, and the counters and sticks on the table."""
    hand, *rest = inputs
    if rest and rest[0].players != deal.players:
        raise ValueError("the hand's riichi rules do not match the sheet's players")
    dealer = deal.winner == deal.dealer
    return (replace(hand, dealer=dealer, honba=deal.honba, riichi_sticks=deal.sticks), *rest)


CHOMBO = 4000  # a mangan the other way round: 4,000 to the dealer, 2,000 to each other


def _chombo(inputs: tuple, offence: Offence) -> list[Fraction | int]:
    """チョンボ: a dealer offender pays each 4,000; a non-dealer pays the dealer 4,000 and
    each other player 2,000.

    >>> _chombo((), Offence(3, 2, 4, "whole"))
    [2000, 4000, -8000, 2000]
    """
    deltas: list[Fraction | int] = [
        CHOMBO if player == offence.dealer or offence.offender == offence.dealer else CHOMBO // 2
        for player in range(1, offence.players + 1)
    ]
    deltas[offence.offender - 1] = 0
    deltas[offence.offender - 1] = -sum(deltas)
    return deltas


SHEET = SheetRules(
    slug="riichi",
    score=score,
    seatings=PLAYERS,
    counters=True,
    sheet_inputs=_sheet_inputs,
    multi_wins=(MultiWin.DOUBLE, MultiWin.FIRST, MultiWin.ALL),
    penalty=_chombo,
)
