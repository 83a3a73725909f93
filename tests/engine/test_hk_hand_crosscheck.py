"""Our HK fan count against a second one: tests/engine/hk_reference.py, written from rules.md.

First the reference itself is held to rules.md's worked examples and to hands worked by hand
(the working in each comment); then both scorers read the same few thousand generated
complete hands — biased towards honours, one suit and pungs so the rarer fans and limit hands
come up — and must agree on every fan total and limit flag. The conventions rules.md leaves
open are listed at the top of hk_reference.py and asserted in the "conventions" section.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from tests.engine import hk_reference as ref
from tests.engine.hk_reference import DRAGONS, ORPHANS, TERMINALS

SUITS = "mpsz"


def text(kinds) -> str:
    """Kinds 0–33 as sorted notation: `123m55z`."""
    out = ""
    for suit in range(4):
        digits = "".join(str(k % 9 + 1) for k in sorted(kinds) if k // 9 == suit)
        out += f"{digits}{SUITS[suit]}" if digits else ""
    return out


# --- the reference against rules.md ------------------------------------------------------

# rules.md § hk hand, worked examples (cap 10, flowers in play, none drawn unless said).
WORKED = [
    # 平糊 1 + 門前清 1 + 無花 1
    ("123m456p789s234s55m", "", "5m", "", {}, (3, False)),
    # the 234s chow exposed: 平糊 1 + 無花 1
    ("123m456p789s55m", "chi:234s", "5m", "", {}, (2, False)),
    # 混一色 3 + 三元牌 1 + 無花 1 (the 東 pair is no fan for 南/南)
    ("123456789p11z", "pon:777z", "1z", "", {"seat": "s", "round": "s"}, (5, False)),
    # 門風 1 + 圈風 1 + 門前清 1 + 自摸 1 + 正花 2 (春 and 梅 are both East's)
    ("111z123456m789p22s", "", "2s", "1g1f", {"win": "self_draw"}, (6, False)),
    # 對對糊 3 + 花么 1 + 三元牌 1 + 無花 1
    (
        "99s",
        "pon:111m,pon:999p,pon:111z,pon:777z",
        "9s",
        "",
        {"seat": "s", "round": "s"},
        (6, False),
    ),
    # 小三元 5 + 混一色 3 + 無花 1
    ("55z123456m", "pon:777z,pon:666z", "5z", "", {}, (9, False)),
    # 大三元: the cap
    ("555666777z12355m", "", "5m", "", {}, (10, True)),
    # best grouping 123p ×3: 平糊 1 + 清一色 7 + 門前清 1 + 無花 1
    ("11122233378999p", "", "9p", "", {}, (10, False)),
]


@pytest.mark.parametrize(("hand", "melds", "win_tile", "flowers", "flags", "want"), WORKED)
def test_reference_scores_the_worked_examples(hand, melds, win_tile, flowers, flags, want):
    assert ref.score(hand, melds, win_tile, flowers, cap=10, **flags) == want


# Hands worked by hand from the table (cap 10 unless said; seat and round 東).
WORKED_BY_HAND = [
    # 十三么
    ("19m19p19s12345677z", "", "7z", "", {}, (10, True)),
    # 九子連環 on a discard, the extra tile a 5
    ("11123455678999s", "", "5s", "", {}, (10, True)),
    # 字一色: 東東東 南南南 西西西 白白白 中中
    ("11122233355577z", "", "7z", "", {}, (10, True)),
    # 清么九: 111m 999m 111p 999p 99s
    ("111999m111999p99s", "", "9s", "", {}, (10, True)),
    # 小四喜: three wind pungs and a wind pair
    ("11122233344z123m", "", "1m", "", {}, (10, True)),
    # 大四喜, all exposed
    ("55m", "pon:111z,pon:222z,pon:333z,pon:444z", "5m", "", {}, (10, True)),
    # 坎坎糊 on a discard of the pair tile (the pungs stay concealed)
    ("111m222p333s444s55m", "", "5m", "", {}, (10, True)),
    # the same on a discard of 4s: that pung is open, so 對對糊 3 + 門前清 1 + 無花 1 = 5
    ("111m222p333s444s55m", "", "4s", "", {}, (5, False)),
    # the same self-drawn on 4s: 坎坎糊
    ("111m222p333s444s55m", "", "4s", "", {"win": "self_draw"}, (10, True)),
    # 十八羅漢: four kongs
    ("55m", "kan:1111m,ankan:2222p,kan:3333s,kan:4444s", "5m", "", {}, (10, True)),
    # 槓上槓 on two kongs
    (
        "123m456m55p",
        "kan:1111s,ankan:9999s",
        "5p",
        "",
        {"win": "self_draw", "double_kong": True},
        (10, True),
    ),
    # 天糊 and 地糊 on a plain hand
    ("123m456m789p234s55p", "", "5p", "", {"win": "self_draw", "heaven": True}, (10, True)),
    ("123m456m789p234s55p", "", "5p", "", {"seat": "s", "earth": True}, (10, True)),
    # a limit hand pays the cap it is given
    ("19m19p19s12345677z", "", "7z", "", {"cap": 13}, (13, True)),
    # 槓上開花 on 1111s: 自摸 1 + 槓上開花 1 + 門前清 1 (an ankan keeps it closed) + 無花 1
    (
        "123m456m789p55p",
        "ankan:1111s",
        "5p",
        "",
        {"win": "self_draw", "kong_draw": True},
        (4, False),
    ),
    # 海底撈月: 平糊 1 + 門前清 1 + 自摸 1 + 海底 1 + 無花 1
    ("123m456m789p234s55p", "", "5p", "", {"win": "self_draw", "last_tile": True}, (5, False)),
    # 搶槓 on 3s: 平糊 1 + 門前清 1 + 搶槓 1 + 無花 1
    ("123m456m789p234s55p", "", "3s", "", {"robbed_kong": True}, (4, False)),
    # 雞糊: a pung of 2m, chows, one exposed: nothing but 無花 1
    ("222m456m789p55p", "chi:234s", "5p", "", {}, (1, False)),
    # ... and with no flowers in play, 0
    ("222m456m789p55p", "chi:234s", "5p", "", {"flowers_in_play": False}, (0, False)),
    # 正花: 南's seat has 蘭 (2f) and 夏 (2g); 菊 (3f) is no one's here: 2
    ("222m456m789p55p", "chi:234s", "5p", "2f2g3f", {"seat": "s"}, (2, False)),
    # 一台花: 梅蘭菊竹 2 in place of 梅's 正花, plus 春 1 for 東 = 3
    ("222m456m789p55p", "chi:234s", "5p", "1234f1g", {}, (3, False)),
    # all eight: 2 + 2
    ("222m456m789p55p", "chi:234s", "5p", "1234f1234g", {"seat": "w"}, (4, False)),
    # 清一色 at 6: 清一色 6 + 平糊 1 + 門前清 1 + 無花 1 = 9
    ("11122233378999p", "", "9p", "", {"qingyise": 6}, (9, False)),
    # 門前清 not paid: 平糊 1 + 清一色 7 + 無花 1 = 9
    ("11122233378999p", "", "9p", "", {"menqing": False}, (9, False)),
    # a wind that is both seat and round counts twice: 東 pung for 東/東
    ("111z222m456m789p55p", "", "5p", "", {}, (4, False)),  # 2 winds + 門前清 + 無花
    # 白 pair and 中 pung, 南/東: 三元牌 1 + 門前清 1 + 無花 1
    ("777z123m456m789p55z", "", "5z", "", {"seat": "s"}, (3, False)),
    # 七對 with the option: 七對 4 + 門前清 1 + 無花 1; 七對 混一色: 4 + 3 + 1 + 1
    ("1133m5577p22s1155z", "", "5z", "", {"seven_pairs": True}, (6, False)),
    ("113355p11223344z", "", "4z", "", {"seven_pairs": True}, (9, False)),
    # 七對 of honours only: 字一色
    ("11223344556677z", "", "7z", "", {"seven_pairs": True}, (10, True)),
    # 七對 self-drawn: 七對 4 + 門前清 1 + 自摸 1 + 無花 1
    ("1133m5577p22s1155z", "", "5z", "", {"seven_pairs": True, "win": "self_draw"}, (7, False)),
]


@pytest.mark.parametrize(("hand", "melds", "win_tile", "flowers", "flags", "want"), WORKED_BY_HAND)
def test_reference_scores_hands_worked_by_hand(hand, melds, win_tile, flowers, flags, want):
    flags = {"cap": 10, **flags}
    assert ref.score(hand, melds, win_tile, flowers, **flags) == want


def test_reference_refuses_what_is_not_a_hand():
    with pytest.raises(ValueError):
        ref.score("1133m5577p22s1155z", "", "5z")  # seven pairs without the option
    with pytest.raises(ValueError):
        ref.score("123m456m789p234s5p", "", "5p")  # 13 tiles
    with pytest.raises(ValueError):
        ref.score("123m456m789p234s55p", "", "5p", "1f", flowers_in_play=False)
    with pytest.raises(ValueError):
        ref.score("123m456m789p234s55p", "", "5p", kong_draw=True, win="self_draw")


# --- conventions rules.md leaves open (numbered as in hk_reference.py) ---------------------

# (convention, hand, melds, win_tile, flowers, flags, the reference's answer, the product's).
# Where the two answers differ, that difference is documented and asserted as such.
CONVENTIONS = [
    # 1: 坎坎糊 of one suit at cap 3 is the limit's 3, though 清一色 7 + 對對糊 3 + 門前清 1
    #    + 無花 1 alone make 12
    (1, "11122233355599m", "", "9m", "", {"cap": 3}, (3, True), (3, True)),
    # 2: 1113455678999 before the win on 2m is no nine-sided wait; by default (nine_gates=any)
    #    both call the 14 tiles 九子連環; under `pure` it is 清一色 7 + 門前清 1 + 無花 1 = 9
    (2, "11123455678999m", "", "2m", "", {}, (10, True), (10, True)),
    (2, "11112345678999m", "", "2m", "", {}, (10, True), (10, True)),
    #    the nine-sided wait itself, completed by 1m or by 5m: a limit for both
    (2, "11112345678999m", "", "1m", "", {}, (10, True), (10, True)),
    (2, "11123455678999m", "", "5m", "", {}, (10, True), (10, True)),
    #    only two 9s is no frame: 111 234 567 888 99, 清一色 7 + 門前清 1 + 無花 1
    (2, "11123456788899m", "", "9m", "", {}, (9, False), (9, False)),
    # 3: 坎坎糊 on a discard of the pair's tile; on a pung's tile that pung is open (對對糊 3
    #    + 門前清 1 + 無花 1)
    (3, "111m222p333s444s55m", "", "5m", "", {}, (10, True), (10, True)),
    (3, "111m222p333s444s55m", "", "4s", "", {}, (5, False), (5, False)),
    # 4: 1m 9m 1p 9p 東 南 中 pairs: 七對 4 + 門前清 1 + 無花 1, no 花么
    (4, "1199m1199p112277z", "", "7z", "", {"seven_pairs": True}, (6, False), (6, False)),
    #    七對 on the last tile: 七對 4 + 門前清 1 + 自摸 1 + 海底 1 + 無花 1
    (
        4,
        "1133m5577p22s1155z",
        "",
        "5z",
        "",
        {"seven_pairs": True, "win": "self_draw", "last_tile": True},
        (8, False),
        (8, False),
    ),
    # 5: 112233m 445566p 77s: as sets 平糊 1 + 門前清 1 + 無花 1 = 3; as 七對 4 + 1 + 1 = 6
    (5, "112233m445566p77s", "", "7s", "", {"seven_pairs": True}, (6, False), (6, False)),
    (5, "112233m445566p77s", "", "7s", "", {}, (3, False), (3, False)),
    # 6: 平糊 1 + 門前清 1 + 自摸 1 + 正花 1 (梅 for 東)
    (6, "123m456m789p234s55p", "", "5p", "1f", {"win": "self_draw"}, (4, False), (4, False)),
    # 7: 1111m held, not declared: 111m + 123m, 門前清 1 + 無花 1 (no kong, no 十八羅漢 part)
    (7, "111123m456m789p55p", "", "5p", "", {}, (2, False), (2, False)),
    # 8: both flower sets complete: 一台花 2 + 2, no 正花 besides
    (8, "222m456m789p55p", "chi:234s", "5p", "1234f1234g", {}, (4, False), (4, False)),
]


@pytest.mark.parametrize(
    ("number", "hand", "melds", "win_tile", "flowers", "flags", "want", "_"), CONVENTIONS
)
def test_reference_follows_its_conventions(number, hand, melds, win_tile, flowers, flags, want, _):
    assert ref.score(hand, melds, win_tile, flowers, **flags) == want


def test_reference_reads_nine_gates_the_other_way_when_asked():
    assert ref.score("11123455678999m", "", "2m", nine_gates_pure_wait=True) == (9, False)
    assert ref.score("11123455678999m", "", "5m", nine_gates_pure_wait=True) == (10, True)


# --- the generator -----------------------------------------------------------------------

ALL = list(range(34))
HONOURS = list(range(27, 34))
WINDS = list(range(27, 31))


@dataclass
class Case:
    hand: str
    melds: str
    win_tile: str
    flowers: str
    flags: dict = field(default_factory=dict)

    def __str__(self) -> str:
        flags = " ".join(f"{k}={v}" for k, v in self.flags.items())
        return f"hand={self.hand} melds={self.melds} win={self.win_tile} flowers={self.flowers} {flags}"


def palette(rng: random.Random) -> tuple[list[int], list[int]]:
    """The kinds a hand is drawn from, and the kinds its pungs and pair favour."""
    suit = rng.randrange(3)
    one_suit = list(range(suit * 9, suit * 9 + 9))
    choice = rng.choices(
        [
            "mixed",
            "one_suit",
            "one_suit_honours",
            "honours",
            "terminals",
            "orphans",
            "dragons",
            "winds",
            "four_winds",
        ],
        weights=[30, 15, 20, 4, 3, 6, 12, 8, 5],
    )[0]
    return {
        "mixed": (ALL, ALL),
        "one_suit": (one_suit, one_suit),
        "one_suit_honours": (one_suit + HONOURS, one_suit + HONOURS),
        "honours": (HONOURS, HONOURS),
        "terminals": (sorted(TERMINALS), sorted(TERMINALS)),
        "orphans": (sorted(ORPHANS), sorted(ORPHANS)),
        "dragons": (one_suit + HONOURS, list(DRAGONS) * 3 + one_suit),
        "winds": (ALL, WINDS * 6 + ALL),
        "four_winds": (one_suit + WINDS, WINDS * 10 + one_suit),
    }[choice]


def four_sets_and_a_pair(rng: random.Random):
    """[("pung"|"chow", first)] ×4 and a pair kind, within four copies of each tile."""
    kinds, pung_pool = palette(rng)
    p_pung = rng.choice([0.1, 0.5, 0.9])
    while True:
        used, sets = Counter(), []
        for _ in range(4):
            chows = [
                k
                for k in kinds
                if k < 27 and k % 9 <= 6 and {k + 1, k + 2} <= set(kinds)
                if all(used[k + i] < 4 for i in range(3))
            ]
            pungs = [k for k in pung_pool if used[k] <= 1]
            if pungs and (rng.random() < p_pung or not chows):
                k = rng.choice(pungs)
                sets.append(("pung", k))
                used[k] += 3
            elif chows:
                k = rng.choice(chows)
                sets.append(("chow", k))
                used.update([k, k + 1, k + 2])
        pairs = [k for k in pung_pool if used[k] <= 2]
        if len(sets) == 4 and pairs:
            pair = rng.choice(pairs)
            used[pair] += 2
            return sets, pair, used


def flowers_for(rng: random.Random) -> str:
    how = rng.choices(["none", "some", "set", "all"], weights=[45, 40, 10, 5])[0]
    every = [(n, letter) for letter in "fg" for n in range(1, 5)]
    if how == "none":
        return ""
    if how == "set":
        letter = rng.choice("fg")
        picked = [(n, letter) for n in range(1, 5)] + rng.sample(
            [(n, "g" if letter == "f" else "f") for n in range(1, 5)], rng.randrange(3)
        )
    elif how == "all":
        picked = every
    else:
        picked = rng.sample(every, rng.randint(1, 4))
    return "".join(f"{n}{letter}" for n, letter in sorted(picked, key=lambda t: (t[1], t[0])))


def standard_case(rng: random.Random):
    sets, pair, used = four_sets_and_a_pair(rng)
    p_kong, p_open = rng.choice([0, 0.15, 0.5]), rng.choice([0, 0, 0.3, 0.7])
    hand, melds = [pair, pair], []
    for shape, k in sets:
        if shape == "pung" and used[k] == 3 and rng.random() < p_kong:
            used[k] += 1
            melds.append(f"{'kan' if rng.random() < p_open else 'ankan'}:{text([k] * 4)}")
        elif rng.random() < p_open:
            tiles = [k] * 3 if shape == "pung" else [k, k + 1, k + 2]
            melds.append(f"{'pon' if shape == 'pung' else 'chi'}:{text(tiles)}")
        else:
            hand += [k] * 3 if shape == "pung" else [k, k + 1, k + 2]
    return hand, melds, used


def special_case(rng: random.Random, shape: str):
    if shape == "orphans":
        hand = sorted(ORPHANS) + [rng.choice(sorted(ORPHANS))]
    elif shape == "nine_gates":
        base = rng.randrange(3) * 9
        hand = [base + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [
            base + rng.randrange(9)
        ]
    else:  # seven pairs from a palette with at least seven kinds
        kinds, _ = palette(rng)
        while len(kinds) < 7:
            kinds, _ = palette(rng)
        hand = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    return hand, [], Counter(hand)


def random_case(rng: random.Random) -> Case:
    shape = rng.choices(
        ["standard", "seven_pairs", "orphans", "nine_gates"], weights=[86, 9, 3, 2]
    )[0]
    hand, melds, used = standard_case(rng) if shape == "standard" else special_case(rng, shape)
    win_kind = rng.choice(hand)
    kongs = sum(m.split(":")[0] in ("kan", "ankan") for m in melds)
    self_draw = rng.random() < 0.4
    seat, round_ = rng.choice("eswn"), rng.choice("eswn")
    flags = {
        "win": "self_draw" if self_draw else "discard",
        "seat": seat,
        "round": round_,
        "cap": rng.choice([3, 5, 8, 10, 10, 10, 13, 13]),
        "seven_pairs": shape == "seven_pairs" or rng.random() < 0.3,
        "qingyise": rng.choice([7, 7, 6]),
        "menqing": rng.random() < 0.8,
        "flowers_in_play": rng.random() < 0.85,
    }
    # One situation at most, each only where the contract allows it (and it could happen).
    situations = []
    if self_draw and kongs:
        situations.append("kong_draw")
    if self_draw and kongs >= 2:
        situations.append("double_kong")
    if not self_draw and used[win_kind] == 1:
        situations.append("robbed_kong")  # the other three copies were someone's added kong
    if self_draw:
        situations.append("last_tile")
    if not melds and self_draw and seat == "e":
        situations.append("heaven")
    if not melds and not self_draw and seat != "e":
        situations.append("earth")
    if situations and rng.random() < 0.45:
        picked = rng.choice(situations)
        keep = {"heaven": 0.6, "earth": 0.25}.get(picked, 1)  # else limit hands crowd out
        if rng.random() < keep:
            flags[picked] = True
    flowers = flowers_for(rng) if flags["flowers_in_play"] else ""
    return Case(text(hand), ",".join(melds), text([win_kind]), flowers, flags)


def generated(count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(count)]


CASES = generated(3000, seed=15)


def distinct_groupings(case: Case) -> set:
    counts = [0] * 34
    for kind in ref.parse_tiles(case.hand):
        counts[kind] += 1
    sets_needed = 4 - len(ref.parse_melds(case.melds))
    return {
        (pair, tuple(sorted((g.shape, g.first) for g in sets)))
        for pair, sets in ref.groupings(counts, sets_needed)
    }


def test_every_generated_hand_is_complete_and_within_four_copies():
    for case in CASES:
        ref.score(case.hand, case.melds, case.win_tile, case.flowers, **case.flags)


def test_the_generator_reaches_every_fan_and_limit():
    seen = Counter()
    for case in CASES:
        reading = ref.analyse(case.hand, case.melds, case.win_tile, case.flowers, **case.flags)
        seen.update(name for name, _value in reading.fans)  # a limit hand lists only its limits
        if len(distinct_groupings(case)) > 1:
            seen["more than one grouping"] += 1
    keys = (
        "pinghu duidui hunyise qingyise huayao dragon seat_wind round_wind xiaosanyuan menqing "
        "zimo kong_draw robbed_kong last_tile no_flowers seat_flower flower_set seven_pairs "
        "shisanyao jiulian ziyise qingyaojiu dasanyuan xiaosixi dasixi kankan shibaluohan "
        "double_kong heaven earth"
    ).split() + ["more than one grouping"]
    rare = {key: seen[key] for key in keys if seen[key] < 10}
    assert rare == {}, f"too few generated hands with these: {rare}"
    limits = sum(ref.score(c.hand, c.melds, c.win_tile, c.flowers, **c.flags)[1] for c in CASES)
    assert 300 <= limits <= 1500  # plenty of limit hands, yet most hands are ordinary


# --- the cross-check ---------------------------------------------------------------------


def test_product_agrees_with_the_reference_on_generated_hands():
    """Every generated hand scores the same under both readings of 九子連環: the default
    (`nine_gates=any`, the reference's own) and `pure` (the reference's
    `nine_gates_pure_wait=True`)."""
    from calculator.scoring import hk_hand  # written apart from the reference, on purpose

    agree, readings_differ, mismatches = 0, 0, []
    for case in CASES:
        args = (case.hand, case.melds, case.win_tile, case.flowers)
        for rule, pure_wait in (("any", False), ("pure", True)):
            want = ref.score(*args, nine_gates_pure_wait=pure_wait, **case.flags)
            try:
                answer = hk_hand.analyse_notation(*args, nine_gates=rule, **case.flags)
            except ValueError as error:
                mismatches.append(f"{case} {rule}: product refused it ({error!r}), ref {want}")
                continue
            if (answer.fan, answer.limit) == want:
                agree += 1
            else:
                mismatches.append(f"{case} {rule}: product {(answer.fan, answer.limit)}, {want}")
        readings_differ += ref.score(*args, **case.flags) != ref.score(
            *args, nine_gates_pure_wait=True, **case.flags
        )
    summary = f"{len(mismatches)} differ:\n" + "\n".join(mismatches[:25])
    assert mismatches == [], summary
    assert agree >= 4000
    assert readings_differ > 0  # the generator meets hands where the two readings part


@pytest.mark.parametrize(
    ("number", "hand", "melds", "win_tile", "flowers", "flags", "_", "want"), CONVENTIONS
)
def test_product_follows_the_conventions(number, hand, melds, win_tile, flowers, flags, _, want):
    from calculator.scoring import hk_hand

    answer = hk_hand.analyse_notation(hand, melds, win_tile, flowers, **flags)
    assert (answer.fan, answer.limit) == want


def test_product_agrees_on_the_worked_examples_and_hands_worked_by_hand():
    from calculator.scoring import hk_hand

    for hand, melds, win_tile, flowers, flags, want in WORKED + WORKED_BY_HAND:
        flags = {"cap": 10, **flags}
        answer = hk_hand.analyse_notation(hand, melds, win_tile, flowers, **flags)
        assert (answer.fan, answer.limit) == want, (hand, melds, win_tile, flowers, flags)
