"""香港麻雀 hand analysis: from the entered tiles to the fan list — then our own payment.

The fan table is the traditional Hong Kong old-style table (rules.md § hk hand); the few
entries tables argue about are options of one frozen `FanTable`. Every reading of the hand
(`shapes.groupings`) is scored and the one worth the most fan counts (111222333m: three
pungs or three chows). A limit hand (爆棚) is worth the table's cap whatever else it has.
The payment is always `hk.score` for the fan found, as on the hk payment page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from . import hk
from .outcome import Note, Win
from .shapes import (
    Form,
    Group,
    Grouping,
    GroupKind,
    groupings,
    seven_pairs_shanten,
    standard_shanten,
    thirteen_orphans_shanten,
)
from .tiles import (
    COPIES,
    EntryError,
    Flower,
    HandTiles,
    Tile,
    Wind,
    counts_34,
    flower_hint,
    parse_tiles,
    read_flowers,
)
from .tiles import read as read_tiles

# Each fan's value under the default table (qingyise 7, menqing paid); None for a limit hand.
FAN_VALUES = MappingProxyType(
    {
        "chicken": 0,  # 雞糊: no fan but the flowers' (never listed: see Analysis.chicken)
        "pinghu": 1,
        "duidui": 3,
        "hunyise": 3,
        "qingyise": 7,
        "huayao": 1,
        "dragon": 1,  # per pung/kong of 中, 發 or 白
        "seat_wind": 1,
        "round_wind": 1,
        "xiaosanyuan": 5,  # includes its two dragon pungs
        "menqing": 1,
        "zimo": 1,
        "kong_draw": 1,
        "robbed_kong": 1,
        "last_tile": 1,
        "no_flowers": 1,
        "seat_flower": 1,  # per flower or season of the winner's seat
        "flower_set": 2,  # all four flowers or all four seasons, in place of that set's 正花
        "seven_pairs": 4,
    }
)
LIMITS = (
    "shisanyao",  # 十三么
    "jiulian",  # 九子連環
    "ziyise",  # 字一色
    "qingyaojiu",  # 清么九
    "dasanyuan",  # 大三元
    "xiaosixi",  # 小四喜
    "dasixi",  # 大四喜
    "kankan",  # 坎坎糊
    "shibaluohan",  # 十八羅漢
    "double_kong",  # 槓上槓
    "heaven",  # 天糊
    "earth",  # 地糊
)
FLOWER_KEYS = frozenset({"no_flowers", "seat_flower", "flower_set"})
# The JSON `name` of each key (the web layer translates the key for display).
NAMES = MappingProxyType(
    {
        "chicken": "雞糊",
        "pinghu": "平糊",
        "duidui": "對對糊",
        "hunyise": "混一色",
        "qingyise": "清一色",
        "huayao": "花么",
        "dragon": "三元牌",
        "seat_wind": "門風",
        "round_wind": "圈風",
        "xiaosanyuan": "小三元",
        "menqing": "門前清",
        "zimo": "自摸",
        "kong_draw": "槓上開花",
        "robbed_kong": "搶槓",
        "last_tile": "海底撈月",
        "no_flowers": "無花",
        "seat_flower": "正花",
        "flower_set": "一台花",
        "seven_pairs": "七對",
        "shisanyao": "十三么",
        "jiulian": "九子連環",
        "ziyise": "字一色",
        "qingyaojiu": "清么九",
        "dasanyuan": "大三元",
        "xiaosixi": "小四喜",
        "dasixi": "大四喜",
        "kankan": "坎坎糊",
        "shibaluohan": "十八羅漢",
        "double_kong": "槓上槓",
        "heaven": "天糊",
        "earth": "地糊",
    }
)
QINGYISE_VALUES = (7, 6)
DRAGONS = (31, 32, 33)  # 白 發 中
WINDS = (27, 28, 29, 30)  # 東 南 西 北
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 九子連環's 13 tiles: 1112345678999 of one suit


class NineGates(StrEnum):
    """Which hands a table counts as 九子連環 (the `nine_gates` rule)."""

    ANY = "any"  # the 14 tiles are 1112345678999 + one more of the suit, whatever tile won
    PURE = "pure"  # only the nine-sided wait: the 13 before the win are 1112345678999


TERMINALS = frozenset({0, 8, 9, 17, 18, 26})


@dataclass(frozen=True)
class FanTable:
    """The table's options where Hong Kong tables disagree (contract § tile entry for hk)."""

    seven_pairs: bool = False  # 七對 is a winning hand worth 4 番
    qingyise: int = 7  # 清一色 pays 7 番, or 6 at some tables
    menqing: bool = True  # 門前清 pays 1 番
    flowers_in_play: bool = True  # the table plays with flowers: 無花 and 正花 count
    flowers_count_to_min: bool = True  # flower fans count toward the minimum (起糊)
    nine_gates: NineGates = NineGates.ANY  # which hands are 九子連環

    def __post_init__(self) -> None:
        if self.qingyise not in QINGYISE_VALUES:
            raise ValueError(f"qingyise must be 7 or 6, not {self.qingyise!r}")

    def value(self, key: str) -> int | None:
        """One instance's 番 under this table; None for a limit hand.

        >>> FanTable(qingyise=6).value("qingyise"), FanTable().value("dasanyuan")
        (6, None)
        """
        if key in LIMITS:
            return None
        if key == "qingyise":
            return self.qingyise
        if key == "menqing" and not self.menqing:
            return 0
        return FAN_VALUES[key]


@dataclass(frozen=True)
class Conditions:
    """How the hand was won (the hk hand page's parameters)."""

    win: Win = Win.DISCARD
    seat: Wind = Wind.EAST  # 門風; East is the dealer (莊家)
    round_wind: Wind = Wind.EAST  # the `round` parameter: 圈風
    flowers: tuple[Flower, ...] = ()  # 花 drawn, sorted (`tiles.read_flowers`)
    kong_draw: bool = False  # 槓上開花: self-drawn on a kong's replacement tile
    double_kong: bool = False  # 槓上槓: the replacement tile of a second kong in a row
    robbed_kong: bool = False  # 搶槓: the tile another player added to a kong
    last_tile: bool = False  # 海底撈月: self-drawn last tile of the wall
    heaven: bool = False  # 天糊: the dealer's first draw
    earth: bool = False  # 地糊: a non-dealer wins on the dealer's first discard


@dataclass(frozen=True)
class Fan:
    """One line of the fan list: the key, one instance's 番 (None for a limit) and why."""

    key: str
    value: int | None
    sets: tuple[Group, ...] = ()  # the sets (and pair) it is about; empty for a condition
    flowers: tuple[Flower, ...] = ()  # 正花 / 一台花: the flowers it counts

    @property
    def name(self) -> str:
        return NAMES[self.key]


@dataclass(frozen=True)
class Analysis:
    fans: tuple[Fan, ...]
    fan: int  # the plain sum, not clipped; a limit hand's is the cap
    limit: bool  # a limit hand (爆棚): `fans` lists the limits it meets
    flower_fan: int  # of `fan`, what 無花 / 正花 / 一台花 give (0 for a limit hand)
    grouping: Grouping  # the reading that counts
    conditions: Conditions
    table: FanTable
    cap: int
    notes: tuple[Note, ...] = field(default=())  # `limit_hand`

    @property
    def chicken(self) -> bool:
        """雞糊: an ordinary hand with no fan but the flower fans (the list has no entry for
        it; the contract's keys do not include one)."""
        return not self.limit and all(f.key in FLOWER_KEYS for f in self.fans)

    @property
    def payment_fan(self) -> int:
        """The `fan` the hk payment engine is given: the cap for a limit hand, else the
        sum as tallied (the payment engine applies the table's cap itself)."""
        return self.cap if self.limit else min(self.fan, hk.MAX_ENTERED_FAN)

    @property
    def fan_for_min(self) -> int:
        """The fan compared with `min_fan` (起糊): without the flower fans when the table
        says they do not count toward it."""
        if self.limit or self.table.flowers_count_to_min:
            return self.fan
        return self.fan - self.flower_fan

    def payment_hand(self, liable: bool = False) -> hk.Hand:
        """What the hk payment page is given for this hand."""
        return hk.Hand(
            fan=self.payment_fan,
            win=self.conditions.win,
            dealer=self.conditions.seat is Wind.EAST,
            liable=liable,
        )


# --- reading ------------------------------------------------------------------------------


def read(
    hand: str, win_tile: str, melds: str = "", flowers: str = ""
) -> tuple[HandTiles, tuple[Flower, ...]] | tuple[EntryError, ...]:
    """The checked tiles and flowers, or every error found (a red five or a flower in a
    tile field is `bad_notation`, reasons `red_five` and `flower`).

    >>> tiles, flowers = read("123m456p789s234s55m", "5m", flowers="春梅")
    >>> [str(f) for f in flowers]
    ['1f', '1g']
    >>> [e.args["reason"] for e in read("123m456p789s234s5m1f", "5m")]
    ['flower']
    """
    texts = {"hand": hand, "win_tile": win_tile, "melds": melds}
    checked = read_tiles(hand, win_tile, melds, red_fives=False)
    errors: list[EntryError] = []
    if isinstance(checked, tuple):
        errors.extend(flower_hint(e, texts.get(e.field, "")) for e in checked)
    read_flower = read_flowers(flowers)
    if isinstance(read_flower, EntryError):
        errors.append(read_flower)
    if errors:
        return tuple(errors)
    assert isinstance(checked, HandTiles) and not isinstance(read_flower, EntryError)
    return checked, read_flower


def contradictions(
    conditions: Conditions, tiles: HandTiles | None = None, table: FanTable = FanTable()
) -> dict[str, str]:
    """Flags that cannot go together, as {param: "contradiction"} (contract § tile entry for
    hk). Without the tiles only the checks that need none are made.

    >>> contradictions(Conditions(robbed_kong=True, win=Win.SELF_DRAW))
    {'robbed_kong': 'contradiction'}
    >>> contradictions(Conditions(flowers=(Flower("f", 1),)), table=FanTable(flowers_in_play=False))
    {'flowers': 'contradiction'}
    """
    c = conditions
    errors: dict[str, str] = {}
    self_draw = c.win is Win.SELF_DRAW
    melds = tiles.melds if tiles is not None else None
    kongs = sum(m.is_kan for m in melds) if melds is not None else None
    if c.kong_draw and (not self_draw or kongs == 0):
        errors["kong_draw"] = "contradiction"
    if c.double_kong and (not self_draw or (kongs is not None and kongs < 2)):
        errors["double_kong"] = "contradiction"
    if c.robbed_kong and self_draw:
        errors["robbed_kong"] = "contradiction"
    if c.last_tile and not self_draw:
        errors["last_tile"] = "contradiction"
    if c.heaven and (c.seat is not Wind.EAST or not self_draw or melds):
        errors["heaven"] = "contradiction"
    if c.earth and (c.seat is Wind.EAST or self_draw or melds):
        errors["earth"] = "contradiction"
    if c.flowers and not table.flowers_in_play:
        errors["flowers"] = "contradiction"
    return errors


# --- scoring ------------------------------------------------------------------------------


def _accepted(found: Sequence[Grouping], table: FanTable) -> list[Grouping]:
    """The readings this table lets win: 七對 only with `seven_pairs`, and seven different
    pairs (four identical tiles are not two pairs)."""
    return [
        g
        for g in found
        if g.form is not Form.SEVEN_PAIRS
        or (table.seven_pairs and all(x.kind is GroupKind.PAIR for x in g.groups))
    ]


@dataclass(frozen=True)
class _Tiles:
    """What every reading of one hand shares (the same tiles, however grouped)."""

    suits: int  # how many of 萬 筒 索 appear
    honours: bool
    all_honours: bool  # 字一色
    all_terminals: bool  # 清么九
    terminals_and_honours: bool  # 花么: only 1s, 9s and honours, both kinds present
    nine_gates: bool  # 九子連環

    @classmethod
    def of(cls, tiles: HandTiles, nine_gates_rule: NineGates) -> _Tiles:
        kinds = [t.kind for t in (*tiles.hand, *(t for m in tiles.melds for t in m.tiles))]
        suits = {k // 9 for k in kinds if k < 27}
        honours = any(k >= 27 for k in kinds)
        terminals = any(k in TERMINALS for k in kinds)
        orphans = all(k >= 27 or k in TERMINALS for k in kinds)
        nine_gates = False
        if not tiles.melds and not honours and len(suits) == 1:
            suit = min(suits) * 9
            if nine_gates_rule is NineGates.PURE:
                nine_gates = tuple(counts_34(tiles.concealed)[suit : suit + 9]) == NINE_GATES
            else:  # the 14 tiles hold all 13 of the pattern; the 14th is of the suit anyway
                counts = counts_34(tiles.hand)[suit : suit + 9]
                nine_gates = all(
                    have >= need for have, need in zip(counts, NINE_GATES, strict=True)
                )
        return cls(
            suits=len(suits),
            honours=honours,
            all_honours=not suits,
            all_terminals=orphans and not honours,
            terminals_and_honours=orphans and honours and terminals,
            nine_gates=nine_gates,
        )


def _limits(g: Grouping, h: _Tiles, c: Conditions) -> list[Fan]:
    pungs = [s for s in g.sets if s.is_pung_like]
    dragon_pungs = [s for s in pungs if s.first in DRAGONS]
    wind_pungs = [s for s in pungs if s.first in WINDS]
    pair = g.pair
    found: list[Fan] = []
    if g.form is Form.THIRTEEN_ORPHANS:
        found.append(Fan("shisanyao", None, g.groups))
    if h.nine_gates:
        found.append(Fan("jiulian", None, g.groups))
    if h.all_honours:
        found.append(Fan("ziyise", None, g.groups))
    if h.all_terminals:
        found.append(Fan("qingyaojiu", None, g.groups))
    if len(dragon_pungs) == 3:
        found.append(Fan("dasanyuan", None, tuple(dragon_pungs)))
    if len(wind_pungs) == 4:
        found.append(Fan("dasixi", None, tuple(wind_pungs)))
    elif (
        len(wind_pungs) == 3
        and pair is not None
        and pair.first in WINDS
        and g.form is Form.STANDARD
    ):
        found.append(Fan("xiaosixi", None, (*wind_pungs, pair)))
    if g.form is Form.STANDARD and len(pungs) == 4 and not any(s.exposed for s in pungs):
        # a pung the winning discard completes is exposed: on a discard only a pair wait
        if c.win is Win.SELF_DRAW or g.completed.kind is GroupKind.PAIR:
            found.append(Fan("kankan", None, tuple(pungs)))
    kongs = [s for s in g.sets if s.kind is GroupKind.KONG]
    if len(kongs) == 4:
        found.append(Fan("shibaluohan", None, tuple(kongs)))
    for flag in ("double_kong", "heaven", "earth"):
        if getattr(c, flag):
            found.append(Fan(flag, None))
    return found


def _flower_fans(c: Conditions, table: FanTable) -> list[Fan]:
    if not table.flowers_in_play:
        return []
    if not c.flowers:
        return [Fan("no_flowers", table.value("no_flowers"))]
    fans: list[Fan] = []
    own = c.seat.index + 1
    for suit in ("f", "g"):
        of_suit = tuple(f for f in c.flowers if f.suit == suit)
        if len(of_suit) == 4:
            fans.append(Fan("flower_set", table.value("flower_set"), flowers=of_suit))
        else:
            fans.extend(
                Fan("seat_flower", table.value("seat_flower"), flowers=(f,))
                for f in of_suit
                if f.number == own
            )
    fans.sort(key=lambda fan: fan.key != "seat_flower")  # 正花 before 一台花, contract order
    return fans


def _ordinary(g: Grouping, h: _Tiles, c: Conditions, table: FanTable) -> list[Fan]:
    v = table.value
    fans: list[Fan] = []
    if g.form is Form.STANDARD:
        sets = g.sets
        pair = g.pair
        assert pair is not None
        if all(s.kind is GroupKind.CHOW for s in sets):
            fans.append(Fan("pinghu", v("pinghu"), sets))
        pungs = tuple(s for s in sets if s.is_pung_like)
        if len(pungs) == 4:
            fans.append(Fan("duidui", v("duidui"), pungs))
    if g.form is Form.SEVEN_PAIRS:
        fans.append(Fan("seven_pairs", v("seven_pairs"), g.groups))
    if h.suits == 1 and h.honours:
        fans.append(Fan("hunyise", v("hunyise"), g.groups))
    if h.suits == 1 and not h.honours:
        fans.append(Fan("qingyise", v("qingyise"), g.groups))
    if g.form is Form.STANDARD:
        groups = (*g.sets, pair)
        if h.terminals_and_honours:
            fans.append(Fan("huayao", v("huayao"), groups))
        dragon_pungs = [s for s in pungs if s.first in DRAGONS]
        if len(dragon_pungs) == 2 and pair.first in DRAGONS:
            fans.append(Fan("xiaosanyuan", v("xiaosanyuan"), (*dragon_pungs, pair)))
        else:
            fans.extend(Fan("dragon", v("dragon"), (s,)) for s in dragon_pungs)
        for key, wind in (("seat_wind", c.seat), ("round_wind", c.round_wind)):
            fans.extend(Fan(key, v(key), (s,)) for s in pungs if s.first == wind.kind)
    if table.menqing and not any(x.exposed for x in g.groups):
        fans.append(Fan("menqing", v("menqing")))
    if c.win is Win.SELF_DRAW:
        fans.append(Fan("zimo", v("zimo")))
    for flag in ("kong_draw", "robbed_kong", "last_tile"):
        if getattr(c, flag):
            fans.append(Fan(flag, v(flag)))
    fans.extend(_flower_fans(c, table))
    return fans


def _score(g: Grouping, h: _Tiles, c: Conditions, table: FanTable, cap: int) -> Analysis:
    limits = _limits(g, h, c)
    if limits:
        return Analysis(
            fans=tuple(limits),
            fan=cap,
            limit=True,
            flower_fan=0,
            grouping=g,
            conditions=c,
            table=table,
            cap=cap,
            notes=(Note("limit_hand", {"cap": cap, "limits": [f.key for f in limits]}),),
        )
    fans = _ordinary(g, h, c, table)
    return Analysis(
        fans=tuple(fans),
        fan=sum(f.value or 0 for f in fans),
        limit=False,
        flower_fan=sum(f.value or 0 for f in fans if f.key in FLOWER_KEYS),
        grouping=g,
        conditions=c,
        table=table,
        cap=cap,
    )


def shanten(tiles: HandTiles, table: FanTable = FanTable()) -> tuple[int, tuple[Tile, ...]]:
    """Shanten of the tiles without the winning one (four sets and a pair; 十三么 and, with
    `seven_pairs`, 七對 when nothing is declared), and the waits when it is 0: the kinds that
    complete the hand and that the player can still draw (not all four in their own tiles).

    >>> [str(t) for t in shanten(read("123m456p789s23s55m9p", "9p")[0])[1]]
    ['1s', '4s']
    """
    counts = counts_34(tiles.concealed)
    value = standard_shanten(counts, len(tiles.melds))
    if not tiles.melds:
        value = min(value, thirteen_orphans_shanten(counts))
        if table.seven_pairs:
            value = min(value, seven_pairs_shanten(counts))
    if value != 0:
        return value, ()
    own = counts_34([*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)])
    waits = []
    for kind in range(34):
        if own[kind] >= COPIES:
            continue
        counts[kind] += 1
        if _accepted(groupings(counts, tiles.melds, kind), table):
            waits.append(Tile(kind))
        counts[kind] -= 1
    if not waits:
        return 1, ()  # waiting only on a fifth copy: a tile away from a real wait
    return 0, tuple(waits)


def analyse(
    tiles: HandTiles,
    conditions: Conditions = Conditions(),
    table: FanTable = FanTable(),
    cap: int = 10,
) -> Analysis | tuple[EntryError, ...]:
    """The fans of the best reading of a checked hand (`read`); `cap` is the table's 封頂,
    what a limit hand is worth.

    Errors: `contradiction` on each clashing flag; `not_complete` on `hand` with `shanten`
    and `waits` (canonical tile texts, empty unless shanten is 0).

    >>> result = analyse(read("123m456p789s234s55m", "5m")[0])
    >>> [(f.key, f.value) for f in result.fans], result.fan
    ([('pinghu', 1), ('menqing', 1), ('no_flowers', 1)], 3)
    """
    clashes = contradictions(conditions, tiles, table)
    if clashes:
        return tuple(EntryError(code, name) for name, code in clashes.items())
    found = _accepted(groupings(tiles.hand, tiles.melds, tiles.win_tile), table)
    if not found:
        value, waits = shanten(tiles, table)
        args = {"shanten": value, "waits": tuple(str(t) for t in waits)}
        return (EntryError("not_complete", "hand", args),)
    shared = _Tiles.of(tiles, table.nine_gates)
    scored = [_score(g, shared, conditions, table, cap) for g in found]
    return max(scored, key=lambda a: (a.limit, a.fan, len(a.fans)))


def analyse_notation(
    hand: str,
    melds: str = "",
    win_tile: str | None = None,
    flowers: str = "",
    *,
    win: str = "discard",
    seat: str = "e",
    round: str = "e",
    cap: int = 10,
    kong_draw: bool = False,
    double_kong: bool = False,
    robbed_kong: bool = False,
    last_tile: bool = False,
    heaven: bool = False,
    earth: bool = False,
    seven_pairs: bool = False,
    qingyise: int = 7,
    menqing: bool = True,
    flowers_in_play: bool = True,
    flowers_count_to_min: bool = True,
    nine_gates: str = "any",
) -> Analysis:
    """`analyse` straight from the notation; raises ValueError with the errors, if any.
    `win_tile` defaults to the last tile written in `hand`.

    >>> analyse_notation("111222333p78999p").fan
    10
    """
    if win_tile is None:
        parsed = parse_tiles(hand, red_fives=False)
        if isinstance(parsed, EntryError) or not parsed:
            raise ValueError(parsed or "empty hand")
        win_tile = str(parsed[-1])
    read_in = read(hand, win_tile, melds, flowers)
    if not isinstance(read_in[0], HandTiles):
        raise ValueError(read_in)
    tiles, drawn = read_in
    assert isinstance(tiles, HandTiles)
    conditions = Conditions(
        win=Win(win),
        seat=Wind(seat),
        round_wind=Wind(round),
        flowers=drawn,  # type: ignore[arg-type]
        kong_draw=kong_draw,
        double_kong=double_kong,
        robbed_kong=robbed_kong,
        last_tile=last_tile,
        heaven=heaven,
        earth=earth,
    )
    table = FanTable(
        seven_pairs=seven_pairs,
        qingyise=qingyise,
        menqing=menqing,
        flowers_in_play=flowers_in_play,
        flowers_count_to_min=flowers_count_to_min,
        nine_gates=NineGates(nine_gates),
    )
    result = analyse(tiles, conditions, table, cap)
    if isinstance(result, tuple):
        raise ValueError(result)
    return result
