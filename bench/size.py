"""Size (budgets.md): the first visit and one live update, compressed as the recipe sends
them, and the requests to other hosts (none allowed)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench import common, phone
from bench.common import KB, report, section

BUDGET_FIRST_VISIT = 50 * KB
BUDGET_PARTIAL = 5 * KB
PARTIALS = 8  # live updates per page whose size is taken

WEIGHT_JS = """
() => {
  const entries = [...performance.getEntriesByType('navigation'),
                   ...performance.getEntriesByType('resource')];
  return entries.map((e) => ({url: e.name, bytes: e.transferSize, body: e.encodedBodySize}));
}
"""


def run(base: str, workdir: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    section("size: first visit and one live update, compressed as the recipe sends them")
    out: dict[str, Any] = {}
    rng = random.Random(5)
    own = base.split("//", 1)[1]
    every_host: set[str] = set()
    requests = 0
    with sync_playwright() as playwright:
        browser = common.launch(playwright)
        try:
            for label, path, hand_page, hands in phone.pages():
                name = f"first visit, everything, {label}"
                with common.guard(name):
                    context = common.phone_context(browser)
                    hosts: set[str] = set()
                    try:
                        page = context.new_page()
                        page.on("request", lambda r, seen=hosts: seen.add(r.url.split("/")[2]))
                        url = phone.start_url(path, hands[0])
                        page.goto(base + url, wait_until="networkidle", timeout=60_000)
                        got = page.evaluate(WEIGHT_JS)
                        timed, _put_back = phone.walk(
                            page, base, url, hand_page, set(), rng, changes=PARTIALS, warm=0
                        )
                    finally:
                        context.close()
                    total = sum(e["bytes"] for e in got)
                    parts = ", ".join(
                        f"{e['url'].split('/')[-1].split('?')[0] or path} {e['bytes'] / KB:.1f}"
                        for e in sorted(got, key=lambda e: -e["bytes"])
                    )
                    report(
                        name,
                        f"{total / KB:.1f} KB",
                        "≤ 50 KB",
                        total <= BUDGET_FIRST_VISIT,
                        "Resource Timing transferSize (compressed body + headers) of the page "
                        f"and everything it loads, a fresh context, {common.RECIPE_WORDS}: "
                        f"{parts} KB",
                        bytes=total,
                    )
                    sizes = [t["bytes"] for t in timed if "bytes" in t]
                    biggest = max(sizes)
                    report(
                        f"one live update, as sent, {label}",
                        f"{biggest / KB:.2f} KB",
                        "≤ 5 KB",
                        biggest <= BUDGET_PARTIAL,
                        f"the largest of {len(sizes)} htmx answers to changes to distinct "
                        "states, Resource Timing transferSize (compressed body + headers); "
                        f"bodies alone {min(t['body'] for t in timed) / KB:.2f}–"
                        f"{max(t['body'] for t in timed) / KB:.2f} KB",
                        bytes=biggest,
                    )
                    every_host |= hosts
                    requests += len(got)
                    out[label] = {"first_visit": got, "partials": sizes, "hosts": sorted(hosts)}
            others = sorted(every_host - {own})
            report(
                "third-party requests",
                f"{len(others)} hosts",
                "0",
                not others,
                f"hosts of every request the {len(out)} pages above made while loading "
                f"({requests} requests) and answering their live updates"
                + (f": {', '.join(others)}" if others else ""),
            )
        finally:
            browser.close()
    return out
