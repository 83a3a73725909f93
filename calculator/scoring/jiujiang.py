"""九江麻將: from the patterns a hand satisfies to who pays whom.

The highest pattern counts (patterns never add up), 底番 may be added to it, then the
multipliers (自摸 or 杠上開花, 搶杠, 莊家) double it, the cap (封頂) clips the product, and
only then does the table's 底番 scale it. Every step is recorded, because the order is what
tables argue about (seed 001).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from .money import amount
from .outcome import Note, Outcome, Payment, Step, Win, at_unit
from .sheet_rules import SheetRules, winner_deals


class Pattern(StrEnum):
    """The six patterns, in canonical order, which is also the order of their value."""

    PINGHU = "pinghu"  # 平胡: four sets and a pair, nothing else; its 1 番 *is* the 底番
    PENGPENG = "pengpeng"  # 碰碰胡: four pungs/kongs and a pair
    HUNYISE = "hunyise"  # 混一色: one suit plus honours
    QIDUI = "qidui"  # 七對: seven pairs
    QINGYISE = "qingyise"  # 清一色: one suit, no honours
    HAOHUA = "haohua"  # 豪華七對: seven pairs holding four identical tiles


PATTERN_VALUE = {
    Pattern.PINGHU: 1,
    Pattern.PENGPENG: 2,
    Pattern.HUNYISE: 3,
    Pattern.QIDUI: 4,
    Pattern.QINGYISE: 6,
    Pattern.HAOHUA: 8,
}

SEVEN_PAIRS = frozenset({Pattern.QIDUI, Pattern.HAOHUA})
HAOHUA_GROUPS = (1, 2)  # 豪華七對: one or two groups of four identical tiles

# Pairs of patterns no hand can satisfy together.
_EXCLUSIVE = (
    (Pattern.PENGPENG, Pattern.QIDUI),  # four pungs and seven pairs are different shapes
    (Pattern.PENGPENG, Pattern.HAOHUA),
    (Pattern.HUNYISE, Pattern.QINGYISE),  # honours present / absent
)


class HaohuaExtra(StrEnum):
    DOUBLE = "double"  # a second group of four doubles the 8 番: 16
    PLUS4 = "plus4"  # a second group of four adds 4 番: 12


HAOHUA_FACTOR = 2  # HaohuaExtra.DOUBLE: a second group of four multiplies by this
HAOHUA_ADD = 4  # HaohuaExtra.PLUS4: … or adds this many 番


def with_second_group(value: int, extra: HaohuaExtra) -> int:
    """豪華七對's 番 once a second group of four counts, under the table's rule.

    >>> with_second_group(PATTERN_VALUE[Pattern.HAOHUA], HaohuaExtra.PLUS4)
    12
    """
    return value * HAOHUA_FACTOR if extra is HaohuaExtra.DOUBLE else value + HAOHUA_ADD


class BaseAdd(StrEnum):
    AUTO = "auto"  # +1 for a four-sets-and-a-pair hand whose pattern is not 平胡
    ALWAYS = "always"  # +1 unless the pattern is 平胡 (seven pairs included)
    NEVER = "never"


class Cap(StrEnum):
    FAN16 = "fan16"  # 十六番封頂
    MULT5 = "mult5"  # 五倍封頂: at most 5 番, the low-stake tables' cap
    NONE = "none"


CAP_VALUE = {Cap.FAN16: 16, Cap.MULT5: 5}


class Pay(StrEnum):
    ONE = "one"  # the discarder pays one share, the other two nothing
    THREE = "three"  # 包三家: the discarder pays all three shares


@dataclass(frozen=True)
class Rules:
    """One table's settings. Defaults are the seed's common table."""

    haohua_extra: HaohuaExtra = HaohuaExtra.DOUBLE  # what a second group of four adds
    base: int = 1  # 底番: every entry scales with it, the cap included
    base_add: BaseAdd = BaseAdd.AUTO  # whether 1 (the 底番) is added to the pattern
    cap: Cap = Cap.FAN16  # 封頂, applied after the multipliers
    pay: Pay = Pay.ONE  # who pays on a discard or a robbed kong
    unit: Fraction = Fraction(1)  # value of one 番; a multiplier, not a currency

    def __post_init__(self) -> None:
        # An int or a Decimal unit would leave the arithmetic inexact (an int halves to a
        # float, a Decimal stays one): every amount is a Fraction.
        object.__setattr__(self, "unit", amount(self.unit))


@dataclass(frozen=True)
class Hand:
    """The hand as won. `haohua_groups` describes the hand, so it lives here, not in Rules."""

    patterns: frozenset[Pattern] = field(default_factory=lambda: frozenset({Pattern.PINGHU}))
    haohua_groups: int = 1  # 豪華七對: how many groups of four identical tiles (1 or 2)
    win: Win = Win.DISCARD
    gangkai: bool = False  # 杠上開花: a self-draw from the kong replacement
    qianggang: bool = False  # 搶杠胡: won on the tile another player added to a kong
    dealer: bool = False  # the winner is the dealer (莊家)


ZERO = Fraction(0)


def ordered(patterns: frozenset[Pattern]) -> list[Pattern]:
    """Patterns in canonical order (the URL and the steps use it)."""
    return [p for p in Pattern if p in patterns]


def input_errors(hand: Hand) -> dict[str, str]:
    """Field errors for a hand no table could score: parameter → error code.

    >>> input_errors(Hand(frozenset({Pattern.PINGHU, Pattern.QIDUI})))
    {'pattern': 'contradiction'}
    """
    errors: dict[str, str] = {}
    patterns = hand.patterns
    if not patterns:
        errors["pattern"] = "required"
    elif (Pattern.PINGHU in patterns and len(patterns) > 1) or any(
        a in patterns and b in patterns for a, b in _EXCLUSIVE
    ):
        errors["pattern"] = "contradiction"
    if hand.haohua_groups not in HAOHUA_GROUPS:
        errors["haohua_groups"] = "out_of_range"
    if hand.gangkai and hand.win is Win.DISCARD:
        errors["gangkai"] = "contradiction"  # 杠上開花 is a self-draw
    if hand.qianggang and hand.win is Win.SELF_DRAW:
        errors["qianggang"] = "contradiction"  # the robbed tile comes from another player
    return errors


def counted_pattern(patterns: frozenset[Pattern]) -> Pattern:
    """The pattern that counts: the highest one.

    >>> counted_pattern(frozenset({Pattern.PENGPENG, Pattern.HUNYISE}))
    <Pattern.HUNYISE: 'hunyise'>
    """
    return ordered(patterns)[-1]


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays what for one hand. Raises ValueError when `input_errors(hand)` is not empty.

    碰碰胡 + 自摸 + 莊家: 1 + 2 = 3 → 6 → 12, each of three pays 12.

    >>> hand = Hand(frozenset({Pattern.PENGPENG}), win=Win.SELF_DRAW, dealer=True)
    >>> [str(p.amount) for p in score(hand).payments]
    ['12', '12', '12']
    """
    errors = input_errors(hand)
    if errors:
        raise ValueError(errors)
    steps: list[Step] = []
    notes: list[Note] = []

    in_order = ordered(hand.patterns)
    counted = in_order[-1]  # the highest counts (counted_pattern)
    value = PATTERN_VALUE[counted]
    ignored = [p.value for p in in_order if p is not counted]
    steps.append(Step("pattern", {"pattern": counted.value, "value": value, "ignored": ignored}))
    if counted is Pattern.HAOHUA and hand.haohua_groups == 2:
        before = value
        value = with_second_group(value, rules.haohua_extra)
        steps.append(
            Step(
                "haohua_extra",
                {"groups": 2, "extra": rules.haohua_extra.value, "before": before, "value": value},
            )
        )

    skip = _base_skip_reason(hand.patterns, counted, rules.base_add)
    if skip is None:
        steps.append(Step("base_add", {"before": value, "add": 1, "value": value + 1}))
        value += 1
    else:
        steps.append(Step("base_skip", {"reason": skip, "value": value}))

    for reason in _multipliers(hand):
        steps.append(
            Step("multiply", {"reason": reason, "before": value, "factor": 2, "value": value * 2})
        )
        value *= 2

    if rules.cap is not Cap.NONE:
        cap = CAP_VALUE[rules.cap]
        args = {"fan": value, "cap": cap, "rule": rules.cap.value}
        if value > cap:
            notes.append(Note("capped", args))
            steps.append(Step("cap", args))
            value = cap
        else:
            steps.append(Step("under_cap", args))

    if rules.base != 1:
        steps.append(
            Step("base", {"before": value, "base": rules.base, "value": value * rules.base})
        )
        value *= rules.base

    points = at_unit(value, rules.unit, steps)

    payments = _split(points, hand, rules)
    mode = "self_draw" if hand.win is Win.SELF_DRAW else rules.pay.value
    # What the payments add up to: three shares, or the discarder's one or three.
    shares = 1 if mode == Pay.ONE else 3
    total = Fraction(points.numerator * shares, points.denominator)
    steps.append(Step("split", {"mode": mode, "share": points, "total": total}))
    return Outcome(base=points, payments=payments, steps=tuple(steps), notes=tuple(notes))


def _base_skip_reason(
    patterns: frozenset[Pattern], counted: Pattern, base_add: BaseAdd
) -> str | None:
    """Why 底番 is not added, or None when it is."""
    if counted is Pattern.PINGHU:
        return "pinghu"  # 平胡's 1 番 is the 底番 itself
    if base_add is BaseAdd.NEVER:
        return "never"
    if base_add is BaseAdd.AUTO and patterns & SEVEN_PAIRS:
        return "seven_pairs"  # not a four-sets-and-a-pair hand
    return None


def _multipliers(hand: Hand) -> list[str]:
    reasons = []
    if hand.win is Win.SELF_DRAW:
        # 杠上開花 is a kind of self-draw: ×2 once, never on top of 自摸.
        reasons.append("gangkai" if hand.gangkai else "self_draw")
    if hand.qianggang:
        reasons.append("qianggang")
    if hand.dealer:
        reasons.append("dealer")
    return reasons


def _split(points: Fraction, hand: Hand, rules: Rules) -> tuple[Payment, ...]:
    if hand.win is Win.SELF_DRAW:
        return (Payment("other", points),) * 3
    if rules.pay is Pay.THREE:
        discarder = Fraction(points.numerator * 3, points.denominator)
    else:
        discarder = points
    return (
        Payment("discarder", discarder),
        Payment("other", ZERO),
        Payment("other", ZERO),
    )


@dataclass(frozen=True)
class ReferenceRow:
    pattern: Pattern
    fan: int  # the pattern's 番 once 底番 is added or not, before any doubling
    discard: Fraction  # what the discarder (the robbed player, for 搶杠) pays
    self_draw: Fraction  # what each of the other three pays on a self-draw


def reference_table(hand: Hand, rules: Rules) -> tuple[ReferenceRow, ...]:
    """Each pattern alone, under the hand's dealer, 搶杠 and 杠上開花 and the table's rules.

    >>> [(row.pattern.value, row.fan) for row in reference_table(Hand(), Rules())][:2]
    [('pinghu', 1), ('pengpeng', 3)]
    """
    rows = []
    for pattern in Pattern:
        alone = Hand(frozenset({pattern}), haohua_groups=hand.haohua_groups, dealer=hand.dealer)
        # 搶杠 only goes with a discard and 杠上開花 only with a self-draw.
        discard = score(replace(alone, win=Win.DISCARD, qianggang=hand.qianggang), rules)
        self_draw = score(replace(alone, win=Win.SELF_DRAW, gangkai=hand.gangkai), rules)
        fan = next(s.args["value"] for s in discard.steps if s.code in ("base_add", "base_skip"))
        rows.append(
            ReferenceRow(
                pattern=pattern,
                fan=fan,
                discard=discard.payments[0].amount,
                self_draw=self_draw.payments[0].amount,
            )
        )
    return tuple(rows)


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note).

    >>> sorted(unused_settings(Hand(), Rules()))
    ['base_add', 'haohua_extra', 'haohua_groups']
    """
    unused = set()
    patterns = hand.patterns
    if Pattern.HAOHUA not in patterns:
        unused |= {"haohua_groups", "haohua_extra"}
    elif hand.haohua_groups == 1:
        unused.add("haohua_extra")
    if hand.win is Win.SELF_DRAW:
        unused.add("pay")
    if patterns and counted_pattern(patterns) is Pattern.PINGHU:
        unused.add("base_add")
    return frozenset(unused)


# --- on a score sheet ---------------------------------------------------------------------

SHEET = SheetRules(slug="jiujiang", score=score, sheet_inputs=winner_deals)
