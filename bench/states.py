"""Distinct, valid states for every page, made in a child process of `bench/run.py`.

A cold figure needs states nobody has asked for yet, and this process is the only one that
ever parses them: the measuring process and the servers see each one for the first time
when it is timed. States come from each family's own form (every `Param` it declares),
sampled over its whole range or, when the space is small, enumerated in full; a state is
kept only if the form accepts it and its canonical query string is new. The query string
is written the way the page's htmx form sends it: every field, a toggle as `x=0` plus `x=1`
when ticked, a checkbox group as `x=` plus one `x=value` per ticked box.

    python bench/states.py OUT.pickle PATHS_DIR SLUG,... TARGET MAIN ENGINE HAND WALK
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import os
import pickle
import random
import sys
import traceback
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.utils.datastructures import MultiValueDict  # noqa: E402

from bench.hands import HANDS, TILE_PARAMS  # noqa: E402
from calculator.families import FAMILIES  # noqa: E402
from calculator.forms.shared import RefusedParam  # noqa: E402
from calculator.params import (  # noqa: E402
    BoolParam,
    ChoiceParam,
    DecimalParam,
    IntChoiceParam,
    IntParam,
    MultiChoiceParam,
    Param,
)

# Stakes people play for, beside random four-decimal units (every one a distinct state).
UNITS = ("0.25", "0.5", "1", "2", "4", "5", "8", "10", "20", "40", "100")
SEED = 20240611

Values = dict[str, Any]  # parameter → str, or list[str] for a checkbox group


def htmx_pairs(values: Values, kinds: dict[str, str]) -> list[tuple[str, str]]:
    """The query the page's form sends for these values (hidden fallbacks included)."""
    pairs: list[tuple[str, str]] = []
    for name, value in values.items():
        kind = kinds[name]
        if kind == "toggle":
            pairs.append((name, "0"))
            if value == "1":
                pairs.append((name, "1"))
        elif kind == "checkboxes":
            pairs.append((name, ""))
            pairs.extend((name, part) for part in value)
        else:
            pairs.append((name, value))
    return pairs


def htmx_query(values: Values, kinds: dict[str, str]) -> str:
    return urlencode(htmx_pairs(values, kinds), safe=",:")


def params(form_class: type) -> list[tuple[str, Param]]:
    return [(n, f) for n, f in form_class.base_fields.items() if isinstance(f, Param)]


def default_value(field: Param) -> Any:
    if isinstance(field, MultiChoiceParam):
        return [member.value for member in field.ordered(field.default)]
    return field.encode(field.default)


def domain(field: Param) -> list[Any] | None:
    """Every value of a small finite field, or None (decimals, tiles, sets, big ranges)."""
    if isinstance(field, BoolParam):
        return ["0", "1"]
    if isinstance(field, MultiChoiceParam):
        return None
    if isinstance(field, ChoiceParam):
        return [member.value for member in field.enum]
    if isinstance(field, IntChoiceParam):
        return [str(v) for v in field.allowed]
    if isinstance(field, IntParam) and field.maximum - field.minimum <= 100_000:
        return [str(v) for v in range(field.minimum, field.maximum + 1)]
    return None


def sample(field: Param, rng: random.Random, keep_default: float) -> Any:
    """A random value over the field's whole range (the default with `keep_default`)."""
    if rng.random() < keep_default:
        return default_value(field)
    if isinstance(field, DecimalParam):
        if rng.random() < 0.4:
            return rng.choice(UNITS)
        top = min(field.maximum, 100) * 10_000
        return field.encode(Fraction(rng.randint(max(1, field.minimum), top), 10_000))
    if isinstance(field, MultiChoiceParam):
        choices = [value for value, _label in field.choices]
        return sorted(rng.sample(choices, rng.randint(1, min(3, len(choices)))))
    if isinstance(field, IntParam):
        span = field.maximum - field.minimum
        if span > 100 and rng.random() < 0.7:  # mostly the values tables use
            return str(rng.randint(field.minimum, field.minimum + 100))
        return str(rng.randint(field.minimum, field.maximum))
    values = domain(field)
    if values is None:
        return default_value(field)
    return rng.choice(values)


class SharedFields(dict):
    """`base_fields` that a form instance uses as they are instead of deep-copying them."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return dict(self)


def sharing_fields(form_class: type) -> type:
    """The family's form, minus the per-instance deep copy of its fields (about half of a
    form's cost): only this generator uses it, to check some 100,000 states in seconds.
    Parsing, contradictions and the canonical query are the form's own code."""
    fast = type(form_class.__name__, (form_class,), {"__module__": form_class.__module__})
    fast.base_fields = SharedFields(form_class.base_fields)
    return fast


def new_state(form_class: type, kinds: dict[str, str], values: Values, seen: set[str]) -> Any:
    """The bound form when these values are a valid state whose canonical query is not in
    `seen` (which then gets it), else None."""
    data = MultiValueDict()  # what QueryDict(htmx_query(values)) holds, minus the parse
    for name, value in htmx_pairs(values, kinds):
        data.appendlist(name, value)
    form = form_class(data)
    if not form.is_valid():
        return None
    canonical = form.canonical_query
    if not canonical or canonical in seen:  # the all-defaults page is everyone's first
        return None
    seen.add(canonical)
    return form


def collect(form_class: type, target: int, candidates, keep_inputs: int) -> dict[str, Any]:
    """Valid states with distinct canonical queries, in candidate order, up to `target`."""
    kinds = {name: field.kind for name, field in params(form_class)}
    form_class = sharing_fields(form_class)
    states: list[tuple[str, Values]] = []
    inputs: list[Any] = []
    seen: set[str] = set()
    tried = 0
    for values in candidates:
        tried += 1
        form = new_state(form_class, kinds, values, seen)
        if form is None:
            continue
        states.append((form.canonical_query, values))
        if len(inputs) < keep_inputs and hasattr(form, "inputs"):
            inputs.append(form.inputs)
        if len(states) >= target:
            break
    return {"kinds": kinds, "states": states, "inputs": inputs, "tried": tried, "seen": seen}


def walk(
    form_class: type, start: Values, seen: set[str], steps: int, rng: random.Random
) -> list[tuple[str, Values]]:
    """What a player does: from `start`, `steps` changes of one field each (chosen at random
    among them all, table rules included) to a new value, every state valid and never seen."""
    fields = params(form_class)
    kinds = {name: field.kind for name, field in fields}
    form_class = sharing_fields(form_class)
    values, path = dict(start), []
    for _ in range(steps * 500):
        if len(path) == steps:
            break
        name, field = rng.choice(fields)
        moved = {**values, name: sample(field, rng, 0.15)}
        if moved[name] == values[name]:
            continue
        form = new_state(form_class, kinds, moved, seen)
        if form is None:
            continue
        path.append((form.canonical_query, moved))
        values = moved
    return path


def payment_states(slug: str, target: int, keep_inputs: int) -> dict[str, Any]:
    form_class = FAMILIES[slug].form
    fields = params(form_class)
    domains = [domain(field) for _name, field in fields]
    rng = random.Random(f"{SEED}-{slug}")
    space = math.prod(len(d) for d in domains) if all(d is not None for d in domains) else None
    if space is not None and space <= 4 * target:
        combos = list(itertools.product(*domains))
        rng.shuffle(combos)
        candidates = (dict(zip([n for n, _f in fields], combo, strict=True)) for combo in combos)
        how = f"the whole space of {space:,} combinations, shuffled"
    else:

        def random_candidates():
            for _ in range(target * 12):
                yield {name: sample(field, rng, 0.35) for name, field in fields}

        candidates = random_candidates()
        how = "random over every parameter's range"
    result = collect(form_class, target, candidates, keep_inputs)
    result["how"] = how
    return result


def hand_states(slug: str, target: int) -> dict[str, Any]:
    form_class = FAMILIES[slug].hand.form
    fields = params(form_class)
    rng = random.Random(f"{SEED}-{slug}-hand")
    hands = HANDS.get(slug, [])
    if not hands:
        raise LookupError(f"no real {slug} hands in bench/hands.py")

    def candidates():
        for i in range(target * 20):
            hand = hands[i % len(hands)]
            values: Values = {}
            for name, field in fields:
                if isinstance(field, RefusedParam):
                    continue  # the tiles decide it: a hand page refuses it (`not_allowed`)
                if name in hand:
                    values[name] = hand[name]
                elif name in TILE_PARAMS and not isinstance(field, IntParam):  # MCR: a count
                    values[name] = ""
                else:  # a real hand at a table in a random situation
                    keep = 0.9 if isinstance(field, BoolParam) else 0.4
                    values[name] = sample(field, rng, keep)
            yield values

    result = collect(form_class, target, candidates(), 0)
    result["how"] = f"{len(hands)} real hands × random seat, round, honba, flowers, flags"
    return result


def one_family(job: tuple[str, str, dict[str, Any]]) -> tuple[str, str, bytes]:
    """One page's states, pickled here so a page that cannot be pickled is that page's
    error, not the whole run's."""
    kind, slug, sizes = job
    try:
        return kind, slug, pickle.dumps(one_page(kind, slug, sizes))
    except Exception as error:  # reported by run.py as this page's error; the rest goes on
        detail = "".join(traceback.format_exception_only(error)).strip()
        return kind, slug, pickle.dumps({"error": detail, "traceback": traceback.format_exc()})


def one_page(kind: str, slug: str, sizes: dict[str, Any]) -> dict[str, Any]:
    """The first `main` states for the measuring process, the next `engine` as engine
    inputs, and every one (last first) as a served path for `wrk`."""
    if kind == "hand":
        result = hand_states(slug, sizes["hand"])
        del result["seen"]
        return result
    main, engine = sizes["main"], sizes["engine"]
    result = payment_states(slug, sizes["target"], main + engine)
    path = Path(sizes["paths_dir"]) / f"{slug}.txt"
    kinds = result["kinds"]
    queries = [htmx_query(values, kinds) for _canonical, values in reversed(result["states"])]
    served = [f"/{slug}/?{query}" for query in queries]
    # A family with fewer states than the served pool (MCR: 18,018 in all) is made up with
    # the same states in the other languages: distinct pages, rendered in another catalogue.
    others = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
    for code in others:
        served += [f"/{code}/{slug}/?{query}" for query in queries[: sizes["target"] - len(served)]]
    path.write_text("".join(f"{url}\n" for url in served))
    result["served_path"] = str(path)
    result["total"] = len(result["states"])
    result["served"] = len(served)
    result["inputs"] = result["inputs"][main : main + engine]
    # The browser's two runs (loopback, phone network) start from the last states of `main`
    # and walk from there one field at a time. The browser's server is a fresh one and `wrk`
    # has its own, so a walk avoids only the states this process's other slices use (MCR's
    # served list holds its whole space).
    steps, rng = sizes["walk"], random.Random(f"{SEED}-{slug}-walk")
    starts = result["states"][main - 2 * (steps + 1) : main : steps + 1]
    used = {canonical for canonical, _values in result["states"][:main]}
    result["walks"] = [
        [first, *walk(FAMILIES[slug].form, first[1], used, steps, rng)] for first in starts
    ]
    del result["seen"]
    result["states"] = result["states"][:main]
    return result


def main() -> None:
    out, paths_dir, slugs, target, main_count, engine_count, hand_count, walk = sys.argv[1:9]
    sizes = {
        "paths_dir": paths_dir,
        "target": int(target),
        "main": int(main_count),
        "engine": int(engine_count),
        "hand": int(hand_count),
        "walk": int(walk),
    }
    jobs = [("payment", slug, sizes) for slug in slugs.split(",")]
    # Tile entry follows the same convention: calculator/forms/<slug>_hand.py defines Form.
    jobs += [
        ("hand", slug, sizes)
        for slug in slugs.split(",")
        if importlib.util.find_spec(f"calculator.forms.{slug}_hand") is not None
    ]
    with Pool(min(2, os.cpu_count() or 1)) as pool:
        done = pool.map(one_family, jobs, chunksize=1)
    results: dict[str, dict[str, Any]] = {"payment": {}, "hand": {}}
    for kind, slug, result in done:
        results[kind][slug] = pickle.loads(result)
    with open(out, "wb") as handle:
        pickle.dump(results, handle)


if __name__ == "__main__":
    main()
