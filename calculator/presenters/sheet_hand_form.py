"""The add-a-hand (or edit-hand-n) form of a score sheet and its live preview, as
view-models: the sheet's own fields, then the family's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator import presenting
from calculator.families import FAMILIES
from calculator.forms.sheet import KIND_LABELS, family_sheet_of, table_of
from calculator.models import Hand, Sheet
from calculator.presenters.field_views import FieldView, first, from_bound, messages
from calculator.presenters.sheet_names import player_choice, told_apart
from calculator.presenters.sheet_rows import ledger_line
from calculator.presenting import signed
from calculator.sheets import WorkedSheet, stored_data

# The sheet's own per-hand fields, drawn as the players' names.
SELECT = SimpleNamespace(kind="select")
CHECKBOXES = SimpleNamespace(kind="checkboxes")
RADIO = SimpleNamespace(kind="radio")
TEXT = SimpleNamespace(kind="decimal")
NOBODY = gettext_lazy("Nobody: a drawn hand (流局)")


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
    late_template: str = ""  # fields drawn once asked for (`FamilySheet.late_fields_template`)
    kind: FieldView | None = None  # a hand, a penalty or a payment between two players
    # A penalty's and a transfer's fields, each with the kinds it belongs to.
    ledger: tuple[tuple[str, FieldView], ...] = ()
    # The same hand as one recorded since the page showed the sheet: said beside "record",
    # with a button that records it anyway (`confirm=1`).
    again: str = ""


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
    winner = first(data, "winner").split(",")[0]
    own = [
        FieldView(
            "winner",
            _("Who won"),
            SELECT,
            options=[("", "—", winner == ""), *[(v, n, v == winner) for v, n in numbered]]
            + [("none", NOBODY, winner == "none")],
            errors=messages(errors, "winner"),
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
                errors=messages(errors, "discarder"),
            )
        )
    table = table_of(sheet.family, sheet.rules, len(names))
    if table.several_winners is not None:
        # More winners on the same discard, ticked beside the first (`winner=1,2`).
        also = set(first(data, "winner").split(",")[1:]) | set(
            data.getlist("also_won") if hasattr(data, "getlist") else []
        )
        own.append(
            FieldView(
                "also_won",
                _("Also won on the same discard (一炮多響)"),
                CHECKBOXES,
                options=[(v, n, v in also) for v, n in numbered],
                help_text=_(
                    "Give each winner's value in turn, like 3,5; one value counts for all."
                ),
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
                errors=messages(errors, name),
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
        fields[name] = from_bound(name, form[form_name], errors, label)
    for name in family_sheet.own_after:
        chosen = first(data, name)
        fields[name] = FieldView(
            name,
            own_labels()[name],
            SELECT,
            options=[("", "—", chosen == "")] + [(v, n, v == chosen) for v, n in numbered],
            errors=messages(errors, name),
        )
    order = (*order, *family_sheet.own_after)
    kind = first(data, "kind") or "win"
    kind_view = FieldView(
        "kind",
        _("What happened"),
        RADIO,
        options=[(v.value, label, v.value == kind) for v, label in KIND_LABELS.items()],
        errors=messages(errors, "kind"),
    )
    ledger = []
    for name, label, kinds in (
        ("offender", _("Who committed the penalty (詐糊)"), "penalty"),
        ("from", _("Who pays"), "transfer"),
        ("to", _("Who receives"), "transfer"),
    ):
        chosen = first(data, name)
        options = [("", "—", chosen == "")] + [(v, n, v == chosen) for v, n in numbered]
        view = FieldView(name, label, SELECT, options=options, errors=messages(errors, name))
        ledger.append((kinds, view))
    amount = FieldView(
        "amount",
        _("Amount (for a penalty: what each other player receives; blank for the usual)"),
        TEXT,
        current=first(data, "amount"),
        errors=messages(errors, "amount"),
    )
    ledger.append(("penalty transfer", amount))
    shown = {"winner", "discarder", "riichi", "tenpai", "kind", *fields}
    shown |= {"offender", "from", "to", "amount"}
    loose = [
        str(e["message"])
        for name, found in errors.items()
        if name not in shown
        for e in found
        if e["code"] != "duplicate"
    ]
    again = [str(e["message"]) for e in errors.get("__all__", []) if e["code"] == "duplicate"]
    return HandForm(
        editing,
        tuple(own),
        fields,
        tuple(order),
        form,
        loose,
        family_sheet.hand_fields_template,
        family_sheet.late_fields_template,
        kind_view,
        tuple(ledger),
        again[0] if again else "",
    )


@dataclass(frozen=True)
class Preview:
    """The live preview of the hand being entered: each player's delta, or what is wrong."""

    deltas: tuple[tuple[str, str, str], ...]
    summary: str
    errors: list[str]
    notes: tuple[str, ...] = ()  # the presenter's notes in full ("under the minimum …")

    @property
    def said(self) -> str:
        """The preview in a line, for the page's status line (what a screen reader hears)."""
        if self.errors:
            return " ".join(self.errors)
        amounts = " · ".join(f"{name} {shown}" for name, shown, exact in self.deltas)
        return f"{self.summary} {amounts}".strip()


def recorded(n: int, created: bool, behind: bool = False) -> Preview:
    """The emptied form's preview after a tap on "record", said where the preview is read
    out (the page's status line says it too). A repeated key comes after an answer that was lost: the
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
        entry = worked.reads[index].entry
        drawn = ledger_line(told_apart(names), entry, played) or family_sheet_of(
            FAMILIES[worked.sheet.family]
        ).drawn_summary(told_apart(names), entry)
        summary = drawn or _("Drawn hand (流局)")
    deltas = tuple(
        (name, signed(delta), presenting.exact(delta))
        for name, delta in zip(names, played.deltas, strict=True)
    )
    return Preview(deltas, summary, [], notes)
