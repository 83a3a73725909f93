"""A sheet's summary page, `/sheets/view/<view_key>/summary/`: what four people read
together at the end of the night. It is read-only, so it lives at the view key and can be
shared with the table; `?format=text` is the same summary as plain text."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from calculator import errors, sheets
from calculator.presenters.sheet_summary import summary as summary_page
from calculator.sheet_views import page_context, private_page


@errors.safe_only
def summary(request: HttpRequest, key: str) -> HttpResponse:
    opened = sheets.open_sheet(key)
    if opened is None:
        raise Http404
    if opened.can_edit:  # the edit key is never shown on a page meant to be shared
        return private_page(
            HttpResponseRedirect(reverse("sheet_summary", args=[opened.sheet.view_key]))
        )
    page = summary_page(sheets.work_out(opened.sheet))
    if request.GET.get("format") == "text":
        return private_page(HttpResponse(page.text, content_type="text/plain; charset=utf-8"))
    context = page_context(request, reverse("sheet_summary", args=[key]), page.title)
    context["page"] = page
    return private_page(render(request, "sheets/summary.html", context))
