# Two commands do everything: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run serve test bench lint messages chromium nginx check-deploy

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# One ASGI server for everything while developing (pages and the sheets' change streams,
# which runserver cannot hold), reloading on changes; on SQLite unless DATABASE_URL says.
run: $(STAMP)
	DJANGO_DEBUG=1 $(PY) manage.py migrate --noinput
	DJANGO_DEBUG=1 $(PY) -m uvicorn mahjongsite.asgi:application --host 127.0.0.1 --port 8000 --reload --lifespan off

# The production recipe on this machine: nginx in front of gunicorn (and of the stream
# server beside it) on http://127.0.0.1:8080
# (PORT, HOST, SITE_URL, ALLOWED_HOSTS, SECRET_KEY from the environment; see scripts/serve).
serve: $(STAMP) nginx
	$(PY) scripts/serve

# Everything on SQLite, then the tests that use the database (score sheets, concurrency
# included) again on a throwaway PostgreSQL server.
test: $(STAMP) chromium nginx
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest
	$(PY) scripts/with-postgres $(PY) -m pytest -m database

# budgets.md as figures (PASS, MISS, INFO): the phone, the tables one machine holds, sizes,
# hostile traffic, through the production recipe; BENCH_PARTS=phone,tables picks parts.
bench: $(STAMP) chromium nginx
	$(PY) bench/run.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Rebuild the translation catalogues after changing any translatable string. English copy
# comes from the msgids: an en entry that only copies one is emptied.
messages: $(STAMP)
	DJANGO_DEBUG=1 $(PY) manage.py makemessages --no-location --no-obsolete -l zh_Hant -l zh_Hans -l en
	$(PY) scripts/drop_english_copies.py
	DJANGO_DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv

# Browser tests drive Debian's Chromium (never a downloaded browser build).
chromium:
	@scripts/ensure-chromium

# make serve and its smoke test run Debian's nginx.
nginx:
	@scripts/ensure-nginx
