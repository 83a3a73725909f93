"""Form fields that read query parameters exactly as contract.md spells them.

Every field knows its default (an absent parameter means the default), refuses an empty
value, and can write its normalised value back for the canonical URL. Nothing is clamped
or guessed: a value outside the contract is a field error with a stable code.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.scoring.money import plain

INTEGER = re.compile(r"-?[0-9]+\Z")
DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")
TRUE_WORDS = {"1", "true", "on", "yes"}
FALSE_WORDS = {"0", "false", "off", "no"}
# What a Chinese input method types for 0–9 (contract § Parameter syntax): read as digits.
FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
SIGNIFICANT_DIGITS = 9  # far beyond every range; a longer number is out of range unread


def significant(digits: str) -> int | None:
    """The value of a string of ASCII digits, leading zeros allowed however many
    (`0000000003` is 3); None when it has more significant digits than any range needs,
    so a huge number is never converted."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= SIGNIFICANT_DIGITS else None


class ParamWidget(forms.Widget):
    """Reads the last value of a repeated parameter; renders nothing (templates do)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> str | None:
        return data.get(name)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data


class MultiParamWidget(ParamWidget):
    """Reads every value of a repeatable, comma-listable parameter."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str] | None:
        if name not in data:
            return None
        getlist = getattr(data, "getlist", None)
        values = getlist(name) if getlist else [data[name]]
        return [part for value in values for part in value.split(",")]


class ParamBoundField(forms.BoundField):
    """A bound field that knows what to show in its input, valid or not."""

    def _clean_value(self) -> tuple[bool, Any]:
        """(True, value) when this field parsed; the page then shows the normalised form."""
        self.form.is_valid()
        cleaned = getattr(self.form, "cleaned_data", {})
        if self.name in cleaned and self.name not in self.form.errors:
            return True, cleaned[self.name]
        return False, None

    @property
    def current(self) -> Any:
        """The text to put in the input: the normalised value, or what was typed if invalid."""
        ok, value = self._clean_value()
        if ok:
            return self.field.encode(value)
        return self.field.encode(self.field.default) if self.data is None else self.data

    @property
    def selected(self) -> set[str]:
        """For checkboxes: the values that are ticked."""
        ok, value = self._clean_value()
        if ok:
            return {member.value for member in value}
        return {part.strip() for part in self.data or []}

    @property
    def is_on(self) -> bool:
        """For toggles: whether the box is ticked (an invalid word shows unticked). A box whose
        value read fine but contradicts another field stays as sent: the error beside it asks
        to untick it, and a reload or the shared link must show the same."""
        ok, value = self._clean_value()
        if ok:
            return bool(value)
        try:
            return bool(self.field.clean(self.data))
        except forms.ValidationError:
            return False

    @property
    def options(self) -> list[tuple[str, Any, bool]]:
        """(value, label, chosen) for radios, selects and checkboxes, worked out once here
        rather than per option in the template."""
        if self.field.kind == "checkboxes":
            return marked_choices(self.field, self.selected)
        return marked_choices(self.field, (self.current,))


def marked_choices(field: Any, chosen: Container[str]) -> list[tuple[str, Any, bool]]:
    """(value, label, chosen) for each of a field's choices, as the template draws them."""
    return [(value, label, value in chosen) for value, label in field.choices]


class Param(forms.Field):
    """Base: absent → default, empty → `required`, otherwise `parse()`."""

    widget = ParamWidget
    bound_field_class = ParamBoundField
    kind = "text"  # how the template draws it

    def __init__(self, *, default: Any, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.default = default

    def clean(self, value: Any) -> Any:
        if value is None:
            return self.default
        text = str(value).strip().translate(FULL_WIDTH_DIGITS)
        if not text:
            raise ValidationError(_("Enter a value."), code="required")
        return self.parse(text)

    def parse(self, text: str) -> Any:
        return text

    def encode(self, value: Any) -> str:
        return str(value)

    def json_value(self, value: Any) -> Any:
        return value


class IntParam(Param):
    kind = "number"

    def __init__(self, *, minimum: int, maximum: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.minimum, self.maximum = minimum, maximum

    def range_error(self) -> ValidationError:
        return ValidationError(
            _("Enter a whole number from %(min)s to %(max)s."),
            code="out_of_range",
            params={"min": self.minimum, "max": self.maximum},
        )

    def parse(self, text: str) -> int:
        if not INTEGER.match(text):
            raise ValidationError(_("Enter a whole number, like 3."), code="invalid")
        if text.startswith("-"):  # no negatives anywhere, `-0` included
            raise self.range_error()
        value = significant(text)
        if value is None or not self.minimum <= value <= self.maximum:
            raise self.range_error()
        return value


class IntChoiceParam(Param):
    """A whole number from a fixed list (riichi fu: 20, 25, 30, 40 … 110)."""

    kind = "select"

    def __init__(self, *, allowed: Sequence[int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.allowed = tuple(allowed)
        self.choices = [(str(v), str(v)) for v in self.allowed]

    def parse(self, text: str) -> int:
        if not INTEGER.match(text):
            raise ValidationError(_("Enter a whole number, like 3."), code="invalid")
        value = None if text.startswith("-") else significant(text)
        if value not in self.allowed:
            raise ValidationError(
                _("Choose one of %(values)s."),
                code="not_allowed",
                params={"values": ", ".join(map(str, self.allowed))},
            )
        return value


class DecimalParam(Param):
    """A non-negative multiplier with at most four decimal places, kept exact."""

    kind = "decimal"

    def __init__(self, *, minimum: int, maximum: int, places: int = 4, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.minimum, self.maximum, self.places = minimum, maximum, places

    def parse(self, text: str) -> Fraction:
        if not DECIMAL.match(text):
            raise ValidationError(_("Enter a number, like 1 or 0.25."), code="invalid")
        whole, _dot, frac = text.lstrip("-").partition(".")
        if len(frac) > self.places:
            raise ValidationError(
                _("Use at most %(places)s decimal places."),
                code="invalid",
                params={"places": self.places},
            )
        if len(whole.lstrip("0")) > 9 or text.startswith("-"):  # `-0` is a negative too
            value = None
        else:
            value = Fraction(Decimal(text))
        if value is None or not self.minimum <= value <= self.maximum:
            raise ValidationError(
                _("Enter a number from %(min)s to %(max)s."),
                code="out_of_range",
                params={"min": self.minimum, "max": f"{self.maximum:,}"},
            )
        return value

    def encode(self, value: Fraction) -> str:
        return plain(value)

    def json_value(self, value: Fraction) -> Any:
        return value


class BoolParam(Param):
    kind = "toggle"

    def parse(self, text: str) -> bool:
        word = text.lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValidationError(_("Use 1 for yes or 0 for no."), code="invalid")

    def encode(self, value: bool) -> str:
        return "1" if value else "0"


class ChoiceParam(Param):
    """One of an enumeration's lowercase values; `labels` words them for people."""

    kind = "select"

    def __init__(
        self, *, enum: type[StrEnum], labels: dict[StrEnum, Any], radio: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.enum = enum
        self.choices = [(member.value, labels[member]) for member in enum]
        if radio:
            self.kind = "radio"

    def not_allowed(self) -> ValidationError:
        return ValidationError(
            _("Choose one of: %(values)s."),
            code="not_allowed",
            params={"values": ", ".join(member.value for member in self.enum)},
        )

    def parse(self, text: str) -> StrEnum:
        try:
            return self.enum(text)
        except ValueError:
            raise self.not_allowed() from None

    def encode(self, value: StrEnum) -> str:
        return value.value

    def json_value(self, value: StrEnum) -> Any:
        return value.value


class MultiChoiceParam(ChoiceParam):
    """A set of enumeration values: repeated (`p=a&p=b`) or comma-joined (`p=a,b`)."""

    widget = MultiParamWidget
    kind = "checkboxes"

    def clean(self, value: Any) -> Any:
        if value is None:
            return self.default
        parts = [str(part).strip() for part in value]
        if not any(parts):
            raise ValidationError(_("Enter a value."), code="required")
        return frozenset(self.parse(part) for part in parts if part)

    def ordered(self, value: Iterable[StrEnum]) -> list[StrEnum]:
        return [member for member in self.enum if member in value]

    def encode(self, value: frozenset[StrEnum]) -> str:
        return ",".join(member.value for member in self.ordered(value))

    def json_value(self, value: frozenset[StrEnum]) -> Any:
        return [member.value for member in self.ordered(value)]
