"""A second, independent Hong Kong fan scorer, written from rules.md § hk hand alone (test-only).

It shares no code with `calculator/scoring/` on purpose: it reads the notation itself, groups
the tiles by plain recursion and scores every grouping straight from the fan table, so that
tests/engine/test_hk_hand_crosscheck.py can hold the product to a second opinion.

Conventions where rules.md leaves room, chosen here (the cross-check asserts them):

1. A limit wins outright: if any reading of the hand (any grouping, seven pairs, 十三么) or any
   situation (槓上槓, 天糊, 地糊) meets a limit, the answer is `(cap, True)`, even when an
   ordinary reading would add up to more than the cap.
2. 九子連環 is read on the fourteen tiles: no set in `melds` (not even a concealed kong), all
   of one suit, holding 1112345678999 plus one more tile of that suit. Which tile was the
   winning one does not matter (no "pure nine-sided wait" condition). The other reading,
   "the thirteen tiles before the win are 1112345678999", is `nine_gates_pure_wait=True`.
3. 坎坎糊 on a discard (搶槓 included) needs a grouping in which the winning tile completes
   the pair; on a self-draw every pung in the hand is concealed.
4. 七對 (`seven_pairs=1`) scores 4 plus 混一色 / 清一色 (字一色 is a limit), 門前清, the flower
   fans and the fans of how the hand was won (自摸, 搶槓, 海底撈月); 花么 is not added to it
   (its condition speaks of sets and a pair, "always with 對對糊").
5. A hand that is both seven pairs and four sets and a pair is scored both ways; the larger
   total counts, like any other choice of grouping.
6. 平糊 is only the shape (four chows, any pair): 自摸, flowers or 門前清 beside it do not
   cancel it.
7. Four identical tiles held in the hand (not declared) are never a kong: they are grouped as
   a pung plus part of a chow, or as nothing at all.
8. 一台花: a complete set of four flowers (or of four seasons) is worth 2 in place of that
   set's 正花; both sets complete: 4. `flowers_in_play=0` scores no flower fan at all.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

SUIT_LETTERS = "mpsz"
HONOURS = {"東": 1, "东": 1, "南": 2, "西": 3, "北": 4, "白": 5, "發": 6, "发": 6, "中": 7}
FLOWER_CHARS = {"梅": "1f", "蘭": "2f", "兰": "2f", "菊": "3f", "竹": "4f"}
SEASON_CHARS = {"春": "1g", "夏": "2g", "秋": "3g", "冬": "4g"}
WINDS = "eswn"
EAST_WIND = 27  # kinds 27–30 are 東南西北, 31–33 白發中
DRAGONS = (31, 32, 33)
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
ORPHANS = TERMINALS | frozenset(range(27, 34))


def _kind(number: int, letter: str) -> int:
    if letter == "z":
        if not 1 <= number <= 7:
            raise ValueError(f"no honour {number}z")
        return 26 + number
    if not 1 <= number <= 9:
        raise ValueError(f"no tile {number}{letter}")
    return SUIT_LETTERS.index(letter) * 9 + number - 1


def parse_tiles(text: str) -> list[int]:
    """`123m55z` or `123m東東` → kinds 0–33 (m 0–8, p 9–17, s 18–26, 東…中 27–33)."""
    kinds, digits = [], []
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits.append(int(char))
        elif char in SUIT_LETTERS:
            if not digits:
                raise ValueError(f"suit letter {char!r} without digits")
            kinds += [_kind(d, char) for d in digits]
            digits = []
        elif char in HONOURS and not digits:
            kinds.append(26 + HONOURS[char])
        else:
            raise ValueError(f"cannot read {char!r}")
    if digits:
        raise ValueError("digits without a suit letter")
    return kinds


def parse_flowers(text: str) -> list[tuple[str, int]]:
    """`1f3g` or `梅春` → [("f", 1), ("g", 3)]: f 梅蘭菊竹, g 春夏秋冬, numbered 1–4."""
    for char, code in {**FLOWER_CHARS, **SEASON_CHARS}.items():
        text = text.replace(char, code)
    found, digits = [], []
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits.append(int(char))
        elif char in "fg" and digits:
            if any(not 1 <= d <= 4 for d in digits):
                raise ValueError("flowers are numbered 1–4")
            found += [(char, d) for d in digits]
            digits = []
        else:
            raise ValueError(f"cannot read flower {char!r}")
    if digits or len(set(found)) != len(found):
        raise ValueError("bad or repeated flower")
    return found


@dataclass(frozen=True)
class Group:
    """One set: `shape` chow / pung / kong starting at kind `first`; `called` if chi/pon/kan."""

    shape: str
    first: int
    called: bool = False

    @property
    def tiles(self) -> list[int]:
        if self.shape == "chow":
            return [self.first, self.first + 1, self.first + 2]
        return [self.first] * (4 if self.shape == "kong" else 3)


def parse_melds(text: str) -> list[Group]:
    groups = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        word, _, tiles_text = item.partition(":")
        tiles = sorted(parse_tiles(tiles_text))
        same = len(set(tiles)) == 1
        if word == "chi" and len(tiles) == 3 and tiles[0] < 27 and tiles[0] % 9 <= 6:
            if tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]:
                groups.append(Group("chow", tiles[0], called=True))
                continue
        elif word == "pon" and len(tiles) == 3 and same:
            groups.append(Group("pung", tiles[0], called=True))
            continue
        elif word in ("kan", "ankan") and len(tiles) == 4 and same:
            groups.append(Group("kong", tiles[0], called=word == "kan"))
            continue
        raise ValueError(f"bad meld {item!r}")
    return groups


def groupings(counts: list[int], sets_needed: int, pair: int | None = None):
    """Every way to split `counts` into `sets_needed` chows/pungs and one pair, by recursion.

    The lowest kind left must start a pair, a pung or a chow; trying all three there and
    recursing finds every grouping (some more than once, which does no harm).
    """
    first = next((k for k, n in enumerate(counts) if n), None)
    if first is None:
        if sets_needed == 0 and pair is not None:
            yield pair, []
        return
    if pair is None and counts[first] >= 2:
        counts[first] -= 2
        yield from groupings(counts, sets_needed, first)
        counts[first] += 2
    if sets_needed and counts[first] >= 3:
        counts[first] -= 3
        for found_pair, sets in groupings(counts, sets_needed - 1, pair):
            yield found_pair, [Group("pung", first), *sets]
        counts[first] += 3
    chow_fits = first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]
    if sets_needed and chow_fits:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        for found_pair, sets in groupings(counts, sets_needed - 1, pair):
            yield found_pair, [Group("chow", first), *sets]
        for k in (first, first + 1, first + 2):
            counts[k] += 1


@dataclass(frozen=True)
class Reading:
    """The answer: `fan` (the cap for a limit hand), `limit`, and the fans that made it."""

    fan: int
    limit: bool
    fans: tuple[tuple[str, int | None], ...]


def _suit_fans(kinds: list[int], qingyise: int) -> tuple[list[tuple[str, int]], list[str]]:
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    if not suits:
        return [], ["ziyise"]
    if all(k in TERMINALS for k in kinds):
        return [], ["qingyaojiu"]
    if len(suits) == 1:
        return ([("hunyise", 3)] if honours else [("qingyise", qingyise)]), []
    return [], []


def _read_sets(pair: int, sets: list[Group], all_kinds, ctx: dict) -> tuple[list, list]:
    fans, limits = _suit_fans(all_kinds, ctx["qingyise"])
    pungs = [g for g in sets if g.shape != "chow"]
    pung_kinds = {g.first for g in pungs}
    if all(g.shape == "chow" for g in sets):
        fans.append(("pinghu", 1))
    if len(pungs) == 4:
        fans.append(("duidui", 3))
    if all(k in ORPHANS for k in all_kinds) and not limits:
        fans.append(("huayao", 1))  # terminals and honours both present: others are limits
    dragon_pungs = [k for k in DRAGONS if k in pung_kinds]
    if len(dragon_pungs) == 3:
        limits.append("dasanyuan")
    elif len(dragon_pungs) == 2 and pair in DRAGONS:
        fans.append(("xiaosanyuan", 5))
    else:
        fans += [("dragon", 1)] * len(dragon_pungs)
    wind_pungs = [k for k in range(27, 31) if k in pung_kinds]
    if len(wind_pungs) == 4:
        limits.append("dasixi")
    elif len(wind_pungs) == 3 and 27 <= pair <= 30:
        limits.append("xiaosixi")
    if ctx["seat_kind"] in pung_kinds:
        fans.append(("seat_wind", 1))
    if ctx["round_kind"] in pung_kinds:
        fans.append(("round_wind", 1))
    if not any(g.called for g in sets) and ctx["menqing"]:
        fans.append(("menqing", 1))
    if len(pungs) == 4 and not any(g.called for g in pungs):
        # On a discard the winning tile must complete the pair: a pung it completed is open.
        if ctx["self_draw"] or pair == ctx["win_kind"]:
            limits.append("kankan")
    if sum(g.shape == "kong" for g in sets) == 4:
        limits.append("shibaluohan")
    return fans, limits


def _flower_fans(flowers: list[tuple[str, int]], seat_number: int, in_play: bool) -> list:
    if not in_play:
        return []
    if not flowers:
        return [("no_flowers", 1)]
    fans = []
    for letter in "fg":
        numbers = {n for kind, n in flowers if kind == letter}
        if len(numbers) == 4:
            fans.append(("flower_set", 2))
        elif seat_number in numbers:
            fans.append(("seat_flower", 1))
    return fans


def analyse(
    hand: str,
    melds: str,
    win_tile: str,
    flowers: str = "",
    *,
    win: str = "discard",
    seat: str = "e",
    round: str = "e",
    cap: int = 10,
    kong_draw: bool = False,
    double_kong: bool = False,
    robbed_kong: bool = False,
    last_tile: bool = False,
    heaven: bool = False,
    earth: bool = False,
    seven_pairs: bool = False,
    qingyise: int = 7,
    menqing: bool = True,
    flowers_in_play: bool = True,
    nine_gates_pure_wait: bool = False,
) -> Reading:
    """Score one hand; `hand` holds every tile not in `melds`, the winning tile included.

    `nine_gates_pure_wait` is not a table rule: it switches convention 2 to the other reading
    (the thirteen tiles before the win are exactly 1112345678999), for the cross-check.
    """
    concealed = parse_tiles(hand)
    called = parse_melds(melds)
    drawn = parse_flowers(flowers)
    (win_kind,) = parse_tiles(win_tile)
    every_kind = concealed + [k for g in called for k in g.tiles]
    if len(concealed) != 14 - 3 * len(called) or len(called) > 4:
        raise ValueError("wrong number of tiles")
    if win_kind not in concealed:
        raise ValueError("the winning tile is not in the hand")
    if max(Counter(every_kind).values()) > 4:
        raise ValueError("more than four of a tile")
    self_draw = {"discard": False, "self_draw": True}[win]
    kongs = sum(g.shape == "kong" for g in called)
    contradictions = [
        kong_draw and (not kongs or not self_draw),
        double_kong and (kongs < 2 or not self_draw),
        robbed_kong and self_draw,
        last_tile and not self_draw,
        heaven and (seat != "e" or not self_draw or bool(called)),
        earth and (seat == "e" or self_draw or bool(called)),
        bool(drawn) and not flowers_in_play,
        qingyise not in (6, 7),
        not 3 <= cap <= 13,
    ]
    if any(contradictions):
        raise ValueError("contradicting flags")

    ctx = {
        "qingyise": qingyise,
        "menqing": menqing,
        "self_draw": self_draw,
        "win_kind": win_kind,
        "seat_kind": EAST_WIND + WINDS.index(seat),
        "round_kind": EAST_WIND + WINDS.index(round),
    }
    situation = [("zimo", 1)] * self_draw
    situation += [("kong_draw", 1)] * kong_draw + [("robbed_kong", 1)] * robbed_kong
    situation += [("last_tile", 1)] * last_tile
    situation += _flower_fans(drawn, WINDS.index(seat) + 1, flowers_in_play)
    situation_limits = [
        name
        for name, on in [("double_kong", double_kong), ("heaven", heaven), ("earth", earth)]
        if on
    ]

    readings: list[tuple[list, list]] = []  # (fans, limits) for each way to read the hand
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    for pair, sets in groupings(counts, 4 - len(called)):
        readings.append(_read_sets(pair, sets + called, every_kind, ctx))
    if not called:
        held = Counter(concealed)
        if set(held) == ORPHANS:
            readings.append(([], ["shisanyao"]))
        if seven_pairs and len(held) == 7 and set(held.values()) == {2}:
            fans, limits = _suit_fans(concealed, qingyise)
            fans = [("seven_pairs", 4), *fans] + [("menqing", 1)] * bool(menqing)
            readings.append((fans, limits))
        suits = {k // 9 for k in concealed}
        if len(suits) == 1 and min(suits) < 3:
            row = [held.get(min(suits) * 9 + n, 0) for n in range(9)]
            if nine_gates_pure_wait:
                row[win_kind % 9] -= 1  # the thirteen tiles before the win must be the frame
                frame = row == [3, 1, 1, 1, 1, 1, 1, 1, 3]
            else:
                frame = row[0] >= 3 and row[8] >= 3 and min(row[1:8]) >= 1
            if frame:
                for _fans, limits in readings:
                    limits.append("jiulian")
    if not readings:
        raise ValueError("not a complete hand")

    limited = [r for r in readings if r[1]] if not situation_limits else readings
    if limited:
        names = sorted(
            {name for _fans, limits in limited for name in limits} | set(situation_limits)
        )
        return Reading(cap, True, tuple((name, None) for name in names))
    fans, _limits = max(readings, key=lambda r: sum(value for _name, value in r[0]))
    fans = fans + situation
    return Reading(sum(value for _name, value in fans), False, tuple(fans))


def score(*args, **kwargs) -> tuple[int, bool]:
    """`(fan_total, limit)`: the plain sum of the best grouping, or `(cap, True)`."""
    reading = analyse(*args, **kwargs)
    return reading.fan, reading.limit
