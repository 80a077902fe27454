"""The admin site with the log-in limits of the rest of the site.

Why: ``/admin/login/`` is a second door to the same accounts; without the limits a password could be
guessed there however many failures the log-in page counted. Installed in ``INSTALLED_APPS`` as
``accounts.apps.TirageAdminConfig`` in place of ``django.contrib.admin``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin import AdminSite
from django.http import HttpRequest, HttpResponse

from accounts.forms import RateLimitedAdminAuthenticationForm


class TirageAdminSite(AdminSite):
    """Django's admin, its log-in form limited per account and per address (429 once refused)."""

    login_form = RateLimitedAdminAuthenticationForm

    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        response = super().login(request, extra_context)
        form = (getattr(response, "context_data", None) or {}).get("form")
        refusal = getattr(form, "refusal", None)
        if refusal is not None:
            response.status_code = 429
            response["Retry-After"] = str(refusal.retry_after)
        return response
