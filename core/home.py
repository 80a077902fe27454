"""The home page's blocks, collected from the apps, so a new mode adds its block without editing core.

An app lists its blocks on its AppConfig::

    class PuzzlesConfig(AppConfig):
        home_blocks = [HomeBlock("daily-crossword", "puzzles/_home_daily.html",
                                 context="puzzles.crosswords.home.home_context", order=20)]

``context`` (a dotted path) is called with the request and returns the block's template context, or
None to hide the block (e.g. nothing to show yet). Blocks show in ``order`` (then app order); the
page lays them out in a responsive grid (``.home-blocks`` in tirage.css), one column on a phone.
Reserved slots: 10 where to start (training), 20 crossword of the day (puzzles), 30 game of the day,
40 daily challenge, 50 lookups (lexicon), 90 account.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.module_loading import import_string


@dataclass(frozen=True)
class HomeBlock:
    key: str
    template: str
    context: str | None = None  # dotted path of ``f(request) -> dict | None``
    order: int = 50
    login_required: bool = True

    def context_function(self) -> Callable[[HttpRequest], dict[str, Any] | None] | None:
        return import_string(self.context) if self.context else None


def home_blocks(request: HttpRequest) -> list[dict[str, Any]]:
    """[{"key", "html"}] of the blocks visible to this request's user, in order."""
    user = getattr(request, "user", None)
    authenticated = bool(getattr(user, "is_authenticated", False))
    found: list[tuple[int, int, HomeBlock]] = []
    for index, config in enumerate(apps.get_app_configs()):
        for block in getattr(config, "home_blocks", ()):
            if block.login_required and not authenticated:
                continue
            found.append((block.order, index, block))
    rendered = []
    for _order, _index, block in sorted(found, key=lambda item: (item[0], item[1])):
        function = block.context_function()
        context = function(request) if function else {}
        if context is None:
            continue
        rendered.append({"key": block.key,
                         "html": render_to_string(block.template, {**context, "block_key": block.key}, request)})
    return rendered
