"""Score-sheet figures of budgets.md for `make bench` (called from bench/run.py).

In-process (Django test client, the bench's throwaway SQLite file, never db.sqlite3):

- record a hand: a sheet already holding a session's 16 hands gets one more, a distinct
  hand with a distinct idempotency key, through the sheet page (what a player's tap costs:
  htmx's POST `action=add` with the CSRF token, answered in place with the updated totals,
  the new row and the settlement; the page without JavaScript, POST → 303 → GET of the
  whole page, as info) and through the API (`POST /api/v1/sheets/<key>/hands`, whose 201
  carries the updated sheet). Each timed request is on its own sheet, memos and caches
  emptied before it;
- a 200-hand sheet, full page: GET of `/sheets/<edit_key>/` and of the view page, each on a
  sheet never requested before. The page reads the standing its last write stored and works
  out the latest LATEST_HANDS hands, which it lists; the whole list (`?hands=all`, every
  hand worked out) is timed beside it as info.

Both are ratios of medians to the bare view, interleaved in the same run. The sheets are
filled untimed by inserting what `read_hand` stores, then `sheets.rework`, which stores
what adding them one by one would have (the counters of each hand, the standing).

Through the production recipe: 30 writers at once on one sheet, each its own connection
and idempotency key, on SQLite and (re-run by `scripts/with-postgres`, this file as a
script) on a throwaway PostgreSQL server.
"""

from __future__ import annotations

import gc
import json
import random
import re
import statistics
import subprocess
import sys
import threading
import timeit
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

SESSION = 16  # hands already on a sheet when one more is recorded
RECORDS = 60  # timed records per path (page, API), each on its own sheet
BIG = 200  # hands on the big sheet
BIG_SHEETS = 30  # timed 200-hand pages per kind (edit, view), each a sheet of its own
WRITERS = 30
NAMES = {"name1": "阿明", "name2": "Ka Yan", "name3": "小芳", "name4": "Bob"}
FAMILIES = ("hk", "riichi")  # of those benched: a session's families with the most per hand
HANDS_RE = re.compile(rb'id="hand-\d+"')


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
        declared = sorted(rng.sample(range(1, 5), rng.randint(0, 2)))
        if declared:
            hand["riichi"] = ",".join(map(str, declared))
    return hand


def filled_sheet(family: str, hands: int, rng: random.Random) -> Any:
    """A new sheet with `hands` hands stored as `sheets.add_hand` stores them."""
    from calculator import sheets
    from calculator.forms.sheet import ReadHand, read_hand, read_new_sheet, table_of
    from calculator.models import Hand

    new = read_new_sheet({**NAMES, "family": family})
    if isinstance(new, dict):
        raise RuntimeError(f"new {family} sheet refused: {new}")
    sheet = sheets.create(new)
    table = table_of(sheet.family, sheet.rules, len(sheet.players))
    rows = []
    for n in range(1, hands + 1):
        read = read_hand(sheet.family, sheet.rules, table, random_hand(family, rng))
        if not isinstance(read, ReadHand):
            raise RuntimeError(f"a generated {family} hand is refused: {read}")
        rows.append(
            Hand(
                sheet=sheet,
                n=n,
                winner=read.winner,
                discarder=read.discarder,
                params=read.params,
                key=f"setup-{n}",
            )
        )
    Hand.objects.bulk_create(rows)
    sheet.revision = hands
    sheet.save(update_fields=["revision", "updated"])
    return sheets.rework(sheet).sheet  # what adding them one by one would have stored


def csrf_token(client: Any) -> str:
    page = client.get("/sheets/new/")
    match = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
    if page.status_code != 200 or not match:
        raise RuntimeError(f"/sheets/new/: {page.status_code}, no CSRF token")
    return match.group(1).decode()


def bench_in_process(r: ModuleType, family: str) -> None:
    from django.test import Client

    from calculator.presenters.sheet_page import LATEST_HANDS

    rng = random.Random(f"bench-sheets-{family}")
    client = Client(enforce_csrf_checks=True)  # the page's POST carries the token, as a phone's
    api = Client()
    timer = timeit.default_timer
    bare_n = iter(range(10**9))

    def timed(call: Callable[[], Any]) -> tuple[float, Any]:
        r.clear_memos()
        start = timer()
        got = call()
        return timer() - start, got

    def bare() -> float:
        elapsed, response = timed(lambda: client.get(f"/_bench/hello?n={next(bare_n)}"))
        if response.status_code != 200:
            raise RuntimeError(f"bare view: {response.status_code}")
        return elapsed

    token = csrf_token(client)
    records = [filled_sheet(family, SESSION, rng) for _ in range(3 * RECORDS + 3)]
    bigs = [filled_sheet(family, BIG, rng) for _ in range(2 * BIG_SHEETS + 1)]
    wholes = [filled_sheet(family, BIG, rng) for _ in range(BIG_SHEETS // 3)]
    # Info: sheets exactly as long as the list, so that the page is the same page and
    # only the hands behind it differ (what a sheet's length costs a page).
    smalls = [filled_sheet(family, LATEST_HANDS, rng) for _ in range(BIG_SHEETS // 3)]

    def form_post(who: Any, url: str, data: dict[str, str], **extra: Any) -> Any:
        # Form-encoded, as a browser's form, htmx and the API's clients send it (the test
        # client would otherwise send multipart).
        body = urllib.parse.urlencode(data)
        return who.post(url, body, content_type="application/x-www-form-urlencoded", **extra)

    def record_page(sheet: Any, i: int) -> Any:
        data = {**random_hand(family, rng), "action": "add", "key": f"page-{i}"}
        data["csrfmiddlewaretoken"] = token
        data["shown"] = str(sheet.revision)  # the page shows the sheet as it is
        url, htmx = f"/sheets/{sheet.edit_key}/", {"HX-Request": "true"}
        return lambda: form_post(client, url, data, headers=htmx)

    def record_no_js(sheet: Any, i: int) -> Any:
        data = {**random_hand(family, rng), "action": "add", "key": f"no-js-{i}"}
        data["csrfmiddlewaretoken"] = token

        def call() -> Any:
            posted = form_post(client, f"/sheets/{sheet.edit_key}/", data)
            if posted.status_code != 303:
                raise RuntimeError(f"sheet page add without JavaScript: {posted.status_code}")
            return client.get(posted["Location"])

        return call

    def record_api(sheet: Any, i: int) -> Any:
        data = {**random_hand(family, rng), "key": f"api-{i}"}
        return lambda: form_post(api, f"/api/v1/sheets/{sheet.edit_key}/hands", data)

    # Warm: templates compiled, modules imported, on sheets never timed.
    record_page(records.pop(), -1)()
    record_no_js(records.pop(), -1)()
    record_api(records.pop(), -1)()
    client.get(f"/sheets/{bigs.pop().edit_key}/")

    new_row = f'id="hand-{SESSION + 1}"'.encode()
    t_bare, t_page, t_no_js, t_api = [], [], [], []
    gc.collect()
    for i in range(RECORDS):
        t_bare.append(bare())
        elapsed, page = timed(record_page(records[3 * i], i))
        t_page.append(elapsed)
        if page.status_code != 200 or HANDS_RE.findall(page.content) != [new_row]:
            raise RuntimeError(f"the add's answer: {page.status_code}, not hand 17 alone")
        t_bare.append(bare())
        elapsed, page = timed(record_no_js(records[3 * i + 1], i))
        t_no_js.append(elapsed)
        if page.status_code != 200 or len(HANDS_RE.findall(page.content)) < SESSION + 1:
            raise RuntimeError(f"after the add, the page shows {page.status_code} without hand 17")
        t_bare.append(bare())
        elapsed, answer = timed(record_api(records[3 * i + 2], i))
        t_api.append(elapsed)
        body = json.loads(answer.content)
        if answer.status_code != 201 or len(body["sheet"]["hands"]) != SESSION + 1:
            raise RuntimeError(f"API add: {answer.status_code}, {str(body)[:200]}")
    b = statistics.median(t_bare)
    how = (
        f"median of {RECORDS}, each a distinct hand and idempotency key on its own {family} sheet "
        f"of {SESSION} hands, memos and caches emptied before each; bare {r.us(b)} "
        f"(median of {len(t_bare)} interleaved)"
    )
    page, api_t = statistics.median(t_page), statistics.median(t_api)
    no_js = statistics.median(t_no_js)
    r.report(
        f"sheet: record a hand, page / bare, {family}",
        f"{page / b:.2f}×",
        "≤ 10×",
        page / b <= 10,
        f"the page's tap: htmx POST /sheets/<edit_key>/ action=add (CSRF checked) → 200, "
        f"the totals, the new row and the settlement in place, {r.us(page)}; {how}",
    )
    r.info(
        f"  {family}: record a hand without JavaScript / bare",
        f"{no_js / b:.2f}×",
        f"POST → 303 → GET of the whole page (the hand form drawn again), {r.us(no_js)}",
        label="(info)",
    )
    r.report(
        f"sheet: record a hand, API / bare, {family}",
        f"{api_t / b:.2f}×",
        "≤ 10×",
        api_t / b <= 10,
        f"POST /api/v1/sheets/<edit_key>/hands → 201 with the updated sheet, {r.us(api_t)}; {how}",
    )

    def big_page(kind: str, url: str, listed: int) -> float:
        elapsed, response = timed(lambda: client.get(url))
        shown = len(HANDS_RE.findall(response.content))
        if response.status_code != 200 or shown != listed:
            raise RuntimeError(f"200-hand {kind} page: {response.status_code}, {shown} hands shown")
        return elapsed

    latest = min(BIG, LATEST_HANDS)
    t_bare, t_edit, t_view, t_all, t_small = [], [], [], [], []
    gc.collect()
    for i in range(BIG_SHEETS):
        edit_sheet, view_sheet = bigs[2 * i], bigs[2 * i + 1]
        t_bare.append(bare())
        t_edit.append(big_page("edit", f"/sheets/{edit_sheet.edit_key}/", latest))
        t_bare.append(bare())
        t_view.append(big_page("view", f"/sheets/view/{view_sheet.view_key}/", latest))
        if i % 3 == 0:  # info: every hand listed, on sheets of their own
            url = f"/sheets/view/{wholes[i // 3].view_key}/?hands=all"
            t_all.append(big_page("whole list", url, BIG))
            url = f"/sheets/view/{smalls[i // 3].view_key}/"
            t_small.append(big_page("short sheet", url, latest))
    b = statistics.median(t_bare)
    how = (
        f"median of {BIG_SHEETS} GETs, each of a {family} sheet of {BIG} hands never requested "
        f"before, memos and caches emptied before each; bare {r.us(b)}"
    )
    edit, view = statistics.median(t_edit), statistics.median(t_view)
    r.report(
        f"sheet: 200 hands, full page / bare, {family}",
        f"{edit / b:.2f}×",
        "≤ 20×",
        edit / b <= 20,
        f"GET /sheets/<edit_key>/ (the stored standing, the latest {latest} of {BIG} hands "
        f"worked out and listed, the hand form included), {r.us(edit)}; {how}",
    )
    r.report(
        f"sheet: 200 hands, view page / bare, {family}",
        f"{view / b:.2f}×",
        "≤ 20×",
        view / b <= 20,
        f"GET /sheets/view/<view_key>/, {r.us(view)}; {how}",
    )
    whole = statistics.median(t_all)
    r.info(
        f"  {family}: 200 hands, every hand listed / bare",
        f"{whole / b:.2f}×",
        f"GET /sheets/view/<view_key>/?hands=all, {r.us(whole)}, median of {len(t_all)}, "
        f"each a sheet never requested before",
        label="(info)",
    )
    small = statistics.median(t_small)
    r.info(
        f"  {family}: {latest} hands, view page / bare",
        f"{small / b:.2f}×",
        f"the same page for a sheet of only the {latest} hands it lists, {r.us(small)}, median "
        f"of {len(t_small)}, each a sheet never requested before: beside the 200-hand view page, "
        f"what a long sheet costs",
        label="(info)",
    )
    poll = bigs[0]
    first = client.get(f"/sheets/{poll.edit_key}/", HTTP_HX_REQUEST="true")
    tag = first.get("ETag", "")
    elapsed = statistics.median(
        timed(
            lambda: client.get(
                f"/sheets/{poll.edit_key}/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag
            )
        )[0]
        for _ in range(30)
    )
    r.info(
        f"  {family}: live poll, unchanged (304) / bare",
        f"{elapsed / b:.2f}×",
        f"htmx poll of a 200-hand sheet with its ETag, 30 requests (status "
        f"{client.get(f'/sheets/{poll.edit_key}/', HTTP_HX_REQUEST='true', HTTP_IF_NONE_MATCH=tag).status_code})",
        label="(info)",
    )


# --- 30 writers through the production recipe ---------------------------------------------


def post(url: str, data: dict[str, str]) -> tuple[int, bytes]:
    body = urllib.parse.urlencode(data).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def writers(server: Callable[..., Any], workdir: Path, name: str) -> dict[str, Any]:
    """30 adds released at once on one sheet, each with its own connection and key."""
    with server(workdir, name) as base:
        status, body = post(f"{base}/api/v1/sheets", {**NAMES, "family": "hk"})
        if status != 201:
            raise RuntimeError(f"create: {status} {body[:200]!r}")
        key = json.loads(body)["edit_url"].split("/")[2]
        start = threading.Barrier(WRITERS)
        results: list[Any] = [None] * WRITERS

        def write(i: int) -> None:
            hand = {"winner": str(i % 4 + 1), "fan": str(3 + i % 8), "key": f"phone-{i}"}
            hand["win"] = "self_draw"
            start.wait()
            try:
                status, body = post(f"{base}/api/v1/sheets/{key}/hands", hand)
            except OSError as error:
                results[i] = (0, None, str(error))
                return
            revision = None
            if status == 201:
                revision = json.loads(body)["sheet"]["revision"]
            results[i] = (status, revision, "")

        threads = [threading.Thread(target=write, args=(i,)) for i in range(WRITERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        with urllib.request.urlopen(f"{base}/api/v1/sheets/{key}", timeout=30) as response:
            sheet = json.loads(response.read())["sheet"]
    statuses = [r[0] if r else 0 for r in results]
    return {
        "hands": len([h for h in sheet["hands"] if not h.get("deleted")]),
        "server_errors": sum(s >= 500 for s in statuses),
        "failed": sum(s != 201 for s in statuses),
        "statuses": sorted(set(statuses)),
        "revisions": len({r[1] for r in results if r and r[1] is not None}),
        "revision": sheet["revision"],
        "errors": [r[2] for r in results if r and r[2]][:3],
    }


def report_writers(r: ModuleType, database: str, got: dict[str, Any], recipe: str) -> None:
    ok = got["hands"] == WRITERS and got["server_errors"] == 0 and got["revisions"] == WRITERS
    r.report(
        f"sheet: {WRITERS} concurrent writers, {database}",
        f"{got['hands']} hands, {got['server_errors']} 5xx, {got['revisions']} revisions",
        f"{WRITERS} hands, 0 5xx, {WRITERS} distinct",
        ok,
        f"{WRITERS} threads released by one barrier, each its own connection and idempotency "
        f"key, POST /api/v1/sheets/<key>/hands through {recipe}; statuses {got['statuses']}, "
        f"final revision {got['revision']}"
        + (f"; errors: {'; '.join(got['errors'])}" if got["errors"] else ""),
    )


def bench(r: ModuleType, workdir: Path) -> None:
    """Every sheet figure, each behind its own guard."""
    from django.core.management import call_command

    r.section("score sheets: in-process on SQLite, writers through the production recipe")
    with r.guard("sheet database"):
        call_command("migrate", interactive=False, verbosity=0)
    for family in [slug for slug in FAMILIES if slug in r.SLUGS] or ["hk"]:
        with r.guard(f"sheet figures, {family}"):
            bench_in_process(r, family)
    words = r.recipe()[0].split(" (")[0]
    with r.guard(f"sheet: {WRITERS} concurrent writers, SQLite"):
        report_writers(r, "SQLite", writers(r.server, workdir, "writers-sqlite"), words)
    with r.guard(f"sheet: {WRITERS} concurrent writers, PostgreSQL"):
        out = workdir / "writers-postgres.json"
        done = subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts" / "with-postgres"),
                sys.executable,
                str(Path(__file__)),
                str(out),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if not out.exists():
            why = (done.stderr or done.stdout).strip().splitlines()[-3:]
            r.line("n/a", f"sheet: {WRITERS} concurrent writers, PostgreSQL", "", "", " ".join(why))
        else:
            report_writers(r, "PostgreSQL", json.loads(out.read_text()), words)


def postgres_main(out: Path) -> int:
    """Under scripts/with-postgres: migrate the throwaway server, run the writers, write
    the figures as JSON for the parent bench."""
    import os
    import tempfile

    url = os.environ["DATABASE_URL"]
    os.environ["BENCH_DATABASE_URL"] = url
    sys.path.insert(0, str(ROOT))
    from django.core.management import call_command

    from bench import run  # django.setup() with bench.settings

    call_command("migrate", interactive=False, verbosity=0)
    with tempfile.TemporaryDirectory(prefix="bench-pg-") as tmp:
        got = writers(run.server, Path(tmp), "writers-postgres")
    out.write_text(json.dumps(got))
    return 0


if __name__ == "__main__":
    sys.exit(postgres_main(Path(sys.argv[1])))
