"""A sheet's changes as Server-Sent Events (/sheets/<key>/events): through Django's async
test client, a write on one side, the event on the stream (on SQLite the process's watcher
reads revisions; on PostgreSQL it hears the write's NOTIFY)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connections
from django.test import AsyncClient, override_settings

from calculator import sheet_events, sheets
from calculator.sheets import changes
from tests.test_sheet_standing import new_sheet

pytestmark = [pytest.mark.database, pytest.mark.django_db(transaction=True)]

HAND = {"winner": "1", "win": "self_draw", "fan": "3"}
WAIT = 10  # seconds: far beyond the watcher's check, never reached when it works


async def next_chunk(content) -> bytes:
    return await asyncio.wait_for(anext(content), WAIT)


def in_own_thread(call):
    # A browser test earlier in the session leaves Playwright's event loop on this thread,
    # where async_to_sync (and so an async view under the sync client) refuses to run.
    # The database connections that thread opens are closed before it ends.
    def closing():
        try:
            return call()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(closing).result()


def run(scenario) -> None:
    in_own_thread(async_to_sync(scenario))


def events_urls(sheet) -> list[str]:
    return [
        f"/sheets/{sheet.edit_key}/events",
        f"/sheets/view/{sheet.view_key}/events",
        f"/en/sheets/view/{sheet.edit_key}/events",  # either key reads the sheet
    ]


@pytest.mark.parametrize("which", range(3))
def test_a_recorded_hand_is_told_to_the_open_stream(which):
    async def scenario():
        sheet = await sync_to_async(new_sheet)("hk")
        response = await AsyncClient().get(events_urls(sheet)[which])
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["X-Accel-Buffering"] == "no"
        assert response["Cache-Control"] == "no-store"
        content = response.streaming_content
        try:
            assert await next_chunk(content) == b"retry: 3000\n\n"
            assert changes.WATCHER.count == 1
            await sync_to_async(sheets.add_hand)(sheet, HAND, answer=None)
            assert await next_chunk(content) == b"id: 1\nevent: sheet\ndata: 1\n\n"
            await sync_to_async(sheets.add_hand)(sheet, HAND, answer=None)
            assert await next_chunk(content) == b"id: 2\nevent: sheet\ndata: 2\n\n"
        finally:
            await content.aclose()

    run(scenario)


def test_a_closed_stream_is_forgotten():
    async def scenario():
        sheet = await sync_to_async(new_sheet)("hk")
        before = changes.WATCHER.count
        stream = sheet_events._events(sheet.pk, 0, 0)  # what the server iterates, then closes
        await next_chunk(stream)
        assert changes.WATCHER.count == before + 1
        await stream.aclose()
        assert changes.WATCHER.count == before

    run(scenario)


def test_a_stream_opened_behind_the_sheet_is_told_at_once():
    async def scenario():
        sheet = await sync_to_async(new_sheet)("hk")
        await sync_to_async(sheets.add_hand)(sheet, HAND, answer=None)
        for headers, query in (({"Last-Event-ID": "0"}, ""), ({}, "?revision=0")):
            response = await AsyncClient().get(events_urls(sheet)[1] + query, headers=headers)
            content = response.streaming_content
            try:
                await next_chunk(content)
                assert await next_chunk(content) == b"id: 1\nevent: sheet\ndata: 1\n\n"
            finally:
                await content.aclose()

    run(scenario)


@override_settings(SHEET_STREAM_HEARTBEAT=0.05)
def test_a_quiet_stream_sends_comment_lines():
    async def scenario():
        sheet = await sync_to_async(new_sheet)("hk")
        response = await AsyncClient().get(events_urls(sheet)[0])
        content = response.streaming_content
        try:
            await next_chunk(content)
            assert await next_chunk(content) == b": still here\n\n"
        finally:
            await content.aclose()

    run(scenario)


def test_other_sheets_streams_are_not_told():
    async def scenario():
        one, other = await sync_to_async(new_sheet)("hk"), await sync_to_async(new_sheet)("hk")
        response = await AsyncClient().get(events_urls(other)[0])
        content = response.streaming_content
        try:
            await next_chunk(content)
            await sync_to_async(sheets.add_hand)(one, HAND, answer=None)
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(anext(content), changes.CHECK_EVERY * 5)
        finally:
            await content.aclose()

    run(scenario)


def test_unknown_keys_and_other_methods_are_refused(client):
    for missing in ("/sheets/AAAAAAAAAAAAAAAAAAAAAAAA/events", "/sheets/view/no-such-key/events"):
        assert in_own_thread(lambda url=missing: client.get(url)).status_code == 404
    sheet = new_sheet("hk")
    response = in_own_thread(lambda: client.post(f"/sheets/{sheet.edit_key}/events"))
    assert response.status_code == 405 and response["Allow"] == "GET"


@override_settings(SHEET_STREAMS_MAX=0)
def test_a_full_process_says_so_and_when_to_try_again():
    async def scenario():
        sheet = await sync_to_async(new_sheet)("hk")
        response = await AsyncClient().get(f"/sheets/{sheet.edit_key}/events")
        assert response.status_code == 503
        assert response["Retry-After"] == "30"
        assert b'data-status="503"' in response.content

    run(scenario)


def test_a_wsgi_server_holds_no_stream(client):
    """gunicorn's sync workers would each be held for as long as a page is open."""
    sheet = new_sheet("hk")
    response = in_own_thread(lambda: client.get(f"/sheets/{sheet.edit_key}/events"))
    assert response.status_code == 503 and not response.streaming
