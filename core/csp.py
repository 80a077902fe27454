"""The Content-Security-Policy header: only this site's own scripts, styles, images and connections.

Why a strict policy is possible: htmx, the crossword and training scripts and Swagger UI's assets are
all served from ``/static/``, and no template has an inline ``<script>``, ``<style>``, ``style=``
attribute or ``on...=`` handler (``tests/core/test_security_headers.py`` scans them). htmx is told not
to inject its indicator ``<style>`` (``includeIndicatorStyles: false`` in the ``htmx-config`` meta of
``base.html``; the indicator rules are in ``tirage.css``), and Swagger UI runs from the split view that
serves its start-up script as a file.

Why a middleware rather than a package: the installed Django (5.2) has no CSP support of its own (it
comes with Django 6.0's ``SECURE_CSP``), the policy is one fixed header without nonces, and django-csp
would add a dependency and its own settings for what these few lines do. The setting has the shape of
Django 6.0's ``SECURE_CSP`` (directive → list of sources), so moving to it is deleting this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def build_policy(directives: Mapping[str, Sequence[str]]) -> str:
    """``{"default-src": ["'self'"], "upgrade-insecure-requests": []}`` → ``default-src 'self'; upgrade-...``."""
    parts = []
    for name, sources in directives.items():
        parts.append(" ".join([name, *sources]) if sources else name)
    return "; ".join(parts)


class ContentSecurityPolicyMiddleware:
    """Adds the policy of ``settings.SECURE_CSP`` to every response that has none yet."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        directives = getattr(settings, "SECURE_CSP", None) or {}
        self.policy = build_policy(directives) if directives else ""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and HEADER not in response.headers:
            response.headers[HEADER] = self.policy
        return response
