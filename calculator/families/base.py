"""What a rule family is to the web side: its parts, held as the objects themselves.

Shared code (views, sheets, API, reference pages) takes a `Family` and asks it; it never
asks which family it is (style.md § One family, one folder).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django import forms

from calculator.params import Param
from calculator.scoring.sheet import Table
from calculator.scoring.sheet_rules import SheetRules

if TYPE_CHECKING:
    from calculator.forms.base import ParamForm
    from calculator.forms.hand_base import HandForm
    from calculator.presenters.base import Presenter


@dataclass(frozen=True, eq=False)
class HandEntry:
    """A family's tile entry (`/<slug>/hand/`): the hand form that reads and analyses the
    tiles, the presenter that words the analysis, and its page."""

    form: type[HandForm]
    presenter: Any  # the hand presenter class: (analysis, payment presenter) → words
    template: str
    analysis_template: str  # the hand page's analysis table (its fans, yaku or patterns)
    # Words the notes the analysis adds (hk `limit_hand`); the payment page's otherwise.
    payment_presenter: type[Presenter] | None = None


@dataclass(frozen=True, eq=False)
class Family:
    """One rule family: its engine, its calculator page's parts, its sheet and tile entry."""

    slug: str
    name: Any
    where: Any  # where it is mostly played
    unit: Any  # what the money is counted in
    enter: Any  # what the table enters
    engine: ModuleType  # `score()` is called once per request; `unused_settings()`
    form: type[ParamForm]  # query → the engine's inputs
    presenter: type[Presenter]  # one outcome → one view-model
    template: str  # the calculator page
    # A state away from the defaults (a query string): the shared tests and the bench use it
    # to exercise the family's table rules and notes.
    example: str
    title: Any = ""  # the payment page's <title>, after the headline
    sheet: FamilySheet | None = None  # None: no score sheets for this family
    hand: HandEntry | None = None  # None: no tile entry
    hand_title: Any = ""  # the tile-entry page's <title>, where there is one
    # The family's own additions to the <head> of every page drawing its forms (its scripts).
    head_template: str = ""
    # Its own part of the reference pages, where they list the families: a glossary section
    # (`<section id="<slug>">`), its sources (an `<h3>` and its list), and its rows of the
    # glossary's "same 3, different money" table as (what is entered, how it was won, query).
    glossary_template: str = ""
    sources_template: str = ""
    same_value: tuple[tuple[Any, Any, str], ...] = ()


@dataclass(frozen=True, eq=False)
class FamilySheet:
    """The family's sheet adapter: how its hands sit on a score sheet's pages and API —
    which of its form's parameters are table rules, which the sheet works out itself, which
    it refuses, and the sheet's words that differ by family. The defaults are a four-player table with a dealer and no counters
    beyond it; a family overrides what differs."""

    form: type[ParamForm]
    table_params: tuple[str, ...] = ()  # fixed when the sheet is started
    supplied: tuple[str, ...] = ("dealer",)  # the sheet works it out from the hands before
    refused: Mapping[str, Any] = field(default_factory=dict)  # name → why a sheet refuses it
    always_said: tuple[str, ...] = ()  # said on a deleted row even at its default
    asks_discarder: bool = True  # classical: every hand settles among all four, no discarder
    table_sizes: tuple[int, ...] = (4,)
    keeps_points: bool = False  # riichi: players hold points from a start, ranked at the end
    rules_names: tuple[str, ...] = ()  # the sheet's own table rules (riichi: start, uma, …)
    hand_fields_template: str = ""  # a family's own layout of its fields in the hand form
    # Fields the hand form draws only once a choice asks for them (riichi: the fu count),
    # sent with the preview's answer; "" where there are none (`unseen_shape` is then False).
    late_fields_template: str = ""

    @property
    def slug(self) -> str:
        return self.form.slug

    @property
    def table_rules(self) -> SheetRules:
        """What the sheet engine plays by: the family engine's own `SHEET`."""
        return self.form.engine.SHEET

    @property
    def asks_declarations(self) -> bool:
        """A hand names who declared (riichi, a stick each into the pot)."""
        return self.table_rules.counters

    @property
    def names_liable(self) -> bool:
        """A self-draw may name the one player liable for it (包自摸)."""
        return self.table_rules.liable

    @property
    def own_before(self) -> tuple[str, ...]:
        """The sheet's own per-hand fields the hand form asks before the family's."""
        return ("riichi", "tenpai") if self.asks_declarations else ()

    @property
    def own_after(self) -> tuple[str, ...]:
        """… and after them."""
        return ("liable_player",) if self.names_liable else ()

    @property
    def own_hand_fields(self) -> tuple[str, ...]:
        return self.own_before + self.own_after

    @cached_property
    def hand_params(self) -> tuple[str, ...]:
        """The family's per-hand parameters as a sheet names them, in the form's order."""
        skip = {*self.table_params, *self.supplied, *self.refused, *self.seat_fields}
        return tuple(
            self.sheet_name(name)
            for name, param in self.form.base_fields.items()
            if isinstance(param, Param) and name not in skip
        )

    # --- names: the sheet's and the family form's --------------------------------------

    seat_fields: tuple[str, ...] = ()  # form fields the sheet's own `winner` fills in

    def field_name(self, name: str) -> str:
        """The family form's field for a sheet's per-hand parameter."""
        return name

    def sheet_name(self, field_name: str) -> str:
        return field_name

    def seat_values(self, winner: int) -> dict[str, str]:
        """Form values the sheet's `winner` (a player) gives, beside the hand's own."""
        return {}

    def field_label(self, name: str, param: Any, names: Sequence[str]) -> Any:
        """The hand form's label for a field where the sheet words it otherwise (or None)."""
        return None

    # --- the table ----------------------------------------------------------------------

    def one_winner_params(self, data: Mapping[str, Any]) -> tuple[str, ...]:
        """Parameters sent that describe one winner's hand only (riichi's counted fu), so
        several winners on one discard cannot share them."""
        return ()

    def players_of(self, form: ParamForm) -> int:
        """How many play, from the family form's values of the table rules (as read so far)."""
        return 4

    def rules_form(self, data: Mapping[str, Any]) -> forms.Form | None:
        """The sheet's own table rules bound (`rules_names`), or None where it has none."""
        return None

    def rules_field(self, name: str) -> str:
        """The field of `rules_form` for one of `rules_names`."""
        return name

    def read_table(
        self, data: Mapping[str, Any], players: int
    ) -> tuple[Table, dict[str, str], dict[str, Any]]:
        """A new sheet's Table, its own rules to store, and the errors JSON of those."""
        return Table(family=self.table_rules, players=players), {}, {}

    def table_of(self, rules: Mapping[str, str], players: int) -> Table:
        """The engine's Table of a stored sheet (its rules were validated when it was made)."""
        return Table(family=self.table_rules, players=players)

    def rules_json(self, table: Table) -> dict[str, Any]:
        """SHEET.rules beyond the family form's table rules."""
        return {}

    def rules_words(self, table: Table) -> list[str]:
        """The sheet's own table rules away from their defaults, worded."""
        return []

    # --- a hand and the standing --------------------------------------------------------

    def unseen_shape(self, data: Mapping[str, Any]) -> bool:
        """A hand sent from a form that did not show fields it counts (riichi's fu shape)."""
        return False

    def tiles_pairs(self, result: Any) -> list[tuple[str, str]]:
        """What the tile page's payment shows of the standing (riichi: honba, sticks)."""
        return []

    def hand_json(self, entry: Any, played: Any) -> dict[str, Any]:
        return {}

    def sheet_json(self, result: Any) -> dict[str, Any]:
        return {}

    def standing_line(self, result: Any, next_hand: str) -> str:
        """The line under the totals; `next_hand` says who deals."""
        return next_hand

    def row_counters(self, played: Any, entry: Any, names: Sequence[str], deleted: bool) -> str:
        """A hand row's counters during that hand (riichi: honba, sticks, who declared)."""
        return ""

    def drawn_summary(self, names: Sequence[str], entry: Any) -> str:
        """What a drawn hand's row says ("" for nothing beyond the drawn hand)."""
        return ""

    def settle_unit(self, table: Table) -> str:
        return ""
