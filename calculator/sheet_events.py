"""A sheet's changes as Server-Sent Events: `/sheets/<key>/events`, `/sheets/view/<key>/events`.

An open sheet page subscribes (EventSource, static/js/sheets.js) and, told of a revision it
does not show, fetches its live region as its poll does. Either key of the sheet reads it;
an unknown key is a 404. The stream is an async iterator, served by the ASGI server that
nginx routes these addresses to (scripts/serve); each process learns of changes once for
all its streams (calculator/sheets/changes.py). The page still checks its own address now
and then, so a stream dropped or a change missed costs only time.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from calculator import errors, sheets
from calculator.sheets import changes

# How long EventSource waits before opening a dropped stream again (the `retry` field).
RETRY_MS = 3_000
REVISION = re.compile(r"[0-9]{1,9}")
BUSY_RETRY_AFTER = "30"


def _shown(request: HttpRequest, current: int) -> int:
    """The revision the page shows: the last event's id when EventSource comes back, else
    the page's own `?revision=`; the sheet's revision when it gives neither."""
    for raw in (request.headers.get("Last-Event-ID", ""), request.GET.get("revision", "")):
        if REVISION.fullmatch(raw):
            return int(raw)
    return current


async def _events(sheet_id: int, shown: int, current: int) -> AsyncIterator[bytes]:
    stream = changes.WATCHER.open(sheet_id, shown)
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        if current != shown:  # changed between the page's drawing and this stream
            changes.WATCHER.news(sheet_id, current)
        async for revision in changes.told(stream, settings.SHEET_STREAM_HEARTBEAT):
            if revision is None:
                yield b": still here\n\n"  # a comment: keeps proxies and phones from closing it
            else:
                yield f"id: {revision}\nevent: sheet\ndata: {revision}\n\n".encode()
    finally:
        changes.WATCHER.close(stream)


def _busy(request: HttpRequest) -> HttpResponse:
    response = errors.answer(
        request,
        503,
        "too_many_streams",
        lambda: (
            _("Too many open sheets"),
            _("This server follows as many sheets as it can: the page checks for changes itself."),
        ),
        headers={"Retry-After": BUSY_RETRY_AFTER},
    )
    response["Cache-Control"] = "no-store"
    return response


def _open(key: str) -> sheets.Opened | None:
    """The sheet, read in the thread Django keeps for this request for as long as it lasts
    (hours, for a stream): its database connection is closed at once, not kept idle there."""
    try:
        return sheets.open_sheet(key)
    finally:
        connection.close()


async def events(request: HttpRequest, key: str) -> HttpResponse:
    if request.method != "GET":
        return errors.method_not_allowed(request, ("GET",))
    opened = await sync_to_async(_open)(key)
    if opened is None:
        raise Http404
    # Under WSGI (gunicorn, runserver) a stream would hold a whole worker for as long as
    # the page is open: only the ASGI server keeps them.
    if "wsgi.input" in request.META or changes.WATCHER.full():
        return _busy(request)
    sheet = opened.sheet
    shown = _shown(request, sheet.revision)
    response = StreamingHttpResponse(
        _events(sheet.pk, shown, sheet.revision), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on as it comes
    response["X-Robots-Tag"] = "noindex"
    return response
