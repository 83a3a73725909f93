"""MCR hand analysis (calculator/scoring/mcr_hand.py): real hands, worked by hand.

Every expectation was worked from the MCR fan table (Chinese Official rules, 1998/2006
"Green Book") with its exclusions, not copied from the program; the comment on each hand
shows the working. Payment: every loser pays 8; the discarder (or, on a self-draw, each
of the three) also pays the points plus flowers.

Tiles: m 萬, p 筒, s 索, z 東南西北白發中.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import mcr
from calculator.scoring.mcr_hand import (
    TRADITIONAL,
    Analysis,
    Conditions,
    analyse,
    contradictions,
    shanten,
    tile_code,
)
from calculator.scoring.outcome import Win
from calculator.scoring.tiles import EntryError, HandTiles, Tile, Wind, read, tile

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def tiles_of(hand, win_tile, melds=""):
    tiles = read(hand, win_tile, melds, red_fives=False)
    assert isinstance(tiles, HandTiles), tiles
    return tiles


@dataclass(frozen=True)
class Case:
    hand: str
    win_tile: str
    conditions: Conditions
    fans: dict[str, tuple[int, int]]  # Traditional name -> (points, count)
    points: int
    payments: list[int]
    melds: str = ""

    def run(self):
        return analyse(tiles_of(self.hand, self.win_tile, self.melds), self.conditions)


def c(**kwargs):
    return Conditions(**kwargs)


CASES = {
    # 十三么 88, by itself: it already excludes 五門齊, 門前清, 單釣將, 混么九.
    # Discard: 88 + 8 = 96 from the discarder, 8 from each other player.
    "thirteen_orphans": Case(
        "19m19p19s12345677z", "7z", c(), fans={"十三么": (88, 1)}, points=88, payments=[96, 8, 8]
    ),
    # Self-drawn with 3 flowers: 十三么 88 + 自摸 1 = 89 (十三么 excludes 不求人, not 自摸);
    # each pays 89 + 3 + 8 = 100.
    "thirteen_orphans_self_drawn_flowers": Case(
        "19m19p19s12345677z",
        "7z",
        c(win=TSUMO, flowers=3),
        fans={"十三么": (88, 1), "自摸": (1, 1)},
        points=89,
        payments=[100, 100, 100],
    ),
    # 七星不靠 24: all seven honours + seven knitted tiles (147m 25p 36s); it excludes
    # 五門齊, 全不靠, 門前清, 單釣將. 24 + 8 = 32.
    "greater_honors_knitted": Case(
        "147m25p36s1234567z", "7z", c(), fans={"七星不靠": (24, 1)}, points=24, payments=[32, 8, 8]
    ),
    # 全不靠 12 (six honours, no full knitted straight) + 自摸 1 = 13; each pays 21.
    "lesser_honors_knitted_self_drawn": Case(
        "147m258p36s123456z",
        "6z",
        c(win=TSUMO),
        fans={"全不靠": (12, 1), "自摸": (1, 1)},
        points=13,
        payments=[21, 21, 21],
    ),
    # 九蓮寶燈 88 (1112345678999 + 5m); it excludes 清一色, 門前清, 無字 and ONE 么九刻. Read
    # 111 234 55 678 999: the other terminal pung still scores 么九刻 1, and the two pungs
    # are concealed (won on the pair): 雙暗刻 2 -> 91. (First worked as 88: that missed
    # both; the Green Book's "one Pung of Terminals" wording settles it.)
    "nine_gates": Case(
        "11123455678999m",
        "5m",
        c(),
        fans={"九蓮寶燈": (88, 1), "雙暗刻": (2, 1), "么九刻": (1, 1)},
        points=91,
        payments=[99, 8, 8],
    ),
    # 大四喜 88 (excludes 三風刻, 碰碰和, 圈風刻, 門風刻, 么九刻) + 混一色 6 + 雙暗刻 2
    # (333z 444z concealed) + 單釣將 1 (5m was the only wait) = 97.
    "big_four_winds": Case(
        "55m333444z",
        "5m",
        c(seat=S),
        fans={"大四喜": (88, 1), "混一色": (6, 1), "雙暗刻": (2, 1), "獨聽・單釣": (1, 1)},
        points=97,
        payments=[105, 8, 8],
        melds="pon:111z,pon:222z",
    ),
    # 七對 24 (excludes 門前清, 單釣將) + 無字 1 = 25.
    "seven_pairs": Case(
        "1133m5577p226688s",
        "8s",
        c(),
        fans={"七對": (24, 1), "無字": (1, 1)},
        points=25,
        payments=[33, 8, 8],
    ),
    # Nothing scores: 無番和 8. With 2 flowers: the discarder pays 8 + 2 + 8 = 18.
    "chicken_hand_flowers": Case(
        "345p33z",
        "5p",
        c(flowers=2),
        fans={"無番和": (8, 1)},
        points=8,
        payments=[18, 8, 8],
        melds="chi:234m,pon:777p,chi:678s",
    ),
    # Under 8: 斷么 2 (excludes 無字) + 連六 1 (234m 567m) = 3 points: still computed, with
    # the below_min_points note; 3 + 8 = 11.
    "under_eight_points": Case(
        "567m22p",
        "5m",
        c(),
        fans={"斷么": (2, 1), "連六": (1, 1)},
        points=3,
        payments=[11, 8, 8],
        melds="chi:234m,chi:456p,pon:888s",
    ),
    # 清一色 24 (excludes 無字, 缺一門); 9p was one of two waits (6p, 9p): no 單釣.
    "full_flush": Case(
        "23467899p",
        "9p",
        c(),
        fans={"清一色": (24, 1)},
        points=24,
        payments=[32, 8, 8],
        melds="chi:123p,pon:555p",
    ),
    # 碰碰和 6 + 混一色 6 + 箭刻 2 (白) + 么九刻 1 ×2 (111m, 999m) = 16; shanpon, no wait fan.
    "all_pungs_half_flush": Case(
        "333m22z",
        "3m",
        c(),
        fans={"碰碰和": (6, 1), "混一色": (6, 1), "箭刻": (2, 1), "么九刻": (1, 2)},
        points=16,
        payments=[24, 8, 8],
        melds="pon:111m,pon:999m,pon:555z",
    ),
    # 清龍 16 (excludes 連六, 老少副) + 不求人 4 (excludes 自摸, 門前清) + 平和 2 (excludes
    # 無字) = 22; each pays 30.
    "pure_straight_self_drawn": Case(
        "123456789m234p55s",
        "4p",
        c(win=TSUMO),
        fans={"清龍": (16, 1), "不求人": (4, 1), "平和": (2, 1)},
        points=22,
        payments=[30, 30, 30],
    ),
    # 三色三同順 8 (excludes 喜相逢) + 平和 2 + 斷么 2 + 連六 1 (234s 567s: a new pair of
    # sets) + 單釣將 1 = 14.
    "mixed_triple_chow": Case(
        "23488p234567s",
        "8p",
        c(),
        fans={
            "三色三同順": (8, 1),
            "平和": (2, 1),
            "斷么": (2, 1),
            "連六": (1, 1),
            "獨聽・單釣": (1, 1),
        },
        points=14,
        payments=[22, 8, 8],
        melds="chi:234m",
    ),
    # 一色三同順 24 (excludes 一般高) + 平和 2 (four chows, a suited pair; excludes 無字) +
    # 單釣將 1 = 27. (First worked with 無字 1 instead of 平和: 平和 needs no concealment.)
    "pure_triple_chow": Case(
        "55m234p789s",
        "5m",
        c(),
        fans={"一色三同順": (24, 1), "平和": (2, 1), "獨聽・單釣": (1, 1)},
        points=27,
        payments=[35, 8, 8],
        melds="chi:234p,chi:234p",
    ),
    # 大三元 88 (excludes 雙箭刻, 箭刻) + 混一色 6 + 全帶么 4 + 單釣將 1 = 99.
    "big_three_dragons": Case(
        "12399m777z",
        "9m",
        c(),
        fans={"大三元": (88, 1), "混一色": (6, 1), "全帶么": (4, 1), "獨聽・單釣": (1, 1)},
        points=99,
        payments=[107, 8, 8],
        melds="pon:555z,pon:666z",
    ),
    # 字一色 64 (excludes 碰碰和, 全帶么, 么九刻) + 小三元 64 (excludes 箭刻, 雙箭刻) +
    # 圈風刻 2 (東) + 門風刻 2 (南, seat South) + 雙暗刻 2 + 單釣將 1 = 135.
    "all_honors_little_dragons": Case(
        "222666z77z",
        "7z",
        c(seat=S),
        fans={
            "字一色": (64, 1),
            "小三元": (64, 1),
            "圈風刻": (2, 1),
            "門風刻": (2, 1),
            "雙暗刻": (2, 1),
            "獨聽・單釣": (1, 1),
        },
        points=135,
        payments=[143, 8, 8],
        melds="pon:111z,pon:555z",
    ),
    # 連七對 88 (excludes 清一色, 七對, 門前清, 單釣將, 無字) + 斷么 2 = 90.
    "seven_shifted_pairs": Case(
        "22334455667788p",
        "8p",
        c(),
        fans={"連七對": (88, 1), "斷么": (2, 1)},
        points=90,
        payments=[98, 8, 8],
    ),
    # 綠一色 88 (excludes 混一色) + 一般高 1 (234s ×2) + 單釣將 1 = 90.
    "all_green": Case(
        "223344s66z",
        "6z",
        c(),
        fans={"綠一色": (88, 1), "一般高": (1, 1), "獨聽・單釣": (1, 1)},
        points=90,
        payments=[98, 8, 8],
        melds="pon:666s,pon:888s",
    ),
    # 四暗刻 64 (excludes 碰碰和, 不求人, 門前清) + 自摸 1 + 么九刻 ×2 (111m, 999s) +
    # 單釣將 1 = 68; each pays 76.
    "four_concealed_pungs": Case(
        "111m555p777999s33z",
        "3z",
        c(win=TSUMO),
        fans={"四暗刻": (64, 1), "自摸": (1, 1), "么九刻": (1, 2), "獨聽・單釣": (1, 1)},
        points=68,
        payments=[76, 76, 76],
    ),
    # 花龍 8 + 門前清 2 + 平和 2 = 12; 3m was one of two waits (3m, 6m).
    "mixed_straight": Case(
        "123345m45688p789s",
        "3m",
        c(),
        fans={"花龍": (8, 1), "門前清": (2, 1), "平和": (2, 1)},
        points=12,
        payments=[20, 8, 8],
    ),
    # 花龍 8 + 五門齊 6 + 圈風刻 2 (東 in the East round; seat South) + 單釣將 1 = 17.
    "all_types": Case(
        "123m456p789s55z",
        "5z",
        c(seat=S),
        fans={"花龍": (8, 1), "五門齊": (6, 1), "圈風刻": (2, 1), "獨聽・單釣": (1, 1)},
        points=17,
        payments=[25, 8, 8],
        melds="pon:111z",
    ),
    # 全求人 6 (excludes 單釣將) + 么九刻 1 (999s) + 無字 1 = 8.
    "melded_hand": Case(
        "55p",
        "5p",
        c(),
        fans={"全求人": (6, 1), "么九刻": (1, 1), "無字": (1, 1)},
        points=8,
        payments=[16, 8, 8],
        melds="chi:234m,pon:777p,chi:345s,pon:999s",
    ),
    # 妙手回春 8 (excludes 自摸) + 不求人 4 + 平和 2 + 連六 1 (123m 456m) = 15; each 23.
    "last_tile_draw": Case(
        "123456m789p23466s",
        "4s",
        c(win=TSUMO, last_tile=True),
        fans={"妙手回春": (8, 1), "不求人": (4, 1), "平和": (2, 1), "連六": (1, 1)},
        points=15,
        payments=[23, 23, 23],
    ),
    # 海底撈月 8 + 平和 2 + 老少副 1 (123m 789m) + 單釣將 1 = 12.
    "last_tile_claim": Case(
        "456p33678s",
        "3s",
        c(last_tile=True),
        fans={"海底撈月": (8, 1), "平和": (2, 1), "老少副": (1, 1), "獨聽・單釣": (1, 1)},
        points=12,
        payments=[20, 8, 8],
        melds="chi:123m,chi:789m",
    ),
    # 槓上開花 8 (excludes 自摸) + 明槓 1 + 連六 1 + 單釣將 1 + 無字 1 = 12; each 20.
    "out_with_replacement_tile": Case(
        "123456m22789s",
        "2s",
        c(win=TSUMO, about_kong=True),
        fans={
            "槓上開花": (8, 1),
            "明槓": (1, 1),
            "連六": (1, 1),
            "獨聽・單釣": (1, 1),
            "無字": (1, 1),
        },
        points=12,
        payments=[20, 20, 20],
        melds="kan:5555p",
    ),
    # 搶槓和 8 (excludes 和絕張) + 門前清 2 + 平和 2 + 連六 1 = 13.
    "robbing_the_kong": Case(
        "123456m789p23466s",
        "4s",
        c(about_kong=True),
        fans={"搶槓和": (8, 1), "門前清": (2, 1), "平和": (2, 1), "連六": (1, 1)},
        points=13,
        payments=[21, 8, 8],
    ),
    # 和絕張 4 + 門前清 2 + 平和 2 + 連六 1 = 9.
    "last_tile": Case(
        "123456m789p23466s",
        "4s",
        c(fourth_tile=True),
        fans={"和絕張": (4, 1), "門前清": (2, 1), "平和": (2, 1), "連六": (1, 1)},
        points=9,
        payments=[17, 8, 8],
    ),
}


def fans_of(result: Analysis) -> dict[str, tuple[int, int]]:
    return {fan.name: (fan.points, fan.count) for fan in result.fans}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_real_hands(case):
    result = case.run()
    assert isinstance(result, Analysis), result
    assert fans_of(result) == case.fans
    assert result.points == case.points
    assert [int(p.amount) for p in result.outcome.payments] == case.payments
    assert result.outcome.winner_receives == sum(case.payments)


def test_there_are_at_least_25_real_hands():
    assert len(CASES) >= 25


def test_the_payment_is_the_payment_pages_for_the_same_values():
    result = CASES["thirteen_orphans_self_drawn_flowers"].run()
    assert result.payment == mcr.Hand(points=89, flowers=3, win=TSUMO)
    assert result.outcome == mcr.score(result.payment)


def test_flowers_are_not_a_fan_and_not_in_the_points():
    result = CASES["chicken_hand_flowers"].run()
    assert "花牌" not in fans_of(result)
    assert (result.points, result.flowers) == (8, 2)


def test_under_eight_points_has_the_note():
    result = CASES["under_eight_points"].run()
    assert result.outcome.has_note("below_min_points")
    assert not CASES["melded_hand"].run().outcome.has_note("below_min_points")


def test_each_fan_has_three_names():
    result = CASES["thirteen_orphans"].run()
    (fan,) = result.fans
    assert (fan.name, fan.name_hans, fan.name_en) == ("十三么", "十三幺", "Thirteen Orphans")
    result = CASES["greater_honors_knitted"].run()
    assert result.fans[0].name_en == "Greater Honors and Knitted Tiles"


def test_every_traditional_name_is_traditional():
    simplified = set("绿莲宝灯杠连对双龙会顺节带组于风无捞开抢门齐归断张独听边钓幺")
    for name in TRADITIONAL.values():
        assert not simplified & set(name), name
    assert len(TRADITIONAL) == 82  # 81 fans, the package's 明暗槓, and 花牌


def test_dragon_codes_follow_the_package():
    # J1 中, J2 發, J3 白: checked on the package with 綠一色 (發) and 推不倒 (白).
    assert [tile_code(tile(t)) for t in ("5z", "6z", "7z")] == ["J3", "J2", "J1"]
    assert [tile_code(tile(t)) for t in ("1m", "9p", "5s", "4z")] == ["W1", "B9", "T5", "F4"]
    result = analyse(tiles_of("123345p45688s555z", "5z"))  # 白 is reversible, 中 is not
    assert "推不倒" in fans_of(result)


def test_own_pung_makes_the_fourth_tile_by_itself():
    # Winning on 5m (kanchan 46m) with a melded pung of 5m: the other three copies are the
    # winner's own, so 和絕張 counts without the flag (contract), and with it too.
    tiles = tiles_of("456m567p789s11z", "5m", melds="pon:555m")
    assert fans_of(analyse(tiles))["和絕張"] == (4, 1)
    assert contradictions(c(fourth_tile=True), tiles) == {}
    assert fans_of(analyse(tiles, c(fourth_tile=True)))["和絕張"] == (4, 1)


def test_seat_and_round_reach_the_package():
    # 南 pung, seat South, round South: 圈風刻 2 + 門風刻 2.
    tiles = tiles_of("123m456p789s55s", "5s", melds="pon:222z")
    fans = fans_of(analyse(tiles, c(seat=S, round_wind=S)))
    assert fans["圈風刻"] == (2, 1) and fans["門風刻"] == (2, 1)
    fans = fans_of(analyse(tiles, c(seat=W, round_wind=E)))
    assert "圈風刻" not in fans and fans["么九刻"] == (1, 1)


# --- errors -------------------------------------------------------------------------------


def codes(result):
    assert isinstance(result, tuple), result
    return [(e.code, e.field, dict(e.args)) for e in result]


def test_not_complete_with_waits():
    # 123m 456p 789s 11z 23s waits on 1s and 4s, not 5s.
    tiles = tiles_of("123m456p235789s11z", "5s")
    assert codes(analyse(tiles)) == [
        ("not_complete", "hand", {"shanten": 0, "waits": ("1s", "4s")})
    ]


def test_not_complete_knows_the_special_forms():
    # 147m 25p 36s + six honours: one away from 七星不靠 (7z) or 全不靠 (8p, 9s).
    tiles = tiles_of("147m25p36s1234566z", "6z")
    value, waits = shanten(tiles)
    assert value == 0
    assert {str(t) for t in waits} == {"8p", "9s", "7z"}


def test_not_complete_far_away():
    tiles = tiles_of("13579m2468p13579s", "9s")
    (error,) = analyse(tiles)
    assert error.code == "not_complete"
    assert error.args["shanten"] > 0
    assert error.args["waits"] == ()


def test_red_fives_are_bad_notation_in_mcr():
    errors = read("123m406p789s11222z", "1z", red_fives=False)
    assert [(e.code, e.field, e.args["index"]) for e in errors] == [("bad_notation", "hand", 5)]


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "conditions", "fields"),
    [
        # another 4s in the hand: not the last copy
        ("123456m789p23446s", "4s", "", c(fourth_tile=True), ["fourth_tile"]),
        ("123456m789p23466s", "4s", "", c(fourth_tile=True), []),
        # 槓上開花 needs a kong
        ("123456m789p23466s", "4s", "", c(win=TSUMO, about_kong=True), ["about_kong"]),
        ("123m789p23466s", "4s", "ankan:9999m", c(win=TSUMO, about_kong=True), []),
        # 搶槓和 with another copy in the hand, or in a meld
        ("123456m789p23446s", "4s", "", c(about_kong=True), ["about_kong"]),
        ("123m789p23466s", "4s", "chi:345s", c(about_kong=True), ["about_kong"]),
        ("123m789p23466s", "4s", "chi:567s", c(about_kong=True), []),
        # the last discard is not a kong tile
        ("123456m789p23466s", "4s", "", c(about_kong=True, last_tile=True), ["last_tile"]),
        ("123m789p23466s", "4s", "kan:9999m", c(win=TSUMO, about_kong=True, last_tile=True), []),
    ],
)
def test_contradictions(hand, win_tile, melds, conditions, fields):
    tiles = tiles_of(hand, win_tile, melds)
    assert sorted(contradictions(conditions, tiles)) == sorted(fields)
    if fields:
        assert codes(analyse(tiles, conditions)) == [
            ("contradiction", f, {}) for f in contradictions(conditions, tiles)
        ]
    else:
        assert isinstance(analyse(tiles, conditions), Analysis)


def test_errors_are_values():
    (error,) = analyse(tiles_of("13579m2468p13579s", "9s"))
    assert isinstance(error, EntryError)


def test_tile_codes_cover_every_kind():
    codes_ = {tile_code(Tile(kind)) for kind in range(34)}
    assert len(codes_) == 34


# --- never a crash ------------------------------------------------------------------------

SETS = [[s * 9 + n, s * 9 + n + 1, s * 9 + n + 2] for s in range(3) for n in range(7)] + [
    [k] * 3 for k in range(34)
]
WALL = [Tile(k) for k in range(34)] * 4


def text(kinds):
    return "".join(str(Tile(k)) for k in kinds)


@settings(max_examples=300, deadline=None)
@given(
    st.data(),
    st.sampled_from(list(Win)),
    st.integers(0, 3),
    st.sampled_from(["", "chi", "pon", "kan", "ankan"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_any_complete_hand_gives_fans_or_contradictions(
    data, win, called, kind, fourth_tile, about_kong, last_tile
):
    counts = [0] * 34
    sets = []
    for _ in range(4):
        allowed = [x for x in SETS if all(counts[k] + x.count(k) <= 4 for k in x)]
        kinds = data.draw(st.sampled_from(allowed))
        for k in kinds:
            counts[k] += 1
        sets.append(kinds)
    pair = data.draw(st.sampled_from([k for k in range(34) if counts[k] <= 2]))
    melds = []
    for kinds in sets[:called]:
        if kinds[0] != kinds[1]:
            melds.append("chi:" + text(kinds))
        elif kind in ("kan", "ankan") and counts[kinds[0]] == 3 and pair != kinds[0]:
            melds.append(f"{kind}:" + text(kinds * 2)[:8])
        else:
            melds.append("pon:" + text(kinds))
    hand = [k for kinds in sets[called:] for k in kinds] + [pair, pair]
    win_tile = text([data.draw(st.sampled_from(hand))])
    tiles = read(text(hand), win_tile, ",".join(melds), red_fives=False)
    assert isinstance(tiles, HandTiles), tiles
    conditions = Conditions(
        win=win, fourth_tile=fourth_tile, about_kong=about_kong, last_tile=last_tile
    )
    result = analyse(tiles, conditions)
    if isinstance(result, tuple):
        assert {e.code for e in result} == {"contradiction"}
    else:
        assert result.points > 0
        assert sum(f.points * f.count for f in result.fans) == result.points


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(len(WALL))), st.sampled_from(list(Win)))
def test_any_fourteen_tiles_give_a_result_or_errors(order, win):
    taken = [WALL[i] for i in order[:14]]
    tiles = read(text(t.kind for t in taken), str(taken[0]), red_fives=False)
    assert isinstance(tiles, HandTiles)
    result = analyse(tiles, Conditions(win=win))
    assert isinstance(result, Analysis) or all(isinstance(e, EntryError) for e in result)
