"""Hostile traffic through the production recipe (`make serve`: nginx → gunicorn).

One file over 400 lines on purpose: a script read top to bottom, its four parts in the
order below, run as a process of its own (`bench/run.py` starts it so) with its own stack.

Starts scripts/serve on a free loopback port (its own run directory and SQLite file, two
gunicorn workers unless WEB_CONCURRENCY says otherwise), then measures what budgets.md
asks of it:

1. slow clients: 50 sockets that send one header line every 10 s for 60 s (reconnecting
   when the server drops them), while a probe fetches /hk/ every 0.5 s: median and max
   probe latency, probes answered — PASS when the median is under 100 ms and every probe
   is answered;
2. memory: the largest gunicorn worker's RSS after 50,000 distinct URLs (pages, htmx
   partials and API answers over five families) and after 5,000 URLs carrying a long
   invalid value — PASS under 150 MB;
3. bytes on the wire (compressed as nginx sends them): the first visit of /hk/ (HTML and
   everything it loads: CSS, JS, icon, manifest) ≤ 50 KB, one htmx partial ≤ 5 KB;
4. logs: the app's log lines for 200 refused-Host and 200 HEAD requests (one each for a
   refused Host, none for HEAD), and that no line is a traceback.

Loopback only; every loop is bounded by a count and every wait by a timeout.

    .venv/bin/python bench/hostile.py                  # everything, 6–8 minutes
    .venv/bin/python bench/hostile.py --json out.json  # also write the figures as JSON
    .venv/bin/python bench/hostile.py --direct --only slow   # the same probe, gunicorn alone

Exit status 0 when every figure is within its budget.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
BUDGET_MEDIAN_MS = 100
BUDGET_RSS_MB = 150
BUDGET_FIRST_VISIT = 50 * 1024
BUDGET_PARTIAL = 5 * 1024


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the stack -------------------------------------------------------------------------


class Stack:
    """scripts/serve in its own session, its stderr (the app's log) collected."""

    def __init__(self, workers: int) -> None:
        self.port = free_port()
        self.tmp = tempfile.TemporaryDirectory(prefix="mahjong-hostile-")
        self.run_dir = Path(self.tmp.name) / "run"
        env = {
            **os.environ,
            "PORT": str(self.port),
            "RUN_DIR": str(self.run_dir),
            "WEB_CONCURRENCY": str(workers),
            "DATABASE_URL": f"sqlite:///{self.tmp.name}/db.sqlite3",
        }
        env.pop("SECRET_KEY", None)
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve")],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        deadline = time.monotonic() + 120
        while not any("Ctrl-C stops them all" in line for line in self.lines):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise SystemExit("make serve did not start:\n" + "".join(self.lines[-20:]))
            time.sleep(0.2)
        conf = (self.run_dir / "nginx" / "nginx.conf").read_text()
        self.app_port = int(re.search(r"server 127\.0\.0\.1:(\d+);", conf).group(1))

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def workers(self) -> list[int]:
        master = int((self.run_dir / "gunicorn.pid").read_text())
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        return [int(pid) for pid in children]

    def worker_rss_mb(self) -> float:
        sizes = []
        for pid in self.workers():
            status = Path(f"/proc/{pid}/status").read_text()
            sizes.append(int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024)
        return max(sizes)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # serve stops nginx and gunicorn
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.tmp.cleanup()


# --- 1. slow clients ---------------------------------------------------------------------


def slow_clients(port: int, count: int, seconds: float, gap: float) -> tuple[dict, list]:
    """`count` sockets sending a header line every `gap` seconds, reopened when dropped,
    for `seconds`; meanwhile a probe every 0.5 s."""
    stop_at = time.monotonic() + seconds
    stats = {"reconnects": 0}

    def opened() -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET /hk/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        return sock

    def slow() -> None:
        socks = [opened() for _ in range(count)]
        line = 0
        while time.monotonic() < stop_at:
            time.sleep(min(gap, max(0.0, stop_at - time.monotonic())))
            line += 1
            for i, sock in enumerate(socks):
                try:
                    sock.sendall(f"X-Slow-{line}: {line}\r\n".encode())
                except OSError:
                    sock.close()
                    stats["reconnects"] += 1
                    try:
                        socks[i] = opened()
                    except OSError:
                        pass
        for sock in socks:
            sock.close()

    thread = threading.Thread(target=slow, daemon=True)
    thread.start()
    time.sleep(1)  # every slow socket is open before the first probe
    probes: list[float | None] = []
    while time.monotonic() < stop_at:
        started = time.monotonic()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/hk/")
            response = conn.getresponse()
            response.read()
            conn.close()
            probes.append(time.monotonic() - started if response.status == 200 else None)
        except OSError:
            probes.append(None)
        time.sleep(max(0.0, 0.5 - (time.monotonic() - started)))
    thread.join(seconds + 30)
    return stats, probes


# --- 2. memory ---------------------------------------------------------------------------

FAMILIES = [
    ("hk", lambda k: f"fan={k % 14}&unit={k}"),
    (
        "riichi",
        lambda k: f"han={1 + (k // 10000) % 13}&honba={k % 100}&riichi_sticks={(k // 100) % 100}",
    ),
    ("mcr", lambda k: f"points={k % 1001}&flowers={(k // 1001) % 9}"),
    ("jiujiang", lambda k: f"unit={k}"),
    ("classical", lambda k: f"unit={k}"),
]


def distinct_urls(n: int) -> list[tuple[str, dict]]:
    """n distinct requests: a page, an htmx partial or an API answer, five families."""
    requests = []
    for i in range(n):
        slug, query = FAMILIES[i % len(FAMILIES)]
        k = i // len(FAMILIES)
        kind = k % 3
        if kind == 2:
            requests.append((f"/api/v1/{slug}?{query(k)}", {}))
        else:
            headers = {"HX-Request": "true"} if kind == 1 else {}
            requests.append((f"/{slug}/?{query(k)}", headers))
    return requests


def long_invalid_urls(n: int, length: int) -> list[tuple[str, dict]]:
    """n pages whose `fan` is a long invalid value (distinct, echoed back in the page)."""
    return [(f"/hk/?fan={i:08d}{'x' * length}", {}) for i in range(n)]


def flood(port: int, requests: list[tuple[str, dict]], threads: int) -> dict:
    """Every request once, `threads` keep-alive connections; counts statuses."""
    counts: dict[str, int] = {}
    lock = threading.Lock()
    chunks = [requests[i::threads] for i in range(threads)]

    def work(chunk: list[tuple[str, dict]]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for path, headers in chunk:
            for _attempt in range(2):
                try:
                    conn.request("GET", path, headers={"Accept-Encoding": "gzip", **headers})
                    response = conn.getresponse()
                    response.read()
                    status = str(response.status)
                    break
                except (OSError, http.client.HTTPException):
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    status = "error"
            with lock:
                counts[status] = counts.get(status, 0) + 1
        conn.close()

    started = time.monotonic()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(work, chunks))
    return {"statuses": counts, "seconds": round(time.monotonic() - started, 1)}


# --- 3. bytes on the wire ----------------------------------------------------------------


def on_the_wire(port: int, path: str, headers: dict | None = None) -> tuple[int, int, bytes]:
    """(bytes sent by the server, headers included; body bytes as sent; the body)."""
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept-Encoding: gzip, br"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    lines += ["Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall("\r\n".join(lines).encode())
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _sep, body = raw.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" in head.lower():
        decoded, rest = b"", body
        while rest:
            size_line, _sep, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            decoded, rest = decoded + rest[:size], rest[size + 2 :]
        body = decoded
    if b"content-encoding: gzip" in head.lower():
        import gzip

        plain = gzip.decompress(body)
    else:
        plain = body
    return len(raw), len(body), plain


def first_visit(port: int) -> dict:
    total, body, html = on_the_wire(port, "/hk/")
    parts = {"/hk/": total}
    text = html.decode()
    assets = re.findall(r'<link rel="(?:stylesheet|icon|manifest)" href="([^"]+)"', text)
    assets += re.findall(r'<script src="([^"]+)"', text)
    for asset in assets:
        parts[asset] = on_the_wire(port, asset)[0]
    partial = on_the_wire(port, "/hk/?fan=5&split=half", {"HX-Request": "true"})[0]
    return {"first_visit": sum(parts.values()), "parts": parts, "partial": partial}


# --- 4. logs -----------------------------------------------------------------------------


def log_lines(stack: Stack, requests: int) -> dict:
    def count_new(action) -> list[str]:
        before = len(stack.lines)
        action()
        time.sleep(1)
        return stack.lines[before:]

    def bad_hosts() -> None:
        for i in range(requests):
            conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
            conn.request("GET", "/glossary/", headers={"Host": f"evil-{i}.example"})
            conn.getresponse().read()
            conn.close()

    def heads() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=10)
        for i in range(requests):
            conn.request("HEAD", f"/hk/?fan={i % 14}")
            conn.getresponse().read()
        conn.close()

    host_lines = count_new(bad_hosts)
    head_lines = count_new(heads)
    return {
        "refused_host_requests": requests,
        "refused_host_lines": len(host_lines),
        "head_requests": requests,
        "head_lines": len(head_lines),
        "tracebacks": sum("Traceback" in line for line in host_lines + head_lines),
    }


# --- report ------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--only", choices=["slow", "memory", "bytes", "logs"], action="append")
    parser.add_argument("--direct", action="store_true", help="slow clients on gunicorn alone")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 2)))
    parser.add_argument("--slow-sockets", type=int, default=50)
    parser.add_argument("--slow-seconds", type=float, default=60)
    parser.add_argument("--urls", type=int, default=50_000)
    parser.add_argument("--long-urls", type=int, default=5_000)
    parser.add_argument("--long-length", type=int, default=6_000)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    parts = set(args.only or ["slow", "memory", "bytes", "logs"])
    results: dict = {"workers": args.workers}
    ok = True
    stack = Stack(args.workers)
    try:
        target = stack.app_port if args.direct else stack.port
        where = "gunicorn alone" if args.direct else "nginx → gunicorn"
        print(f"hostile: {where}, {args.workers} sync workers, port {target}", flush=True)
        if "slow" in parts:
            stats, probes = slow_clients(target, args.slow_sockets, args.slow_seconds, 10)
            answered = [p for p in probes if p is not None]
            median = statistics.median(answered) * 1000 if answered else float("inf")
            worst = max(answered) * 1000 if answered else float("inf")
            passed = median < BUDGET_MEDIAN_MS and len(answered) == len(probes)
            ok &= passed
            results["slow"] = {
                "target": where,
                "sockets": args.slow_sockets,
                "seconds": args.slow_seconds,
                "reconnects": stats["reconnects"],
                "probes": len(probes),
                "answered": len(answered),
                "median_ms": round(median, 1),
                "max_ms": round(worst, 1),
                "pass": passed,
            }
            print(
                f"slow clients: {args.slow_sockets} sockets × {args.slow_seconds:.0f} s "
                f"({stats['reconnects']} reconnects): {len(answered)}/{len(probes)} probes "
                f"answered, median {median:.1f} ms, max {worst:.1f} ms "
                f"— {'PASS' if passed else 'FAIL'} (median < {BUDGET_MEDIAN_MS} ms, all answered)",
                flush=True,
            )
        if "memory" in parts:
            port = stack.port
            flood(port, distinct_urls(50), args.threads)  # every worker warmed up
            before = stack.worker_rss_mb()
            distinct = flood(port, distinct_urls(args.urls), args.threads)
            after_distinct = stack.worker_rss_mb()
            long = flood(port, long_invalid_urls(args.long_urls, args.long_length), args.threads)
            after_long = stack.worker_rss_mb()
            bad = {s: n for s, n in distinct["statuses"].items() if s != "200"}
            bad_long = {s: n for s, n in long["statuses"].items() if s != "200"}
            passed = max(after_distinct, after_long) < BUDGET_RSS_MB and not bad and not bad_long
            ok &= passed
            results["memory"] = {
                "rss_mb_before": round(before, 1),
                "rss_mb_after_distinct": round(after_distinct, 1),
                "rss_mb_after_long": round(after_long, 1),
                "distinct": {"urls": args.urls, **distinct},
                "long_invalid": {"urls": args.long_urls, "length": args.long_length, **long},
                "pass": passed,
            }
            print(
                f"memory: largest worker {before:.1f} MB warm → {after_distinct:.1f} MB after "
                f"{args.urls:,} distinct URLs ({distinct['seconds']} s, statuses "
                f"{distinct['statuses']}) → {after_long:.1f} MB after {args.long_urls:,} URLs "
                f"with a {args.long_length:,}-character invalid value ({long['seconds']} s, "
                f"statuses {long['statuses']}) — {'PASS' if passed else 'FAIL'} "
                f"(< {BUDGET_RSS_MB} MB, all 200)",
                flush=True,
            )
        if "bytes" in parts:
            weights = first_visit(stack.port)
            passed = (
                weights["first_visit"] <= BUDGET_FIRST_VISIT
                and weights["partial"] <= BUDGET_PARTIAL
            )
            ok &= passed
            results["bytes"] = {**weights, "pass": passed}
            listed = ", ".join(f"{path} {size:,}" for path, size in weights["parts"].items())
            print(
                f"bytes on the wire (gzip, headers included): first visit of /hk/ "
                f"{weights['first_visit']:,} B ({listed}); one htmx partial "
                f"{weights['partial']:,} B — {'PASS' if passed else 'FAIL'} "
                f"(≤ {BUDGET_FIRST_VISIT:,} and ≤ {BUDGET_PARTIAL:,})",
                flush=True,
            )
        if "logs" in parts:
            logs = log_lines(stack, 200)
            passed = (
                logs["refused_host_lines"] == logs["refused_host_requests"]
                and logs["head_lines"] == 0
                and logs["tracebacks"] == 0
            )
            ok &= passed
            results["logs"] = {**logs, "pass": passed}
            print(
                f"logs: {logs['refused_host_lines']} lines for {logs['refused_host_requests']} "
                f"refused-Host requests, {logs['head_lines']} for {logs['head_requests']} HEAD "
                f"requests, {logs['tracebacks']} tracebacks — {'PASS' if passed else 'FAIL'}",
                flush=True,
            )
    finally:
        stack.stop()
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(f"hostile: {'PASS' if ok else 'FAIL'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
