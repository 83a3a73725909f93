"""Change → updated number, on a phone and on loopback; the first visit on the phone.

Every family page and the four tile-entry pages, through the production recipe. A walk
loads the page, then changes one field at a time as a player taps (a tile-entry page keeps
its real hand and changes the conditions), each change 150 ms after the last answer, every
state distinct (never requested before in this run). Each change is timed inside the page:
`performance.now()` from the change event to the DOM holding the new number
(MutationObserver). A value the page answers with a field's error (a number typed out of
range) is put back, untimed, as a player would.
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path
from typing import Any

from bench import common, live_forms
from bench.common import report, section
from bench.hands import HANDS

CHANGES, WARM = 20, 2  # timed changes per walk, untimed first ones
SETTLE_MS = 150  # the pause before each change, outside the timed interval
TIMEOUT_MS = 15_000
BUDGET_LOOPBACK_MS = 16
BUDGET_OVER_RTT_MS = 25
BUDGET_FIRST_VISIT_MS = 1_000

CHANGE_JS = """
async ([name, kind, value, timeoutMs]) => {
  const NUMBER = '[data-result="winner_receives"]';
  const form = document.querySelector('form#calc');
  if (!form) throw new Error('no live form on the page');
  // A field the page has switched off (riichi's pair while fu is given directly) is not
  // one a player can tap.
  const els = [...form.querySelectorAll(`[name="${name}"]`)]
    .filter((e) => e.type !== 'hidden' && !e.disabled && !e.closest('fieldset:disabled'));
  let target = null;
  for (const el of els) {
    if (kind === 'radio') {
      if (el.value === value && !el.checked) { el.checked = true; target = el; }
    } else if (kind === 'toggle' || kind === 'checkboxes') {
      const on = kind === 'toggle' ? value === '1' : value.includes(el.value);
      if (el.checked !== on) { el.checked = on; target = target || el; }
    } else if (el.value !== value) {
      el.value = value; target = el;
    }
  }
  if (!target) return {skipped: true};
  const before = document.querySelector(NUMBER);
  return await new Promise((resolve) => {
    let start = 0;
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      observer.disconnect();
      document.body.removeEventListener('htmx:afterSettle', settled);
      clearTimeout(timer);
      // Where the time went and what came over the wire, from Resource Timing.
      const xhr = performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'xmlhttprequest' || e.initiatorType === 'fetch').pop();
      if (xhr && xhr.startTime >= start) {
        result.request = xhr.responseEnd - xhr.startTime;
        result.bytes = xhr.transferSize;
        result.body = xhr.encodedBodySize;
      }
      resolve(result);
    };
    const observer = new MutationObserver(() => {
      const el = document.querySelector(NUMBER);
      if (el && el !== before) {
        finish({elapsed: performance.now() - start, number: el.textContent.trim()});
      }
    });
    // An answer without a new number (a field's error) settles without the observer firing.
    const settled = () => {
      const el = document.querySelector(NUMBER);
      if (!el || el === before) finish({elapsed: performance.now() - start, number: null});
    };
    observer.observe(document.body, {childList: true, subtree: true, characterData: true});
    document.body.addEventListener('htmx:afterSettle', settled);
    const timer = setTimeout(() => finish({timeout: true}), timeoutMs);
    performance.clearResourceTimings();
    start = performance.now();
    target.dispatchEvent(new Event('change', {bubbles: true}));
  });
}
"""

LOAD_JS = """
() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return {load: nav.loadEventEnd, dcl: nav.domContentLoadedEventEnd, bytes: nav.transferSize,
          number: !!document.querySelector('[data-result="winner_receives"]')};
}
"""


def pages() -> list[tuple[str, str, bool, list[dict[str, str]]]]:
    """(label, path, tile entry?, real hands to start from) for every page walked."""
    out = [(slug, f"/{slug}/", False, [{}, {}]) for slug in common.FAMILY_PAGES]
    out += [(f"{slug} hand", f"/{slug}/hand/", True, HANDS[slug]) for slug in common.HAND_PAGES]
    return out


def start_url(path: str, fields_hand: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return path + (f"?{urlencode(fields_hand, safe=',:')}" if fields_hand else "")


def walk(
    page: Any,
    base: str,
    url: str,
    hand_page: bool,
    seen: set[str],
    rng: random.Random,
    changes: int = CHANGES,
    warm: int = WARM,
) -> tuple[list[dict[str, Any]], int]:
    """Load `url`, then `warm` + `changes` changes to distinct states; the timed ones, and
    how many values were put back after a field's error."""
    _s, _h, body = common.fetch(base + url)
    fields = live_forms.read_form(body.decode())
    values = live_forms.start_values(fields)
    seen.add(live_forms.query(fields, values))
    taps = live_forms.walkable(fields, hand_page)
    page.goto(base + url, wait_until="load", timeout=60_000)
    page.wait_for_function("() => window.htmx !== undefined", timeout=30_000)
    timed: list[dict[str, Any]] = []
    done = put_back = 0
    for _try in range((changes + warm) * 20):
        if len(timed) == changes:
            break
        f = rng.choice(taps)
        value = live_forms.moved(f, values[f.name], rng)
        candidate = {**values, f.name: value}
        q = live_forms.query(fields, candidate)
        if q in seen:
            continue
        seen.add(q)
        page.wait_for_timeout(SETTLE_MS)
        got = page.evaluate(CHANGE_JS, [f.name, f.kind, value, TIMEOUT_MS])
        if got.get("skipped"):
            continue
        if got.get("timeout"):
            raise RuntimeError(f"{url}: no answer to {f.name}={value} in {TIMEOUT_MS} ms")
        if got["number"] is None:
            put_back += 1
            page.wait_for_timeout(SETTLE_MS)
            page.evaluate(CHANGE_JS, [f.name, f.kind, values[f.name], TIMEOUT_MS])
            continue
        values = candidate
        done += 1
        if done > warm:
            timed.append(got)
    if len(timed) < changes:
        raise RuntimeError(f"{url}: {len(timed)} changes to distinct states, not {changes}")
    return timed, put_back


def where_it_goes(timed: list[dict[str, Any]]) -> str:
    parts = [t for t in timed if "request" in t]
    if not parts:
        return "no Resource Timing entry for the requests"
    request = statistics.median(t["request"] for t in parts)
    return (
        f"max {max(t['elapsed'] for t in timed):.1f} ms; medians {request:.1f} ms request "
        f"(the server and the network), "
        f"{statistics.median(t['elapsed'] - t['request'] for t in parts):.1f} ms in the page"
    )


def run(base: str, workdir: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    section("the phone: change → updated number, first visit (headless Chromium, the recipe)")
    out: dict[str, Any] = {"walks": {}, "first_visit": {}}
    rng = random.Random(20261204)
    walk_how = (
        f"{CHANGES} changes to distinct states (after {WARM} untimed), one field at a time "
        f"as a player taps, each {SETTLE_MS} ms after the last answer; performance.now() in "
        "the page from the change event to the DOM holding the new number; "
        f"{common.RECIPE_WORDS}, a fresh context (empty cache)"
    )
    with sync_playwright() as playwright:
        browser = common.launch(playwright)
        try:
            for label, path, hand_page, hands in pages():
                seen: set[str] = set()
                for phone in (False, True):
                    name = f"change → number, {'phone' if phone else 'loopback'}, {label}"
                    with common.guard(name):
                        context = common.phone_context(browser)
                        try:
                            page = context.new_page()
                            if phone:
                                common.emulate_phone(context, page)
                            url = start_url(path, hands[int(phone)])
                            timed, put_back = walk(page, base, url, hand_page, seen, rng)
                        finally:
                            context.close()
                        median = statistics.median(t["elapsed"] for t in timed)
                        budget = common.RTT_MS + BUDGET_OVER_RTT_MS if phone else BUDGET_LOOPBACK_MS
                        words = f"RTT + {BUDGET_OVER_RTT_MS} = {budget}" if phone else budget
                        report(
                            name,
                            f"{median:.1f} ms",
                            f"median ≤ {words} ms",
                            median <= budget,
                            (common.PHONE_WORDS if phone else "no throttling, 390 px, isMobile")
                            + f"; {walk_how}; from {url}; {put_back} values put back after a "
                            f"field's error (untimed); " + where_it_goes(timed),
                            median_ms=median,
                        )
                        out["walks"][name] = timed
            with common.guard("first visit"):
                first_visits(browser, base, out)
        finally:
            browser.close()
    return out


def first_visits(browser: Any, base: str, out: dict[str, Any]) -> None:
    for slug in common.FAMILY_PAGES:
        name = f"first visit on the phone, /{slug}/"
        with common.guard(name):
            context = common.phone_context(browser)
            try:
                page = context.new_page()
                common.emulate_phone(context, page)
                page.goto(f"{base}/{slug}/", wait_until="load", timeout=60_000)
                got = page.evaluate(LOAD_JS)
            finally:
                context.close()
            if not got["number"]:
                raise RuntimeError(f"/{slug}/: no number shown")
            report(
                name,
                f"{got['load']:.0f} ms",
                f"≤ {BUDGET_FIRST_VISIT_MS:,} ms",
                got["load"] <= BUDGET_FIRST_VISIT_MS,
                f"{common.PHONE_WORDS}; a fresh context (empty cache); navigation start → "
                f"the load event (Navigation Timing), the result in the page; "
                f"DOMContentLoaded at {got['dcl']:.0f} ms",
                load_ms=got["load"],
            )
            out["first_visit"][slug] = got
