from django.urls import path

from calculator import hand_views, sheet_api, sheet_events, sheet_summary, sheet_views, views
from calculator.reference_pages import views as reference_pages

# Language-prefixed pages (see mahjongsite/urls.py); the API lives outside the prefix.
page_patterns = [
    path("", views.calculator, {"slug": "hk"}, name="home"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("glossary/", reference_pages.reference, {"page": "glossary"}, name="glossary"),
    path("faq/", reference_pages.reference, {"page": "faq"}, name="faq"),
    path("sources/", reference_pages.reference, {"page": "sources"}, name="sources"),
    path("sheets/new/", sheet_views.new, name="sheet_new"),
    path("sheets/view/<slug:key>/", sheet_views.view, name="sheet_view"),
    path("sheets/view/<slug:key>/summary/", sheet_summary.summary, name="sheet_summary"),
    path("sheets/view/<slug:key>/qr.svg", sheet_views.qr, name="sheet_qr"),
    path("sheets/view/<slug:key>/events", sheet_events.events, name="sheet_view_events"),
    path("sheets/<slug:key>/", sheet_views.edit, name="sheet"),
    path("sheets/<slug:key>/events", sheet_events.events, name="sheet_events"),
    path("<slug:slug>/hand/", hand_views.page, name="hand"),
    path("<slug:slug>/", views.calculator, name="calculator"),
]

api_patterns = [
    path("api/v1/sheets", sheet_api.create, name="sheets_api"),
    path("api/v1/sheets/<slug:key>", sheet_api.read, name="sheet_api"),
    path("api/v1/sheets/<slug:key>/csv", sheet_api.download, name="sheet_csv"),
    path("api/v1/sheets/<slug:key>/close", sheet_api.close, name="sheet_close_api"),
    path("api/v1/sheets/<slug:key>/reopen", sheet_api.reopen, name="sheet_reopen_api"),
    path("api/v1/sheets/<slug:key>/hands", sheet_api.add, name="sheet_hands_api"),
    path("api/v1/sheets/<slug:key>/hands/<int:n>", sheet_api.replace, name="sheet_hand_api"),
    path(
        "api/v1/sheets/<slug:key>/hands/<int:n>/delete", sheet_api.delete, name="sheet_delete_api"
    ),
    path(
        "api/v1/sheets/<slug:key>/hands/<int:n>/restore",
        sheet_api.restore,
        name="sheet_restore_api",
    ),
    path("api/v1/<slug:slug>", views.api, name="api"),
    path("api/v1/<slug:slug>/hand", hand_views.api, name="hand_api"),
]
