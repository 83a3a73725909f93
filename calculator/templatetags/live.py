"""Tags of the live pages: what an htmx answer may leave out because the page already has it."""

from __future__ import annotations

from hashlib import blake2b

from django import template
from django.utils.html import format_html

register = template.Library()

# The reference table the page shows, by its key; app.js sends it with every live request.
SHOWN = "X-Reference"


class ReferenceNode(template.Node):
    def __init__(self, nodelist: template.NodeList, key: template.base.FilterExpression) -> None:
        self.nodelist = nodelist
        self.key = key

    def render(self, context: template.Context) -> str:
        # The presenter's key names the table by what it is drawn from; without one, the
        # table is drawn and named by its own markup, so equal keys are equal tables.
        key = self.key.resolve(context) or ""
        html = None
        if not key:
            html = self.nodelist.render(context)
            key = blake2b(html.encode(), digest_size=9).hexdigest()
        request = context.get("request")
        if context.get("oob") and request is not None and request.headers.get(SHOWN) == key:
            # Same table as on the page: htmx keeps that one in place (hx-preserve), so a
            # change of hand draws and swaps a smaller answer.
            return format_html('<div id="reference" data-ref="{}" hx-preserve></div>', key)
        if html is None:
            html = self.nodelist.render(context)
        return format_html('<div id="reference" data-ref="{}">{}</div>', key, html)  # escaped


@register.tag
def reference(parser: template.base.Parser, token: template.base.Token) -> ReferenceNode:
    """`{% reference key %}…{% endreference %}`: the reference table, or for a live answer a
    placeholder when the page already shows exactly this table."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("{% reference %} takes the table's key")
    nodelist = parser.parse(("endreference",))
    parser.delete_first_token()
    return ReferenceNode(nodelist, parser.compile_filter(bits[1]))
