from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def site_url_is_the_live_server(settings, live_server):
    """The live server is the site here, so absolute links point at it (SITE_URL)."""
    settings.SITE_URL = live_server.url
