"""Words and numbers for people and for the API: the engine's codes, said in each language.

The engine returns codes (`capped`, `table`, `discarder`); this module is the one place
that words them. Formatting amounts happens here too, never in templates.
"""

from __future__ import annotations

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


def signed(value: Fraction | int) -> str:
    """A net amount with its sign: '+160', '−220', '0' (a real minus sign)."""
    if value > 0:
        return f"+{money(value)}"
    if value < 0:
        return f"−{money(-value)}"
    return money(value)


def format_args(args: Mapping[str, object]) -> dict[str, object]:
    """Arguments ready for %-formatting: amounts shown exactly with separators."""
    shown: dict[str, object] = {}
    for key, value in args.items():
        if isinstance(value, Fraction | int) and not isinstance(value, bool):
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


def _as_json(value: Any) -> Any:
    """What orjson writes for a type it has none for: an amount as its exact decimal text
    (a `Fragment` goes into the document as it is, never through a float), a lazy
    translation as its words, a read-only mapping (the engine freezes its results') as an
    object."""
    if isinstance(value, Fraction):
        return orjson.Fragment(plain(value))
    if isinstance(value, Decimal):
        return orjson.Fragment(plain(Fraction(value)))
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not part of a payload")


def dumps(payload: Mapping[str, Any]) -> str:
    """A payload as JSON, every amount written exactly: 0.0625 stays 0.0625."""
    return orjson.dumps(payload, default=_as_json, option=orjson.OPT_NON_STR_KEYS).decode()


def outcome_json(outcome: Outcome, steps: list[str]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "base": outcome.base,
        "winner_receives": outcome.winner_receives,
        "payments": [{"payer": p.payer, "amount": p.amount} for p in outcome.payments],
        "from_table": outcome.from_table,
        "level": outcome.level,
        "fu": outcome.fu,
        "steps": list(steps),
    }
    result.update(outcome.extra)
    return result


def exact(value: Fraction | int) -> str:
    """The `data-amount` form of an amount: exact, no separators."""
    return str(value) if type(value) is int else plain(value)


def isolated(name: str) -> str:
    """A name as a bidirectional isolate of its own (FSI … PDI, the characters <bdi> stands
    for): a right-to-left name cannot reorder the words and amounts around it, in an element,
    an option or the page's title alike. A name itself holds no such character (NameParam)."""
    return f"\u2068{name}\u2069"
