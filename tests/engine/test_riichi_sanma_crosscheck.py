"""Three-player riichi against two independent sources (test-only).

(a) `sanma=loss` (ツモ損) with the default 200-point counter is what the `mahjong` package
    scores with `OptionalRules(is_three_player=True)`: every han 1–13 × fu × seat × win type
    × honba {0, 2}, riichi sticks on the table, under each kiriage and kazoe rule.
(b) `sanma=bisection` (北家折半) and `sanma_honba=300`, which the package does not have,
    against rules.md's formula written out again here from the text: b = fu × 2^(han+2)
    (the ladder from 5 han or 2,000), non-dealer tsumo dealer `2b + b/2` ↑100 and non-dealer
    `b + b/2` ↑100, dealer tsumo `3b` ↑100 each, a counter `sanma_honba` on a ron and half of
    it from each payer on a tsumo.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from calculator.scoring.outcome import Win
from calculator.scoring.riichi import FU_VALUES, TABLE_FU, Hand, Kazoe, Rules, Sanma, score

from .test_riichi_crosscheck import KAZOE, expected_level

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
HONBA = (0, 2)
STICKS = 1


def package_config(*, dealer: bool, win: Win, honba: int, rules: Rules) -> HandConfig:
    options = OptionalRules(
        kiriage=rules.kiriage, kazoe_limit=KAZOE[rules.kazoe], is_three_player=True
    )
    return HandConfig(
        is_tsumo=win is TSUMO,
        player_wind=EAST if dealer else SOUTH,
        round_wind=EAST,
        tsumi_number=honba,
        kyoutaku_number=STICKS,
        options=options,
    )


def package_payments(cost, *, win: Win) -> list[int]:
    """The package's `main`/`additional` (+ bonuses) as our two payments: ron the discarder
    and nobody; tsumo the dealer (or, to a dealer, one non-dealer) and the other."""
    main = cost["main"] + cost["main_bonus"]
    if win is RON:
        return [main, 0]
    return [main, cost["additional"] + cost["additional_bonus"]]


def ours(han: int, fu: int, dealer: bool, win: Win, honba: int, rules: Rules):
    outcome = score(Hand(han, fu, 0, dealer, win, honba, riichi_sticks=STICKS), rules)
    return [int(p.amount) for p in outcome.payments], int(outcome.winner_receives), outcome.level


# --- (a) ツモ損 against the package ---------------------------------------------------------------


@pytest.mark.parametrize("kazoe", list(Kazoe))
@pytest.mark.parametrize("kiriage", [False, True])
@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_loss_matches_the_packages_three_player_scoring(dealer, win, kiriage, kazoe):
    rules = Rules(kiriage=kiriage, kazoe=kazoe, players=3, sanma=Sanma.LOSS)
    mismatches = []
    checked = 0
    for han in range(1, 14):
        for fu in TABLE_FU:
            for honba in HONBA:
                config = package_config(dealer=dealer, win=win, honba=honba, rules=rules)
                cost = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
                want = (
                    package_payments(cost, win=win),
                    cost["total"],
                    expected_level(cost, han, fu, rules),
                )
                got = ours(han, fu, dealer, win, honba, rules)
                checked += 1
                if got != want:
                    mismatches.append((han, fu, honba, got, want))
    assert checked == 13 * len(TABLE_FU) * len(HONBA)
    assert mismatches == []


@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_loss_past_110_fu_matches_the_package(dealer, win):
    rules = Rules(players=3)
    mismatches = []
    for han in range(1, 6):
        for fu in sorted(set(FU_VALUES) - set(TABLE_FU)):
            for honba in HONBA:
                config = package_config(dealer=dealer, win=win, honba=honba, rules=rules)
                cost = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
                got = ours(han, fu, dealer, win, honba, rules)[:2]
                if got != (package_payments(cost, win=win), cost["total"]):
                    mismatches.append((han, fu, honba, got))
    assert mismatches == []


@pytest.mark.parametrize("count", range(1, 7))
@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_yakuman_multiples_match_the_package(count, win, dealer):
    rules = Rules(players=3)
    config = package_config(dealer=dealer, win=win, honba=2, rules=rules)
    cost = ScoresCalculator.calculate_scores(han=13 * count, fu=0, config=config, is_yakuman=True)
    outcome = score(Hand(yakuman=count, dealer=dealer, win=win, honba=2, riichi_sticks=1), rules)
    assert [int(p.amount) for p in outcome.payments] == package_payments(cost, win=win)
    assert outcome.winner_receives == cost["total"]


def test_the_package_has_no_bisection_and_no_300_counter():
    """Why (b) is checked against rules.md instead: the package's three-player tsumo is
    always ツモ損 and its counter always 200 (100 from each on a tsumo)."""
    config = package_config(dealer=False, win=TSUMO, honba=2, rules=Rules(players=3))
    cost = ScoresCalculator.calculate_scores(han=5, fu=30, config=config)
    assert (cost["main"], cost["additional"]) == (4000, 2000)
    assert (cost["main_bonus"], cost["additional_bonus"]) == (200, 200)


# --- (b) 北家折半 and the 300 counter against rules.md's formula -----------------------------------

LIMITS = ((13, 8000), (11, 6000), (8, 4000), (6, 3000), (5, 2000))  # (from han, b)


def basic(han: int, fu: int, kiriage: bool) -> int:
    for lowest, value in LIMITS:
        if han >= lowest:
            return value
    b = fu * 2 ** (han + 2)
    return 2000 if b >= 2000 or (kiriage and b == 1920) else b


def up(value: Fraction | int) -> int:
    """↑100: the next multiple of 100 at or above."""
    value = Fraction(value)
    return int(-(-value // 100) * 100)


def rules_md(han: int, fu: int, dealer: bool, win: Win, honba: int, rules: Rules) -> list[int]:
    b = basic(han, fu, rules.kiriage)
    counter = rules.sanma_honba  # in all on a ron; half from each of the two on a tsumo
    if win is RON:
        return [up((6 if dealer else 4) * b) + counter * honba, 0]
    each = counter // 2 * honba
    if rules.sanma is Sanma.BISECTION:
        if dealer:
            return [up(2 * b + b) + each] * 2
        return [up(2 * b + Fraction(b, 2)) + each, up(b + Fraction(b, 2)) + each]
    if dealer:
        return [up(2 * b) + each] * 2
    return [up(2 * b) + each, up(b) + each]


@pytest.mark.parametrize("sanma_honba", [200, 300])
@pytest.mark.parametrize("sanma", list(Sanma))
@pytest.mark.parametrize("kiriage", [False, True])
@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_every_mode_matches_rules_md(dealer, win, kiriage, sanma, sanma_honba):
    rules = Rules(kiriage=kiriage, players=3, sanma=sanma, sanma_honba=sanma_honba)
    mismatches = []
    for han in range(1, 14):
        for fu in FU_VALUES:
            for honba in (0, 1, 2, 7):
                want = rules_md(han, fu, dealer, win, honba, rules)
                got, receives, _level = ours(han, fu, dealer, win, honba, rules)
                if got != want or receives != sum(want) + 1000 * STICKS:
                    mismatches.append((han, fu, honba, got, want))
    assert mismatches == []


def test_the_formula_here_agrees_with_the_package_where_both_apply():
    """A check on the check: rules.md's formula for ツモ損 and 200 is the package's."""
    rules = Rules(players=3)
    for dealer in (False, True):
        for win in Win:
            for han in range(1, 14):
                for fu in TABLE_FU:
                    config = package_config(dealer=dealer, win=win, honba=2, rules=rules)
                    cost = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config)
                    assert rules_md(han, fu, dealer, win, 2, rules) == package_payments(
                        cost, win=win
                    )
