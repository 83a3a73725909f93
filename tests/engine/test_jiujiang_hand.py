"""Jiujiang hand analysis (calculator/scoring/jiujiang_hand.py): real hands, worked by hand.

Patterns and values from seed 001 as rules.md § jiujiang and § jiujiang hand give them:
平胡 1, 碰碰胡 2, 混一色 3, 七對 4, 清一色 6, 豪華七對 8; the highest counts; 底番 +1 under
`base_add=auto` for a four-sets-and-a-pair hand that is not 平胡; then 自摸／杠上開花, 搶杠,
莊家 each ×2; cap 16. The comment on each hand shows the working.

Tiles: m 萬, p 筒, s 索, z 東南西北白發中.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import jiujiang
from calculator.scoring.jiujiang import BaseAdd, Cap, HaohuaExtra, Pattern, Pay
from calculator.scoring.jiujiang_hand import Conditions, analyse, contradictions, read
from calculator.scoring.outcome import Win
from calculator.scoring.shapes import Form
from calculator.scoring.tiles import EntryError, HandTiles, Tile, Wind

TSUMO = Win.SELF_DRAW


def hand(text, win_tile, melds=""):
    tiles = read(text, win_tile, melds)
    assert isinstance(tiles, HandTiles), tiles
    return tiles


DEFAULT = jiujiang.Rules()


def run(text, win_tile, melds="", rules=DEFAULT, **conditions):
    """The analysis; the winner sits 南 (not the dealer) unless `seat` says otherwise."""
    conditions.setdefault("seat", Wind.SOUTH)
    result = analyse(hand(text, win_tile, melds), Conditions(**conditions), rules)
    assert not isinstance(result, tuple), result
    return result


def amounts(result):
    return [p.amount for p in result.outcome.payments]


# --- rules.md § jiujiang hand: the worked examples ------------------------------------------


def test_seven_pairs_beat_the_chow_reading():
    # 112233m 445566p 77s: seven pairs (七對 4; no 底番 for a seven-pairs hand) or chows
    # (平胡 1): 七對 counts
    result = run("112233m445566p77s", "7s")
    assert result.terms == {"patterns": ["qidui"], "haohua_groups": 0}
    assert result.fan == 4
    assert result.grouping.form is Form.SEVEN_PAIRS
    assert amounts(result) == [4, 0, 0]


def test_a_pure_run_of_pairs_is_read_as_chows_under_auto():
    # 11223344556677m: chows 清一色 6 + 底番 1 = 7, not 七對 + 清一色 (6, no 底番)
    result = run("11223344556677m", "7m")
    assert result.terms == {"patterns": ["qingyise"], "haohua_groups": 0}
    assert result.fan == 7
    assert result.grouping.form is Form.STANDARD
    assert amounts(result) == [7, 0, 0]


def test_a_pure_run_of_pairs_under_never_is_six_either_way():
    result = run("11223344556677m", "7m", rules=jiujiang.Rules(base_add=BaseAdd.NEVER))
    assert result.fan == 6


# --- each pattern, and the payment page's worked examples -----------------------------------


def test_pinghu():
    result = run("123m456p789s234s55m", "5m")
    assert result.patterns == (Pattern.PINGHU,)
    assert result.fan == 1


def test_pengpeng_hunyise():
    # 111m 444m 777m 東東東 中中: 碰碰胡 and 混一色; 混一色 counts, 3 + 1 = 4
    result = run("111m444m777m東東東中中", "7z")
    assert result.terms == {"patterns": ["pengpeng", "hunyise"], "haohua_groups": 0}
    assert (result.fan, amounts(result)) == (4, [4, 0, 0])


def test_pengpeng_self_draw_dealer():
    # 111m 444m 777p 東東東 中中 (two suits): 碰碰胡 2 + 1 = 3 → 自摸 6 → 莊家 12, each pays 12
    result = run("111m444m777p東東東中中", "7z", win=TSUMO, seat=Wind.EAST)
    assert result.patterns == (Pattern.PENGPENG,)
    assert amounts(result) == [12, 12, 12]


def test_pengpeng_with_exposed_pungs():
    result = run("東東", "1z", "pon:111m,pon:222p,pon:333s,pon:中中中")
    assert result.patterns == (Pattern.PENGPENG,)
    assert result.fan == 3


def test_qidui_robbed_kong():
    # 七對 4 → 搶杠 8; pay=one the robbed player pays 8, pay=three 24
    result = run("112233m445566p77s", "7s", qianggang=True, seat=Wind.SOUTH)
    assert amounts(result) == [8, 0, 0]
    three = run(
        "112233m445566p77s",
        "7s",
        rules=jiujiang.Rules(pay=Pay.THREE),
        qianggang=True,
        seat=Wind.SOUTH,
    )
    assert amounts(three) == [24, 0, 0]


def test_qingyise_self_draw_dealer_is_capped():
    # 123m 456m 789m 234m 55m: 清一色 6 + 1 = 7 → 14 → 28 → capped 16; mult5 → 5; base 2 → 32
    tiles = dict(text="123m456m789m234m55m", win_tile="5m", win=TSUMO, seat=Wind.EAST)
    assert amounts(run(**tiles)) == [16, 16, 16]
    assert run(**tiles).outcome.has_note("capped")
    assert amounts(run(**tiles, rules=jiujiang.Rules(cap=Cap.MULT5))) == [5, 5, 5]
    assert amounts(run(**tiles, rules=jiujiang.Rules(base=2))) == [32, 32, 32]


def test_hunyise_seven_pairs():
    # 1122m 3355m 77m 東東 中中 as seven pairs: 七對 and 混一色: 七對 4 counts (no 底番)
    result = run("11223355m77m11z77z", "7z")
    assert result.terms == {"patterns": ["hunyise", "qidui"], "haohua_groups": 0}
    assert result.fan == 4


# --- 豪華七對 -----------------------------------------------------------------------------


def test_haohua_one_group():
    # 1111m 22p 33p 44s 55s 66s: seven pairs with one group of four: 豪華七對 8
    result = run("1111m2233p445566s", "6s")
    assert result.terms == {"patterns": ["haohua"], "haohua_groups": 1}
    assert result.fan == 8


def test_haohua_two_groups():
    # 1111m 2222m 33p 44p 55s: 8 × 2 = 16 (double), 8 + 4 = 12 (plus4)
    result = run("11112222m3344p55s", "5s")
    assert result.terms == {"patterns": ["haohua"], "haohua_groups": 2}
    assert result.fan == 16
    plus4 = run("11112222m3344p55s", "5s", rules=jiujiang.Rules(haohua_extra=HaohuaExtra.PLUS4))
    assert plus4.fan == 12


def test_haohua_third_group_is_capped_at_two():
    # 1111m 2222m 3333m 44p: three groups of four, scored as two, with a note; (as chows the
    # hand is only 平胡 1)
    result = run("111122223333m44p", "4p")
    assert result.terms == {"patterns": ["haohua"], "haohua_groups": 2}
    assert [(n.code, n.args["groups"]) for n in result.notes] == [("haohua_groups_capped", 3)]
    assert result.fan == 16


def test_haohua_qingyise():
    # 1111m 22m 33m 44m 55m 66m: 豪華七對 8 beats 清一色 as chows (6 + 1 = 7)
    result = run("11112233445566m", "6m")
    assert result.terms == {"patterns": ["qingyise", "haohua"], "haohua_groups": 1}
    assert result.fan == 8


def test_all_honours_count_as_hunyise():
    # 東東東 南南南 西西西 白白白 中中: 碰碰胡 and (no suit at all) 混一色: 3 + 1 = 4
    result = run("東東東南南南西西西白白白中中", "7z")
    assert result.patterns == (Pattern.PENGPENG, Pattern.HUNYISE)
    assert result.fan == 4


# --- the flags ----------------------------------------------------------------------------


def test_gangkai_with_a_kong():
    # 123m 456p 789s + concealed 2222s + 55m: 平胡 1 → 杠上開花 ×2 = 2 each
    result = run("123m456p789s55m", "5m", "ankan:2222s", win=TSUMO, gangkai=True, seat=Wind.SOUTH)
    assert amounts(result) == [2, 2, 2]
    assert result.payment.gangkai and not result.payment.dealer


@pytest.mark.parametrize(
    ("text", "melds", "conditions", "field"),
    [
        ("123m456p789s234s55m", "", dict(win=TSUMO, gangkai=True), "gangkai"),  # no kong
        ("123m456p789s55m", "ankan:2222s", dict(gangkai=True), "gangkai"),  # on a discard
        ("123m456p789s234s55m", "", dict(win=TSUMO, qianggang=True), "qianggang"),
    ],
)
def test_contradictions(text, melds, conditions, field):
    errors = analyse(hand(text, "5m", melds), Conditions(**conditions))
    assert [(e.code, e.field) for e in errors] == [("contradiction", field)]


def test_contradictions_without_tiles():
    assert contradictions(Conditions(qianggang=True, win=TSUMO)) == {"qianggang": "contradiction"}


# --- not a hand ---------------------------------------------------------------------------


def test_thirteen_orphans_is_not_a_jiujiang_hand():
    (error,) = analyse(hand("19m19p19s12345677z", "7z"))
    assert (error.code, error.field) == ("not_complete", "hand")


def test_not_complete_with_waits():
    # 1122334455667m + 9p: before the 9p, 7m makes seven pairs, 1m (11 + 123 234 456 567)
    # and 4m (123 123 44 456 567) make chows
    (error,) = analyse(hand("1122334455667m9p", "9p"))
    assert (error.args["shanten"], error.args["waits"]) == (0, ("1m", "4m", "7m"))


def test_seven_pairs_shanten_counts_four_identical_tiles_as_two_pairs():
    # 1111m 22m 33m 44m 55m 6m + 9p: with 1111m as two pairs, six pairs and a 6m: tenpai
    (error,) = analyse(hand("1111223344556m9p", "9p"))
    assert error.args["shanten"] == 0 and "6m" in error.args["waits"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [("123m456p789s234s50m", "red_five"), ("123m456p789s234s5m1f", "flower")],
)
def test_bad_notation(text, reason):
    errors = read(text, "5m")
    assert [(e.code, e.field, e.args["reason"]) for e in errors] == [
        ("bad_notation", "hand", reason)
    ]


def test_errors_are_entry_errors():
    errors = read("123m456p789s234s5m", "9p")
    assert all(isinstance(e, EntryError) for e in errors)
    assert {e.code for e in errors} == {"wrong_count", "win_tile_missing"}


def test_the_payment_hand_is_the_payment_pages():
    result = run("112233m445566p77s", "7s", win=TSUMO, seat=Wind.EAST)
    assert result.payment == jiujiang.Hand(
        frozenset({Pattern.QIDUI}), haohua_groups=1, win=TSUMO, dealer=True
    )
    assert result.outcome == jiujiang.score(result.payment)
    assert amounts(result) == [Fraction(16)] * 3  # 4 → 8 → 16


@settings(deadline=None, max_examples=300)
@given(
    st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True), st.sampled_from(list(Win))
)
def test_any_hand_gives_patterns_the_payment_page_accepts_or_errors(indices, win):
    tiles = [Tile(i // 4) for i in indices]
    checked = HandTiles(hand=tuple(sorted(tiles, key=lambda t: t.kind)), win_tile=tiles[0])
    result = analyse(checked, Conditions(win=win))
    if isinstance(result, tuple):
        assert [e.code for e in result] == ["not_complete"]
    else:
        assert jiujiang.input_errors(result.payment) == {}
        assert result.terms["haohua_groups"] in (0, 1, 2)
        assert (Pattern.HAOHUA in result.patterns) == (result.haohua_groups > 0)
