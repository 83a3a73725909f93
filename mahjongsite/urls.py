from django.conf.urls.i18n import i18n_patterns

from calculator.urls import api_patterns, page_patterns

urlpatterns = api_patterns + i18n_patterns(*page_patterns, prefix_default_language=False)
