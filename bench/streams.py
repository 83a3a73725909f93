"""Open sheets held as change streams (budgets.md; issue "every phone updated at once").

Through the production recipe: STREAMS idle streams (four phones to a sheet) opened through
nginx and held for HOLD_S seconds. Meanwhile a plain page is probed every PROBE_EVERY_S and
a hand is recorded now and then on one of the sheets, timed until one of its streams is
told. Reported: the probes' median (budget < 100 ms), the stream server's memory (RSS) and
the CPU it spent holding them, the time to open them, the push's delay under that load.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench import common
from bench.common import fetch, info, report, section

STREAMS = 2_000
PER_SHEET = 4
HOLD_S = 60
PROBE_EVERY_S = 0.5
RECORD_EVERY_S = 5
OPENING_AT_ONCE = 100
PROBE_BUDGET_MS = 100
NAMES = {"name1": "阿明", "name2": "Ka Yan", "name3": "小芳", "name4": "Bob", "family": "hk"}


def rss_mb(pid: int) -> float:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """User and system CPU the process has used, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime in clock ticks (100/s)


class Held:
    """One stream through nginx: its connection, and when each event came."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.told: list[tuple[float, str]] = []
        self.closed = False

    async def open(self, host: str, port: int) -> None:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        self.writer.write(
            f"GET {self.path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"stream {self.path}: {head[:80]!r}")

    async def read(self) -> None:
        while line := await self.reader.readline():
            if line.startswith(b"data: "):
                self.told.append((time.monotonic(), line[6:].strip().decode()))
        self.closed = True

    def close(self) -> None:
        self.writer.close()


async def probe(base: str, until: float) -> list[float]:
    url = urlsplit(base)
    times = []
    while time.monotonic() < until:
        started = time.monotonic()
        reader, writer = await asyncio.open_connection(url.hostname, url.port)
        writer.write(
            f"GET /hk/?fan=5 HTTP/1.1\r\nHost: {url.netloc}\r\nConnection: close\r\n\r\n".encode()
        )
        await writer.drain()
        answer = await reader.read()
        writer.close()
        if not answer.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"probe: {answer[:80]!r}")
        times.append((time.monotonic() - started) * 1000)
        await asyncio.sleep(PROBE_EVERY_S)
    return times


async def record_now_and_then(
    base: str, sheets: list[dict[str, Any]], held: dict[str, list[Held]], until: float
) -> list[float]:
    """A hand on a random sheet every RECORD_EVERY_S; the delay until all its streams hear."""
    rng = random.Random(34)
    delays = []
    n = 0
    while time.monotonic() + RECORD_EVERY_S < until:
        await asyncio.sleep(RECORD_EVERY_S)
        sheet = rng.choice(sheets)
        n += 1
        hand = {"winner": "1", "win": "self_draw", "fan": "3", "key": f"streams-{n}"}
        url = f"{base}{sheet['api_url']}/hands"
        status, _h, body = await asyncio.to_thread(fetch, url, hand)
        answered = time.monotonic()
        if status != 201:
            raise RuntimeError(f"record: {status} {body[:200]!r}")
        revision = str(json.loads(body)["sheet"]["revision"])
        streams = held[sheet["view_url"]]
        while not all(any(r == revision for _t, r in s.told) for s in streams):
            if time.monotonic() - answered > 10:
                raise RuntimeError("a stream was not told of a recorded hand within 10 s")
            await asyncio.sleep(0.005)
        told = max(t for s in streams for t, r in s.told if r == revision)
        delays.append((told - answered) * 1000)
    return delays


async def hold(base: str, sheets: list[dict[str, Any]], pid: int) -> dict[str, Any]:
    url = urlsplit(base)
    streams = {
        s["view_url"]: [Held(f"{s['view_url']}events") for _ in range(PER_SHEET)] for s in sheets
    }
    every = [h for group in streams.values() for h in group]
    before = rss_mb(pid)
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def opened(h: Held) -> None:
        async with gate:
            await h.open(url.hostname, url.port)

    started = time.monotonic()
    await asyncio.gather(*(opened(h) for h in every))
    opening_s = time.monotonic() - started
    readers = [asyncio.create_task(h.read()) for h in every]
    after_open = rss_mb(pid)
    cpu_before = cpu_s(pid)
    until = time.monotonic() + HOLD_S
    probes, delays = await asyncio.gather(
        probe(base, until), record_now_and_then(base, sheets, streams, until)
    )
    cpu_held = cpu_s(pid) - cpu_before
    after_hold = rss_mb(pid)
    dropped = sum(h.closed for h in every)
    for h in every:
        h.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return {
        "streams": len(every),
        "opening_s": opening_s,
        "rss_mb_before": before,
        "rss_mb_open": after_open,
        "rss_mb_held": after_hold,
        "cpu_s_held": cpu_held,
        "probes_ms": probes,
        "push_ms": delays,
        "dropped": dropped,
    }


def run(base: str, workdir: Path) -> dict[str, Any]:
    section(f"{STREAMS:,} open sheets' change streams held {HOLD_S} s, the recipe")
    pid = int((common.RUN_DIRS[base] / "events.pid").read_text())
    sheets = []
    for _ in range(STREAMS // PER_SHEET):
        status, _h, body = fetch(f"{base}/api/v1/sheets", NAMES)
        if status != 201:
            raise RuntimeError(f"new sheet: {status} {body[:200]!r}")
        sheets.append(json.loads(body))
    got = asyncio.run(hold(base, sheets, pid))
    probes = got["probes_ms"]
    median = statistics.median(probes)
    per_stream_kb = (got["rss_mb_held"] - got["rss_mb_before"]) * 1024 / got["streams"]
    report(
        f"{STREAMS:,} idle streams: probe median",
        f"{median:.1f} ms",
        f"< {PROBE_BUDGET_MS} ms, every probe answered, no stream dropped",
        median < PROBE_BUDGET_MS and not got["dropped"],
        f"{common.RECIPE_WORDS}; {got['streams']:,} streams through nginx ({PER_SHEET} a sheet) "
        f"held {HOLD_S} s, a comment line each 20 s; GET /hk/?fan=5 every {PROBE_EVERY_S} s "
        f"on a new connection: {len(probes)} probes, max {max(probes):.1f} ms; "
        f"{got['dropped']} streams dropped",
        **got,
    )
    info(
        "  the stream server's memory",
        f"{got['rss_mb_held']:.0f} MB",
        f"uvicorn's RSS: {got['rss_mb_before']:.0f} MB before, {got['rss_mb_open']:.0f} MB with "
        f"the {got['streams']:,} streams open, {got['rss_mb_held']:.0f} MB after {HOLD_S} s "
        f"(≈ {per_stream_kb:.0f} KB a stream); bounded by SHEET_STREAMS_MAX a process",
    )
    info(
        "  the stream server's CPU while holding them",
        f"{got['cpu_s_held'] / HOLD_S:.1%}",
        f"{got['cpu_s_held']:.2f} s of CPU over {HOLD_S} s (heartbeats, the revision check "
        f"every 0.2 s, {len(got['push_ms'])} hands told); opening them took "
        f"{got['opening_s']:.1f} s ({got['streams'] / got['opening_s']:,.0f}/s, "
        f"{OPENING_AT_ONCE} at once)",
    )
    if got["push_ms"]:
        info(
            "  a hand told to its sheet's streams meanwhile",
            f"{statistics.median(got['push_ms']):.0f} ms",
            "median, from the recording's answer to the last of its 4 streams hearing: "
            + ", ".join(f"{d:.0f}" for d in got["push_ms"])
            + " ms",
        )
    return got
