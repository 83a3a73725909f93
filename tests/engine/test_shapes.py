"""Hand shapes (calculator/scoring/shapes.py): every reading of known hands, and invariants.

Tiles: m 萬, p 筒, s 索, z 東南西北白發中.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from calculator.scoring.shapes import (
    Form,
    GroupKind,
    groupings,
    seven_pairs_shanten,
    standard_shanten,
    thirteen_orphans_shanten,
)
from calculator.scoring.tiles import Meld, MeldKind, Tile, counts_34, parse_melds, parse_tiles


def readings(hand, melds="", win=None):
    tiles = parse_tiles(hand)
    win_tile = parse_tiles(win)[0] if win else None
    return groupings(tiles, parse_melds(melds), win_tile)


def shapes(found, form=Form.STANDARD):
    """Each distinct reading as its groups' texts, sorted."""
    return {tuple(sorted(str(g) for g in x.groups)) for x in found if x.form is form}


# --- every reading of known hands ------------------------------------------------------------


def test_three_pungs_or_three_chows_are_both_listed():
    found = readings("111222333m456p99s")
    assert shapes(found) == {
        ("111m", "222m", "333m", "456p", "99s"),
        ("123m", "123m", "123m", "456p", "99s"),
    }
    assert {x.form for x in found} == {Form.STANDARD}


def test_seven_pairs_that_are_also_chows_are_both_listed():
    found = readings("112233m445566p77s")
    assert shapes(found) == {("123m", "123m", "456p", "456p", "77s")}
    assert shapes(found, Form.SEVEN_PAIRS) == {("11m", "22m", "33m", "44p", "55p", "66p", "77s")}


def test_a_pure_run_of_pairs_has_every_reading():
    # 11223344556677m: the pair can be 11, 44 or 77 (the rest in chows each time), or
    # seven pairs. (Pair 22, 33, 55 or 66 leaves a lone tile.)
    found = readings("11223344556677m")
    assert shapes(found) == {
        ("123m", "123m", "456m", "456m", "77m"),
        ("11m", "234m", "234m", "567m", "567m"),
        ("123m", "123m", "44m", "567m", "567m"),
    }
    assert len(shapes(found, Form.SEVEN_PAIRS)) == 1


def test_nine_gates_shape_lists_every_reading():
    # 11123455678999m, worked by hand: pair 55 leaves 111 234 678 999; pair 11 leaves
    # 1234556789999 → 123 then 4 5 5 6 7 8 999, and 456 leaves 5 7 8; pair 99 leaves
    # 1112345567899 → 111 234 then 5 5 6 7 8 9, and 567 leaves 5 8 9. One reading.
    found = readings("11123455678999m")
    assert shapes(found) == {("111m", "234m", "55m", "678m", "999m")}


def test_the_winning_tile_can_complete_each_set_that_holds_it():
    # 1m is in 111m and in 123m: two places, each its own grouping, same shape.
    found = readings("111123m456p789s55z", win="1m")
    assert len(found) == 2
    assert {x.completed.kind for x in found} == {GroupKind.PUNG, GroupKind.CHOW}
    assert len({x.shape() for x in found}) == 1


def test_a_pair_wait_completes_only_the_pair():
    found = readings("123m456p789s234s55m", win="5m")
    assert [x.completed.kind for x in found] == [GroupKind.PAIR]
    assert all(sum(g.completed for g in x.groups) == 1 for x in found)


def test_declared_melds_keep_their_exposure():
    found = readings("55m", "chi:123m,pon:777z,kan:1111p,ankan:9999s", win="5m")
    (only,) = found
    by_text = {str(g): g for g in only.groups}
    assert (by_text["123m"].kind, by_text["123m"].exposed) == (GroupKind.CHOW, True)
    assert (by_text["777z"].kind, by_text["777z"].exposed) == (GroupKind.PUNG, True)
    assert (by_text["1111p"].kind, by_text["1111p"].exposed) == (GroupKind.KONG, True)
    assert (by_text["9999s"].kind, by_text["9999s"].exposed) == (GroupKind.KONG, False)
    assert all(g.declared for g in only.sets)
    assert not by_text["55m"].declared and by_text["55m"].completed


def test_four_kongs_make_eighteen_tiles():
    found = readings("99s", "kan:1111m,ankan:2222p,kan:3333s,ankan:7777z", win="9s")
    assert len(found) == 1 and len(found[0].tiles) == 18


def test_seven_pairs_report_four_identical_tiles_as_one_group():
    found = readings("11112233445566m")
    (pairs,) = [x for x in found if x.form is Form.SEVEN_PAIRS]
    assert [g.kind for g in pairs.groups].count(GroupKind.FOUR) == 1
    assert [str(g) for g in pairs.groups if g.kind is GroupKind.FOUR] == ["1111m"]


def test_seven_pairs_need_no_melds():
    assert not [
        x for x in readings("1122m", "pon:111z,pon:222z,pon:333z") if x.form is Form.SEVEN_PAIRS
    ]


def test_thirteen_orphans():
    (found,) = readings("19m19p19s12345677z")
    assert found.form is Form.THIRTEEN_ORPHANS
    assert [str(g) for g in found.groups if g.kind is GroupKind.PAIR] == ["77z"]
    assert sum(g.kind is GroupKind.SINGLE for g in found.groups) == 12


def test_an_incomplete_hand_has_no_reading():
    assert readings("123m456p789s234s56m") == ()


def test_counts_need_the_winning_tile():
    with pytest.raises(ValueError):
        groupings(counts_34(parse_tiles("123m456p789s234s55m")))


# --- invariants ------------------------------------------------------------------------------


def _set_tiles(kind: str, first: int) -> list[Tile]:
    if kind == "chow":
        return [Tile(first), Tile(first + 1), Tile(first + 2)]
    return [Tile(first)] * 3


chow_starts = st.sampled_from([s * 9 + n for s in range(3) for n in range(7)])
sets = st.one_of(
    st.tuples(st.just("chow"), chow_starts),
    st.tuples(st.just("pung"), st.integers(0, 33)),
    st.tuples(st.just("kan"), st.integers(0, 33)),
    st.tuples(st.just("ankan"), st.integers(0, 33)),
    st.tuples(st.just("chi"), chow_starts),
    st.tuples(st.just("pon"), st.integers(0, 33)),
)


@st.composite
def complete_hands(draw):
    """Four sets and a pair (some declared), no kind more than four times."""
    chosen = draw(st.lists(sets, min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    held: list[Tile] = [Tile(pair)] * 2
    melds: list[Meld] = []
    for kind, first in chosen:
        if kind in ("chow", "pung"):
            held += _set_tiles(kind, first)
        elif kind == "chi":
            melds.append(Meld(MeldKind.CHI, tuple(_set_tiles("chow", first))))
        elif kind == "pon":
            melds.append(Meld(MeldKind.PON, (Tile(first),) * 3))
        else:
            melds.append(Meld(MeldKind(kind), (Tile(first),) * 4))
    every = Counter(t.kind for t in [*held, *(t for m in melds for t in m.tiles)])
    if max(every.values()) > 4:
        held = draw(st.nothing())
    win = draw(st.sampled_from(held))
    return held, tuple(melds), win


@settings(deadline=None, max_examples=300)
@given(complete_hands())
def test_every_reading_uses_exactly_the_tiles_given(hand):
    held, melds, win = hand
    found = groupings(held, melds, win)
    assert found, "a hand built from four sets and a pair has a reading"
    given_tiles = Counter(t.kind for t in [*held, *(t for m in melds for t in m.tiles)])
    for reading in found:
        assert Counter(t.kind for t in reading.tiles) == given_tiles
        (completed,) = [g for g in reading.groups if g.completed]
        assert not completed.declared and win.kind in {t.kind for t in completed.tiles}
        assert sum(g.declared for g in reading.groups) == len(melds)


@settings(deadline=None, max_examples=300)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_every_reading_of_any_fourteen_tiles_uses_them_all(kinds):
    counts = Counter(kinds)
    if max(counts.values()) > 4:
        return
    held = [Tile(k) for k in kinds]
    for reading in groupings(held):
        assert Counter(t.kind for t in reading.tiles) == counts


hands_13 = st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True).map(
    lambda indices: counts_34(Tile(i // 4) for i in indices)
)


@settings(deadline=None, max_examples=400)
@given(hands_13)
def test_shanten_agrees_with_the_mahjong_package(counts):
    # With four of a kind held the package adds one when the only wait would be a fifth
    # copy; the analysers do the same from the waits (see test_hk_hand), not the formula.
    assume(max(counts) < 4)
    assert standard_shanten(counts) == Shanten.calculate_shanten(
        counts, use_chiitoitsu=False, use_kokushi=False
    )
    assert seven_pairs_shanten(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
    assert thirteen_orphans_shanten(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts)


@settings(deadline=None, max_examples=200)
@given(st.integers(1, 4), st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True))
def test_shanten_with_declared_sets_agrees_with_the_mahjong_package(melds, indices):
    counts = counts_34(Tile(i // 4) for i in indices[: 13 - 3 * melds])
    assume(max(counts) < 4)
    assert standard_shanten(counts, melds) == Shanten.calculate_shanten(
        counts, use_chiitoitsu=False, use_kokushi=False
    )


def test_shanten_examples():
    # 123m 456p 789s + 11z pair + 34z: one tile from tenpai.
    assert standard_shanten(counts_34(parse_tiles("123m456p789s1134z"))) == 1
    # tenpai on 1s/4s; complete (−1) once it comes
    assert standard_shanten(counts_34(parse_tiles("123m456p789s23s55m"))) == 0
    assert standard_shanten(counts_34(parse_tiles("123m456p789s234s55m"))) == -1
    # six pairs and a lone tile: tenpai for seven pairs either way
    six_pairs = counts_34(parse_tiles("1111223344556m"))
    assert seven_pairs_shanten(six_pairs, fours_count=True) == 0
    # four 1m are one pair: five different pairs and 6m, so a pair for 6m and a new pair
    assert seven_pairs_shanten(six_pairs) == 2
    assert thirteen_orphans_shanten(counts_34(parse_tiles("19m19p19s1234567z"))) == 0
