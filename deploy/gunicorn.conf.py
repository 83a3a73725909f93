"""gunicorn settings for 麻雀計番計錢, used by `make serve` and by deploy/mahjong.service.

Sync workers behind nginx (deploy/nginx/): nginx absorbs slow clients, so each worker only
ever holds a request for the milliseconds the app computes, and a process per CPU-bound
request is the simplest model that cannot block. Environment:

  GUNICORN_BIND    where to listen (default 127.0.0.1:8000; nginx's upstream points here)
  WEB_CONCURRENCY  worker processes (default 2 per CPU + 1)
"""

import multiprocessing
import os

wsgi_app = "mahjongsite.wsgi:application"
bind = [os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")]
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
# Load the app once in the master: a bad setting fails at start, not in every worker.
preload_app = True
# A worker stuck this long is restarted; nginx's proxy_read_timeout is the same 30 s.
timeout = 30
graceful_timeout = 20
# nginx talks to us over loopback and closes after each request (sync workers have no
# keep-alive); nginx, not gunicorn, keeps client connections alive.
keepalive = 2
# Requests reach us whole and well-formed from nginx, which already bounds them (16 KB a
# line, 64 KB of headers); no second, lower limit here that would answer with gunicorn's
# own bare 400 page. The listener is on loopback (or a private address only the proxy
# reaches), so nothing else gets this far.
limit_request_line = 0
limit_request_fields = 32768
limit_request_field_size = 0
# Who may set X-Forwarded-*: nginx on this machine, or the proxy's address when the app
# servers sit on their own machines (FORWARDED_ALLOW_IPS).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# nginx writes the access log; errors and warnings go to stderr (journald, or the terminal).
accesslog = None
errorlog = "-"
loglevel = "info"
# No control socket in the home directory: stop and reload with signals (SIGTERM, SIGHUP),
# and two servers on one machine do not fight over one socket path.
control_socket_disable = True


def pre_fork(server, worker):
    """No database connection opened while the app loaded here (preload_app) is handed on:
    workers keep theirs between requests, and one shared across fork() can corrupt SQLite."""
    from django.db import connections

    connections.close_all()
