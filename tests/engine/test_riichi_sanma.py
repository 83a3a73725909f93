"""Three-player riichi (三麻) payments: rules.md § riichi with three players, case by case.

The worked examples of rules.md are typed here literally; the package cross-check over the
whole grid is in test_riichi_sanma_crosscheck.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculator.scoring.outcome import Win
from calculator.scoring.riichi import (
    Hand,
    Rules,
    Sanma,
    point_table,
    score,
    shares,
    unused_settings,
)

RON, TSUMO = Win.DISCARD, Win.SELF_DRAW
LOSS = Rules(players=3)
BISECTION = Rules(players=3, sanma=Sanma.BISECTION)


def paid(outcome):
    return [(p.payer, int(p.amount)) for p in outcome.payments]


# --- rules.md's worked examples, literally ---------------------------------------------------


def test_non_dealer_tsumo_mangan_loss():
    # "non-dealer tsumo 滿貫 (`loss`): 4,000 / 2,000 = 6,000"
    outcome = score(Hand(han=5, win=TSUMO), LOSS)
    assert paid(outcome) == [("dealer", 4000), ("non_dealer", 2000)]
    assert outcome.winner_receives == 6000


def test_non_dealer_tsumo_mangan_bisection():
    # "(`bisection`): 5,000 / 3,000 = 8,000"
    outcome = score(Hand(han=5, win=TSUMO), BISECTION)
    assert paid(outcome) == [("dealer", 5000), ("non_dealer", 3000)]
    assert outcome.winner_receives == 8000


def test_dealer_tsumo_mangan_loss():
    # "Dealer tsumo 滿貫 (`loss`): 4,000 + 4,000 = 8,000"
    outcome = score(Hand(han=5, dealer=True, win=TSUMO), LOSS)
    assert paid(outcome) == [("non_dealer", 4000), ("non_dealer", 4000)]
    assert outcome.winner_receives == 8000


def test_dealer_tsumo_mangan_bisection():
    # "(`bisection`): 6,000 each"
    outcome = score(Hand(han=5, dealer=True, win=TSUMO), BISECTION)
    assert paid(outcome) == [("non_dealer", 6000), ("non_dealer", 6000)]
    assert outcome.winner_receives == 12000


def test_non_dealer_ron_mangan_two_honba():
    # "Non-dealer ron 滿貫 with 2 honba: 8,400" (200 × 2 under the default sanma_honba)
    outcome = score(Hand(han=5, honba=2), LOSS)
    assert paid(outcome) == [("discarder", 8400), ("other", 0)]
    assert outcome.winner_receives == 8400


def test_3_han_30_fu_non_dealer_tsumo_loss():
    # "3 飜 30 符 non-dealer tsumo (`loss`): 2,000 / 1,000"
    outcome = score(Hand(han=3, fu=30, win=TSUMO), LOSS)
    assert paid(outcome) == [("dealer", 2000), ("non_dealer", 1000)]
    assert outcome.winner_receives == 3000


# --- the formula, beyond the examples ----------------------------------------------------------


def test_bisection_rounds_each_payment_once_after_adding_the_half():
    # 3 han 30 fu: b = 960. Dealer 2b + b/2 = 2,400 (not 2,000 + 500); non-dealer
    # b + b/2 = 1,440 -> 1,500 (not 1,000 + 500).
    outcome = score(Hand(han=3, fu=30, win=TSUMO), BISECTION)
    assert paid(outcome) == [("dealer", 2400), ("non_dealer", 1500)]
    # 1 han 30 fu: b = 240: 600 -> 600, 360 -> 400.
    assert paid(score(Hand(han=1, fu=30, win=TSUMO), BISECTION)) == [
        ("dealer", 600),
        ("non_dealer", 400),
    ]
    # dealer 2 han 40 fu: b = 640, 3b = 1,920 -> 2,000 each.
    assert paid(score(Hand(han=2, fu=40, dealer=True, win=TSUMO), BISECTION)) == [
        ("non_dealer", 2000),
        ("non_dealer", 2000),
    ]


def test_sanma_honba_300():
    # ron 300 × honba; tsumo 150 × honba from each of the two payers
    rules = Rules(players=3, sanma_honba=300)
    assert paid(score(Hand(han=5, honba=2), rules)) == [("discarder", 8600), ("other", 0)]
    assert paid(score(Hand(han=5, win=TSUMO, honba=2), rules)) == [
        ("dealer", 4300),
        ("non_dealer", 2300),
    ]
    assert paid(score(Hand(han=5, dealer=True, win=TSUMO, honba=3), rules)) == [
        ("non_dealer", 4450),
        ("non_dealer", 4450),
    ]
    both = Rules(players=3, sanma=Sanma.BISECTION, sanma_honba=300)
    assert paid(score(Hand(han=5, win=TSUMO, honba=1), both)) == [
        ("dealer", 5150),
        ("non_dealer", 3150),
    ]


def test_sanma_honba_200_tsumo_is_100_from_each():
    assert paid(score(Hand(han=5, win=TSUMO, honba=2), LOSS)) == [
        ("dealer", 4200),
        ("non_dealer", 2200),
    ]


def test_riichi_sticks_as_with_four_players():
    outcome = score(Hand(han=5, win=TSUMO, riichi_sticks=2), BISECTION)
    assert outcome.from_table == 2000
    assert outcome.winner_receives == 10000


@pytest.mark.parametrize("count", range(1, 7))
def test_yakuman_multiples(count):
    base = 8000 * count
    ron = score(Hand(yakuman=count), LOSS)
    assert paid(ron) == [("discarder", 4 * base), ("other", 0)]
    loss = score(Hand(yakuman=count, win=TSUMO), LOSS)
    assert paid(loss) == [("dealer", 2 * base), ("non_dealer", base)]
    split = score(Hand(yakuman=count, dealer=True, win=TSUMO), BISECTION)
    assert paid(split) == [("non_dealer", 3 * base), ("non_dealer", 3 * base)]


@pytest.mark.parametrize("win", list(Win))
@pytest.mark.parametrize("dealer", [False, True])
def test_every_level_of_the_ladder_under_both_modes(dealer, win):
    # (han, basic points): mangan … sanbaiman, kazoe yakuman
    for han, b in ((5, 2000), (6, 3000), (8, 4000), (11, 6000), (13, 8000)):
        loss = [int(p.amount) for p in score(Hand(han=han, dealer=dealer, win=win), LOSS).payments]
        split = score(Hand(han=han, dealer=dealer, win=win), BISECTION)
        if win is RON:
            expected_loss = expected_split = [(6 if dealer else 4) * b, 0]
        elif dealer:
            expected_loss, expected_split = [2 * b, 2 * b], [3 * b, 3 * b]
        else:
            expected_loss, expected_split = [2 * b, b], [5 * b // 2, 3 * b // 2]
        assert loss == expected_loss
        assert [int(p.amount) for p in split.payments] == expected_split


def test_two_payments_with_the_contracts_roles():
    assert [role for role, _ in shares(False, RON, LOSS)] == ["discarder", "other"]
    assert [role for role, _ in shares(False, TSUMO, LOSS)] == ["dealer", "non_dealer"]
    assert [role for role, _ in shares(True, TSUMO, LOSS)] == ["non_dealer", "non_dealer"]
    assert [role for role, _ in shares(True, RON, BISECTION)] == ["discarder", "other"]
    assert [times for _, times in shares(False, TSUMO, BISECTION)] == [
        Fraction(5, 2),
        Fraction(3, 2),
    ]


def test_four_players_ignore_the_sanma_settings():
    four = Rules(sanma=Sanma.BISECTION, sanma_honba=300)
    hand = Hand(han=5, win=TSUMO, honba=1)
    assert paid(score(hand, four)) == paid(score(hand, Rules()))
    assert paid(score(hand, Rules())) == [
        ("dealer", 4100),
        ("non_dealer", 2100),
        ("non_dealer", 2100),
    ]


def test_steps_say_what_became_of_norths_share():
    loss = [s.code for s in score(Hand(han=5, win=TSUMO), LOSS).steps]
    assert loss == ["level", "sanma_loss", "payment", "payment"]
    split = score(Hand(han=5, win=TSUMO), BISECTION).steps
    assert dict(split[1].args) == {"share": 2000, "half": 1000}
    assert dict(split[2].args)["times"] == Fraction(5, 2)
    dealer = score(Hand(han=5, dealer=True, win=TSUMO), BISECTION).steps
    assert dict(dealer[1].args)["share"] == 4000  # North pays a dealer 2b
    assert "sanma_loss" not in [s.code for s in score(Hand(han=5), LOSS).steps]
    honba = score(Hand(han=5, honba=2), Rules(players=3, sanma_honba=300)).steps[-1]
    assert honba.code == "honba" and dict(honba.args) == {"honba": 2, "each": 600}


def test_unused_settings():
    assert {"sanma", "sanma_honba"} <= unused_settings(Hand(), Rules())
    assert {"sanma", "sanma_honba"} <= unused_settings(Hand(yakuman=1), Rules())
    ron = unused_settings(Hand(honba=1), LOSS)
    assert "sanma" in ron and "sanma_honba" not in ron
    tsumo = unused_settings(Hand(win=TSUMO), LOSS)
    assert "sanma" not in tsumo and "sanma_honba" in tsumo
    assert not {"sanma", "sanma_honba"} & unused_settings(Hand(win=TSUMO, honba=1), BISECTION)
    assert "players" not in unused_settings(Hand(), LOSS)


def test_rules_refuse_what_the_contract_does_not_have():
    with pytest.raises(ValueError):
        Rules(players=5)
    with pytest.raises(ValueError):
        Rules(players=3, sanma_honba=100)
    assert Rules(players=3, sanma="bisection").sanma is Sanma.BISECTION


# --- the point table --------------------------------------------------------------------------


def test_point_table_tsumo_columns_follow_the_mode():
    loss = point_table(Hand(win=TSUMO), LOSS)
    split = point_table(Hand(win=TSUMO), BISECTION)
    assert loss.players == 3 and loss.roles == ("dealer", "non_dealer")
    three_thirty = loss.rows[2].cells[2]  # 3 han, 30 fu
    assert three_thirty.amounts == (2000, 1000) and three_thirty.receives == 3000
    assert split.rows[2].cells[2].amounts == (2400, 1500)
    assert split.rows[2].cells[2].receives == 3900
    mangan = {row.level: row.cell for row in split.limits}["mangan"]
    assert mangan.amounts == (5000, 3000) and mangan.receives == 8000


def test_point_table_dealer_tsumo_and_ron():
    dealer = point_table(Hand(dealer=True, win=TSUMO), BISECTION)
    assert dealer.roles == ("non_dealer",)
    assert {row.level: row.cell for row in dealer.limits}["mangan"].receives == 12000
    ron = point_table(Hand(honba=2), LOSS)
    assert ron.roles == ("discarder",)
    assert {row.level: row.cell for row in ron.limits}["mangan"].amounts == (8400,)
    # the 3 han 30 fu ron cell is what it is with four players, honba aside
    assert point_table(Hand(), LOSS).rows[2].cells[2].amounts == (3900,)


def test_every_table_cell_is_the_payment_of_that_hand():
    for rules in (LOSS, BISECTION, Rules(players=3, sanma_honba=300)):
        for dealer in (False, True):
            for win in Win:
                hand = Hand(dealer=dealer, win=win, honba=2)
                table = point_table(hand, rules)
                for row in table.rows:
                    for fu, cell in zip(table.fus, row.cells, strict=True):
                        if cell is None:
                            continue
                        outcome = score(Hand(row.han, fu, 0, dealer, win, 2), rules)
                        amounts = [int(p.amount) for p in outcome.payments]
                        assert cell.amounts == tuple(amounts[: len(table.roles)])
                        assert cell.receives == outcome.winner_receives
