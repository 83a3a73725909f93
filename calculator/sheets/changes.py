"""A sheet's changes told to the pages that have it open (Server-Sent Events).

A write commits, then announces the sheet's new revision (`announce`, from
`transaction.on_commit`). Each process that serves streams keeps one `Watcher`: every open
stream waits on it, and it learns of changes once for all of them:

- on PostgreSQL, through one `LISTEN` connection per process (psycopg's own async API);
  the writer's `pg_notify` reaches every process on every machine sharing the database;
- on SQLite (one machine), by reading the revisions of every sheet it watches in one query
  every `CHECK_EVERY` seconds: one cheap check per process, not one per phone.

Nothing here is the truth: a change missed (a notification lost, a stream dropped) only
costs time, as the page still checks its own address now and then (ETag, 304).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.db.models import Func, TextField, Value

from calculator.models import Sheet

log = logging.getLogger(__name__)

CHANNEL = "mahjong_sheets"
CHECK_EVERY = 0.2  # SQLite: the revisions of the watched sheets read this often
RECHECK_EVERY = 10.0  # PostgreSQL: and this often too, in case a notification was lost
RECONNECT_AFTER = 1.0  # PostgreSQL: a lost listening connection is opened again after this
IDLE_STOP = 5.0  # a watcher with no stream for this long stops (and starts again on demand)
BATCH = 500  # sheets a revision query asks about at once (SQLite's parameter limit)


class PgNotify(Func):
    """PostgreSQL's `pg_notify(channel, payload)`: delivered to listeners on commit."""

    function = "pg_notify"
    output_field = TextField()


def announce(sheet_id: int, revision: int) -> None:
    """After a write has committed: its sheet's new revision, to every listening process.
    On SQLite nothing is sent: watchers read the revisions themselves."""
    if connection.vendor != "postgresql":
        return
    payload = Value(f"{sheet_id} {revision}")
    list(Sheet.objects.filter(pk=sheet_id).values_list(PgNotify(Value(CHANNEL), payload)))


@dataclass(eq=False)
class Stream:
    """One open page's subscription: the revision it was last told, and a flag the watcher
    raises when the sheet's revision differs from it."""

    sheet_id: int
    revision: int
    changed: asyncio.Event = field(default_factory=asyncio.Event)


def _revisions(sheet_ids: list[int]) -> dict[int, int]:
    """The sheets' revisions now. A long-lived loop, not a request: it holds no database
    connection between checks (on SQLite, opening one costs less than the query)."""
    found: dict[int, int] = {}
    try:
        for start in range(0, len(sheet_ids), BATCH):
            batch = sheet_ids[start : start + BATCH]
            found.update(Sheet.objects.filter(pk__in=batch).values_list("pk", "revision"))
    finally:
        connection.close()
    return found


def _conninfo() -> str:
    """The listening connection's parameters, from the same settings as Django's own."""
    from psycopg.conninfo import make_conninfo

    db = settings.DATABASES["default"]
    given = {
        "dbname": db.get("NAME"),
        "user": db.get("USER"),
        "password": db.get("PASSWORD"),
        "host": db.get("HOST"),
        "port": str(db.get("PORT") or ""),
    }
    options = {k: v for k, v in db.get("OPTIONS", {}).items() if isinstance(v, str | int)}
    return make_conninfo("", **{k: v for k, v in given.items() if v}, **options)


class Watcher:
    """The streams this process holds, by sheet, and the one task that learns of changes."""

    def __init__(self) -> None:
        self.streams: dict[int, set[Stream]] = {}
        self.count = 0
        self.task: asyncio.Task | None = None

    def full(self) -> bool:
        """As many streams as this process may hold (`SHEET_STREAMS_MAX`)."""
        return self.count >= settings.SHEET_STREAMS_MAX

    def open(self, sheet_id: int, revision: int) -> Stream:
        stream = Stream(sheet_id, revision)
        self.streams.setdefault(sheet_id, set()).add(stream)
        self.count += 1
        if self.task is None or self.task.done():
            # A context of its own: not the first stream's request, which ends before it.
            loop = asyncio.get_running_loop()
            self.task = loop.create_task(self._watch(), context=contextvars.Context())
        return stream

    def close(self, stream: Stream) -> None:
        watching = self.streams.get(stream.sheet_id)
        if watching is None or stream not in watching:
            return
        watching.discard(stream)
        self.count -= 1
        if not watching:
            del self.streams[stream.sheet_id]

    def news(self, sheet_id: int, revision: int) -> None:
        """The sheet is at `revision` now: every stream told another one is woken."""
        for stream in self.streams.get(sheet_id, ()):
            if stream.revision != revision:
                stream.revision = revision
                stream.changed.set()

    async def check(self) -> None:
        """Every watched sheet's revision read at once, and the streams behind woken."""
        if not self.streams:
            return
        for sheet_id, revision in (await sync_to_async(_revisions)(list(self.streams))).items():
            self.news(sheet_id, revision)

    async def _idle(self) -> bool:
        """True once no stream has been open for IDLE_STOP seconds."""
        waited = 0.0
        while not self.streams and waited < IDLE_STOP:
            await asyncio.sleep(CHECK_EVERY)
            waited += CHECK_EVERY
        return not self.streams

    async def _watch(self) -> None:
        if connection.vendor == "postgresql":
            await self._listen()
        else:
            await self._read_revisions()

    async def _read_revisions(self) -> None:
        while not await self._idle():
            try:
                await self.check()
            except Exception:  # the database away for a moment: try again next time
                log.exception("reading the watched sheets' revisions")
            await asyncio.sleep(CHECK_EVERY)

    async def _listen(self) -> None:
        import psycopg

        while not await self._idle():
            try:
                async with await psycopg.AsyncConnection.connect(
                    _conninfo(), autocommit=True
                ) as listening:
                    await listening.execute(f"LISTEN {CHANNEL}")
                    await self.check()  # what changed while nobody listened
                    await self._notifications(listening)
            except Exception:
                log.exception("listening for sheet changes")
                await asyncio.sleep(RECONNECT_AFTER)

    async def _notifications(self, listening) -> None:
        """Notifications as they come, and a check now and then; back when idle."""
        while self.streams:
            gen = listening.notifies(timeout=RECHECK_EVERY)
            async for notify in gen:
                sheet_id, _, revision = notify.payload.partition(" ")
                with contextlib.suppress(ValueError):
                    self.news(int(sheet_id), int(revision))
            await self.check()


WATCHER = Watcher()


async def told(stream: Stream, heartbeat: float) -> AsyncIterator[int | None]:
    """The stream's revisions as they change; None after `heartbeat` seconds of quiet."""
    while True:
        try:
            await asyncio.wait_for(stream.changed.wait(), heartbeat)
        except TimeoutError:
            yield None
            continue
        stream.changed.clear()
        yield stream.revision
