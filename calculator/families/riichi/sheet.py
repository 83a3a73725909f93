"""Riichi on a score sheet: the sheet keeps the dealer, honba and riichi sticks; players hold
points from a start and are ranked at the end (return, uma, rate); a drawn hand asks who
was tenpai."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from calculator import presenting
from calculator.families.base import FamilySheet
from calculator.families.riichi.forms import Form
from calculator.params import DecimalParam, IntParam, Param
from calculator.scoring.sheet import NOTEN, Table

# The hand's shape, counted for its fu (`fu_mode=count`): one winner's hand only.
STRUCTURE_FIELDS = ("chiitoitsu", "closed", "wait", "pair", "m1", "m2", "m3", "m4")
UMA_PLACE = re.compile(r"[-+]?[0-9]{1,4}")  # thousands of points, ASCII digits only
# Uma as tables say it: "10-20" is +20 / +10 / −10 / −20 (the two numbers in either order).
UMA_SAID = re.compile(r"([0-9]{1,4}) *[-–~] *([0-9]{1,4})")
UMA_SEPARATORS = re.compile(r" *[,/] *| +")  # 15,5,-5,-15 · 15/5/-5/-15 · 15 5 -5 -15
# Riichi's hand of the game (局) by its round wind: "East 3" is the third deal of the East round.
ROUNDS = (
    gettext_lazy("East %(n)s"),
    gettext_lazy("South %(n)s"),
    gettext_lazy("West %(n)s"),
    gettext_lazy("North %(n)s"),
)


class UmaParam(Param):
    """Riichi uma in thousands of points per place, summing to 0: one number per place
    (`15,5,-5,-15`, also with `/` or spaces) or two as tables say them (`10-20`)."""

    def clean(self, value: Any) -> tuple[int, ...]:
        if value is None:
            return ()
        text = (
            str(value)
            .strip()
            .translate(str.maketrans("０１２３４５６７８９－＋，／−～", "0123456789-+,/-~"))
        )
        if not text:
            raise forms.ValidationError(gettext_lazy("Enter a value."), code="required")
        if said := UMA_SAID.fullmatch(text):
            low, high = sorted(int(number) for number in said.groups())
            places = (high, low, -low, -high)
        else:
            parts = UMA_SEPARATORS.split(text)
            if not all(UMA_PLACE.fullmatch(part) for part in parts):
                raise forms.ValidationError(
                    gettext_lazy(
                        "Write one whole number per place, like 15,5,-5,-15, or the two "
                        "numbers as tables say them, like 10-20."
                    ),
                    code="invalid",
                )
            places = tuple(int(part) for part in parts)
        if any(abs(place) > 1000 for place in places):
            raise forms.ValidationError(
                gettext_lazy("Each place's uma is at most 1000 (thousands of points)."),
                code="out_of_range",
            )
        if sum(places) != 0:
            raise forms.ValidationError(gettext_lazy("The uma must add up to 0."), code="invalid")
        return places

    def encode(self, value: tuple[int, ...]) -> str:
        return ",".join(str(place) for place in value)

    def json_value(self, value: tuple[int, ...]) -> Any:
        return list(value)


class RiichiSheetForm(forms.Form):
    """The riichi sheet's own rules, beside the family's table rules."""

    noten = IntParam(
        default=None,
        minimum=0,
        maximum=100_000,
        label=gettext_lazy("A drawn hand pays"),
        help_text=gettext_lazy(
            "流局罰符: what the players not ready (不聽) pay in all to those ready. Empty: "
            "3,000 at four players, 2,000 at three."
        ),
    )
    start = IntParam(
        default=25_000, minimum=0, maximum=1_000_000, label=gettext_lazy("Starting points")
    )
    return_points = IntParam(
        default=None,
        minimum=0,
        maximum=1_000_000,
        label=gettext_lazy("Points returned (返し)"),
        help_text=gettext_lazy(
            "Each final score counts from these points; above the starting points (30,000 "
            "from 25,000) the difference goes to the winner of the game (オカ). Empty: the "
            "starting points, no オカ."
        ),
    )
    uma = UmaParam(
        default=(),
        label=gettext_lazy("Uma (ウマ), thousands per place"),
        help_text=gettext_lazy("10-20 means +20, +10, −10, −20; or give each place: 15,5,-5,-15."),
    )
    rate = DecimalParam(
        default=Fraction(1), minimum=0, maximum=1_000_000, label=gettext_lazy("Rate")
    )

    def __init__(self, data: Mapping[str, Any]) -> None:
        # `return` is a Python keyword, so the field has another name; the parameter has not.
        renamed = {"return_points": data["return"]} if "return" in data else {}
        merged = QueryDict(mutable=True)
        for name in ("noten", "start", "uma", "rate"):
            if name in data:
                merged[name] = data[name]
        merged.update(renamed)
        super().__init__(data=merged)


def _error(code: str, message: str) -> list[dict[str, str]]:
    return [{"code": code, "message": message}]


def _rules_name(field_name: str) -> str:
    return "return" if field_name == "return_points" else field_name


@dataclass(frozen=True, eq=False)
class RiichiSheet(FamilySheet):
    def players_of(self, form: Any) -> int:
        return (getattr(form, "cleaned_data", None) or {}).get("players") or 4

    def rules_form(self, data: Mapping[str, Any]) -> forms.Form:
        return RiichiSheetForm(data)

    def rules_field(self, name: str) -> str:
        return "return_points" if name == "return" else name

    def read_table(
        self, data: Mapping[str, Any], players: int
    ) -> tuple[Table, dict[str, str], dict[str, Any]]:
        extra = RiichiSheetForm(data)
        table = Table(family=self.table_rules, players=players)
        if not extra.is_valid():
            errors = {
                _rules_name(name): [
                    {"code": error.code or "invalid", "message": " ".join(error.messages)}
                    for error in found
                ]
                for name, found in extra.errors.as_data().items()
            }
            return table, {}, errors
        errors: dict[str, Any] = {}
        values = extra.cleaned_data
        if values["uma"] and len(values["uma"]) != players:
            message = _("Give one uma per player: %(count)s values.") % {"count": players}
            errors["uma"] = _error("invalid", message)
            values["uma"] = ()  # reported above; the table is not built
        # A drawn hand's payment is split between 1 … players − 1 tenpai players and the
        # rest: it must divide every way, so no share is a fraction of a point.
        split = math.lcm(*range(1, players))
        if values["noten"] is not None and values["noten"] % split:
            message = _(
                "This must split evenly however many players are tenpai: "
                "use a multiple of %(split)s, like 3,000."
            ) % {"split": split}
            errors["noten"] = _error("invalid", message)
        table = Table(
            family=self.table_rules,
            players=players,
            start=values["start"],
            return_points=values["return_points"],
            uma=values["uma"],
            noten=values["noten"],
            rate=values["rate"],
        )
        rules = {
            _rules_name(name): field.encode(values[name])
            for name, field in extra.fields.items()
            if values[name] != field.default
        }
        return table, rules, errors

    def table_of(self, rules: Mapping[str, str], players: int) -> Table:
        form = RiichiSheetForm(rules)
        if not form.is_valid():
            raise ValueError(f"a stored riichi table rule no longer reads: {form.errors.as_data()}")
        values = form.cleaned_data
        return Table(
            family=self.table_rules,
            players=players,
            start=values["start"],
            return_points=values["return_points"],
            uma=values["uma"],
            noten=values["noten"],
            rate=values["rate"],
        )

    def rules_json(self, table: Table) -> dict[str, Any]:
        return {
            "noten": table.noten_total,
            "start": table.start,
            "uma": list(table.uma),
            "rate": table.rate,
            "return": table.returns,
        }

    def rules_words(self, table: Table) -> list[str]:
        from calculator.presenting import signed

        words = []
        if table.start != 25_000:
            words.append(_("start %(points)s") % {"points": presenting.money(table.start)})
        if table.return_points is not None and table.return_points != table.start:
            words.append(
                _("%(points)s returned (返し)") % {"points": presenting.money(table.return_points)}
            )
        if table.uma:
            uma = "/".join(signed(value) for value in table.uma)
            words.append(_("uma %(uma)s") % {"uma": uma})
        if table.noten is not None and table.noten != NOTEN[table.players]:
            words.append(_("a draw pays %(points)s") % {"points": presenting.money(table.noten)})
        if table.rate != 1:
            words.append(_("rate %(rate)s") % {"rate": presenting.money(table.rate)})
        return words

    def field_label(self, name: str, param: Any, names: Sequence[str]) -> Any:
        # The fu_mode choice above is already headed "Fu".
        return _("How many fu") if name == "fu" else None

    def unseen_shape(self, data: Mapping[str, Any]) -> bool:
        # The fu-count fields come with the preview's answer, and a hand recorded before
        # they came (or without JavaScript) would count a shape nobody saw. The form's two
        # boxes are always sent when the fields are there.
        counting = str(data.get("fu_mode", "")).strip() == "count"
        return counting and "closed" not in data

    def one_winner_params(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        counting = str(data.get("fu_mode", "")).strip() == "count"
        return ("fu_mode", *STRUCTURE_FIELDS) if counting else ()

    def tiles_pairs(self, result: Any) -> list[tuple[str, str]]:
        # What the hand page's payment shows; the sheet works both out again itself.
        pairs = []
        if result.honba:
            pairs.append(("honba", str(result.honba)))
        sticks = int(result.pot // 1000)
        if sticks:
            pairs.append(("riichi_sticks", str(sticks)))
        return pairs

    def hand_json(self, entry: Any, played: Any) -> dict[str, Any]:
        return {
            "riichi_sticks": played.riichi_sticks,
            "riichi": list(entry.riichi),
            "tenpai": list(entry.tenpai),
        }

    def sheet_json(self, result: Any) -> dict[str, Any]:
        final = [
            {"n": f.n, "points": f.points, "rank": f.rank, "score": f.score} for f in result.final
        ]
        return {"final": final}

    def standing_line(self, result: Any, next_hand: str) -> str:
        wind, hand_in_round = result.round
        parts = [
            str(ROUNDS[wind]) % {"n": hand_in_round},
            next_hand,
            _("%(honba)s honba (本場)") % {"honba": result.honba},
        ]
        if result.pot:
            sticks = int(result.pot // 1000)  # 1,000 points a stick
            parts.append(
                ngettext(
                    "%(sticks)s riichi stick on the table (%(points)s points)",
                    "%(sticks)s riichi sticks on the table (%(points)s points)",
                    sticks,
                )
                % {"sticks": sticks, "points": presenting.money(result.pot)}
            )
        return " · ".join(parts)

    def row_counters(self, played: Any, entry: Any, names: Sequence[str], deleted: bool) -> str:
        from calculator.presenters.sheet_names import names_list  # the sheet page's words

        counters = ngettext(
            "%(honba)s honba · %(sticks)s riichi stick",
            "%(honba)s honba · %(sticks)s riichi sticks",
            played.riichi_sticks,
        ) % {"honba": played.honba, "sticks": played.riichi_sticks}
        if entry.riichi and not deleted:
            # Who put a stick down: the sticks above and a winner's amount beside a delta
            # 1,000 short read right only with it.
            declared = names_list([names[p - 1] for p in entry.riichi])
            said = _("Riichi: %(names)s") % {"names": declared}
            counters = f"{counters} · {said}"
        return counters

    def drawn_summary(self, names: Sequence[str], entry: Any) -> str:
        """A drawn riichi hand: who was tenpai."""
        from calculator.presenters.sheet_names import names_list  # the sheet page's words

        if not entry.tenpai:
            return _("Nobody tenpai")
        return _("Tenpai: %(names)s") % {"names": names_list([names[p - 1] for p in entry.tenpai])}

    def settle_unit(self, table: Table) -> str:
        return _("Final scores × the rate (%(rate)s)") % {"rate": presenting.money(table.rate)}


SHEET = RiichiSheet(
    form=Form,
    table_params=("kiriage", "kazoe", "players", "sanma", "sanma_honba"),
    supplied=("dealer", "honba", "riichi_sticks"),
    always_said=("han", "fu"),
    table_sizes=(3, 4),
    keeps_points=True,
    rules_names=("noten", "start", "return", "uma", "rate"),
    hand_fields_template="riichi/_sheet_hand_fields.html",
    late_fields_template="riichi/_count_fields.html",
)
