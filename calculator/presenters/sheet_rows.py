"""A score sheet's hand rows as the list shows them: who won, what the hand was, each
player's delta, the counters, and an edited hand's earlier versions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator import presenting
from calculator.families import FAMILIES
from calculator.forms.sheet import family_sheet_of
from calculator.models import HandVersion
from calculator.presenters.sheet_names import names_list, told_apart
from calculator.presenting import format_args, signed
from calculator.scoring.sheet import Kind
from calculator.sheets import WorkedSheet

# A hand row's short word for the notes that mean "check this hand" (the preview has the
# presenter's whole sentence); the other notes only explain the sum.
ROW_NOTES = {
    "below_min_fan": gettext_lazy("Under the %(min_fan)s-fan minimum"),
    "below_min_points": gettext_lazy("Under the %(min_points)s-point minimum"),
    "impossible_han_fu": gettext_lazy("No real hand has this han and fu"),
}


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
    running: str = ""  # every player's total after this hand ("" where not worked out)
    # The row's buttons as a screen reader names them ("Edit hand 3"): a list of rows
    # otherwise reads "Edit, Edit, Edit".
    edit_name: str = ""
    delete_name: str = ""
    restore_name: str = ""

    @property
    def history_label(self) -> str:
        count = self.versions - 1  # every earlier version, kept or not
        return ngettext("%(count)s earlier version", "%(count)s earlier versions", count) % {
            "count": count
        }


def who_line(
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


def ledger_line(names: Sequence[str], entry: Any, played: Any) -> str:
    """Who a penalty or a transfer names, or several winners on one discard ("" for any
    other hand: `who_line` says it)."""
    if entry.kind is Kind.PENALTY:
        return _("Penalty (詐糊): %(offender)s pays the others") % {
            "offender": names[entry.offender - 1]
        }
    if entry.kind is Kind.TRANSFER:
        return _("%(payer)s pays %(payee)s %(amount)s") % {
            "payer": names[entry.payer - 1],
            "payee": names[entry.payee - 1],
            "amount": presenting.money(entry.amount),
        }
    if entry.also:
        winners = [claim.winner for claim in entry.claims]
        return _("%(winners)s won off %(discarder)s") % {
            "winners": names_list([names[w - 1] for w in winners]),
            "discarder": names[entry.discarder - 1],
        }
    return ""


DEAL_NOTES = {
    "head_bump": gettext_lazy("Head bump (截糊): %(names)s not paid"),
    "triple_ron": gettext_lazy("Three won on one discard: an abortive draw"),
}


def liable_of(params: Mapping[str, Any]) -> int | None:
    found = str(params.get("liable_player", ""))
    return int(found) if found.isdigit() and str(params.get("liable", "")) == "1" else None


def worded(field: Any, value: Any) -> str:
    """A stored value as the form's option says it (Self-drawn, not `self_draw`)."""
    text = str(value)
    if field.kind == "toggle":
        return _("yes") if text == "1" else _("no")
    choices = {str(v): str(label) for v, label in getattr(field, "choices", None) or ()}
    if field.kind == "checkboxes":
        return names_list([choices.get(part, part) for part in text.split(",") if part])
    return choices.get(text, text)


def entered(worked: WorkedSheet, params: Mapping[str, Any]) -> list[str]:
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
            label, shown = str(found.label), worded(found, value)
        else:
            label, shown = name, str(value)
        parts.append(_("%(label)s: %(value)s") % {"label": label, "value": shown})
    return parts


def deleted_summary(worked: WorkedSheet, index: int) -> str:
    read = worked.reads[index]
    slug = worked.sheet.family
    form = read.family_form
    # A drawn hand has no size to say (its values at their defaults were never entered).
    said = family_sheet_of(FAMILIES[slug]).always_said if read.winner is not None else ()
    values = {name: form.fields[name].encode(form.cleaned_data[name]) for name in said}
    values.update(worked.hands[index].params)
    return " · ".join(entered(worked, values))


def version_summary(worked: WorkedSheet, version: HandVersion) -> str:
    """An earlier version in a line: who won, and the values as entered."""
    names = told_apart(worked.sheet.players)
    who = who_line(
        names, version.winner, version.discarder, worked.sheet.family, liable_of(version.params)
    )
    return " · ".join([who, *entered(worked, version.params)])


def row_notes(presenter: Any) -> tuple[str, ...]:
    return tuple(
        str(ROW_NOTES[note.code]) % format_args(note.args)
        for note in presenter.notes
        if note.code in ROW_NOTES
    )


def hand_rows(
    worked: WorkedSheet,
    indexes: Iterable[int],
    names: Sequence[str],
    history: Mapping[int, list[HandVersion]],
    edit_base: str,
    editing: bool,
    running: Mapping[int, Sequence[str]] | None = None,
) -> list[HandRow]:
    """The rows of the hands at these indexes, oldest first. `edit_base`: the page's address
    with its query so far, for the edit and history links."""
    sheet, result = worked.sheet, worked.result
    family = FAMILIES[sheet.family]
    family_sheet = family_sheet_of(family)
    rows = []
    label, dealt = _("Hand %(n)s"), _("%(name)s dealt")  # worded once, said on every row
    edit, delete, restore = _("Edit hand %(n)s"), _("Delete hand %(n)s"), _("Restore hand %(n)s")
    for index in indexes:
        hand, played = worked.hands[index], result.hands[index]
        entry = worked.reads[index].entry
        notes: tuple[str, ...] = ()
        if hand.deleted:
            # It counts for nothing now; its values as entered say what it was.
            summary = deleted_summary(worked, index)
        elif played.outcome is not None and played.inputs is not None:
            presenter = family.presenter(played.inputs, played.outcome)
            summary, notes = presenter.result_line(), row_notes(presenter)
        elif hand.winner is None:
            summary = family_sheet.drawn_summary(names, entry)
        else:
            summary = ""
        counters = family_sheet.row_counters(played, entry, names, hand.deleted)
        who = ledger_line(names, entry, played) or who_line(
            names, hand.winner, hand.discarder, sheet.family, entry.liable_player
        )
        if entry.kind is not Kind.WIN:
            summary = ""
        notes += tuple(
            str(DEAL_NOTES[code]) % {"names": names_list([names[p - 1] for p in players])}
            for code, players in played.notes
        )
        after = (running or {}).get(index)
        rows.append(
            HandRow(
                n=hand.n,
                label=label % {"n": hand.n},
                deleted=hand.deleted,
                who=who,
                summary=summary,
                deltas=tuple(
                    (name, signed(delta), presenting.exact(delta))
                    for name, delta in zip(names, played.deltas, strict=True)
                ),
                dealer=dealt % {"name": names[played.dealer - 1]},
                counters=counters,
                versions=hand.versions,
                history=tuple(
                    VersionRow(v.version, version_summary(worked, v), v.replaced)
                    for v in history.get(hand.pk, [])
                ),
                edit_url=f"{edit_base}edit={hand.n}#hand-form" if editing else "",
                notes=notes,
                history_url=f"{edit_base}history={hand.n}#hand-{hand.n}",
                running=_("After it: %(totals)s")
                % {"totals": " · ".join(f"{n} {t}" for n, t in zip(names, after, strict=True))}
                if after and not hand.deleted
                else "",
                edit_name=edit % {"n": hand.n},
                delete_name=delete % {"n": hand.n},
                restore_name=restore % {"n": hand.n},
            )
        )
    return rows
