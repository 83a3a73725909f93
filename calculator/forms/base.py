"""What every family form shares: parsing to engine inputs, canonical URLs, error codes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, cached_property
from types import ModuleType
from typing import Any, ClassVar
from urllib.parse import urlencode

from django import forms
from django.urls import reverse
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _

from calculator.params import Param
from calculator.scoring.outcome import Win

WIN_LABELS = {Win.DISCARD: _("Won off a discard"), Win.SELF_DRAW: _("Self-drawn")}
WIN_SHORT = {Win.DISCARD: _("discard"), Win.SELF_DRAW: _("self-draw")}
TOO_MANY_FIELDS = _(
    "This link has more than 1,000 parameters, too many to read. Open the calculator afresh."
)


@cache
def _absent_values(form: type[forms.Form]) -> tuple[tuple[str, Any], ...] | None:
    """What each field of a form class reads when its parameter is not sent (its default):
    fixed by the class, so worked out once. None when a form of the class cannot be read
    from them (a field that is not a `Param`, read from its own parameter alone; a
    `clean_<name>` hook; a default that is not valid): each field is then read as Django
    reads it."""
    fields = form.base_fields
    if not isinstance(fields, _Shared) or any(hasattr(form, f"clean_{name}") for name in fields):
        return None
    try:
        return tuple(
            (name, field.clean(field.widget.value_from_datadict({}, None, name)))
            for name, field in fields.items()
        )
    except forms.ValidationError:
        return None


class _NotRead(Exception):
    """A value `ParamForm._read_alone` could not read, by its parameter's name."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class _Shared(dict):
    """A form class's fields when every one is a `Param`: Params are never changed once the
    class is built (each copy of one is itself), so a form's own copy of them need not walk
    them one by one, which `copy.deepcopy` did at a third of the cost of reading a hand."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return dict(self)


class _ParamFormMetaclass(forms.forms.DeclarativeFieldsMetaclass):
    def __new__(mcs, name: str, bases: tuple[type, ...], attrs: dict[str, Any]) -> Any:
        new_class = super().__new__(mcs, name, bases, attrs)
        fields = new_class.base_fields
        if all(isinstance(field, Param) for field in fields.values()):
            new_class.base_fields = _Shared(fields)
        return new_class


class ParamForm(forms.Form, metaclass=_ParamFormMetaclass):
    """Base for the family forms. Always bound: an empty query string means all defaults."""

    slug: ClassVar[str]
    do_not_call_in_templates = True  # templates test `family.form` for "is this family built?"
    # Words for each cross-field `contradiction`, keyed by the parameter it is reported on.
    contradiction_messages: ClassVar[Mapping[str, Any]] = {}
    inputs: tuple[Any, ...]  # set by clean() when the form is valid: what score() is given

    def __init__(self, data: Mapping[str, Any]) -> None:
        # Django never draws these forms (the templates do), so the label suffix it would
        # look up in the active language on every form made is never shown.
        super().__init__(data=data, label_suffix="")

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
    def full_clean(self) -> None:
        if getattr(self.data, "too_many_fields", False):  # calculator.middleware.readable_query
            # Nothing was read, so that is the one error: not "enter a value" on every field.
            self._errors = forms.utils.ErrorDict()
            self.cleaned_data = {}
            self.add_error(None, forms.ValidationError(TOO_MANY_FIELDS, code="too_many_fields"))
            return
        super().full_clean()

    def _clean_fields(self) -> None:
        # Django's own version makes a BoundField per field just to read its value; these
        # forms read many fields on every request and draw few of them, so read directly.
        data, cleaned = self.data, self.cleaned_data
        absent = _absent_values(type(self))
        if absent is not None:
            # A parameter not sent reads as its default, worked out once for the class: only
            # those sent are read (a hand sends two or three of a form's twenty).
            cleaned.update(absent)
            for name, field in self.fields.items():
                if name in data:
                    try:
                        cleaned[name] = field.clean(
                            field.widget.value_from_datadict(data, None, name)
                        )
                    except forms.ValidationError as error:
                        self.add_error(name, error)
            return
        for name, field in self.fields.items():
            value = field.widget.value_from_datadict(data, self.files, name)
            try:
                cleaned[name] = field.clean(value)
                if hasattr(self, f"clean_{name}"):
                    cleaned[name] = getattr(self, f"clean_{name}")()
            except forms.ValidationError as error:
                self.add_error(name, error)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            # Built once; `contradictions()` may ask the engine about them.
            self.inputs = self.build_inputs()
            for name, code in self.contradictions().items():
                message = self.contradiction_messages.get(
                    name, _("This contradicts another field.")
                )
                self.add_error(name, forms.ValidationError(message, code=code))
        return cleaned

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> ParamForm:
        """The valid form over values it once read and encoded (a score sheet's stored
        hand), made without binding a Django form.

        Django deep-copies every field for a form that may be drawn; reading a long sheet
        that way spent most of its time copying. Each value is read by its field and the
        inputs are built and checked exactly as `clean()` does; ValueError if they no
        longer read. What it offers is read-only: `inputs`, `cleaned_data` and `fields`,
        which are the class's own (never change them). It is never drawn: it has no bound
        fields, so `form[name]` fails.
        """
        try:
            form, contradictions = cls._read_alone(data)
        except _NotRead as error:
            raise ValueError(f"stored {cls.slug} value {error.name!r} no longer reads") from error
        if contradictions:
            raise ValueError(f"stored {cls.slug} values contradict: {contradictions}")
        return form

    @classmethod
    def read_if_valid(cls, data: Mapping[str, Any]) -> ParamForm | None:
        """The form over `data` made as `stored()` makes one, when every value reads and
        nothing contradicts; None otherwise, and the caller binds the form for its errors.
        A request that records a hand reads it so: valid, as nearly every one is, it never
        needs the drawn form's machinery."""
        if getattr(data, "too_many_fields", False) or _absent_values(cls) is None:
            return None
        try:
            form, contradictions = cls._read_alone(data)
        except _NotRead:
            return None
        return None if contradictions else form

    @classmethod
    def _read_alone(cls, data: Mapping[str, Any]) -> tuple[ParamForm, Mapping[str, str]]:
        form = cls.__new__(cls)
        form.is_bound, form.data, form.files = True, data, MultiValueDict()
        fields = form.fields = cls.base_fields
        form._errors = forms.utils.ErrorDict()
        absent = _absent_values(cls)
        if absent is None:
            raise TypeError(f"{cls.__name__} cannot be read from its values alone")
        cleaned = dict(absent)  # what every field reads when it is not sent
        for name in data:
            if (field := fields.get(name)) is not None:
                try:
                    cleaned[name] = field.clean(field.widget.value_from_datadict(data, None, name))
                except forms.ValidationError as error:
                    raise _NotRead(name) from error
        form.cleaned_data = cleaned
        form.inputs = form.build_inputs()
        return form, form.contradictions()

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
