"""The site's templates, in Jinja2 through Django's own Jinja2 backend (why Jinja2:
docs/decisions.md § Platform). This module is its `environment` and our globals and filters.

Translations stay Django's: `_("…")` (gettext), and for a sentence with values in it
`_("… %(name)s …")|fmt(name=…)`, which escapes the values and not the sentence, as
`{% blocktranslate %}` did. Both are forms `makemessages` reads out of a template; plurals
and words with a context are worded in Python, where it reads them too."""

from __future__ import annotations

import json
from collections.abc import Callable
from hashlib import blake2b
from typing import Any

import jinja2
import jinja2_fragments
from django.template.defaultfilters import urlencode
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escapejs, format_html
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django_htmx.jinja import htmx_script
from markupsafe import Markup

# The reference table the page shows, by its key; app.js sends it with every live request.
SHOWN = "X-Reference"

FIELD_COLON = pgettext_lazy("between a field's name and its error", ": ")


def url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def fmt(text: str, **values: Any) -> Markup:
    """A translated sentence with its values put in: the values escaped, the sentence not
    (it is ours, and may hold markup)."""
    return Markup(text) % values


def _table_key(text: str) -> str:
    return blake2b(text.encode(), digest_size=9).hexdigest()


@jinja2.pass_context
def reference(
    context: jinja2.runtime.Context,
    template_name: str,
    reads: tuple[str, ...],
    caller: Callable[[], str],
) -> Markup:
    """`{% call reference(template, reads) %}…{% endcall %}`: the reference table, or for a
    live answer a placeholder when the page already shows exactly this table."""
    # Named by what it is drawn from when the presenter lists that (the values of the names
    # its template reads, in this language); otherwise drawn, and named by its markup, so
    # equal keys are equal tables.
    html = None
    if reads:
        drawn_from = [template_name, get_language(), *(context.get(name) for name in reads)]
        key = _table_key(json.dumps(drawn_from, default=str, sort_keys=True, ensure_ascii=False))
    else:
        html = caller()
        key = _table_key(html)
    request = context.get("request")
    if context.get("oob") and request is not None and request.headers.get(SHOWN) == key:
        # Same table as on the page: htmx keeps that one in place (hx-preserve), so a
        # change of hand draws and swaps a smaller answer.
        return format_html('<div id="reference" data-ref="{}" hx-preserve></div>', key)
    if html is None:
        html = caller()
    return format_html('<div id="reference" data-ref="{}">{}</div>', key, Markup(html))


def _gettext(message: str) -> Markup:
    # A template's own words are ours, so drawn as they are, as Django's templates do.
    return Markup(gettext(message))


def environment(**options: Any) -> jinja2.Environment:
    """The environment Django's Jinja2 backend renders with (settings.TEMPLATES' OPTIONS):
    Django's gettext, static files and URLs, and jinja2-fragments' `render_block`."""
    env = jinja2.Environment(**options)
    env.install_gettext_callables(_gettext, ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.globals.update(
        static=static,
        url=url,
        get_language=get_language,
        htmx_script=htmx_script,
        reference=reference,
        field_colon=FIELD_COLON,
    )
    env.filters.update(fmt=fmt, escapejs=escapejs, urlencode=urlencode)  # Django's: `safe`
    jinja2_fragments.setup_globals(env)
    return env
