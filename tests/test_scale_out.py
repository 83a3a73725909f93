"""The scale-out recipe made real: two app servers (each a gunicorn and a stream server) on
this machine behind one nginx, sharing the database. A hand recorded through one server is
told to a stream held by the other: on PostgreSQL (`make test`'s second pass) through
LISTEN/NOTIFY, on SQLite through each stream server's own check of the shared file."""

from __future__ import annotations

import http.client
import json
import os
import re
import sys
from urllib.parse import urlencode

import pytest

from tests.test_production import free_port, recipe_environment, started, stopped

pytestmark = pytest.mark.database

NAMES = {"name1": "阿明", "name2": "Bea", "name3": "陳生", "name4": "Dee", "family": "hk"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
WAIT_S = 8  # far beyond a notification's delay, and below the PostgreSQL watcher's recheck


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("two-servers")
    port = free_port()
    env = {**recipe_environment(tmp, port), "APP_SERVERS": "2", "WEB_CONCURRENCY": "1"}
    shared = os.environ.get("DATABASE_URL", "")
    if shared.startswith(("postgres://", "postgresql://")):
        env["DATABASE_URL"] = shared  # the PostgreSQL pass: the servers share that server
    process, output = started([sys.executable, "scripts/serve"], env)
    conf = (tmp / "run" / "nginx" / "nginx.conf").read_text()

    def ports(upstream: str) -> list[int]:
        block = re.search(rf"upstream {upstream} {{(.*?)}}", conf, re.S).group(1)
        return [int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+);", block)]

    yield {"port": port, "app": ports("mahjong_app"), "events": ports("mahjong_events")}
    stopped(process, output)
    bad = [i for i, line in enumerate(output.lines) if "Traceback" in line]
    assert not bad, "".join(output.lines[max(0, bad[0] - 5) : bad[0] + 40]) if bad else ""


def post(port: int, path: str, body: dict) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", path, body=urlencode(body), headers=FORM)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status == 201, data[:400]
    return json.loads(data)


class Stream:
    """A change stream held open, read an event at a time."""

    def __init__(self, port: int, path: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type") == "text/event-stream"

    def event(self) -> list[str]:
        """The next event's lines (comment lines and the `retry` field skipped)."""
        lines: list[str] = []
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if line:
                if not line.startswith((":", "retry:")):
                    lines.append(line)
            elif lines:
                return lines

    def close(self) -> None:
        self.conn.close()


def test_the_recipe_runs_two_app_servers_behind_one_nginx(two_servers):
    assert len(two_servers["app"]) == len(two_servers["events"]) == 2


@pytest.mark.parametrize(("writer", "reader"), [(0, 1), (1, 0)])
def test_a_hand_recorded_through_one_server_reaches_a_stream_on_the_other(
    two_servers, writer, reader
):
    app, events = two_servers["app"], two_servers["events"]
    made = post(app[writer], "/api/v1/sheets", NAMES)
    stream = Stream(events[reader], f"{made['view_url']}events")
    try:
        for n in (1, 2):
            hand = {"winner": "2", "win": "self_draw", "fan": "3", "key": f"k{n}"}
            post(app[writer], f"{made['api_url']}/hands", hand)
            assert stream.event() == [f"id: {n}", "event: sheet", f"data: {n}"]
    finally:
        stream.close()


def test_through_nginx_every_stream_hears_of_a_write(two_servers):
    """Streams opened through the one nginx land on either server; each is told."""
    port = two_servers["port"]
    made = post(port, "/api/v1/sheets", NAMES)
    streams = [Stream(port, f"{made['view_url']}events") for _ in range(4)]
    try:
        post(port, f"{made['api_url']}/hands", {"winner": "1", "win": "self_draw", "fan": "3"})
        for stream in streams:
            assert stream.event() == ["id: 1", "event: sheet", "data: 1"]
    finally:
        for stream in streams:
            stream.close()
