"""The score sheets' pages as view-models: every word, row and formatted amount the templates
show, so that the templates only place them (no arithmetic, no rule branching there)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator import presenting
from calculator.families import FAMILIES, Family
from calculator.forms.sheet import (
    NAME_LENGTH,
    family_choices,
    family_sheet_of,
    stored_form,
    table_of,
)
from calculator.models import Hand, HandVersion, Sheet
from calculator.presenting import format_args, isolated, signed
from calculator.sheets import WorkedSheet, stored_data
from calculator.views import absolute

# The sheet's own per-hand fields, drawn as the players' names.
SELECT = SimpleNamespace(kind="select")
CHECKBOXES = SimpleNamespace(kind="checkboxes")
NOBODY = gettext_lazy("Nobody: a drawn hand (流局)")
# A hand row's short word for the notes that mean "check this hand" (the preview has the
# presenter's whole sentence); the other notes only explain the sum.
ROW_NOTES = {
    "below_min_fan": gettext_lazy("Under the %(min_fan)s-fan minimum"),
    "below_min_points": gettext_lazy("Under the %(min_points)s-point minimum"),
    "impossible_han_fu": gettext_lazy("No real hand has this han and fu"),
}


def told_apart(names: Sequence[str]) -> list[str]:
    """The players' names as the sheet shows them, each isolated: a name two players share
    carries the player's number, "Amy (2)", so rows and payments say which one."""
    return [
        f"{isolated(name)} ({n})" if names.count(name) > 1 else isolated(name)
        for n, name in enumerate(names, 1)
    ]


def names_list(names: Sequence[str]) -> str:
    """Names in a list as the page's language writes one: 阿明、Bob on a Chinese page."""
    language = translation.get_language() or ""
    return ("、" if language.startswith("zh") else ", ").join(names)


def player_choice(n: int, name: str) -> str:
    """A player in a choice, with the seat number: two players may share a name."""
    return _("%(name)s (%(n)s)") % {"name": isolated(name), "n": n}


@dataclass
class FieldView:
    """What templates/calculator/_param.html reads from a bound field, for any field."""

    name: str
    label: Any
    field: Any  # anything with `.kind`
    options: list[tuple[str, Any, bool]] = field(default_factory=list)
    current: str = ""
    is_on: bool = False
    help_text: Any = ""
    errors: list[str] = field(default_factory=list)


def _messages(errors: Mapping[str, Any], name: str) -> list[str]:
    return [str(error["message"]) for error in errors.get(name, [])]


def _from_bound(name: str, bound: Any, errors: Mapping[str, Any], label: Any = None) -> FieldView:
    kind = bound.field.kind
    return FieldView(
        name=name,
        label=label if label is not None else bound.label,
        field=bound.field,
        options=bound.options if kind in ("radio", "select", "checkboxes") else [],
        current=bound.current if kind not in ("checkboxes", "toggle") else "",
        is_on=bound.is_on if kind == "toggle" else False,
        help_text=bound.help_text,
        errors=_messages(errors, name),
    )


def first(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    return "" if value is None else str(value)


# --- /sheets/new/ --------------------------------------------------------------------------


@dataclass(frozen=True)
class FamilyLink:
    slug: str
    title: Any
    url: str
    current: bool


@dataclass(frozen=True)
class NameField:
    name: str
    label: str
    value: str
    errors: list[str]
    hidden: bool  # player 4 at a three-player riichi table
    help_text: str = ""


@dataclass(frozen=True)
class NewPage:
    family: Family
    families: tuple[FamilyLink, ...]
    names: tuple[NameField, ...]
    rules: tuple[FieldView, ...]
    errors: list[str]  # not about one field
    name_length: int = NAME_LENGTH


def new_page(slug: str, data: Mapping[str, Any], errors: Mapping[str, Any]) -> NewPage:
    """The new-sheet form for one family, filled from `data` (the query or what was sent)."""
    family = FAMILIES[slug]
    family_sheet = family_sheet_of(family)
    table = QueryDict(mutable=True)
    for name in family_sheet.table_params:
        if name in data:
            table[name] = first(data, name)
    form = family.form(table)
    rules = [_from_bound(name, form[name], errors) for name in family_sheet.table_params]
    form.is_valid()
    players = family_sheet.players_of(form)
    extra = family_sheet.rules_form(
        {k: first(data, k) for k in family_sheet.rules_names if k in data}
    )
    for name in family_sheet.rules_names if extra is not None else ():
        bound = extra[family_sheet.rules_field(name)]
        view = _from_bound(name, bound, errors)
        if bound.field.default in (None, ()) and not first(data, name):
            view.current = ""  # optional: left empty, the rule's default applies
        rules.append(view)
    names = tuple(
        NameField(
            name=f"name{n}",
            label=(_("Player %(n)s, deals first") if n == 1 else _("Player %(n)s")) % {"n": n},
            value=first(data, f"name{n}"),
            errors=_messages(errors, f"name{n}"),
            hidden=n > players,
            help_text=(
                _("Leave this empty at a three-player table.")
                if n == 4 and players == 4 and 3 in family_sheet.table_sizes
                else ""
            ),
        )
        for n in range(1, 5)
    )
    links = tuple(
        FamilyLink(
            other,
            FAMILIES[other].name,
            reverse("sheet_new") + "?" + urlencode({"family": other}),
            other == slug,
        )
        for other in family_choices()
    )
    shown = {"family", *family_sheet.table_params, *family_sheet.rules_names}
    shown |= {f"name{n}" for n in range(1, 5)}
    loose = [
        str(error["message"])
        for name, found in errors.items()
        if name not in shown
        for error in found
    ]
    loose += _messages(errors, "family")
    return NewPage(family, links, names, tuple(rules), loose)


def new_page_query(slug: str, data: Mapping[str, Any]) -> str:
    """The address of the new-sheet form with these rules: family and table rules only,
    never names, so the link a calculator page makes is safe to share."""
    family_sheet = family_sheet_of(FAMILIES[slug])
    names = ("family", *family_sheet.table_params, *family_sheet.rules_names)
    pairs = [(name, first(data, name)) for name in names if name in data]
    if "family" not in data:
        pairs.insert(0, ("family", slug))
    return reverse("sheet_new") + "?" + urlencode(pairs, safe=",")


# --- the sheet -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    n: int
    name: str
    total: str  # shown
    exact: str  # data-total
    dealer: bool
    rank: int | None = None  # riichi: final place
    score: str = ""  # riichi: final score


@dataclass(frozen=True)
class VersionRow:
    version: int
    summary: str
    when: Any


@dataclass(frozen=True)
class HandRow:
    n: int
    label: str  # "Hand 5"
    deleted: bool
    who: str  # "阿明 won off Bea"
    summary: str  # the family presenter's headline without the rules (or the drawn hand's)
    deltas: tuple[tuple[str, str, str], ...]  # (name, shown, exact) per player
    dealer: str
    counters: str  # riichi: honba and sticks during the hand
    versions: int
    history: tuple[VersionRow, ...]
    edit_url: str
    notes: tuple[str, ...] = ()  # short: "under the 3-fan minimum"
    history_url: str = ""  # the page again with this hand's earlier versions drawn

    @property
    def history_label(self) -> str:
        count = self.versions - 1  # every earlier version, kept or not
        return ngettext("%(count)s earlier version", "%(count)s earlier versions", count) % {
            "count": count
        }


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
    everything: bool  # every hand asked for (`?hands=all`)
    shorter: bool  # every hand listed, and more of them than the latest: offer the short list
    settlement: tuple[SettleRow, ...]
    settle_unit: str
    is_riichi: bool
    sheet: Sheet  # for the rules line, worded only where a page shows it
    csv_url: str
    view_url: str  # absolute
    edit_url: str  # absolute; "" on the view page
    qr_url: str
    undo_n: int | None
    etag: str
    words: RowWords
    extras: dict[str, Any] = field(default_factory=dict)

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


def _who(
    names: Sequence[str],
    winner: int | None,
    discarder: int | None,
    family: str,
    liable: int | None = None,
) -> str:
    if winner is None:
        return _("Drawn hand (流局)")
    if liable is not None:
        return _("%(winner)s self-drew (自摸); %(liable)s pays for all three (包自摸)") % {
            "winner": names[winner - 1],
            "liable": names[liable - 1],
        }
    if discarder is not None:
        return _("%(winner)s won off %(discarder)s") % {
            "winner": names[winner - 1],
            "discarder": names[discarder - 1],
        }
    if not family_sheet_of(FAMILIES[family]).asks_discarder:  # no discarder, so no self-draw either
        return _("%(winner)s won") % {"winner": names[winner - 1]}
    return _("%(winner)s self-drew (自摸)") % {"winner": names[winner - 1]}


def _liable(params: Mapping[str, Any]) -> int | None:
    found = str(params.get("liable_player", ""))
    return int(found) if found.isdigit() and str(params.get("liable", "")) == "1" else None


def _worded(field: Any, value: Any) -> str:
    """A stored value as the form's option says it (Self-drawn, not `self_draw`)."""
    text = str(value)
    if field.kind == "toggle":
        return _("yes") if text == "1" else _("no")
    choices = {str(v): str(label) for v, label in getattr(field, "choices", None) or ()}
    if field.kind == "checkboxes":
        return names_list([choices.get(part, part) for part in text.split(",") if part])
    return choices.get(text, text)


def _entered(worked: WorkedSheet, params: Mapping[str, Any]) -> list[str]:
    """A hand's values as entered, each worded with its field's label and option label."""
    names = told_apart(worked.sheet.players)
    family = FAMILIES[worked.sheet.family]
    family_sheet = family_sheet_of(family)
    parts = []
    for name, value in params.items():
        form_name = family_sheet.field_name(name)
        found = family.form.base_fields.get(form_name)
        if name in ("riichi", "tenpai", "liable_player"):
            label = {"riichi": _("riichi"), "tenpai": _("tenpai"), "liable_player": _("liable")}[
                name
            ]
            shown = names_list([names[int(p) - 1] for p in str(value).split(",") if p.isdigit()])
        elif found is not None:
            label, shown = str(found.label), _worded(found, value)
        else:
            label, shown = name, str(value)
        parts.append(_("%(label)s: %(value)s") % {"label": label, "value": shown})
    return parts


def _points(value: Fraction) -> str:
    """Riichi points: no sign above zero (they are what a player holds), a minus below."""
    return f"−{presenting.money(-value)}" if value < 0 else presenting.money(value)


def _deleted_summary(worked: WorkedSheet, index: int) -> str:
    read = worked.reads[index]
    slug = worked.sheet.family
    form = read.family_form
    # A drawn hand has no size to say (its values at their defaults were never entered).
    said = family_sheet_of(FAMILIES[slug]).always_said if read.winner is not None else ()
    values = {name: form.fields[name].encode(form.cleaned_data[name]) for name in said}
    values.update(worked.hands[index].params)
    return " · ".join(_entered(worked, values))


def _version_summary(worked: WorkedSheet, version: HandVersion) -> str:
    """An earlier version in a line: who won, and the values as entered."""
    names = told_apart(worked.sheet.players)
    who = _who(
        names, version.winner, version.discarder, worked.sheet.family, _liable(version.params)
    )
    return " · ".join([who, *_entered(worked, version.params)])


def row_notes(presenter: Any) -> tuple[str, ...]:
    return tuple(
        str(ROW_NOTES[note.code]) % format_args(note.args)
        for note in presenter.notes
        if note.code in ROW_NOTES
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
ALL_HANDS = "all"  # `?hands=all`: every hand listed


# The sheet's markup (templates/sheets) as this deployment draws it. It is in the poll's
# ETag, so a page drawn by an earlier deployment gets the new regions on its next poll, not
# 304s, before an answer in place adds rows that lean on markup the page lacks.
MARKUP = hashlib.blake2b(
    b"".join(path.read_bytes() for path in sorted(SHEET_TEMPLATES.glob("*.html"))),
    digest_size=4,
).hexdigest()


def etag(revision: int, language: str, editing: bool, everything: bool = False) -> str:
    kind = f"{'e' if editing else 'v'}{'a' if everything else ''}"
    return f'"r{revision}-{language}-{kind}-{MARKUP}"'


def sheet_page(
    worked: WorkedSheet,
    *,
    editing: bool,
    language: str,
    history: Mapping[int, list[HandVersion]],
    everything: bool = False,
    only: int | None = None,
) -> SheetPage:
    """The sheet's page. `only`: the row of that hand (by index) alone, for an answer that
    adds it to a list already shown."""
    sheet, result = worked.sheet, worked.result
    family = FAMILIES[sheet.family]
    names = told_apart(sheet.players)
    family_sheet = family_sheet_of(family)
    riichi = family_sheet.keeps_points  # points held from a start, ranked at the end
    finals = {f.n: f for f in result.final}
    players = tuple(
        PlayerRow(
            n=n,
            name=name,
            total=_points(total) if riichi else signed(total),
            exact=presenting.exact(total),
            dealer=n == result.dealer,
            rank=finals[n].rank if riichi else None,
            score=signed(finals[n].score) if riichi else "",
        )
        for n, (name, total) in enumerate(zip(names, result.totals, strict=True), 1)
    )
    dealer_name = names[result.dealer - 1]
    next_hand = _("Next hand: %(dealer)s deals") % {"dealer": dealer_name}
    next_hand = family_sheet.standing_line(result, next_hand)
    rows = []
    label, dealt = _("Hand %(n)s"), _("%(name)s dealt")  # worded once, said on every row
    edit_path = reverse("sheet", args=[sheet.edit_key]) if editing else ""
    edit_base = edit_path
    if everything:  # an edit from the whole list comes back to it
        edit_base = f"{edit_base}?hands={ALL_HANDS}&"
    else:
        edit_base = f"{edit_base}?"
    count = worked.count
    listed = count if everything else min(count, LATEST_HANDS)
    # The worked sheet holds the listed hands at least (the latest, or every one), `only`'s at least.
    drawn = range(len(worked.hands) - listed, len(worked.hands)) if only is None else (only,)
    if only is None and drawn.start < 0:
        raise ValueError(f"{listed} hands to list, {len(worked.hands)} worked out")
    for index in drawn:
        hand, played = worked.hands[index], result.hands[index]
        entry = worked.reads[index].entry
        notes: tuple[str, ...] = ()
        if hand.deleted:
            # It counts for nothing now; its values as entered say what it was.
            summary = _deleted_summary(worked, index)
        elif played.outcome is not None and played.inputs is not None:
            presenter = family.presenter(played.inputs, played.outcome)
            summary, notes = presenter.result_line(), row_notes(presenter)
        elif hand.winner is None:
            summary = family_sheet.drawn_summary(names, entry)
        else:
            summary = ""
        counters = family_sheet.row_counters(played, entry, names, hand.deleted)
        rows.append(
            HandRow(
                n=hand.n,
                label=label % {"n": hand.n},
                deleted=hand.deleted,
                who=_who(names, hand.winner, hand.discarder, sheet.family, entry.liable_player),
                summary=summary,
                deltas=tuple(
                    (name, signed(delta), presenting.exact(delta))
                    for name, delta in zip(names, played.deltas, strict=True)
                ),
                dealer=dealt % {"name": names[played.dealer - 1]},
                counters=counters,
                versions=hand.versions,
                history=tuple(
                    VersionRow(v.version, _version_summary(worked, v), v.replaced)
                    for v in history.get(hand.pk, [])
                ),
                edit_url=f"{edit_base}edit={hand.n}#hand-form" if editing else "",
                notes=notes,
                history_url=f"{edit_base}history={hand.n}#hand-{hand.n}",
            )
        )
    settlement = tuple(
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
        for t in result.settlement
    )
    view_url = absolute(reverse("sheet_view", args=[sheet.view_key]))
    return SheetPage(
        family=family,
        title=_("Score sheet: %(names)s") % {"names": names_list(names)},
        revision=sheet.revision,
        players=players,
        next_hand=next_hand,
        hands=tuple(reversed(rows)),
        earlier=count - listed,
        listed=listed,
        all_count=count,
        everything=everything,
        shorter=everything and count > LATEST_HANDS,
        settlement=settlement,
        settle_unit=family_sheet.settle_unit(worked.table),
        is_riichi=riichi,
        sheet=sheet,
        # With a byte-order mark, so a spreadsheet program reads the names as UTF-8.
        csv_url=reverse("sheet_csv", args=[sheet.view_key]) + "?bom=1",
        view_url=view_url,
        edit_url=absolute(edit_path) if editing else "",
        qr_url=reverse("sheet_qr", args=[sheet.view_key]),
        undo_n=worked.state.live,
        etag=etag(sheet.revision, language, editing, everything),
        words=row_words(),
    )


@dataclass(frozen=True)
class Added:
    """What a hand added at the end changes in a list already on the page, beside its row."""

    dropped: int | None  # the hand pushed off the latest hands
    first: bool  # the sheet's first hand: "no hands yet" goes


def added(worked: WorkedSheet, everything: bool) -> Added:
    """What the sheet's latest hand, just added, changes in the list on the page."""
    count = worked.count
    # Hands are numbered in order from 1, so the one now 31st from the top is this number.
    dropped = count - LATEST_HANDS if not everything and count > LATEST_HANDS else None
    return Added(dropped, count == 1)


# --- one hand's form -----------------------------------------------------------------------


@dataclass(frozen=True)
class HandForm:
    """The add-a-hand (or edit-hand-n) form: the sheet's own fields, then the family's."""

    editing: int | None  # the hand being edited, None when adding
    own: tuple[FieldView, ...]
    fields: dict[str, FieldView]  # the family's, by the sheet's names
    order: tuple[str, ...]
    family_form: Any  # for a family's own layout: which parts to show (riichi: fu counted)
    errors: list[str]  # not about a field shown
    template: str = ""  # the family's own layout of its fields, if it has one


def own_labels() -> dict[str, str]:
    """The sheet's own per-hand fields, as the hand form asks them."""
    return {
        "riichi": _("Who declared riichi (立直)"),
        "tenpai": _("Who was tenpai (聽牌) when nobody won"),
        "liable_player": _("Who is liable (包自摸)"),
    }


def hand_data(hand: Hand) -> dict[str, str]:
    return stored_data(hand)


def hand_form(
    sheet: Sheet, data: Mapping[str, Any], errors: Mapping[str, Any], editing: int | None = None
) -> HandForm:
    family = FAMILIES[sheet.family]
    family_sheet = family_sheet_of(family)
    names = list(sheet.players)  # each choice carries the number: player_choice()
    numbered = [(str(n), player_choice(n, name)) for n, name in enumerate(names, 1)]
    winner = first(data, "winner")
    own = [
        FieldView(
            "winner",
            _("Who won"),
            SELECT,
            options=[("", "—", winner == ""), *[(v, n, v == winner) for v, n in numbered]]
            + [("none", NOBODY, winner == "none")],
            errors=_messages(errors, "winner"),
        )
    ]
    if family_sheet.asks_discarder:
        discarder = first(data, "discarder")
        own.append(
            FieldView(
                "discarder",
                _("Who discarded the winning tile (blank for a self-draw)"),
                SELECT,
                options=[("", "—", discarder == "")]
                + [(v, n, v == discarder) for v, n in numbered],
                errors=_messages(errors, "discarder"),
            )
        )
    for name in family_sheet.own_before:
        ticked = set(first(data, name).split(","))
        own.append(
            FieldView(
                name,
                own_labels()[name],
                CHECKBOXES,
                options=[(v, n, v in ticked) for v, n in numbered],
                errors=_messages(errors, name),
            )
        )
    family_data = QueryDict(mutable=True)
    family_data.update(dict(sheet.rules))
    order = family_sheet.hand_params
    for name in order:
        if name in data:
            form_name = family_sheet.field_name(name)
            family_data.setlist(form_name, [first(data, name)])
    form = family.form(family_data)
    fields = {}
    for name in order:
        form_name = family_sheet.field_name(name)
        param = form.fields[form_name]
        label = family_sheet.field_label(name, param, names)
        fields[name] = _from_bound(name, form[form_name], errors, label)
    for name in family_sheet.own_after:
        chosen = first(data, name)
        fields[name] = FieldView(
            name,
            own_labels()[name],
            SELECT,
            options=[("", "—", chosen == "")] + [(v, n, v == chosen) for v, n in numbered],
            errors=_messages(errors, name),
        )
    order = (*order, *family_sheet.own_after)
    shown = {"winner", "discarder", "riichi", "tenpai", *fields}
    loose = [
        str(e["message"]) for name, found in errors.items() if name not in shown for e in found
    ]
    return HandForm(
        editing, tuple(own), fields, tuple(order), form, loose, family_sheet.hand_fields_template
    )


@dataclass(frozen=True)
class Preview:
    """The live preview of the hand being entered: each player's delta, or what is wrong."""

    deltas: tuple[tuple[str, str, str], ...]
    summary: str
    errors: list[str]
    notes: tuple[str, ...] = ()  # the presenter's notes in full ("under the minimum …")


def recorded(n: int, created: bool, behind: bool = False) -> Preview:
    """The emptied form's preview after a tap on "record", said where the preview is read
    out (it is a live region). A repeated key comes after an answer that was lost: the
    values sent with it may differ, and they were not taken, so it says so. A page that was
    behind (another phone wrote just before) showed a preview under other counters, so the
    hand may pay otherwise than it said: the player is asked to look."""
    if not created:
        said = _("Hand %(n)s was recorded already: this tap added nothing.") % {"n": n}
    elif behind:
        said = _(
            "Hand %(n)s is recorded. Another phone changed the sheet just before: check this "
            "hand's amounts in the list."
        ) % {"n": n}
    else:
        said = _("Hand %(n)s is recorded.") % {"n": n}
    return Preview((), said, [])


def preview(worked: WorkedSheet | None, errors: Mapping[str, Any], at: int | None) -> Preview:
    if worked is None:
        messages = [str(e["message"]) for found in errors.values() for e in found]
        return Preview((), "", messages)
    index = (
        len(worked.hands) - 1
        if at is None
        else next(i for i, hand in enumerate(worked.hands) if hand.n == at)
    )
    played = worked.result.hands[index]
    names = list(worked.sheet.players)
    summary = ""
    notes: tuple[str, ...] = ()
    if played.outcome is not None and played.inputs is not None:
        family = FAMILIES[worked.sheet.family]
        presenter = family.presenter(played.inputs, played.outcome)
        summary = presenter.result_line()
        notes = tuple(presenter.describe_note(note) for note in presenter.notes)
    else:
        drawn = family_sheet_of(FAMILIES[worked.sheet.family]).drawn_summary(
            told_apart(names), worked.reads[index].entry
        )
        summary = drawn or _("Drawn hand (流局)")
    deltas = tuple(
        (name, signed(delta), presenting.exact(delta))
        for name, delta in zip(names, played.deltas, strict=True)
    )
    return Preview(deltas, summary, [], notes)
