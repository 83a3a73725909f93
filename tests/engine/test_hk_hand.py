"""Hong Kong hand analysis (calculator/scoring/hk_hand.py): real hands, worked by hand.

Every expectation was worked from the fan table of rules.md § hk hand (the traditional
old-style table), not copied from the program; the comment on each hand shows the working.
Cap 10, flowers in play and no flowers drawn unless said.

Tiles: m 萬, p 筒, s 索, z 東南西北白發中; flowers 1f–4f 梅蘭菊竹, seasons 1g–4g 春夏秋冬.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import hk
from calculator.scoring.hk_hand import (
    FAN_VALUES,
    LIMITS,
    NAMES,
    Conditions,
    FanTable,
    analyse,
    analyse_notation,
    contradictions,
    read,
)
from calculator.scoring.outcome import Win
from calculator.scoring.tiles import EntryError, Flower, HandTiles, Tile, Wind, format_tiles

CONTRACT_KEYS = {
    "pinghu", "duidui", "hunyise", "qingyise", "huayao", "dragon", "seat_wind", "round_wind",
    "xiaosanyuan", "menqing", "zimo", "kong_draw", "robbed_kong", "last_tile", "no_flowers",
    "seat_flower", "flower_set", "seven_pairs", "shisanyao", "jiulian", "ziyise", "qingyaojiu",
    "dasanyuan", "xiaosixi", "dasixi", "kankan", "shibaluohan", "double_kong", "heaven", "earth",
}  # fmt: skip


def fans(result):
    return [(f.key, f.value) for f in result.fans]


def keys(result):
    return [f.key for f in result.fans]


def errors_of(hand, win_tile=None, melds="", flowers="", **kwargs):
    """The entry errors as (code, field), from analyse_notation's ValueError."""
    with pytest.raises(ValueError) as raised:
        analyse_notation(hand, melds, win_tile, flowers, **kwargs)
    (found,) = raised.value.args
    assert all(isinstance(e, EntryError) for e in found)
    return found


# --- rules.md § hk hand: the worked examples ----------------------------------------------


def test_example_pinghu_closed():
    # 123m 456p 789s 234s 55m, discard, seat 東 round 東: 平糊 1 + 門前清 1 + 無花 1 = 3
    result = analyse_notation("123m456p789s234s55m", win_tile="5m")
    assert fans(result) == [("pinghu", 1), ("menqing", 1), ("no_flowers", 1)]
    assert (result.fan, result.limit, result.flower_fan) == (3, False, 1)
    assert [str(s) for s in result.fans[0].sets] == ["123m", "456p", "234s", "789s"]


def test_example_pinghu_with_an_exposed_chow_is_under_the_minimum():
    # the 234s chow exposed: 平糊 1 + 無花 1 = 2 (under the 3 番 minimum)
    result = analyse_notation("123m456p789s55m", "chi:234s", "5m")
    assert fans(result) == [("pinghu", 1), ("no_flowers", 1)]
    assert result.fan == 2
    outcome = hk.score(result.payment_hand(), hk.Rules())
    assert outcome.has_note("below_min_fan")
    assert outcome.winner_receives == 4


def test_example_hunyise_with_an_exposed_dragon():
    # 123p 456p 789p 中中中 東東, discard, seat 南 round 南, 中 exposed:
    # 混一色 3 + 三元牌 1 + 無花 1 = 5
    result = analyse_notation("123p456p789p東東", "pon:中中中", "1z", seat="s", round="s")
    assert fans(result) == [("hunyise", 3), ("dragon", 1), ("no_flowers", 1)]
    assert [str(s) for s in result.fans[1].sets] == ["777z"]
    assert result.fan == 5


def test_example_winds_self_draw_and_seat_flowers():
    # 東東東 123m 456m 789p 22s concealed, self-drawn, seat 東 round 東, 春 and 梅:
    # 門風 1 + 圈風 1 + 門前清 1 + 自摸 1 + 正花 2 (梅 1f and 春 1g are both 東's) = 6
    result = analyse_notation("東東東123m456m789p22s", "", "2s", "春梅", win="self_draw")
    assert fans(result) == [
        ("seat_wind", 1),
        ("round_wind", 1),
        ("menqing", 1),
        ("zimo", 1),
        ("seat_flower", 1),
        ("seat_flower", 1),
    ]
    assert [str(f.flowers[0]) for f in result.fans[-2:]] == ["1f", "1g"]
    assert (result.fan, result.flower_fan) == (6, 2)


def test_example_all_pungs_terminals_and_honours():
    # 111m 999p 東東東 中中中 99s, pungs exposed, discard, seat 南 round 南:
    # 對對糊 3 + 花么 1 + 三元牌 1 + 無花 1 = 6 (東 is neither 南's seat nor round)
    result = analyse_notation(
        "99s", "pon:111m,pon:999p,pon:東東東,pon:中中中", "9s", seat="s", round="s"
    )
    assert fans(result) == [("duidui", 3), ("huayao", 1), ("dragon", 1), ("no_flowers", 1)]
    assert result.fan == 6


def test_example_xiaosanyuan():
    # 中中中 發發發 白白 123m 456m, the dragon pungs exposed, discard:
    # 小三元 5 (its two pungs included, no 三元牌 beside it) + 混一色 3 + 無花 1 = 9
    result = analyse_notation("白白123m456m", "pon:中中中,pon:發發發", "5z")
    assert sorted(fans(result)) == [("hunyise", 3), ("no_flowers", 1), ("xiaosanyuan", 5)]
    assert "dragon" not in keys(result)
    assert sorted(str(s) for s in next(f for f in result.fans if f.key == "xiaosanyuan").sets) == [
        "55z",
        "666z",
        "777z",
    ]
    assert result.fan == 9


def test_example_dasanyuan_is_a_limit_hand():
    # 中中中 發發發 白白白 123m 99m: 大三元, a limit hand: the cap (10)
    result = analyse_notation("白白白123m99m", "pon:中中中,pon:發發發", "9m")
    assert fans(result) == [("dasanyuan", None)]
    assert (result.fan, result.limit, result.payment_fan) == (10, True, 10)
    assert [n.code for n in result.notes] == ["limit_hand"]


def test_example_best_grouping_is_three_chows():
    # 111222333p 789p 99p closed, discard: 123p ×3 reads 平糊 1 + 清一色 7 + 門前清 1 +
    # 無花 1 = 10; three pungs would give only 清一色 7 + 門前清 1 + 無花 1 = 9
    result = analyse_notation("111222333p78999p", win_tile="9p")
    assert fans(result) == [("pinghu", 1), ("qingyise", 7), ("menqing", 1), ("no_flowers", 1)]
    assert [str(s) for s in result.grouping.sets] == ["123p", "123p", "123p", "789p"]
    assert result.fan == 10


# --- the best grouping --------------------------------------------------------------------


def test_111222333m_is_read_as_chows_when_they_score_more():
    # 123m ×3 456p 99s: 平糊 1 + 門前清 1 + 無花 1 = 3; as pungs 111 222 333: 門前清 1 + 無花 1
    result = analyse_notation("111222333m456p99s", win_tile="9s")
    assert keys(result) == ["pinghu", "menqing", "no_flowers"]
    assert result.fan == 3


def test_111222333m_is_read_as_pungs_when_they_score_more():
    # 111m 222m 333m 999p 99s, won on a discarded 9p: as pungs 對對糊 3 + 門前清 1 + 無花 1
    # = 5 (the 999p the discard completed is exposed, so no 坎坎糊); as chows only 2
    result = analyse_notation("111222333m999p99s", win_tile="9p")
    assert fans(result) == [("duidui", 3), ("menqing", 1), ("no_flowers", 1)]
    assert result.fan == 5


def test_111222333m_self_drawn_is_four_concealed_pungs():
    # the same tiles self-drawn: every pung concealed, 坎坎糊, a limit hand
    result = analyse_notation("111222333m999p99s", win_tile="9p", win="self_draw")
    assert (keys(result), result.fan, result.limit) == (["kankan"], 10, True)


# --- every limit hand ---------------------------------------------------------------------

LIMIT_HANDS = {
    # 19m 19p 19s 東南西北白發 + 中中
    "shisanyao": (dict(hand="19m19p19s12345677z", win_tile="7z"), ["shisanyao"]),
    # the 13 tiles before the win are 1112345678999m; any 萬 completes them (here 5m)
    "jiulian": (dict(hand="11123455678999m", win_tile="5m"), ["jiulian"]),
    # 白白中中 held, 東 南 西 pungs exposed: all honours; three wind pungs but the pair is 中
    "ziyise": (dict(hand="白白白中中", melds="pon:東東東,pon:南南南,pon:西西西", win_tile="7z"), ["ziyise"]),
    # only 1s and 9s, 999s exposed (no 坎坎糊)
    "qingyaojiu": (dict(hand="111m999m111p99p", melds="pon:999s", win_tile="9p"), ["qingyaojiu"]),
    "dasanyuan": (dict(hand="白白白123m99m", melds="pon:中中中,pon:發發發", win_tile="9m"), ["dasanyuan"]),
    # 東 南 西 pungs and a 北 pair, with a chow: 小四喜 only
    "xiaosixi": (dict(hand="123m東東東南南南西西西北北", win_tile="4z"), ["xiaosixi"]),
    # 東 南 exposed, 西 北 concealed: 大四喜; the exposed pungs rule out 坎坎糊
    "dasixi": (dict(hand="西西西北北北55m", melds="pon:東東東,pon:南南南", win_tile="5m"), ["dasixi"]),
    # four concealed pungs, won on a discard that completed the pair
    "kankan": (dict(hand="111m222p333s777p99s", win_tile="9s"), ["kankan"]),
    # four kongs (three exposed): 十八羅漢
    "shibaluohan": (
        dict(hand="99s", melds="kan:1111m,ankan:2222p,kan:3333s,kan:7777z", win_tile="9s"),
        ["shibaluohan"],
    ),
    "double_kong": (
        dict(hand="123m456p99s", melds="kan:1111s,ankan:7777z", win_tile="9s", win="self_draw", double_kong=True),
        ["double_kong"],
    ),
    "heaven": (dict(hand="123m456p789s234s55m", win_tile="5m", win="self_draw", heaven=True), ["heaven"]),
    "earth": (dict(hand="123m456p789s234s55m", win_tile="5m", seat="s", earth=True), ["earth"]),
}  # fmt: skip


@pytest.mark.parametrize("name", LIMIT_HANDS)
def test_each_limit_hand_pays_the_cap(name):
    params, expected = LIMIT_HANDS[name]
    result = analyse_notation(**params)
    assert keys(result) == expected
    assert all(f.value is None for f in result.fans)
    assert (result.fan, result.limit, result.flower_fan) == (10, True, 0)
    assert result.notes[0].code == "limit_hand"
    thirteen = analyse_notation(**params, cap=13)
    assert (thirteen.fan, thirteen.payment_fan) == (13, 13)


def test_a_limit_hand_lists_every_limit_it_meets():
    # 東東東 南南南 西西西 北北北 55m all concealed, won on the 5m pair: 大四喜 and 坎坎糊
    result = analyse_notation("東東東南南南西西西北北北55m", win_tile="5m")
    assert keys(result) == ["dasixi", "kankan"]
    assert result.fan == 10


def test_nine_gates_by_default_is_the_fourteen_tiles_whatever_won():
    # 11123455678999m won on a 1m: the 14 tiles are 1112345678999m + a 5m (nine_gates=any).
    result = analyse_notation("11123455678999m", win_tile="1m")
    assert keys(result) == ["jiulian"]
    assert result.fan == 10


def test_pure_nine_gates_needs_the_thirteen_tiles_before_the_win():
    # The same hand under nine_gates=pure: before the 1m, 1123455678999m is not the
    # nine-sided wait. Best reading 111 234 55 678 999: 清一色 7 + 門前清 1 + 無花 1 = 9
    result = analyse_notation("11123455678999m", win_tile="1m", nine_gates="pure")
    assert fans(result) == [("qingyise", 7), ("menqing", 1), ("no_flowers", 1)]
    assert not result.limit
    # Won on the 5m it is the nine-sided wait: a limit under either rule.
    for rule in ("any", "pure"):
        assert keys(analyse_notation("11123455678999m", win_tile="5m", nine_gates=rule)) == [
            "jiulian"
        ]


def test_nine_gates_is_a_concealed_hand():
    # The nine-gates tiles with the 111m melded are not a concealed hand.
    melded = analyse_notation("23455678999m", "pon:111m", win_tile="5m")
    assert "jiulian" not in keys(melded)
    assert "qingyise" in keys(melded)


def test_kankan_on_a_discard_that_completes_a_pung_is_not_a_limit():
    # 111m 222p 333s 777p 99s won on a discarded 1m: that pung is exposed.
    # 對對糊 3 + 門前清 1 (the set the discard completes does not open the hand) + 無花 1
    result = analyse_notation("111m222p333s777p99s", win_tile="1m")
    assert fans(result) == [("duidui", 3), ("menqing", 1), ("no_flowers", 1)]


def test_kankan_with_concealed_kongs_self_drawn():
    result = analyse_notation("111m222p99s", "ankan:3333s,ankan:7777p", "9s", win="self_draw")
    assert keys(result) == ["kankan"]


def test_an_ordinary_hand_over_thirteen_is_not_clipped():
    # seven pairs of 萬 (seven_pairs=1): 七對 4 + 清一色 7 + 門前清 1 + 無花 1 = 13 — and
    # self-drawn 14; the hand's fan is the plain sum, the payment gets 13
    result = analyse_notation("11223355668899m", win_tile="9m", win="self_draw", seven_pairs=True)
    assert fans(result) == [
        ("seven_pairs", 4),
        ("qingyise", 7),
        ("menqing", 1),
        ("zimo", 1),
        ("no_flowers", 1),
    ]
    assert (result.fan, result.payment_fan, result.limit) == (14, 14, False)
    outcome = hk.score(result.payment_hand(), hk.Rules())
    assert outcome.has_note("capped")


# --- seven pairs --------------------------------------------------------------------------


def test_seven_pairs_is_not_a_hand_by_default():
    # 1122m 3344p 5566s 77z: the 13 before the win (7z) are six pairs and a 7z; as four sets
    # and a pair: a pair for the head and four pairs as partial sets, 8 − 4 − 1 = 3
    (error,) = errors_of("1122m3344p5566s77z", "7z")
    assert (error.code, error.field, error.args["shanten"], error.args["waits"]) == (
        "not_complete",
        "hand",
        3,
        (),
    )


def test_seven_pairs_with_the_option():
    # 七對 4 + 門前清 1 + 無花 1 = 6
    result = analyse_notation("1122m3344p5566s77z", win_tile="7z", seven_pairs=True)
    assert fans(result) == [("seven_pairs", 4), ("menqing", 1), ("no_flowers", 1)]


def test_seven_pairs_of_honours_are_all_honours():
    result = analyse_notation("11223344556677z", win_tile="7z", seven_pairs=True)
    assert keys(result) == ["ziyise"]


def test_four_identical_tiles_are_not_two_pairs():
    (error,) = errors_of("1111m2233p4455s66z", "6z", seven_pairs=True)
    assert error.code == "not_complete"


def test_seven_pairs_tenpai_shows_its_wait():
    # six different pairs and a 7z: waiting on the second 7z
    (error,) = errors_of("1122m3344p5566s7z9m", "9m", seven_pairs=True)
    assert (error.args["shanten"], error.args["waits"]) == (0, ("7z",))


# --- flowers ------------------------------------------------------------------------------


def test_seat_flowers_count_for_their_own_seat_only():
    # seat 南: 蘭 2f and 夏 2g are 正花 (1 each); 梅 1f is 東's. 平糊 1 + 門前清 1 + 2 = 4
    result = analyse_notation("123m456p789s234s55m", win_tile="5m", flowers="2f2g1f", seat="s")
    assert fans(result)[-2:] == [("seat_flower", 1), ("seat_flower", 1)]
    assert "no_flowers" not in keys(result)
    assert (result.fan, result.flower_fan) == (4, 2)


def test_a_set_of_four_flowers_replaces_its_seat_flower():
    # seat 東, 梅蘭菊竹 + 春: 一台花 2 in place of 梅's 正花, 春 1 → 平糊 1 + 門前清 1 + 3 = 5
    result = analyse_notation("123m456p789s234s55m", win_tile="5m", flowers="1234f1g")
    assert fans(result)[-2:] == [("seat_flower", 1), ("flower_set", 2)]
    assert [str(f) for f in result.fans[-1].flowers] == ["1f", "2f", "3f", "4f"]
    assert result.fan == 5


def test_all_eight_flowers():
    # both sets: 一台花 2 + 2, no 正花 beside them; 平糊 1 + 門前清 1 + 4 = 6
    result = analyse_notation("123m456p789s234s55m", win_tile="5m", flowers="1234f1234g", seat="n")
    assert fans(result)[-2:] == [("flower_set", 2), ("flower_set", 2)]
    assert result.fan == 6


def test_no_flower_fans_when_the_table_plays_without_flowers():
    result = analyse_notation("123m456p789s234s55m", win_tile="5m", flowers_in_play=False)
    assert fans(result) == [("pinghu", 1), ("menqing", 1)]


def test_flower_fans_may_not_count_toward_the_minimum():
    result = analyse_notation(
        "東東東123m456m789p22s", "", "2s", "春梅", win="self_draw", flowers_count_to_min=False
    )
    assert (result.fan, result.flower_fan, result.fan_for_min) == (6, 2, 4)
    counted = analyse_notation("東東東123m456m789p22s", "", "2s", "春梅", win="self_draw")
    assert counted.fan_for_min == 6


def test_a_chicken_hand_has_only_flowers():
    # 123m 456p 789s exposed as chows, 東東東 … seat 南 round 南; 白白 pair: no fan but 無花
    result = analyse_notation("東東東白白", "chi:123m,chi:456p,chi:789s", "5z", seat="s", round="s")
    assert fans(result) == [("no_flowers", 1)]
    assert result.chicken and result.fan == 1


# --- the other fans and the table options ---------------------------------------------------


def test_a_wind_that_is_both_seat_and_round_counts_twice():
    result = analyse_notation("東東東123m456m789p22s", win_tile="2s")
    assert keys(result) == ["seat_wind", "round_wind", "menqing", "no_flowers"]
    south_seat = analyse_notation("東東東123m456m789p22s", win_tile="2s", seat="s")
    assert keys(south_seat) == ["round_wind", "menqing", "no_flowers"]


def test_each_dragon_pung_is_one_fan():
    # 中 and 發 pungs, 123m 456m, 99m pair: 三元牌 1 + 1 + 混一色 3 + 門前清 1 + 無花 1 = 7
    result = analyse_notation("中中中發發發123m456m99m", win_tile="9m")
    assert fans(result) == [
        ("hunyise", 3),
        ("dragon", 1),
        ("dragon", 1),
        ("menqing", 1),
        ("no_flowers", 1),
    ]


def test_situational_fans():
    base = dict(hand="123m456p789s234s55m", win_tile="5m")
    robbed = analyse_notation(**base, robbed_kong=True)
    assert keys(robbed) == ["pinghu", "menqing", "robbed_kong", "no_flowers"]
    last = analyse_notation(**base, win="self_draw", last_tile=True)
    # 海底撈月 with 自摸: 2
    assert keys(last) == ["pinghu", "menqing", "zimo", "last_tile", "no_flowers"]
    assert last.fan == 5


def test_kong_draw_comes_with_self_draw():
    # 123m 456p 789s 2222s concealed kong, 55m: 門前清 1 + 自摸 1 + 槓上開花 1 + 無花 1 = 4
    result = analyse_notation(
        "123m456p789s55m", "ankan:2222s", "5m", win="self_draw", kong_draw=True
    )
    assert keys(result) == ["menqing", "zimo", "kong_draw", "no_flowers"]
    assert result.fan == 4


def test_qingyise_six_and_no_menqing():
    six = analyse_notation("111222333p78999p", win_tile="9p", qingyise=6)
    assert six.fan == 9
    plain = analyse_notation("123m456p789s234s55m", win_tile="5m", menqing=False)
    assert keys(plain) == ["pinghu", "no_flowers"]


def test_the_fan_table_is_data():
    table = FanTable(qingyise=6, menqing=False)
    assert table.value("qingyise") == 6 and table.value("menqing") == 0
    assert all(table.value(key) is None for key in LIMITS)
    assert set(FAN_VALUES) - {"chicken"} | set(LIMITS) == CONTRACT_KEYS
    assert set(NAMES) >= CONTRACT_KEYS
    with pytest.raises(ValueError):
        FanTable(qingyise=5)


def test_payment_follows_the_hk_engine():
    # worked example 1 (3 番, discard) on the default table: the discarder pays 8
    result = analyse_notation("123m456p789s234s55m", win_tile="5m")
    outcome = hk.score(result.payment_hand(), hk.Rules())
    assert [p.amount for p in outcome.payments] == [Fraction(8), 0, 0]
    dealer_self_draw = analyse_notation("123m456p789s234s55m", win_tile="5m", win="self_draw")
    hand = dealer_self_draw.payment_hand(liable=True)
    assert (hand.fan, hand.win, hand.dealer, hand.liable) == (4, Win.SELF_DRAW, True, True)


# --- contradictions -----------------------------------------------------------------------

HAND = dict(hand="123m456p789s234s55m", win_tile="5m")
KONGS = dict(hand="123m456p99s", melds="kan:1111s,ankan:7777z", win_tile="9s")
ONE_KONG = dict(hand="123m456p789s55m", melds="ankan:2222s", win_tile="5m")

CONTRADICTIONS = [
    (dict(**HAND, win="self_draw", kong_draw=True), "kong_draw"),  # no kong
    (dict(**ONE_KONG, kong_draw=True), "kong_draw"),  # on a discard
    (dict(**ONE_KONG, win="self_draw", double_kong=True), "double_kong"),  # one kong
    (dict(**KONGS, double_kong=True), "double_kong"),  # on a discard
    (dict(**HAND, win="self_draw", robbed_kong=True), "robbed_kong"),
    (dict(**HAND, last_tile=True), "last_tile"),
    (dict(**HAND, win="self_draw", seat="s", heaven=True), "heaven"),
    (dict(**HAND, heaven=True), "heaven"),  # on a discard
    (dict(**ONE_KONG, win="self_draw", heaven=True), "heaven"),  # a concealed kong too
    (dict(**HAND, earth=True), "earth"),  # seat 東
    (dict(**HAND, seat="s", win="self_draw", earth=True), "earth"),
    (dict(hand="123m456p789s55m", melds="chi:234s", win_tile="5m", seat="s", earth=True), "earth"),
    (dict(**HAND, flowers="1f", flowers_in_play=False), "flowers"),
]


@pytest.mark.parametrize(("params", "field"), CONTRADICTIONS)
def test_each_contradiction_is_on_its_flag(params, field):
    assert [(e.code, e.field) for e in errors_of(**params)] == [("contradiction", field)]


def test_contradictions_without_tiles():
    assert contradictions(Conditions(last_tile=True)) == {"last_tile": "contradiction"}
    assert contradictions(Conditions(double_kong=True, win=Win.SELF_DRAW)) == {}
    assert contradictions(Conditions(earth=True, seat=Wind.WEST)) == {}


# --- entry errors -------------------------------------------------------------------------


def test_bad_notation_points_at_the_character():
    (error,) = errors_of("123m456p789s234x55m", "5m")
    assert (error.code, error.field, error.args["index"], error.args["char"]) == (
        "bad_notation",
        "hand",
        15,
        "x",
    )


def test_a_flower_in_the_hand_is_bad_notation():
    (error,) = errors_of("123m456p789s234s5m1f", "5m")
    assert (error.code, error.field, error.args["reason"], error.args["index"]) == (
        "bad_notation",
        "hand",
        "flower",
        19,
    )
    (character,) = errors_of("123m456p789s234s5m梅", "5m")
    assert character.args["reason"] == "flower"


def test_a_red_five_is_bad_notation():
    (error,) = errors_of("123m456p789s234s50m", "5m")
    assert (error.code, error.args["reason"], error.args["index"]) == (
        "bad_notation",
        "red_five",
        17,
    )


def test_wrong_count():
    (error,) = errors_of("123m456p789s234s5m", "5m")
    assert (error.code, error.field, error.args["count"]) == ("wrong_count", "hand", 13)


def test_too_many_copies_in_hand_and_melds():
    (in_hand,) = errors_of("11111m2345678m99p", "9p")
    assert (in_hand.code, in_hand.field, in_hand.args["tile"]) == ("too_many_copies", "hand", "1m")
    (in_melds,) = errors_of("1m456p78s55m", "5m", melds="kan:1111m,pon:999m")
    assert (in_melds.code, in_melds.field) == ("too_many_copies", "melds")


def test_a_repeated_flower_is_too_many_copies():
    (error,) = errors_of("123m456p789s234s55m", "5m", flowers="1f梅")
    assert (error.code, error.field, error.args["tile"], error.args["count"]) == (
        "too_many_copies",
        "flowers",
        "1f",
        2,
    )


def test_a_tile_among_the_flowers_is_bad_notation():
    (error,) = errors_of("123m456p789s234s55m", "5m", flowers="1f2m")
    assert (error.code, error.field, error.args["reason"]) == (
        "bad_notation",
        "flowers",
        "not_flower",
    )
    (number,) = errors_of("123m456p789s234s55m", "5m", flowers="5f")
    assert number.args["reason"] == "flower_number"


def test_win_tile_missing():
    (error,) = errors_of("123m456p789s234s55m", "9p")
    assert (error.code, error.field) == ("win_tile_missing", "win_tile")


def test_not_complete_with_waits():
    # 123m 456p 789s 23s 55m + 9p: before the 9p, waiting on 1s or 4s
    (error,) = errors_of("123m456p789s23s55m9p", "9p")
    assert (error.code, error.args["shanten"], error.args["waits"]) == (
        "not_complete",
        0,
        ("1s", "4s"),
    )


def test_not_complete_two_away():
    # 123m 456p 789s and 東 西 白 發 (and the 中 that won): three sets, four lone tiles:
    # 8 − 2 × 3 = 2
    (error,) = errors_of("123m456p789s13567z", "7z")
    assert (error.args["shanten"], error.args["waits"]) == (2, ())


def test_waiting_only_on_a_fifth_copy_is_not_tenpai():
    # three sets declared and 1111m held: the only "wait" is a fifth 1m
    (error,) = errors_of("1111m2p", "2p", melds="pon:555z,pon:666z,pon:777z")
    assert (error.args["shanten"], error.args["waits"]) == (1, ())


def test_the_winning_tile_defaults_to_the_last_written():
    assert analyse_notation("123m456p789s55m234s").grouping.completed.kind.value == "chow"


def test_read_and_analyse_return_errors_as_values():
    errors = read("123m456p789s234s5m", "9p", flowers="1f1f")
    assert {(e.code, e.field) for e in errors} == {
        ("wrong_count", "hand"),
        ("win_tile_missing", "win_tile"),
        ("too_many_copies", "flowers"),
    }
    tiles, flowers = read("123m456p789s234s55m", "5m", flowers="竹")
    assert flowers == (Flower("f", 4),)
    assert analyse(tiles, Conditions(win=Win.SELF_DRAW, last_tile=True)).fan == 5


# --- any hand -----------------------------------------------------------------------------

FLAGS = ("kong_draw", "double_kong", "robbed_kong", "last_tile", "heaven", "earth")


@settings(deadline=None, max_examples=300)
@given(
    st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True),
    st.sampled_from(list(Win)),
    st.sampled_from(list(Wind)),
    st.sets(st.sampled_from(FLAGS), max_size=2),
    st.booleans(),
)
def test_any_hand_gives_a_result_or_errors(indices, win, seat, flags, seven_pairs):
    tiles = [Tile(i // 4) for i in indices]
    checked = HandTiles(hand=tuple(sorted(tiles, key=lambda t: t.kind)), win_tile=tiles[0])
    conditions = Conditions(win=win, seat=seat, **dict.fromkeys(flags, True))
    result = analyse(checked, conditions, FanTable(seven_pairs=seven_pairs))
    if isinstance(result, tuple):
        assert result and all(isinstance(e, EntryError) for e in result)
        assert {e.code for e in result} <= {"contradiction", "not_complete"}
    elif result.limit:
        assert result.fan == 10 and all(f.value is None for f in result.fans)
    else:
        assert result.fan == sum(f.value for f in result.fans)
        assert (
            analyse_notation(
                format_tiles(checked.hand),
                win_tile=str(tiles[0]),
                win=win.value,
                seat=seat.value,
                seven_pairs=seven_pairs,
                **dict.fromkeys(flags, True),
            ).fan
            == result.fan
        )
