"""Test settings: the real settings, with plain static storage and finders."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from mahjongsite.settings import *  # noqa: E402,F403

STORAGES = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
TEMPLATES[0]["OPTIONS"]["string_if_invalid"] = "INVALID_TEMPLATE_VARIABLE"  # noqa: F405
