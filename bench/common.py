"""What every part of `make bench` shares: the report lines, the production recipe on a free
port, `wrk` and the browser with a phone's emulation (the live forms are in `live_forms`).

Parts drive the site over HTTP by its public URLs (contract.md), so they do not depend on
where the code behind them lives; the forms they fill are read from the served HTML, and the
pages they walk from the family registry.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from calculator.families import FAMILIES

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "bench" / "results"

FAMILY_PAGES = tuple(FAMILIES)
HAND_PAGES = tuple(slug for slug, family in FAMILIES.items() if family.hand)  # tile entry

# The phone of budgets.md: a mid-range phone on a 4G signal.
RTT_MS = 50
DOWN_BPS, UP_BPS = 9_000_000, 1_500_000
CPU_SLOWDOWN = 4
PHONE_VIEWPORT = {"width": 390, "height": 844}

NUMBER = '[data-result="winner_receives"]'
KB = 1024

# --- report lines ---------------------------------------------------------------------------

RESULTS: list[dict[str, Any]] = []


def line(status: str, name: str, figure: str, budget: str = "", how: str = "", **data: Any) -> None:
    RESULTS.append(
        {"status": status, "name": name, "figure": figure, "budget": budget, "how": how, **data}
    )
    print(f"{status:<5} {name:<52} {figure:>18}   {budget}", flush=True)
    if how:
        print(f"{'':6}how: {how}", flush=True)


def report(name: str, figure: str, budget: str, ok: bool, how: str, **data: Any) -> None:
    line("PASS" if ok else "MISS", name, figure, f"budget {budget}", how, **data)


def info(name: str, figure: str, how: str, label: str = "(info)", **data: Any) -> None:
    line("INFO", name, figure, label, how, **data)


def section(title: str) -> None:
    print(f"\n== {title} " + "=" * max(0, 86 - len(title)), flush=True)


@contextlib.contextmanager
def guard(name: str) -> Iterator[None]:
    """One figure's work: an exception is that figure's ERROR, and the bench goes on."""
    try:
        yield
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]
        where = traceback.extract_tb(error.__traceback__)[-1]
        line("ERROR", name, "", "", f"{detail[:300]} ({Path(where.filename).name}:{where.lineno})")


def write_json(name: str, data: Any) -> Path:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
    return path


# --- the production recipe ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# Each running recipe's run directory (pid files), by its base URL.
RUN_DIRS: dict[str, Path] = {}


@contextlib.contextmanager
def recipe(workers: int = 2) -> Iterator[str]:
    """`scripts/serve` (nginx → gunicorn, as `make serve` runs it) on a free loopback port,
    its own run directory and throwaway SQLite file. gunicorn loads bench.settings (the
    site's settings and URLs plus the bare view `/_bench/hello`) through its own `--env`
    option; nothing else of the recipe changes."""
    with tempfile.TemporaryDirectory(prefix="bench-recipe-") as tmp:
        Path(tmp).chmod(0o755)  # nginx's workers (www-data under root) reach their temp dirs
        port = free_port()
        database = f"sqlite:///{tmp}/db.sqlite3"
        env = {
            **os.environ,
            "PORT": str(port),
            "RUN_DIR": f"{tmp}/run",
            "WEB_CONCURRENCY": str(workers),
            "DATABASE_URL": database,
            "BENCH_DATABASE_URL": database,
            "GUNICORN_CMD_ARGS": "--env DJANGO_SETTINGS_MODULE=bench.settings",
        }
        env.pop("SECRET_KEY", None)
        log = open(Path(tmp) / "serve.log", "w")  # noqa: SIM115
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts" / "serve")],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while not answers(f"{base}/_bench/hello?up"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "scripts/serve did not start: "
                        + (Path(tmp) / "serve.log").read_text()[-800:]
                    )
                time.sleep(0.3)
            RUN_DIRS[base] = Path(tmp) / "run"
            yield base
        finally:
            RUN_DIRS.pop(base, None)
            if process.poll() is None:
                process.send_signal(signal.SIGINT)  # serve stops nginx and gunicorn
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(10)
            log.close()


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def fetch(
    url: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


# --- wrk ------------------------------------------------------------------------------------


def ensure_wrk() -> bool:
    """Debian's wrk, installed as scripts/ensure-nginx installs nginx (root, apt-get)."""
    if shutil.which("wrk"):
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["apt-get", "install", "-y", "-qq", "wrk"], ["apt-get", "update", "-qq"]):
            subprocess.run(command, check=False, env=env, timeout=300, capture_output=True)
            if shutil.which("wrk"):
                break
        else:
            subprocess.run(
                ["apt-get", "install", "-y", "-qq", "wrk"],
                check=False,
                env=env,
                timeout=300,
                capture_output=True,
            )
    return bool(shutil.which("wrk"))


def write_requests(path: Path, requests: list[tuple[str, str, str, dict[str, str]]]) -> Path:
    """One request a line for bench/requests.lua: method, path, body, then headers."""
    with open(path, "w") as out:
        for method, target, body, headers in requests:
            fields = [method, target, body, *(f"{k}: {v}" for k, v in headers.items())]
            if any("\t" in f or "\n" in f for f in fields):
                raise ValueError(f"a tab or newline in a request: {fields}")
            out.write("\t".join(fields) + "\n")
    return path


def wrk(base: str, requests: Path, seconds: int, connections: int = 8) -> dict[str, Any]:
    """wrk -t2 at saturation over the requests of `requests`, each thread its own stride,
    so no line is sent twice unless the run outlasts the file (then counted)."""
    threads = 2
    out = subprocess.run(
        [
            "wrk",
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "--latency",
            "-s",
            str(ROOT / "bench" / "requests.lua"),
            base,
            "--",
            str(requests),
            str(threads),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    ).stdout
    walked = re.search(r"BENCH requests=(\d+) repeats=(\d+) lines=(\d+)", out)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not walked or not rps:
        raise RuntimeError(f"wrk output not understood: {out[-500:]}")
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    p50 = re.search(r"\s50%\s+([\d.]+\w+)", out)
    p99 = re.search(r"\s99%\s+([\d.]+\w+)", out)
    return {
        "rps": float(rps.group(1)),
        "errors": errors,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "requests": int(walked.group(1)),
        "repeats": int(walked.group(2)),
        "lines": int(walked.group(3)),
        "p50": p50.group(1) if p50 else "?",
        "p99": p99.group(1) if p99 else "?",
        "seconds": seconds,
    }


# --- the browser ----------------------------------------------------------------------------


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(
        executable_path="/usr/bin/chromium",
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    )


def phone_context(browser: Any) -> Any:
    """A fresh context (empty cache, no cookies) the size of a phone."""
    return browser.new_context(
        viewport=PHONE_VIEWPORT, is_mobile=True, has_touch=True, device_scale_factor=3
    )


def emulate_phone(context: Any, page: Any) -> Any:
    """CDP: the CPU 4× slower and the 4G network of budgets.md, on this page."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": RTT_MS,
            "downloadThroughput": DOWN_BPS / 8,
            "uploadThroughput": UP_BPS / 8,
        },
    )
    return cdp


PHONE_WORDS = (
    f"headless Chromium (/usr/bin/chromium), {PHONE_VIEWPORT['width']} px, isMobile; CDP "
    f"Emulation.setCPUThrottlingRate {CPU_SLOWDOWN} and Network.emulateNetworkConditions "
    f"(latency {RTT_MS} ms, {DOWN_BPS / 1e6:g} Mbit/s down, {UP_BPS / 1e6:g} up)"
)
RECIPE_WORDS = (
    "through scripts/serve (nginx → gunicorn, 2 sync workers; the streams → uvicorn) on loopback"
)


class Stopwatch(threading.Thread):
    """Ends the run when it outlasts its bound: every part has one."""

    def __init__(self, seconds: float) -> None:
        super().__init__(daemon=True)
        self.seconds = seconds

    def run(self) -> None:
        time.sleep(self.seconds)
        print(f"\nERROR watchdog: the bench ran past {self.seconds:.0f} s", flush=True)
        os.kill(os.getpid(), signal.SIGINT)
