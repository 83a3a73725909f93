"""A form field as the sheet's templates draw it (templates/calculator/_param.html): the
new-sheet form's rules and the hand form's fields alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


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


def messages(errors: Mapping[str, Any], name: str) -> list[str]:
    return [str(error["message"]) for error in errors.get(name, [])]


def from_bound(name: str, bound: Any, errors: Mapping[str, Any], label: Any = None) -> FieldView:
    kind = bound.field.kind
    return FieldView(
        name=name,
        label=label if label is not None else bound.label,
        field=bound.field,
        options=bound.options if kind in ("radio", "select", "checkboxes") else [],
        current=bound.current if kind not in ("checkboxes", "toggle") else "",
        is_on=bound.is_on if kind == "toggle" else False,
        help_text=bound.help_text,
        errors=messages(errors, name),
    )


def first(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    return "" if value is None else str(value)
