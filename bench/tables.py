"""Tables held by one machine (budgets.md, "An evening at the club").

Through the production recipe, each request kind a table makes is driven alone by `wrk` at
saturation; the machine's load per table is Σ rate_k ÷ req/s_k, and tables held = 0.7 ÷
load. The budget is on tables held per bare-view request a second, measured in the same
run (bare runs before and after the kinds; their mean is the scale).
"""

from __future__ import annotations

import itertools
import random
import statistics
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench import common, live_forms
from bench.common import fetch, info, report, section

# An evening at the club, per table, in requests a second (budgets.md), now that sheets
# push: each phone holds its sheet's change stream (bench/streams.py measures what holding
# them costs) and checks its address only once a minute meanwhile.
HAND_EVERY_S = 90
POLL_WHILE_FOLLOWING_S = 60  # static/js/sheets.js
CLUB_RATES = {
    "poll": 4 / POLL_WHILE_FOLLOWING_S,  # four phones' fallback check, 304 while unchanged
    "record": 1 / HAND_EVERY_S,  # one write a hand
    # The three other phones, told by their streams, draw the changed sheet; the recording
    # phone's own answer brought it (its stream's event names the revision it shows).
    "changed": 3 / HAND_EVERY_S,
    "partial": 10 / HAND_EVERY_S,  # about 10 calculator changes a hand, distinct states
}
BUSY = 0.7  # 70 % busy leaves room for the slowest requests
BUDGET_RATIO = 1.0

SECONDS = 6  # each kind's wrk run
SHEETS = 120  # distinct sheets the sheet requests cycle over
SESSION = 8  # hands on each before the run
PARTIALS_PER_PAGE = 4_000
NAMES = {"name1": "阿明", "name2": "Ka Yan", "name3": "小芳", "name4": "Bob"}
HX = {"HX-Request": "true"}


def random_hand(family: str, rng: random.Random) -> dict[str, str]:
    """A hand as a phone sends it: a winner, who paid, the family's own values."""
    winner = rng.randint(1, 4)
    hand = {"winner": str(winner)}
    if rng.random() < 0.3:
        hand["win"] = "self_draw"
    else:
        hand["discarder"] = str(rng.choice([p for p in range(1, 5) if p != winner]))
    if family == "hk":
        hand["fan"] = str(rng.randint(3, 10))
    else:
        hand["han"] = str(rng.randint(1, 6))
        hand["fu"] = str(rng.choice([30, 40, 50]))
    return hand


def make_sheet(base: str, family: str, seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    status, _h, body = fetch(f"{base}/api/v1/sheets", {**NAMES, "family": family})
    if status != 201:
        raise RuntimeError(f"new sheet: {status} {body[:200]!r}")
    import json

    edit = json.loads(body)["edit_url"].strip("/").split("/")[-1]
    for n in range(SESSION):
        hand = {**random_hand(family, rng), "key": f"setup-{n}"}
        status, _h, body = fetch(f"{base}/api/v1/sheets/{edit}/hands", hand)
        if status != 201:
            raise RuntimeError(f"setup hand: {status} {body[:200]!r}")
    status, headers, _b = fetch(f"{base}/sheets/{edit}/", headers=HX)
    etag = {k.lower(): v for k, v in headers.items()}.get("etag")
    if status != 200 or not etag:
        raise RuntimeError(f"live sheet: {status}, ETag {etag}")
    return {"edit": edit, "family": family, "etag": etag}


def partial_requests(base: str, rng: random.Random) -> tuple[list[str], str]:
    """Distinct calculator partials over the six family pages, interleaved; and how many of
    a sample show a number (the rest are a field's error, as a player's mistyped value)."""
    per_page = []
    for slug in common.FAMILY_PAGES:
        _s, _h, body = fetch(f"{base}/{slug}/")
        fields = live_forms.read_form(body.decode())
        start = live_forms.start_values(fields)
        queries = live_forms.random_states(fields, start, PARTIALS_PER_PAGE, rng, hand_page=False)
        per_page.append([f"/{slug}/?{q}" for q in queries])
    # Round robin over the pages; a page with fewer states (mcr) runs out first.
    paths = [p for group in itertools.zip_longest(*per_page) for p in group if p]
    sample = paths[:: max(1, len(paths) // 120)]
    shown = sum(b'data-result="winner_receives"' in fetch(base + p, headers=HX)[2] for p in sample)
    return paths, f"{shown} of a sample of {len(sample)} show a number, the rest a field's error"


def check(base: str, kinds: dict[str, list[tuple[str, str, str, dict[str, str]]]]) -> None:
    """Each kind answers as the mix says before it is driven: a poll 304, a changed sheet 200."""
    for kind, want in (("bare", 200), ("poll", 304), ("changed", 200), ("partial", 200)):
        _method, path, _body, headers = kinds[kind][-1]
        status = fetch(base + path, headers=headers)[0]
        if status != want:
            raise RuntimeError(f"{kind} {path}: {status}, not {want}")


def run(base: str, workdir: Path) -> dict[str, Any]:
    section("tables held by one machine: each request kind alone under wrk, " + "the recipe")
    if not common.ensure_wrk():
        raise RuntimeError("wrk is missing and could not be installed (apt-get install wrk)")
    rng = random.Random(20261204)
    families = ["hk", "riichi"]
    with ThreadPoolExecutor(4) as pool:
        sheets = list(pool.map(lambda i: make_sheet(base, families[i % 2], i), range(SHEETS)))
    partials, shown = partial_requests(base, rng)

    form = {"Content-Type": "application/x-www-form-urlencoded"}
    kinds: dict[str, list[tuple[str, str, str, dict[str, str]]]] = {
        "bare": [("GET", f"/_bench/hello?n={i}", "", {}) for i in range(200_000)],
        "poll": [
            ("GET", f"/sheets/{s['edit']}/", "", {**HX, "If-None-Match": s["etag"]}) for s in sheets
        ],
        "changed": [
            ("GET", f"/sheets/{s['edit']}/", "", {**HX, "If-None-Match": '"r0-stale"'})
            for s in sheets
        ],
        "partial": [("GET", p, "", HX) for p in partials],
        "record": [],
    }
    for i in range(60_000):
        s = sheets[i % len(sheets)]
        hand = {**random_hand(s["family"], rng), "key": f"wrk-{i}"}
        body = "&".join(f"{k}={v}" for k, v in hand.items())
        kinds["record"].append(("POST", f"/api/v1/sheets/{s['edit']}/hands", body, form))
    check(base, kinds)
    files = {k: common.write_requests(workdir / f"{k}.txt", v) for k, v in kinds.items()}

    common.wrk(base, files["bare"], 2)  # both workers warm, never counted
    runs: dict[str, Any] = {"bare": [common.wrk(base, files["bare"], SECONDS)]}
    # The record last: it changes the sheets the polls' ETags are for.
    for kind in ("poll", "partial", "changed", "record"):
        runs[kind] = common.wrk(base, files[kind], SECONDS)
    runs["bare"].append(common.wrk(base, files["bare"], SECONDS))
    bare_rps = statistics.fmean(r["rps"] for r in runs["bare"])

    load = sum(rate / runs[kind]["rps"] for kind, rate in CLUB_RATES.items())
    tables = BUSY / load
    ratio = tables / bare_rps
    bad = {
        kind: r["errors"] + r["non2xx"]
        for kind, r in runs.items()
        for r in (r if isinstance(r, list) else [r])
        if r["errors"] + r["non2xx"]
    }
    shares = ", ".join(
        f"{kind} {rate / runs[kind]['rps'] / load:.0%}" for kind, rate in CLUB_RATES.items()
    )
    kinds_words = "; ".join(
        f"{kind} {runs[kind]['rps']:,.0f}/s ({runs[kind]['requests']:,} requests over "
        f"{runs[kind]['lines']:,} distinct, p50 {runs[kind]['p50']})"
        for kind in CLUB_RATES
    )
    report(
        "tables held by one machine, per bare req/s",
        f"{ratio:.2f} ({tables:,.0f} tables)",
        f"≥ {BUDGET_RATIO}",
        ratio >= BUDGET_RATIO and not bad,
        f"{common.RECIPE_WORDS}; wrk -t2 -c8, {SECONDS} s per kind, each alone: bare "
        f"{bare_rps:,.0f}/s (mean of before {runs['bare'][0]['rps']:,.0f} and after "
        f"{runs['bare'][1]['rps']:,.0f}, distinct ?n=); {kinds_words}. Club rates per table: "
        + ", ".join(f"{k} {v:.3f}/s" for k, v in CLUB_RATES.items())
        + f"; load per table = Σ rate ÷ req/s = {load * 1000:.3f} ms/s, tables = {BUSY} ÷ load; "
        f"shares of the load: {shares}. Poll: GET /sheets/<edit_key>/ HX-Request + the live "
        f"ETag → 304, over {SHEETS} sheets of {SESSION} hands (hk, riichi); changed: the same "
        f"with a stale ETag → 200; record: POST /api/v1/sheets/<edit_key>/hands, each a "
        f"distinct idempotency key, on SQLite; partial: the six family pages, {shown}"
        + (f"; errors or non-2xx/3xx: {bad}" if bad else "; 0 errors, 0 non-2xx/3xx"),
        ratio=ratio,
        tables=tables,
    )
    for kind in CLUB_RATES:
        r = runs[kind]
        info(
            f"  {kind}: time per request ÷ bare",
            f"{bare_rps / r['rps']:.2f}× ({1000 / r['rps']:.2f} ms)",
            f"saturated req/s of the bare view ÷ this kind's ({r['rps']:,.0f}/s, p99 {r['p99']})",
        )
    return {"runs": runs, "bare_rps": bare_rps, "load": load, "tables": tables, "ratio": ratio}
