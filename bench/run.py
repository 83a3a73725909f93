"""`make bench`: every budget of the spec (budgets.md) as a figure, side by side in one run.

Speed is a ratio against a bare "hello" Django view measured in the same run, so a busy
machine moves both sides alike. Every budget line is **cold**: a state nobody has asked for
in this run (distinct states made in a child process, `bench/states.py`), with every
in-process memo emptied before each timed call where the bench owns the process. What a
repeated URL costs is printed beside it as `(cached, info)`; the budget is never on it.

Each line says PASS or MISS and, below it, how it was taken. A missed budget is a MISS, not
a failure; the exit status is 1 only when something errored (a family that raises is
reported as ERROR and the rest goes on). Everything runs on loopback and stops by itself:
every load run, browser wait and server has a bound, and a watchdog ends the run.

    BENCH_FAMILIES=hk,riichi   only these families (default: every one in the registry)
    BENCH_SECONDS=9            seconds of distinct-URL `wrk` load per family (3 rounds)
    BENCH_RECIPE=gunicorn      serve with gunicorn alone even where scripts/serve (nginx) exists
    BENCH_PARTS=hands,sheets   only these parts (engine, hands, pages, served, browser, sheets)
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import gzip
import html
import inspect
import os
import pickle
import pkgutil
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from enum import Enum
from fractions import Fraction
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from bench.hands import HANDS, TILE_PARAMS  # noqa: E402
from calculator.families import FAMILIES  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "9"))  # distinct-URL load per family
ROUNDS = 3  # served: bare and partial runs alternate this many times
REPEAT_SECONDS = 3  # the one-repeated-URL run (info)
WATCHDOG = int(os.environ.get("BENCH_TIMEOUT", "900"))

WARM = 3  # distinct states per page spent on warming templates and imports, never timed
IN_PROCESS = 200  # cold requests per page, each side (partial, full page) and the bare view
CHANGES, CHANGE_WARM = 20, 2  # browser: timed changes, untimed first changes
WALK_SPARE = 10  # browser: walk steps beyond those, for changes the page does not send
SETTLE_MS = 150  # browser: the pause before each change (outside the timed interval)
ENGINE_CALLS = 10_000  # distinct engine inputs per family
SERVED_POOL = 20_000  # distinct served query strings per family
SERVED_WARM = 1_000  # of those, the first are for warming the workers only
BROWSER_STATES = 2 * (1 + CHANGE_WARM + CHANGES)  # loopback and emulated: load + changes
MAIN_STATES = WARM + 2 * IN_PROCESS + BROWSER_STATES
HAND_STATES = WARM + 2 * IN_PROCESS

RTT_MS = 50  # CDP latency for the phone figure
DOWN_BPS, UP_BPS = 9_000_000, 1_500_000  # "4G" throughput, bits per second
KB = 1024

HX = {"HTTP_HX_REQUEST": "true"}
MARKER = b'data-result="winner_receives"'


def built_families() -> tuple[list[str], dict[str, str]]:
    """Registry slugs whose form exists, and those whose form module does not import."""
    slugs, broken = [], {}
    for slug, family in FAMILIES.items():
        try:
            if family.form:
                slugs.append(slug)
        except Exception as error:  # reported as that family's ERROR; the rest is benched
            broken[slug] = f"{type(error).__name__}: {error}"
    return slugs, broken


SLUGS, BROKEN = built_families()
if os.environ.get("BENCH_FAMILIES"):
    SLUGS = [slug for slug in SLUGS if slug in os.environ["BENCH_FAMILIES"].split(",")]

ALL_PARTS = ("engine", "hands", "pages", "served", "browser", "sheets")
PARTS = set(os.environ.get("BENCH_PARTS", ",".join(ALL_PARTS)).split(",")) & set(ALL_PARTS)

results: list[tuple[str, str]] = []  # (status, name)


class Watchdog(BaseException):
    """The whole run took too long: not an Exception, so no family guard swallows it."""


# --- reporting ----------------------------------------------------------------------------


def line(status: str, name: str, figure: str, budget: str, how: str = "") -> None:
    results.append((status, name))
    print(f"{status:<5} {name:<50} {figure:>16}   {budget}", flush=True)
    if how:
        print(f"{'':6}{how}", flush=True)


def report(name: str, figure: str, budget: str, ok: bool, how: str) -> None:
    line("PASS" if ok else "MISS", name, figure, f"budget {budget}", how)


def info(name: str, figure: str, how: str = "", label: str = "(cached, info)") -> None:
    line("info", name, figure, label, how)


def section(title: str) -> None:
    print(f"\n== {title} " + "=" * max(0, 84 - len(title)), flush=True)


@contextlib.contextmanager
def guard(name: str) -> Iterator[None]:
    """One figure's work: an exception is that figure's ERROR, and the bench goes on."""
    try:
        yield
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip().splitlines()[-1]
        where = traceback.extract_tb(error.__traceback__)[-1]
        line("ERROR", name, "", "", f"{detail[:300]}  ({Path(where.filename).name}:{where.lineno})")


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:,.2f} ms"


# --- in-process memos: found, reported, emptied before every cold call ----------------------


def import_everything() -> list[str]:
    """Import every calculator module, so memos defined anywhere are found."""
    failed = []
    import calculator

    for module in pkgutil.walk_packages(calculator.__path__, "calculator."):
        try:
            import_module(module.name)
        except Exception as error:
            failed.append(f"{module.name} ({type(error).__name__})")
    return failed


def find_memos() -> list[tuple[str, Any]]:
    """Every `functools.lru_cache`/`cache` in the calculator's modules and their classes."""
    found: dict[int, tuple[str, Any]] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "calculator" or name.startswith("calculator.")):
            continue
        for attr, obj in list(vars(module).items()):
            candidates = [(attr, obj)]
            if isinstance(obj, type) and obj.__module__ == name:
                candidates += [(f"{attr}.{k}", v) for k, v in vars(obj).items()]
            for label, candidate in candidates:
                fn = getattr(candidate, "__func__", candidate)
                if callable(getattr(fn, "cache_clear", None)) and hasattr(fn, "cache_info"):
                    found.setdefault(id(fn), (f"{name}.{label}", fn))
    return sorted(found.values(), key=lambda item: item[0])


MEMOS: list[tuple[str, Any]] = []


def clear_memos() -> None:
    for _name, fn in MEMOS:
        fn.cache_clear()
    for alias in settings.CACHES:
        caches[alias].clear()


def memo_words() -> str:
    backends = ", ".join(
        f"{alias}: {config['BACKEND'].rsplit('.', 1)[-1]}"
        for alias, config in settings.CACHES.items()
    )
    memos = ", ".join(name for name, _fn in MEMOS) or "no lru_cache found"
    return f"Django cache ({backends}); {memos}"


# --- states -------------------------------------------------------------------------------


def htmx_query(values: dict[str, Any], kinds: dict[str, str]) -> str:
    from bench.states import htmx_query as query

    return query(values, kinds)


def make_states(workdir: Path) -> dict[str, dict[str, Any]]:
    out = workdir / "states.pickle"
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "states.py"),
            str(out),
            str(workdir),
            ",".join(SLUGS),
            str(SERVED_POOL),
            str(MAIN_STATES),
            str(ENGINE_CALLS),
            str(HAND_STATES),
            str(CHANGE_WARM + CHANGES + WALK_SPARE),
        ],
        check=True,
        timeout=300,
        cwd=ROOT,
    )
    with open(out, "rb") as handle:
        states = pickle.load(handle)
    took = time.perf_counter() - started
    for kind, pages in states.items():
        for slug, data in pages.items():
            page = f"/{slug}/" + ("hand/" if kind == "hand" else "")
            if "error" in data:
                line("ERROR", f"states for {page}", "", "", data["error"][:300])
            else:
                total = data.get("total", len(data["states"]))
                served = data.get("served", total)
                extra = (
                    f"; {served - total:,} more URLs in other languages" if served > total else ""
                )
                print(f"      {page:<15} {total:>7,} distinct valid states ({data['how']}{extra})")
    print(f"      made in a child process in {took:.0f} s; this process has parsed none of them")
    return states


# --- engine and hand analysis ---------------------------------------------------------------


def time_each(calls: list[Callable[[], object]]) -> list[float]:
    """Each call timed alone (seconds), memos emptied before it, garbage collector off."""
    timer = timeit.default_timer
    times = []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for call in calls:
            clear_memos()
            start = timer()
            call()
            times.append(timer() - start)
    finally:
        if gc_was:
            gc.enable()
    return times


def repeated(call: Callable[[], object], number: int, repeat: int = 5) -> float:
    """Median per-call time of one call repeated (memos as shipped): the cached figure."""
    call()
    return statistics.median(t / number for t in timeit.repeat(call, number=number, repeat=repeat))


def bench_engines(states: dict[str, Any]) -> None:
    section("engine call (score), per family from calculator.families.FAMILIES")
    for slug in SLUGS:
        name = f"engine call, {slug}"
        with guard(name):
            data = states["payment"].get(slug) or {}
            if "error" in data:
                raise RuntimeError(f"no states: {data['error']}")
            inputs = data.get("inputs") or []
            if not inputs:
                raise RuntimeError("the form gave no `inputs` (not converted yet?)")
            score = FAMILIES[slug].engine.score
            cold = statistics.median(
                time_each([lambda a=a, score=score: score(*a) for a in inputs])
            )
            report(
                name,
                us(cold),
                "≤ 20 µs",
                cold <= 20e-6,
                f"median of {len(inputs):,} calls, each on a distinct state (inputs parsed in the "
                "child), each timed alone, memos emptied before each",
            )
            warm = statistics.median(
                repeated(lambda a=a, score=score: score(*a), number=200, repeat=3)
                for a in inputs[:25]
            )
            info(
                f"  {slug}: one input repeated",
                us(warm),
                "median over 25 inputs, each timeit 3 × 200 calls, memos as shipped",
            )


def hand_call(slug: str, hand: dict[str, str]) -> Callable[[], object]:
    """Reading the tiles + <slug>_hand.analyse for one real hand, conditions from its
    parameters. A family whose analyser has its own `read` (hk: tiles and flowers;
    jiujiang) is read by it, as its form does; the others by `tiles.read`."""
    from calculator.scoring.tiles import HandTiles, read

    module = import_module(f"calculator.scoring.{slug}_hand")
    red_fives = getattr(FAMILIES[slug].hand.form, "red_fives", False)
    aliases = {"round_wind": "round"}

    def convert(value: str, like: Any) -> Any:
        if isinstance(like, bool):
            return value in {"1", "true", "on", "yes"}
        if isinstance(like, int):
            return int(value)
        if isinstance(like, Fraction):
            return Fraction(value)
        if isinstance(like, Enum):
            return type(like)(value)
        return value

    own_read = getattr(module, "read", None)
    conditions = module.Conditions(
        **{
            f.name: convert(hand[aliases.get(f.name, f.name)], f.default)
            for f in dataclasses.fields(module.Conditions)
            if aliases.get(f.name, f.name) in hand and not (own_read and f.name == "flowers")
        }
    )
    kwargs: dict[str, Any] = {}
    for p in list(inspect.signature(module.analyse).parameters.values())[2:]:
        if p.name in hand:
            kwargs[p.name] = convert(hand[p.name], p.default)
        elif dataclasses.is_dataclass(p.default):
            changes = {
                f.name: convert(hand[f.name], getattr(p.default, f.name))
                for f in dataclasses.fields(p.default)
                if f.name in hand
            }
            if changes:
                kwargs[p.name] = dataclasses.replace(p.default, **changes)

    if own_read is not None:
        names = list(inspect.signature(own_read).parameters)
        texts = [hand.get(name, "") for name in names]

        def run() -> object:
            checked = own_read(*texts)
            if isinstance(checked, tuple) and not isinstance(checked[0], HandTiles):
                return checked  # the entry errors: reported as "not a scoring hand"
            if "flowers" in names:  # hk: (tiles, flowers), the flowers part of the conditions
                tiles, flowers = checked
                return module.analyse(
                    tiles, dataclasses.replace(conditions, flowers=flowers), **kwargs
                )
            return module.analyse(checked, conditions, **kwargs)

        return run

    # The shared reader's own tile fields (a count of flowers, as MCR has, is a condition).
    tiles = [
        hand.get(name, "") for name in TILE_PARAMS if name in inspect.signature(read).parameters
    ]

    def run() -> object:
        return module.analyse(read(*tiles, red_fives=red_fives), conditions, **kwargs)

    return run


def hand_slugs() -> list[str]:
    return [
        slug
        for slug in SLUGS
        if importlib_spec(f"calculator.scoring.{slug}_hand")
        and importlib_spec(f"calculator.forms.{slug}_hand")
    ]


def importlib_spec(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def bench_hand_analysis() -> None:
    section("hand analysis (tiles → fans), per family with a <slug>_hand analyser")
    if not hand_slugs():
        print("      (no family with tile entry among those benched)")
    for slug in hand_slugs():
        name = f"hand analysis, {slug}"
        with guard(name):
            hands = HANDS.get(slug) or []
            if len(hands) < 20:
                raise RuntimeError(f"bench/hands.py has {len(hands)} real {slug} hands, not ≥ 20")
            calls = [hand_call(slug, hand) for hand in hands]
            for hand, call in zip(hands, calls, strict=True):
                if isinstance(got := call(), tuple):
                    raise RuntimeError(f"not a scoring hand: {hand}: {got}")
            per_hand = [statistics.median(time_each([call] * 25)) for call in calls]
            cold = statistics.median(per_hand)
            report(
                name,
                us(cold),
                "≤ 1 ms",
                cold <= 1e-3,
                f"median over {len(hands)} real hands (tiles read + analysed; the median of 25 "
                f"runs each, memos emptied before every run); slowest hand {us(max(per_hand))}",
            )
            warm = statistics.median(repeated(call, number=50, repeat=3) for call in calls)
            info(f"  {slug}: each hand repeated", us(warm), "timeit, memos as shipped")


# --- in-process pages -------------------------------------------------------------------------


def page_list(states: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, path prefix, states) for every family page and tile-entry page."""
    pages = []
    for slug in SLUGS:
        pages.append((slug, f"/{slug}/", states["payment"].get(slug) or {"error": "no states"}))
    for slug in hand_slugs():
        pages.append(
            (f"{slug} hand", f"/{slug}/hand/", states["hand"].get(slug) or {"error": "no states"})
        )
    return pages


def bench_in_process(states: dict[str, Any]) -> None:
    section("in-process, Django test client: cold states vs the bare 'hello' view")
    client = Client()
    timer = timeit.default_timer
    client.get("/_bench/hello")
    bare_counter = iter(range(10**9))

    def timed(path: str, headers: dict[str, str]) -> tuple[float, Any]:
        clear_memos()
        start = timer()
        response = client.get(path, **headers)
        return timer() - start, response

    def bare() -> float:
        elapsed, response = timed(f"/_bench/hello?n={next(bare_counter)}", HX)
        if response.status_code != 200:
            raise RuntimeError(f"bare view: {response.status_code}")
        return elapsed

    print(f"      memos emptied before every timed request: {memo_words()}")
    for label, prefix, data in page_list(states):
        with guard(f"htmx partial / bare, {label}"):
            if "error" in data:
                raise RuntimeError(f"no states: {data['error']}")
            kinds = data["kinds"]
            pool = data["states"]
            if len(pool) < WARM + 2 * IN_PROCESS:
                raise RuntimeError(f"only {len(pool)} states")
            warm, partials, pages = (
                pool[:WARM],
                pool[WARM : WARM + IN_PROCESS],
                pool[WARM + IN_PROCESS : WARM + 2 * IN_PROCESS],
            )
            for canonical, _values in warm:  # templates compiled, modules imported
                client.get(f"{prefix}?{canonical}")
            t_bare, t_partial, t_page, missing = [], [], [], 0
            gc.collect()
            for (_c, partial_values), (page_canonical, _v) in zip(partials, pages, strict=True):
                t_bare.append(bare())
                elapsed, response = timed(f"{prefix}?{htmx_query(partial_values, kinds)}", HX)
                t_partial.append(elapsed)
                missing += response.status_code != 200 or MARKER not in response.content
                elapsed, response = timed(f"{prefix}?{page_canonical}", {})
                t_page.append(elapsed)
                missing += response.status_code != 200 or MARKER not in response.content
            if missing:
                raise RuntimeError(f"{missing} of {2 * IN_PROCESS} responses had no result")
            b, p, f = (statistics.median(t) for t in (t_bare, t_partial, t_page))
            how = (
                f"median of {IN_PROCESS} requests, each a distinct state never requested before "
                f"(interleaved with {IN_PROCESS} bare requests, bare {us(b)}), memos emptied "
                "before each"
            )
            report(
                f"htmx partial / bare, {label}",
                f"{p / b:.2f}×",
                "≤ 3×",
                p / b <= 3,
                f"{how}; partial {us(p)}, query as the page's form sends it (every field)",
            )
            report(
                f"full page / bare, {label}",
                f"{f / b:.2f}×",
                "≤ 6×",
                f / b <= 6,
                f"{how}; page {us(f)}, canonical (shared-link) query",
            )
            url_partial = f"{prefix}?{htmx_query(partials[0][1], kinds)}"
            url_page = f"{prefix}?{pages[0][0]}"
            warm_partial = repeated(lambda u=url_partial: client.get(u, **HX), number=20)
            warm_page = repeated(lambda u=url_page: client.get(u), number=20)
            info(
                f"  {label}: one URL repeated, partial / page",
                f"{warm_partial / b:.2f}× / {warm_page / b:.2f}×",
                "5 × 20 requests of one URL each, memos and caches as shipped",
            )


# --- served: gunicorn + wrk on loopback ---------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def load_serve() -> Any:
    """scripts/serve (the production recipe: nginx in front of gunicorn) as a module, so the
    bench starts nginx from the recipe's own config and gunicorn from its own settings."""
    from importlib.machinery import SourceFileLoader
    from importlib.util import module_from_spec, spec_from_loader

    loader = SourceFileLoader("mahjong_serve", str(ROOT / "scripts" / "serve"))
    module = module_from_spec(spec_from_loader("mahjong_serve", loader))
    loader.exec_module(module)
    for name in ("environment", "nginx_binary", "nginx_config", "stop"):
        getattr(module, name)
    return module


def choose_recipe() -> tuple[str, Any]:
    """nginx → gunicorn when the project has that recipe (scripts/serve, deploy/), else
    gunicorn alone as the README's first recipe runs it (or when BENCH_RECIPE=gunicorn)."""
    if os.environ.get("BENCH_RECIPE") == "gunicorn" or not (
        (ROOT / "scripts" / "serve").exists() and (ROOT / "deploy" / "gunicorn.conf.py").exists()
    ):
        return "gunicorn alone (bench.wsgi, 2 sync workers)", None
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        subprocess.run([str(ROOT / "scripts" / "ensure-nginx")], check=False, timeout=300)
    try:
        serve = load_serve()
        serve.nginx_binary()
    except (Exception, SystemExit) as error:
        print(f"      scripts/serve not usable ({type(error).__name__}: {error}); gunicorn alone")
        return "gunicorn alone (bench.wsgi, 2 sync workers)", None
    return (
        "nginx → gunicorn as scripts/serve runs them (deploy/nginx/mahjong-proxy.conf, "
        "deploy/gunicorn.conf.py; the app is bench.wsgi: the site's settings plus the bare URL)",
        serve,
    )


RECIPE: tuple[str, Any] | None = None


def recipe() -> tuple[str, Any]:
    global RECIPE
    if RECIPE is None:
        RECIPE = choose_recipe()
    return RECIPE


def wait_until_up(base: str, alive: Callable[[], bool], log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/_bench/hello?ready", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            if not alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {log.read_text()[-800:]}") from None
            time.sleep(0.2)


@contextlib.contextmanager
def server(workdir: Path, name: str) -> Iterator[str]:
    """The production recipe on a free loopback port, the bare view mounted beside the site."""
    words, serve = recipe()
    port = free_port()
    logfile = workdir / f"server-{name}.log"
    log = open(logfile, "w")  # noqa: SIM115
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings"}
    processes: dict[str, subprocess.Popen] = {}
    try:
        if serve is None:
            command = ["--workers", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning"]
            processes["gunicorn"] = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "bench.wsgi", *command],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        else:
            app_port = free_port()
            run = workdir / f"run-{name}"
            run.mkdir()
            workdir.chmod(0o755)  # nginx's workers (www-data under root) reach their temp dirs
            env = {
                **serve.environment("127.0.0.1", port),
                "DJANGO_SETTINGS_MODULE": "bench.settings",
            }
            processes["gunicorn"] = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "--config",
                    str(ROOT / "deploy" / "gunicorn.conf.py"),
                    "--log-level",
                    "warning",
                    "bench.wsgi:application",
                ],
                cwd=ROOT,
                env={**env, "GUNICORN_BIND": f"127.0.0.1:{app_port}"},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            conf = serve.nginx_config(run, "127.0.0.1", port, app_port)
            nginx = serve.nginx_binary()
            error_log = str(run / "nginx" / "error.log")
            processes["nginx"] = subprocess.Popen(
                [nginx, "-e", error_log, "-c", str(conf)],
                cwd=run,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base, lambda: all(p.poll() is None for p in processes.values()), logfile)
        print(f"      server: {words}, on {base}")
        yield base
    finally:
        for key, process in processes.items():
            if process.poll() is None:
                process.send_signal(signal.SIGQUIT if key == "nginx" else signal.SIGTERM)
        for process in processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        log.close()


def ensure_wrk() -> bool:
    if shutil.which("wrk"):
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "wrk"], check=False, env=env, timeout=300
        )
        if not shutil.which("wrk"):
            subprocess.run(["apt-get", "update", "-qq"], check=False, timeout=300)
            subprocess.run(
                ["apt-get", "install", "-y", "-qq", "wrk"], check=False, env=env, timeout=300
            )
    return bool(shutil.which("wrk"))


def wrk(base: str, paths: Path, seconds: int, start: int = 0, end: int = 0) -> dict[str, Any]:
    """wrk over lines [start, end) of `paths` (each thread its own stride, no URL twice
    unless the run outlasts the list, which is counted), HX-Request on every request."""
    threads = 2
    out = subprocess.run(
        [
            "wrk",
            f"-t{threads}",
            "-c8",
            f"-d{seconds}s",
            "--timeout",
            "5s",
            "--latency",
            "-s",
            str(ROOT / "bench" / "walk.lua"),
            base,
            "--",
            str(paths),
            str(start),
            str(end),
            str(threads),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    ).stdout
    walked = re.search(r"BENCH requests=(\d+) repeats=(\d+) urls=(\d+)", out)
    if not walked:
        raise RuntimeError(f"wrk output not understood: {out[-500:]}")

    def latency(pct: str) -> str:
        match = re.search(rf"\s{pct}%\s+([\d.]+\w+)", out)
        return match.group(1) if match else "?"

    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "errors": errors,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "requests": int(walked.group(1)),
        "repeats": int(walked.group(2)),
        "urls": int(walked.group(3)),
        "p50": latency("50"),
        "p99": latency("99"),
    }


def check_sample(base: str, paths: list[str]) -> None:
    """Warm-up URLs fetched one by one: each must be a 200 with a result in it."""
    for path in paths:
        request = urllib.request.Request(base + path, headers={"HX-Request": "true"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
            if response.status != 200 or MARKER not in body:
                raise RuntimeError(f"{path}: {response.status}, no result in the partial")


def bench_served(states: dict[str, Any], workdir: Path) -> None:
    section("served: the production recipe + wrk on loopback, distinct URLs")
    if not ensure_wrk():
        line("ERROR", "served throughput", "", "", "wrk missing: apt-get install wrk")
        return
    bare_paths = workdir / "bare.txt"
    bare_paths.write_text("".join(f"/_bench/hello?n={i}\n" for i in range(300_000)))
    chunk = max(2, SECONDS // ROUNDS)  # partial seconds per round
    bare_chunk = max(2, chunk * 2 // 3)
    with server(workdir, "wrk") as base:
        wrk(base, bare_paths, 2, 290_000)  # both workers up and warm
        bare_next = 0
        for slug in SLUGS:
            name = f"served partial / bare, {slug}"
            with guard(name):
                data = states["payment"].get(slug) or {}
                if "error" in data:
                    raise RuntimeError(f"no states: {data['error']}")
                paths = Path(data["served_path"])
                lines = paths.read_text().splitlines()
                if len(lines) <= SERVED_WARM:
                    raise RuntimeError(f"only {len(lines)} served states")
                check_sample(base, lines[:50])
                wrk(base, paths, 1, 50, SERVED_WARM)  # warm, never timed
                # Bare and partial alternate, so drift on a shared machine hits both alike;
                # the partial's walk goes on where the last round stopped: no URL twice.
                bare_runs, runs, walked_to = [], [], SERVED_WARM
                for _round in range(ROUNDS):
                    bare_runs.append(wrk(base, bare_paths, bare_chunk, bare_next, 290_000))
                    bare_next += bare_runs[-1]["requests"] + 2
                    runs.append(wrk(base, paths, chunk, walked_to))
                    walked_to += runs[-1]["requests"] + 2
                bare_rps = statistics.fmean(r["rps"] for r in bare_runs)
                rps = statistics.fmean(r["rps"] for r in runs)
                ratio = rps / bare_rps
                rounds = ", ".join(
                    f"{p['rps'] / b['rps']:.0%}" for p, b in zip(runs, bare_runs, strict=True)
                )
                bad = sum(r["errors"] + r["non2xx"] for r in runs + bare_runs)
                repeats = sum(r["repeats"] for r in runs)
                walked = (
                    f"wrk -t2 -c8, {ROUNDS} rounds of bare {bare_chunk} s then partial {chunk} s: "
                    f"{sum(r['requests'] for r in runs):,} partial requests, each a distinct URL "
                    f"of {len(lines) - SERVED_WARM:,} ({repeats} repeated); bare "
                    f"{bare_rps:,.0f} req/s over distinct ?n= strings; rounds {rounds}"
                )
                report(name, f"{ratio:.0%} ({rps:,.0f}/s)", "≥ 50 %", ratio >= 0.5, walked)
                report(
                    f"served errors + non-2xx, {slug}",
                    f"{bad}",
                    "0",
                    bad == 0,
                    "socket errors and non-2xx of every run above (wrk counts; 50 warm-up URLs "
                    "checked one by one for a 200 with a result)",
                )
                info(
                    f"  {slug}: latency p50 / p99",
                    f"{runs[-1]['p50']} / {runs[-1]['p99']}",
                    "last round",
                    label="(info)",
                )
                one = workdir / f"{slug}-one.txt"
                one.write_text(lines[0] + "\n")
                rep = wrk(base, one, REPEAT_SECONDS)
                info(
                    f"  {slug}: one URL repeated / bare",
                    f"{rep['rps'] / bare_rps:.0%} ({rep['rps']:,.0f}/s)",
                    f"{rep['requests']:,} requests of one URL, {REPEAT_SECONDS} s",
                )


# --- browser --------------------------------------------------------------------------------

CHANGE_JS = """
async ([fields, kinds, want, timeoutMs]) => {
  const form = document.querySelector('form#calc') || document.querySelector('form[hx-get]');
  if (!form) throw new Error('no live form on the page');
  let target = null;
  const mark = (el) => { if (!target) target = el; };
  const asks = () => new URLSearchParams(new FormData(form)).toString();
  const asked = asks();
  for (const [name, value] of Object.entries(fields)) {
    const els = [...form.querySelectorAll(`[name="${name}"]`)];
    const kind = kinds[name];
    if (!els.length) continue;
    if (kind === 'radio') {
      for (const el of els) { const on = el.value === value; if (el.checked !== on) { el.checked = on; if (on) mark(el); } }
    } else if (kind === 'toggle' || kind === 'checkboxes') {
      for (const el of els) {
        if (el.type !== 'checkbox') continue;
        const on = kind === 'toggle' ? value === '1' : value.includes(el.value);
        if (el.checked !== on) { el.checked = on; mark(el); }
      }
    } else {
      const el = els.find((e) => e.type !== 'hidden') || els[0];
      if (el.value !== value) { el.value = value; mark(el); }
    }
  }
  // A field the page does not send just now (riichi's melds while 七對子 disables them): the
  // page asks nothing, as after no change at all.
  if (asks() === asked) return {skipped: true};
  const selector = '[data-result="winner_receives"]';
  const before = document.querySelector(selector);
  const reference = document.getElementById('reference');  // kept by the answer, or replaced
  return await new Promise((resolve, reject) => {
    let start = 0;
    const observer = new MutationObserver(() => {
      const el = document.querySelector(selector);
      if (el && el !== before && el.textContent.trim() === want) {
        const end = performance.now();
        observer.disconnect(); clearTimeout(timer);
        // Where the time went, from Resource Timing (read after the interval closed).
        const xhr = performance.getEntriesByType('resource')
          .filter((e) => e.initiatorType === 'xmlhttprequest' || e.initiatorType === 'fetch').pop();
        const kept = reference !== null && document.getElementById('reference') === reference;
        resolve(xhr && xhr.startTime >= start
          ? {elapsed: end - start, send: xhr.startTime - start, kept,
             request: xhr.responseEnd - xhr.startTime, swap: end - xhr.responseEnd}
          : {elapsed: end - start, kept});
      }
    });
    observer.observe(document.body, {childList: true, subtree: true, characterData: true});
    const timer = setTimeout(() => {
      observer.disconnect();
      const el = document.querySelector(selector);
      reject(new Error(`no "${want}" after ${timeoutMs} ms (shows "${el ? el.textContent.trim() : 'nothing'}")`));
    }, timeoutMs);
    performance.clearResourceTimings();
    start = performance.now();
    (target || form.elements[0]).dispatchEvent(new Event('change', {bubbles: true}));
  });
}
"""


def expected_number(client: Client, prefix: str, canonical: str) -> tuple[str, int]:
    """The number the page must show for a state (rendered here, never by the server under
    test), and that partial's gzip -9 size."""
    response = client.get(f"{prefix}?{canonical}", **HX)
    match = re.search(rb'data-result="winner_receives">([^<]*)<', response.content)
    if response.status_code != 200 or not match:
        raise RuntimeError(f"{prefix}?{canonical}: no result to wait for")
    return html.unescape(match.group(1).decode()).strip(), len(gzip.compress(response.content, 9))


class Network:
    """CDP Network events of one page: bytes received per request, and its encoding."""

    def __init__(self, context: Any, page: Any) -> None:
        self.session = context.new_cdp_session(page)
        self.responses: dict[str, dict[str, Any]] = {}
        self.session.on("Network.responseReceived", self._response)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.send("Network.enable")

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
        self.responses[event["requestId"]] = {
            "url": response["url"],
            "type": event.get("type", ""),
            "encoding": headers.get("content-encoding", "identity"),
            "bytes": None,
        }

    def _finished(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.responses:
            self.responses[event["requestId"]]["bytes"] = int(event["encodedDataLength"])

    def take(self) -> list[dict[str, Any]]:
        done = [r for r in self.responses.values() if r["bytes"] is not None]
        self.responses = {k: v for k, v in self.responses.items() if v["bytes"] is None}
        return done


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


def bench_browser(states: dict[str, Any], workdir: Path) -> None:
    section("browser: headless Chromium against the production recipe on loopback")
    if not Path("/usr/bin/chromium").exists():
        line("ERROR", "browser figures", "", "", "no /usr/bin/chromium (make chromium)")
        return
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the test client beside Playwright's loop
    from playwright.sync_api import sync_playwright

    client = Client()
    pages = page_list(states)
    with server(workdir, "browser") as base, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            with guard("third-party requests"):
                third_party(browser, base, pages)
            for label, prefix, _data in pages:
                with guard(f"first visit, {label}"):
                    first_visit(browser, base, label, prefix)
            for label, prefix, data in pages:
                if label.endswith(" hand"):
                    continue  # the timed change is the payment pages' live update
                with guard(f"change → number, {label}"):
                    changes(browser, base, client, label, prefix, data)
        finally:
            browser.close()


def third_party(browser: Any, base: str, pages: list[tuple[str, str, Any]]) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    paths = [prefix for _label, prefix, _d in pages] + ["/glossary/", "/faq/", "/sources/"]
    for path in paths:
        page.goto(base + path, wait_until="networkidle", timeout=30_000)
    context.close()
    own = base.split("//", 1)[1]
    others = sorted({url.split("/")[2] for url in urls if url.split("/")[2] != own})
    report(
        "third-party requests",
        f"{len(others)} hosts",
        "0",
        not others,
        f"{len(urls)} requests loading {len(paths)} pages ({', '.join(paths)})"
        + (f"; other hosts: {', '.join(others)}" if others else ""),
    )


def first_visit(browser: Any, base: str, label: str, prefix: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})  # empty cache
    page = context.new_page()
    network = Network(context, page)
    page.goto(base + prefix, wait_until="networkidle", timeout=30_000)
    got = network.take()
    context.close()
    total = sum(r["bytes"] for r in got)
    parts = ", ".join(
        f"{r['url'].split('/')[-1].split('?')[0] or prefix} {r['bytes'] / KB:.1f} ({r['encoding']})"
        for r in sorted(got, key=lambda r: -r["bytes"])
    )
    report(
        f"first visit, everything, {label}",
        f"{total / KB:.1f} KB",
        "≤ 50 KB",
        total <= 50 * KB,
        f"bytes received by Chromium, headers included, as the recipe sends them: {parts}",
    )


def changes(browser: Any, base: str, client: Client, label: str, prefix: str, data: Any) -> None:
    if "error" in data:
        raise RuntimeError(f"no states: {data['error']}")
    kinds = data["kinds"]
    walks = data["walks"]
    if len(walks) != 2 or any(len(w) < 1 + CHANGE_WARM + CHANGES for w in walks):
        raise RuntimeError(f"browser walks of {[len(w) for w in walks]} states")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        # Loopback first, with no DevTools domain listening: what the page itself takes.
        loopback, _sizes = timed_changes(page, None, client, base, prefix, kinds, walks[0])
        median = statistics.median(t["elapsed"] for t in loopback)
        report(
            f"change → updated number, {label}",
            f"{median:.1f} ms",
            "≤ 16 ms",
            median <= 16,
            f"median of {len(loopback)} changes to distinct states (after {CHANGE_WARM} untimed), "
            f"each {SETTLE_MS} ms after the last answer and one field (any of the form's, table rules included) moved to a new value as a "
            "player does, the reference table kept by "
            f"{sum(bool(t.get('kept')) for t in loopback)} of the answers; "
            "performance.now() in the page from the change event to the new number in the DOM "
            f"(MutationObserver); max {max(t['elapsed'] for t in loopback):.1f} ms; "
            + where_it_goes(loopback),
        )
        network = Network(context, page)
        network.session.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": RTT_MS,
                "downloadThroughput": DOWN_BPS / 8,
                "uploadThroughput": UP_BPS / 8,
            },
        )
        GZIPPED.clear()
        phone, sizes = timed_changes(page, network, client, base, prefix, kinds, walks[1])
        median = statistics.median(t["elapsed"] for t in phone)
        report(
            f"change → number, phone network, {label}",
            f"{median:.1f} ms",
            f"≤ RTT + 16 = {RTT_MS + 16} ms",
            median <= RTT_MS + 16,
            f"the same on another walk under CDP Network.emulateNetworkConditions: latency (RTT) "
            f"{RTT_MS} ms, {DOWN_BPS / 1e6:g} Mbit/s down, {UP_BPS / 1e6:g} Mbit/s up (the "
            "Network domain on, which the emulation needs); "
            f"max {max(t['elapsed'] for t in phone):.1f} ms; " + where_it_goes(phone),
        )
        biggest = max(r["bytes"] for r in sizes)
        # An answer that leaves out the reference table is the small kind: say the largest
        # that carried it too.
        tabled = [
            r["bytes"]
            for r, t in zip(sizes[-len(phone) :], phone, strict=False)
            if not t.get("kept")
        ]
        report(
            f"one live update, as sent, {label}",
            f"{biggest / KB:.2f} KB",
            "≤ 5 KB",
            biggest <= 5 * KB,
            f"largest of the {len(sizes)} htmx answers of the phone-network walk ("
            + (
                f"{len(tabled)} carried the reference table, the largest {max(tabled) / KB:.2f} KB"
                if tabled
                else "every one kept the reference table"
            )
            + "), bytes received "
            f"incl. headers (encoding: {', '.join(sorted({r['encoding'] for r in sizes}))}; median "
            f"{statistics.median(r['bytes'] for r in sizes) / KB:.2f} KB); the same partials "
            f"gzip -9 would be {max(GZIPPED) / KB:.2f} KB at most",
        )
    finally:
        context.close()


def where_it_goes(timings: list[dict[str, float]]) -> str:
    """Medians of the three parts (Resource Timing of the htmx request), for the reader."""
    parts = [t for t in timings if "request" in t]
    if not parts:
        return "no Resource Timing entry for the requests"
    send, request, swap = (
        statistics.median(t[k] for t in parts) for k in ("send", "request", "swap")
    )
    return (
        f"medians: {send:.1f} ms in htmx before the request leaves, {request:.1f} ms request "
        f"(server included), {swap:.1f} ms to the number in the DOM"
    )


GZIPPED: list[int] = []  # gzip -9 sizes of the timed partials, for the size line


def timed_changes(
    page: Any,
    network: Network | None,
    client: Client,
    base: str,
    prefix: str,
    kinds: dict[str, str],
    states: list[tuple[str, dict[str, Any]]],
) -> tuple[list[dict[str, float]], list[dict[str, Any]]]:
    """Load the page at one state, then move it through the others by a change event. With
    `network` (CDP's Network domain, which costs the page a few ms a request), also the
    bytes of each answer."""
    expected = [expected_number(client, prefix, canonical) for canonical, _v in states[1:]]
    page.goto(f"{base}{prefix}?{states[0][0]}", wait_until="networkidle", timeout=30_000)
    page.wait_for_function("() => window.htmx !== undefined", timeout=10_000)
    times = []
    if network is not None:
        network.take()
    done = 0  # changes the page sent
    for (_canonical, values), (want, gzipped) in zip(states[1:], expected, strict=True):
        if len(times) == CHANGES:
            break
        # A player's next tap comes well after the last answer was drawn: each change starts
        # from a page that has painted and settled (htmx settles 20 ms after a swap).
        page.wait_for_timeout(SETTLE_MS)
        timing = page.evaluate(CHANGE_JS, [values, kinds, want, 5_000])
        if timing.get("skipped"):
            continue
        done += 1
        if done > CHANGE_WARM:
            times.append(timing)
            GZIPPED.append(gzipped)
        if done == CHANGE_WARM and network is not None:
            page.wait_for_timeout(50)
            network.take()
    if len(times) < CHANGES:
        raise RuntimeError(f"the walk gave {len(times)} changes the page sends, not {CHANGES}")
    if network is None:
        return times, []
    page.wait_for_timeout(100)  # the last loadingFinished events
    sizes = [r for r in network.take() if r["type"] in {"XHR", "Fetch"}]
    if not sizes:
        raise RuntimeError("no htmx responses seen")
    return times, sizes


# --- score sheets (bench/sheets.py) ----------------------------------------------------------


def bench_sheets(workdir: Path) -> None:
    from bench import sheets

    sheets.bench(sys.modules[__name__], workdir)


# --- main -----------------------------------------------------------------------------------


def on_alarm(_signum: int, _frame: Any) -> None:
    raise Watchdog(f"the bench ran past {WATCHDOG} s")


def main() -> int:
    started = time.monotonic()
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(WATCHDOG)
    print(
        f"make bench: families {', '.join(SLUGS)}; Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs; DEBUG={settings.DEBUG}"
    )
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        workdir = Path(tmp)
        try:
            with guard("collectstatic"):
                call_command("collectstatic", interactive=False, verbosity=0)
            broken = import_everything()
            MEMOS[:] = find_memos()
            print(f"      in-process memos: {memo_words()}")
            if broken:
                print(f"      modules that do not import now: {', '.join(broken)}")
            for slug, why in BROKEN.items():
                line("ERROR", f"family {slug}", "", "", f"its form does not import: {why[:300]}")
            states: dict[str, Any] = {"payment": {}, "hand": {}}
            if PARTS & {"engine", "pages", "served", "browser"}:
                section("states")
                with guard("states"):
                    states = make_states(workdir)
            parts: list[tuple[str, str, Callable[[], None]]] = [
                ("engine", "engine calls", lambda: bench_engines(states)),
                ("hands", "hand analysis", bench_hand_analysis),
                ("pages", "in-process pages", lambda: bench_in_process(states)),
                ("served", "served", lambda: bench_served(states, workdir)),
                ("browser", "browser", lambda: bench_browser(states, workdir)),
                ("sheets", "score sheets", lambda: bench_sheets(workdir)),
            ]
            for part, name, work in parts:
                if part in PARTS:
                    with guard(name):
                        work()
        except Watchdog as stop:
            line("ERROR", "watchdog", "", "", str(stop))
        finally:
            signal.alarm(0)
    counts = {
        status: sum(1 for s, _n in results if s == status) for status in ("PASS", "MISS", "ERROR")
    }
    print(
        f"\n{counts['PASS']} within budget, {counts['MISS']} missed, {counts['ERROR']} errors "
        f"({time.monotonic() - started:.0f} s)"
    )
    return 1 if counts["ERROR"] else 0


if __name__ == "__main__":
    sys.exit(main())
