"""Duplicate games when the task system fails, as grids and crosswords: a dead broker (503 in words, no game
or run left waiting), a run found stale (its worker died, or no worker took it: the game reads failed in
words, on read and by the sweep), and the game of the day made again when it is stuck."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from core.models import TaskRun
from core.progress import expire_stale_runs
from tests.support import api_for
from tests.task_support import broker_down, make_stale
from training.duplicate import services
from training.duplicate.models import DuplicateGame


def nothing_left_waiting() -> bool:
    return (not TaskRun.objects.filter(state__in=["pending", "running"]).exists()
            and not DuplicateGame.objects.filter(status__in=["pending", "running"]).exists())


@pytest.mark.django_db(transaction=True)
def test_making_a_game_over_the_api_with_the_broker_down_is_503_in_words(settings, alice, dup_lexicon):
    client = api_for(alice)
    with broker_down(settings):
        started = time.monotonic()
        response = client.post("/api/duplicate/games/", {"lexicon": dup_lexicon.pk, "seed": 2}, format="json",
                               HTTP_ACCEPT_LANGUAGE="fr")
        assert time.monotonic() - started < 5
    assert response.status_code == 503
    assert "ne répond pas" in response.json()["detail"]
    assert not DuplicateGame.objects.exists() and nothing_left_waiting()
    assert TaskRun.objects.filter(state="failed").count() == 1  # the attempt is recorded, failed in words


@pytest.mark.django_db(transaction=True)
def test_making_a_game_from_the_page_with_the_broker_down_is_503_in_words(settings, client, alice, dup_lexicon):
    client.force_login(alice)
    with broker_down(settings):
        response = client.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "classic",
                                                        "timer": "180"})
    assert response.status_code == 503 and "ne répond pas" in response.content.decode()
    assert not DuplicateGame.objects.exists() and nothing_left_waiting()


@pytest.mark.django_db(transaction=True)
def test_the_game_of_the_day_with_the_broker_down_is_503_and_nothing_waits(settings, client, alice, dup_lexicon):
    api = api_for(alice)
    with broker_down(settings):
        response = api.get(f"/api/duplicate/today/?lexicon={dup_lexicon.pk}", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 503 and "ne répond pas" in response.json()["detail"]
    assert not DuplicateGame.objects.exists() and nothing_left_waiting()
    # Made again (stuck: failed) while the broker is still down: the game stays failed, in words, not pending.
    game = DuplicateGame.objects.create(lexicon=dup_lexicon, seed=3, daily_date=timezone.localdate(),
                                        visibility="public", status=DuplicateGame.Status.FAILED, error="old")
    client.force_login(alice)
    with broker_down(settings):
        page = client.get("/training/duplicate/today/")
    assert page.status_code == 503 and "ne répond pas" in page.content.decode()
    game.refresh_from_db()
    assert game.status == DuplicateGame.Status.FAILED and "ne répond pas" in game.error
    assert nothing_left_waiting()
    # Once the broker answers again, the next visit makes it.
    settings.TIRAGE_TASKS_MODE = "sync"
    again = api.get(f"/api/duplicate/today/?lexicon={dup_lexicon.pk}").json()
    assert again["game"] == game.pk and again["status"] == "done"


def _stuck_game(alice, dup_lexicon, settings, *, running: bool) -> DuplicateGame:
    """A game whose run was created and never executed (thread mode in a test transaction: as if no worker
    took it, or, ``running``, as if its worker died), its clock moved past the limit."""
    settings.TIRAGE_TASKS_MODE = "thread"
    game = services.start_game(alice, dup_lexicon, seed=2)
    run = TaskRun.objects.get(pk=game.task_run_id)
    if running:
        TaskRun.objects.filter(pk=run.pk).update(state="running")
        DuplicateGame.objects.filter(pk=game.pk).update(status=DuplicateGame.Status.RUNNING)
        run.refresh_from_db()
    make_stale(run)
    return game


@pytest.mark.django_db
def test_a_game_whose_worker_died_reads_failed_in_words(alice, dup_lexicon, settings):
    game = _stuck_game(alice, dup_lexicon, settings, running=True)
    client = api_for(alice)
    state = client.get(f"/api/duplicate/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert state["status"] == "failed" and "ne répond plus" in state["error"]
    game.refresh_from_db()
    assert game.status == DuplicateGame.Status.FAILED and game.error and game.finished_at is not None
    assert TaskRun.objects.get(pk=game.task_run_id).state == "failed"
    assert client.get("/api/duplicate/games/").json()[0]["status"] == "failed"
    current = client.get(f"/api/duplicate/games/{game.pk}/rounds/current/")
    assert current.status_code == 409 and current.json()["code"] == "failed"


@pytest.mark.django_db
def test_the_games_list_and_the_page_expire_a_stale_run(client, alice, dup_lexicon, settings):
    game = _stuck_game(alice, dup_lexicon, settings, running=False)
    assert api_for(alice).get("/api/duplicate/games/").json()[0]["status"] == "failed"
    game.refresh_from_db()
    assert game.status == DuplicateGame.Status.FAILED
    other = _stuck_game(alice, dup_lexicon, settings, running=True)
    client.force_login(alice)
    html = client.get(f"/training/duplicate/{other.pk}/").content.decode()
    other.refresh_from_db()
    assert other.status == DuplicateGame.Status.FAILED and other.error in html


@pytest.mark.django_db
def test_the_sweep_fails_the_game_of_a_stale_run(alice, dup_lexicon, settings):
    game = _stuck_game(alice, dup_lexicon, settings, running=False)
    assert expire_stale_runs() == [game.task_run_id]
    game.refresh_from_db()
    assert game.status == DuplicateGame.Status.FAILED and "No worker took the task" in game.error


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["stale_pending", "stale_running", "run_failed", "no_run"])
def test_a_stuck_game_of_the_day_is_made_again(alice, dup_lexicon, settings, how):
    day = timezone.localdate()
    settings.TIRAGE_TASKS_MODE = "thread"  # the run is created, never executed
    game = services.game_of_the_day(dup_lexicon, day)
    run = TaskRun.objects.get(pk=game.task_run_id)
    if how == "stale_running":
        TaskRun.objects.filter(pk=run.pk).update(state="running")
        DuplicateGame.objects.filter(pk=game.pk).update(status=DuplicateGame.Status.RUNNING)
        run.refresh_from_db()
    if how.startswith("stale"):
        make_stale(run)
    elif how == "run_failed":  # failed by an older sweep while the game row stayed pending
        TaskRun.objects.filter(pk=run.pk).update(state="failed", error="worker gone")
    else:
        DuplicateGame.objects.filter(pk=game.pk).update(task_run=None)
    settings.TIRAGE_TASKS_MODE = "sync"
    again = services.game_of_the_day(dup_lexicon, day)
    assert again.pk == game.pk and again.status == "done" and again.round_count >= 1
    assert again.task_run_id != run.pk


@pytest.mark.django_db
def test_a_game_of_the_day_being_made_is_not_started_twice(dup_lexicon, settings):
    day = timezone.localdate()
    settings.TIRAGE_TASKS_MODE = "thread"
    game = services.game_of_the_day(dup_lexicon, day)
    assert services.game_of_the_day(dup_lexicon, day).task_run_id == game.task_run_id
    assert TaskRun.objects.count() == 1
