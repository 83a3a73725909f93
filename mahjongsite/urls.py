from django.conf.urls.i18n import i18n_patterns

from calculator.urls import api_patterns, page_patterns

urlpatterns = api_patterns + i18n_patterns(*page_patterns, prefix_default_language=False)

# Our own pages (JSON under /api/) instead of Django's bare ones: calculator/errors.py.
handler400 = "calculator.errors.bad_request"
handler403 = "calculator.errors.permission_denied"
handler404 = "calculator.errors.page_not_found"
handler500 = "calculator.errors.server_error"
