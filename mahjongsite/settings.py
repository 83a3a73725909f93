"""Settings for 麻雀計番計錢.

Everything that differs between a laptop and a server comes from the environment
(see `.env.example`). DEBUG is off unless asked for, and a production process refuses
to start without a SECRET_KEY.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import jinja2
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str = "0") -> bool:
    value = os.environ.get(name, default).strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off", ""}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0), not {value!r}")


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "development-only-key-never-used-in-production"  # noqa: S105

# The site's public origin. Every absolute URL (link previews, share links, the copied link)
# is built from it, never from the request's Host header.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
if not SITE_URL:
    # A forgotten SITE_URL would hand every phone share links and QR codes to this machine's
    # loopback address: a production process refuses to start without it, as without a key.
    if not DEBUG:
        raise ImproperlyConfigured(
            "SITE_URL must be set when DJANGO_DEBUG is off (e.g. https://mahjong.example.org)"
        )
    SITE_URL = "http://127.0.0.1:8000"
if urlsplit(SITE_URL).scheme not in {"http", "https"} or not urlsplit(SITE_URL).netloc:
    raise ImproperlyConfigured(f"SITE_URL must look like https://example.org, not {SITE_URL!r}")

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
# A form posted from a page of the site carries the site's origin (`Origin:
# http://127.0.0.1:8080`, `https://mahjong.example.org`): Django's CSRF check trusts it
# whatever Host the proxy passes on.
_site = urlsplit(SITE_URL)
CSRF_TRUSTED_ORIGINS = [f"{_site.scheme}://{_site.netloc}"]

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "calculator",
]

# The first three wrap everything below them, so whitenoise's static files and the
# redirects and error pages that later middleware make carry the same headers.
MIDDLEWARE = [
    "calculator.middleware.head_without_body",
    "calculator.middleware.content_security_policy",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "calculator.middleware.readable_query",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]
# More query fields than this: the page shows our `too_many_fields` error, the API a 400.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
# A score-sheet write is a few hundred bytes; anything over 64 KB is refused with a 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
CSRF_FAILURE_VIEW = "calculator.errors.csrf_failure"

ROOT_URLCONF = "mahjongsite.urls"
WSGI_APPLICATION = "mahjongsite.wsgi.application"

TEMPLATES = [
    {
        "NAME": "jinja2",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        # Shared layouts and partials, then each family's own (calculator/families/<slug>/).
        "DIRS": [
            BASE_DIR / "templates",
            *sorted((BASE_DIR / "calculator" / "families").glob("*/templates")),
        ],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "mahjongsite.templating.environment",
            "extensions": ["jinja2.ext.i18n"],
            "undefined": jinja2.ChainableUndefined,  # a missing value draws nothing
            "keep_trailing_newline": True,
            "context_processors": [
                "django.template.context_processors.i18n",
                "calculator.context_processors.site",
            ],
        },
    },
]

# SQLite by default (`make run` needs nothing else); DATABASE_URL=postgres://… in production.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Score sheets have several writers at once (four phones at a table): WAL lets readers
    # go on during a write, IMMEDIATE takes the write lock when a transaction starts (no
    # deadlock upgrading a read lock), and a writer that finds the lock taken waits.
    # The connection is kept between requests as PostgreSQL's is (DATABASE_CONN_MAX_AGE), so
    # these pragmas run once per connection, not once per request.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cantonese is the default language and has no URL prefix; Django calls it zh-hant.
LANGUAGE_CODE = "zh-hant"
LANGUAGES = [
    ("zh-hant", _("Cantonese")),
    ("zh-hans", _("Simplified Chinese")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Asia/Hong_Kong"

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Shared files, then each family's own (calculator/families/<slug>/static/<slug>/).
STATICFILES_DIRS = [
    BASE_DIR / "static",
    *sorted((BASE_DIR / "calculator" / "families").glob("*/static")),
]
STORAGES = {
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Security headers. HSTS and the secure-cookie flags only mean something over TLS, so they
# follow SECURE_SSL_REDIRECT, which a TLS deployment turns on.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_SSL_REDIRECT = envbool("DJANGO_SECURE_SSL_REDIRECT", "0" if DEBUG else "1")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = 31536000 if SECURE_SSL_REDIRECT else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_SSL_REDIRECT
SECURE_HSTS_PRELOAD = SECURE_SSL_REDIRECT
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG

# One line per event, like gunicorn's own; a client's mistake (a refused Host, a 404) is
# one WARNING line without a traceback (calculator/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "line": {
            "format": "[%(asctime)s] [%(process)d] [%(levelname)s] %(name)s: %(message)s",
            "datefmt": "%Y-%m-%d %H:%M:%S %z",
        }
    },
    "filters": {"client_errors": {"()": "calculator.logs.OneLinePerClientError"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "line",
            "filters": ["client_errors"],
        }
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# The one cached thing is the reference pages, per page and language (a handful of
# entries). Each process keeps its own copy; with several app servers, REDIS_URL
# (redis://host:6379/0, needs `pip install redis`) shares one cache between them.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }
else:
    CACHES = {
        "default": {
            # While developing, templates change under a running server: cache nothing then.
            "BACKEND": "django.core.cache.backends."
            + ("dummy.DummyCache" if DEBUG else "locmem.LocMemCache"),
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }
# Per-address limits (calculator/ratelimit.py) are counted in a cache every worker and
# app server shares: Redis with REDIS_URL, otherwise a table in the database, made by
# `manage.py createcachetable` wherever migrate runs. Never the dummy cache: limits count
# in development too.
CACHES["ratelimit"] = (
    dict(CACHES["default"], KEY_PREFIX="ratelimit")
    if os.environ.get("REDIS_URL")
    else {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "mahjong_limits",
        # One row per address and action a minute, kept two minutes.
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
)
# Whose X-Real-IP is believed: the reverse proxy's own address (nginx on this machine).
TRUSTED_PROXIES = envlist("TRUSTED_PROXIES", "127.0.0.1,::1")
SHEETS_CREATED_PER_MINUTE = max(60, int(os.environ.get("SHEETS_CREATED_PER_MINUTE", "60")))
# Hand writes (add, replace, delete, restore, undo) per address: generous, as a club's
# tables may share one address; a flood is refused with 429 and Retry-After.
SHEET_WRITES_PER_MINUTE = int(os.environ.get("SHEET_WRITES_PER_MINUTE", "120"))
# An open sheet hears of changes over Server-Sent Events (calculator/sheet_events.py),
# served by the ASGI server beside gunicorn. Each process holds at most this many streams
# (beyond it: a 503, and the page checks its address every few seconds instead); a comment
# line goes down each quiet stream this often, so proxies and phones keep it open.
SHEET_STREAMS_MAX = int(os.environ.get("SHEET_STREAMS_MAX", "5000"))
SHEET_STREAM_HEARTBEAT = float(os.environ.get("SHEET_STREAM_HEARTBEAT", "20"))
# `manage.py expire_sheets` (run daily: deploy/mahjong-expire.timer) deletes the sheets
# nobody has written to for this many days; nothing expires unless it runs.
SHEET_IDLE_DAYS = int(os.environ.get("SHEET_IDLE_DAYS", "400"))

# A shared cache outlives a deploy: RELEASE (e.g. the commit) keeps one release's pages apart
# from the next one's.
CACHES["default"]["KEY_PREFIX"] = os.environ.get("RELEASE", "")
