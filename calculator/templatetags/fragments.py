"""`{% shared_fragment %}`: parts of a page that depend only on the language and a key."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

_RENDERED: OrderedDict[tuple[Hashable, ...], SafeString] = OrderedDict()
_LIMIT = 256
_LOCK = threading.Lock()  # threaded servers share the dict


@register.simple_tag(takes_context=True)
def shared_fragment(context: template.Context, template_name: str, *key: Hashable) -> SafeString:
    """Render `template_name` once per language and `key`, then reuse it.

    For page furniture such as the family switch and the "which game?" table, whose
    output is fixed once the language and the current family are known.
    """
    cache_key = (template_name, get_language(), key)
    with _LOCK:
        html = _RENDERED.get(cache_key)
    if html is None:
        html = render_to_string(template_name, context.flatten())
        with _LOCK:
            _RENDERED[cache_key] = html
            if len(_RENDERED) > _LIMIT:
                _RENDERED.popitem(last=False)
    return html
