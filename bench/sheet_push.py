"""A hand recorded on one phone shows on the others (budgets.md: ≤ RTT + 250 ms now that
sheets push: the other page's change stream tells it, and it fetches its live region).

Two browser contexts on one sheet through the production recipe: phone A has the edit page
open and records a hand (the API's POST from that page); phone B, under the phone's
emulation, has the view page open. The time runs from the recording's answer in A to B's
DOM holding the new total (`[data-player] data-total`), both read on the browser's clock.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import Any

from bench import common
from bench.common import report, section

BUDGET_MS = common.RTT_MS + 250
WAIT_MS = 10_000  # a hand not shown by then is an error, not a figure
RECORDS = 6

WATCH_JS = """
() => {
  window.benchSeen = [];
  const total = () => [...document.querySelectorAll('[data-player]')]
    .map((e) => e.dataset.total).join(' ');
  let last = total();
  new MutationObserver(() => {
    const now = total();
    if (now !== last) {
      last = now;
      window.benchSeen.push({total: now, at: performance.timeOrigin + performance.now()});
    }
  }).observe(document.body, {childList: true, subtree: true, attributes: true});
}
"""

RECORD_JS = """
async ([url, body]) => {
  const answer = await fetch(url, {method: 'POST', body: new URLSearchParams(body)});
  const at = performance.timeOrigin + performance.now();
  return {status: answer.status, at};
}
"""


def run(base: str, workdir: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    section("a hand recorded on one phone shows on the others (two contexts, the recipe)")
    status, _h, body = common.fetch(
        f"{base}/api/v1/sheets",
        {"family": "hk", "name1": "阿明", "name2": "Ka Yan", "name3": "小芳", "name4": "Bob"},
    )
    if status != 201:
        raise RuntimeError(f"new sheet: {status} {body[:200]!r}")
    made = json.loads(body)
    rng = random.Random(7)
    delays: list[float] = []
    with sync_playwright() as playwright:
        browser = common.launch(playwright)
        try:
            a_context, b_context = common.phone_context(browser), common.phone_context(browser)
            a, b = a_context.new_page(), b_context.new_page()
            common.emulate_phone(b_context, b)
            a.goto(base + made["edit_url"], wait_until="load", timeout=60_000)
            b.goto(base + made["view_url"], wait_until="load", timeout=60_000)
            b.evaluate(WATCH_JS)
            for n in range(RECORDS):
                b.wait_for_timeout(rng.randint(300, 2_500))
                seen = b.evaluate("() => window.benchSeen.length")
                hand = {"winner": str(n % 4 + 1), "win": "self_draw", "fan": str(3 + n % 7)}
                answer = a.evaluate(
                    RECORD_JS, [f"{made['api_url']}/hands", {**hand, "key": f"push-{n}"}]
                )
                if answer["status"] != 201:
                    raise RuntimeError(f"recording: {answer['status']}")
                b.wait_for_function(f"() => window.benchSeen.length > {seen}", timeout=WAIT_MS)
                shown = b.evaluate(f"() => window.benchSeen[{seen}].at")
                delays.append(shown - answer["at"])
            a_context.close()
            b_context.close()
        finally:
            browser.close()
    median = statistics.median(delays)
    report(
        "a hand recorded on one phone shows on the others",
        f"{median:,.0f} ms",
        f"median ≤ {BUDGET_MS:,} ms (RTT {common.RTT_MS} ms + 250)",
        median <= BUDGET_MS,
        f"{RECORDS} hands recorded by phone A (POST /api/v1/sheets/<edit_key>/hands from the "
        "edit page) at random moments, 0.3–2.5 s apart; phone B on the view page under "
        f"{common.PHONE_WORDS}; from A's answer to B's DOM holding the new totals, on the "
        f"browser's clock; {common.RECIPE_WORDS}; each: "
        + ", ".join(f"{d:,.0f}" for d in delays)
        + " ms",
        delays_ms=delays,
    )
    return {"delays_ms": delays}
