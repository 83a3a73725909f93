"""What every family form shares: canonical URLs, error codes, the `setting_unused` note."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import replace
from typing import Any, ClassVar
from urllib.parse import urlencode

from django import forms
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from calculator.params import Param
from calculator.presenting import format_args, money
from calculator.scoring.outcome import Note, Outcome, Step, Win

WIN_LABELS = {Win.DISCARD: _("Won off a discard"), Win.SELF_DRAW: _("Self-drawn")}
WIN_SHORT = {Win.DISCARD: _("discard"), Win.SELF_DRAW: _("self-draw")}


class ParamForm(forms.Form):
    """Base for the family forms. Always bound: an empty query string means all defaults."""

    slug: ClassVar[str]
    do_not_call_in_templates = True  # templates test `family.form` for "is this family built?"
    # Words for each cross-field `contradiction`, keyed by the parameter it is reported on.
    contradiction_messages: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data=data)

    # --- what a family defines -------------------------------------------------------
    def outcome(self) -> Outcome:
        """Call the engine with the cleaned values."""
        raise TypeError(f"{type(self).__name__} must define outcome()")

    def unused_settings(self) -> frozenset[str]:
        return frozenset()

    def contradictions(self) -> Mapping[str, str]:
        """Parameter → error code for combinations the engine rejects."""
        return {}

    def reference(self) -> dict[str, Any]:
        """Context for the family's result extras and, without a `reference_key`, its tables."""
        return {}

    def reference_key(self) -> Hashable | None:
        """What the reference tables depend on, when that is less than the whole hand.

        With a key, the view renders `<slug>_reference.html` once per key and language from
        `reference_tables()`, and marks the current row through `reference_current()`.
        """
        return None

    def reference_tables(self) -> dict[str, Any]:
        """Context that only the reference tables need (used with `reference_key`)."""
        return {}

    def reference_current(self) -> str:
        """The `data-row`/`data-cell` of the reference table entry that this hand is."""
        return ""

    # Wording of the family's step and note codes: %-format strings over the code's args.
    step_texts: ClassVar[Mapping[str, Any]] = {}
    note_texts: ClassVar[Mapping[str, Any]] = {}

    def step_args(self, step: Step) -> dict[str, object]:
        """Arguments for a step's wording; a family may turn codes into words here."""
        return format_args(step.args)

    def describe_step(self, step: Step) -> str:
        template = self.step_texts.get(step.code)
        return str(template) % self.step_args(step) if template else step.code

    def describe_note(self, note: Note) -> str:
        if note.code == "setting_unused":
            field = self.fields.get(str(note.args.get("param")))
            setting = field.label if field else note.args.get("param")
            return gettext("“%(setting)s” makes no difference to this hand.") % {"setting": setting}
        template = self.note_texts.get(note.code)
        return str(template) % format_args(note.args) if template else note.code

    def headline(self, outcome: Outcome) -> str:
        """The one-line result for share links and link previews."""
        return gettext("The winner receives %(amount)s") % {
            "amount": money(outcome.winner_receives)
        }

    # --- shared behaviour ------------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            for name, code in self.contradictions().items():
                message = self.contradiction_messages.get(
                    name, _("This contradicts another field.")
                )
                self.add_error(name, forms.ValidationError(message, code=code))
        return cleaned

    def params(self) -> list[tuple[str, Param]]:
        return [(name, field) for name, field in self.fields.items() if isinstance(field, Param)]

    def canonical_query(self) -> str:
        """Only the parameters that differ from their default, in the contract's order."""
        if self.is_valid():
            pairs = [
                (name, field.encode(self.cleaned_data[name]))
                for name, field in self.params()
                if self.cleaned_data[name] != field.default
            ]
        else:
            # Keep what was typed, so the link shows the same error to everyone.
            pairs = []
            for name, field in self.params():
                raw = field.widget.value_from_datadict(self.data, None, name)
                if raw is not None:
                    pairs.append((name, ",".join(raw) if isinstance(raw, list) else raw))
        return urlencode(pairs, safe=",")

    def canonical_url(self) -> str:
        path = reverse("calculator", args=[self.slug])
        query = self.canonical_query()
        return f"{path}?{query}" if query else path

    def present(self) -> set[str]:
        """Parameters the request sets to something other than their default.

        The page's form sends every field on every live update, so "in the request" alone
        would note every idle default. What differs from the default is exactly what the
        canonical URL keeps, so a reopened link shows the same notes.
        """
        self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        return {
            name
            for name, field in self.params()
            if name in self.data and name in cleaned and cleaned[name] != field.default
        }

    def result(self) -> Outcome:
        """The engine's outcome plus a `setting_unused` note for each idle parameter given."""
        outcome = self.outcome()
        noted = {n.args.get("param") for n in outcome.notes if n.code == "setting_unused"}
        idle = sorted((self.unused_settings() & self.present()) - noted)
        if not idle:
            return outcome
        extra = tuple(Note("setting_unused", {"param": name}) for name in idle)
        return replace(outcome, notes=outcome.notes + extra)

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
