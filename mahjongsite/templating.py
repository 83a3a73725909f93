"""The site's templates, in Jinja2: Django's template language costs about 250 µs a sheet row
and 4 ms a riichi hand form, more than twenty bare views (docs/decisions.md § Platform).

Translations stay Django's: `_("…")` (gettext), and for a sentence with values in it
`_("… %(name)s …")|fmt(name=…)`, which escapes the values and not the sentence, as
`{% blocktranslate %}` did. Both are forms `makemessages` reads out of a template; plurals
and words with a context are worded in Python, where it reads them too."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from hashlib import blake2b
from typing import Any

import jinja2
from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template import TemplateDoesNotExist
from django.template.backends import jinja2 as django_jinja2
from django.template.backends.utils import csrf_input
from django.template.defaultfilters import urlencode
from django.templatetags.static import static as django_static
from django.urls import reverse
from django.utils.html import escapejs, format_html
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django_htmx.jinja import htmx_script
from markupsafe import Markup

# The reference table the page shows, by its key; app.js sends it with every live request.
SHOWN = "X-Reference"

FIELD_COLON = pgettext_lazy("between a field's name and its error", ": ")


# A static file's path as our templates name them: no query, fragment or escape to parse.
_PLAIN_PATH = re.compile(r"[\w-]+(/[\w-][\w.-]*)*", re.ASCII)


def static(path: str) -> str:
    """Django's `static`: under the production storage, the base URL and the file's hashed
    name from the manifest, which is what Django's comes to once it has parsed and joined
    the URLs around that lookup (about 9 µs a file, and every page draws five to eight).
    Anything else, Django's own (tests/test_production.py holds the two equal)."""
    storage = staticfiles_storage
    if settings.DEBUG or not isinstance(storage, ManifestFilesMixin):
        return django_static(path)
    if not _PLAIN_PATH.fullmatch(path) or ".." in path:
        return django_static(path)
    return storage.base_url + storage.stored_name(path)  # a hashed plain path: nothing to quote


def url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


def fmt(text: str, **values: Any) -> Markup:
    """A translated sentence with its values put in: the values escaped, the sentence not
    (it is ours, and may hold markup)."""
    return Markup(text) % values


def _key(text: str) -> str:
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
        key = _key(json.dumps(drawn_from, default=str, sort_keys=True, ensure_ascii=False))
    else:
        html = caller()
        key = _key(html)
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
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"], **options)
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
    return env


class DrawnUndefinedFails(jinja2.ChainableUndefined):
    """The tests' undefined: tested (`{% if oob %}`) it is false, drawn it fails the render,
    naming the variable, so a typo in a template cannot pass as an empty string."""

    def __str__(self) -> str:
        self._fail_with_undefined_error()
        return ""


class _Block:
    """One block of a template, rendered alone: `page.html#result`, an htmx answer."""

    def __init__(self, template: jinja2.Template, name: str) -> None:
        if name not in template.blocks:
            raise TemplateDoesNotExist(f"{template.name}#{name}")
        self.template, self.name = template, name
        self.filename, self.name_of = template.filename, f"{template.name}#{name}"

    def render(self, context: dict[str, Any]) -> str:
        block = self.template.blocks[self.name]
        return "".join(block(self.template.new_context(context)))


class _Once:
    """A CSRF field worked out where a page first draws it, then the same on every row:
    Django's lazy one masks the token again each time, and a page that draws none leaves
    the token (and its cookie) alone."""

    def __init__(self, make: Callable[[], str]) -> None:
        self._make, self._made = make, None

    def __html__(self) -> str:
        if self._made is None:
            self._made = self._make()
        return self._made

    __str__ = __html__


class Template(django_jinja2.Template):
    def render(
        self, context: dict[str, Any] | None = None, request: HttpRequest | None = None
    ) -> str:
        context = {} if context is None else context
        if request is not None:
            context["request"] = request
            context["csrf_input"] = _Once(lambda: csrf_input(request))
            context["csrf_token"] = _Once(lambda: get_token(request))
            for context_processor in self.backend.template_context_processors:
                context.update(context_processor(request))
        return self.template.render(context)


class Jinja2(django_jinja2.Jinja2):
    """Django's Jinja2 backend, which also renders one block: `template.html#block`."""

    def get_template(self, template_name: str) -> Template:
        name, _, block = template_name.partition("#")
        template = Template(super().get_template(name).template, self)
        if block:
            template.template = _Block(template.template, block)  # type: ignore[assignment]
        return template
