"""國標麻將 hand analysis: from the entered tiles to the fan list — then our own payment.

`PyMahjongGB` (pinned 1.4.0, `MahjongGB`) finds the fans; the payment is always our
`mcr.score` for the points it found, flowers apart, as on the MCR payment page.

The package's tile codes: W1–9 萬 (m), B1–9 筒 (p), T1–9 索 (s), F1–4 東南西北, and J1 中,
J2 發, J3 白 (checked: J2 makes 綠一色, J3 makes 推不倒). It names fans in Simplified
Chinese; `TRADITIONAL` gives each its Traditional (Hong Kong) name, and a name it lacks is
shown as the package spells it.
"""

from __future__ import annotations

from dataclasses import dataclass

from MahjongGB import MahjongFanCalculator, MahjongShanten

from . import mcr
from .outcome import Outcome, Win
from .tiles import COPIES, EntryError, HandTiles, MeldKind, Tile, Wind, counts_34

FLOWER_FAN = "花牌"  # the package lists flowers as a fan; we keep them apart (the `flowers` field)
DRAGON_CODES = {31: "J3", 32: "J2", 33: "J1"}  # 白 發 中

# The package's fan names (Simplified) -> Traditional, as used in Hong Kong (槓, 么).
TRADITIONAL = {
    # 88
    "大四喜": "大四喜",
    "大三元": "大三元",
    "绿一色": "綠一色",
    "九莲宝灯": "九蓮寶燈",
    "四杠": "四槓",
    "连七对": "連七對",
    "十三幺": "十三么",
    # 64
    "清幺九": "清么九",
    "小四喜": "小四喜",
    "小三元": "小三元",
    "字一色": "字一色",
    "四暗刻": "四暗刻",
    "一色双龙会": "一色雙龍會",
    # 48
    "一色四同顺": "一色四同順",
    "一色四节高": "一色四節高",
    # 32
    "一色四步高": "一色四步高",
    "三杠": "三槓",
    "混幺九": "混么九",
    # 24
    "七对": "七對",
    "七星不靠": "七星不靠",
    "全双刻": "全雙刻",
    "清一色": "清一色",
    "一色三同顺": "一色三同順",
    "一色三节高": "一色三節高",
    "全大": "全大",
    "全中": "全中",
    "全小": "全小",
    # 16
    "清龙": "清龍",
    "三色双龙会": "三色雙龍會",
    "一色三步高": "一色三步高",
    "全带五": "全帶五",
    "三同刻": "三同刻",
    "三暗刻": "三暗刻",
    # 12
    "全不靠": "全不靠",
    "组合龙": "組合龍",
    "大于五": "大於五",
    "小于五": "小於五",
    "三风刻": "三風刻",
    # 8
    "花龙": "花龍",
    "推不倒": "推不倒",
    "三色三同顺": "三色三同順",
    "三色三节高": "三色三節高",
    "无番和": "無番和",
    "妙手回春": "妙手回春",
    "海底捞月": "海底撈月",
    "杠上开花": "槓上開花",
    "抢杠和": "搶槓和",
    # 6
    "碰碰和": "碰碰和",
    "混一色": "混一色",
    "三色三步高": "三色三步高",
    "五门齐": "五門齊",
    "全求人": "全求人",
    "双暗杠": "雙暗槓",
    "双箭刻": "雙箭刻",
    # 5 (the package's 明暗槓: a concealed and a melded kong)
    "明暗杠": "明暗槓",
    # 4
    "全带幺": "全帶么",
    "不求人": "不求人",
    "双明杠": "雙明槓",
    "和绝张": "和絕張",
    # 2
    "箭刻": "箭刻",
    "圈风刻": "圈風刻",
    "门风刻": "門風刻",
    "门前清": "門前清",
    "平和": "平和",
    "四归一": "四歸一",
    "双同刻": "雙同刻",
    "双暗刻": "雙暗刻",
    "暗杠": "暗槓",
    "断幺": "斷么",
    # 1
    "一般高": "一般高",
    "喜相逢": "喜相逢",
    "连六": "連六",
    "老少副": "老少副",
    "幺九刻": "么九刻",
    "明杠": "明槓",
    "缺一门": "缺一門",
    "无字": "無字",
    "独听・边张": "獨聽・邊張",
    "独听・嵌张": "獨聽・嵌張",
    "独听・单钓": "獨聽・單釣",
    "自摸": "自摸",
    "花牌": "花牌",
}

# What the package raises (TypeError with one of these texts), as our error codes.
PACKAGE_ERRORS = {
    "ERROR_NOT_WIN": "not_complete",
    "ERROR_WRONG_TILES_COUNT": "wrong_count",
    "ERROR_TILE_COUNT_GREATER_THAN_4": "too_many_copies",
}


@dataclass(frozen=True)
class Conditions:
    """How the hand was won (the MCR hand page's parameters)."""

    win: Win = Win.DISCARD
    seat: Wind = Wind.EAST  # 門風
    round_wind: Wind = Wind.EAST  # the `round` parameter: 圈風 (prevalent wind)
    flowers: int = 0  # 花牌, 0–8: 1 point each, outside the pattern points
    fourth_tile: bool = False  # 和絕張: the other three copies were already visible
    about_kong: bool = False  # 槓上開花 (self-draw) / 搶槓和 (discard)
    last_tile: bool = False  # 妙手回春 (self-draw) / 海底撈月 (discard)


@dataclass(frozen=True)
class Fan:
    name: str  # Traditional Chinese, e.g. 十三么
    name_hans: str  # as the package gives it (Simplified), e.g. 十三幺
    name_en: str  # as the package spells it, e.g. Thirteen Orphans
    points: int  # one instance's value
    count: int  # how many times it counts


@dataclass(frozen=True)
class Analysis:
    fans: tuple[Fan, ...]  # flowers not included
    points: int  # the pattern points, flowers excluded
    flowers: int
    payment: mcr.Hand  # what the MCR payment page is given
    outcome: Outcome  # with the `below_min_points` note under 8 points


def contradictions(conditions: Conditions, tiles: HandTiles | None = None) -> dict[str, str]:
    """Flags that cannot go together, as {param: "contradiction"} (contract § tile entry).

    - `fourth_tile` when another copy of the winning tile is in the hand;
    - `about_kong` on a self-draw without a kong; on a discard (robbing a kong) when another
      copy of the winning tile is in the hand — or in a meld: the robbed player's pung plus
      the added tile are all four copies;
    - `last_tile` with `about_kong` on a discard (the last discard cannot be a kong tile).

    >>> contradictions(Conditions(about_kong=True, last_tile=True))
    {'last_tile': 'contradiction'}
    """
    c = conditions
    errors: dict[str, str] = {}
    self_draw = c.win is Win.SELF_DRAW
    if tiles is not None:
        kind = tiles.win_tile.kind
        others_in_hand = sum(t.kind == kind for t in tiles.hand) - 1
        in_melds = sum(t.kind == kind for m in tiles.melds for t in m.tiles)
        if c.fourth_tile and others_in_hand:
            errors["fourth_tile"] = "contradiction"
        if c.about_kong:
            if self_draw and not any(m.is_kan for m in tiles.melds):
                errors["about_kong"] = "contradiction"
            if not self_draw and (others_in_hand or in_melds):
                errors["about_kong"] = "contradiction"
    if c.last_tile and c.about_kong and not self_draw:
        errors["last_tile"] = "contradiction"
    return errors


# --- talking to the package ---------------------------------------------------------------


def tile_code(tile: Tile) -> str:
    """PyMahjongGB's code for a tile.

    >>> tile_code(Tile(0)), tile_code(Tile(9)), tile_code(Tile(18)), tile_code(Tile(33))
    ('W1', 'B1', 'T1', 'J1')
    """
    if tile.kind >= 31:
        return DRAGON_CODES[tile.kind]
    return "WBTF"[tile.kind // 9] + str(tile.number)


def _packs(tiles: HandTiles) -> tuple[tuple[str, str, int], ...]:
    # offer: 0 marks a concealed kong; for called melds any of 1–3 (who / which tile) will do,
    # no fan depends on it.
    packs = []
    for meld in tiles.melds:
        if meld.kind is MeldKind.CHI:
            packs.append(("CHI", tile_code(meld.tiles[1]), 1))
        elif meld.kind is MeldKind.PON:
            packs.append(("PENG", tile_code(meld.tiles[0]), 1))
        else:
            packs.append(
                ("GANG", tile_code(meld.tiles[0]), 0 if meld.kind is MeldKind.ANKAN else 1)
            )
    return tuple(packs)


def _calculate(tiles: HandTiles, conditions: Conditions, win_tile: Tile | None = None):
    c = conditions
    return MahjongFanCalculator(
        pack=_packs(tiles),
        hand=tuple(tile_code(t) for t in tiles.concealed),
        winTile=tile_code(win_tile or tiles.win_tile),
        flowerCount=c.flowers,
        isSelfDrawn=c.win is Win.SELF_DRAW,
        is4thTile=c.fourth_tile,
        isAboutKong=c.about_kong,
        isWallLast=c.last_tile,
        seatWind=c.seat.index,
        prevalentWind=c.round_wind.index,
        verbose=True,
    )


def shanten(tiles: HandTiles) -> tuple[int, tuple[Tile, ...]]:
    """Shanten of the 13 tiles without the winning tile, by the package (every MCR form:
    regular, seven pairs, thirteen orphans, honours and knitted, knitted straight), and the
    waits when it is 0: the kinds the package would accept as a win, leaving out kinds whose
    four copies are all in the player's own hand and melds.
    """
    hand = tuple(tile_code(t) for t in tiles.concealed)
    value = MahjongShanten(pack=_packs(tiles), hand=hand)
    if value != 0:
        return value, ()
    own = counts_34([*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)])
    waits = []
    for kind in range(34):
        if own[kind] >= COPIES:
            continue
        try:
            _calculate(tiles, Conditions(), Tile(kind))
        except TypeError:
            continue
        waits.append(Tile(kind))
    return 0, tuple(waits)


def analyse(
    tiles: HandTiles, conditions: Conditions = Conditions()
) -> Analysis | tuple[EntryError, ...]:
    """The fans, points and payment of a checked hand (`tiles.read(..., red_fives=False)`).

    Errors: `contradiction` on each clashing flag; `not_complete` on `hand` with `shanten`
    and `waits`. A hand under 8 points is a result, with the `below_min_points` note.

    >>> from calculator.scoring.tiles import read
    >>> result = analyse(read("19m19p19s12345677z", "7z", red_fives=False))
    >>> [(f.name, f.points) for f in result.fans], result.points
    ([('十三么', 88)], 88)
    """
    clashes = contradictions(conditions, tiles)
    if clashes:
        return tuple(EntryError(code, field) for field, code in clashes.items())
    try:
        found = _calculate(tiles, conditions)
    except Exception as error:  # the package raises TypeError; never let anything through
        text = str(error)
        code = PACKAGE_ERRORS.get(text, "invalid")
        if code == "not_complete":
            value, waits = shanten(tiles)
            args = {"shanten": value, "waits": tuple(str(t) for t in waits)}
            return (EntryError(code, "hand", args),)
        return (EntryError(code, "hand", {"package_error": text}),)

    fans = tuple(
        Fan(TRADITIONAL.get(name, name), name, name_en, points, count)
        for points, count, name, name_en in found
        if name != FLOWER_FAN
    )
    total = sum(fan.points * fan.count for fan in fans)
    payment = mcr.Hand(points=total, flowers=conditions.flowers, win=conditions.win)
    return Analysis(
        fans=fans,
        points=total,
        flowers=conditions.flowers,
        payment=payment,
        outcome=mcr.score(payment),
    )
