"""The parameter reference in docs/api.md, written from the forms themselves.

`python -m calculator.api_reference > docs/api.md` rewrites it; a test keeps it current.
"""

from __future__ import annotations

import os

from calculator.params import (
    BoolParam,
    ChoiceParam,
    DecimalParam,
    IntChoiceParam,
    IntParam,
    MultiChoiceParam,
    Param,
)

HEADER = """# API and URL parameters

Every calculator page and its JSON twin take the same parameters:
`/<family>/?…` (Cantonese), `/zh-hans/<family>/?…`, `/en/<family>/?…`, and
`GET /api/v1/<family>?…` (add `lang=zh-hant|zh-hans|en` for the language of notes, steps
and error messages). A parameter left out takes its default; an empty or invalid value is an
error (HTML: 200 with the message beside the field; JSON: 400 with `errors` keyed by
parameter, each error a stable `code` and a `message`). Booleans are `1`/`0` (also
`true`/`false`, `on`/`off`, `yes`/`no`). The tile-entry pages `/hk/hand/`, `/riichi/hand/`,
`/mcr/hand/` and `/jiujiang/hand/` (and `/api/v1/<family>/hand`) read tiles as
`123m456p789s1122z` (`0m/0p/0s`: red five, riichi only); Hong Kong flowers are `1f`–`4f`
(梅蘭菊竹) and seasons `1g`–`4g` (春夏秋冬). A parameter the tiles decide (`fan` and `dealer`
on `/hk/hand/`; `pattern`, `haohua_groups` and `dealer` on `/jiujiang/hand/`) is refused
there with `not_allowed`.

Score sheets (contract.md § Score sheets) have their pages in the same three languages:
`/sheets/new/`, `/sheets/<edit_key>/`, `/sheets/view/<view_key>/` and, for the end of the
night, `/sheets/view/<view_key>/summary/` (final standings, who pays whom, each player's
statistics and the running-score chart; `?format=text` gives the same summary as
`text/plain; charset=utf-8`). An edit key at a view address redirects to its view key; an
unknown key is a 404.

This file is generated from the forms (`python -m calculator.api_reference`).
"""


# The score sheets' API is contract.md's; what this project adds to an add is said here.
SHEETS = """
## Score sheets: `POST /api/v1/sheets/<edit_key>/hands`

Beside the hand's own parameters (as the contract says), an add takes:

| parameter | values | default | meaning |
|---|---|---|---|
| `key` | 1–64 printable characters | — | idempotency key: the same key again answers `200` with the hand first recorded, nothing new |
| `shown` | whole number | — | the sheet's `revision` the phone showed when the hand was entered |
| `confirm` | `1` / `0` | `0` | record the hand even though `shown` found it already recorded |

With `shown` below the sheet's revision, the hands recorded since (each hand keeps the
revision its add wrote) are compared with the one sent: a live hand (not deleted) of the same
kind with the same winner(s), discarder and per-hand values, as stored (canonical, defaults
left out: several winners in either order are the same) is the same hand. Then the add answers
`409` with `errors.__all__` `[{"code": "duplicate", "message": "Hand 38 is already this
hand: …", "n": 38}]` (the message in `lang`); nothing is recorded and its `key` is not used up.
`confirm=1` records it anyway; a repeat of a key already used still answers with its hand. A
`shown` equal to the revision, or above it, never refuses (the phone saw every hand), and an
add without `shown` behaves as before. A `shown` or `confirm` that does not read is `400`
`invalid`. The sheet's edit page sends `shown` with every add (the revision its totals show)
and on `duplicate` shows the message below "record this hand" with "record it again".
"""


def values(field: Param) -> str:
    if isinstance(field, MultiChoiceParam):
        return "comma list of " + ", ".join(f"`{v}`" for v, _label in field.choices)
    if isinstance(field, ChoiceParam):
        return ", ".join(f"`{v}`" for v, _label in field.choices)
    if isinstance(field, IntChoiceParam):
        return ", ".join(str(v) for v in field.allowed)
    if isinstance(field, IntParam):
        return f"whole number {field.minimum}–{field.maximum}"
    if isinstance(field, DecimalParam):
        return f"decimal {field.minimum}–{field.maximum:,}, up to {field.places} places"
    if isinstance(field, BoolParam):
        return "`1` / `0`"
    return "tiles"


def default(field: Param) -> str:
    if field.default is None or field.default == "":
        return "—"
    text = field.encode(field.default)
    return f"`{text}`" if text else "(empty)"


def document() -> str:
    from django.utils import translation

    from calculator.families import FAMILIES
    from calculator.forms.shared import RefusedParam
    from calculator.hand_views import hand_families

    pages = [(f"/{slug}/", family.form) for slug, family in FAMILIES.items() if family.form]
    pages += [(f"/{family.slug}/hand/", family.hand.form) for family in hand_families()]
    out = [HEADER]
    with translation.override("en"):
        for path, form_class in pages:
            out.append(
                f"\n## `{path}`\n\n| parameter | values | default | meaning |\n|---|---|---|---|"
            )
            for name, field in form_class.base_fields.items():
                if isinstance(field, Param) and not isinstance(field, RefusedParam):
                    label = str(field.label or "").replace("|", "/")
                    out.append(f"| `{name}` | {values(field)} | {default(field)} | {label} |")
    out.append(SHEETS)
    return "\n".join(out)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings_test")
    import django

    django.setup()
    print(document(), end="")
