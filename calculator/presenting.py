"""Words and numbers for people and for the API: the engine's codes, said in each language.

The engine returns codes (`capped`, `table`, `discarder`); this module is the one place
that words them. Formatting amounts happens here too, never in templates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import orjson
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from calculator.scoring.money import grouped, plain
from calculator.scoring.outcome import Outcome

ROLE_LABELS: Mapping[str, Any] = {
    "discarder": gettext_lazy("The discarder"),
    "other": gettext_lazy("Another player"),
    "dealer": gettext_lazy("The dealer"),
    "liable": gettext_lazy("The liable player (包自摸)"),
    "non_dealer": gettext_lazy("A non-dealer"),
    "bettor": gettext_lazy("The bettor"),
    "e": gettext_lazy("East"),
    "s": gettext_lazy("South"),
    "w": gettext_lazy("West"),
    "n": gettext_lazy("North"),
}


def _fill(template: Any, args: Mapping[str, object]) -> str:
    return str(template) % args


_filled = lazy(_fill, str)


def filled(template: Any, **args: object) -> Any:
    """A %-format label translated when it is shown, with the engine's numbers put in then:
    `filled(_("… %(fu)s fu"), fu=meld.fu)`. Labels are built at import time, before any
    request has a language, and no number is typed into a msgid."""
    return _filled(template, args)


def money(value: Fraction | int) -> str:
    """An amount for display: exact, with thousands separators."""
    return grouped(value)


def format_args(args: Mapping[str, object]) -> dict[str, object]:
    """Arguments ready for %-formatting: amounts shown exactly with separators."""
    shown: dict[str, object] = {}
    for key, value in args.items():
        kind = type(value)
        # By exact type first: a sheet's answer words every hand's steps, and `isinstance`
        # against the numeric ABCs cost more than the formatting.
        if kind is int:
            shown[key] = f"{value:,}"  # `grouped` of an int, without the call
        elif kind is Fraction:
            shown[key] = grouped(value)
        elif kind is str:
            shown[key] = value
        elif kind is not bool and isinstance(value, Fraction | int):
            shown[key] = grouped(value)
        else:
            shown[key] = value
    return shown


def payer_label(role: str) -> str:
    return str(ROLE_LABELS.get(role, role))


def who_pays_sentence(outcome: Outcome) -> str:
    """One line saying who pays the winner: 'The discarder pays all 8.'"""
    payments = outcome.payments
    nonzero = [p for p in payments if p.amount]
    if not nonzero:
        return _("Nobody pays anything.")
    if len(nonzero) == 1:
        return _("%(payer)s pays all %(amount)s.") % {
            "payer": payer_label(nonzero[0].payer),
            "amount": money(nonzero[0].amount),
        }
    if len({p.amount for p in payments}) == 1:
        return _("Each of the %(count)s players pays %(amount)s.") % {
            "count": len(payments),
            "amount": money(payments[0].amount),
        }
    parts = [
        _("%(payer)s %(amount)s") % {"payer": payer_label(p.payer), "amount": money(p.amount)}
        for p in payments
    ]
    return _("Split: %(parts)s") % {"parts": " · ".join(parts)}


# --- JSON -------------------------------------------------------------------------------


# What `json.dumps(text, ensure_ascii=False)` writes for a string (the encoder `json` itself
# uses for that), without its set-up: a sheet's answer writes thousands of strings.
_string = json.encoder.encode_basestring


def _json(value: Any) -> str:
    """One value as JSON text: amounts as bare exact numbers, strings through `json`."""
    # The types a payload is made of, by exact type first (a sheet's answer writes about
    # 700 values; `isinstance` against Mapping alone costs more than writing most of them).
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is int:
        return str(value)
    if kind is Fraction:
        return plain(value)
    if kind is dict:
        # The values most of a payload is made of are written here at once: strings, whole
        # numbers (ints, and the engine's whole Fractions), nulls; the rest below.
        parts = []
        for key, item in value.items():
            of = type(item)
            if of is str:
                text = _string(item)
            elif of is int:
                text = str(item)
            elif of is Fraction and item.denominator == 1:
                text = str(item.numerator)
            elif item is None:
                text = "null"
            else:
                text = _json(item)
            parts.append(f"{_string(key if type(key) is str else str(key))}:{text}")
        return "{" + ",".join(parts) + "}"
    if kind is list or kind is tuple:
        items = [
            str(v) if type(v) is int else _string(v) if type(v) is str else _json(v) for v in value
        ]
        return "[" + ",".join(items) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        return plain(value)  # '0.0625', '8', '-220': never through a float
    if isinstance(value, Decimal):
        return plain(Fraction(value))
    if isinstance(value, Mapping):
        items = (f"{_string(str(k))}:{_json(v)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(_json(v) for v in value) + "]"
    return _string(str(value))  # lazy translations, enums


# Keys as `_json` writes them (an int key as its digits); dates and dataclasses to
# `_as_json`, not in orjson's own forms.
_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def _as_json(value: Any) -> Any:
    """What orjson writes for a value it has no type for: an amount as its exact decimal
    text (a `Fragment` goes into the document as it is), a lazy translation as its words, a
    read-only mapping as a dict. Anything else is refused, and `dumps` leaves the payload to
    `_json`."""
    kind = type(value)
    if kind is Fraction:
        return value.numerator if value.denominator == 1 else orjson.Fragment(plain(value))
    if kind is Decimal:
        return _as_json(Fraction(value))
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{kind.__name__} is not written by orjson here")


def dumps(payload: Mapping[str, Any]) -> str:
    """JSON with every amount written exactly (0.0625 stays 0.0625, never a float).

    orjson writes it, its own types at once and the rest through `_as_json`: a sheet's
    answer in a fifth of the time `_json` takes, the same text. A payload with anything else
    in it (an integer past 64 bits, which orjson refuses; a date) is written by `_json`.
    The site's payloads hold no float and no enumeration but of strings, the two types that
    orjson would write its own way.
    """
    try:
        return orjson.dumps(payload, default=_as_json, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return _json(payload)


def _whole_as_int(value: Any) -> Any:
    # A whole amount as the int it is: orjson writes it at once, not through `_as_json`
    # (a sheet's answer has a hundred amounts or more). The same text either way.
    return value.numerator if type(value) is Fraction and value.denominator == 1 else value


def outcome_json(outcome: Outcome, steps: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "base": _whole_as_int(outcome.base),
        "winner_receives": _whole_as_int(outcome.winner_receives),
        "payments": [
            {"payer": p.payer, "amount": _whole_as_int(p.amount)} for p in outcome.payments
        ],
        "from_table": _whole_as_int(outcome.from_table),
        "level": outcome.level,
        "fu": outcome.fu,
        "steps": list(steps),
    }
    result.update(outcome.extra)
    return result


def exact(value: Fraction | int) -> str:
    """The `data-amount` form of an amount: exact, no separators."""
    return str(value) if type(value) is int else plain(value)
