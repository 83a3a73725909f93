"""The summary of a sheet, for the end of the night: the final standings, who pays whom,
each player's statistics and the running-score chart, and all of it as plain text to share.
Every number is the engine's (`scoring.sheet.statistics`, `running`, the sheet's result)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator import presenting
from calculator.families import FAMILIES, Family
from calculator.forms.sheet import family_sheet_of
from calculator.presenters.sheet_chart import Chart, chart
from calculator.presenters.sheet_names import names_list, told_apart
from calculator.presenters.sheet_page import SettleRow, settle_rows, shown_points
from calculator.presenting import signed
from calculator.scoring import sheet as sheet_engine
from calculator.sheets import WorkedSheet
from calculator.views import absolute


@dataclass(frozen=True)
class Standing:
    rank: int
    n: int
    name: str
    total: str  # shown
    exact: str  # data-total
    score: str = ""  # riichi: the final score (uma and oka in)


@dataclass(frozen=True)
class StatRow:
    field: str  # the engine's name: won, self_drawn, …
    label: str
    cells: tuple[tuple[str, str], ...]  # per player: (shown, exact)


# The rows of the statistics table, in rules.md's order, with the words for each.
STAT_LABELS = (
    ("won", gettext_lazy("Won (食糊)")),
    ("self_drawn", gettext_lazy("Self-drawn (自摸)")),
    ("dealt_in", gettext_lazy("Dealt in (出銃)")),
    ("penalties", gettext_lazy("Penalties")),
    ("best", gettext_lazy("Best hand")),
    ("won_amount", gettext_lazy("Sum won")),
    ("lost_amount", gettext_lazy("Sum lost")),
)
COUNTS = frozenset({"won", "self_drawn", "dealt_in", "penalties"})
# The sums with their sign, as a net amount is shown; the best hand as an amount won.
SHOWN = {"best": presenting.money, "won_amount": signed, "lost_amount": signed}


@dataclass(frozen=True)
class Summary:
    family: Family
    title: str
    closed: bool
    keeps_points: bool
    names: tuple[str, ...]
    standings: tuple[Standing, ...]  # first place first
    settlement: tuple[SettleRow, ...]
    settle_unit: str
    stats: tuple[StatRow, ...]
    chart: Chart
    live_hands: int
    url: str  # absolute: the page's own address, to share
    text_url: str  # the same as plain text
    sheet_url: str  # the view page
    text: str  # the plain-text summary
    hands_line: str  # "12 hands"

    @property
    def text_rows(self) -> int:
        return self.text.count("\n") + 2  # a long link wraps


def _ranks(totals: tuple[Fraction, ...]) -> list[int]:
    """1 + the number of players with more: tied players share a place."""
    return [1 + sum(other > total for other in totals) for total in totals]


def summary(worked: WorkedSheet) -> Summary:
    """The summary page of a sheet worked out whole (every hand)."""
    if not worked.whole:
        raise ValueError(f"{len(worked.hands)} of {worked.count} hands worked out")
    sheet, result, table = worked.sheet, worked.result, worked.table
    family = FAMILIES[sheet.family]
    keeps_points = family_sheet_of(family).keeps_points
    names = told_apart(sheet.players)

    def shown(value: Fraction | int) -> str:
        return shown_points(value) if keeps_points else signed(value)

    if keeps_points:
        standings = [
            Standing(
                f.rank,
                f.n,
                names[f.n - 1],
                shown_points(f.points),
                presenting.exact(f.points),
                signed(f.score),
            )
            for f in result.final
        ]
    else:
        standings = [
            Standing(rank, n, names[n - 1], signed(total), presenting.exact(total))
            for n, (rank, total) in enumerate(
                zip(_ranks(result.totals), result.totals, strict=True), 1
            )
        ]
    standings.sort(key=lambda s: (s.rank, s.n))
    stats = sheet_engine.statistics(table, result.hands)
    stat_rows = tuple(
        StatRow(
            field,
            str(label),
            tuple(
                (str(value), str(value))
                if field in COUNTS
                else (SHOWN[field](value), presenting.exact(value))
                for value in (getattr(player, field) for player in stats)
            ),
        )
        for field, label in STAT_LABELS
    )
    running = sheet_engine.running(table, result.hands)
    live = [played.n for played in result.hands if not played.deleted]
    start = table.start if table.family.counters else 0
    drawn = chart(names, start, running, live, shown, presenting.exact)
    settlement = settle_rows(result.settlement, names)
    path = reverse("sheet_summary", args=[sheet.view_key])
    title = _("Summary: %(names)s") % {"names": names_list(names)}
    url = absolute(path)
    return Summary(
        family=family,
        title=title,
        closed=sheet.closed,
        keeps_points=keeps_points,
        names=tuple(names),
        standings=tuple(standings),
        settlement=settlement,
        settle_unit=family_sheet_of(family).settle_unit(table),
        stats=stat_rows,
        chart=drawn,
        live_hands=len(live),
        url=url,
        text_url=f"{path}?format=text",
        sheet_url=reverse("sheet_view", args=[sheet.view_key]),
        text=_text(title, family, sheet.closed, standings, settlement, len(live), url),
        hands_line=hands_line(len(live)),
    )


def _text(
    title: str,
    family: Family,
    closed: bool,
    standings: list[Standing],
    settlement: tuple[SettleRow, ...],
    hands: int,
    url: str,
) -> str:
    """The summary as a message to paste into a chat: the places, who pays whom, the link."""
    lines = [title, f"{family.title} · " + hands_line(hands)]
    if not closed:
        lines.append(_("Still open: the standings so far."))
    lines.append("")
    for standing in standings:
        score = f" ({standing.score})" if standing.score else ""
        lines.append(f"{standing.rank}. {standing.name} {standing.total}{score}")
    lines += ["", _("Who pays whom to settle up")]
    lines += [row.sentence for row in settlement] or [_("Everyone is square.")]
    lines += ["", url]
    return "\n".join(lines) + "\n"


def hands_line(count: int) -> str:
    return ngettext("%(count)s hand", "%(count)s hands", count) % {"count": count}
