"""Test settings: the real settings, with plain static storage and finders."""

import atexit
import os
import shutil
import tempfile

import jinja2

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SITE_URL", "http://testserver")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from mahjongsite.settings import *  # noqa: E402,F403

STORAGES = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# The suite writes from one address far faster than a table does; the limits' own tests
# lower them (with the fresh_limits fixture).
SHEETS_CREATED_PER_MINUTE = SHEET_WRITES_PER_MINUTE = 1_000_000


class DrawnUndefinedFails(jinja2.ChainableUndefined):
    """A name nobody set: tested (`{% if oob %}`) it is false, as in production; drawn it
    fails the render as Jinja2's StrictUndefined does, naming it, so a typo in a template
    cannot pass as an empty string."""

    __str__ = jinja2.StrictUndefined.__str__


TEMPLATES[0]["OPTIONS"]["undefined"] = DrawnUndefinedFails  # noqa: F405

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not SQLite's shared in-memory database, so concurrent writers in the sheet
    # tests wait on the same lock and busy timeout as in production. A fresh folder per run:
    # Django removes an old test database but not its WAL files, which would corrupt it.
    _folder = tempfile.mkdtemp(prefix="mahjong-test-db-")
    atexit.register(shutil.rmtree, _folder, ignore_errors=True)
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_folder, "test.sqlite3")}  # noqa: F405
