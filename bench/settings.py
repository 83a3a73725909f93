"""Benchmark settings: production-like (DEBUG off, compressed static), plus a bare view."""

import os

os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")

from mahjongsite.settings import *  # noqa: E402,F403

ROOT_URLCONF = "bench.urls"
LOGGING = {"version": 1, "disable_existing_loggers": True}
