"""Info only (budgets.md): where time goes in process. Django's test client against the
site's URLs (bench.settings: the site plus the bare view), each request a distinct state
never asked before, interleaved with bare-view requests; ratios of medians. No budget."""

from __future__ import annotations

import gc
import os
import random
import statistics
import timeit
import urllib.parse
from pathlib import Path
from typing import Any

from bench import common, live_forms
from bench.common import info, section

REQUESTS = 60  # timed requests per kind and page

HX = {"HTTP_HX_REQUEST": "true"}
NAMES = {"name1": "阿明", "name2": "Ka Yan", "name3": "小芳", "name4": "Bob"}


def setup_django() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def run(base: str | None = None, workdir: Path | None = None) -> dict[str, Any]:
    section("(info) in process: the test client, distinct states, against the bare view")
    setup_django()
    from django.test import Client

    client = Client()
    timer = timeit.default_timer
    bare_n = iter(range(10**9))
    rng = random.Random(11)

    def timed(path: str, **headers: Any) -> float:
        start = timer()
        response = client.get(path, **headers)
        took = timer() - start
        if response.status_code not in {200, 304}:
            raise RuntimeError(f"{path}: {response.status_code}")
        return took

    def against_bare(paths: list[tuple[str, dict[str, str]]]) -> tuple[float, float]:
        bare, kind = [], []
        gc.collect()
        for path, headers in paths:
            bare.append(timed(f"/_bench/hello?n={next(bare_n)}"))
            kind.append(timed(path, **headers))
        return statistics.median(kind), statistics.median(bare)

    out: dict[str, Any] = {}
    pages = [(slug, f"/{slug}/", False, {}) for slug in common.FAMILY_PAGES]
    pages += [
        (f"{slug} hand", f"/{slug}/hand/", True, _first_hand(slug)) for slug in common.HAND_PAGES
    ]
    client.get("/_bench/hello")
    for label, path, hand_page, hand in pages:
        with common.guard(f"in process, {label}"):
            start_path = path + (f"?{urllib.parse.urlencode(hand)}" if hand else "")
            fields = live_forms.read_form(client.get(start_path).content.decode())
            values = live_forms.start_values(fields)
            states = live_forms.random_states(fields, values, 2 * REQUESTS + 3, rng, hand_page)
            for q in states[:3]:
                client.get(f"{path}?{q}")  # templates compiled, modules imported
            partial, bare = against_bare([(f"{path}?{q}", HX) for q in states[3 : 3 + REQUESTS]])
            page, bare_p = against_bare([(f"{path}?{q}", {}) for q in states[3 + REQUESTS :]])
            info(
                f"  {label}: htmx partial / page, ÷ bare",
                f"{partial / bare:.1f}× / {page / bare_p:.1f}×",
                f"{REQUESTS} distinct states each, interleaved with as many bare requests "
                f"(bare {bare * 1e6:,.0f} µs); partial {partial * 1e6:,.0f} µs, page "
                f"{page * 1e6:,.0f} µs; no cache emptied (none is on these pages)",
            )
            out[label] = {"partial_s": partial, "page_s": page, "bare_s": bare}
    with common.guard("in process, sheets"):
        out["sheets"] = sheets(client, against_bare)
    return out


def _first_hand(slug: str) -> dict[str, str]:
    from bench.hands import HANDS

    return HANDS[slug][2]


def sheets(client: Any, against_bare: Any) -> dict[str, Any]:
    import json

    from bench.tables import SESSION, random_hand

    rng = random.Random(13)
    keys = []
    for i in range(REQUESTS):
        made = client.post("/api/v1/sheets", {**NAMES, "family": "hk"})
        edit = json.loads(made.content)["edit_url"].strip("/").split("/")[-1]
        for n in range(SESSION):
            client.post(
                f"/api/v1/sheets/{edit}/hands", {**random_hand("hk", rng), "key": f"{i}-{n}"}
            )
        keys.append(edit)
    etags = [client.get(f"/sheets/{k}/", **HX)["ETag"] for k in keys]
    figures = {}
    for kind, paths in (
        (
            "poll (304)",
            [
                (f"/sheets/{k}/", {**HX, "HTTP_IF_NONE_MATCH": e})
                for k, e in zip(keys, etags, strict=True)
            ],
        ),
        (
            "changed sheet",
            [(f"/sheets/{k}/", {**HX, "HTTP_IF_NONE_MATCH": '"r0-stale"'}) for k in keys],
        ),
    ):
        got, bare = against_bare(paths)
        figures[kind] = got / bare
        info(
            f"  sheet {kind} ÷ bare",
            f"{got / bare:.1f}×",
            f"{REQUESTS} hk sheets of {SESSION} hands, each once; {got * 1e6:,.0f} µs, bare "
            f"{bare * 1e6:,.0f} µs",
        )
    return figures
