"""香港麻雀: from an agreed fan count to who pays whom.

The table value of a hand doubles with each fan (全辣), or more slowly past 4 fan (半辣,
雙辣三辣); the table's cap (封頂) clips the fan before the lookup. How the value is split
depends on the table: the discarder pays it all (全銃), half of it (半銃), or nobody is
liable and the dealer pays double (莊家制, the old style). On a self-draw one player may be
liable for all three shares (包自摸).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .money import amount
from .outcome import Note, Outcome, Payment, Step, Win, at_unit
from .sheet_rules import Offence, SheetRules, offender_pays_each, winner_deals

MAX_FAN = 13  # the fan table and the cap go up to 13
MAX_ENTERED_FAN = 99  # what a table may tally; above the cap it is paid as the cap


class Scale(StrEnum):
    FULL = "full"  # 全辣: every fan doubles
    HALF = "half"  # 半辣: past 4 fan, every second fan doubles; the odd one is ×1.5
    STEPPED = "stepped"  # 雙辣三辣: 4 滿貫, 6 雙辣, 8 三辣 and no further


class Split(StrEnum):
    FULL = "full"  # 全銃: the discarder pays the whole value
    HALF = "half"  # 半銃: the discarder pays half, the other two a quarter each
    DEALER = "dealer"  # 莊家制: nobody is liable; the dealer pays (and collects) double


class SelfDrawPay(StrEnum):
    HALF = "half"  # each of three pays half the table value (the usual modern table)
    FULL = "full"  # each of three pays the whole table value (classical)


@dataclass(frozen=True)
class Rules:
    """One table's settings. Defaults are the common Hong Kong table."""

    scale: Scale = Scale.HALF
    cap: int = 10  # 封頂: fan above this counts as this
    split: Split = Split.FULL
    self_draw_pay: SelfDrawPay = SelfDrawPay.HALF
    unit: Fraction = Fraction(1)  # value of one point; a multiplier, not a currency
    min_fan: int = 3  # 起糊: below it the hand is still computed, with a note
    round_up: bool = False  # 不足一元作一元計: a payment in (0, 1) counts as 1

    def __post_init__(self) -> None:
        # An int or a Decimal unit would leave the arithmetic inexact (an int halves to a
        # float, a Decimal stays one): every amount is a Fraction.
        object.__setattr__(self, "unit", amount(self.unit))


@dataclass(frozen=True)
class Hand:
    fan: int = 3
    win: Win = Win.DISCARD
    dealer: bool = False  # the winner is the dealer (only 莊家制 cares)
    liable: bool = False  # 包自摸: on a self-draw one player pays all three shares
    # The fan compared with `min_fan` when it is not `fan` (a table whose flower fans do not
    # count toward the minimum, hk hand analysis); None: `fan` itself.
    fan_for_min: int | None = None


def input_errors(hand: Hand) -> dict[str, str]:
    """Contradictions between fields, as {parameter: error code}; empty when all is well.

    >>> input_errors(Hand(win=Win.DISCARD, liable=True))
    {'liable': 'contradiction'}
    """
    if hand.liable and hand.win is not Win.SELF_DRAW:
        return {"liable": "contradiction"}  # 包自摸 is a self-draw by definition
    return {}


def table_value(fan: int, scale: Scale) -> int:
    """The table value of a hand of `fan` (already capped), in points.

    >>> [table_value(f, Scale.HALF) for f in (4, 5, 6, 7)]
    [16, 24, 32, 48]
    """
    if fan <= 4 or scale is Scale.FULL:
        return 2**fan
    if scale is Scale.STEPPED:
        # 5 pays as 4, 7 as 6, and 8 (三辣) is the most anyone pays.
        return {5: 16, 6: 32, 7: 32}.get(fan, 64)
    even = 2 ** (4 + (fan - 4) // 2)
    return even * 3 // 2 if fan % 2 else even


def score(hand: Hand, rules: Rules = Rules()) -> Outcome:
    """Who pays what for one hand; ValueError (with `input_errors`) on a contradiction.

    >>> outcome = score(Hand(fan=3), Rules(split=Split.HALF))
    >>> [str(p.amount) for p in outcome.payments]
    ['4', '2', '2']
    >>> [(p.payer, str(p.amount)) for p in score(Hand(3, Win.SELF_DRAW, liable=True)).payments]
    [('liable', '12'), ('other', '0'), ('other', '0')]
    >>> [(n.code, n.args["fan"]) for n in score(Hand(fan=4, fan_for_min=2)).notes]
    [('below_min_fan', 2)]
    """
    if errors := input_errors(hand):
        raise ValueError(errors)
    steps: list[Step] = []
    notes: list[Note] = []
    fan = hand.fan
    for_min = fan if hand.fan_for_min is None else hand.fan_for_min
    if for_min < rules.min_fan:
        notes.append(Note("below_min_fan", {"fan": for_min, "min_fan": rules.min_fan}))
    if fan > rules.cap:
        notes.append(Note("capped", {"fan": fan, "cap": rules.cap}))
        steps.append(Step("cap", {"fan": fan, "cap": rules.cap}))
        fan = rules.cap
    value = table_value(fan, rules.scale)
    steps.append(Step("table", {"fan": fan, "scale": rules.scale.value, "value": value}))
    points = at_unit(value, rules.unit, steps)

    split = _split(points, hand, rules)
    steps.extend(_pay_steps(points, split, hand, rules))
    payments, rounded = _round_up(split, rules)
    if rules.split is Split.DEALER and not hand.liable:
        # The win type moves no money under 莊家制, unless it makes 包自摸 possible.
        notes.append(Note("setting_unused", {"param": "win"}))
    if hand.liable:
        notes.append(Note("liable", {"amount": payments[0].amount}))
    if rounded:
        steps.append(Step("round_up", {"payments": tuple(p.amount for p in payments)}))
    return Outcome(base=points, payments=payments, steps=tuple(steps), notes=tuple(notes))


def _settle(points: Fraction, hand: Hand, rules: Rules) -> tuple[Payment, ...]:
    """The payments of `points`, rounded up as the table says."""
    return _round_up(_split(points, hand, rules), rules)[0]


def _round_up(payments: tuple[Payment, ...], rules: Rules) -> tuple[tuple[Payment, ...], bool]:
    """The payments after 不足一元作一元計, and whether it rounded any of them up."""
    if rules.round_up and any(0 < p.amount < 1 for p in payments):
        payments = tuple(Payment(p.payer, Fraction(1)) if 0 < p.amount < 1 else p for p in payments)
        return payments, True
    return payments, False


def _split(points: Fraction, hand: Hand, rules: Rules) -> tuple[Payment, ...]:
    parts = _shares(points, hand, rules)
    if hand.liable:
        # 包自摸: one player pays what the three would have paid; the other two pay nothing.
        total = sum((p.amount for p in parts), ZERO)
        return (
            Payment("liable", total),
            Payment("other", ZERO),
            Payment("other", ZERO),
        )
    return parts


ZERO = Fraction(0)


def _shares(points: Fraction, hand: Hand, rules: Rules) -> tuple[Payment, ...]:
    """Each of the three shares, before any liability or rounding."""
    if rules.split is Split.DEALER:
        half = points / 2
        if hand.dealer:
            return (Payment("other", half),) * 3
        quarter = points / 4
        return (Payment("dealer", half), Payment("other", quarter), Payment("other", quarter))
    if hand.win is Win.SELF_DRAW:
        each = points / 2 if rules.self_draw_pay is SelfDrawPay.HALF else points
        return (Payment("other", each),) * 3
    if rules.split is Split.HALF:
        quarter = points / 4
        return (
            Payment("discarder", points / 2),
            Payment("other", quarter),
            Payment("other", quarter),
        )
    return (
        Payment("discarder", points),
        Payment("other", ZERO),
        Payment("other", ZERO),
    )


def _pay_steps(
    points: Fraction, payments: tuple[Payment, ...], hand: Hand, rules: Rules
) -> list[Step]:
    """One line of working per payment: who pays what of `points`, and under which rule."""
    if hand.liable:
        parts = tuple(p.amount for p in _shares(points, hand, rules))
        rules_of = ("liable", "liable_other", "liable_other")
    elif rules.split is Split.DEALER:
        rules_of = (
            ("dealer_won",) * 3 if hand.dealer else ("dealer", "dealer_other", "dealer_other")
        )
    elif hand.win is Win.SELF_DRAW:
        rules_of = (f"self_draw_{rules.self_draw_pay.value}",) * 3
    else:
        kind = rules.split.value  # full or half
        rules_of = (f"{kind}_discarder", f"{kind}_other", f"{kind}_other")
    steps = []
    for payment, rule in zip(payments, rules_of, strict=True):
        args: dict[str, object] = {
            "payer": payment.payer,
            "amount": payment.amount,
            "points": points,
            "rule": rule,
        }
        if rule == "liable":
            args["shares"] = parts
        steps.append(Step("pay", args))
    return steps


def unused_settings(hand: Hand, rules: Rules) -> frozenset[str]:
    """Parameters that cannot change this result (for the `setting_unused` note)."""
    unused = set()
    if rules.split is Split.DEALER:
        unused.add("self_draw_pay")
        if not hand.liable:
            unused.add("win")  # with 包自摸 the win type decides whether it can apply
    else:
        unused.add("dealer")
        if hand.win is Win.DISCARD:
            unused.add("self_draw_pay")
    return frozenset(unused)


@dataclass(frozen=True)
class ReferenceRow:
    fan: int
    full: int  # 全辣, before the cap
    half: int  # 半辣, before the cap
    self_draw: Fraction  # what the winner receives on a self-draw, under the current rules
    discard: Fraction  # what the winner receives on a discard, under the current rules
    # What each payer pays, under the current rules: the first payer, then each of the
    # other two (`discarder`/`dealer`/`liable`, then `other`); one entry when all three
    # pay the same.
    self_draw_shares: tuple[Payment, ...] = ()
    discard_shares: tuple[Payment, ...] = ()


def shares(payments: tuple[Payment, ...]) -> tuple[Payment, ...]:
    """The payments as a table row shows them: the first payer and each of the other two,
    or one payment when the three have one role (and so pay the same).

    >>> [(p.payer, str(p.amount)) for p in shares(score(Hand(3), Rules(split=Split.HALF)).payments)]
    [('discarder', '4'), ('other', '2')]
    >>> [(p.payer, str(p.amount)) for p in shares(score(Hand(3, Win.SELF_DRAW)).payments)]
    [('other', '4')]
    """
    if len({p.payer for p in payments}) == 1:
        return payments[:1]
    return payments[:2]


def reference_table(hand: Hand, rules: Rules) -> tuple[ReferenceRow, ...]:
    """The 0–13 fan table; the last two columns follow the table's settings.

    Each row is settled exactly as `score()` settles a hand, without its working. A
    liable player (包自摸) only ever pays for a self-draw, so only that column follows it.
    """

    def settle(fan: int, win: Win) -> tuple[Payment, ...]:
        points = table_value(min(fan, rules.cap), rules.scale) * rules.unit
        liable = hand.liable and win is Win.SELF_DRAW
        return _settle(points, Hand(fan, win, hand.dealer, liable), rules)

    def total(payments: tuple[Payment, ...]) -> Fraction:
        return sum((p.amount for p in payments), Fraction(0))

    rows = []
    for fan in range(MAX_FAN + 1):
        self_draw = settle(fan, Win.SELF_DRAW)
        discard = settle(fan, Win.DISCARD)
        rows.append(
            ReferenceRow(
                fan=fan,
                full=table_value(fan, Scale.FULL),
                half=table_value(fan, Scale.HALF),
                self_draw=total(self_draw),
                discard=total(discard),
                self_draw_shares=shares(self_draw),
                discard_shares=shares(discard),
            )
        )
    return tuple(rows)


# --- on a score sheet ---------------------------------------------------------------------


def false_win(inputs: tuple, offence: Offence) -> list[Fraction | int]:
    """詐糊: each other player is paid as if they had self-drawn a hand at the cap — three
    shares each (`false_win=whole`), or one (`share`); a share is what each pays on a
    self-draw at the cap.

    >>> false_win((Hand(), Rules()), Offence(3, 1, 4, "whole"))
    [Fraction(192, 1), Fraction(192, 1), Fraction(-576, 1), Fraction(192, 1)]
    """
    rules: Rules = inputs[-1]
    points = table_value(rules.cap, rules.scale) * rules.unit
    share = points if rules.self_draw_pay is SelfDrawPay.FULL else points / 2
    return offender_pays_each(offence, share if offence.false_win == "share" else 3 * share)


SHEET = SheetRules(
    slug="hk",
    score=score,
    liable=True,
    sheet_inputs=winner_deals,
    penalty=false_win,
    false_win_rule=True,
)
