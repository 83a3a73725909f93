"""The production recipe: absolute URLs from SITE_URL whatever the Host, and `make serve`
(nginx in front of gunicorn) started, fetched through and stopped."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import override_settings

ROOT = Path(__file__).resolve().parent.parent
ORIGIN = "https://mahjong.example.org"
HOSTS = ["mahjong.example.org", "www.mahjong.example.org", "127.0.0.1:1", "localhost:9999"]
SEEN_HOSTS = {
    "mahjong.example.org",
    "www.mahjong.example.org",
    "127.0.0.1",
    "localhost",
    "testserver",
}
PAGES = [
    "/hk/?fan=5&split=half",
    "/en/riichi/?han=4",
    "/zh-hans/mcr/",
    "/riichi/hand/?hand=123m456p789s1122z&win_tile=2z",
    "/en/glossary/",
    "/faq/",
]


@override_settings(
    SITE_URL=ORIGIN,
    ALLOWED_HOSTS=["mahjong.example.org", ".mahjong.example.org", "127.0.0.1", "localhost"],
)
@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("path", PAGES)
def test_absolute_urls_come_from_site_url_whatever_the_host(client, host, path):
    response = client.get(path, headers={"host": host})
    assert response.status_code == 200
    html = response.content.decode()
    og_url = re.search(r'<meta property="og:url" content="([^"]+)"', html).group(1)
    assert og_url.startswith(f"{ORIGIN}/"), og_url
    assert re.search(r'<link rel="canonical" href="https://mahjong\.example\.org/', html)
    image = re.search(r'<meta property="og:image" content="([^"]+)"', html).group(1)
    assert image.startswith(f"{ORIGIN}/static/")
    # Every absolute URL of ours, share links' embedded ones included, is on the origin.
    found = re.findall(r'https?://[^"\s<>]+', html.replace("&amp;", "&"))
    embedded = [
        value
        for url in found
        for values in parse_qs(urlsplit(url).query).values()
        for text in values
        for value in re.findall(r"https?://\S+", text)
    ]
    ours = [url for url in found + embedded if urlsplit(url).hostname in SEEN_HOSTS]
    assert ours and all(url.startswith(f"{ORIGIN}/") for url in ours), ours
    if host != "mahjong.example.org":
        assert host not in html


def test_redis_url_puts_the_cache_in_redis():
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from django.conf import settings; print(settings.CACHES['default'])",
        ],
        cwd=ROOT,
        env={**os.environ, "REDIS_URL": "redis://cache.internal:6379/0"},
        capture_output=True,
        text=True,
    )
    assert "django.core.cache.backends.redis.RedisCache" in result.stdout, result.stderr
    assert "redis://cache.internal:6379/0" in result.stdout


# --- make serve ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answering(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class Output:
    """A process's output lines as they come, and a way to wait for one."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.reader.start()

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.lines.append("")  # the end: nothing more will come
            self.changed.notify_all()

    def wait_for(self, text: str, timeout: float, start: int = 0) -> bool:
        with self.changed:
            return self.changed.wait_for(
                lambda: (
                    any(text in line for line in self.lines[start:])
                    or (self.lines and self.lines[-1] == "")
                ),
                timeout,
            ) and any(text in line for line in self.lines[start:])


def recipe_environment(tmp: Path, port: int) -> dict[str, str]:
    """The recipe's environment on `port`, with its own run directory and database under
    `tmp` and two workers; nothing of this process's Django settings. Skips without nginx."""
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        message = "Debian's nginx is not installed (make nginx)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "SECRET_KEY", "ALLOWED_HOSTS", "SITE_URL", "REDIS"))
    }
    env.update(PORT=str(port), RUN_DIR=str(tmp / "run"), WEB_CONCURRENCY="2")
    env["DATABASE_URL"] = f"sqlite:///{tmp / 'db.sqlite3'}"
    return env


def started(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, Output]:
    """The recipe started in its own process group; back once it says it answers."""
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    output = Output(process)
    if not output.wait_for("Ctrl-C stops them all", timeout=180):
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail(f"{' '.join(command)} did not start:\n" + "".join(output.lines))
    return process, output


def stopped(process: subprocess.Popen, output: Output) -> int:
    """Stopped the way a person stops it (Ctrl-C reaches the whole process group)."""
    os.killpg(process.pid, signal.SIGINT)
    try:
        status = process.wait(60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    output.reader.join(10)
    process.stdout.close()
    return status


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`make serve` on a free loopback port, its own run directory and database; stopped
    the way a person stops it (Ctrl-C reaches the whole process group)."""
    tmp = tmp_path_factory.mktemp("serve")
    port = free_port()
    env = recipe_environment(tmp, port)
    process, output = started(["make", "--no-print-directory", "serve"], env)
    conf = (tmp / "run" / "nginx" / "nginx.conf").read_text()
    app_port = int(re.search(r"server 127\.0\.0\.1:(\d+);", conf).group(1))
    yield {"port": port, "output": output}
    # Ctrl-C stops them all, cleanly: neither port answers any more.
    status = stopped(process, output)
    lines = output.lines
    # make itself re-raises the Ctrl-C once serve has stopped both and exited 0.
    assert status in (0, -signal.SIGINT), "".join(lines[-20:])
    assert not answering(port) and not answering(app_port)
    assert "serve: stopped" in "".join(lines)
    # The whole log of the run, HEAD requests and a refused Host included: no tracebacks,
    # no gunicorn warning about a body on a HEAD answer.
    bad = [i for i, line in enumerate(lines) if "Traceback" in line or "body bytes" in line]
    assert not bad, "".join(lines[max(0, bad[0] - 5) : bad[0] + 40]) if bad else ""


def fetch(port: int, method: str, path: str, headers: dict | None = None, body: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


def test_serve_answers_through_nginx_compressed(served):
    response, data = fetch(served["port"], "GET", "/hk/", {"Accept-Encoding": "gzip"})
    assert response.status == 200
    assert response.getheader("Server") == "nginx"  # nginx in front, not gunicorn
    assert response.getheader("Content-Encoding") == "gzip"
    html = gzip.decompress(data).decode()
    assert 'data-result="winner_receives"' in html
    assert f'content="http://127.0.0.1:{served["port"]}/hk/"' in html  # SITE_URL's default
    assert "frame-ancestors 'none'" in response.getheader("Content-Security-Policy")


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/api/v1/hk?fan=5", {}),
        ("/hk/?fan=5", {"HX-Request": "true"}),
        ("/static/css/site.css", {}),
    ],
)
def test_serve_compresses_json_partials_and_static_files(served, path, headers):
    if path.startswith("/static/"):
        page = gzip.decompress(fetch(served["port"], "GET", "/hk/", {"Accept-Encoding": "gzip"})[1])
        path = re.search(r'href="(/static/css/site\.[^"]+)"', page.decode()).group(1)
    response, data = fetch(served["port"], "GET", path, {"Accept-Encoding": "gzip", **headers})
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(data)
    assert response.getheader("X-Frame-Options") == "DENY"


def test_serve_overwrites_the_forwarded_proto(served):
    # A client claiming HTTPS must not make the app think so (no HSTS, no https links).
    response, _data = fetch(served["port"], "GET", "/hk/", {"X-Forwarded-Proto": "https"})
    assert response.status == 200
    assert response.getheader("Strict-Transport-Security") is None


def test_serve_answers_the_hostile_requests_with_our_pages(served):
    port = served["port"]
    many = "&".join(f"f{i}=1" for i in range(1001))
    response, data = fetch(port, "GET", f"/hk/?{many}")
    assert response.status == 200 and b'data-error="__all__"' in data
    response, data = fetch(port, "GET", f"/api/v1/hk?{many}")
    assert response.status == 400 and b"too_many_fields" in data
    response, data = fetch(port, "POST", "/api/v1/hk", body="fan=5")
    assert response.status == 405 and response.getheader("Allow") == "GET, HEAD"
    assert b"method_not_allowed" in data
    response, data = fetch(port, "GET", "/hk/?fan=" + "9" * 20000)
    assert response.status == 414 and "麻雀計番計錢".encode() in data  # nginx's, in our words
    assert response.getheader("X-Frame-Options") == "DENY"
    response, _data = fetch(port, "GET", "/hk")
    assert response.status == 301 and response.getheader("X-Frame-Options") == "DENY"


def test_serve_logs_one_line_for_a_refused_host(served):
    port, output = served["port"], served["output"]
    before = len(output.lines)
    response, data = fetch(port, "GET", "/glossary/", {"Host": "evil.example"})
    assert response.status == 400 and b'data-status="400"' in data
    assert output.wait_for("DisallowedHost", timeout=30, start=before)
    # The app writes its lines before the answer leaves, so every line about this request
    # is in the output by now.
    about_host = [line for line in output.lines[before:] if "evil.example" in line]
    assert len(about_host) == 1, output.lines[before:]
    assert "[WARNING] django.security.DisallowedHost" in about_host[0]


def test_serve_answers_head_without_a_body(served):
    for path in ("/hk/", "/api/v1/hk", "/glossary/"):
        response, data = fetch(served["port"], "HEAD", path)
        assert response.status == 200 and data == b""
    # The served fixture checks, once both have stopped, that gunicorn never warned.


def test_every_static_file_the_templates_name_is_hashed_under_the_production_storage(tmp_path):
    """A file the templates name but collectstatic never saw would fail every page."""
    from django.core.management import call_command
    from django.templatetags.static import static

    paths = sorted(
        {
            found
            for template in [
                *(ROOT / "templates").rglob("*.html"),
                *(ROOT / "calculator").rglob("templates/**/*.html"),
            ]
            for found in re.findall(r"static\('([^']+)'\)", template.read_text())
        }
    )
    assert "css/site.css" in paths and len(paths) >= 5
    manifest = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}
    with override_settings(
        STORAGES={"staticfiles": manifest}, STATIC_ROOT=tmp_path, WHITENOISE_USE_FINDERS=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        for path in paths:
            assert re.fullmatch(r"/static/[\w/-]+\.[0-9a-f]{12}\.\w+", static(path)), path
