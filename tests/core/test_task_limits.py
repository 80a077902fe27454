"""Runs a user may have in flight, per kind: beyond the limit, 429 in words and nothing made; the queues that keep
short work from waiting behind long work."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from core.models import TaskRun
from core.progress import TooManyTasks, start_task, task_named
from tests.support import api_for
from tests.training.duplicate.conftest import dup_lexicon  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def in_flight(user, kind: str, count: int) -> None:
    for n in range(count):
        TaskRun.objects.create(kind=kind, owner=user, state=TaskRun.State.RUNNING if n % 2 else TaskRun.State.PENDING)


def test_a_user_at_the_limit_is_refused_and_no_run_is_made(alice, settings):
    settings.TIRAGE_TASKS_IN_FLIGHT = 3
    in_flight(alice, "core.ping", 3)
    with pytest.raises(TooManyTasks) as refused:
        start_task("core.ping", owner=alice, steps=1, delay=0)
    assert refused.value.status_code == 429 and "3" in str(refused.value.detail)
    assert TaskRun.objects.filter(owner=alice).count() == 3


def test_the_limit_is_per_user_and_per_kind_and_finished_runs_do_not_count(alice, bob, settings):
    settings.TIRAGE_TASKS_IN_FLIGHT = 2
    in_flight(alice, "core.ping", 2)
    TaskRun.objects.create(kind="training.generate_grid", owner=alice, state=TaskRun.State.DONE)
    assert start_task("core.ping", owner=bob, steps=1, delay=0).owner == bob  # another user
    TaskRun.objects.filter(owner=alice).update(state=TaskRun.State.DONE)
    assert start_task("core.ping", owner=alice, steps=1, delay=0).owner == alice  # theirs ended


def test_the_api_answers_429_in_words_and_makes_no_game(alice, settings, dup_lexicon):  # noqa: F811
    from training.duplicate.models import DuplicateGame

    settings.TIRAGE_TASKS_IN_FLIGHT = 1
    in_flight(alice, "core.ping", 1)  # another kind: not counted
    body = {"lexicon": dup_lexicon.pk, "seed": 3}
    assert api_for(alice).post("/api/duplicate/games/", body, format="json").status_code == 202
    in_flight(alice, "training.make_duplicate_game", 1)
    games = DuplicateGame.objects.count()
    response = api_for(alice).post("/api/duplicate/games/", body, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 429
    assert "tâche de ce genre en cours" in response.json()["detail"]
    assert DuplicateGame.objects.count() == games  # the game's row went with the refusal


def test_a_page_answers_429_in_words(alice, settings):
    settings.TIRAGE_TASKS_IN_FLIGHT = 1
    in_flight(alice, "core.ping", 1)
    client = Client()
    client.force_login(alice)
    response = client.post("/tasks/ping/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Trop de tâches en cours" in page and "tâche de ce genre en cours" in page


def test_long_tasks_go_to_their_own_queue_and_the_short_ones_a_player_waits_on_do_not():
    routes = settings.CELERY_TASK_ROUTES
    for name in settings.LONG_TASKS:
        task_named(name)  # no route for a task that does not exist
    for name in ("training.make_duplicate_game", "training.generate_grid", "core.ping"):
        assert task_named(name) and name not in routes
    for name in ("puzzles.compare_algorithms", "puzzles.generate_crossword", "lexicon.publish_version", "wordstudy.rank"):
        assert routes[name] == {"queue": settings.LONG_QUEUE}
    from config.celery import app

    assert app.amqp.router.route({}, "puzzles.compare_algorithms")["queue"].name == "long"
    assert app.amqp.router.route({}, "training.make_duplicate_game")["queue"].name == "celery"
