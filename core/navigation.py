"""Site navigation collected from the apps, so adding a section never means editing base.html.

An app lists its entries on its AppConfig::

    class TrainingConfig(AppConfig):
        nav_items = [NavItem("training:home", _("Training"))]

Entries show in app order (INSTALLED_APPS); ``login_required`` entries only to logged-in users,
``staff_only`` ones only to staff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.http import HttpRequest
from django.urls import get_script_prefix, reverse


@dataclass(frozen=True)
class NavItem:
    url_name: str
    label: Any  # a (lazy) translated string
    login_required: bool = False
    staff_only: bool = False

    def visible_to(self, user) -> bool:
        if self.staff_only:
            return bool(getattr(user, "is_staff", False))
        return not self.login_required or bool(getattr(user, "is_authenticated", False))


_urls: dict[tuple[str, str], str] = {}


def _url(url_name: str) -> str:
    """``reverse(url_name)``, worked out once per process (and script prefix): the entries take no
    arguments, and every page renders the menu, home blocks even several times (each block's template
    runs the context processors)."""
    key = (url_name, get_script_prefix())
    url = _urls.get(key)
    if url is None:
        url = _urls[key] = reverse(url_name)
    return url


def navigation(request: HttpRequest) -> dict[str, list[dict[str, Any]]]:
    """Context processor: ``nav_items`` = [{"url", "label", "active"}] for the current user."""
    user = getattr(request, "user", None)
    items = []
    for config in apps.get_app_configs():
        for item in getattr(config, "nav_items", ()):
            if item.visible_to(user):
                url = _url(item.url_name)
                active = request.path == url or (url != "/" and request.path.startswith(url))
                items.append({"url": url, "label": item.label, "active": active})
    # A section inside another (/training/duplicate/ in /training/): only the deepest one is the current page.
    lit = [entry for entry in items if entry["active"]]
    if len(lit) > 1:
        deepest = max(lit, key=lambda entry: len(entry["url"]))
        for entry in lit:
            entry["active"] = entry is deepest
    return {"nav_items": items}
