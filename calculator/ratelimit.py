"""Per-address limits: a fixed one-minute window counted in Django's cache ("ratelimit",
shared by every worker: the database cache, or Redis when configured)."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.utils.translation import gettext as _

# The window is a minute: a refused client may try again in at most that (seconds).
RETRY_AFTER = "60"


def client_address(request: HttpRequest) -> str:
    """The socket's peer; behind our own proxy (a TRUSTED_PROXIES address, nginx on this
    machine by default), the address the proxy saw, which it writes into X-Real-IP."""
    peer = request.META.get("REMOTE_ADDR", "")
    if peer in settings.TRUSTED_PROXIES:
        return request.META.get("HTTP_X_REAL_IP") or peer
    return peer


def allow(request: HttpRequest, action: str, per_minute: int) -> bool:
    """Count one `action` for this client in the current minute; False once over the limit.

    `add` then `incr`: atomic on Redis; on the database cache `incr` is a read then a write,
    so two workers counting the same instant may count once. A limit that lets a few more
    through under a race is still a limit, and it needs no table of our own."""
    cache = caches["ratelimit"]
    key = f"{action}:{client_address(request)}:{int(time.time() // 60)}"
    cache.add(key, 0, timeout=120)
    try:
        return cache.incr(key) <= per_minute
    except ValueError:  # expired between add and incr: count afresh
        cache.set(key, 1, timeout=120)
        return True


def allow_new_sheet(request: HttpRequest) -> bool:
    return allow(request, "sheet", settings.SHEETS_CREATED_PER_MINUTE)


def allow_hand_write(request: HttpRequest) -> bool:
    return allow(request, "write", settings.SHEET_WRITES_PER_MINUTE)


def too_many_writes() -> str:
    return _("Too many changes from here just now. Try again in a minute.")
