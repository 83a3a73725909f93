"""Our riichi engine against an independent one: the `mahjong` package (test-only).

(a) payments for every han × fu × seat × win type × honba × kiriage × kazoe, against
    `ScoresCalculator`; (b) real hands scored by `HandCalculator`, translated by hand into
    our `Structure`, must count the same fu.

Where the two differ by convention, the difference is asserted here, with the reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld as PackageMeld
from mahjong.tile import TilesConverter

from calculator.scoring.outcome import Win
from calculator.scoring.riichi import (
    FU_VALUES,
    TABLE_FU,
    FuMode,
    Hand,
    Kazoe,
    Meld,
    Pair,
    Rules,
    Structure,
    Wait,
    count_fu,
    score,
    structure_errors,
)

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
DEFAULT_RULES = Rules()
KAZOE = {Kazoe.YAKUMAN: HandConfig.KAZOE_LIMITED, Kazoe.SANBAIMAN: HandConfig.KAZOE_SANBAIMAN}


def package_config(*, dealer: bool, win: Win, honba: int = 0, sticks: int = 0, rules=DEFAULT_RULES):
    options = OptionalRules(kiriage=rules.kiriage, kazoe_limit=KAZOE[rules.kazoe])
    return HandConfig(
        is_tsumo=win is TSUMO,
        player_wind=EAST if dealer else SOUTH,
        round_wind=EAST,
        tsumi_number=honba,
        kyoutaku_number=sticks,
        options=options,
    )


def package_payments(cost, *, dealer: bool, win: Win) -> list[int]:
    """The package's `main`/`additional` (+ bonuses) laid out as our three payments."""
    main = cost["main"] + cost["main_bonus"]
    additional = cost["additional"] + cost["additional_bonus"]
    if win is RON:
        return [main, 0, 0]
    if dealer:
        return [main, additional, additional]  # main == additional: each non-dealer
    return [main, additional, additional]  # the dealer, then each non-dealer


# The package's level labels, in our vocabulary. Differences of wording only: it overwrites
# "kazoe yakuman" with "yakuman" (so we tell a counted one by han < 13 × n), labels kiriage
# "kiriage mangan", and under kiriage leaves a 4/40-type mangan unlabelled (see below).
LEVELS = {
    "": None,
    "mangan": "mangan",
    "kiriage mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "kazoe sanbaiman": "sanbaiman",
    "yakuman": "yakuman",
    "2x yakuman": "double_yakuman",
    "3x yakuman": "3x_yakuman",
    "4x yakuman": "4x_yakuman",
    "5x yakuman": "5x_yakuman",
    "6x yakuman": "6x_yakuman",
}


def expected_level(cost, han: int, fu: int, rules: Rules) -> str | None:
    level = LEVELS[cost["yaku_level"]]
    if level == "yakuman" and han >= 13:
        return "kazoe_yakuman"  # the package's "kazoe yakuman" label is overwritten
    if level is None and han < 5 and rules.kiriage and fu * 2 ** (han + 2) > 2000:
        # With kiriage on, the package's `elif rounded > 2000` branch is skipped, so a
        # 4 han 40 fu mangan pays as one but carries no label. Ours says "mangan".
        return "mangan"
    return level


# --- (a) payments ------------------------------------------------------------------------


@pytest.mark.parametrize("kazoe", list(Kazoe))
@pytest.mark.parametrize("kiriage", [False, True])
@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_payments_match_the_package(dealer, win, kiriage, kazoe):
    rules = Rules(kiriage=kiriage, kazoe=kazoe)
    mismatches = []
    for han in range(1, 14):
        for fu in TABLE_FU:
            for honba in (0, 3):
                config = package_config(dealer=dealer, win=win, honba=honba, sticks=2, rules=rules)
                cost = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
                ours = score(Hand(han, fu, 0, dealer, win, honba, riichi_sticks=2), rules)
                theirs = package_payments(cost, dealer=dealer, win=win)
                got = (
                    [int(p.amount) for p in ours.payments],
                    int(ours.winner_receives),
                    ours.level,
                )
                want = (theirs, cost["total"], expected_level(cost, han, fu, rules))
                if got != want:
                    mismatches.append((han, fu, honba, got, want))
    assert mismatches == []


@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_payments_past_110_fu_match_the_package(dealer, win):
    """The `fu` values only counted hands reach (120 … 170), without kiriage (see below)."""
    mismatches = []
    for han in range(1, 6):
        for fu in sorted(set(FU_VALUES) - set(TABLE_FU)):
            for honba in (0, 3):
                config = package_config(dealer=dealer, win=win, honba=honba, sticks=1)
                cost = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
                ours = score(Hand(han, fu, 0, dealer, win, honba, riichi_sticks=1))
                got = ([int(p.amount) for p in ours.payments], int(ours.winner_receives))
                want = (package_payments(cost, dealer=dealer, win=win), cost["total"])
                if got != want or ours.level != expected_level(cost, han, fu, DEFAULT_RULES):
                    mismatches.append((han, fu, honba, got, want))
    assert mismatches == []


@pytest.mark.parametrize("count", range(1, 7))
@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_yakuman_multiples_match_the_package(count, win, dealer):
    config = package_config(dealer=dealer, win=win, honba=1)
    cost = ScoresCalculator.calculate_scores(han=13 * count, fu=0, config=config, is_yakuman=True)
    ours = score(Hand(yakuman=count, dealer=dealer, win=win, honba=1))
    assert [int(p.amount) for p in ours.payments] == package_payments(cost, dealer=dealer, win=win)
    assert ours.winner_receives == cost["total"]
    assert ours.level == LEVELS[cost["yaku_level"]]


def test_kiriage_differs_from_the_package_above_110_fu():
    """rules.md defines kiriage by basic points (b = 1,920); the package only by the two
    table cells 4/30 and 3/60. They part only for a counted 2 han 120 fu (16 × 120 = 1,920),
    a real hand (closed ron with big kans) that the package rounds to 7,700."""
    config = package_config(dealer=False, win=RON, rules=Rules(kiriage=True))
    cost = ScoresCalculator.calculate_scores(han=2, fu=120, config=config)
    assert cost["main"] == 7700
    assert score(Hand(han=2, fu=120), Rules(kiriage=True)).winner_receives == 8000


# --- (b) fu of real hands ----------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    hand: str  # the concealed tiles, winning tile included
    win_tile: str
    structure: Structure
    fu: int  # counted by hand, so three counts must agree
    melds: tuple[str, ...] = ()  # "chi:234m", "pon:777z", "kan:9999p" (open), "ankan:1111z"
    win: Win = RON
    dealer: bool = False  # East seat; the round is East either way
    riichi: bool = field(default=True)  # closed hands need a yaku; riichi is the easy one


def runs(*melds: Meld) -> tuple[Meld, Meld, Meld, Meld]:
    return (*melds, *(Meld.RUN,) * (4 - len(melds)))  # type: ignore[return-value]


OPEN = {"closed": False}
M = Meld

CASES = [
    Case("pinfu ron", "234567m22345p678s", "4m", Structure(), 30),
    Case("pinfu tsumo", "234567m22345p678s", "4m", Structure(), 20, win=TSUMO),
    Case(
        "seed 002: closed ron, concealed 發 triplet",
        "234m567p345s99m666z",
        "4m",
        Structure(melds=runs(M.PON_CLOSED_TERMINAL)),
        40,
    ),
    Case("kanchan closed ron", "234m45699p345678s", "3m", Structure(wait=Wait.KANCHAN), 40),
    Case(
        "penchan closed tsumo",
        "123m456p99p345678s",
        "3m",
        Structure(wait=Wait.PENCHAN),
        30,
        win=TSUMO,
    ),
    Case(
        "penchan closed ron, 白 pair",
        "123456m789p345s55z",
        "7p",
        Structure(wait=Wait.PENCHAN, pair=Pair.YAKUHAI),
        40,
    ),
    Case("tanki closed ron", "123m456p99p345678s", "9p", Structure(wait=Wait.TANKI), 40),
    Case(
        "tanki closed tsumo",
        "123m456p99p345678s",
        "9p",
        Structure(wait=Wait.TANKI),
        30,
        win=TSUMO,
    ),
    Case(
        "shanpon ron on a closed hand: the won triplet scores open",
        "123456m555p678s99s",
        "5p",
        Structure(wait=Wait.SHANPON, melds=runs(M.PON_OPEN_SIMPLE)),
        40,
    ),
    Case(
        "shanpon tsumo on a closed hand: the triplet stays closed",
        "123456m555p678s99s",
        "5p",
        Structure(wait=Wait.SHANPON, melds=runs(M.PON_CLOSED_SIMPLE)),
        30,
        win=TSUMO,
    ),
    Case(
        "shanpon ron on terminals beside a concealed 東 triplet",
        "999m456p234s55s111z",
        "9m",
        Structure(wait=Wait.SHANPON, melds=runs(M.PON_OPEN_TERMINAL, M.PON_CLOSED_TERMINAL)),
        50,
    ),
    Case(
        "closed ron, 中 pair",
        "234m567p345s678s77z",
        "4m",
        Structure(pair=Pair.YAKUHAI),
        40,
    ),
    Case(
        "closed ron, seat-wind pair (南 for South)",
        "234m567p345s678s22z",
        "4m",
        Structure(pair=Pair.YAKUHAI),
        40,
    ),
    Case(
        "closed ron, 西 pair is plain for South in an East round: pinfu",
        "234m567p345s678s33z",
        "4m",
        Structure(),
        30,
    ),
    Case(
        "dealer closed ron, double-wind 東 pair",
        "234m567p345s678s11z",
        "4m",
        Structure(pair=Pair.DOUBLE_WIND),
        40,
        dealer=True,
    ),
    Case(
        "dealer closed tsumo, double-wind 東 pair",
        "234m567p345s678s11z",
        "4m",
        Structure(pair=Pair.DOUBLE_WIND),
        30,
        win=TSUMO,
        dealer=True,
    ),
    Case("chiitoitsu ron", "1199m2255p3377s11z", "1z", Structure(chiitoitsu=True), 25),
    Case(
        "chiitoitsu tsumo",
        "1199m2255p3377s66z",
        "6z",
        Structure(chiitoitsu=True),
        25,
        win=TSUMO,
    ),
    Case(
        "closed kan of 東 (a round-wind yakuhai), ryanmen ron",
        "234m567p345s99s",
        "4m",
        Structure(melds=runs(M.KAN_CLOSED_TERMINAL)),
        70,
        melds=("ankan:1111z",),
    ),
    Case(
        "closed kan of simples, ryanmen tsumo",
        "234m567m345s99p",
        "4m",
        Structure(melds=runs(M.KAN_CLOSED_SIMPLE)),
        40,
        melds=("ankan:6666p",),
        win=TSUMO,
    ),
    Case(
        "closed terminal kan, tanki on 東",
        "123p456p789s11z",
        "1z",
        Structure(wait=Wait.TANKI, pair=Pair.YAKUHAI, melds=runs(M.KAN_CLOSED_TERMINAL)),
        70,
        melds=("ankan:9999m",),
    ),
    Case(
        "open terminal kan and 中 pon, ryanmen ron",
        "234m567s55s",
        "4m",
        Structure(**OPEN, melds=runs(M.KAN_OPEN_TERMINAL, M.PON_OPEN_TERMINAL)),
        40,
        melds=("kan:9999p", "pon:777z"),
        riichi=False,
    ),
    Case(
        "open simple kan, tanyao tsumo",
        "234m567m88s",
        "2m",
        Structure(**OPEN, melds=runs(M.KAN_OPEN_SIMPLE)),
        30,
        melds=("kan:3333p", "chi:678s"),
        win=TSUMO,
        riichi=False,
    ),
    Case(
        "open hand with no fu, ron: 20 becomes 30",
        "345567s88p",
        "3s",
        Structure(**OPEN),
        30,
        melds=("chi:234m", "chi:678p"),
        riichi=False,
    ),
    Case(
        "open hand with no fu, tsumo",
        "345567s88p",
        "3s",
        Structure(**OPEN),
        30,
        melds=("chi:234m", "chi:678p"),
        win=TSUMO,
        riichi=False,
    ),
    Case(
        "open kanchan ron beside a 白 pon",
        "456p789s22s",
        "5p",
        Structure(**OPEN, wait=Wait.KANCHAN, melds=runs(M.PON_OPEN_TERMINAL)),
        30,
        melds=("chi:234m", "pon:555z"),
        riichi=False,
    ),
    Case(
        "open toitoi, tanki ron",
        "555s777z22m",
        "2m",
        Structure(
            **OPEN,
            wait=Wait.TANKI,
            melds=(
                M.PON_OPEN_TERMINAL,
                M.PON_OPEN_TERMINAL,
                M.PON_CLOSED_SIMPLE,
                M.PON_CLOSED_TERMINAL,
            ),
        ),
        50,
        melds=("pon:111m", "pon:999p"),
        riichi=False,
    ),
    Case(
        "open shanpon ron: the won triplet is open",
        "678m55s888p",
        "8p",
        Structure(**OPEN, wait=Wait.SHANPON, melds=runs(M.PON_OPEN_TERMINAL, M.PON_OPEN_SIMPLE)),
        30,
        melds=("pon:111z", "chi:234m"),
        riichi=False,
    ),
    Case(
        "open shanpon tsumo: the won triplet is closed",
        "678p555s88s",
        "5s",
        Structure(**OPEN, wait=Wait.SHANPON, melds=runs(M.PON_OPEN_TERMINAL, M.PON_CLOSED_SIMPLE)),
        30,
        melds=("pon:777z", "chi:234m"),
        win=TSUMO,
        riichi=False,
    ),
    Case(
        "closed ron, 白 and 中 concealed, 發 pair (shousangen)",
        "234m567p555z777z66z",
        "4m",
        Structure(pair=Pair.YAKUHAI, melds=runs(M.PON_CLOSED_TERMINAL, M.PON_CLOSED_TERMINAL)),
        50,
    ),
    Case(
        "sanankou of terminals, 白 pair",
        "111m234m999p111s55z",
        "4m",
        Structure(
            pair=Pair.YAKUHAI,
            melds=runs(M.PON_CLOSED_TERMINAL, M.PON_CLOSED_TERMINAL, M.PON_CLOSED_TERMINAL),
        ),
        60,
    ),
    Case(
        "dealer open hand, double-wind 東 pair",
        "567p345s11z",
        "5p",
        Structure(**OPEN, pair=Pair.DOUBLE_WIND, melds=runs(M.PON_OPEN_TERMINAL)),
        30,
        melds=("pon:777z", "chi:234m"),
        dealer=True,
        riichi=False,
    ),
    Case(
        "open simple kan, closed terminal kan, 發 pon, tanki ron",
        "234p77s",
        "7s",
        Structure(
            **OPEN,
            wait=Wait.TANKI,
            melds=runs(M.KAN_OPEN_SIMPLE, M.KAN_CLOSED_TERMINAL, M.PON_OPEN_TERMINAL),
        ),
        70,
        melds=("kan:4444s", "ankan:1111p", "pon:666z"),
        riichi=False,
    ),
    Case(
        "kanchan closed tsumo",
        "234m45699p345678s",
        "3m",
        Structure(wait=Wait.KANCHAN),
        30,
        win=TSUMO,
    ),
    Case(
        "closed ron, concealed simple triplet and kanchan",
        "234m555p345678s99p",
        "3m",
        Structure(wait=Wait.KANCHAN, melds=runs(M.PON_CLOSED_SIMPLE)),
        40,
    ),
    Case(
        "two closed terminal kans and a closed simple kan, tanki on a double wind",
        "234m11z",
        "1z",
        Structure(
            wait=Wait.TANKI,
            pair=Pair.DOUBLE_WIND,
            melds=runs(M.KAN_CLOSED_TERMINAL, M.KAN_CLOSED_TERMINAL, M.KAN_CLOSED_SIMPLE),
        ),
        120,
        melds=("ankan:9999p", "ankan:1111s", "ankan:5555m"),
        dealer=True,
    ),
    Case(
        "closed tsumo, concealed 北 triplet (plain for South), penchan",
        "789m456p234s444z55s",
        "7m",
        Structure(wait=Wait.PENCHAN, melds=runs(M.PON_CLOSED_TERMINAL)),
        40,
        win=TSUMO,
    ),
]

MELD_TYPES = {
    "chi": (PackageMeld.CHI, True),
    "pon": (PackageMeld.PON, True),
    "kan": (PackageMeld.KAN, True),
    "ankan": (PackageMeld.KAN, False),
}


class Wall:
    """Hands out distinct copies of each tile (136-format) so melds and hand never clash."""

    def __init__(self) -> None:
        self.used: Counter[int] = Counter()

    def take(self, tiles: str) -> list[int]:
        taken = []
        for tile in TilesConverter.one_line_string_to_136_array(tiles):
            kind = tile // 4
            assert self.used[kind] < 4, f"a fifth {tiles}"
            taken.append(kind * 4 + self.used[kind])
            self.used[kind] += 1
        return taken


def package_fu(case: Case):
    wall = Wall()
    melds = []
    for meld in case.melds:
        kind, tiles = meld.split(":")
        meld_type, opened = MELD_TYPES[kind]
        melds.append(PackageMeld(meld_type=meld_type, tiles=wall.take(tiles), opened=opened))
    concealed = wall.take(case.hand)
    win_kind = TilesConverter.one_line_string_to_136_array(case.win_tile)[0] // 4
    win_tile = next(tile for tile in concealed if tile // 4 == win_kind)
    tiles = concealed + [tile for meld in melds for tile in meld.tiles]
    config = HandConfig(
        is_tsumo=case.win is TSUMO,
        is_riichi=case.riichi,
        player_wind=EAST if case.dealer else SOUTH,
        round_wind=EAST,
        options=OptionalRules(has_open_tanyao=True),
    )
    return HandCalculator.estimate_hand_value(tiles, win_tile, melds=melds, config=config)


def test_there_are_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_counted_fu_matches_the_package(case):
    result = package_fu(case)
    assert result.error is None
    assert structure_errors(case.structure, case.win) == {}
    assert result.fu == case.fu
    assert count_fu(case.structure, case.win).fu == case.fu
    # And the whole payment follows: han from the package, fu from our count.
    hand = Hand(
        han=min(result.han, 13),
        dealer=case.dealer,
        win=case.win,
        fu_mode=FuMode.COUNT,
        structure=case.structure,
    )
    if not any(y.is_yakuman for y in result.yaku):
        assert score(hand).winner_receives == result.cost["total"]


def test_open_tsumo_without_fu_is_itemised_differently():
    """Same 30 fu, different reason: the package gives no tsumo fu to a hand that has no
    other fu and then adds 2 for "open pinfu"; rules.md always adds the 2 tsumo fu."""
    case = next(case for case in CASES if case.name == "open hand with no fu, tsumo")
    reasons = {detail["reason"] for detail in package_fu(case).fu_details}
    assert reasons == {"base", "hand_without_fu"}
    ours = [step.code for step in count_fu(case.structure, case.win).items]
    assert ours == ["fu_base", "fu_tsumo", "fu_round"]
