"""Tags of the live pages: what an htmx answer may leave out because the page already has it."""

from __future__ import annotations

import json
from hashlib import blake2b

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

register = template.Library()

# The reference table the page shows, by its key; app.js sends it with every live request.
SHOWN = "X-Reference"


def _key(text: str) -> str:
    return blake2b(text.encode(), digest_size=9).hexdigest()


class ReferenceNode(template.Node):
    def __init__(
        self,
        nodelist: template.NodeList,
        template_name: template.base.FilterExpression,
        reads: template.base.FilterExpression,
    ) -> None:
        self.nodelist = nodelist
        self.template_name = template_name
        self.reads = reads

    def render(self, context: template.Context) -> str:
        # Named by what it is drawn from when the presenter lists that (the values of the
        # names its template reads, in this language); otherwise drawn, and named by its
        # markup, so equal keys are equal tables.
        reads = self.reads.resolve(context) or ()
        html = None
        if reads:
            drawn_from = [self.template_name.resolve(context), get_language()]
            drawn_from += [context[name] for name in reads]
            key = _key(json.dumps(drawn_from, default=str, sort_keys=True, ensure_ascii=False))
        else:
            html = self.nodelist.render(context)
            key = _key(html)
        request = context.get("request")
        if context.get("oob") and request is not None and request.headers.get(SHOWN) == key:
            # Same table as on the page: htmx keeps that one in place (hx-preserve), so a
            # change of hand draws and swaps a smaller answer.
            return format_html('<div id="reference" data-ref="{}" hx-preserve></div>', key)
        if html is None:
            html = self.nodelist.render(context)
        return format_html('<div id="reference" data-ref="{}">{}</div>', key, html)  # html: safe


@register.tag
def reference(parser: template.base.Parser, token: template.base.Token) -> ReferenceNode:
    """`{% reference template_name reads %}…{% endreference %}`: the reference table, or for
    a live answer a placeholder when the page already shows exactly this table."""
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError(
            "{% reference %} takes the table's template and the names it reads"
        )
    nodelist = parser.parse(("endreference",))
    parser.delete_first_token()
    return ReferenceNode(nodelist, parser.compile_filter(bits[1]), parser.compile_filter(bits[2]))
