"""The site's URLs plus the bare "hello" view every figure is compared with."""

from django.http import HttpResponse
from django.urls import path

from mahjongsite.urls import urlpatterns as site_patterns


def hello(request):
    return HttpResponse("hello")


urlpatterns = [path("_bench/hello", hello), *site_patterns]
