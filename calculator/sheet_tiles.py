"""A sheet's hand entered from the tiles: the sheet page's link to the family's hand page,
and the hand page's "record on the sheet" form.

The form posts to the sheet's own add-a-hand (`/sheets/<edit_key>/`, `action=add`), so a
hand recorded from the tiles goes through exactly the checks and the write of one typed in
on the sheet. It carries the analysed per-hand values (the payment page's values of the
hand, less the table rules and the counters the sheet supplies); the sheet's own fields
(who won, who discarded, who is liable, who declared riichi) are asked as the players' names.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from calculator import sheets
from calculator.families import FAMILIES
from calculator.forms.hand_base import HandForm
from calculator.forms.sheet import family_sheet_of, hand_params
from calculator.forms.tile_words import SEAT_LABELS
from calculator.models import Sheet
from calculator.scoring.outcome import Win
from calculator.scoring.tiles import Wind

SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


def _sheet_rules(sheet: Sheet, form_class: type[HandForm]) -> list[tuple[str, str]]:
    """The sheet's table rules (stored canonical, defaults left out) the hand page reads."""
    return [
        (name, str(sheet.rules[name]))
        for name in family_sheet_of(FAMILIES[sheet.family]).table_params
        if name in sheet.rules and name in form_class.base_fields
    ]


def tiles_url(worked: sheets.WorkedSheet) -> str:
    """The family's hand page for the next hand of this sheet, with its table rules, the
    round wind where the page asks it (and, riichi, the honba and sticks on the table), or
    "" for a family without tile entry."""
    sheet = worked.sheet
    family = FAMILIES[sheet.family]
    if family.hand is None:
        return ""
    pairs = _sheet_rules(sheet, family.hand.form)
    pairs += family_sheet_of(family).tiles_pairs(worked.result)
    round_wind = SEATS[worked.result.round[0]]
    if "round" in family.hand.form.base_fields and round_wind is not Wind.EAST:
        # The round wind is worth 番 (飜) to a pung of it: the sheet knows it, so say it
        # (East is the page's own default, left out like every default).
        pairs.append(("round", round_wind.value))
    pairs.append(("sheet", sheet.edit_key))
    return f"{reverse('hand', args=[sheet.family])}?{urlencode(pairs, safe=',:')}"


@dataclass(frozen=True)
class Choice:
    n: int
    label: str
    checked: bool = False


@dataclass(frozen=True)
class Record:
    """What templates/calculator/_sheet_record.html draws."""

    action: str  # the sheet's edit page
    title: str
    ready: bool  # the tiles make a hand that can be recorded
    key: str = ""
    hidden: tuple[tuple[str, str], ...] = ()
    winners: tuple[Choice, ...] = ()
    discarders: tuple[Choice, ...] = ()  # empty unless won off a discard
    liable: tuple[Choice, ...] = ()  # hk: empty unless 包自摸 is ticked
    riichi: tuple[Choice, ...] = ()  # riichi: every player's declaration
    rules_differ: str = ""  # the sheet's table rules are not this page's
    sheet_rules_url: str = ""  # this hand with the sheet's table rules


def open_for(key: Any, slug: str) -> Sheet | None:
    """The sheet an edit key names, of this family; None for anything else (a view key,
    an unknown key, another family's sheet): the hand page then works as without it."""
    if not isinstance(key, str) or not key:
        return None
    opened = sheets.open_sheet(key)
    if opened is None or not opened.can_edit or opened.sheet.family != slug:
        return None
    return opened.sheet


def _differing_rules(sheet: Sheet, form: HandForm) -> list[str]:
    """The table rules this page reads differently from the sheet: their labels."""
    if not hasattr(form, "cleaned_data"):
        return []
    stored = FAMILIES[sheet.family].form(dict(sheet.rules))
    stored.is_valid()
    found = []
    for name in family_sheet_of(FAMILIES[sheet.family]).table_params:
        if name not in form.fields or name in form.errors or name not in stored.cleaned_data:
            continue
        if form.cleaned_data.get(name) != stored.cleaned_data[name]:
            found.append(str(form.fields[name].label))
    return found


def _with_sheet_rules(sheet: Sheet, data: QueryDict, form: HandForm) -> str:
    query = data.copy()
    for name in family_sheet_of(FAMILIES[sheet.family]).table_params:
        if name in form.fields:
            query.pop(name, None)
    for name, value in _sheet_rules(sheet, type(form)):
        query[name] = value
    query.pop("sheet", None)
    query["sheet"] = sheet.edit_key
    return f"{reverse('hand', args=[sheet.family])}?{query.urlencode(safe=',:')}"


def hand_values(form: HandForm) -> list[tuple[str, str]]:
    """The analysed hand's per-hand parameters as the sheet takes them: the payment page's
    values, less table rules and what the sheet supplies, defaults left out."""
    family = FAMILIES[form.slug]
    values = form.payment_values()
    fields = family.form.base_fields
    pairs = []
    for name in hand_params(family):
        if name not in values:
            continue
        param = fields[name]
        if values[name] != param.default:
            pairs.append((name, param.encode(values[name])))
    return pairs


def record(sheet: Sheet, form: HandForm, data: QueryDict) -> Record:
    """The record form for this hand page's state (valid or not)."""
    # The sheet page may link here through this module: its words are imported when used.
    from calculator.presenters.sheet_names import names_list, player_choice

    action = reverse("sheet", args=[sheet.edit_key])
    names = list(sheet.players)
    title = _("Score sheet: %(names)s") % {"names": names_list(names)}
    differ = _differing_rules(sheet, form)
    if differ:
        return Record(
            action=action,
            title=title,
            ready=False,
            rules_differ=_(
                "The sheet's table rules differ from this page's (%(rules)s): use the sheet's "
                "rules to record this hand."
            )
            % {"rules": names_list(differ)},
            sheet_rules_url=_with_sheet_rules(sheet, data, form),
        )
    if not form.is_valid() or form.analysis is None:
        return Record(action=action, title=title, ready=False)
    worked = sheets.latest(sheet, 0)  # the standing: who deals next
    players = len(names)
    dealer = worked.result.dealer
    # Players sit in number order and the dealer is East: the seat chosen above (whose
    # winds the tiles were read for) names the winner, who can still be changed.
    seat_of = {
        (dealer - 1 + index) % players + 1: wind for index, wind in enumerate(SEATS[:players])
    }
    chosen = Wind(form.cleaned_data["seat"])
    winner = next((n for n, wind in seat_of.items() if wind is chosen), None)

    def label(n: int) -> str:
        return _("%(player)s · %(seat)s") % {
            "player": player_choice(n, names[n - 1]),
            "seat": SEAT_LABELS[seat_of[n]],
        }

    values = form.payment_values()
    family_sheet = family_sheet_of(FAMILIES[sheet.family])
    discard = values.get("win") is Win.DISCARD
    liable = family_sheet.names_liable and bool(values.get("liable"))
    asks_riichi = family_sheet.asks_declarations
    declared = asks_riichi and bool(
        form.cleaned_data.get("riichi") or form.cleaned_data.get("double_riichi")
    )
    everyone = range(1, players + 1)
    return Record(
        action=action,
        title=title,
        ready=True,
        key=secrets.token_urlsafe(16),
        hidden=tuple(hand_values(form)),
        winners=tuple(Choice(n, label(n), n == winner) for n in everyone),
        discarders=tuple(Choice(n, label(n)) for n in everyone) if discard else (),
        liable=tuple(Choice(n, label(n)) for n in everyone) if liable else (),
        riichi=(
            tuple(
                Choice(n, player_choice(n, names[n - 1]), declared and n == winner)
                for n in everyone
            )
            if asks_riichi
            else ()
        ),
    )


def address_with_sheet(url: str, sheet: Sheet) -> str:
    """The hand page's canonical address with the sheet kept (the address bar only)."""
    return f"{url}{'&' if '?' in url else '?'}{urlencode({'sheet': sheet.edit_key})}"
