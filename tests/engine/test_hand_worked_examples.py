"""Real hands, each worked by hand from rules.md before the engine was asked.

Jiujiang (rules.md § jiujiang, § jiujiang hand; seed 001): 平胡 1, 碰碰胡 2, 混一色 3, 七對 4,
清一色 6, 豪華七對 8 (a second group of four: `double` 16, `plus4` 12); the highest pattern
counts; 底番 +1 (`auto`: only for a four-sets-and-a-pair hand; `always`: any hand; never for
平胡); then ×2 for 自摸 or 杠上開花 (once), ×2 搶杠, ×2 莊家; the cap; × `base`; × `unit`.
Self-draw: each of three pays it; discard or robbed kong: the discarder pays it (`pay=one`)
or three times it (`pay=three`). Where the tiles read two ways, the reading worth more after
底番 counts.

Hong Kong (rules.md § hk hand): the fans add up; a limit hand is worth the cap. The hand's
fan is the plain sum, not clipped.

Tiles: m 萬, p 筒, s 索, z 東南西北白發中 (1z–7z); flowers 1f–4f 梅蘭菊竹, 1g–4g 春夏秋冬.
The winner sits 南 (not the dealer) unless a hand says otherwise.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculator.scoring import hk_hand, jiujiang
from calculator.scoring.jiujiang import BaseAdd, Cap, HaohuaExtra, Pay
from calculator.scoring.jiujiang_hand import Conditions, analyse, read
from calculator.scoring.outcome import Win
from calculator.scoring.shapes import Form
from calculator.scoring.tiles import HandTiles, Wind

TSUMO = Win.SELF_DRAW
R = jiujiang.Rules
DEFAULT = R()


def jj(text, win_tile, melds="", *, rules=DEFAULT, **conditions):
    conditions.setdefault("seat", Wind.SOUTH)
    tiles = read(text, win_tile, melds)
    assert isinstance(tiles, HandTiles), tiles
    result = analyse(tiles, Conditions(**conditions), rules)
    assert not isinstance(result, tuple), result
    return result


def paid(result):
    return [p.amount for p in result.outcome.payments]


def doublings(result):
    return [s.args["reason"] for s in result.outcome.steps if s.code == "multiply"]


def check(result, patterns, groups, fan, payments, capped=False):
    assert result.terms == {"patterns": patterns, "haohua_groups": groups}
    assert result.fan == fan
    assert paid(result) == payments
    assert result.outcome.has_note("capped") is capped


# --- Jiujiang: 平胡 ---------------------------------------------------------------------------


def test_jj_pinghu_on_a_discard():
    # 234m 567m 345p 678s 99s, 9s discarded: 平胡 1; 底番 not added (平胡 is the 底番);
    # no multiplier; 1 ≤ 16. The discarder pays 1.
    result = jj("234567m345p67899s", "9s")
    check(result, ["pinghu"], 0, 1, [1, 0, 0])
    assert doublings(result) == []


def test_jj_pinghu_self_drawn_by_the_dealer():
    # 123p 456p 789m 345s 11s, self-drawn 3s, seat 東: 平胡 1 → 自摸 2 → 莊家 4; each pays 4.
    result = jj("789m123456p11345s", "3s", win=TSUMO, seat=Wind.EAST)
    check(result, ["pinghu"], 0, 1, [4, 4, 4])
    assert doublings(result) == ["self_draw", "dealer"]


def test_jj_pinghu_with_a_chow_and_an_exposed_kong_pay_three():
    # chi 123m, kan 5555p, 234s 678s 東東 (three suits, so no 混一色; a kong and an honour pair
    # do not stop 平胡): 平胡 1; 包三家: the discarder pays 3 × 1 = 3.
    result = jj("234678s東東", "1z", "chi:123m,kan:5555p", rules=R(pay=Pay.THREE))
    check(result, ["pinghu"], 0, 1, [3, 0, 0])


def test_jj_pinghu_on_a_robbed_kong_pay_three():
    # 123m 456m 789p 234s 55p on the 3s robbed from an added kong: 平胡 1 → 搶杠 2;
    # 包三家: the robbed player pays 3 × 2 = 6.
    result = jj("123456m789p55p234s", "3s", rules=R(pay=Pay.THREE), qianggang=True)
    check(result, ["pinghu"], 0, 1, [6, 0, 0])
    assert doublings(result) == ["qianggang"]


def test_jj_gangkai_doubles_once_then_dealer():
    # 234m 567p 345s 東東 + kan 8888s, the 3s drawn on the kong's replacement, seat 東:
    # 平胡 1 → 杠上開花 ×2 = 2 (not 自摸 again) → 莊家 4; each pays 4.
    result = jj("234m567p345s東東", "3s", "kan:8888s", win=TSUMO, gangkai=True, seat=Wind.EAST)
    check(result, ["pinghu"], 0, 1, [4, 4, 4])
    assert doublings(result) == ["gangkai", "dealer"]


# --- Jiujiang: 碰碰胡 ------------------------------------------------------------------------


def test_jj_pengpeng_with_kongs_on_a_discard():
    # pon 222m, kan 7777p, ankan 3333s, 999s 西西, 9s discarded (three suits + 西):
    # 碰碰胡 2 + 底番 1 = 3; the discarder pays 3.
    result = jj("999s西西", "9s", "pon:222m,kan:7777p,ankan:3333s")
    check(result, ["pengpeng"], 0, 3, [3, 0, 0])


def test_jj_pengpeng_base_add_never_self_drawn():
    # 111m 555p 999s 東東東 北北, self-drawn 北: 碰碰胡 2, `never` adds no 底番 → 自摸 4.
    result = jj("111m555p999s東東東北北", "4z", rules=R(base_add=BaseAdd.NEVER), win=TSUMO)
    check(result, ["pengpeng"], 0, 2, [4, 4, 4])


def test_jj_the_pung_reading_beats_the_chow_reading():
    # 111222333m 東東東 55p: as pungs 碰碰胡 2 + 1 = 3; as 123m ×3 平胡 1. 碰碰胡 counts.
    result = jj("111222333m東東東55p", "5p")
    check(result, ["pengpeng"], 0, 3, [3, 0, 0])
    assert all(s.is_pung_like for s in result.grouping.sets)


# --- Jiujiang: 混一色 ------------------------------------------------------------------------


def test_jj_hunyise_chows_pay_three():
    # 123s 456s 789s 中中中 白白, 白 discarded: 混一色 3 + 1 = 4; 包三家 3 × 4 = 12.
    result = jj("123456789s白白中中中", "5z", rules=R(pay=Pay.THREE))
    check(result, ["hunyise"], 0, 4, [12, 0, 0])


def test_jj_hunyise_pengpeng_exposed_self_drawn_dealer_reaches_the_cap_exactly():
    # pon 111p, pon 999p, kan 中中中中, pon 東東東, 發發 self-drawn, seat 東: 碰碰胡 and
    # 混一色 → 混一色 3 + 1 = 4 → 自摸 8 → 莊家 16; 16 is not above the 16 cap. Each pays 16.
    result = jj(
        "發發", "6z", "pon:111p,pon:999p,kan:中中中中,pon:東東東", win=TSUMO, seat=Wind.EAST
    )
    check(result, ["pengpeng", "hunyise"], 0, 4, [16, 16, 16])


def test_jj_hunyise_robbed_kong_dealer_with_a_unit():
    # 123p 345p 678p 99p 發發發 on the 4p robbed, seat 東: 混一色 3 + 1 = 4 → 搶杠 8 → 莊家 16
    # (not capped) × unit ½ = 8; the robbed player pays 8.
    result = jj(
        "12334567899p發發發", "4p", rules=R(unit=Fraction(1, 2)), qianggang=True, seat=Wind.EAST
    )
    check(result, ["hunyise"], 0, 4, [8, 0, 0])
    assert doublings(result) == ["qianggang", "dealer"]


# --- Jiujiang: 清一色 ------------------------------------------------------------------------


def test_jj_qingyise_chows_under_the_five_cap():
    # 123m 345m 567m 789m 99m, discard: 清一色 6 + 1 = 7; `mult5` caps it at 5.
    result = jj("12334556778999m", "9m", rules=R(cap=Cap.MULT5))
    check(result, ["qingyise"], 0, 7, [5, 0, 0], capped=True)


def test_jj_qingyise_pengpeng_self_drawn():
    # 111s 333s 555s 777s 99s self-drawn: 碰碰胡 and 清一色 → 清一色 6 + 1 = 7 → 自摸 14.
    result = jj("11133355577799s", "9s", win=TSUMO)
    check(result, ["pengpeng", "qingyise"], 0, 7, [14, 14, 14])


def test_jj_qingyise_gangkai_then_base_two():
    # 123p 345p 678p 22p + ankan 9999p, 8p on the replacement, seat 西: 清一色 6 + 1 = 7 →
    # 杠上開花 14 (under 16) → × 底番 2 = 28 each: above 16, because 底番 scales after the cap.
    result = jj(
        "12223345678p",
        "8p",
        "ankan:9999p",
        rules=R(base=2),
        win=TSUMO,
        gangkai=True,
        seat=Wind.WEST,
    )
    check(result, ["qingyise"], 0, 7, [28, 28, 28])


def test_jj_qingyise_self_drawn_dealer_without_a_cap():
    # 111p 234p 567p 888p 99p self-drawn, seat 東: 清一色 6 + 1 = 7 → 14 → 28; `none`: 28.
    result = jj("11123456788899p", "9p", rules=R(cap=Cap.NONE), win=TSUMO, seat=Wind.EAST)
    check(result, ["qingyise"], 0, 7, [28, 28, 28])


def test_jj_the_chow_reading_beats_seven_pairs():
    # 22 33 44 55 66 77 88s: as 234s 234s 567s 567s 88s 清一色 6 + 1 = 7; as seven pairs
    # 清一色 6 (七對 4 lower; no 底番 for pairs). 7 counts; seat 東 on a discard: 莊家 14.
    result = jj("22334455667788s", "8s", seat=Wind.EAST)
    check(result, ["qingyise"], 0, 7, [14, 0, 0])
    assert result.grouping.form is Form.STANDARD


# --- Jiujiang: 七對 --------------------------------------------------------------------------


def test_jj_qidui_on_a_discard():
    # 11m 44m 77p 22s 55s 88s 東東, 東 discarded: 七對 4, no 底番 (`auto`, pairs): 4.
    result = jj("1144m77p225588s東東", "1z")
    check(result, ["qidui"], 0, 4, [4, 0, 0])


def test_jj_qidui_base_add_always_self_drawn_dealer_capped():
    # the same pairs self-drawn, seat 東, `always`: 4 + 1 = 5 → 自摸 10 → 莊家 20 → 16.
    result = jj(
        "1144m77p225588s東東", "1z", rules=R(base_add=BaseAdd.ALWAYS), win=TSUMO, seat=Wind.EAST
    )
    check(result, ["qidui"], 0, 5, [16, 16, 16], capped=True)


def test_jj_qidui_hunyise_under_auto_and_always():
    # 22s 33s 66s 99s 東東 西西 中中: 七對 and 混一色 → 七對 4 counts (混一色 3 is lower);
    # `auto` 4, `always` 4 + 1 = 5.
    check(jj("22336699s東東西西中中", "7z"), ["hunyise", "qidui"], 0, 4, [4, 0, 0])
    always = jj("22336699s東東西西中中", "7z", rules=R(base_add=BaseAdd.ALWAYS))
    check(always, ["hunyise", "qidui"], 0, 5, [5, 0, 0])


def test_jj_qidui_qingyise_counts_the_qingyise():
    # 11 22 33 44 55 77 99m (no chow reading: 77 and 99 can only be pairs): 清一色 6 beats
    # 七對 4; a seven-pairs hand takes no 底番 under `auto`: 6 → 自摸 12 (seat 北).
    result = jj("11223344557799m", "9m", win=TSUMO, seat=Wind.NORTH)
    check(result, ["qidui", "qingyise"], 0, 6, [12, 12, 12])
    assert result.grouping.form is Form.SEVEN_PAIRS


def test_jj_seven_pairs_or_chows_with_an_honour_pair():
    # 112233m 445566m 東東: chows 123m 123m 456m 456m 東東 混一色 3 (+1 under auto, always);
    # pairs 七對 4 (+1 under always only).
    # auto: 4 and 4, a tie: 4. always: chows 4, pairs 5: pairs. never: chows 3, pairs 4: pairs.
    auto = jj("112233445566m東東", "1z")
    assert (auto.fan, paid(auto)) == (4, [4, 0, 0])
    always = jj("112233445566m東東", "1z", rules=R(base_add=BaseAdd.ALWAYS))
    check(always, ["hunyise", "qidui"], 0, 5, [5, 0, 0])
    assert always.grouping.form is Form.SEVEN_PAIRS
    never = jj("112233445566m東東", "1z", rules=R(base_add=BaseAdd.NEVER))
    check(never, ["hunyise", "qidui"], 0, 4, [4, 0, 0])
    assert never.grouping.form is Form.SEVEN_PAIRS


# --- Jiujiang: 豪華七對 ----------------------------------------------------------------------


def test_jj_haohua_one_group_beats_the_chows():
    # 1111m 22m 33m 44p 55p 66p: pairs with one group of four, 豪華七對 8 (two suits); as
    # chows 11m 123m 123m 456p 456p 平胡 1. 8 counts; pay one 8, pay three 24.
    check(jj("11112233m445566p", "6p"), ["haohua"], 1, 8, [8, 0, 0])
    three = jj("11112233m445566p", "6p", rules=R(pay=Pay.THREE))
    check(three, ["haohua"], 1, 8, [24, 0, 0])


def test_jj_haohua_qingyise_beats_the_qingyise_chows():
    # 2222p 33p 44p 55p 66p 77p: 豪華七對 8 (清一色 6 lower) vs chows 22 234 234 567 567
    # 清一色 6 + 1 = 7: 8 counts → 自摸 16, exactly the cap. `always`: 9 → 18 → 16.
    check(jj("22223344556677p", "7p", win=TSUMO), ["qingyise", "haohua"], 1, 8, [16, 16, 16])
    always = jj("22223344556677p", "7p", rules=R(base_add=BaseAdd.ALWAYS), win=TSUMO)
    check(always, ["qingyise", "haohua"], 1, 9, [16, 16, 16], capped=True)


def test_jj_haohua_two_groups_plus4_and_double_without_a_cap():
    # 11m 55m 3333p 7777s 99s self-drawn, `cap=none`: plus4 8 + 4 = 12 → 自摸 24;
    # double 8 × 2 = 16 → 32. With the 16 cap both pay 16.
    text = "1155m3333p777799s"
    plus4 = R(haohua_extra=HaohuaExtra.PLUS4, cap=Cap.NONE)
    check(jj(text, "9s", rules=plus4, win=TSUMO), ["haohua"], 2, 12, [24, 24, 24])
    double = R(cap=Cap.NONE)
    check(jj(text, "9s", rules=double, win=TSUMO), ["haohua"], 2, 16, [32, 32, 32])
    check(jj(text, "9s", win=TSUMO), ["haohua"], 2, 16, [16, 16, 16], capped=True)


def test_jj_haohua_two_groups_hunyise_base_add_always():
    # 11m 22m 33m 東東東東 中中中中: 豪華七對 two groups and 混一色 → double 16; `auto` 16
    # (not above the cap); `always` 16 + 1 = 17 → capped 16; `always` without a cap 17.
    text = "112233m東東東東中中中中"
    check(jj(text, "3m"), ["hunyise", "haohua"], 2, 16, [16, 0, 0])
    always = jj(text, "3m", rules=R(base_add=BaseAdd.ALWAYS))
    check(always, ["hunyise", "haohua"], 2, 17, [16, 0, 0], capped=True)
    open_ = jj(text, "3m", rules=R(base_add=BaseAdd.ALWAYS, cap=Cap.NONE))
    check(open_, ["hunyise", "haohua"], 2, 17, [17, 0, 0])


def test_jj_haohua_third_group_is_scored_as_two():
    # 1111p 5555p 9999p 東東: three groups of four, counted as two (note); 混一色 too.
    # double 16 on a discard; plus4 12; plus4 self-drawn by the dealer 12 → 24 → 48 → 16.
    text = "111155559999p東東"
    double = jj(text, "1z")
    check(double, ["hunyise", "haohua"], 2, 16, [16, 0, 0])
    assert [(n.code, n.args["groups"], n.args["counted"]) for n in double.notes] == [
        ("haohua_groups_capped", 3, 2)
    ]
    plus4 = R(haohua_extra=HaohuaExtra.PLUS4)
    check(jj(text, "1z", rules=plus4), ["hunyise", "haohua"], 2, 12, [12, 0, 0])
    dealer = jj(text, "1z", rules=plus4, win=TSUMO, seat=Wind.EAST)
    check(dealer, ["hunyise", "haohua"], 2, 12, [16, 16, 16], capped=True)


# --- Hong Kong -------------------------------------------------------------------------------

# (hand, melds, win tile, flowers, conditions, fan keys with their 番 (sorted), the sum, limit)
HK_HANDS = [
    # 中 pung exposed, 發發發 白白 123m 456p, 4p discarded, seat 南 round 東: 小三元 5 (its two
    # pungs are not counted again as 三元牌) + 無花 1 = 6; no 門前清.
    ("666z55z123m456p", "pon:777z", "4p", "", {"seat": "s"},
     [("no_flowers", 1), ("xiaosanyuan", 5)], 6, False),
    # 111222333s 777s 99s closed, 7s discarded: as pungs 對對糊 3 + 清一色 7 + 門前清 1 + 無花 1
    # = 12 (the 777s pung the discard completes is open, so no 坎坎糊); as 123s ×3 + 777s only
    # 9. The sum is 12, not clipped at the cap.
    ("11122233377799s", "", "7s", "", {},
     [("duidui", 3), ("menqing", 1), ("no_flowers", 1), ("qingyise", 7)], 12, False),
    # pon 111m, 999m 東東東 北北北 中中, 中 discarded, seat 北 round 東: 對對糊 3 + 混一色 3 +
    # 花么 1 + 門風 (北) 1 + 圈風 (東) 1 + 無花 1 = 10; the 中 pair scores nothing.
    ("999m11144477z", "pon:111m", "7z", "", {"seat": "n"},
     [("duidui", 3), ("huayao", 1), ("hunyise", 3), ("no_flowers", 1), ("round_wind", 1),
      ("seat_wind", 1)], 10, False),
    # 123m 456m 789p 234s 北北 closed, self-drawn 4s, seat 北, flowers 竹 (4f), 冬 (4g), 蘭 (2f):
    # 平糊 1 (any pair) + 門前清 1 + 自摸 1 + 正花 2 (竹, 冬; 蘭 is 南's) = 5; no 無花.
    ("123456m789p234s44z", "", "4s", "2f4f4g", {"win": "self_draw", "seat": "n"},
     [("menqing", 1), ("pinghu", 1), ("seat_flower", 1), ("seat_flower", 1), ("zimo", 1)],
     5, False),
    # all four pungs exposed (222m 888m 333s 666s), 55p discarded, seat 南 round 南, flowers
    # 春夏秋冬 and 蘭: 對對糊 3 + 一台花 2 (in place of 夏's 正花) + 正花 1 (蘭) = 6.
    ("55p", "pon:222m,pon:888m,pon:333s,pon:666s", "5p", "2f1234g", {"seat": "s", "round": "s"},
     [("duidui", 3), ("flower_set", 2), ("seat_flower", 1)], 6, False),
    # the same hand at a table without flowers: 對對糊 3 alone, no 無花.
    ("55p", "pon:222m,pon:888m,pon:333s,pon:666s", "5p", "",
     {"seat": "s", "round": "s", "flowers_in_play": False}, [("duidui", 3)], 3, False),
    # pon 111s, 333s 555s 777s 99s, 9s discarded: only three concealed pungs (no 坎坎糊);
    # 對對糊 3 + 清一色 7 + 無花 1 = 11, and 10 with `qingyise=6`.
    ("33355577799s", "pon:111s", "9s", "", {"cap": 13},
     [("duidui", 3), ("no_flowers", 1), ("qingyise", 7)], 11, False),
    ("33355577799s", "pon:111s", "9s", "", {"cap": 13, "qingyise": 6},
     [("duidui", 3), ("no_flowers", 1), ("qingyise", 6)], 10, False),
    # 123m 456m 789p 234s 55p closed self-drawn at a table that does not pay 門前清:
    # 平糊 1 + 自摸 1 + 無花 1 = 3.
    ("123456m789p234s55p", "", "5p", "", {"win": "self_draw", "menqing": False},
     [("no_flowers", 1), ("pinghu", 1), ("zimo", 1)], 3, False),
    # 11 22 33 44 55 77 99m with `seven_pairs=1` (no chow reading): 七對 4 + 清一色 7 +
    # 門前清 1 + 無花 1 = 13 at cap 10 — not a limit hand, the sum unclipped.
    ("11223344557799m", "", "9m", "", {"seven_pairs": True},
     [("menqing", 1), ("no_flowers", 1), ("qingyise", 7), ("seven_pairs", 4)], 13, False),
    # 111222333m 456p 東東, 東 discarded, seat 南 round 南: as pungs 111 222 333m (not 對對糊:
    # 456p is a chow) 門前清 1 + 無花 1 = 2; as 123m ×3 平糊 1 + 門前清 1 + 無花 1 = 3: 3.
    ("111222333m456p11z", "", "1z", "", {"seat": "s", "round": "s"},
     [("menqing", 1), ("no_flowers", 1), ("pinghu", 1)], 3, False),
    # 南 pung closed, 123m 456p 789s 55m, 5m discarded, seat 東 round 南: 圈風 1 + 門前清 1 +
    # 無花 1 = 3 (南 is not 東's seat wind).
    ("222z123m456p789s55m", "", "5m", "", {"round": "s"},
     [("menqing", 1), ("no_flowers", 1), ("round_wind", 1)], 3, False),
    # 中中中 發發發 123m 456m 99m closed, 9m discarded: two dragon pungs but a 9m pair, so no
    # 小三元: 三元牌 2 + 混一色 3 + 門前清 1 + 無花 1 = 7.
    ("123456m99m666777z", "", "9m", "", {},
     [("dragon", 1), ("dragon", 1), ("hunyise", 3), ("menqing", 1), ("no_flowers", 1)],
     7, False),
    # kongs of 1m exposed, pungs 999m 111p 999p, 99s pair: only terminals, 清么九, a limit:
    # the cap it is given, 13.
    ("99s", "kan:1111m,pon:999m,pon:111p,pon:999p", "9s", "", {"cap": 13},
     [("qingyaojiu", None)], 13, True),
    # 白白白 發發發 中中中 exposed, 123m 55m: 大三元 at cap 8 is worth 8.
    ("123m55m", "pon:555z,pon:666z,pon:777z", "5m", "", {"cap": 8},
     [("dasanyuan", None)], 8, True),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "melds", "win_tile", "flowers", "flags", "fans", "total", "limit"), HK_HANDS
)
def test_hk_hand_worked_by_hand(hand, melds, win_tile, flowers, flags, fans, total, limit):
    result = hk_hand.analyse_notation(hand, melds, win_tile, flowers, **flags)
    assert (result.fan, result.limit) == (total, limit)
    listed = sorted((f.key, f.value) for f in result.fans)
    if limit:
        assert [f for f in listed if f[1] is None] == fans  # its ordinary fans may be listed too
    else:
        assert listed == fans
