"""Benchmark settings: production-like (DEBUG off, compressed static), plus a bare view.

The database is never the developer's: a throwaway SQLite file made for the run (shared by
the servers the bench starts, which inherit BENCH_DATABASE_URL), or the throwaway
PostgreSQL server `scripts/with-postgres` gives the sheet writers' figure."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SITE_URL", "http://127.0.0.1:8000")
if not os.environ.get("BENCH_DATABASE_URL"):
    _folder = tempfile.mkdtemp(prefix="bench-db-")
    atexit.register(shutil.rmtree, _folder, True)
    os.environ["BENCH_DATABASE_URL"] = f"sqlite:///{_folder}/bench.sqlite3"
os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]

from mahjongsite.settings import *  # noqa: E402,F403

ROOT_URLCONF = "bench.urls"
LOGGING = {"version": 1, "disable_existing_loggers": True}
# The bench makes hundreds of sheets, and records thousands of hands, from one address.
SHEETS_CREATED_PER_MINUTE = 1_000_000
SHEET_WRITES_PER_MINUTE = 1_000_000
