"""The ASGI server that holds the sheets' change streams (/sheets/<key>/events), beside
gunicorn; used by `make serve` and by deploy/mahjong-events.service.

Why a second server: gunicorn's sync workers are one request each, the simplest model for
the pages and the API, whose requests last milliseconds; a change stream stays open as long
as a phone has its sheet open. uvicorn runs the same Django project under ASGI, where each
open stream is a coroutine waiting on the process's one watcher (calculator/sheets/changes.py):
memory, not a worker, and no CPU while nothing changes. nginx sends it only the streams'
addresses (deploy/nginx/mahjong-proxy.conf). Environment:

  EVENTS_BIND        where to listen (default 127.0.0.1:8001; nginx's upstream mahjong_events)
  EVENTS_WORKERS     processes (default 1: idle streams need memory, not CPU; each process
                     has its own watcher, so more processes mean more revision checks)
  SHEET_STREAMS_MAX  streams held at most (mahjongsite/settings.py); beyond, a 503
"""

import os
from pathlib import Path

import uvicorn

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    host, _, port = os.environ.get("EVENTS_BIND", "127.0.0.1:8001").rpartition(":")
    uvicorn.run(
        "mahjongsite.asgi:application",
        app_dir=str(ROOT),  # this checkout's project, whatever the current folder
        # Not WEB_CONCURRENCY (gunicorn's, which uvicorn would also read).
        workers=int(os.environ.get("EVENTS_WORKERS", "1")),
        host=host,
        port=int(port),
        # Django has no lifespan events; nginx writes the access log.
        lifespan="off",
        access_log=False,
        log_level="warning",
        # Who may set X-Forwarded-*: nginx, as for gunicorn.
        proxy_headers=True,
        forwarded_allow_ips=os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
        # Thousands of phones may come back at once after a restart.
        backlog=4096,
        # Streams never end by themselves: on SIGTERM they are cut after this, and each
        # page's EventSource opens its stream again (on another server, or this one back).
        timeout_graceful_shutdown=3,
    )
