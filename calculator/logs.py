"""Logs a person can read: a client's mistake is one WARNING line, never a traceback.

Django logs a SuspiciousOperation (a Host that ALLOWED_HOSTS refuses, too many fields in
a posted form) as an ERROR with the whole traceback on `django.security.*`, and then the
same request again as "Bad Request" on `django.request`. `OneLinePerClientError` sits on
the console handler (settings.LOGGING) and turns the first into one WARNING line and
drops the second. Server errors (5xx) keep their tracebacks.
"""

from __future__ import annotations

import logging

_LOGGED = "_client_error_logged"


class OneLinePerClientError(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        status = getattr(record, "status_code", None) or 0
        suspicious = record.name.startswith("django.security.")
        if not (suspicious or (record.name == "django.request" and 400 <= status < 500)):
            return True
        if getattr(request, _LOGGED, False):
            return False  # this request has its line already
        if request is not None:
            setattr(request, _LOGGED, True)
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        # What a client sent stays on its line, whatever characters it holds.
        record.msg = record.getMessage().replace("\r", "\\r").replace("\n", "\\n")
        record.args = None
        return True
