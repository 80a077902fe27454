"""Training grids when the task system fails: a dead broker (503 in words, no grid or run left waiting),
a dead worker (the grid reads failed in words on every endpoint), a message delivered twice (one set of
situations)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from core.models import TaskRun
from core.progress import expire_stale_runs
from tests.support import api_for
from tests.task_support import broker_down, make_stale
from training.grids import selectors, services
from training.grids.models import Situation, TrainingGrid
from training.grids.tasks import generate_grid
from training.lists import services as list_services


def nothing_left_waiting() -> bool:
    return not TaskRun.objects.filter(state__in=["pending", "running"]).exists() and not TrainingGrid.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_starting_a_grid_over_the_api_with_the_broker_down_is_503_in_words(settings, alice, small_lexicon):
    revision_list = list_services.create_list(alice, small_lexicon, "Outage")
    list_services.add_word(revision_list, "BACCARAT", "T")
    client = api_for(alice)
    with broker_down(settings):
        started = time.monotonic()
        response = client.post(f"/api/lists/{revision_list.pk}/grids/", {}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
        due = client.post("/api/reviews/due/grids/", {"lexicon": small_lexicon.pk}, format="json",
                          HTTP_ACCEPT_LANGUAGE="fr")
        elapsed = time.monotonic() - started
    assert elapsed < 10  # two requests, each well under 5 s
    assert response.status_code == 503 and due.status_code == 503
    assert "ne répond pas" in response.json()["detail"]
    assert nothing_left_waiting()
    assert TaskRun.objects.filter(state="failed").count() == 2  # the attempts are recorded, failed in words


@pytest.mark.django_db(transaction=True)
def test_starting_a_grid_from_the_page_with_the_broker_down_is_503_in_words(settings, client, alice, small_lexicon):
    revision_list = list_services.create_list(alice, small_lexicon, "Outage")
    list_services.add_word(revision_list, "BACCARAT", "T")
    client.force_login(alice)
    with broker_down(settings):
        started = time.monotonic()
        response = client.post(reverse("training:grid-start", args=[revision_list.pk]))
        assert time.monotonic() - started < 5
    assert response.status_code == 503
    assert "ne répond pas" in response.content.decode()
    assert nothing_left_waiting()


@pytest.mark.django_db
def test_a_grid_whose_worker_died_reads_failed_in_words_on_the_grid_endpoints(alice, fr_list, settings):
    settings.TIRAGE_TASKS_MODE = "thread"  # the run is created, never executed: as if its worker died
    grid = services.start_list_grid(alice, fr_list, seed=2)
    run = TaskRun.objects.get(pk=grid.task_run_id)
    TaskRun.objects.filter(pk=run.pk).update(state="running")
    TrainingGrid.objects.filter(pk=grid.pk).update(status="running")
    run.refresh_from_db()
    make_stale(run)
    client = api_for(alice)
    detail = client.get(f"/api/grids/{grid.pk}/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert detail["status"] == "failed"
    assert "ne répond plus" in detail["error"]
    grid.refresh_from_db()
    assert grid.status == TrainingGrid.Status.FAILED and grid.error and grid.finished_at is not None
    assert client.get("/api/grids/").json()[0]["status"] == "failed"


@pytest.mark.django_db
def test_the_sweep_fails_the_grid_of_a_stale_run(alice, fr_list, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    grid = services.start_list_grid(alice, fr_list, seed=2)
    run = TaskRun.objects.get(pk=grid.task_run_id)
    make_stale(run)  # pending, and no worker ever took it
    assert expire_stale_runs() == [run.id]
    grid.refresh_from_db()
    assert grid.status == TrainingGrid.Status.FAILED and "No worker took the task" in grid.error


@pytest.mark.django_db
def test_a_grid_built_twice_keeps_one_set_of_situations(alice, fr_list):
    grid = services.start_list_grid(alice, fr_list, seed=7)
    grid.refresh_from_db()
    assert grid.status == TrainingGrid.Status.DONE
    first = list(Situation.objects.filter(grid=grid).values_list("pk", "word"))
    assert first
    # The same message delivered again, its run reopened as if its worker died before acknowledging.
    TaskRun.objects.filter(pk=grid.task_run_id).update(state="running")
    generate_grid.apply(kwargs={"task_run_id": str(grid.task_run_id), "grid_id": grid.pk})
    assert list(Situation.objects.filter(grid=grid).values_list("pk", "word")) == first
    run = TaskRun.objects.get(pk=grid.task_run_id)
    assert run.state == "done" and run.attempts == 2 and run.result["situations"] == len(first)
    # And the grid service itself, called twice, stores nothing twice.
    from core.progress import Progress

    assert services.build_grid(grid.pk, Progress(grid.task_run_id))["situations"] == len(first)
    assert Situation.objects.filter(grid=grid).count() == len(first)
    assert selectors.grid_status(selectors.get_own_grid(alice, grid.pk)) == "done"
