"""Hand analysis (tiles → fans) ≤ 1 ms median, any family, over ≥ 20 real hands of 14–18
tiles (bench/hands.py). The engine's own functions, in process (calculator.scoring is pure
and stable); every memo in it emptied before each timed call, so each is cold."""

from __future__ import annotations

import dataclasses
import gc
import inspect
import pkgutil
import statistics
import sys
import timeit
from collections.abc import Callable
from enum import Enum
from fractions import Fraction
from importlib import import_module
from pathlib import Path
from typing import Any

from bench import common
from bench.common import info, report, section
from bench.hands import HANDS, TILE_PARAMS

BUDGET_S = 1e-3
RUNS = 25  # timed runs per hand, each cold
RED_FIVES = {"riichi": True}  # the tile-entry pages that read 0m/0p/0s as red fives


def engine_memos() -> list[Any]:
    """Every functools cache in the engine's modules (and their classes)."""
    import calculator.scoring as scoring

    for module in pkgutil.walk_packages(scoring.__path__, "calculator.scoring."):
        import_module(module.name)
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("calculator.scoring"):
            continue
        for obj in list(vars(module).values()):
            candidates = [obj]
            if isinstance(obj, type) and obj.__module__ == name:
                candidates += list(vars(obj).values())
            for candidate in candidates:
                fn = getattr(candidate, "__func__", candidate)
                if callable(getattr(fn, "cache_clear", None)) and hasattr(fn, "cache_info"):
                    found.setdefault(id(fn), fn)
    return list(found.values())


def time_each(calls: list[Callable[[], object]], memos: list[Any]) -> list[float]:
    """Each call timed alone (seconds), memos emptied before it, garbage collector off."""
    timer = timeit.default_timer
    times = []
    gc.disable()
    try:
        for call in calls:
            for memo in memos:
                memo.cache_clear()
            start = timer()
            call()
            times.append(timer() - start)
    finally:
        gc.enable()
    return times


def convert(value: str, like: Any) -> Any:
    if isinstance(like, bool):
        return value in {"1", "true", "on", "yes"}
    if isinstance(like, int):
        return int(value)
    if isinstance(like, Fraction):
        return Fraction(value)
    if isinstance(like, Enum):
        return type(like)(value)
    return value


def hand_call(slug: str, hand: dict[str, str]) -> Callable[[], object]:
    """Reading the tiles + <slug>_hand.analyse for one real hand, conditions from its
    parameters. A family whose analyser has its own `read` (hk: tiles and flowers;
    jiujiang) is read by it; the others by `tiles.read`."""
    from calculator.scoring.tiles import HandTiles, read

    module = import_module(f"calculator.scoring.{slug}_hand")
    aliases = {"round_wind": "round"}
    own_read = getattr(module, "read", None)
    conditions = module.Conditions(
        **{
            f.name: convert(hand[aliases.get(f.name, f.name)], f.default)
            for f in dataclasses.fields(module.Conditions)
            if aliases.get(f.name, f.name) in hand and not (own_read and f.name == "flowers")
        }
    )
    kwargs: dict[str, Any] = {}
    for p in list(inspect.signature(module.analyse).parameters.values())[2:]:
        if p.name in hand:
            kwargs[p.name] = convert(hand[p.name], p.default)
        elif dataclasses.is_dataclass(p.default):
            changes = {
                f.name: convert(hand[f.name], getattr(p.default, f.name))
                for f in dataclasses.fields(p.default)
                if f.name in hand
            }
            if changes:
                kwargs[p.name] = dataclasses.replace(p.default, **changes)

    if own_read is not None:
        names = list(inspect.signature(own_read).parameters)
        texts = [hand.get(name, "") for name in names]

        def run_own() -> object:
            checked = own_read(*texts)
            if isinstance(checked, tuple) and not isinstance(checked[0], HandTiles):
                return checked  # the entry's errors: reported as "not a scoring hand"
            if "flowers" in names:  # hk: (tiles, flowers), the flowers part of the conditions
                tiles, flowers = checked
                return module.analyse(
                    tiles, dataclasses.replace(conditions, flowers=flowers), **kwargs
                )
            return module.analyse(checked, conditions, **kwargs)

        return run_own

    tiles = [
        hand.get(name, "") for name in TILE_PARAMS if name in inspect.signature(read).parameters
    ]
    red_fives = RED_FIVES.get(slug, False)

    def run_shared() -> object:
        return module.analyse(read(*tiles, red_fives=red_fives), conditions, **kwargs)

    return run_shared


def run(base: str | None = None, workdir: Path | None = None) -> dict[str, Any]:
    section("hand analysis (tiles → fans), the engine in process, cold")
    memos = engine_memos()
    out: dict[str, Any] = {}
    for slug in common.HAND_PAGES:
        name = f"hand analysis, {slug}"
        with common.guard(name):
            hands = HANDS.get(slug) or []
            if len(hands) < 20:
                raise RuntimeError(f"bench/hands.py has {len(hands)} real {slug} hands, not ≥ 20")
            calls = [hand_call(slug, hand) for hand in hands]
            for hand, call in zip(hands, calls, strict=True):
                if isinstance(got := call(), tuple):
                    raise RuntimeError(f"not a scoring hand: {hand}: {got}")
            per_hand = [statistics.median(time_each([call] * RUNS, memos)) for call in calls]
            cold = statistics.median(per_hand)
            report(
                name,
                f"{cold * 1e6:,.0f} µs",
                "median ≤ 1 ms",
                cold <= BUDGET_S,
                f"median over {len(hands)} real hands of 14–18 tiles (tiles read + analysed by "
                f"calculator.scoring.{slug}_hand; the median of {RUNS} runs each, the engine's "
                f"{len(memos)} memos emptied before every run); slowest hand "
                f"{max(per_hand) * 1e6:,.0f} µs",
                median_us=cold * 1e6,
            )
            warm = statistics.median(
                min(timeit.repeat(call, number=20, repeat=3)) / 20 for call in calls
            )
            info(
                f"  {slug}: each hand repeated",
                f"{warm * 1e6:,.0f} µs",
                "timeit, 3 × 20 calls of each hand, memos as shipped",
                label="(cached, info)",
            )
            out[slug] = {"median_us": cold * 1e6, "per_hand_us": [t * 1e6 for t in per_hand]}
    return out
