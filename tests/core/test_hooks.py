"""core.hooks: a lower app calls up through callables the higher apps name on their AppConfigs."""

from __future__ import annotations

import pytest
from django.apps import apps

from core.hooks import app_hooks
from puzzles.crosswords.selectors import dashboard_context
from training.coach.selectors import dashboard_context as coach_dashboard
from training.grids.selectors import answers_since


def test_each_app_names_its_hooks_and_they_resolve_to_callables():
    assert app_hooks("answers_since") == [answers_since]
    assert app_hooks("dashboard_context") == [coach_dashboard, dashboard_context]  # the apps' order
    assert [hook.__name__ for hook in app_hooks("chosen_lexicon")] == ["chosen_lexicon"]
    assert [hook.__name__ for hook in app_hooks("token_language")] == ["token_language"]


def test_a_hook_nobody_names_is_an_empty_list():
    assert app_hooks("no_such_hook") == []


def test_a_hook_named_wrongly_fails_loudly(monkeypatch):
    config = apps.get_app_config("training")
    monkeypatch.setattr(config, "answers_since", "training.grids.selectors.no_such_function", raising=False)
    with pytest.raises(ImportError):
        app_hooks("answers_since")
