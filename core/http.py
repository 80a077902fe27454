"""The request type of views behind django-htmx's middleware (``request.htmx``), for type checking."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An ``HttpRequest`` once ``django_htmx.middleware.HtmxMiddleware`` (settings) has run: every view's."""

    htmx: HtmxDetails
