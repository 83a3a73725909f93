"""The live forms, read from the served pages: their fields and values, the query the htmx
form sends, and random walks of a few taps over them (the states `make bench` requests).
"""

from __future__ import annotations

import html.parser
import random
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

# The tile fields of a tile-entry page: a real hand's, never walked (a player enters the
# hand, then taps the conditions). MCR's `flowers` is a count, so walked.
TILE_FIELDS = ("hand", "win_tile", "melds", "dora", "ura", "flowers")
UNITS = ("0.25", "0.5", "1", "2", "4", "5", "8", "10", "20", "40", "100")


@dataclass
class Field:
    name: str
    kind: str  # number, decimal, text, radio, select, toggle, checkboxes
    options: list[str] = field(default_factory=list)
    value: Any = ""


class FormReader(html.parser.HTMLParser):
    """The fields of the page's live form (`form#calc`), with their values as served."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.fields: dict[str, Field] = {}
        self.hidden: set[str] = set()
        self.select: Field | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        if tag == "form" and attributes.get("id") == "calc":
            self.inside = True
        if not self.inside or not attributes.get("name"):
            if tag == "option" and self.select is not None:
                self.select.options.append(attributes.get("value", ""))
                if "selected" in attributes:
                    self.select.value = attributes.get("value", "")
            return
        name, kind = attributes["name"], attributes.get("type", "text")
        if tag == "select":
            self.select = self.fields.setdefault(name, Field(name, "select"))
        elif tag == "input" and kind == "hidden":
            self.hidden.add(name)
        elif tag == "input" and kind == "radio":
            got = self.fields.setdefault(name, Field(name, "radio"))
            got.options.append(attributes.get("value", ""))
            if "checked" in attributes:
                got.value = attributes.get("value", "")
        elif tag == "input" and kind == "checkbox":
            got = self.fields.setdefault(name, Field(name, "checkboxes", value=[]))
            got.options.append(attributes.get("value", ""))
            if "checked" in attributes:
                got.value.append(attributes.get("value", ""))
        elif tag == "input":
            mode = attributes.get("inputmode", "")
            kind = {"numeric": "number", "decimal": "decimal"}.get(mode, "text")
            self.fields[name] = Field(name, kind, value=attributes.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "select":
            self.select = None


def read_form(page_html: str) -> dict[str, Field]:
    reader = FormReader()
    reader.feed(page_html)
    for got in reader.fields.values():
        if got.kind == "checkboxes" and got.name in reader.hidden and got.options == ["1"]:
            got.kind, got.value = "toggle", "1" if got.value else "0"
    if not reader.fields:
        raise RuntimeError("no live form (form#calc) on the page")
    return reader.fields


def query(fields: dict[str, Field], values: dict[str, Any]) -> str:
    """The query the page's htmx form sends for these values (hidden fallbacks included)."""
    pairs: list[tuple[str, str]] = []
    for name, f in fields.items():
        value = values[name]
        if f.kind == "toggle":
            pairs += [(name, "0")] + ([(name, "1")] if value == "1" else [])
        elif f.kind == "checkboxes":
            pairs += [(name, "")] + [(name, v) for v in value]
        else:
            pairs.append((name, value))
    return urllib.parse.urlencode(pairs, safe=",:")


def walkable(fields: dict[str, Field], hand_page: bool) -> list[Field]:
    """The fields a player taps: every one but a tile-entry page's tiles."""
    return [
        f
        for f in fields.values()
        if f.kind != "text" and not (hand_page and f.name in TILE_FIELDS and f.kind != "number")
    ]


def moved(f: Field, value: Any, rng: random.Random) -> Any:
    """A new value for one field, as a player's tap or a nearby number typed."""
    if f.kind in {"radio", "select"}:
        others = [o for o in f.options if o != value]
        return rng.choice(others) if others else value
    if f.kind == "toggle":
        return "0" if value == "1" else "1"
    if f.kind == "checkboxes":
        flipped = rng.choice(f.options)
        return sorted(set(value) ^ {flipped})
    if f.kind == "decimal":
        if rng.random() < 0.5:
            return rng.choice(UNITS)
        return f"{rng.randint(1, 400_000) / 10_000:.4f}".rstrip("0").rstrip(".")
    try:
        current = int(value)
    except ValueError:
        return str(rng.randint(0, 8))
    return str(max(0, current + rng.choice((-2, -1, 1, 1, 2, 3))))


def random_states(
    fields: dict[str, Field], start: dict[str, Any], n: int, rng: random.Random, hand_page: bool
) -> list[str]:
    """`n` distinct query strings: random walks of a few taps from `start`."""
    taps = walkable(fields, hand_page)
    seen: set[str] = set()
    out: list[str] = []
    values = dict(start)
    for i in range(n * 30):
        if len(out) == n:
            break
        if i % 8 == 0:
            values = dict(start)  # a new table: the page as first shown
        f = rng.choice(taps)
        values[f.name] = moved(f, values[f.name], rng)
        state = query(fields, values)
        if state not in seen:
            seen.add(state)
            out.append(state)
    return out


def start_values(fields: dict[str, Field], hand: dict[str, str] | None = None) -> dict[str, Any]:
    values = {name: f.value for name, f in fields.items()}
    for name, value in (hand or {}).items():
        if name in fields:
            f = fields[name]
            values[name] = value.split(",") if f.kind == "checkboxes" else value
    return values
