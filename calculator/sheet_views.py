"""The score sheets' pages: not served yet (the JSON API is)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from calculator.errors import safe_only


@safe_only
def new(request: HttpRequest) -> HttpResponse:
    raise Http404("The sheet pages are not served yet")


@safe_only
def edit(request: HttpRequest, key: str) -> HttpResponse:
    raise Http404("The sheet pages are not served yet")


@safe_only
def view(request: HttpRequest, key: str) -> HttpResponse:
    raise Http404("The sheet pages are not served yet")
