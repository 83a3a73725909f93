"""Tile entry shared by riichi and MCR: the notation, melds, and the checks on a whole hand.

The notation is digits then a suit letter: `m` 萬, `p` 筒, `s` 索, `z` honours with
`1z`–`7z` = 東 南 西 北 白 發 中; the honour characters themselves (and 发, 东) work too, and
`0m`/`0p`/`0s` is a red five (riichi only). Spaces are ignored; full-width characters (from a
Chinese keyboard) are read as their ASCII forms, and suit letters in either case.

A tile is one of 34 kinds (0–8 萬 1–9, 9–17 筒, 18–26 索, 27–33 東南西北白發中 — the order the
`mahjong` package calls 34-format) plus a red flag. Errors are values (`EntryError`) with a
stable code, the field at fault and the arguments a message needs; the web layer words them.

Canonical text (for URLs) is sorted m, p, s, z with digits ascending; a red five is written
`0` and sorts as a 5, before the plain fives of its suit (`34056m`) — where the `mahjong`
package puts it too (its red five is the first copy of the 5).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

SUITS = "mpsz"  # 萬 筒 索 字, in canonical order
HONOR_CHARACTERS = {"東": 1, "东": 1, "南": 2, "西": 3, "北": 4, "白": 5, "發": 6, "发": 6, "中": 7}
HONOR_NAMES = "東南西北白發中"
FIVES = (4, 13, 22)  # the kinds of 5m, 5p, 5s: the only tiles with a red copy
COPIES = 4  # of each kind in a set
RED_COPIES = 1  # red fives per suit, counted among the four
HAND_SIZE = 14  # tiles in a complete hand, a kan counting as 3
NOT_IN_SANMA = frozenset(range(1, 8))  # the kinds of 2m–8m: a three-player set has none
NORTH = 30  # the kind of 北, set aside as nuki dora (拔北) at a three-player table
FIELDS = ("hand", "win_tile", "melds", "dora", "ura")  # the tile parameters, in URL order


@dataclass(frozen=True)
class EntryError:
    """One problem with the entered hand, on the parameter the user should change.

    Codes: `bad_notation` (args `index`, `char`, `reason`), `too_many_copies` (`tile`,
    `count`, `limit`), `wrong_count` (`count`, `expected`, `hand`, `melds`, `needed`),
    `win_tile_missing` (`tile`), and from the analysers `contradiction`, `not_complete`
    (`shanten`, `waits`), `no_yaku`.
    """

    code: str
    field: str
    args: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", MappingProxyType(dict(self.args)))


class Wind(StrEnum):
    """A seat or round wind, as the `seat` and `round` parameters spell it."""

    EAST = "e"  # 東; the East seat is the dealer (親 / 莊家)
    SOUTH = "s"  # 南
    WEST = "w"  # 西
    NORTH = "n"  # 北

    @property
    def index(self) -> int:
        """0–3 for East–North (what PyMahjongGB wants)."""
        return "eswn".index(self.value)

    @property
    def kind(self) -> int:
        """The tile kind of this wind (27–30)."""
        return 27 + self.index


@dataclass(frozen=True)
class Tile:
    """One tile: `kind` 0–33 and whether it is a red five (赤五)."""

    kind: int
    red: bool = False

    @property
    def suit(self) -> str:
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        """1–9 in a suit, 1–7 for honours (東南西北白發中)."""
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        return self.kind >= 27

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.kind, 0 if self.red else 1)

    @property
    def plain(self) -> Tile:
        """The same kind, not red."""
        return Tile(self.kind)

    def __str__(self) -> str:
        """`5p`, `0p` for the red one, `7z` for 中.

        >>> str(Tile(13, red=True)), str(Tile(33))
        ('0p', '7z')
        """
        return f"{0 if self.red else self.number}{self.suit}"


def tile(text: str) -> Tile:
    """One tile from canonical text, for code and tests: `tile("0p")`, `tile("7z")`.

    >>> tile("0s")
    Tile(kind=22, red=True)
    """
    digit, suit = int(text[0]), SUITS.index(text[1])
    return Tile(suit * 9 + (digit or 5) - 1, red=digit == 0)


class MeldKind(StrEnum):
    CHI = "chi"  # 吃 / 上: a called run
    PON = "pon"  # 碰: a called triplet
    KAN = "kan"  # 明槓 (大明槓 or 加槓): an open quad
    ANKAN = "ankan"  # 暗槓: a concealed quad; the hand stays closed


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tiles: tuple[Tile, ...]  # sorted

    @property
    def is_open(self) -> bool:
        """Called from another player (every meld but a concealed kan)."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.KAN, MeldKind.ANKAN)

    def __str__(self) -> str:
        return f"{self.kind.value}:{format_tiles(self.tiles)}"


@dataclass(frozen=True)
class HandTiles:
    """A checked hand: 14 tiles with the melds (a kan as 3), the winning tile among them."""

    hand: tuple[Tile, ...]  # the tiles outside the melds, the winning tile included
    win_tile: Tile  # the held tile that won (a red five if only the red one is held)
    melds: tuple[Meld, ...] = ()
    dora: tuple[Tile, ...] = ()  # indicators
    ura: tuple[Tile, ...] = ()  # indicators

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The hand without the winning tile: 13 tiles less 3 per meld."""
        rest = list(self.hand)
        rest.remove(self.win_tile)
        return tuple(rest)

    def canonical(self) -> dict[str, str]:
        """Each tile field in canonical text (sorted; melds sorted too).

        >>> read("東12m3m456p789s1z", "1z", "pon:白白白").canonical()["hand"]
        '123m456p789s11z'
        """
        return {
            "hand": format_tiles(self.hand),
            "win_tile": str(self.win_tile),
            "melds": format_melds(self.melds),
            "dora": format_tiles(self.dora),
            "ura": format_tiles(self.ura),
        }


# --- reading ------------------------------------------------------------------------------


def _fold(char: str) -> str:
    """Full-width ASCII to ASCII (１２３ｍ, ：, ，), letters to lower case; others unchanged."""
    folded = unicodedata.normalize("NFKC", char)
    return folded.lower() if len(folded) == 1 else char


def _bad(field_name: str, text: str, index: int, reason: str) -> EntryError:
    return EntryError(
        "bad_notation",
        field_name,
        {"index": index, "char": text[index] if index < len(text) else "", "reason": reason},
    )


def _scan(
    text: str,
    field_name: str,
    red_fives: bool,
    start: int = 0,
    end: int | None = None,
    *,
    sanma: bool = False,
) -> list[tuple[int, Tile]] | EntryError:
    """(index of the digit or character, tile) for each tile in text[start:end].

    Reasons for `bad_notation`: `unknown_character`, `no_digits` (a suit letter with no digit
    before it), `no_suit` (digits without a suit letter; points at the first of them),
    `honor_number` (`0z`, `8z`, `9z`), `red_five` (`0` where red fives are not allowed),
    `three_player` (2m–8m, the red 0m too, in a three-player set: `sanma=True`).
    """
    end = len(text) if end is None else end
    tiles: list[tuple[int, Tile]] = []
    pending: list[tuple[int, int]] = []  # (index, digit)
    for index in range(start, end):
        char = _fold(text[index])
        if char.isspace():
            continue
        if char in "0123456789":
            pending.append((index, int(char)))
        elif char in SUITS:
            if not pending:
                return _bad(field_name, text, index, "no_digits")
            suit = SUITS.index(char)
            for digit_index, digit in pending:
                if suit == 3:
                    if not 1 <= digit <= 7:
                        return _bad(field_name, text, digit_index, "honor_number")
                    tiles.append((digit_index, Tile(27 + digit - 1)))
                elif digit == 0:
                    if not red_fives:
                        return _bad(field_name, text, digit_index, "red_five")
                    tiles.append((digit_index, Tile(suit * 9 + 4, red=True)))
                else:
                    tiles.append((digit_index, Tile(suit * 9 + digit - 1)))
                if sanma and tiles[-1][1].kind in NOT_IN_SANMA:
                    return _bad(field_name, text, digit_index, "three_player")
            pending = []
        elif char in HONOR_CHARACTERS:
            if pending:
                return _bad(field_name, text, pending[0][0], "no_suit")
            tiles.append((index, Tile(27 + HONOR_CHARACTERS[char] - 1)))
        else:
            return _bad(field_name, text, index, "unknown_character")
    if pending:
        return _bad(field_name, text, pending[0][0], "no_suit")
    return tiles


def parse_tiles(
    text: str, field_name: str = "hand", *, red_fives: bool = True, sanma: bool = False
) -> tuple[Tile, ...] | EntryError:
    """The tiles in `text`, in the order written; an empty text gives no tiles.

    >>> [str(t) for t in parse_tiles("12m 0p東")]
    ['1m', '2m', '0p', '1z']
    >>> parse_tiles("123x").args["index"]
    3
    """
    scanned = _scan(text, field_name, red_fives, sanma=sanma)
    if isinstance(scanned, EntryError):
        return scanned
    return tuple(t for _, t in scanned)


def parse_tile(
    text: str, field_name: str = "win_tile", *, red_fives: bool = True, sanma: bool = False
) -> Tile | EntryError:
    """Exactly one tile; a second one is `bad_notation` (reason `one_tile`) where it starts.

    An empty text is `bad_notation` at index 0 with reason `empty` (the web layer reports a
    missing parameter as `required` before it gets here).
    """
    scanned = _scan(text, field_name, red_fives, sanma=sanma)
    if isinstance(scanned, EntryError):
        return scanned
    if not scanned:
        return _bad(field_name, text, 0, "empty")
    if len(scanned) > 1:
        return _bad(field_name, text, scanned[1][0], "one_tile")
    return scanned[0][1]


MELD_SIZES = {MeldKind.CHI: 3, MeldKind.PON: 3, MeldKind.KAN: 4, MeldKind.ANKAN: 4}


def _meld_shape_ok(kind: MeldKind, tiles: Sequence[Tile]) -> bool:
    if len(tiles) != MELD_SIZES[kind]:
        return False
    kinds = sorted(t.kind for t in tiles)
    if kind is MeldKind.CHI:
        first = kinds[0]
        same_suit = first < 27 and first // 9 == kinds[-1] // 9
        return same_suit and kinds == [first, first + 1, first + 2]
    return len(set(kinds)) == 1


def parse_melds(
    text: str, *, red_fives: bool = True, sanma: bool = False
) -> tuple[Meld, ...] | EntryError:
    """Comma-separated `chi:123m`, `pon:555z`, `kan:1111p` (open), `ankan:9999s` (closed).

    Empty items (a trailing comma) are skipped. `bad_notation` reasons, besides the tile
    ones: `meld_kind` (no `kind:` or an unknown kind; points at the item), `meld_shape`
    (chi not three consecutive tiles of one suit, pon not three identical, kan/ankan not
    four identical; points at the first tile of the meld).

    >>> [str(m) for m in parse_melds("chi:312m, ankan:9999s")]
    ['chi:123m', 'ankan:9999s']
    >>> parse_melds("pon:556p").args["reason"]
    'meld_shape'
    """
    folded = "".join(_fold(char) for char in text)  # same length: indices still point at text
    melds: list[Meld] = []
    start = 0
    while start <= len(folded):
        comma = folded.find(",", start)
        end = len(folded) if comma == -1 else comma
        item = folded[start:end]
        if item.strip():
            first = start + len(item) - len(item.lstrip())
            colon = folded.find(":", start, end)
            word = folded[start:colon].strip() if colon != -1 else ""
            if word not in {k.value for k in MeldKind}:
                return _bad("melds", text, first, "meld_kind")
            kind = MeldKind(word)
            scanned = _scan(text, "melds", red_fives, colon + 1, end, sanma=sanma)
            if isinstance(scanned, EntryError):
                return scanned
            tiles = [t for _, t in scanned]
            if not _meld_shape_ok(kind, tiles):
                where = scanned[0][0] if scanned else colon
                return _bad("melds", text, where, "meld_shape")
            melds.append(Meld(kind, tuple(sorted(tiles, key=lambda t: t.sort_key))))
        if comma == -1:
            break
        start = comma + 1
    return tuple(melds)


def three_player_error(text: str, field_name: str) -> EntryError | None:
    """The first 2m–8m (or 0m) in a field that reads, as `bad_notation` (reason
    `three_player`) where it was written; None when the text suits a three-player set.

    >>> three_player_error("19m 345p", "hand") is None
    True
    >>> three_player_error("pon:999m,pon:555m", "melds").args["index"]
    13
    """
    if field_name == "melds":
        parsed: object = parse_melds(text, sanma=True)
    elif field_name == "win_tile":
        parsed = parse_tile(text, field_name, sanma=True)
    else:
        parsed = parse_tiles(text, field_name, sanma=True)
    if isinstance(parsed, EntryError) and parsed.args.get("reason") == "three_player":
        return parsed
    return None


# --- checks on the whole hand -------------------------------------------------------------


def copy_errors(
    hand: Sequence[Tile],
    melds: Sequence[Meld] = (),
    dora: Sequence[Tile] = (),
    ura: Sequence[Tile] = (),
) -> tuple[EntryError, ...]:
    """`too_many_copies`: more than four of a kind, or more than one red five of a suit.

    Counted across hand, melds, dora and ura in that order (an indicator is a tile of the
    same set); the error goes on the field where the count first goes over, one per tile.

    >>> [(e.field, e.args["tile"]) for e in copy_errors([tile("1m")] * 3, dora=[tile("1m")] * 2)]
    [('dora', '1m')]
    """
    fields = (
        ("hand", hand),
        ("melds", [t for meld in melds for t in meld.tiles]),
        ("dora", dora),
        ("ura", ura),
    )
    totals = Counter(t.kind for _, tiles in fields for t in tiles)
    red_totals = Counter(t.kind for _, tiles in fields for t in tiles if t.red)
    seen: Counter[int] = Counter()
    seen_red: Counter[int] = Counter()
    errors: list[EntryError] = []
    for field_name, tiles in fields:
        for t in tiles:
            seen[t.kind] += 1
            if seen[t.kind] == COPIES + 1:
                args = {"tile": str(t.plain), "count": totals[t.kind], "limit": COPIES}
                errors.append(EntryError("too_many_copies", field_name, args))
            if t.red:
                seen_red[t.kind] += 1
                if seen_red[t.kind] == RED_COPIES + 1:
                    args = {"tile": str(t), "count": red_totals[t.kind], "limit": RED_COPIES}
                    errors.append(EntryError("too_many_copies", field_name, args))
    return tuple(errors)


def kita_error(tiles: HandTiles, kita: int) -> EntryError | None:
    """`too_many_copies` on `kita` when the 北 set aside make a fifth 北 with the hand, the
    melds and the indicators (the 北 set aside are not in `hand`).

    >>> kita_error(read("19m19p19s12345677z", "1z"), 3) is None
    True
    >>> kita_error(read("19m19p19s12345677z", "1z"), 4).args["count"]
    5
    """
    melded = [t for meld in tiles.melds for t in meld.tiles]
    held = sum(t.kind == NORTH for t in (*tiles.hand, *melded, *tiles.dora, *tiles.ura))
    if kita and held + kita > COPIES:
        args = {"tile": str(Tile(NORTH)), "count": held + kita, "limit": COPIES}
        return EntryError("too_many_copies", "kita", args)
    return None


def count_error(hand: Sequence[Tile], melds: Sequence[Meld] = ()) -> EntryError | None:
    """`wrong_count` unless the hand tiles plus 3 per meld (a kan too) make 14.

    >>> count_error([tile("1m")] * 13).args["needed"]
    14
    """
    count = len(hand) + 3 * len(melds)
    if count == HAND_SIZE:
        return None
    args = {
        "count": count,
        "expected": HAND_SIZE,
        "hand": len(hand),
        "melds": len(melds),
        "needed": HAND_SIZE - 3 * len(melds),  # hand tiles these melds need (may be < 0)
    }
    return EntryError("wrong_count", "hand", args)


def held_win_tile(hand: Sequence[Tile], win_tile: Tile) -> Tile | EntryError:
    """The held tile that won: `5p` matches a held `0p` when no plain 5p is held.

    >>> held_win_tile([tile("0p")], tile("5p"))
    Tile(kind=13, red=True)
    """
    if win_tile in hand:
        return win_tile
    if not win_tile.red and Tile(win_tile.kind, red=True) in hand:
        return Tile(win_tile.kind, red=True)
    return EntryError("win_tile_missing", "win_tile", {"tile": str(win_tile)})


def read(
    hand: str,
    win_tile: str,
    melds: str = "",
    dora: str = "",
    ura: str = "",
    *,
    red_fives: bool = True,
) -> HandTiles | tuple[EntryError, ...]:
    """Parse and check every tile field; all the errors found, or the checked hand.

    Notation errors come alone (the other checks need every field read); then copies, the
    count and the winning tile are all checked, so each field shows what is wrong with it.

    >>> read("123m456p789s11222z", "2z").win_tile
    Tile(kind=28, red=False)
    >>> [e.code for e in read("123m456p789s112z", "5z")]
    ['wrong_count', 'win_tile_missing']
    """
    parsed_hand = parse_tiles(hand, "hand", red_fives=red_fives)
    parsed_win = parse_tile(win_tile, "win_tile", red_fives=red_fives)
    parsed_melds = parse_melds(melds, red_fives=red_fives)
    parsed_dora = parse_tiles(dora, "dora", red_fives=red_fives)
    parsed_ura = parse_tiles(ura, "ura", red_fives=red_fives)
    bad = [
        value
        for value in (parsed_hand, parsed_win, parsed_melds, parsed_dora, parsed_ura)
        if isinstance(value, EntryError)
    ]
    if bad:
        return tuple(bad)
    assert not isinstance(parsed_hand, EntryError) and not isinstance(parsed_win, EntryError)
    assert not isinstance(parsed_melds, EntryError)
    assert not isinstance(parsed_dora, EntryError) and not isinstance(parsed_ura, EntryError)

    errors = list(copy_errors(parsed_hand, parsed_melds, parsed_dora, parsed_ura))
    wrong_count = count_error(parsed_hand, parsed_melds)
    if wrong_count:
        errors.append(wrong_count)
    held = held_win_tile(parsed_hand, parsed_win)
    if isinstance(held, EntryError):
        errors.append(held)
    if errors:
        return tuple(errors)
    assert isinstance(held, Tile)
    return HandTiles(
        hand=sort_tiles(parsed_hand),
        win_tile=held,
        melds=sort_melds(parsed_melds),
        dora=sort_tiles(parsed_dora),
        ura=sort_tiles(parsed_ura),
    )


# --- canonical text -----------------------------------------------------------------------


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda t: t.sort_key))


def sort_melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    """By first tile, then chi, pon, kan, ankan: the order the melds were called in is not
    part of the hand, so two people entering the same hand get the same link."""
    order = list(MeldKind)
    return tuple(sorted(melds, key=lambda m: (m.tiles[0].sort_key, order.index(m.kind))))


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical text: m, p, s, z; digits ascending; a red five `0`, sorted as a 5.

    >>> format_tiles(parse_tiles("5m0m3m4m6m東1z"))
    '34056m11z'
    """
    text = []
    by_suit: dict[str, list[Tile]] = {suit: [] for suit in SUITS}
    for t in sort_tiles(tiles):
        by_suit[t.suit].append(t)
    for suit, group in by_suit.items():
        if group:
            text.append("".join(str(0 if t.red else t.number) for t in group) + suit)
    return "".join(text)


def format_melds(melds: Iterable[Meld]) -> str:
    """Canonical text of the melds, comma-joined, in `sort_melds` order."""
    return ",".join(str(meld) for meld in sort_melds(melds))


def counts_34(tiles: Iterable[Tile]) -> list[int]:
    """How many of each of the 34 kinds (the `mahjong` package's 34-format)."""
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return counts


# --- flowers and seasons (花, for hk) ------------------------------------------------------

# Written like tiles: `1f`–`4f` 梅蘭菊竹 (flowers) and `1g`–`4g` 春夏秋冬 (seasons); the
# number is the seat the tile belongs to (1 東 … 4 北). They are not part of the hand.
FLOWER_SUITS = "fg"
FLOWER_NAMES = {"f": "梅蘭菊竹", "g": "春夏秋冬"}
FLOWER_CHARACTERS = {
    "梅": ("f", 1),
    "蘭": ("f", 2),
    "兰": ("f", 2),
    "菊": ("f", 3),
    "竹": ("f", 4),
    "春": ("g", 1),
    "夏": ("g", 2),
    "秋": ("g", 3),
    "冬": ("g", 4),
}
MAX_FLOWERS = 8  # four flowers and four seasons, one of each


@dataclass(frozen=True)
class Flower:
    """A flower (`suit` "f": 梅蘭菊竹) or a season ("g": 春夏秋冬), `number` 1–4."""

    suit: str
    number: int

    @property
    def name(self) -> str:
        """梅 for 1f, 冬 for 4g."""
        return FLOWER_NAMES[self.suit][self.number - 1]

    @property
    def sort_key(self) -> tuple[int, int]:
        return (FLOWER_SUITS.index(self.suit), self.number)

    def __str__(self) -> str:
        return f"{self.number}{self.suit}"


def parse_flowers(text: str, field_name: str = "flowers") -> tuple[Flower, ...] | EntryError:
    """The flowers in `text`, in the order written (repeats kept: see `flower_copy_errors`).

    `bad_notation` reasons: `unknown_character`, `no_digits`, `no_suit` as for tiles,
    `flower_number` (`0f`, `5g`…), `not_flower` (a hand tile such as `1m` or 東, pointing at
    its digit or character).

    >>> [f.name for f in parse_flowers("14f 春")]
    ['梅', '竹', '春']
    >>> parse_flowers("1f2m").args["reason"], parse_flowers("1f2m").args["index"]
    ('not_flower', 2)
    """
    flowers: list[Flower] = []
    pending: list[tuple[int, int]] = []
    for index, raw in enumerate(text):
        char = _fold(raw)
        if char.isspace():
            continue
        if char in "0123456789":
            pending.append((index, int(char)))
        elif char in FLOWER_SUITS or char in SUITS:
            if not pending:
                return _bad(field_name, text, index, "no_digits")
            if char in SUITS:
                return _bad(field_name, text, pending[0][0], "not_flower")
            for digit_index, digit in pending:
                if not 1 <= digit <= 4:
                    return _bad(field_name, text, digit_index, "flower_number")
                flowers.append(Flower(char, digit))
            pending = []
        elif char in FLOWER_CHARACTERS or char in HONOR_CHARACTERS:
            if pending:
                return _bad(field_name, text, pending[0][0], "no_suit")
            if char in HONOR_CHARACTERS:
                return _bad(field_name, text, index, "not_flower")
            flowers.append(Flower(*FLOWER_CHARACTERS[char]))
        else:
            return _bad(field_name, text, index, "unknown_character")
    if pending:
        return _bad(field_name, text, pending[0][0], "no_suit")
    return tuple(flowers)


def flower_copy_errors(
    flowers: Sequence[Flower], field_name: str = "flowers"
) -> tuple[EntryError, ...]:
    """`too_many_copies` for each flower written twice (a set has one of each, so a ninth
    flower is always a repeat).

    >>> [e.args["tile"] for e in flower_copy_errors(parse_flowers("1f梅1f"))]
    ['1f']
    """
    counts = Counter(flowers)
    return tuple(
        EntryError("too_many_copies", field_name, {"tile": str(f), "count": n, "limit": 1})
        for f, n in sorted(counts.items(), key=lambda item: item[0].sort_key)
        if n > 1
    )


def read_flowers(text: str, field_name: str = "flowers") -> tuple[Flower, ...] | EntryError:
    """Parsed, checked and sorted flowers: the first error, or the flowers.

    >>> format_flowers(read_flowers("春4f1f"))
    '14f1g'
    """
    parsed = parse_flowers(text, field_name)
    if isinstance(parsed, EntryError):
        return parsed
    repeated = flower_copy_errors(parsed, field_name)
    if repeated:
        return repeated[0]
    return tuple(sorted(parsed, key=lambda f: f.sort_key))


def format_flowers(flowers: Iterable[Flower]) -> str:
    """Canonical text: flowers then seasons, numbers ascending (`124f3g`)."""
    text = []
    for suit in FLOWER_SUITS:
        numbers = sorted(f.number for f in flowers if f.suit == suit)
        if numbers:
            text.append("".join(map(str, numbers)) + suit)
    return "".join(text)


def flower_hint(error: EntryError, text: str) -> EntryError:
    """A flower written in a tile field (`3f`, 梅) is `bad_notation` with reason `flower`
    instead of `unknown_character`, so the message can say where flowers go; any other
    error is returned unchanged.

    >>> flower_hint(parse_tiles("123m1f"), "123m1f").args["reason"]
    'flower'
    """
    if error.code != "bad_notation" or error.args.get("reason") != "unknown_character":
        return error
    char = _fold(str(error.args.get("char", "")))
    if char in FLOWER_SUITS or char in FLOWER_CHARACTERS:
        return EntryError(error.code, error.field, {**error.args, "reason": "flower"})
    return error
