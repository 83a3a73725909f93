"""九江麻將 hand analysis: from the entered tiles to the patterns — then our own payment.

Seed 001's six patterns are read from every reading of the hand (`shapes.groupings`); when
the tiles read as more than one shape (112233m445566p77s: seven pairs, and chows too) the
reading worth more counts, compared after 底番 and before the multipliers, which are the
same for every reading. The value and the payment are `jiujiang.score`'s, so the result is
the one the jiujiang payment page gives for those patterns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import jiujiang
from .jiujiang import Pattern
from .outcome import Note, Outcome, Win
from .shapes import (
    Form,
    Grouping,
    GroupKind,
    groupings,
    seven_pairs_shanten,
    standard_shanten,
)
from .tiles import COPIES, EntryError, HandTiles, Tile, Wind, counts_34, flower_hint
from .tiles import read as read_tiles

DEFAULT_RULES = jiujiang.Rules()
MAX_HAOHUA_GROUPS = max(jiujiang.HAOHUA_GROUPS)  # a third group of four scores as two


@dataclass(frozen=True)
class Conditions:
    """How the hand was won (the jiujiang hand page's parameters)."""

    win: Win = Win.DISCARD
    seat: Wind = Wind.EAST  # East is the dealer (莊家): sets the payment's `dealer`
    round_wind: Wind = Wind.EAST  # the `round` parameter; no pattern depends on it
    gangkai: bool = False  # 杠上開花: self-drawn on a kong's replacement tile
    qianggang: bool = False  # 搶杠胡: the tile another player added to a kong

    @property
    def dealer(self) -> bool:
        return self.seat is Wind.EAST


@dataclass(frozen=True)
class Analysis:
    patterns: tuple[Pattern, ...]  # in the payment page's order; `pinghu` only alone
    haohua_groups: int  # groups of four in a 豪華七對 (1 or 2); 0 for any other hand
    fan: int  # the counted pattern after 底番, before the multipliers (what readings compare)
    grouping: Grouping  # the reading that counts
    payment: jiujiang.Hand  # what the jiujiang payment page is given
    outcome: Outcome
    notes: tuple[Note, ...] = field(default=())  # `haohua_groups_capped`

    @property
    def terms(self) -> dict[str, object]:
        """The hand in the payment page's terms (the JSON `hand` object).

        >>> analyse(read("11223344556677m", "7m")).terms
        {'patterns': ['qingyise'], 'haohua_groups': 0}
        """
        return {"patterns": [p.value for p in self.patterns], "haohua_groups": self.haohua_groups}


def read(hand: str, win_tile: str, melds: str = "") -> HandTiles | tuple[EntryError, ...]:
    """The checked tiles, or every error found (a red five or a flower is `bad_notation`).

    >>> [e.args["reason"] for e in read("123m456p789s234s50m", "5m")]
    ['red_five']
    """
    checked = read_tiles(hand, win_tile, melds, red_fives=False)
    if isinstance(checked, HandTiles):
        return checked
    texts = {"hand": hand, "win_tile": win_tile, "melds": melds}
    return tuple(flower_hint(e, texts.get(e.field, "")) for e in checked)


def contradictions(conditions: Conditions, tiles: HandTiles | None = None) -> dict[str, str]:
    """Flags that cannot go together, as {param: "contradiction"}: the payment page's
    (`gangkai` on a discard, `qianggang` on a self-draw) and `gangkai` without a kong.

    >>> contradictions(Conditions(gangkai=True, win=Win.SELF_DRAW), read("123m456p789s234s55m", "5m"))
    {'gangkai': 'contradiction'}
    """
    c = conditions
    errors = dict(
        jiujiang.input_errors(jiujiang.Hand(win=c.win, gangkai=c.gangkai, qianggang=c.qianggang))
    )
    if c.gangkai and tiles is not None and not any(m.is_kan for m in tiles.melds):
        errors["gangkai"] = "contradiction"
    return errors


def _accepted(found: Sequence[Grouping]) -> list[Grouping]:
    return [g for g in found if g.form is not Form.THIRTEEN_ORPHANS]  # 十三么 is not a hand


def _patterns(g: Grouping) -> tuple[frozenset[Pattern], int]:
    """The patterns of one reading and its groups of four (0 unless 豪華七對; not capped)."""
    kinds = [t.kind for t in g.tiles]
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    found: set[Pattern] = set()
    groups = 0
    if g.form is Form.SEVEN_PAIRS:
        groups = sum(x.kind is GroupKind.FOUR for x in g.groups)
        found.add(Pattern.HAOHUA if groups else Pattern.QIDUI)
    elif all(s.is_pung_like for s in g.sets):
        found.add(Pattern.PENGPENG)
    if len(suits) == 1:
        found.add(Pattern.HUNYISE if honours else Pattern.QINGYISE)
    elif not suits:
        found.add(Pattern.HUNYISE)  # all honours: at least 混一色 (decisions.md)
    if not found:
        found.add(Pattern.PINGHU)
    return frozenset(found), groups


def _reading_fan(payment: jiujiang.Hand, rules: jiujiang.Rules) -> int:
    """The counted pattern after 底番, before the multipliers, by the payment engine."""
    alone = jiujiang.Hand(payment.patterns, haohua_groups=payment.haohua_groups)
    steps = jiujiang.score(alone, rules).steps
    return next(s.args["value"] for s in steps if s.code in ("base_add", "base_skip"))


def shanten(tiles: HandTiles) -> tuple[int, tuple[Tile, ...]]:
    """Shanten of the tiles without the winning one (four sets and a pair, and seven pairs
    — four identical tiles as two — when nothing is declared), and the waits when it is 0.

    >>> [str(t) for t in shanten(read("1122334455667m9p", "9p"))[1]]
    ['1m', '4m', '7m']
    """
    counts = counts_34(tiles.concealed)
    value = standard_shanten(counts, len(tiles.melds))
    if not tiles.melds:
        value = min(value, seven_pairs_shanten(counts, fours_count=True))
    if value != 0:
        return value, ()
    own = counts_34([*tiles.concealed, *(t for m in tiles.melds for t in m.tiles)])
    waits = []
    for kind in range(34):
        if own[kind] >= COPIES:
            continue
        counts[kind] += 1
        if _accepted(groupings(counts, tiles.melds, kind)):
            waits.append(Tile(kind))
        counts[kind] -= 1
    if not waits:
        return 1, ()  # waiting only on a fifth copy: a tile away from a real wait
    return 0, tuple(waits)


def analyse(
    tiles: HandTiles,
    conditions: Conditions = Conditions(),
    rules: jiujiang.Rules = DEFAULT_RULES,
) -> Analysis | tuple[EntryError, ...]:
    """The patterns of the reading worth more, and the payment for them.

    Errors: `contradiction` on `gangkai` / `qianggang`; `not_complete` on `hand` with
    `shanten` and `waits` (十三么 is not a Jiujiang hand).

    >>> result = analyse(read("112233m445566p77s", "7s"))
    >>> [p.value for p in result.patterns], result.fan
    (['qidui'], 4)
    """
    clashes = contradictions(conditions, tiles)
    if clashes:
        return tuple(EntryError(code, name) for name, code in clashes.items())
    found = _accepted(groupings(tiles.hand, tiles.melds, tiles.win_tile))
    if not found:
        value, waits = shanten(tiles)
        args = {"shanten": value, "waits": tuple(str(t) for t in waits)}
        return (EntryError("not_complete", "hand", args),)
    c = conditions
    best = None
    for g in found:
        patterns, fours = _patterns(g)
        groups = min(fours, MAX_HAOHUA_GROUPS)
        payment = jiujiang.Hand(
            patterns,
            haohua_groups=groups or 1,
            win=c.win,
            gangkai=c.gangkai,
            qianggang=c.qianggang,
            dealer=c.dealer,
        )
        fan = _reading_fan(payment, rules)
        if best is None or fan > best[0]:  # a tie keeps the first reading
            best = (fan, g, payment, groups, fours)
    assert best is not None
    fan, g, payment, groups, fours = best
    capped = fours > MAX_HAOHUA_GROUPS
    notes = (Note("haohua_groups_capped", {"groups": fours, "counted": groups}),) if capped else ()
    return Analysis(
        patterns=tuple(jiujiang.ordered(payment.patterns)),
        haohua_groups=groups,
        fan=fan,
        grouping=g,
        payment=payment,
        outcome=jiujiang.score(payment, rules),
        notes=notes,
    )
