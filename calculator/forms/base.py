"""What every family form shares: parsing to engine inputs, canonical URLs, error codes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from types import ModuleType
from typing import Any, ClassVar
from urllib.parse import urlencode

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from calculator.params import Param
from calculator.scoring.outcome import Win

WIN_LABELS = {Win.DISCARD: _("Won off a discard"), Win.SELF_DRAW: _("Self-drawn")}
WIN_SHORT = {Win.DISCARD: _("discard"), Win.SELF_DRAW: _("self-draw")}
TOO_MANY_FIELDS = _(
    "This link has more than 1,000 parameters, too many to read. Open the calculator afresh."
)


class ParamForm(forms.Form):
    """Base for the family forms. Always bound: an empty query string means all defaults."""

    slug: ClassVar[str]
    do_not_call_in_templates = True  # templates test `family.form` for "is this family built?"
    # Words for each cross-field `contradiction`, keyed by the parameter it is reported on.
    contradiction_messages: ClassVar[Mapping[str, Any]] = {}
    inputs: tuple[Any, ...]  # set by clean() when the form is valid: what score() is given
    # Presets for the `unit` field as (value, the stake's name), where the family has them.
    stakes: ClassVar[list[tuple[str, Any]]] = []

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        if self.too_many_fields:
            # Nothing was read, so nothing is missing: the one error is the form's (clean()).
            for field in self.fields.values():
                field.required = False

    @property
    def too_many_fields(self) -> bool:
        """The query had more fields than Django reads (calculator.middleware.readable_query)."""
        return getattr(self.data, "too_many_fields", False)

    # --- what a family defines -------------------------------------------------------
    engine: ClassVar[ModuleType]  # calculator.scoring.<family>: score(), unused_settings()

    def build_inputs(self) -> tuple[Any, ...]:
        """The engine's frozen inputs (`Hand`, `Rules` …) from the cleaned values."""
        raise TypeError(f"{type(self).__name__} must define build_inputs()")

    def contradictions(self) -> Mapping[str, str]:
        """Parameter → error code for combinations the engine rejects (`self.inputs` is
        built by then)."""
        return {}

    # --- shared behaviour ------------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.too_many_fields:
            raise forms.ValidationError(TOO_MANY_FIELDS, code="too_many_fields")
        if not self.errors:
            # Built once; `contradictions()` may ask the engine about them.
            self.inputs = self.build_inputs()
            for name, code in self.contradictions().items():
                message = self.contradiction_messages.get(
                    name, _("This contradicts another field.")
                )
                self.add_error(name, forms.ValidationError(message, code=code))
        return cleaned

    def params(self) -> list[tuple[str, Param]]:
        return [(name, field) for name, field in self.fields.items() if isinstance(field, Param)]

    @classmethod
    def encode_query(cls, values: Mapping[str, Any]) -> str:
        """The canonical query of parsed values: those away from their default, in the
        contract's order. Payment pages, hand pages and a hand's `payment_url` all use it."""
        pairs = [
            (name, field.encode(values[name]))
            for name, field in cls.base_fields.items()
            if isinstance(field, Param) and name in values and values[name] != field.default
        ]
        return urlencode(pairs, safe=",:")

    @cached_property
    def canonical_query(self) -> str:
        """This request's canonical query; while invalid, what was typed, so the link shows
        the same error to everyone."""
        if self.is_valid():
            return self.encode_query(self.cleaned_data)
        pairs = []
        for name, field in self.params():
            raw = field.widget.value_from_datadict(self.data, None, name)
            if raw is not None:
                pairs.append((name, ",".join(raw) if isinstance(raw, list) else raw))
        return urlencode(pairs, safe=",:")

    def canonical_url(self) -> str:
        path = reverse("calculator", args=[self.slug])
        query = self.canonical_query
        return f"{path}?{query}" if query else path

    def present(self) -> frozenset[str]:
        """Parameters the request sets to something other than their default.

        The page's form sends every field on every live update, so "in the request" alone
        would note every idle default. What differs from the default is exactly what the
        canonical URL keeps, so a reopened link shows the same notes.
        """
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        return frozenset(
            name
            for name, field in self.params()
            if name in self.data and name in cleaned and cleaned[name] != field.default
        )

    def idle_settings(self) -> frozenset[str]:
        """Parameters the request set that cannot change this result (`setting_unused`)."""
        return self.engine.unused_settings(*self.inputs) & self.present()

    def inputs_json(self) -> dict[str, Any]:
        return {name: field.json_value(self.cleaned_data[name]) for name, field in self.params()}

    def errors_json(self) -> dict[str, list[dict[str, str]]]:
        payload: dict[str, list[dict[str, str]]] = {}
        for name, errors in self.errors.as_data().items():
            payload[name] = [
                {"code": error.code or "invalid", "message": " ".join(error.messages)}
                for error in errors
            ]
        return payload
