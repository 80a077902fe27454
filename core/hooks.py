"""Where a lower app calls up: the higher app names a callable on its AppConfig, the lower one collects them.

The apps are layered (engine < core < lexicon < accounts < training < puzzles, docs/architecture.md), and
a module never imports from a layer above its own. When a lower layer needs what a higher one knows (the
daily goal counts training answers, the training dashboard shows the crosswords, the home page shows every
mode's block), the higher app declares a dotted path on its AppConfig::

    class TrainingConfig(AppConfig):
        answers_since = "training.grids.selectors.answers_since"

and the lower one calls ``app_hooks("answers_since")``: every app's callable, in app order. The home page
(:mod:`core.home`) and the navigation (:mod:`core.navigation`) follow the same idea with richer entries.

Hooks in use: ``answers_since(user, since) -> int`` (grid answers since a moment),
``activity_since(user, since) -> {kind: [moments]}`` (what the daily goal counts: grid answers, duplicate
rounds, quiz answers; accounts),
``chosen_lexicon(user) -> Lexicon | None`` (the learner's own default lexicon, lexicon),
``token_language(key) -> str | None`` (the language of an API token's owner, core.middleware),
``dashboard_context(user) -> dict`` (more figures for the training dashboard, training.grids.views).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.apps import apps
from django.utils.module_loading import import_string


def app_hooks(attribute: str) -> list[Callable[..., Any]]:
    """The callables every installed app names in its AppConfig's ``attribute``, in app order."""
    return [import_string(path) for config in apps.get_app_configs()
            if (path := getattr(config, attribute, None))]
