"""Three-player riichi hands (三麻) through calculator/scoring/riichi_hand.py, worked by hand.

A three-player set has no 2m–8m (萬 only 1m and 9m), so a dora indicator 1m makes 9m the
dora (and 9m makes 1m, as ever). Each 北 set aside (kita, 拔北) is one dora and not in the
hand; it is also a 北, so it counts again when an indicator 西 makes 北 a dora (and for an
ura indicator 西 under riichi). The kita line is its own `dora` entry; the dora line keeps
the rest. Payments (rules.md § riichi with three players): b = fu × 2^(han+2) (mangan 2,000
from 5 han or when b reaches 2,000; haneman 3,000; baiman 4,000; yakuman 8,000); ron 4b (6b
to a dealer) ↑100 from the discarder, nobody else; tsumo under ツモ損 dealer 2b ↑100 and the
other non-dealer b ↑100, a dealer winner 2b ↑100 from each of two; under 北家折半 2b + b/2 and
b + b/2, a dealer 3b each (rounded once, after adding); a counter 200 in all (ron), 100
from each on a tsumo, or 300 / 150 with `sanma_honba=300`. Fu as with four players.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from calculator.scoring import riichi
from calculator.scoring.outcome import Win
from calculator.scoring.riichi import Sanma
from calculator.scoring.riichi_hand import Analysis, Conditions, analyse, contradictions
from calculator.scoring.tiles import EntryError, HandTiles, Wind, read, three_player_error

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
LOSS = riichi.Rules(players=3)
BISECTION = riichi.Rules(players=3, sanma=Sanma.BISECTION)
HONBA_300 = riichi.Rules(players=3, sanma_honba=300)
KITA = "kita"  # marks the kita line in the expected yaku


def tiles_of(hand, win_tile, melds="", dora="", ura=""):
    tiles = read(hand, win_tile, melds, dora, ura, red_fives=True)
    assert isinstance(tiles, HandTiles), tiles
    for name, text in (("hand", hand), ("win_tile", win_tile), ("melds", melds)):
        assert three_player_error(text, name) is None  # a real three-player hand
    return tiles


def c(**kwargs):
    return Conditions(**kwargs)


@dataclass(frozen=True)
class Case:
    hand: str
    win_tile: str
    conditions: Conditions
    yaku: list[tuple[str, int]]  # (key, han) in the package's order; ("kita", n) for 拔北
    han: int | None
    fu: int | None
    payments: list[int]
    receives: int
    melds: str = ""
    dora: str = ""
    ura: str = ""
    honba: int = 0
    sticks: int = 0
    rules: riichi.Rules = field(default_factory=lambda: LOSS)
    yakuman: int = 0

    def run(self):
        tiles = tiles_of(self.hand, self.win_tile, self.melds, self.dora, self.ura)
        return analyse(
            tiles, self.conditions, honba=self.honba, riichi_sticks=self.sticks, rules=self.rules
        )


def yaku_of(result: Analysis) -> list[tuple[str, int]]:
    return [
        (KITA if y.kita else y.key, y.han if y.han is not None else y.yakuman) for y in result.yaku
    ]


CASES = {
    # South, riichi ron on 2p (34p: two-sided): riichi 1 + pinfu 1 + kita 1 = 3 han; pinfu
    # ron 30 fu; b = 30 × 32 = 960; 4b = 3,840 -> 3,900 from the discarder, 0 from the other.
    "pinfu_ron_kita": Case(
        "234567p345678s99m",
        "2p",
        c(seat=S, riichi=True, kita=1),
        yaku=[("riichi", 1), ("pinfu", 1), (KITA, 1)],
        han=3,
        fu=30,
        payments=[3900, 0],
        receives=3900,
    ),
    # The same hand self-drawn under 北家折半: riichi 1 + tsumo 1 + pinfu 1 + kita 1 = 4 han
    # 20 fu; b = 20 × 64 = 1,280. Dealer 2b + b/2 = 3,200; the other b + b/2 = 1,920 -> 2,000.
    "pinfu_tsumo_kita_bisection": Case(
        "234567p345678s99m",
        "2p",
        c(seat=S, win=TSUMO, riichi=True, kita=1),
        yaku=[("tsumo", 1), ("riichi", 1), ("pinfu", 1), (KITA, 1)],
        han=4,
        fu=20,
        payments=[3200, 2000],
        receives=5200,
        rules=BISECTION,
    ),
    # Same tiles and ツモ損: dealer 2b = 2,560 -> 2,600; the other b = 1,280 -> 1,300.
    "pinfu_tsumo_kita_loss": Case(
        "234567p345678s99m",
        "2p",
        c(seat=S, win=TSUMO, riichi=True, kita=1),
        yaku=[("tsumo", 1), ("riichi", 1), ("pinfu", 1), (KITA, 1)],
        han=4,
        fu=20,
        payments=[2600, 1300],
        receives=3900,
    ),
    # Indicator 1m -> 9m: the 99m pair is 2 dora. riichi 1 + pinfu 1 + dora 2 = 4 han 30 fu;
    # b = 1,920 (no kiriage) -> 4b = 7,680 -> 7,700.
    "dora_1m_makes_9m": Case(
        "234567p345678s99m",
        "2p",
        c(seat=S, riichi=True),
        yaku=[("riichi", 1), ("pinfu", 1), ("dora", 2)],
        han=4,
        fu=30,
        payments=[7700, 0],
        receives=7700,
        dora="1m",
    ),
    # Indicator 9m -> 1m: a concealed 111m is 3 dora. Dealer riichi ron on 4p (23p, two-sided):
    # riichi 1 + dora 3 = 4 han; 20 + 10 closed ron + 8 concealed terminal pon = 38 -> 40 fu;
    # b = 40 × 64 = 2,560 -> mangan 2,000; dealer ron 6 × 2,000 = 12,000.
    "dora_9m_makes_1m_dealer": Case(
        "111m234567p789s55s",
        "4p",
        c(seat=E, riichi=True),
        yaku=[("riichi", 1), ("dora", 3)],
        han=4,
        fu=40,
        payments=[12000, 0],
        receives=12000,
        dora="9m",
    ),
    # Indicator 西 makes 北 the dora, and each kita is a 北: kita 2 -> dora 2 + kita 2.
    # riichi 1 + pinfu 1 + ittsu 2 + 4 = 8 han: baiman 4,000; South's ron 16,000.
    "kita_counts_again_under_a_west_indicator": Case(
        "123456789p234s55s",
        "4s",
        c(seat=S, riichi=True, kita=2),
        yaku=[("riichi", 1), ("pinfu", 1), ("ittsu", 2), ("dora", 2), (KITA, 2)],
        han=8,
        fu=30,
        payments=[16000, 0],
        receives=16000,
        dora="3z",
    ),
    # Dealer (East seat, East round) closed tsumo on 4p (56p): tsumo 1 + 東 seat 1 + 東 round 1
    # + kita 1 = 4 han; 20 + 2 tsumo + 8 concealed honour pon = 30 fu; b = 1,920;
    # ツモ損: 2b = 3,840 -> 3,900 from each of the two.
    "dealer_double_east_tsumo_loss": Case(
        "111z123456p789s99s",
        "4p",
        c(seat=E, round_wind=E, win=TSUMO, kita=1),
        yaku=[("tsumo", 1), ("seat_wind_east", 1), ("round_wind_east", 1), (KITA, 1)],
        han=4,
        fu=30,
        payments=[3900, 3900],
        receives=7800,
    ),
    # The same under 北家折半: 3b = 5,760 -> 5,800 from each.
    "dealer_double_east_tsumo_bisection": Case(
        "111z123456p789s99s",
        "4p",
        c(seat=E, round_wind=E, win=TSUMO, kita=1),
        yaku=[("tsumo", 1), ("seat_wind_east", 1), ("round_wind_east", 1), (KITA, 1)],
        han=4,
        fu=30,
        payments=[5800, 5800],
        receives=11600,
        rules=BISECTION,
    ),
    # Seven pairs with 1m and 9m, riichi ron on 6z: riichi 1 + chiitoitsu 2 + kita 1 = 4 han
    # 25 fu; b = 25 × 64 = 1,600; 4b = 6,400.
    "chiitoitsu_kita": Case(
        "1199m1155p77s2266z",
        "6z",
        c(seat=S, riichi=True, kita=1),
        yaku=[("riichi", 1), ("chiitoitsu", 2), (KITA, 1)],
        han=4,
        fu=25,
        payments=[6400, 0],
        receives=6400,
    ),
    # Open toitoi, a 北 pair and two kita (four 北 in all): toitoi 2 + kita 2 = 4 han.
    # Fu: 20 + open 999m 4 + open 111p 4 + concealed 555s 4 + 777s completed by the ron
    # (open simple) 2 = 34 -> 40; the 北 pair is no yakuhai at a South seat, East round.
    # b = 40 × 64 = 2,560 -> mangan: 8,000.
    "toitoi_north_pair_two_kita": Case(
        "555777s44z",
        "7s",
        c(seat=S, kita=2),
        yaku=[("toitoi", 2), (KITA, 2)],
        han=4,
        fu=40,
        payments=[8000, 0],
        receives=8000,
        melds="pon:999m,pon:111p",
    ),
    # West seat, open 白 pon, 筒子 honitsu with ittsu, ron on 9p (78p): 白 1 + honitsu 2 +
    # ittsu 1 (open) = 4 han; 20 + open honour pon 4 = 24 -> 30 fu; b = 1,920 -> 7,700.
    "open_honitsu_ittsu_west": Case(
        "11123456789p",
        "9p",
        c(seat=W),
        yaku=[("haku", 1), ("ittsu", 1), ("honitsu", 2)],
        han=4,
        fu=30,
        payments=[7700, 0],
        receives=7700,
        melds="pon:555z",
    ),
    # West seat in the West round: the open 西 pon is seat wind 1 + round wind 1 = 2 han.
    # Tsumo on a 9p tanki: 20 + open honour pon 4 + tanki 2 + tsumo 2 = 28 -> 30 fu;
    # b = 480: dealer 960 -> 1,000, the other 480 -> 500.
    "west_round_double_west_tsumo": Case(
        "123p456789s99p",
        "9p",
        c(seat=W, round_wind=W, win=TSUMO),
        yaku=[("seat_wind_west", 1), ("round_wind_west", 1)],
        han=2,
        fu=30,
        payments=[1000, 500],
        receives=1500,
        melds="pon:333z",
    ),
    # Dealer riichi ron with a kita and an ura indicator 西: the kita is a 北 for the ura too.
    # riichi 1 + pinfu 1 + kita 1 + ura 1 = 4 han 30 fu; b = 1,920; 6b = 11,520 -> 11,600.
    "kita_under_west_ura": Case(
        "234567p345678s99m",
        "2p",
        c(seat=E, riichi=True, kita=1),
        yaku=[("riichi", 1), ("pinfu", 1), (KITA, 1), ("ura_dora", 1)],
        han=4,
        fu=30,
        payments=[11600, 0],
        receives=11600,
        ura="3z",
    ),
    # A red 5p (0p) is still in the set: riichi 1 + pinfu 1 + aka 1 = 3 han 30 fu -> 3,900;
    # with 2 counters, 200 each on a ron: 4,300; and a riichi stick on the table: 5,300.
    "red_five_pin_honba": Case(
        "234067p345678s99m",
        "2p",
        c(seat=S, riichi=True),
        yaku=[("riichi", 1), ("pinfu", 1), ("aka_dora", 1)],
        han=3,
        fu=30,
        payments=[4300, 0],
        receives=5300,
        honba=2,
        sticks=1,
    ),
    # Kokushi with 1m and 9m, one kita, tsumo on 9m (a single wait: the pair is 11m): a
    # yakuman, dora do not count. ツモ損 non-dealer: dealer 16,000, the other 8,000.
    "kokushi_tsumo": Case(
        "119m19p19s1234567z",
        "9m",
        c(seat=S, win=TSUMO, kita=1),
        yaku=[("kokushi", 1)],
        han=None,
        fu=None,
        payments=[16000, 8000],
        receives=24000,
        yakuman=1,
    ),
    # Concealed 111m, 999m and 111s, tsumo on 4p (23p): tsumo 1 + sanankou 2 + dora 3
    # (indicator 1m -> 9m, three held) = 6 han: haneman 3,000; 20 + 2 + 3 × 8 = 46 -> 50 fu.
    # West's tsumo, ツモ損: dealer 6,000, the other 3,000.
    "sanankou_terminals_dora_1m": Case(
        "111999m23477p111s",
        "4p",
        c(seat=W, win=TSUMO),
        yaku=[("tsumo", 1), ("sanankou", 2), ("dora", 3)],
        han=6,
        fu=50,
        payments=[6000, 3000],
        receives=9000,
        dora="1m",
    ),
    # Closed kan of 9s, rinshan tsumo on 9p (78p): tsumo 1 + rinshan 1 + ittsu 2 = 4 han;
    # 20 + 2 + concealed terminal kan 32 = 54 -> 60 fu; b = 3,840 -> mangan 2,000.
    # 2 counters at 300 (150 from each): dealer 4,000 + 300, the other 2,000 + 300.
    "ankan_rinshan_honba_300": Case(
        "12345678p99m9p",
        "9p",
        c(seat=S, win=TSUMO, rinshan=True),
        yaku=[("tsumo", 1), ("rinshan", 1), ("ittsu", 2)],
        han=4,
        fu=60,
        payments=[4300, 2300],
        receives=6600,
        melds="ankan:9999s",
        honba=2,
        rules=HONBA_300,
    ),
    # An open 北 pon and a kita (four 北), 中 pon, indicator 西: 中 1 + dora 4 (the three
    # 北 of the pon and the kita) + kita 1 = 6 han: haneman; 20 + 4 + 4 = 28 -> 30 fu.
    # South's ron: 4 × 3,000 = 12,000.
    "north_pon_kita_west_indicator": Case(
        "123p45699s",
        "6s",
        c(seat=S, kita=1),
        yaku=[("chun", 1), ("dora", 4), (KITA, 1)],
        han=6,
        fu=30,
        payments=[12000, 0],
        receives=12000,
        melds="pon:444z,pon:777z",
        dora="3z",
    ),
    # The dealer in the South round, a 南 pair: a yakuhai pair is 2 fu, not a yaku (and no
    # pinfu). riichi 1 + ittsu 2 + kita 1 = 4 han; 20 + 10 closed ron + 2 pair = 32 -> 40
    # fu (the 4s wait is two-sided); b = 2,560 -> mangan: 6 × 2,000 = 12,000.
    "dealer_south_round_yakuhai_pair": Case(
        "123456789p234s22z",
        "4s",
        c(seat=E, round_wind=S, riichi=True, kita=1),
        yaku=[("riichi", 1), ("ittsu", 2), (KITA, 1)],
        han=4,
        fu=40,
        payments=[12000, 0],
        receives=12000,
    ),
    # 索子 honitsu, closed, with a concealed 發 pon, ron on 9s (78s): 發 1 + ittsu 2 + honitsu
    # 3 (closed) + kita 2 = 8 han: baiman 4,000; West's ron 16,000.
    "closed_honitsu_hatsu_two_kita": Case(
        "123456789s666z11s",
        "9s",
        c(seat=W, kita=2),
        yaku=[("hatsu", 1), ("ittsu", 2), ("honitsu", 3), (KITA, 2)],
        han=8,
        fu=40,
        payments=[16000, 0],
        receives=16000,
    ),
    # Honroutou with 1m and 9m: open 111m and 999p, concealed 111s and 999s, tanki ron on
    # the 東 pair: honroutou 2 + toitoi 2 + dora 3 (indicator 9m -> 1m: the 111m pon) = 7
    # han: haneman 3,000 -> 12,000. Fu 20 + 4 + 4 + 8 + 8 + 東 pair (round wind) 2 + tanki 2
    # = 48 -> 50.
    "honroutou_dora_9m_makes_1m": Case(
        "111999s11z",
        "1z",
        c(seat=S),
        yaku=[("honroto", 2), ("toitoi", 2), ("dora", 3)],
        han=7,
        fu=50,
        payments=[12000, 0],
        receives=12000,
        melds="pon:111m,pon:999p",
        dora="9m",
    ),
    # Open tanyao (a pon: no chi at three players) tsumo on 2p (34p) with a counter, 北家折半:
    # tanyao 1; 20 + open simple pon 2 + tsumo 2 = 24 -> 30 fu; b = 240: dealer 2b + b/2 =
    # 600, the other b + b/2 = 360 -> 400; + 100 each for the counter: 700 / 500.
    "open_tanyao_tsumo_bisection_honba": Case(
        "234p567s345s66s",
        "2p",
        c(seat=S, win=TSUMO),
        yaku=[("tanyao", 1)],
        han=1,
        fu=30,
        payments=[700, 500],
        receives=1200,
        melds="pon:888p",
        honba=1,
        rules=BISECTION,
    ),
    # Dealer riichi pinfu tsumo with three kita: tsumo 1 + riichi 1 + pinfu 1 + kita 3 = 6
    # han: haneman; ツモ損, 2 × 3,000 = 6,000 from each of the two.
    "dealer_pinfu_tsumo_three_kita": Case(
        "345567p234789s11p",
        "3p",
        c(seat=E, win=TSUMO, riichi=True, kita=3),
        yaku=[("tsumo", 1), ("riichi", 1), ("pinfu", 1), (KITA, 3)],
        han=6,
        fu=20,
        payments=[6000, 6000],
        receives=12000,
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_real_three_player_hands(case):
    result = case.run()
    assert isinstance(result, Analysis), result
    assert yaku_of(result) == case.yaku
    assert result.han == case.han
    assert result.fu == case.fu
    assert result.yakuman == case.yakuman
    assert [int(p.amount) for p in result.outcome.payments] == case.payments
    assert result.outcome.winner_receives == case.receives
    assert result.payment and result.rules == case.rules


def test_there_are_at_least_15_distinct_real_hands():
    assert len({(c.hand, c.melds, c.win_tile) for c in CASES.values()}) >= 15
    assert sum(c.conditions.kita > 0 for c in CASES.values()) >= 8
    assert any(c.dora == "1m" for c in CASES.values())


def test_dora_total_counts_the_kita():
    result = CASES["kita_counts_again_under_a_west_indicator"].run()
    assert result.dora == 4
    dora_lines = [y for y in result.yaku if y.key == "dora"]
    assert [(y.han, y.kita) for y in dora_lines] == [(2, False), (2, True)]


def test_the_payment_is_the_payment_pages_for_the_same_values():
    result = CASES["pinfu_tsumo_kita_bisection"].run()
    assert result.payment == riichi.Hand(han=4, fu=20, win=TSUMO)
    assert result.outcome == riichi.score(result.payment, BISECTION)


def test_the_same_tiles_with_four_players():
    """With four players the kita is not allowed and the 1m indicator points at 2m."""
    tiles = tiles_of("234567p345678s99m", "2p", dora="1m")
    four = analyse(tiles, c(seat=S, riichi=True))
    assert [(y.key, y.han) for y in four.yaku] == [("riichi", 1), ("pinfu", 1)]
    assert [int(p.amount) for p in four.outcome.payments] == [2000, 0, 0]


# --- errors -----------------------------------------------------------------------------------


def codes(result) -> list[tuple[str, str]]:
    assert isinstance(result, tuple), result
    return [(e.field, e.code) for e in result]


def test_a_fifth_north_is_too_many_copies_on_kita():
    tiles = tiles_of("555777s44z", "7s", melds="pon:999m,pon:111p")
    result = analyse(tiles, c(seat=S, kita=3), rules=LOSS)
    assert codes(result) == [("kita", "too_many_copies")]
    assert result[0].args["count"] == 5 and result[0].args["tile"] == "4z"
    # an indicator is a tile of the set too: 北北 pair + 2 kita + a 北 indicator
    tiles = tiles_of("555777s44z", "7s", melds="pon:999m,pon:111p", dora="4z")
    assert codes(analyse(tiles, c(seat=S, kita=2), rules=LOSS)) == [("kita", "too_many_copies")]


def test_kita_needs_three_players():
    tiles = tiles_of("234567p345678s99m", "2p")
    assert codes(analyse(tiles, c(seat=S, riichi=True, kita=1))) == [("kita", "contradiction")]
    assert contradictions(c(kita=1)) == {"kita": "contradiction"}
    assert contradictions(c(kita=1), rules=LOSS) == {}


def test_no_north_seat_or_round():
    assert contradictions(c(seat=N, round_wind=N), rules=LOSS) == {
        "seat": "not_allowed",
        "round": "not_allowed",
    }
    assert contradictions(c(seat=N, round_wind=N)) == {}  # four players: fine


def test_three_player_tables_do_not_chi():
    tiles = read("555777s44z", "7s", melds="chi:123p,pon:111m")
    assert codes(analyse(tiles, c(seat=S), rules=LOSS)) == [("melds", "contradiction")]


def test_kita_alone_is_no_yaku():
    # closed ron, no riichi: 111s is a triplet, so no pinfu; terminals, so no tanyao
    tiles = tiles_of("123p567p789s99s111s", "5p")
    assert codes(analyse(tiles, c(seat=S, kita=2), rules=LOSS)) == [("hand", "no_yaku")]


def test_not_complete_waits_are_tiles_of_the_set():
    # without the 1z: 123p 456p 789s 11m 99m, ready on 1m or 9m (a two-pair wait)
    tiles = tiles_of("123p456p789s11m99m1z", "1z")
    result = analyse(tiles, c(seat=S, riichi=True), rules=LOSS)
    assert codes(result) == [("hand", "not_complete")]
    assert result[0].args["shanten"] == 0
    assert result[0].args["waits"] == ("1m", "9m")
    # 北 set aside count as the player's own: 11m and a 北 pair wait on 1m or 4z; with one
    # kita, one 北 is still to come (4z stays a wait); with two, all four are out.
    tiles = tiles_of("123p456p789s11m44z1z", "1z")
    assert analyse(tiles, c(seat=S, riichi=True, kita=1), rules=LOSS)[0].args["waits"] == (
        "1m",
        "4z",
    )
    waits = analyse(tiles, c(seat=S, riichi=True, kita=2), rules=LOSS)[0].args["waits"]
    assert waits == ("1m",)


def test_2m_to_8m_are_refused_where_written():
    error = three_player_error("123p456p789s2m", "hand")
    assert isinstance(error, EntryError)
    assert (error.code, error.field, error.args["reason"], error.args["index"]) == (
        "bad_notation",
        "hand",
        "three_player",
        12,
    )
    assert three_player_error("0m", "win_tile").args["reason"] == "three_player"  # red 5m
    assert three_player_error("pon:999m, pon:333m", "melds").args["index"] == 14
    assert three_player_error("19m 0p0s", "dora") is None
    with pytest.raises(ValueError):  # the form refuses them first; the engine insists
        analyse(read("234567p345678s22m", "2p"), c(seat=S, riichi=True), rules=LOSS)
