"""Riichi hand analysis (calculator/scoring/riichi_hand.py): real hands, worked by hand.

Every expectation below was worked out from the rules, not copied from the program: the
comment on each hand shows the working. Payments: basic points = fu × 2^(han+2) (mangan
2,000 from 5 han or when the formula reaches 2,000; haneman 3,000; baiman 4,000; sanbaiman
6,000; yakuman 8,000 each); a ron costs the discarder 4× basic (6× to a dealer); on a
tsumo the dealer pays 2× and each other player 1× (a dealer winner gets 2× from each);
every payment is rounded up to 100. Fu: 20 base, +10 closed ron, +2 tsumo (not with
pinfu), pons 2/4 (open/closed simple), ×2 for terminals/honours, ×4 for kans; +2 kanchan,
penchan or tanki; +2 for a yakuhai pair; rounded up to 10; chiitoitsu 25; pinfu tsumo 20;
an open hand with no fu is 30.

Double yakuman (13-sided kokushi, junsei chuuren, daisuushii) count twice: the `mahjong`
package's default, and Mahjong Soul's; a table without them is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.scoring import riichi
from calculator.scoring.outcome import Win
from calculator.scoring.riichi_hand import Analysis, Conditions, analyse, contradictions, shanten
from calculator.scoring.tiles import EntryError, HandTiles, Wind, read, tile

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def tiles_of(hand, win_tile, melds="", dora="", ura=""):
    tiles = read(hand, win_tile, melds, dora, ura, red_fives=True)
    assert isinstance(tiles, HandTiles), tiles
    return tiles


@dataclass(frozen=True)
class Case:
    hand: str
    win_tile: str
    conditions: Conditions
    yaku: dict[str, int]  # key -> han; for a yakuman hand, key -> number of yakuman
    han: int | None  # None for a yakuman hand
    fu: int | None
    payments: list[int]
    receives: int
    melds: str = ""
    dora: str = ""
    ura: str = ""
    honba: int = 0
    sticks: int = 0
    rules: riichi.Rules = field(default_factory=riichi.Rules)
    yakuman: int = 0

    def run(self):
        tiles = tiles_of(self.hand, self.win_tile, self.melds, self.dora, self.ura)
        return analyse(
            tiles, self.conditions, honba=self.honba, riichi_sticks=self.sticks, rules=self.rules
        )


def c(**kwargs):
    return Conditions(**kwargs)


CASES = {
    # riichi 1 + menzen tsumo 1 + pinfu 1 + dora 1 (indicator 1p -> 2p, one held) = 4 han;
    # pinfu tsumo 20 fu -> basic 20×2^6 = 1,280: dealer 2,560 -> 2,600, others 1,280 -> 1,300.
    "riichi_pinfu_tsumo_dora": Case(
        "234567m123p88p678s",
        "8s",
        c(seat=S, win=TSUMO, riichi=True),
        yaku={"riichi": 1, "tsumo": 1, "pinfu": 1, "dora": 1},
        han=4,
        fu=20,
        payments=[2600, 1300, 1300],
        receives=5200,
        dora="1p",
    ),
    # Dealer: riichi 1 + pinfu 1 + ura 1 (indicator 8p -> 9p) = 3 han; pinfu ron 30 fu ->
    # 960 × 6 = 5,760 -> 5,800, + 300 for 1 honba = 6,100; + 1 stick 1,000 = 7,100 received.
    "dealer_riichi_pinfu_ura_honba": Case(
        "123456m789p345s99s",
        "5s",
        c(seat=E, riichi=True),
        yaku={"riichi": 1, "pinfu": 1, "ura_dora": 1},
        han=3,
        fu=30,
        payments=[6100, 0, 0],
        receives=7100,
        ura="8p",
        honba=1,
        sticks=1,
    ),
    # Seven pairs: riichi 1 + tsumo 1 + chiitoitsu 2 = 4 han, 25 fu -> 25×64 = 1,600:
    # dealer 3,200, others 1,600.
    "chiitoitsu_tsumo": Case(
        "1144m77p22556699s",
        "9s",
        c(seat=S, win=TSUMO, riichi=True),
        yaku={"riichi": 1, "tsumo": 1, "chiitoitsu": 2},
        han=4,
        fu=25,
        payments=[3200, 1600, 1600],
        receives=6400,
    ),
    # Open: haku pon 1 han; 20 + open honour pon 4 = 24 -> 30 fu; 240 × 4 = 960 -> 1,000.
    "open_haku": Case(
        "234m567p33678s",
        "8s",
        c(seat=S),
        yaku={"haku": 1},
        han=1,
        fu=30,
        payments=[1000, 0, 0],
        receives=1000,
        melds="pon:555z",
    ),
    # Kuitan: open tanyao 1 han; 20 + closed simple pon 777s 4 = 24 -> 30 fu -> 1,000.
    "open_tanyao": Case(
        "567m345p66777s",
        "3p",
        c(seat=S),
        yaku={"tanyao": 1},
        han=1,
        fu=30,
        payments=[1000, 0, 0],
        receives=1000,
        melds="chi:234m",
    ),
    # Closed kan + rinshan: riichi 1 + tsumo 1 + rinshan 1 = 3 han; 20 + tsumo 2 + closed
    # terminal kan 32 = 54 -> 60 fu -> 60×32 = 1,920: dealer 3,840 -> 3,900, others 2,000.
    "ankan_rinshan": Case(
        "123456m345s55s",
        "3s",
        c(seat=S, win=TSUMO, riichi=True, rinshan=True),
        yaku={"riichi": 1, "tsumo": 1, "rinshan": 1},
        han=3,
        fu=60,
        payments=[3900, 2000, 2000],
        receives=7900,
        melds="ankan:9999p",
    ),
    # The same with kiriage: 3 han 60 fu (1,920) counts as mangan: 4,000 / 2,000.
    "ankan_rinshan_kiriage": Case(
        "123456m345s55s",
        "3s",
        c(seat=S, win=TSUMO, riichi=True, rinshan=True),
        yaku={"riichi": 1, "tsumo": 1, "rinshan": 1},
        han=3,
        fu=60,
        payments=[4000, 2000, 2000],
        receives=8000,
        melds="ankan:9999p",
        rules=riichi.Rules(kiriage=True),
    ),
    # Haitei: tsumo 1 + pinfu 1 + haitei 1 = 3 han, 20 fu -> 640: 1,280 -> 1,300 / 700.
    "haitei": Case(
        "12399m345678p234s",
        "4s",
        c(seat=W, win=TSUMO, haitei=True),
        yaku={"tsumo": 1, "pinfu": 1, "haitei": 1},
        han=3,
        fu=20,
        payments=[1300, 700, 700],
        receives=2700,
    ),
    # Houtei on an open hand with no other yaku: 1 han; open, no fu: 30 -> 1,000.
    "houtei_open": Case(
        "456m22345789s",
        "3s",
        c(seat=N, houtei=True),
        yaku={"houtei": 1},
        han=1,
        fu=30,
        payments=[1000, 0, 0],
        receives=1000,
        melds="chi:123p",
    ),
    # Chankan: riichi 1 + chankan 1 + pinfu 1 + tanyao 1 = 4 han 30 fu -> 1,920 × 4 =
    # 7,680 -> 7,700.
    "chankan": Case(
        "234678m345p44678s",
        "5p",
        c(seat=S, riichi=True, chankan=True),
        yaku={"riichi": 1, "chankan": 1, "pinfu": 1, "tanyao": 1},
        han=4,
        fu=30,
        payments=[7700, 0, 0],
        receives=7700,
    ),
    # Ippatsu on a kanchan: riichi 1 + ippatsu 1 + dora 2 (indicator 8p -> 9p, a pair) =
    # 4 han; 30 + kanchan 2 = 32 -> 40 fu -> 40×64 = 2,560 ≥ 2,000: mangan, 8,000.
    "ippatsu_mangan": Case(
        "123789m45699p234s",
        "3s",
        c(seat=S, riichi=True, ippatsu=True),
        yaku={"riichi": 1, "ippatsu": 1, "dora": 2},
        han=4,
        fu=40,
        payments=[8000, 0, 0],
        receives=8000,
        dora="8p",
    ),
    # Dealer double riichi: daburu riichi 2 + tsumo 1 + pinfu 1 + tanyao 1 = 5 han:
    # mangan, 4,000 from each.
    "double_riichi_dealer": Case(
        "234567m34566p678s",
        "6s",
        c(seat=E, win=TSUMO, double_riichi=True),
        yaku={"daburu_riichi": 2, "tsumo": 1, "pinfu": 1, "tanyao": 1},
        han=5,
        fu=20,
        payments=[4000, 4000, 4000],
        receives=12000,
    ),
    # Tenhou: a yakuman on the dealer's first draw: 16,000 from each.
    "tenhou": Case(
        "111m234p567789s11z",
        "1z",
        c(seat=E, win=TSUMO, tenhou=True),
        yaku={"tenhou": 1},
        han=None,
        fu=None,
        payments=[16000, 16000, 16000],
        receives=48000,
        yakuman=1,
    ),
    # Chiihou: a non-dealer's yakuman tsumo: dealer 16,000, others 8,000.
    "chiihou": Case(
        "111m234p567789s11z",
        "1z",
        c(seat=S, win=TSUMO, chiihou=True),
        yaku={"chiihou": 1},
        han=None,
        fu=None,
        payments=[16000, 8000, 8000],
        receives=32000,
        yakuman=1,
    ),
    # Kokushi on its single wait (9m; 1m was already paired): ron 8,000 × 4 = 32,000.
    "kokushi": Case(
        "119m19p19s1234567z",
        "9m",
        c(seat=S),
        yaku={"kokushi": 1},
        han=None,
        fu=None,
        payments=[32000, 0, 0],
        receives=32000,
        yakuman=1,
    ),
    # The 13-sided wait (the 13 tiles were all different): double, 64,000.
    "kokushi_13_sided": Case(
        "119m19p19s1234567z",
        "1m",
        c(seat=S),
        yaku={"daburu_kokushi": 2},
        han=None,
        fu=None,
        payments=[64000, 0, 0],
        receives=64000,
        yakuman=2,
    ),
    # Chuuren poutou won on 2m (the 13 tiles 1113455678999 wait on 2m only): single yakuman,
    # dealer tsumo 16,000 all.
    "chuuren_poutou": Case(
        "11123455678999m",
        "2m",
        c(seat=E, win=TSUMO),
        yaku={"chuuren_poutou": 1},
        han=None,
        fu=None,
        payments=[16000, 16000, 16000],
        receives=48000,
        yakuman=1,
    ),
    # Junsei chuuren: the 13 tiles were 1112345678999 (nine-sided), won on 5m: double.
    "junsei_chuuren": Case(
        "11123455678999m",
        "5m",
        c(seat=S),
        yaku={"daburu_chuuren_poutou": 2},
        han=None,
        fu=None,
        payments=[64000, 0, 0],
        receives=64000,
        yakuman=2,
    ),
    # Daisuushii (four wind pons): double yakuman, ron 64,000; toitoi etc. do not add.
    "daisuushii": Case(
        "55m333444z",
        "5m",
        c(seat=S),
        yaku={"daisuushi": 2},
        han=None,
        fu=None,
        payments=[64000, 0, 0],
        receives=64000,
        melds="pon:111z,pon:222z",
        yakuman=2,
    ),
    # Red fives 0m and 0p: tanyao 1 + aka 2 = 3 han; 30 + kanchan 2 = 32 -> 40 fu ->
    # 1,280 × 4 = 5,120 -> 5,200. (5p entered, the held 0p won.)
    "red_fives": Case(
        "340678m406p23488s",
        "5p",
        c(seat=S),
        yaku={"tanyao": 1, "aka_dora": 2},
        han=3,
        fu=40,
        payments=[5200, 0, 0],
        receives=5200,
    ),
    # The same without red fives counting: tanyao 1 han 40 fu -> 1,280 -> 1,300.
    "red_fives_off": Case(
        "340678m406p23488s",
        "5p",
        c(seat=S, aka=False),
        yaku={"tanyao": 1},
        han=1,
        fu=40,
        payments=[1300, 0, 0],
        receives=1300,
    ),
    # Double East for the East seat in the East round: 2 han; 20 + open honour pon 4 +
    # penchan 2 = 26 -> 30 fu; dealer ron 480 × 6 = 2,880 -> 2,900.
    "double_east": Case(
        "234m567p55789s",
        "7s",
        c(seat=E, round_wind=E),
        yaku={"seat_wind_east": 1, "round_wind_east": 1},
        han=2,
        fu=30,
        payments=[2900, 0, 0],
        receives=2900,
        melds="pon:111z",
    ),
    # Chinitsu: riichi 1 + pinfu 1 + iipeiko 1 + ittsu 2 + chinitsu 6 = 11 han: sanbaiman,
    # 6,000 × 4 = 24,000.
    "chinitsu_sanbaiman": Case(
        "11223345678999m",
        "4m",
        c(seat=S, riichi=True),
        yaku={"riichi": 1, "pinfu": 1, "iipeiko": 1, "ittsu": 2, "chinitsu": 6},
        han=11,
        fu=30,
        payments=[24000, 0, 0],
        receives=24000,
    ),
    # The same by tsumo with dora 9m (indicator 8m; three 9m held): 1+1+1+1+2+6+3 = 15 han:
    # a kazoe yakuman, dealer 16,000, others 8,000.
    "kazoe_yakuman": Case(
        "11223345678999m",
        "4m",
        c(seat=S, win=TSUMO, riichi=True),
        yaku={
            "riichi": 1,
            "tsumo": 1,
            "pinfu": 1,
            "iipeiko": 1,
            "ittsu": 2,
            "chinitsu": 6,
            "dora": 3,
        },
        han=15,
        fu=20,
        payments=[16000, 8000, 8000],
        receives=32000,
        dora="8m",
    ),
    # Under kazoe=sanbaiman the same 15 han is sanbaiman: 12,000 / 6,000.
    "kazoe_sanbaiman": Case(
        "11223345678999m",
        "4m",
        c(seat=S, win=TSUMO, riichi=True),
        yaku={
            "riichi": 1,
            "tsumo": 1,
            "pinfu": 1,
            "iipeiko": 1,
            "ittsu": 2,
            "chinitsu": 6,
            "dora": 3,
        },
        han=15,
        fu=20,
        payments=[12000, 6000, 6000],
        receives=24000,
        dora="8m",
        rules=riichi.Rules(kazoe=riichi.Kazoe.SANBAIMAN),
    ),
    # Open sanshoku (1 han) by tsumo: 20 + tsumo 2 = 22 -> 30 fu -> 240: 480 -> 500 / 300.
    "open_sanshoku_tsumo": Case(
        "234678p23499s",
        "2s",
        c(seat=S, win=TSUMO),
        yaku={"sanshoku": 1},
        han=1,
        fu=30,
        payments=[500, 300, 300],
        receives=1100,
        melds="chi:234m",
    ),
    # Toitoi 2 + sanankou 2 + hatsu 1 = 5 han: mangan; fu 20 + tsumo 2 + 3 closed simple
    # pons 12 + open hatsu pon 4 + tanki 2 = 40. Dealer tsumo: 4,000 all.
    "toitoi_sanankou": Case(
        "222m33555p888s",
        "3p",
        c(seat=E, win=TSUMO),
        yaku={"toitoi": 2, "sanankou": 2, "hatsu": 1},
        han=5,
        fu=40,
        payments=[4000, 4000, 4000],
        receives=12000,
        melds="pon:666z",
    ),
    # Shousangen 2 + haku 1 + hatsu 1 = 4 han; 20 + 4 + 4 + chun pair 2 + penchan 2 = 32
    # -> 40 fu -> 2,560: mangan, 8,000.
    "shousangen": Case(
        "123m456p77z",
        "3m",
        c(seat=S),
        yaku={"shosangen": 2, "haku": 1, "hatsu": 1},
        han=4,
        fu=40,
        payments=[8000, 0, 0],
        receives=8000,
        melds="pon:555z,pon:666z",
    ),
    # Junchan 3 han (closed); 30 + penchan 2 = 32 -> 40 fu -> 1,280 × 4 = 5,120 -> 5,200.
    "junchan": Case(
        "123789m123p11789s",
        "3p",
        c(seat=W),
        yaku={"junchan": 3},
        han=3,
        fu=40,
        payments=[5200, 0, 0],
        receives=5200,
    ),
    # Ryanpeikou 3 + pinfu 1 + tanyao 1 = 5 han (mangan, 8,000) beats reading it as
    # chiitoitsu (2 + tanyao 1 = 3 han 25 fu).
    "ryanpeikou_over_chiitoitsu": Case(
        "223344m556677p88s",
        "4m",
        c(seat=S),
        yaku={"ryanpeiko": 3, "pinfu": 1, "tanyao": 1},
        han=5,
        fu=30,
        payments=[8000, 0, 0],
        receives=8000,
    ),
}


def yaku_of(result: Analysis) -> dict[str, int]:
    if result.yakuman:
        return {y.key: y.yakuman for y in result.yaku}
    return {y.key: y.han for y in result.yaku}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_real_hands(case):
    result = case.run()
    assert isinstance(result, Analysis), result
    assert yaku_of(result) == case.yaku
    assert result.han == case.han
    assert result.fu == case.fu
    assert result.yakuman == case.yakuman
    assert [int(p.amount) for p in result.outcome.payments] == case.payments
    assert result.outcome.winner_receives == case.receives


def test_there_are_at_least_25_distinct_real_hands():
    assert len({(c.hand, c.melds) for c in CASES.values()}) >= 22
    assert len(CASES) >= 25


def test_the_payment_is_the_payment_pages_for_the_same_values():
    result = CASES["dealer_riichi_pinfu_ura_honba"].run()
    assert result.payment == riichi.Hand(
        han=3, fu=30, dealer=True, win=RON, honba=1, riichi_sticks=1
    )
    assert result.outcome == riichi.score(result.payment, result.rules)


def test_kazoe_han_is_capped_at_13_for_the_payment_page():
    result = CASES["kazoe_yakuman"].run()
    assert result.han == 15
    assert result.payment.han == 13
    assert result.outcome.level == "kazoe_yakuman"


def test_yakuman_payment_and_nulls():
    result = CASES["daisuushii"].run()
    assert result.payment.yakuman == 2
    assert result.outcome.level == "double_yakuman"
    assert result.outcome.fu is None
    assert result.fu_details == ()
    assert result.dora == 0


def test_dora_total_is_dora_aka_and_ura():
    tiles = tiles_of("340678m406p23488s", "5p", dora="3m", ura="7p")
    # dora 4m ×1, aka 2, ura 8p ×0; riichi makes ura count
    result = analyse(tiles, c(seat=S, riichi=True))
    assert [(y.key, y.han) for y in result.yaku] == [
        ("riichi", 1),  # the package's order: by yaku id, then the dora
        ("tanyao", 1),
        ("dora", 1),
        ("aka_dora", 2),
    ]
    assert result.dora == 3
    tiles = tiles_of("340678m406p23488s", "5p", dora="3m", ura="3m")
    result = analyse(tiles, c(seat=S, riichi=True))
    assert [y.key for y in result.yaku][-1] == "ura_dora"
    assert result.dora == 4


def test_four_plain_fives_are_not_red():
    # 5555p as a kan: no red five anywhere, so no aka dora even with aka on.
    tiles = tiles_of("234m678m11p345s", "5s", melds="ankan:5555p")
    result = analyse(tiles, c(seat=S, win=TSUMO, riichi=True, rinshan=True))
    assert "aka_dora" not in yaku_of(result)
    # riichi 1 + tsumo 1 + rinshan 1; 20 + 2 + closed simple kan 16 = 38 -> 40 fu
    assert (result.han, result.fu) == (3, 40)


def test_fu_details_are_the_packages_reasons():
    result = CASES["ankan_rinshan"].run()
    assert [(f.reason, f.fu) for f in result.fu_details] == [
        ("closed_terminal_kan", 32),
        ("base", 20),
        ("tsumo", 2),
    ]
    result = CASES["houtei_open"].run()
    assert [(f.reason, f.fu) for f in result.fu_details] == [
        ("base", 20),
        ("hand_without_fu", 2),
    ]


def test_yaku_carry_the_packages_name():
    result = CASES["open_haku"].run()
    assert [(y.key, y.name) for y in result.yaku] == [("haku", "Yakuhai (haku)")]


# --- errors -------------------------------------------------------------------------------


def codes(result):
    assert isinstance(result, tuple), result
    return [(e.code, e.field, dict(e.args)) for e in result]


def test_no_yaku():
    # A closed ron with no riichi and nothing else: the East pair is only fu.
    tiles = tiles_of("123m456p234789s11z", "3s")
    assert codes(analyse(tiles, c(seat=S))) == [("no_yaku", "hand", {})]


def test_open_tanyao_off_means_no_yaku():
    case = CASES["open_tanyao"]
    tiles = tiles_of(case.hand, case.win_tile, case.melds)
    assert codes(analyse(tiles, c(seat=S, open_tanyao=False))) == [("no_yaku", "hand", {})]


def test_not_complete_with_waits():
    # 123m 456p 789s 11z 23s waits on 1s and 4s, not 5s.
    tiles = tiles_of("123m456p235789s11z", "5s")
    assert codes(analyse(tiles, c(seat=S, riichi=True))) == [
        ("not_complete", "hand", {"shanten": 0, "waits": ("1s", "4s")})
    ]


def test_not_complete_far_away():
    # Three sets and four lone honours: a pair and one more set away -> 2-shanten.
    tiles = tiles_of("123m456p789s12345z", "5z")
    assert codes(analyse(tiles, c(seat=S, riichi=True))) == [
        ("not_complete", "hand", {"shanten": 2, "waits": ()})
    ]


def test_not_complete_with_melds():
    # chi 123m + 456p 789s 11z 22z: shanpon on 1z and 2z, not 3z.
    tiles = tiles_of("456p789s11223z", "3z", melds="chi:123m")
    assert codes(analyse(tiles, c(seat=S))) == [
        ("not_complete", "hand", {"shanten": 0, "waits": ("1z", "2z")})
    ]


def test_waits_leave_out_a_tile_the_player_holds_all_of():
    # ankan 1111m + 23m 456p 789s 55z: 23m waits on 1m and 4m, but all four 1m are the
    # player's own -> only 4m.
    tiles = tiles_of("23m456p789s556z", "6z", melds="ankan:1111m")
    assert shanten(tiles) == (0, (tile("4m"),))
    # kan 5555p + 46p: tenpai on 5p alone, and there is none left (空聽): shanten 0, no waits.
    tiles = tiles_of("123m99m346p789s", "3p", melds="kan:5555p")
    assert codes(analyse(tiles, c(seat=S))) == [
        ("not_complete", "hand", {"shanten": 0, "waits": ()})
    ]


def test_kokushi_waits():
    tiles = tiles_of("159m19p19s1234566z", "5m")
    value, waits = shanten(tiles)
    assert (value, [str(t) for t in waits]) == (0, ["7z"])


@pytest.mark.parametrize(
    ("melds", "conditions", "fields"),
    [
        ("chi:123m", c(riichi=True), ["riichi"]),
        ("pon:555z", c(double_riichi=True), ["double_riichi"]),
        ("chi:123m", c(riichi=True, ippatsu=True), ["riichi", "ippatsu"]),
        ("ankan:5555z", c(riichi=True, ippatsu=True), []),  # a closed kan keeps riichi
        ("", c(ippatsu=True), ["ippatsu"]),
        ("", c(double_riichi=True, ippatsu=True), []),
        ("", c(riichi=True, double_riichi=True), []),  # double riichi is a riichi
        ("ankan:5555z", c(rinshan=True), ["rinshan"]),  # on a discard
        ("", c(win=TSUMO, rinshan=True), ["rinshan"]),  # without a kan
        ("kan:5555z", c(win=TSUMO, rinshan=True), []),
        ("", c(win=TSUMO, chankan=True), ["chankan"]),
        ("", c(haitei=True), ["haitei"]),
        ("kan:5555z", c(win=TSUMO, rinshan=True, haitei=True), ["haitei"]),
        ("", c(win=TSUMO, houtei=True), ["houtei"]),
        ("", c(chankan=True, houtei=True), ["houtei"]),
        ("", c(seat=S, win=TSUMO, tenhou=True), ["tenhou"]),
        ("", c(tenhou=True), ["tenhou"]),
        ("ankan:5555z", c(win=TSUMO, tenhou=True), ["tenhou"]),
        ("", c(win=TSUMO, chiihou=True), ["chiihou"]),
        ("", c(seat=N, chiihou=True), ["chiihou"]),
        ("chi:123m", c(seat=N, win=TSUMO, chiihou=True), ["chiihou"]),
        ("", c(seat=N, win=TSUMO, chiihou=True), []),
    ],
)
def test_contradictions(melds, conditions, fields):
    hand = "456p789s11222z" if melds else "123m456p789s11222z"
    tiles = tiles_of(hand, "1z", melds)
    assert sorted(contradictions(conditions, tiles)) == sorted(fields)
    result = analyse(tiles, conditions)
    if fields:
        assert codes(result) == [
            ("contradiction", f, {}) for f in contradictions(conditions, tiles)
        ]


def test_ura_without_riichi():
    tiles = tiles_of("123m456p789s11222z", "1z", ura="1m")
    assert contradictions(c(), tiles) == {"ura": "contradiction"}
    assert contradictions(c(riichi=True), tiles) == {}
    assert contradictions(c(double_riichi=True), tiles) == {}


def test_contradictions_without_tiles_check_what_they_can():
    assert contradictions(c(rinshan=True, win=TSUMO)) == {}
    assert contradictions(c(rinshan=True)) == {"rinshan": "contradiction"}


def test_errors_are_values():
    tiles = tiles_of("123m456p789s12345z", "5z")
    (error,) = analyse(tiles, c(riichi=True))
    assert isinstance(error, EntryError)


# --- never a crash ------------------------------------------------------------------------

WALL = [f"{n}{s}" for s in "mps" for n in range(1, 10)] * 4 + [f"{n}z" for n in range(1, 8)] * 4
FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(range(len(WALL))),
    st.sampled_from(["", "chi:123m", "pon:555z", "kan:1111p", "ankan:9999s"]),
    st.sampled_from(list(Win)),
    st.sampled_from(list(Wind)),
    st.sets(st.sampled_from(FLAGS)),
    st.booleans(),
)
def test_any_hand_gives_a_result_or_errors(order, melds, win, seat, flags, red):
    taken = [WALL[i] for i in order][: 14 - 3 * bool(melds)]
    if red and "5p" in taken:
        taken[taken.index("5p")] = "0p"
    tiles = read("".join(taken), taken[0], melds, dora=WALL[order[-1]], red_fives=True)
    if isinstance(tiles, tuple):  # e.g. a fifth copy with the meld's
        assert all(isinstance(e, EntryError) for e in tiles)
        return
    conditions = Conditions(win=win, seat=seat, **{flag: True for flag in flags})
    result = analyse(tiles, conditions)
    assert isinstance(result, Analysis) or all(isinstance(e, EntryError) for e in result)


SETS = [[s * 9 + n, s * 9 + n + 1, s * 9 + n + 2] for s in range(3) for n in range(7)] + [
    [k] * 3 for k in range(34)
]


def complete_hand(draw):
    """A random complete hand: four sets (runs or pons) and a pair, at most 4 of a kind."""
    counts = [0] * 34
    sets = []
    for _ in range(4):
        allowed = [x for x in SETS if all(counts[k] + x.count(k) <= 4 for k in x)]
        kinds = draw(st.sampled_from(allowed))
        for k in kinds:
            counts[k] += 1
        sets.append(kinds)
    pair = draw(st.sampled_from([k for k in range(34) if counts[k] <= 2]))
    return sets, pair


def text(kinds):
    return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in kinds)


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from(list(Win)), st.sampled_from(list(Wind)), st.integers(0, 2))
def test_any_complete_hand_gives_a_result_or_no_yaku(data, win, seat, called):
    sets, pair = complete_hand(data.draw)
    melds = []
    for kinds in sets[:called]:
        melds.append(("chi:" if kinds[0] != kinds[1] else "pon:") + text(kinds))
    hand = [k for kinds in sets[called:] for k in kinds] + [pair, pair]
    tiles = read(
        text(hand), text([hand[data.draw(st.integers(0, len(hand) - 1))]]), ",".join(melds)
    )
    assert isinstance(tiles, HandTiles), tiles
    result = analyse(tiles, Conditions(win=win, seat=seat))
    if isinstance(result, tuple):
        assert [e.code for e in result] == ["no_yaku"]
    else:
        assert result.outcome.winner_receives > 0
        assert (result.han or 0) + result.yakuman > 0
