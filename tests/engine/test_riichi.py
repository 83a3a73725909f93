"""rules.md § riichi, example by example, through the engine alone."""

from __future__ import annotations

import doctest
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import riichi
from calculator.scoring.outcome import Win
from calculator.scoring.riichi import (
    TABLE_FU,
    TABLE_HAN,
    FuMode,
    Hand,
    Kazoe,
    Meld,
    Pair,
    Rules,
    Structure,
    Wait,
    basic_points,
    count_fu,
    point_table,
    score,
    structure_errors,
    unused_settings,
)

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
R = Meld.RUN


def amounts(outcome):
    return [int(p.amount) for p in outcome.payments]


def payers(outcome):
    return [p.payer for p in outcome.payments]


def codes(outcome):
    return [step.code for step in outcome.steps]


def melds(*melds: Meld) -> tuple[Meld, Meld, Meld, Meld]:
    return (*melds, *(R,) * (4 - len(melds)))  # type: ignore[return-value]


def test_doctests():
    assert doctest.testmod(riichi).failed == 0


# --- the worked examples -----------------------------------------------------------------


def test_3_han_30_fu_non_dealer_ron():
    outcome = score(Hand(han=3, fu=30))
    assert amounts(outcome) == [3900, 0, 0]
    assert payers(outcome) == ["discarder", "other", "other"]
    assert outcome.winner_receives == 3900
    assert outcome.base == 960
    assert outcome.fu == 30
    assert outcome.level is None
    assert outcome.notes == ()


def test_3_han_30_fu_dealer_ron():
    assert score(Hand(han=3, fu=30, dealer=True)).winner_receives == 5800


def test_3_han_30_fu_non_dealer_tsumo():
    outcome = score(Hand(han=3, fu=30, win=TSUMO))
    assert amounts(outcome) == [2000, 1000, 1000]
    assert payers(outcome) == ["dealer", "non_dealer", "non_dealer"]
    assert outcome.winner_receives == 4000


def test_2_honba_and_1_stick_ron():
    outcome = score(Hand(han=3, fu=30, honba=2, riichi_sticks=1))
    assert amounts(outcome) == [4500, 0, 0]
    assert outcome.from_table == 1000
    assert outcome.winner_receives == 5500


def test_2_honba_and_1_stick_tsumo():
    outcome = score(Hand(han=3, fu=30, win=TSUMO, honba=2, riichi_sticks=1))
    assert amounts(outcome) == [2200, 1200, 1200]
    assert outcome.winner_receives == 5600


def test_pinfu_tsumo_3_han_20_fu():
    outcome = score(Hand(han=3, fu=20, win=TSUMO))
    assert amounts(outcome) == [1300, 700, 700]
    assert outcome.winner_receives == 2700
    assert outcome.notes == ()


def test_pinfu_tsumo_counted():
    outcome = score(Hand(han=3, win=TSUMO, fu_mode=FuMode.COUNT))
    assert outcome.fu == 20
    assert outcome.winner_receives == 2700
    assert codes(outcome)[0] == "fu_pinfu_tsumo"


def test_4_han_30_fu_with_and_without_kiriage():
    assert score(Hand(han=4, fu=30)).winner_receives == 7700
    assert score(Hand(han=4, fu=30)).level is None
    outcome = score(Hand(han=4, fu=30), Rules(kiriage=True))
    assert outcome.winner_receives == 8000
    assert outcome.level == "mangan"
    assert codes(outcome) == ["basic_points", "kiriage", "level", "payment"]


def test_3_han_60_fu_kiriage():
    assert score(Hand(han=3, fu=60)).winner_receives == 7700
    assert score(Hand(han=3, fu=60), Rules(kiriage=True)).winner_receives == 8000


@pytest.mark.parametrize("kiriage", [False, True])
def test_4_han_40_fu_is_mangan_either_way(kiriage):
    outcome = score(Hand(han=4, fu=40), Rules(kiriage=kiriage))
    assert outcome.winner_receives == 8000
    assert outcome.level == "mangan"
    assert "kiriage" not in codes(outcome)


@pytest.mark.parametrize(
    ("han", "level", "non_dealer", "dealer"),
    [
        (5, "mangan", 8000, 12000),
        (6, "haneman", 12000, 18000),
        (7, "haneman", 12000, 18000),
        (8, "baiman", 16000, 24000),
        (10, "baiman", 16000, 24000),
        (11, "sanbaiman", 24000, 36000),
        (12, "sanbaiman", 24000, 36000),
        (13, "kazoe_yakuman", 32000, 48000),
    ],
)
def test_ladder_ron(han, level, non_dealer, dealer):
    assert score(Hand(han=han, fu=30)).winner_receives == non_dealer
    outcome = score(Hand(han=han, fu=30, dealer=True))
    assert outcome.winner_receives == dealer
    assert outcome.level == level
    assert outcome.fu == 30  # still the fu in play, even where it no longer counts


def test_seed_002_hatsu_concealed_triplet_closed_ron():
    structure = Structure(melds=melds(R, R, R, Meld.PON_CLOSED_TERMINAL))
    counted = count_fu(structure, RON)
    assert (counted.raw, counted.fu) == (38, 40)
    outcome = score(Hand(han=3, fu_mode=FuMode.COUNT, structure=structure))
    assert outcome.fu == 40
    assert outcome.winner_receives == 5200
    assert codes(outcome)[:5] == ["fu_base", "fu_closed_ron", "fu_meld", "fu_round", "basic_points"]


def test_seed_002_dealer_tsumo_mangan_and_haneman():
    mangan = score(Hand(han=5, dealer=True, win=TSUMO))
    assert amounts(mangan) == [4000] * 3
    assert payers(mangan) == ["non_dealer"] * 3
    assert mangan.winner_receives == 12000
    haneman = score(Hand(han=6, dealer=True, win=TSUMO))
    assert amounts(haneman) == [6000] * 3
    assert haneman.winner_receives == 18000


# --- kazoe and yakuman -------------------------------------------------------------------


def test_kazoe_yakuman():
    outcome = score(Hand(han=13, fu=40))
    assert outcome.level == "kazoe_yakuman"
    assert outcome.base == 8000
    assert outcome.winner_receives == 32000
    assert codes(outcome)[:2] == ["kazoe", "level"]


def test_kazoe_sanbaiman():
    outcome = score(Hand(han=13, fu=40, win=TSUMO), Rules(kazoe=Kazoe.SANBAIMAN))
    assert outcome.level == "sanbaiman"
    assert amounts(outcome) == [12000, 6000, 6000]
    assert outcome.winner_receives == 24000


@pytest.mark.parametrize(
    ("count", "level"),
    [
        (1, "yakuman"),
        (2, "double_yakuman"),
        (3, "3x_yakuman"),
        (4, "4x_yakuman"),
        (5, "5x_yakuman"),
        (6, "6x_yakuman"),
    ],
)
def test_yakuman_multiples(count, level):
    outcome = score(Hand(han=1, fu=20, yakuman=count))
    assert outcome.level == level
    assert outcome.base == 8000 * count
    assert outcome.fu is None
    assert outcome.notes == ()  # han/fu are ignored, not judged
    assert outcome.winner_receives == 32000 * count
    dealer_tsumo = score(Hand(yakuman=count, dealer=True, win=TSUMO))
    assert amounts(dealer_tsumo) == [16000 * count] * 3
    assert codes(outcome)[0] == "yakuman"


def test_yakuman_ignores_kazoe_and_kiriage():
    rules = Rules(kiriage=True, kazoe=Kazoe.SANBAIMAN)
    assert score(Hand(han=13, yakuman=1), rules).winner_receives == 32000


# --- counting fu -------------------------------------------------------------------------


def fu(win=RON, **fields):
    return count_fu(Structure(**fields), win).fu


def test_pinfu_ron_and_tsumo():
    assert fu() == 30
    assert fu(TSUMO) == 20
    assert [s.code for s in count_fu(Structure(), RON).items] == ["fu_pinfu_ron"]


def test_chiitoitsu_is_25_whatever_else_is_set():
    assert fu(chiitoitsu=True) == 25
    assert (
        fu(TSUMO, chiitoitsu=True, wait=Wait.KANCHAN, melds=melds(Meld.KAN_CLOSED_TERMINAL)) == 25
    )
    counted = count_fu(Structure(chiitoitsu=True), RON)
    assert counted.raw == 25
    assert [s.code for s in counted.items] == ["fu_chiitoitsu"]


def test_open_hand_of_20_becomes_30():
    counted = count_fu(Structure(closed=False), RON)
    assert (counted.raw, counted.fu) == (20, 30)
    assert counted.items[-1].code == "fu_open_minimum"
    assert dict(counted.items[-1].args) == {"counted": 20, "fu": 30}


def test_open_pinfu_shape_tsumo_rounds_to_30():
    counted = count_fu(Structure(closed=False), TSUMO)
    assert (counted.raw, counted.fu) == (22, 30)
    assert "fu_open_minimum" not in [s.code for s in counted.items]


def test_not_pinfu_closed_tsumo():
    # A yakuhai pair breaks pinfu: 20 + 2 tsumo + 2 pair = 24 → 30.
    assert fu(TSUMO, pair=Pair.YAKUHAI) == 30
    # 20 + 10 + 4 = 34 → 40.
    assert fu(pair=Pair.DOUBLE_WIND) == 40


@pytest.mark.parametrize(
    ("meld", "value"),
    [
        (Meld.RUN, 0),
        (Meld.PON_OPEN_SIMPLE, 2),
        (Meld.PON_OPEN_TERMINAL, 4),
        (Meld.PON_CLOSED_SIMPLE, 4),
        (Meld.PON_CLOSED_TERMINAL, 8),
        (Meld.KAN_OPEN_SIMPLE, 8),
        (Meld.KAN_OPEN_TERMINAL, 16),
        (Meld.KAN_CLOSED_SIMPLE, 16),
        (Meld.KAN_CLOSED_TERMINAL, 32),
    ],
)
def test_meld_fu(meld, value):
    assert meld.fu == value


@pytest.mark.parametrize(
    ("wait", "value"),
    [(Wait.RYANMEN, 0), (Wait.SHANPON, 0), (Wait.KANCHAN, 2), (Wait.PENCHAN, 2), (Wait.TANKI, 2)],
)
def test_wait_fu(wait, value):
    structure = Structure(wait=wait, pair=Pair.YAKUHAI, melds=melds(Meld.PON_CLOSED_SIMPLE))
    assert count_fu(structure, TSUMO).raw == 20 + 2 + 4 + 2 + value


def test_kans_add_up_past_110():
    # Closed ron, two closed terminal kans, a closed simple kan, tanki on a double wind.
    structure = Structure(
        wait=Wait.TANKI,
        pair=Pair.DOUBLE_WIND,
        melds=melds(Meld.KAN_CLOSED_TERMINAL, Meld.KAN_CLOSED_TERMINAL, Meld.KAN_CLOSED_SIMPLE),
    )
    counted = count_fu(structure, RON)
    assert counted.raw == 20 + 10 + 32 + 32 + 16 + 4 + 2
    assert counted.fu == 120
    outcome = score(Hand(han=2, fu_mode=FuMode.COUNT, structure=structure))
    assert outcome.fu == 120
    assert outcome.winner_receives == 7700  # 120 × 16 = 1,920 basic points


@pytest.mark.parametrize(
    ("han", "fu", "base", "level"),
    [
        (1, 120, 960, None),
        (1, 130, 1040, None),
        (1, 140, 1120, None),
        (1, 150, 1200, None),
        (1, 160, 1280, None),
        (1, 170, 1360, None),
        (2, 120, 1920, None),
        (2, 130, 2000, "mangan"),  # 2,080 basic points: capped
        (2, 170, 2000, "mangan"),
        (3, 120, 2000, "mangan"),
    ],
)
def test_given_fu_past_110(han, fu, base, level):
    assert fu in riichi.FU_VALUES
    assert basic_points(han, fu) == (base, level)
    outcome = score(Hand(han=han, fu=fu))
    assert (outcome.base, outcome.level, outcome.fu) == (base, level, fu)
    assert outcome.winner_receives == -(-base * 4 // 100) * 100


def test_fu_values_reach_the_highest_counted_hand():
    # Four concealed terminal kans, a double-wind pair, a pair wait, on a closed ron.
    structure = Structure(
        wait=Wait.TANKI, pair=Pair.DOUBLE_WIND, melds=(Meld.KAN_CLOSED_TERMINAL,) * 4
    )
    assert count_fu(structure, RON).fu == max(riichi.FU_VALUES) == 170
    assert set(TABLE_FU) <= set(riichi.FU_VALUES)
    assert riichi.FU_VALUES == (20, 25, *range(30, 171, 10))


def test_han_factor_is_the_basic_points_multiplier():
    assert [riichi.han_factor(han) for han in TABLE_HAN] == [8, 16, 32, 64]
    assert basic_points(3, 30)[0] == 30 * riichi.han_factor(3)


def test_kiriage_cells_are_worth_the_kiriage_points():
    # The kiriage label names these cells; the rule itself is by basic points.
    assert riichi.KIRIAGE_CELLS == ((4, 30), (3, 60))
    for han, fu in riichi.KIRIAGE_CELLS:
        assert fu * riichi.han_factor(han) == riichi.KIRIAGE_POINTS


def test_kiriage_applies_to_any_1920_basic_points():
    """rules.md defines kiriage by basic points, so counted 2 han 120 fu is mangan too."""
    structure = Structure(
        wait=Wait.TANKI,
        pair=Pair.DOUBLE_WIND,
        melds=melds(Meld.KAN_CLOSED_TERMINAL, Meld.KAN_CLOSED_TERMINAL, Meld.KAN_CLOSED_SIMPLE),
    )
    hand = Hand(han=2, fu_mode=FuMode.COUNT, structure=structure)
    assert score(hand, Rules(kiriage=True)).winner_receives == 8000
    assert "kiriage" not in unused_settings(hand, Rules(kiriage=True))


def test_open_kan_hand():
    structure = Structure(closed=False, melds=melds(Meld.KAN_OPEN_TERMINAL, Meld.PON_OPEN_TERMINAL))
    assert count_fu(structure, RON).fu == 40  # 20 + 16 + 4


def test_fu_items_breakdown():
    structure = Structure(
        wait=Wait.KANCHAN,
        pair=Pair.YAKUHAI,
        melds=(R, Meld.PON_CLOSED_TERMINAL, R, Meld.KAN_OPEN_SIMPLE),
        closed=False,
    )
    counted = count_fu(structure, TSUMO)
    assert [(s.code, dict(s.args)) for s in counted.items] == [
        ("fu_base", {"fu": 20}),
        ("fu_tsumo", {"fu": 2}),
        ("fu_meld", {"meld": "pon_closed_terminal", "index": 2, "fu": 8}),
        ("fu_meld", {"meld": "kan_open_simple", "index": 4, "fu": 8}),
        ("fu_pair", {"pair": "yakuhai", "fu": 2}),
        ("fu_wait", {"wait": "kanchan", "fu": 2}),
        ("fu_round", {"raw": 42, "fu": 50}),
    ]


def test_shanpon_ron_on_a_closed_hand_scores_the_won_triplet_open():
    structure = Structure(wait=Wait.SHANPON, melds=melds(Meld.PON_OPEN_SIMPLE))
    assert structure_errors(structure, RON) == {}
    assert count_fu(structure, RON).fu == 40  # 20 + 10 closed ron + 2
    assert structure_errors(structure, TSUMO) == {"m1": "contradiction"}


# --- contradictions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "win", "errors"),
    [
        ({}, RON, {}),
        ({"closed": False}, RON, {}),  # runs can be chi
        ({"melds": melds(Meld.KAN_CLOSED_TERMINAL)}, RON, {}),  # a closed kan keeps it closed
        ({"melds": melds(Meld.PON_OPEN_SIMPLE)}, RON, {"m1": "contradiction"}),
        ({"melds": melds(R, R, Meld.KAN_OPEN_TERMINAL)}, TSUMO, {"m3": "contradiction"}),
        (
            {"wait": Wait.SHANPON, "melds": melds(Meld.PON_OPEN_SIMPLE, Meld.KAN_OPEN_SIMPLE)},
            RON,
            {"m2": "contradiction"},
        ),
        (
            {"wait": Wait.SHANPON, "melds": melds(Meld.PON_OPEN_SIMPLE, Meld.PON_OPEN_TERMINAL)},
            RON,
            {"m2": "contradiction"},
        ),
        ({"wait": Wait.SHANPON}, TSUMO, {"wait": "contradiction"}),
        ({"wait": Wait.SHANPON, "melds": melds(Meld.PON_CLOSED_SIMPLE)}, TSUMO, {}),
        (
            {"wait": Wait.SHANPON, "melds": melds(Meld.PON_CLOSED_SIMPLE)},
            RON,
            {"wait": "contradiction"},
        ),
        (
            {"wait": Wait.SHANPON, "melds": melds(Meld.KAN_CLOSED_SIMPLE)},
            TSUMO,
            {"wait": "contradiction"},
        ),
        ({"melds": (Meld.PON_CLOSED_SIMPLE,) * 4}, TSUMO, {"wait": "contradiction"}),
        ({"wait": Wait.TANKI, "melds": (Meld.PON_CLOSED_SIMPLE,) * 4}, TSUMO, {}),
        (
            {"closed": False, "wait": Wait.TANKI, "melds": (Meld.KAN_CLOSED_SIMPLE,) * 4},
            TSUMO,
            {"closed": "contradiction"},
        ),
        ({"chiitoitsu": True, "closed": False}, RON, {"chiitoitsu": "contradiction"}),
        ({"chiitoitsu": True, "melds": melds(Meld.PON_OPEN_SIMPLE)}, RON, {}),  # unused
    ],
)
def test_structure_errors(fields, win, errors):
    assert structure_errors(Structure(**fields), win) == errors


def test_score_refuses_a_contradictory_counted_structure():
    structure = Structure(melds=melds(Meld.PON_OPEN_SIMPLE))
    with pytest.raises(ValueError, match="contradiction"):
        score(Hand(fu_mode=FuMode.COUNT, structure=structure))
    # Given fu, or a yakuman: the structure is unused, so it cannot be wrong.
    assert score(Hand(structure=structure)).winner_receives == 3900
    assert score(Hand(yakuman=1, fu_mode=FuMode.COUNT, structure=structure)).fu is None


# --- notes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "win", "impossible"),
    [
        (3, 20, RON, True),
        (13, 20, RON, True),
        (1, 20, TSUMO, True),
        (2, 20, TSUMO, False),
        (1, 25, RON, True),
        (2, 25, RON, False),
        (2, 25, TSUMO, True),
        (3, 25, TSUMO, False),
        (1, 30, RON, False),
        (1, 110, TSUMO, False),
    ],
)
def test_impossible_han_fu_is_noted_but_computed(han, fu, win, impossible):
    outcome = score(Hand(han=han, fu=fu, win=win))
    assert outcome.has_note("impossible_han_fu") is impossible
    assert outcome.winner_receives > 0


def test_impossible_note_args():
    note = score(Hand(han=1, fu=20)).notes[0]
    assert (note.code, dict(note.args)) == (
        "impossible_han_fu",
        {"han": 1, "fu": 20, "win": "discard"},
    )
    assert score(Hand(han=1, fu=20)).winner_receives == 700  # 20 × 8 × 4 = 640 → 700


def test_counted_chiitoitsu_at_1_han_is_noted():
    hand = Hand(han=1, fu_mode=FuMode.COUNT, structure=Structure(chiitoitsu=True))
    assert score(hand).has_note("impossible_han_fu")
    assert not score(replace(hand, han=2)).has_note("impossible_han_fu")


def test_counted_pinfu_tsumo_at_1_han_is_noted():
    assert score(Hand(han=1, win=TSUMO, fu_mode=FuMode.COUNT)).has_note("impossible_han_fu")


# --- steps -------------------------------------------------------------------------------


def test_steps_of_a_tsumo_with_honba_and_sticks():
    outcome = score(Hand(han=3, fu=30, win=TSUMO, honba=2, riichi_sticks=1))
    assert [(s.code, dict(s.args)) for s in outcome.steps] == [
        ("basic_points", {"fu": 30, "han": 3, "value": 960}),
        ("payment", {"payer": "dealer", "base": 960, "times": 2, "raw": 1920, "amount": 2000}),
        ("payment", {"payer": "non_dealer", "base": 960, "times": 1, "raw": 960, "amount": 1000}),
        ("honba", {"honba": 2, "each": 200}),
        ("sticks", {"sticks": 1, "value": 1000}),
    ]


def test_steps_of_a_limit_hand():
    outcome = score(Hand(han=6, fu=30, dealer=True, honba=1))
    assert [(s.code, dict(s.args)) for s in outcome.steps] == [
        ("level", {"han": 6, "level": "haneman", "value": 3000}),
        (
            "payment",
            {"payer": "discarder", "base": 3000, "times": 6, "raw": 18000, "amount": 18000},
        ),
        ("honba", {"honba": 1, "each": 300}),
    ]


def test_steps_of_a_yakuman():
    outcome = score(Hand(yakuman=2))
    assert dict(outcome.steps[0].args) == {"count": 2, "value": 16000}


# --- unused settings ---------------------------------------------------------------------

STRUCTURE = {"chiitoitsu", "closed", "wait", "pair", "m1", "m2", "m3", "m4"}


SANMA = {"sanma", "sanma_honba"}  # a four-player table never uses them


def test_unused_settings_default():
    assert unused_settings(Hand(), Rules()) == STRUCTURE | SANMA | {"kazoe", "kiriage"}


def test_unused_settings_yakuman():
    assert unused_settings(Hand(yakuman=1), Rules()) == STRUCTURE | SANMA | {
        "han",
        "fu",
        "fu_mode",
        "kiriage",
        "kazoe",
    }


def test_unused_settings_count_mode():
    assert unused_settings(Hand(fu_mode=FuMode.COUNT), Rules()) == SANMA | {
        "fu",
        "kazoe",
        "kiriage",
    }
    chiitoitsu = Hand(fu_mode=FuMode.COUNT, structure=Structure(chiitoitsu=True))
    assert unused_settings(chiitoitsu, Rules()) == STRUCTURE - {"chiitoitsu"} | SANMA | {
        "fu",
        "kazoe",
        "kiriage",
    }


def test_kazoe_and_kiriage_are_used_only_where_they_can_matter():
    assert "kazoe" not in unused_settings(Hand(han=13), Rules())
    assert "kiriage" not in unused_settings(Hand(han=4, fu=30), Rules())
    assert "kiriage" not in unused_settings(Hand(han=3, fu=60), Rules())
    assert "kiriage" in unused_settings(Hand(han=4, fu=40), Rules())
    assert "kiriage" in unused_settings(Hand(han=5, fu=30), Rules())


# --- the reference table -----------------------------------------------------------------


def cell(table, han, fu):
    return table.rows[han - 1].cells[TABLE_FU.index(fu)]


def test_point_table_non_dealer_ron():
    table = point_table(Hand(), Rules())
    assert table.roles == ("discarder",)
    assert [row.han for row in table.rows] == [1, 2, 3, 4]
    assert table.fus == (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    assert cell(table, 3, 30).amounts == (3900,)
    assert cell(table, 4, 30).amounts == (7700,)
    assert cell(table, 4, 30).level is None
    assert cell(table, 4, 40).amounts == (8000,)
    assert cell(table, 4, 40).level == "mangan"
    assert cell(table, 1, 110).amounts == (3600,)
    assert [cell(table, han, 20) for han in (1, 2, 3, 4)] == [None] * 4
    assert cell(table, 1, 25) is None
    assert cell(table, 2, 25).amounts == (1600,)
    assert [(lim.level, lim.cell.amounts) for lim in table.limits] == [
        ("mangan", (8000,)),
        ("haneman", (12000,)),
        ("baiman", (16000,)),
        ("sanbaiman", (24000,)),
        ("yakuman", (32000,)),
    ]


def test_point_table_non_dealer_tsumo_with_kiriage_and_honba():
    table = point_table(Hand(win=TSUMO, honba=1), Rules(kiriage=True))
    assert table.roles == ("dealer", "non_dealer")
    assert cell(table, 3, 30).amounts == (2100, 1100)
    assert cell(table, 3, 30).receives == 4300
    assert cell(table, 4, 30).amounts == (4100, 2100)
    assert cell(table, 4, 30).level == "mangan"
    assert cell(table, 1, 20) is None
    assert cell(table, 2, 20).amounts == (800, 500)  # 320: 700 / 400, + 100 each
    assert cell(table, 2, 25) is None
    assert cell(table, 3, 25).amounts == (1700, 900)


def test_point_table_dealer_tsumo():
    table = point_table(Hand(dealer=True, win=TSUMO), Rules())
    assert table.roles == ("non_dealer",)
    assert cell(table, 3, 20).amounts == (1300,)
    assert cell(table, 3, 20).receives == 3900
    assert table.limits[0].cell.amounts == (4000,)
    assert table.limits[1].cell.receives == 18000


def test_point_table_limit_rows_follow_kazoe():
    yakuman = point_table(Hand(), Rules()).limits
    assert (yakuman[3].min_han, yakuman[3].max_han) == (11, 12)
    assert yakuman[4].min_han == 13
    sanbaiman = point_table(Hand(), Rules(kazoe=Kazoe.SANBAIMAN)).limits
    assert (sanbaiman[3].min_han, sanbaiman[3].max_han) == (11, None)
    assert sanbaiman[4].min_han is None


def test_point_table_agrees_with_score():
    for dealer in (False, True):
        for win in Win:
            table = point_table(Hand(dealer=dealer, win=win, honba=3), Rules(kiriage=True))
            for row in table.rows:
                for fu, entry in zip(table.fus, row.cells, strict=True):
                    if entry is None:
                        continue
                    hand = Hand(han=row.han, fu=fu, dealer=dealer, win=win, honba=3)
                    outcome = score(hand, Rules(kiriage=True))
                    assert entry.receives == outcome.winner_receives
                    assert entry.amounts == tuple(amounts(outcome)[: len(table.roles)])


def test_point_table_depends_only_on_seat_win_honba_and_rules():
    # Built per request (no cache): the hand's own han and fu must not change it.
    assert point_table(Hand(han=5), Rules()) == point_table(Hand(han=2, fu=70), Rules())
    assert point_table(Hand(honba=1), Rules()) != point_table(Hand(), Rules())


# --- invariants --------------------------------------------------------------------------

structures = st.builds(
    Structure,
    chiitoitsu=st.booleans(),
    closed=st.booleans(),
    wait=st.sampled_from(Wait),
    pair=st.sampled_from(Pair),
    melds=st.tuples(*[st.sampled_from(Meld)] * 4),
)
hands = st.builds(
    Hand,
    han=st.integers(1, 13),
    fu=st.sampled_from(TABLE_FU),
    yakuman=st.one_of(st.just(0), st.integers(1, 6)),  # half of them without a yakuman
    dealer=st.booleans(),
    win=st.sampled_from(Win),
    honba=st.integers(0, 99),
    riichi_sticks=st.integers(0, 99),
    fu_mode=st.sampled_from(FuMode),
    structure=structures,
)
rules = st.builds(Rules, kiriage=st.booleans(), kazoe=st.sampled_from(Kazoe))


# Worked from rules.md § riichi alone (not from the engine), to check the engine against.
MELD_FU = {
    Meld.RUN: 0,
    Meld.PON_OPEN_SIMPLE: 2,
    Meld.PON_OPEN_TERMINAL: 4,
    Meld.PON_CLOSED_SIMPLE: 4,
    Meld.PON_CLOSED_TERMINAL: 8,
    Meld.KAN_OPEN_SIMPLE: 8,
    Meld.KAN_OPEN_TERMINAL: 16,
    Meld.KAN_CLOSED_SIMPLE: 16,
    Meld.KAN_CLOSED_TERMINAL: 32,
}
LADDER_POINTS = [(11, 6000), (8, 4000), (6, 3000), (5, 2000)]  # (lowest han, basic points)


def ceil100(value: int) -> int:
    return -(-value // 100) * 100


def expected_fu(structure: Structure, win: Win) -> int:
    if structure.chiitoitsu:
        return 25
    pinfu = (
        structure.closed
        and all(meld is Meld.RUN for meld in structure.melds)
        and structure.wait is Wait.RYANMEN
        and structure.pair is Pair.PLAIN
    )
    if pinfu:
        return 20 if win is TSUMO else 30
    raw = 20 + (10 if structure.closed and win is RON else 0) + (2 if win is TSUMO else 0)
    raw += sum(MELD_FU[meld] for meld in structure.melds)
    raw += {Pair.PLAIN: 0, Pair.YAKUHAI: 2, Pair.DOUBLE_WIND: 4}[structure.pair]
    raw += 2 if structure.wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI) else 0
    fu = -(-raw // 10) * 10  # rounded up to 10
    return 30 if fu == 20 and not structure.closed else fu


def expected_basic(han: int, fu: int, table_rules: Rules) -> int:
    if han >= 13:
        return 8000 if table_rules.kazoe is Kazoe.YAKUMAN else 6000
    for lowest, points in LADDER_POINTS:
        if han >= lowest:
            return points
    basic = fu * 2 ** (han + 2)
    if basic >= 2000 or (table_rules.kiriage and basic == 1920):
        return 2000
    return basic


def expected_payments(hand: Hand, basic: int) -> list[tuple[str, int]]:
    """Each payment rounded up to 100 on its own, then the counters."""
    if hand.win is RON:
        ron = ceil100(basic * (6 if hand.dealer else 4)) + 300 * hand.honba
        return [("discarder", ron), ("other", 0), ("other", 0)]
    counters = 100 * hand.honba
    if hand.dealer:
        return [("non_dealer", ceil100(2 * basic) + counters)] * 3
    non_dealer = ("non_dealer", ceil100(basic) + counters)
    return [("dealer", ceil100(2 * basic) + counters), non_dealer, non_dealer]


@settings(deadline=None)
@given(hands, rules)
def test_payments_follow_the_formulas(hand, table_rules):
    counted = hand.fu_mode is FuMode.COUNT and hand.yakuman == 0
    if counted and structure_errors(hand.structure, hand.win):
        with pytest.raises(ValueError):
            score(hand, table_rules)
        return
    outcome = score(hand, table_rules)
    if hand.yakuman:
        fu, basic = None, 8000 * hand.yakuman  # han and fu ignored
    else:
        fu = expected_fu(hand.structure, hand.win) if counted else hand.fu
        basic = expected_basic(hand.han, fu, table_rules)
    expected = expected_payments(hand, basic)
    assert [(p.payer, p.amount) for p in outcome.payments] == expected
    assert (outcome.base, outcome.fu) == (basic, fu)
    assert outcome.from_table == 1000 * hand.riichi_sticks
    assert outcome.winner_receives == sum(a for _, a in expected) + 1000 * hand.riichi_sticks
    impossible = fu is not None and (
        (fu == 20 and (hand.win is RON or hand.han < 2))
        or (fu == 25 and (hand.han < 2 or (hand.win is TSUMO and hand.han < 3)))
    )
    assert outcome.has_note("impossible_han_fu") == impossible


@settings(deadline=None)
@given(structures, st.sampled_from(Win))
def test_counted_fu_is_rounded_and_at_least_20(structure, win):
    counted = count_fu(structure, win)
    assert counted.fu == expected_fu(structure, win)
    assert counted.fu >= counted.raw
    assert counted.fu == 25 or counted.fu % 10 == 0
    assert counted.fu >= 20
    assert counted.fu - counted.raw < 10 or counted.items[-1].code == "fu_open_minimum"
