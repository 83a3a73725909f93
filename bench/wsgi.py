"""WSGI entry point for the benchmark server (adds the bare reference view)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
application = get_wsgi_application()
