"""The base of every tile-entry form: reads the whole hand, puts each engine error under its
field, and hands the family's payment presenter the analysis's own engine inputs and outcome,
so the payment part of a hand page reads exactly like the payment page for the same values.

The tile fields are in `tile_params`, the words in `tile_words` and `entry_messages`, what
the page draws in `tile_faces`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any, ClassVar
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.urls import reverse

from calculator.forms.base import ParamForm
from calculator.forms.entry_messages import EntryMessages
from calculator.forms.tile_faces import (
    MELD_LABELS,
    TARGET_LABELS,
    faces,
    flower_faces,
    keyboard_rows,
    tile_face,
)
from calculator.forms.tile_words import (
    DEALER_WINNER_WORDS,
    WINNER_WORDS,
)
from calculator.scoring import tiles as notation
from calculator.scoring.tiles import EntryError, Tile, Wind


class HandForm(EntryMessages, ParamForm):
    """Base of the families' tile-entry forms. A family defines the fields, `red_fives`,
    `tile_fields`, `payment_form_class`, `conditions()`, `run()`, `payment_inputs()`,
    `payment_values()` and the words of its contradictions. The analysis is worded by the
    family's hand presenter (`calculator.families.<slug>.hand_presenter`)."""

    red_fives: ClassVar[bool]
    tile_fields: ClassVar[tuple[str, ...]] = ("hand", "win_tile", "melds")
    payment_form_class: ClassVar[type[ParamForm]]

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.hand_tiles: notation.HandTiles | None = None
        self.analysis: Any = None
        self.shanten: int | None = None
        self.waits: tuple[Tile, ...] = ()

    @property
    def is_blank(self) -> bool:
        """Nothing entered yet: the page invites input instead of listing errors."""
        if self.too_many_fields:  # an error to show, not a blank
            return False
        return "hand" not in self.data and "win_tile" not in self.data

    # --- what a family defines -------------------------------------------------------
    def build_inputs(self) -> tuple[Any, ...]:
        """Nothing: a hand form's engine call is the analysis that `clean()` runs on the
        tiles it read; the payment presenter then gets `payment_inputs()`."""
        return ()

    def conditions(self) -> Any:
        raise TypeError(f"{type(self).__name__} must define conditions()")

    def run(self, hand: notation.HandTiles, conditions: Any) -> Any:
        """The family's analyse(); an Analysis or a tuple of EntryError."""
        raise TypeError(f"{type(self).__name__} must define run()")

    def flag_clashes(self, conditions: Any) -> dict[str, str]:
        """The family's contradictions() without tiles."""
        return {}

    # --- reading the whole hand --------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        conditions = None
        others = [name for name in self.fields if name not in self.tile_fields]
        if not any(name in self.errors for name in others):
            conditions = self.conditions()
        if any(name in self.errors for name in self.tile_fields):
            self._add_errors(self._partial_errors())
            if conditions is not None:
                self._add_errors(self._clash_errors(self.flag_clashes(conditions)))
            return cleaned
        texts = {name: self.cleaned_data.get(name) or "" for name in notation.FIELDS}
        read = notation.read(**texts, red_fives=self.red_fives)
        if isinstance(read, tuple):
            self._add_errors(read)
            if conditions is not None:
                self._add_errors(self._clash_errors(self.flag_clashes(conditions)))
            return cleaned
        self.hand_tiles = read
        if conditions is None:
            return cleaned
        result = self.run(read, conditions)
        if isinstance(result, tuple):
            for error in result:
                if error.code == "not_complete":
                    self.shanten = int(error.args.get("shanten", 0))  # type: ignore[call-overload]
                    self.waits = tuple(notation.tile(t) for t in error.args.get("waits", ()))  # type: ignore[attr-defined]
            self._add_errors(result)
            return cleaned
        self.analysis = result
        canonical = read.canonical()
        for name in self.tile_fields:
            cleaned[name] = canonical[name]
        return cleaned

    def _partial_errors(self) -> list[EntryError]:
        """Count and copies of the fields that did read, while another one does not (the
        winning tile not entered yet): so tapping tiles shows "this has 13" as it goes."""
        ok = {n for n in self.tile_fields if n not in self.errors}
        text = {n: self.cleaned_data.get(n) or "" for n in ok}
        red = self.red_fives

        def tiles(name: str) -> tuple[Tile, ...]:
            parsed = notation.parse_tiles(text[name], name, red_fives=red) if name in ok else ()
            return parsed if isinstance(parsed, tuple) else ()

        melds = notation.parse_melds(text["melds"], red_fives=red) if "melds" in ok else ()
        melds = melds if isinstance(melds, tuple) else ()
        hand = tiles("hand")
        errors = list(notation.copy_errors(hand, melds, tiles("dora"), tiles("ura")))
        if {"hand", "melds"} <= ok:
            wrong_count = notation.count_error(hand, melds)
            if wrong_count:
                errors.append(wrong_count)
        return errors

    @staticmethod
    def _clash_errors(clashes: Mapping[str, str]) -> list[EntryError]:
        return [EntryError(code, name) for name, code in clashes.items()]

    def _add_errors(self, errors: Iterable[EntryError]) -> None:
        for error in errors:
            field = error.field if error.field in self.fields else "hand"
            if field in self.errors and any(
                e.code == error.code for e in self.errors.as_data()[field]
            ):
                continue
            self.add_error(field, ValidationError(self.entry_message(error), code=error.code))

    @property
    def winner_words(self) -> str:
        """Whose seat the result is for: 「東家（莊家）食糊」 where the dealer is paid more."""
        if self.analysis is None:
            return ""
        seat = Wind(self.cleaned_data["seat"])
        dealer_matters = getattr(self.analysis.payment, "dealer", None) is not None
        return str((DEALER_WINNER_WORDS if dealer_matters else WINNER_WORDS)[seat])

    def seat_headline(self, headline: str) -> str:
        """The payment headline led by whose seat it is: the hand page's title and share."""
        return f"{self.winner_words} · {headline}" if self.winner_words else headline

    # --- the payment: the analysis's own engine inputs and outcome -----------------------
    def payment_inputs(self) -> tuple[Any, ...]:
        """What the analysis gave the family's `score()`: the payment presenter's inputs."""
        raise TypeError(f"{type(self).__name__} must define payment_inputs()")

    def payment_values(self) -> dict[str, Any]:
        """The payment page's parameter values for the analysed hand (its `payment_url`)."""
        raise TypeError(f"{type(self).__name__} must define payment_values()")

    def payment_idle(self) -> frozenset[str]:
        """As the payment page would note them: table rules set that change nothing here."""
        values = self.payment_values()
        fields = self.payment_form_class.base_fields
        chosen = {name for name, value in values.items() if value != fields[name].default}
        return self.payment_form_class.engine.unused_settings(*self.payment_inputs()) & chosen

    def payment_url(self) -> str:
        path = reverse("calculator", args=[self.slug])
        query = self.payment_form_class.encode_query(self.payment_values())
        return f"{path}?{query}" if query else path

    @cached_property
    def canonical_query(self) -> str:
        """As on the payment pages, but while the hand has errors only the parameters that
        matter are kept (what was typed where there is an error, and values away from their
        default), so tapping tiles does not fill the address bar with every idle field."""
        if self.is_valid():
            return self.encode_query(self.cleaned_data)
        cleaned = getattr(self, "cleaned_data", {})
        pairs = []
        for name, field in self.params():
            raw = field.widget.value_from_datadict(self.data, None, name)
            if raw is None:
                continue
            if name in self.errors:
                pairs.append((name, raw))
            elif name in cleaned and cleaned[name] != field.default:
                pairs.append((name, field.encode(cleaned[name])))
        return urlencode(pairs, safe=",:")

    def canonical_url(self) -> str:
        path = reverse("hand", args=[self.slug])
        query = self.canonical_query
        return f"{path}?{query}" if query else path

    # --- what the page draws --------------------------------------------------------------
    def hand_context(self) -> dict[str, Any]:
        """Context for `_hand_result.html`, valid or not."""
        hand = self.hand_tiles
        context: dict[str, Any] = {
            "blank": self.is_blank,
            "hand_faces": [],
            "meld_faces": [],
            "win_face": None,
            "shanten": self.shanten,
            "shanten_words": self.shanten_words(),
            "wait_faces": faces(self.waits),
            "hand_ok": self.analysis is not None,
            "payment_url": "",
            "keyboard_rows": keyboard_rows(self.red_fives),
            "keyboard_targets": [(name, TARGET_LABELS[name]) for name in self.tile_fields],
            "meld_kinds": list(MELD_LABELS.items()),
            "flower_faces": flower_faces(),
        }
        if hand is not None:
            rest = list(hand.hand)
            rest.remove(hand.win_tile)
            context.update(
                hand_faces=faces(rest),
                win_face=tile_face(hand.win_tile),
                meld_faces=[
                    {"kind": meld.kind.value, "tiles": faces(meld.tiles)} for meld in hand.melds
                ],
            )
        return context


def errors_extra(form: HandForm) -> dict[str, Any]:
    """The top-level `shanten` / `waits` of a `not_complete` error response."""
    if form.shanten is None or "hand" not in form.errors:
        return {}
    extra: dict[str, Any] = {"shanten": form.shanten}
    if form.shanten == 0:
        extra["waits"] = [str(t) for t in form.waits]
    return extra
