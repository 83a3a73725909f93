"""Security headers on every page, and production settings that refuse to be unsafe."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from calculator.families import FAMILIES

ROOT = Path(__file__).resolve().parent.parent
SLUGS = list(FAMILIES)  # every family in the registry, so a new one is checked too
PAGES = [
    "/",
    "/en/hk/?fan=100",
    "/api/v1/hk?fan=100",
    "/manifest.webmanifest",
    *(f"/{slug}/" for slug in SLUGS),
    *(f"/zh-hans/{slug}/?bogus=1" for slug in SLUGS),
    *(f"/api/v1/{slug}" for slug in SLUGS),
    "/riichi/hand/?hand=123m456p789s1122z&win_tile=2z",
    "/mcr/hand/?hand=bad",
    "/api/v1/riichi/hand?hand=123m",
    "/api/v1/mcr/hand",
    "/glossary/",
    "/en/faq/",
    "/zh-hans/sources/",
]


@pytest.mark.parametrize("path", PAGES)
def test_security_headers(client, path):
    response = client.get(path, headers={"HX-Request": "true"} if "bogus" in path else {})
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("slug", SLUGS)
def test_pages_have_no_inline_scripts_or_third_party_assets(client, slug):
    html = client.get(f"/{slug}/").content.decode()
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all('src="/static/' in attrs for attrs in scripts), "inline script"
    assets = re.findall(r'<(?:link|img|iframe|source)\b[^>]*?(?:src|href)="([^"]*)"', html)
    canonical = re.findall(r'<link rel="canonical" href="([^"]*)"', html)
    # The only absolute address is the page's own canonical link, which loads nothing.
    assert [url for url in assets if url.startswith(("http:", "https:", "//"))] == canonical
    assert "style=" not in html  # the CSP allows no inline styles either


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "SECRET_KEY", "ALLOWED", "SITE_URL"))
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_check_deploy_is_clean_with_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="mahjongsite.settings",
        SECRET_KEY="x" * 60 + "-production-like-secret-key-with-enough-characters",
        ALLOWED_HOSTS="mahjong.example.org",
        SITE_URL="https://mahjong.example.org",
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_production_refuses_to_start_without_its_public_origin():
    result = manage("check", DJANGO_SETTINGS_MODULE="mahjongsite.settings", SECRET_KEY="k" * 60)
    assert result.returncode != 0
    assert "SITE_URL must be set" in result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", DJANGO_SETTINGS_MODULE="mahjongsite.settings")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_debug_is_off_by_default():
    result = manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DEBUG)",
        DJANGO_SETTINGS_MODULE="mahjongsite.settings",
        SECRET_KEY="k" * 60,
        SITE_URL="https://mahjong.example.org",
    )
    assert result.stdout.strip().splitlines()[-1] == "False", result.stderr
