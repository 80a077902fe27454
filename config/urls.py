"""Top-level URLs: each app's pages, the language switcher, the admin, ``/api/`` and ``/healthz``.

Each app owns its URLs: pages in ``<app>/urls.py`` (included below), API routes in
``<app>/urls_api.py`` (listed in ``config/urls_api.py``).
"""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("core.urls")),
    path("accounts/", include("accounts.urls")),
    path("lexicons/", include("lexicon.urls")),
    path("training/", include("training.urls")),
    path("puzzles/", include("puzzles.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("config.urls_api")),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
