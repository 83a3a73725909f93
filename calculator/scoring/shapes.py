"""Hand shapes shared by the Hong Kong and Jiujiang analysers: every way to group the tiles.

A complete hand is four sets (chow 上, pung 碰, kong 槓) and a pair, seven pairs (七對) or
thirteen orphans (十三么). `groupings` lists every reading of a hand, and for each reading
every set the winning tile could have completed: 坎坎糊 and "the set a winning discard
completes" depend on which one it was, so each is its own `Grouping`. The analysers score
them all and keep the best.

Four identical tiles held in the hand (not declared as a kong) are a pung and one more tile
in a four-sets reading; in a seven-pairs reading they are one `FOUR` group, reported apart so
that Jiujiang's 豪華七對 can count them and Hong Kong's 七對 (seven *different* pairs) can
refuse them.

Plain recursion over 34-kind counts: a hand of 14 tiles has few readings, so nothing is kept
between calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from .tiles import COPIES, Meld, MeldKind, Tile, counts_34, format_tiles

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 1 and 9 of each suit, honours
SETS = 4  # in a four-sets-and-a-pair hand
PAIRS = 7  # in a seven-pairs hand


class GroupKind(StrEnum):
    CHOW = "chow"  # 上 / 順子: three in a row of one suit
    PUNG = "pung"  # 碰 / 刻子: three identical
    KONG = "kong"  # 槓: four identical, declared
    PAIR = "pair"  # 眼 / 將: two identical
    FOUR = "four"  # four identical held in a seven-pairs hand (two pairs to 豪華七對)
    SINGLE = "single"  # one of the twelve lone orphans of 十三么


class Form(StrEnum):
    STANDARD = "standard"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"  # 七對
    THIRTEEN_ORPHANS = "thirteen_orphans"  # 十三么


@dataclass(frozen=True)
class Group:
    """One set, pair or lone tile of a reading."""

    kind: GroupKind
    tiles: tuple[Tile, ...]  # sorted
    exposed: bool = False  # called from another player (`chi`, `pon`, `kan`); not `ankan`
    declared: bool = False  # entered in `melds` (a concealed kong too)
    completed: bool = False  # the winning tile completed this group

    @property
    def first(self) -> int:
        """The kind of its lowest tile."""
        return self.tiles[0].kind

    @property
    def is_pung_like(self) -> bool:
        """A pung or a kong (碰 or 槓): what 對對糊 and the honour fans count."""
        return self.kind in (GroupKind.PUNG, GroupKind.KONG)

    def __str__(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True)
class Grouping:
    """One reading of the whole hand: its groups (sets first, then the pair for a standard
    hand), and which of them the winning tile completed (exactly one has `completed`)."""

    form: Form
    groups: tuple[Group, ...]

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind in SET_KINDS)

    @cached_property
    def pair(self) -> Group | None:
        """The pair of a standard hand (十三么's doubled orphan too)."""
        return next((g for g in self.groups if g.kind is GroupKind.PAIR), None)

    @property
    def completed(self) -> Group:
        return next(g for g in self.groups if g.completed)

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for g in self.groups for t in g.tiles)

    def shape(self) -> tuple[tuple[str, str, bool], ...]:
        """The reading without the winning tile's place: (kind, tiles, declared) per group,
        sorted — two groupings with the same shape group the tiles the same way."""
        return tuple(sorted((g.kind.value, str(g), g.declared) for g in self.groups))


SET_KINDS = (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)


def _meld_group(meld: Meld) -> Group:
    kind = {MeldKind.CHI: GroupKind.CHOW, MeldKind.PON: GroupKind.PUNG}.get(
        meld.kind, GroupKind.KONG
    )
    tiles = tuple(Tile(t.kind) for t in meld.tiles)
    return Group(kind, tiles, exposed=meld.is_open, declared=True)


def _same(kind: int, n: int) -> tuple[Tile, ...]:
    return (Tile(kind),) * n


def _chows_and_pungs(counts: list[int], start: int = 0) -> list[list[tuple[GroupKind, int]]]:
    """Every way to split `counts` into pungs and chows, as (kind, first tile) lists; each
    multiset once (taking the lowest tile first, a pung before the chows through it)."""
    while start < 34 and counts[start] == 0:
        start += 1
    if start == 34:
        return [[]]
    found: list[list[tuple[GroupKind, int]]] = []
    if counts[start] >= 3:
        counts[start] -= 3
        for rest in _chows_and_pungs(counts, start):
            found.append([(GroupKind.PUNG, start), *rest])
        counts[start] += 3
    if start < 27 and start % 9 <= 6 and counts[start + 1] and counts[start + 2]:
        for k in (start, start + 1, start + 2):
            counts[k] -= 1
        for rest in _chows_and_pungs(counts, start):
            found.append([(GroupKind.CHOW, start), *rest])
        for k in (start, start + 1, start + 2):
            counts[k] += 1
    return found


def _with_win(form: Form, held: list[Group], declared: list[Group], win: int) -> list[Grouping]:
    """One grouping per distinct held group the winning tile can have completed."""
    readings = []
    seen = set()
    for index, group in enumerate(held):
        if any(t.kind == win for t in group.tiles) and (group.kind, group.first) not in seen:
            seen.add((group.kind, group.first))
            marked = list(held)
            marked[index] = Group(group.kind, group.tiles, completed=True)
            readings.append(Grouping(form, (*declared, *marked)))
    return readings


def standard(counts: Sequence[int], melds: Sequence[Meld], win: int) -> list[Grouping]:
    """Every four-sets-and-a-pair reading of the held tiles `counts` with the declared
    `melds`; `win` is the winning tile's kind (it is among the held tiles).

    >>> from calculator.scoring.tiles import parse_tiles
    >>> hand = counts_34(parse_tiles("111222333m456p99s"))
    >>> sorted({" ".join(map(str, g.sets)) for g in standard(hand, (), 0)})
    ['111m 222m 333m 456p', '123m 123m 123m 456p']
    """
    counts = list(counts)
    needed = SETS - len(melds)
    if needed < 0 or sum(counts) != 3 * needed + 2:
        return []
    declared = [_meld_group(m) for m in melds]
    readings = []
    for pair in range(34):
        if counts[pair] < 2:
            continue
        counts[pair] -= 2
        seen = set()
        for split in _chows_and_pungs(counts):
            key = tuple(sorted(split))
            if key in seen:
                continue
            seen.add(key)
            held = [
                Group(kind, _same(first, 3) if kind is GroupKind.PUNG else _run(first))
                for kind, first in sorted(split, key=lambda item: (item[1], item[0] != "pung"))
            ]
            held.append(Group(GroupKind.PAIR, _same(pair, 2)))
            readings.extend(_with_win(Form.STANDARD, held, declared, win))
        counts[pair] += 2
    return readings


def _run(first: int) -> tuple[Tile, ...]:
    return (Tile(first), Tile(first + 1), Tile(first + 2))


def seven_pairs(counts: Sequence[int], melds: Sequence[Meld], win: int) -> list[Grouping]:
    """The seven-pairs reading (at most one), four identical tiles as one `FOUR` group.

    >>> from calculator.scoring.tiles import parse_tiles
    >>> [str(g) for g in seven_pairs(counts_34(parse_tiles("11112233445566m")), (), 0)[0].groups]
    ['1111m', '22m', '33m', '44m', '55m', '66m']
    """
    if melds or sum(counts) != 2 * PAIRS or any(c % 2 for c in counts):
        return []
    held = [
        Group(GroupKind.FOUR if c == COPIES else GroupKind.PAIR, _same(kind, c))
        for kind, c in enumerate(counts)
        if c
    ]
    return _with_win(Form.SEVEN_PAIRS, held, [], win)


def thirteen_orphans(counts: Sequence[int], melds: Sequence[Meld], win: int) -> list[Grouping]:
    """The 十三么 reading: each orphan once, one of them twice."""
    if melds or sum(counts) != 14 or any(counts[k] == 0 for k in ORPHANS):
        return []
    if sum(counts[k] for k in ORPHANS) != 14:
        return []
    held = [
        Group(GroupKind.PAIR if counts[k] == 2 else GroupKind.SINGLE, _same(k, counts[k]))
        for k in ORPHANS
    ]
    return _with_win(Form.THIRTEEN_ORPHANS, held, [], win)


def groupings(
    hand: Sequence[Tile] | Sequence[int],
    melds: Sequence[Meld] = (),
    win_tile: Tile | int | None = None,
) -> tuple[Grouping, ...]:
    """Every reading of a hand, in every form (the caller decides which forms its table
    allows). `hand` is the held tiles, the winning tile included, as tiles or 34 counts;
    `win_tile` defaults to the last tile of `hand` (required with counts).

    >>> from calculator.scoring.tiles import parse_tiles
    >>> [g.form.value for g in groupings(parse_tiles("112233m445566p77s"))]
    ['standard', 'seven_pairs']
    """
    if not hand:
        return ()
    if isinstance(hand[0], Tile):
        counts = counts_34(hand)  # type: ignore[arg-type]
        if win_tile is None:
            win_tile = hand[-1]  # type: ignore[assignment]
    else:
        counts = list(hand)  # type: ignore[arg-type]
    if win_tile is None:
        raise ValueError("win_tile is needed with counts")
    win = win_tile.kind if isinstance(win_tile, Tile) else win_tile
    return (
        *standard(counts, melds, win),
        *seven_pairs(counts, melds, win),
        *thirteen_orphans(counts, melds, win),
    )


# --- shanten ------------------------------------------------------------------------------


def _suit_options(counts: tuple[int, ...], honours: bool) -> set[tuple[int, int]]:
    """Every (sets, partial sets) one suit's tiles can give; honours make no runs."""
    memo: dict[tuple[int, ...], set[tuple[int, int]]] = {}

    def walk(c: tuple[int, ...]) -> set[tuple[int, int]]:
        if c in memo:
            return memo[c]
        i = next((k for k, n in enumerate(c) if n), None)
        if i is None:
            return {(0, 0)}
        results: set[tuple[int, int]] = set()
        lst = list(c)

        def take(kinds: Sequence[int], add: tuple[int, int]) -> None:
            trial = list(lst)
            for k in kinds:
                trial[k] -= 1
            for m, t in walk(tuple(trial)):
                results.add((m + add[0], t + add[1]))

        take([i], (0, 0))  # the tile stays alone
        if c[i] >= 3:
            take([i, i, i], (1, 0))
        if c[i] >= 2:
            take([i, i], (0, 1))
        if not honours:
            if i + 2 < 9 and c[i + 1] and c[i + 2]:
                take([i, i + 1, i + 2], (1, 0))
            if i + 1 < 9 and c[i + 1]:
                take([i, i + 1], (0, 1))
            if i + 2 < 9 and c[i + 2]:
                take([i, i + 2], (0, 1))
        memo[c] = results
        return results

    return walk(counts)


def _best_sets(counts: Sequence[int], room: int) -> int:
    """The most 2×sets + partials over all suits, with at most `room` of them in all."""
    best = {(0, 0)}
    for suit in range(4):
        part = tuple(counts[suit * 9 : suit * 9 + (7 if suit == 3 else 9)])
        options = _suit_options(part, honours=suit == 3)
        best = {(m1 + m2, t1 + t2) for m1, t1 in best for m2, t2 in options}
    return max(2 * m + min(t, room - m) for m, t in best if m <= room) if best else 0


def standard_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Tiles away from four sets and a pair (−1: complete), `melds` sets declared.

    >>> from calculator.scoring.tiles import parse_tiles
    >>> standard_shanten(counts_34(parse_tiles("123m456p789s1134z")))
    1
    """
    room = SETS - melds
    counts = list(counts)
    best = 2 * room - _best_sets(counts, room)
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            best = min(best, 2 * room - 1 - _best_sets(counts, room))
            counts[pair] += 2
    return best


def seven_pairs_shanten(counts: Sequence[int], fours_count: bool = False) -> int:
    """Tiles away from seven pairs; with `fours_count` four identical tiles are two pairs
    (豪華七對), otherwise the pairs must be seven different kinds.

    >>> seven_pairs_shanten([4, 2, 2, 2, 2, 2] + [0] * 28), seven_pairs_shanten([4, 2, 2, 2, 2, 2] + [0] * 28, True)
    (1, -1)
    """
    if fours_count:
        return PAIRS - 1 - sum(c // 2 for c in counts)
    pairs = sum(c >= 2 for c in counts)
    kinds = sum(c > 0 for c in counts)
    return PAIRS - 1 - pairs + max(0, PAIRS - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    kinds = sum(counts[k] > 0 for k in ORPHANS)
    return 13 - kinds - (1 if any(counts[k] >= 2 for k in ORPHANS) else 0)
