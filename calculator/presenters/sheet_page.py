"""A score sheet's page as a view-model: the players' totals, the listed hand rows, the
settlement, its links and the poll's ETag — every word and formatted amount the templates
show, so that they only place them (no arithmetic, no rule branching there)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator import presenting
from calculator.families import FAMILIES, Family
from calculator.forms.new_sheet import stored_form
from calculator.forms.sheet import family_sheet_of, table_of
from calculator.models import HandVersion, Sheet
from calculator.presenters.sheet_names import names_list, told_apart
from calculator.presenters.sheet_rows import HandRow, hand_rows
from calculator.presenting import signed
from calculator.sheets import WorkedSheet
from calculator.views import absolute

# --- the sheet -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    n: int
    name: str
    total: str  # shown
    exact: str  # data-total
    dealer: bool
    rank: int | None = None  # final place, where the family keeps points
    score: str = ""  # final score, where the family keeps points


@dataclass(frozen=True)
class SettleRow:
    payer: int
    payee: int
    sentence: str
    exact: str


@dataclass(frozen=True)
class RowWords:
    """What every row of the list says, worded once for the page."""

    edit: str
    delete: str
    restore: str
    deleted: str


def row_words() -> RowWords:
    return RowWords(_("Edit"), _("Delete"), _("Restore"), _("deleted"))


@dataclass(frozen=True)
class SheetPage:
    family: Family
    title: str
    revision: int
    players: tuple[PlayerRow, ...]
    next_hand: str
    hands: tuple[HandRow, ...]  # newest first: the listed hands (or the one asked for)
    earlier: int  # hands left off the list (the oldest); 0 when every hand is listed
    listed: int  # hands on the list
    all_count: int  # every hand, deleted ones included
    everything: bool  # every hand asked for (`?hands=all`), a page at a time
    shorter: bool  # every hand listed, and more of them than the latest: offer the short list
    settlement: tuple[SettleRow, ...]
    settle_unit: str
    keeps_points: bool  # points held from a start, ranked at the end
    sheet: Sheet  # for the rules line, worded only where a page shows it
    csv_url: str
    view_url: str  # absolute
    edit_url: str  # absolute; "" on the view page
    qr_url: str
    undo_n: int | None  # the hand the last action changed, which "undo" takes back
    etag: str
    words: RowWords
    extras: dict[str, Any] = field(default_factory=dict)
    closed: bool = False  # the session is over: no write until it is reopened
    undo_do: str = ""  # what the last action was: add, replace, delete or restore
    older_url: str = ""  # the every-hand list's page before this one, if any

    @property
    def totals_line(self) -> str:
        """Every player's total in a sentence, for the page's status line."""
        totals = " · ".join(f"{player.name} {player.total}" for player in self.players)
        return _("Totals: %(totals)s") % {"totals": totals}

    @property
    def changed_line(self) -> str:
        """What the status line says when another phone's change arrives: the newest hand
        listed and the totals (a screen reader hears it; the page's focus stays put)."""
        if not self.hands:
            return self.totals_line
        newest = self.hands[0]
        said = _("The sheet changed. Newest: %(hand)s, %(who)s.") % {
            "hand": newest.label,
            "who": newest.who,
        }
        return f"{said} {self.totals_line}"

    @property
    def undo_label(self) -> str:
        return str(UNDO_LABELS[self.undo_do]) % {"n": self.undo_n} if self.undo_n else ""

    newer_url: str = ""  # and after it

    @property
    def paged(self) -> bool:
        """The every-hand list, longer than one page: say which page this is."""
        return self.everything and self.all_count > HANDS_PER_PAGE

    @property
    def page_line(self) -> str:
        newest = self.all_count - self.newer
        return _("Hands %(first)s to %(last)s of %(count)s.") % {
            "first": newest - self.listed + 1,
            "last": newest,
            "count": self.all_count,
        }

    @property
    def newer(self) -> int:
        """Hands newer than this page of the every-hand list."""
        return self.all_count - self.listed - self.earlier

    @property
    def more_line(self) -> str:
        """Under a list that leaves the oldest hands off."""
        return ngettext(
            "These are the latest %(shown)s of %(count)s hands.",
            "These are the latest %(shown)s of %(count)s hands.",
            self.all_count,
        ) % {"shown": self.listed, "count": self.all_count}

    @cached_property
    def rules_line(self) -> str:
        """Under the title of the whole page only: a poll's or a record's answer leaves it
        out, and so is spared binding the family form and calling its engine."""
        return _rules_line(self.sheet)


def shown_points(value: Fraction) -> str:
    """Riichi points: no sign above zero (they are what a player holds), a minus below."""
    return f"−{presenting.money(-value)}" if value < 0 else presenting.money(value)


def settle_rows(transfers: Sequence[Any], names: Sequence[str]) -> tuple[SettleRow, ...]:
    """Who pays whom, a sentence each (the engine's `Result.settlement`)."""
    return tuple(
        SettleRow(
            t.payer,
            t.payee,
            _("%(payer)s pays %(payee)s %(amount)s")
            % {
                "payer": names[t.payer - 1],
                "payee": names[t.payee - 1],
                "amount": presenting.money(t.amount),
            },
            presenting.exact(t.amount),
        )
        for t in transfers
    )


def qr_svg(url: str) -> str:
    """The view link as a QR code, drawn by segno (an image of its own address, so the
    browser keeps it and no page render draws it again)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", xmldecl=False, svgns=True, scale=4, border=2, svgclass="qr", lineclass=None
    )
    return out.getvalue().decode()


def _rules_line(sheet: Sheet) -> str:
    """The table rules in the family's own short phrase, as its calculator page says them,
    then those of the sheet itself away from their defaults (riichi's start, return, uma,
    what a draw pays, the rate)."""
    family = FAMILIES[sheet.family]
    try:
        form = stored_form(sheet.family, sheet.rules)  # validated when the sheet was made
    except ValueError:
        return ""
    outcome = family.engine.score(*form.inputs)
    words = [family.presenter(form.inputs, outcome).rules_line()]
    words += family_sheet_of(family).rules_words(
        table_of(sheet.family, sheet.rules, len(sheet.players))
    )
    return " · ".join(word for word in words if word)


# A long sheet lists only its latest hands unless every hand is asked for: a whole HK
# session (16 hands) or a riichi hanchan with spare, and a phone's page and every poll's
# answer stay the same size however long the evening runs.
LATEST_HANDS = 30
SHEET_TEMPLATES = Path(settings.BASE_DIR) / "templates" / "sheets"
ALL_HANDS = "all"  # `?hands=all`: every hand listed, a page at a time
# A page of the every-hand list, as the API's (sheet_api.HANDS_PER_PAGE): at the hand limit
# a page is a tenth of the sheet, and costs what a short sheet costs.
HANDS_PER_PAGE = 100


@dataclass(frozen=True)
class Listing:
    """Which hands a sheet page lists: the latest, or every hand (`?hands=all`) newest
    first, a page at a time, the page ending at hand `to` (`&to=N`; None: the newest
    page). The API's `from=N` pages up from hand N; a newest-first list pages down."""

    everything: bool = False
    to: int | None = None

    @property
    def size(self) -> int:
        return HANDS_PER_PAGE if self.everything else LATEST_HANDS

    @property
    def query(self) -> str:
        """The page's query that keeps this list ("" for the latest)."""
        if not self.everything:
            return ""
        to = "" if self.to is None else f"&to={self.to}"
        return f"?hands={ALL_HANDS}{to}"

    def newest(self, count: int) -> int:
        """The newest hand this list shows of a sheet of `count` hands."""
        return count if self.to is None else min(self.to, count)


LATEST = Listing()


# The sheet's markup (templates/sheets) as this deployment draws it. It is in the poll's
# ETag, so a page drawn by an earlier deployment gets the new regions on its next poll, not
# 304s, before an answer in place adds rows that lean on markup the page lacks.
MARKUP = hashlib.blake2b(
    b"".join(path.read_bytes() for path in sorted(SHEET_TEMPLATES.glob("*.html"))),
    digest_size=4,
).hexdigest()


def etag(revision: int, language: str, editing: bool, listing: Listing = LATEST) -> str:
    kind = f"{'e' if editing else 'v'}{'a' if listing.everything else ''}"
    if listing.everything and listing.to is not None:
        kind += str(listing.to)  # each page of the every-hand list its own
    return f'"r{revision}-{language}-{kind}-{MARKUP}"'


def _page_url(here: str, to: int | None) -> str:
    """A page of the every-hand list: the one ending at hand `to` (None: the newest)."""
    return f"{here}{Listing(True, to).query}#hands"


def sheet_page(
    worked: WorkedSheet,
    *,
    editing: bool,
    language: str,
    history: Mapping[int, list[HandVersion]],
    listing: Listing = LATEST,
    only: int | None = None,
) -> SheetPage:
    """The sheet's page. `only`: the row of that hand (by index) alone, for an answer that
    adds it to a list already shown."""
    sheet, result = worked.sheet, worked.result
    family = FAMILIES[sheet.family]
    names = told_apart(sheet.players)
    family_sheet = family_sheet_of(family)
    keeps_points = family_sheet.keeps_points
    finals = {f.n: f for f in result.final}
    players = tuple(
        PlayerRow(
            n=n,
            name=name,
            total=shown_points(total) if keeps_points else signed(total),
            exact=presenting.exact(total),
            dealer=n == result.dealer,
            rank=finals[n].rank if keeps_points else None,
            score=signed(finals[n].score) if keeps_points else "",
        )
        for n, (name, total) in enumerate(zip(names, result.totals, strict=True), 1)
    )
    dealer_name = names[result.dealer - 1]
    next_hand = _("Next hand: %(dealer)s deals") % {"dealer": dealer_name}
    next_hand = family_sheet.standing_line(result, next_hand)
    edit_path = reverse("sheet", args=[sheet.edit_key]) if editing else ""
    query = listing.query  # an edit from a page of the whole list comes back to it
    edit_base = f"{edit_path}{query}&" if query else f"{edit_path}?"
    count = worked.count
    # Hands are numbered 1 to count: the list's are the `listed` up to its newest.
    newest = listing.newest(count)
    listed = min(newest, listing.size)
    # The worked sheet holds the listed hands at least (the latest, or a page), `only`'s at least.
    drawn = range(len(worked.hands) - listed, len(worked.hands)) if only is None else (only,)
    if only is None and drawn.start < 0:
        raise ValueError(f"{listed} hands to list, {len(worked.hands)} worked out")
    rows = hand_rows(
        worked, drawn, names, history, edit_base, editing, _running(worked, keeps_points)
    )
    settlement = settle_rows(result.settlement, names)
    view_path = reverse("sheet_view", args=[sheet.view_key])
    here = edit_path or view_path
    oldest = newest - listed + 1
    older_url = newer_url = ""
    if listing.everything and oldest > 1:
        older_url = _page_url(here, oldest - 1)
    if listing.everything and newest < count:  # the next page, or the newest when it is that
        newer = newest + listing.size
        newer_url = _page_url(here, newer if newer < count else None)
    return SheetPage(
        family=family,
        title=_("Score sheet: %(names)s") % {"names": names_list(names)},
        revision=sheet.revision,
        players=players,
        next_hand=next_hand,
        hands=tuple(reversed(rows)),
        earlier=oldest - 1,
        listed=listed,
        all_count=count,
        everything=listing.everything,
        shorter=listing.everything and count > LATEST_HANDS,
        settlement=settlement,
        settle_unit=family_sheet.settle_unit(worked.table),
        keeps_points=keeps_points,
        sheet=sheet,
        # With a byte-order mark, so a spreadsheet program reads the names as UTF-8.
        csv_url=reverse("sheet_csv", args=[sheet.view_key]) + "?bom=1",
        view_url=absolute(view_path),
        edit_url=absolute(edit_path) if editing else "",
        qr_url=reverse("sheet_qr", args=[sheet.view_key]),
        undo_n=undo_action(sheet, worked.state)[1],
        etag=etag(sheet.revision, language, editing, listing),
        words=row_words(),
        closed=sheet.closed,
        undo_do=undo_action(sheet, worked.state)[0],
        older_url=older_url,
        newer_url=newer_url,
    )


def _running(worked: WorkedSheet, keeps_points: bool) -> dict[int, list[str]]:
    """Each worked-out hand's totals after it (by index), as the totals show them: counted
    back from the sheet's totals, so only when the worked-out hands run to its last."""
    if not worked.hands or worked.hands[-1].n != worked.count:
        return {}
    totals = list(worked.result.totals)
    running = {}
    for index in range(len(worked.hands) - 1, -1, -1):
        running[index] = [shown_points(t) if keeps_points else signed(t) for t in totals]
        deltas = worked.result.hands[index].deltas
        totals = [total - delta for total, delta in zip(totals, deltas, strict=True)]
    return running


UNDO_LABELS = {
    "add": gettext_lazy("Undo: recording hand %(n)s"),
    "replace": gettext_lazy("Undo: the edit of hand %(n)s"),
    "delete": gettext_lazy("Undo: deleting hand %(n)s"),
    "restore": gettext_lazy("Undo: restoring hand %(n)s"),
}


def undo_action(sheet: Sheet, state: Any) -> tuple[str, int | None]:
    """What "undo" takes back (`sheets.last_action`, from the standing): (what, hand)."""
    if sheet.actions:
        return sheet.actions[-1]["do"], sheet.actions[-1]["n"]
    return "add", state.live


@dataclass(frozen=True)
class Added:
    """What a hand added at the end changes in a list already on the page, beside its row."""

    dropped: int | None  # the hand pushed off the latest hands
    first: bool  # the sheet's first hand: "no hands yet" goes


def added(worked: WorkedSheet, listing: Listing) -> Added:
    """What the sheet's latest hand, just added, changes in the newest page of a list."""
    count = worked.count
    # Hands are numbered in order from 1, so the one now 31st (101st) from the top is this.
    dropped = count - listing.size if count > listing.size else None
    return Added(dropped, count == 1)
