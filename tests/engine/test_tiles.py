"""Tile notation, melds and the whole-hand checks (calculator/scoring/tiles.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring.tiles import (
    EntryError,
    HandTiles,
    Meld,
    MeldKind,
    Tile,
    Wind,
    copy_errors,
    count_error,
    format_melds,
    format_tiles,
    parse_melds,
    parse_tile,
    parse_tiles,
    read,
    tile,
)


def texts(tiles):
    return [str(t) for t in tiles]


# --- the notation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m", ["1m", "2m", "3m"]),
        ("1m2m3m", ["1m", "2m", "3m"]),
        ("19p 19s", ["1p", "9p", "1s", "9s"]),
        ("1234567z", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
        ("東南西北白發中", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
        ("发东", ["6z", "1z"]),  # simplified 發 (contract) and 東 (ours)
        ("0m0p0s", ["0m", "0p", "0s"]),
        ("１２３Ｍ", ["1m", "2m", "3m"]),  # full-width, from a Chinese keyboard
        ("", []),
        ("   ", []),
    ],
)
def test_it_reads_the_notation(text, expected):
    assert texts(parse_tiles(text)) == expected


def test_red_five_is_a_five_with_the_red_flag():
    (red,) = parse_tiles("0p")
    assert red == Tile(13, red=True)
    assert red.number == 5 and red.suit == "p"
    assert red.plain == tile("5p")


@pytest.mark.parametrize(
    ("text", "index", "char", "reason"),
    [
        ("123x", 3, "x", "unknown_character"),
        ("12 3mq", 5, "q", "unknown_character"),
        ("m123", 0, "m", "no_digits"),
        ("123m p", 5, "p", "no_digits"),
        ("123", 0, "1", "no_suit"),  # points at the first digit without a suit
        ("55p12", 3, "1", "no_suit"),
        ("12東", 0, "1", "no_suit"),
        ("8z", 0, "8", "honor_number"),
        ("12340z", 4, "0", "honor_number"),
    ],
)
def test_it_points_at_the_bad_character(text, index, char, reason):
    error = parse_tiles(text)
    assert isinstance(error, EntryError)
    assert error.code == "bad_notation"
    assert error.field == "hand"
    assert dict(error.args) == {"index": index, "char": char, "reason": reason}


def test_red_fives_are_riichi_only():
    error = parse_tiles("340p", "hand", red_fives=False)
    assert error.code == "bad_notation"
    assert dict(error.args) == {"index": 2, "char": "0", "reason": "red_five"}


def test_the_field_is_the_one_given():
    assert parse_tiles("1x", "dora").field == "dora"


def test_win_tile_is_exactly_one_tile():
    assert parse_tile("5p") == tile("5p")
    assert parse_tile(" 中 ") == tile("7z")
    two = parse_tile("55p")
    assert (two.code, two.field, two.args["index"], two.args["reason"]) == (
        "bad_notation",
        "win_tile",
        1,
        "one_tile",
    )
    assert parse_tile("").args["reason"] == "empty"


# --- melds --------------------------------------------------------------------------------


def test_it_reads_every_kind_of_meld():
    melds = parse_melds("chi:123m,pon:555z,kan:1111p,ankan:9999s")
    assert [m.kind for m in melds] == [MeldKind.CHI, MeldKind.PON, MeldKind.KAN, MeldKind.ANKAN]
    assert [m.is_open for m in melds] == [True, True, True, False]
    assert [m.is_kan for m in melds] == [False, False, True, True]
    assert texts(melds[1].tiles) == ["5z", "5z", "5z"]


@pytest.mark.parametrize(
    "text",
    [
        "chi:312m",  # any order
        " chi : 1m2m3m ",
        "CHI:123m",
        "chi：１２３ｍ",  # full-width colon and digits
        "chi:123m,",  # a trailing comma is nothing
        "pon:白白白",
        "chi:406p",  # a red five in a run
    ],
)
def test_melds_are_read_leniently(text):
    melds = parse_melds(text)
    assert isinstance(melds, tuple) and len(melds) == 1


@pytest.mark.parametrize(
    ("text", "index", "reason"),
    [
        ("chi:124m", 4, "meld_shape"),
        ("chi:123z", 4, "meld_shape"),  # honours make no run
        ("chi:89m1p", 4, "meld_shape"),  # no wrapping, no mixing suits
        ("chi:1234m", 4, "meld_shape"),
        ("pon:556p", 4, "meld_shape"),
        ("pon:5555p", 4, "meld_shape"),
        ("kan:111p", 4, "meld_shape"),
        ("ankan:1112p", 6, "meld_shape"),
        ("chi:123m,pon:", 12, "meld_shape"),  # no tiles: points at the colon
        ("peng:555p", 0, "meld_kind"),
        ("555p", 0, "meld_kind"),
        ("chi:123m, 555p", 10, "meld_kind"),
        ("chi:12x3m", 6, "unknown_character"),
    ],
)
def test_bad_melds_are_bad_notation_on_melds(text, index, reason):
    error = parse_melds(text)
    assert isinstance(error, EntryError)
    assert (error.code, error.field) == ("bad_notation", "melds")
    assert error.args["index"] == index
    assert error.args["reason"] == reason
    assert error.args["char"] == text[index]


def test_red_fives_in_melds_are_riichi_only():
    assert parse_melds("pon:505p", red_fives=False).args["reason"] == "red_five"


# --- copies, count, winning tile ----------------------------------------------------------


def test_a_fifth_copy_is_reported_on_the_field_that_holds_it():
    hand = parse_tiles("1111m")
    (error,) = copy_errors(hand, parse_melds("pon:111m"))
    assert (error.code, error.field) == ("too_many_copies", "melds")
    assert dict(error.args) == {"tile": "1m", "count": 7, "limit": 4}


def test_an_indicator_counts_toward_the_four():
    (error,) = copy_errors(parse_tiles("555z"), (), parse_tiles("5z"), parse_tiles("5z"))
    assert (error.field, error.args["tile"], error.args["count"]) == ("ura", "5z", 5)


def test_one_red_five_per_suit():
    (error,) = copy_errors(parse_tiles("0p"), (), parse_tiles("0p"))
    assert (error.field, error.args["tile"], error.args["limit"]) == ("dora", "0p", 1)
    assert copy_errors(parse_tiles("0m0p0s555m")) == ()  # one red of each suit, 4 fives


def test_red_and_plain_fives_share_the_four():
    (error,) = copy_errors(parse_tiles("05555p"))
    assert error.args["tile"] == "5p"


def test_each_extra_tile_is_its_own_error():
    errors = copy_errors(parse_tiles("11111m99999s"))
    assert [e.args["tile"] for e in errors] == ["1m", "9s"]


@pytest.mark.parametrize(
    ("hand", "melds", "count", "needed"),
    [
        ("123m456p789s1122z", "", 13, 14),
        ("123m456p789s112233z", "", 15, 14),
        ("123m456p11z", "chi:789s", 11, 11),  # 8 hand tiles, but one meld needs 11
        ("123m456p11z", "kan:7777s", 11, 11),  # a kan counts as 3, not 4
    ],
)
def test_wrong_count(hand, melds, count, needed):
    parsed = parse_tiles(hand)
    error = count_error(parsed, parse_melds(melds))
    assert (error.code, error.field) == ("wrong_count", "hand")
    assert error.args["count"] == count
    assert error.args["needed"] == needed
    assert error.args["expected"] == 14


def test_kan_counts_as_three():
    assert count_error(parse_tiles("123m456p789s11z"), parse_melds("kan:7777s")) is None
    assert (
        count_error(parse_tiles("11z"), parse_melds("kan:1111m,kan:2222m,kan:3333m,kan:4444m"))
        is None
    )


def test_win_tile_must_be_in_the_hand():
    errors = read("123m456p789s11222z", "3z")
    assert [(e.code, e.field, dict(e.args)) for e in errors] == [
        ("win_tile_missing", "win_tile", {"tile": "3z"})
    ]


def test_a_plain_five_matches_a_held_red_five():
    hand = read("340m678m406p23488s", "5p")
    assert hand.win_tile == Tile(13, red=True)
    assert hand.canonical()["win_tile"] == "0p"
    # with both held, the plain one won
    assert read("340m678m4056p2348s", "5p").win_tile == tile("5p")
    # a red win tile needs a held red five
    assert read("345m678m456p23488s", "0p")[0].code == "win_tile_missing"


def test_read_gives_a_checked_hand():
    hand = read("中中 123m 456p 789s 東東東", "中", "", "1m", "", red_fives=False)
    assert isinstance(hand, HandTiles)
    assert hand.canonical() == {
        "hand": "123m456p789s11177z",
        "win_tile": "7z",
        "melds": "",
        "dora": "1m",
        "ura": "",
    }
    assert len(hand.concealed) == 13


def test_read_reports_every_field_that_does_not_parse():
    errors = read("12x", "55p", "pon:12m", "9z", "0")
    assert [(e.field, e.code) for e in errors] == [
        ("hand", "bad_notation"),
        ("win_tile", "bad_notation"),
        ("melds", "bad_notation"),
        ("dora", "bad_notation"),
        ("ura", "bad_notation"),
    ]


def test_read_reports_copies_count_and_win_tile_together():
    errors = read("11111m", "9m")
    assert [(e.code, e.field) for e in errors] == [
        ("too_many_copies", "hand"),
        ("wrong_count", "hand"),
        ("win_tile_missing", "win_tile"),
    ]


# --- canonical text -----------------------------------------------------------------------


def test_canonical_text_is_sorted_with_red_five_as_a_five():
    assert format_tiles(parse_tiles("東9s0m5m4m1p")) == "405m1p9s1z"
    assert format_tiles(parse_tiles("中白發")) == "567z"


def test_canonical_melds_are_sorted():
    melds = parse_melds("ankan:9999s, pon:白白白, chi:231m, kan:1111m")
    assert format_melds(melds) == "chi:123m,kan:1111m,ankan:9999s,pon:555z"


def test_wind_indices():
    assert [w.index for w in Wind] == [0, 1, 2, 3]
    assert [w.kind for w in Wind] == [27, 28, 29, 30]


tiles_strategy = st.lists(
    st.builds(Tile, st.integers(0, 33), st.just(False)), min_size=0, max_size=14
)


@settings(deadline=None)
@given(tiles_strategy)
def test_canonical_text_reads_back_to_the_same_tiles(tiles):
    text = format_tiles(tiles)
    assert sorted(parse_tiles(text), key=lambda t: t.sort_key) == sorted(
        tiles, key=lambda t: t.sort_key
    )
    assert format_tiles(parse_tiles(text)) == text


@settings(deadline=None)
@given(st.text(max_size=30))
def test_any_text_gives_tiles_or_an_error_never_a_crash(text):
    for red in (True, False):
        result = parse_tiles(text, red_fives=red)
        assert isinstance(result, tuple | EntryError)
        melds = parse_melds(text, red_fives=red)
        assert isinstance(melds, tuple | EntryError)
        if isinstance(result, EntryError):
            assert 0 <= result.args["index"] < len(text)
            assert result.args["char"] == text[result.args["index"]]


def test_meld_text():
    assert str(Meld(MeldKind.ANKAN, (tile("9s"),) * 4)) == "ankan:9999s"
