"""The running-score chart of a sheet's summary: an SVG drawn on the server from the engine's
running totals (`scoring.sheet.running`), with the table of the same numbers behind it.

Coordinates are worked out here and written as decimals; every amount the chart says in
words is one of the engine's own totals, formatted. The players' lines differ by colour,
by dash pattern and by marker, so that no one needs to tell colours apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

# The drawing's own units (the viewBox): it scales to the width of the page, 390 px or more.
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 52, 10, 10, 26  # room for the amounts and the hand numbers
MOST_LABELS = 10  # hand numbers along the bottom, at most

# One look per player: Okabe–Ito colours (told apart by most colour-blind readers), and a
# dash pattern and a marker of its own besides.
# The markers are paths in a 10 × 10 box: a circle, a square, a triangle and a diamond.
LOOKS = (
    ("#0072b2", "", "M1 5a4 4 0 1 0 8 0a4 4 0 1 0 -8 0Z"),
    ("#d55e00", "6 3", "M1.5 1.5H8.5V8.5H1.5Z"),
    ("#009e73", "2 2", "M5 0.5L9.5 9H0.5Z"),
    ("#8f4f9e", "8 3 2 3", "M5 0L10 5L5 10L0 5Z"),
)
CROWDED = 40  # points on a line beyond which its markers are drawn smaller


@dataclass(frozen=True)
class Line:
    n: int  # the player
    name: str
    colour: str
    dash: str  # stroke-dasharray ("" solid)
    marker: str  # the marker's shape: an SVG path in a 10 × 10 box
    points: str  # the polyline's "x,y x,y …"


@dataclass(frozen=True)
class Tick:
    at: str  # a coordinate
    label: str


@dataclass(frozen=True)
class RunningRow:
    label: str  # "Start", "Hand 3"
    n: int  # the hand (0: the start)
    totals: tuple[tuple[str, str], ...]  # per player: (shown, exact)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    baseline: str  # the y of zero (riichi: the start)
    baseline_label: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    label: str  # what the image shows, for a screen reader
    empty: str  # "no hands yet", or ""
    rows: tuple[RunningRow, ...]  # the table behind the chart
    marker_size: int = 7
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    amount_x: int = LEFT - 4  # the amounts' right edge
    hand_y: int = HEIGHT - 8  # the hand numbers' baseline
    middle_x: int = (LEFT + WIDTH - RIGHT) // 2
    empty_y: int = TOP + 24


def _coordinate(value: Fraction) -> str:
    """A coordinate written with one decimal place (exact enough for any screen), rounded
    from the exact value without passing through a float."""
    return str(Decimal(round(value * 10)).scaleb(-1))


def chart(
    names: Sequence[str],
    start: Fraction | int,
    running: Sequence[Sequence[Fraction | int]],
    hand_numbers: Sequence[int],
    shown: Callable[[Fraction | int], str],
    exact: Callable[[Fraction | int], str],
) -> Chart:
    """The chart of `running` (the totals after each live hand, `hand_numbers` theirs),
    starting from `start` for everyone; `shown` formats a total as the sheet shows it."""
    series = [tuple(start for _name in names), *(tuple(totals) for totals in running)]
    values = [value for totals in series for value in totals]
    low, high = min(values), max(values)
    if low == high:  # nothing moved yet: a band around the start
        low, high = low - 1, high + 1
    span = Fraction(high - low)
    plot_w = Fraction(WIDTH - LEFT - RIGHT)
    plot_h = Fraction(HEIGHT - TOP - BOTTOM)
    steps = max(len(series) - 1, 1)

    def x(index: int) -> Fraction:
        return LEFT + plot_w * index / steps

    def y(value: Fraction | int) -> Fraction:
        return TOP + plot_h * (high - Fraction(value)) / span

    lines = tuple(
        Line(
            n=n,
            name=name,
            colour=LOOKS[(n - 1) % len(LOOKS)][0],
            dash=LOOKS[(n - 1) % len(LOOKS)][1],
            marker=LOOKS[(n - 1) % len(LOOKS)][2],
            points=" ".join(
                f"{_coordinate(x(i))},{_coordinate(y(totals[n - 1]))}"
                for i, totals in enumerate(series)
            ),
        )
        for n, name in enumerate(names, 1)
    )
    every = -(-len(hand_numbers) // MOST_LABELS) or 1  # a label every `every` hands
    x_ticks = tuple(
        Tick(_coordinate(x(i)), str(number))
        for i, number in enumerate(hand_numbers, 1)
        if i % every == 0 or i == len(hand_numbers) or i == 1
    )
    top_value, bottom_value = max(values), min(values)
    y_ticks = tuple(
        Tick(_coordinate(y(value)), shown(value))
        for value in dict.fromkeys((top_value, bottom_value))
        if value != start
    )
    rows = tuple(
        RunningRow(
            _("Start") if i == 0 else _("Hand %(n)s") % {"n": hand_numbers[i - 1]},
            0 if i == 0 else hand_numbers[i - 1],
            tuple((shown(value), exact(value)) for value in totals),
        )
        for i, totals in enumerate(series)
    )
    label = _("Running totals after each hand: %(lines)s") % {
        "lines": "; ".join(
            _("%(name)s ends at %(total)s") % {"name": name, "total": shown(series[-1][n])}
            for n, name in enumerate(names)
        )
    }
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        lines=lines,
        baseline=_coordinate(y(start)),
        baseline_label=shown(start),
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        label=label,
        empty="" if running else _("No hands yet: the chart starts with the first hand."),
        rows=rows,
        marker_size=7 if len(series) <= CROWDED else 3,
    )
