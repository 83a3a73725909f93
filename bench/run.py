"""`make bench`: the budgets of budgets.md as figures, each PASS, MISS or INFO, with how it
was taken. Speed budgets are what a player on a phone and an operator meet; figures taken
in process are info only.

    BENCH_PARTS=phone,tables   only these parts (default: all, in this order)
        analysis    hand analysis ≤ 1 ms (bench/analysis.py, the engine in process)
        info        in-process ratios against the bare view (bench/info.py, info only)
        phone       change → number on a phone and on loopback; first visit (bench/phone.py)
        size        first visit and live-update bytes; third-party requests (bench/size.py)
        sheet_push  a hand recorded on one phone shows on the others (bench/sheet_push.py)
        tables      tables held by one machine, wrk per request kind (bench/tables.py)
        streams     2,000 open sheets' change streams held 60 s: probes, memory (bench/streams.py)
        hostile     slow clients, memory, logs through the recipe (bench/hostile.py)

The browser and load parts share one production recipe (scripts/serve: nginx → gunicorn)
on a free loopback port; hostile.py starts its own. Figures go to bench/results/*.json.
Exit status 1 only when a part errored; a missed budget is a MISS.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import common  # noqa: E402
from bench.common import guard, line, section  # noqa: E402

PARTS = ("analysis", "info", "phone", "size", "sheet_push", "tables", "streams", "hostile")
SERVED = {"phone", "size", "sheet_push", "tables", "streams"}
WATCHDOG_S = 1_200  # a bound, not the target (12 minutes on a quiet machine)
# hostile.py's flood, sized so that the whole of `make bench` fits in 12 minutes.
HOSTILE_ARGS = ["--urls", "20000", "--long-urls", "2000"]


def hostile() -> dict:
    out = common.RESULTS_DIR / "hostile.json"
    out.unlink(missing_ok=True)
    common.RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "hostile.py"), "--json", str(out), *HOSTILE_ARGS],
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    got = json.loads(out.read_text())
    how = "bench/hostile.py " + " ".join(HOSTILE_ARGS) + ", " + common.RECIPE_WORDS
    if slow := got.get("slow"):
        common.report(
            "slow clients: probe median",
            f"{slow['median_ms']} ms",
            "< 100 ms, every probe answered",
            slow["pass"],
            f"{how}: {slow['sockets']} sockets sending a header line every 10 s for "
            f"{slow['seconds']:.0f} s; {slow['answered']}/{slow['probes']} probes of /hk/ "
            f"answered, max {slow['max_ms']} ms",
        )
    if memory := got.get("memory"):
        common.report(
            "a worker's memory under distinct URLs",
            f"{max(memory['rss_mb_after_distinct'], memory['rss_mb_after_long'])} MB",
            "< 150 MB, 0 errors, 0 5xx",
            memory["pass"],
            f"{how}: the largest gunicorn worker's RSS, {memory['rss_mb_before']} MB warm, after "
            f"{memory['distinct']['urls']:,} distinct URLs (statuses "
            f"{memory['distinct']['statuses']}) and {memory['long_invalid']['urls']:,} long "
            f"invalid ones (statuses {memory['long_invalid']['statuses']})",
        )
    if weights := got.get("bytes"):
        common.report(
            "first visit /hk/ and one partial, raw socket",
            f"{weights['first_visit'] / 1024:.1f} / {weights['partial'] / 1024:.2f} KB",
            "≤ 50 KB / ≤ 5 KB",
            weights["pass"],
            f"{how}: bytes nginx sends (gzip, headers included) for /hk/ and what it links, "
            "and for one htmx partial",
        )
    if logs := got.get("logs"):
        common.report(
            "logs: refused Hosts, HEAD, tracebacks",
            f"{logs['refused_host_lines']}/{logs['head_lines']}/{logs['tracebacks']}",
            f"{logs['refused_host_requests']}/0/0",
            logs["pass"],
            f"{how}: the app's log lines for {logs['refused_host_requests']} refused-Host and "
            f"{logs['head_requests']} HEAD requests",
        )
    return got


def summary(started: float) -> int:
    section("summary: budgets.md, each figure with PASS, MISS or INFO (how: above)")
    for r in common.RESULTS:
        if r["status"] != "INFO" or not r["name"].startswith("  "):
            print(f"{r['status']:<5} {r['name'].strip():<52} {r['figure']:>18}   {r['budget']}")
    counts = {s: sum(r["status"] == s for r in common.RESULTS) for s in ("PASS", "MISS", "INFO")}
    errors = sum(r["status"] == "ERROR" for r in common.RESULTS)
    took = time.monotonic() - started
    print(
        f"\n{counts['PASS']} within budget, {counts['MISS']} missed, {counts['INFO']} info, "
        f"{errors} errors ({took:.0f} s; a shared 2-core machine: figures are indicative)"
    )
    common.write_json("summary", {"seconds": took, "lines": common.RESULTS})
    return 1 if errors else 0


def main() -> int:
    started = time.monotonic()
    common.Stopwatch(WATCHDOG_S).start()
    chosen = os.environ.get("BENCH_PARTS", ",".join(PARTS)).split(",")
    unknown = set(chosen) - set(PARTS)
    if unknown:
        print(f"unknown BENCH_PARTS {sorted(unknown)}; the parts are {', '.join(PARTS)}")
        return 2
    parts = [p for p in PARTS if p in chosen]
    print(f"make bench: {', '.join(parts)}; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    try:
        for part in [p for p in parts if p not in SERVED and p != "hostile"]:
            with guard(part):
                common.write_json(part, import_module(f"bench.{part}").run())
        served = [p for p in parts if p in SERVED]
        if served:
            with guard("the production recipe"), tempfile.TemporaryDirectory() as tmp:
                with common.recipe() as base:
                    print(f"      the recipe: {base}, bench.settings (the site + /_bench/hello)")
                    for part in served:
                        with guard(part):
                            common.write_json(
                                part, import_module(f"bench.{part}").run(base, Path(tmp))
                            )
        if "hostile" in parts:
            section("reliability: hostile traffic through the recipe (bench/hostile.py)")
            with guard("hostile"):
                hostile()
    except KeyboardInterrupt:
        line("ERROR", "watchdog", "", "", f"the run passed {WATCHDOG_S} s and was stopped")
    return summary(started)


if __name__ == "__main__":
    sys.exit(main())
