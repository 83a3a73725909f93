from django.urls import path

from calculator import hand_views, pages, views

# Language-prefixed pages (see mahjongsite/urls.py); the API lives outside the prefix.
page_patterns = [
    path("", views.calculator, {"slug": "hk"}, name="home"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("glossary/", pages.reference, {"page": "glossary"}, name="glossary"),
    path("faq/", pages.reference, {"page": "faq"}, name="faq"),
    path("sources/", pages.reference, {"page": "sources"}, name="sources"),
    path("<slug:slug>/hand/", hand_views.page, name="hand"),
    path("<slug:slug>/", views.calculator, name="calculator"),
]

api_patterns = [
    path("api/v1/<slug:slug>", views.api, name="api"),
    path("api/v1/<slug:slug>/hand", hand_views.api, name="hand_api"),
]
