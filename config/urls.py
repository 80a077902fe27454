"""Top-level URLs: each app's pages, the language switcher, the admin, ``/api/`` and ``/healthz``.

Each app owns its URLs: pages in ``<app>/urls.py`` (included below), API routes in
``<app>/urls_api.py`` (listed in ``config/urls_api.py``).
"""

from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.utils.translation import gettext_lazy as _

# The admin says whose it is ("Django administration" by default).
admin.site.site_header = _("Tirage administration")
admin.site.site_title = _("Tirage administration")

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("core.urls")),
    path("accounts/", include("accounts.urls")),
    path("lexicons/", include("lexicon.urls")),
    path("training/", include("training.urls")),
    path("wordstudy/", include("training.wordstudy.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("config.urls_api")),
]

# Under /api/ these answer JSON ({"detail": ...}); elsewhere Django's own pages.
handler400 = "core.api_errors.bad_request"
handler403 = "core.api_errors.permission_denied"
handler404 = "core.api_errors.page_not_found"
handler500 = "core.api_errors.server_error"

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
