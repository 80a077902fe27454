"""Crosswords when the task system fails: a dead broker (503 in words, no crossword or run left waiting)
and a dead worker (every crossword endpoint, list included, reads the crossword failed in words)."""

from __future__ import annotations

import time

import pytest

from core.models import TaskRun
from core.progress import expire_stale_runs
from puzzles.crosswords import services
from puzzles.crosswords.models import Crossword
from tests.support import api_for
from tests.task_support import broker_down, make_stale


def nothing_left_waiting() -> bool:
    return not TaskRun.objects.filter(state__in=["pending", "running"]).exists() and not Crossword.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_asking_for_a_crossword_over_the_api_with_the_broker_down_is_503_in_words(settings, alice, lexicon):
    with broker_down(settings):
        started = time.monotonic()
        response = api_for(alice).post("/api/crosswords/", {"lexicon": lexicon.pk, "size": 5, "style": "fr"},
                                       format="json")
        assert time.monotonic() - started < 5
    assert response.status_code == 503
    assert response.json()["detail"].startswith("The task service is not answering right now")
    assert nothing_left_waiting()
    assert TaskRun.objects.get().state == "failed"


@pytest.mark.django_db(transaction=True)
def test_asking_for_a_crossword_from_the_page_with_the_broker_down_is_503_in_words(settings, client, alice, lexicon):
    client.force_login(alice)
    with broker_down(settings):
        started = time.monotonic()
        response = client.post("/puzzles/crosswords/", {"size": 5, "style": "us", "lexicon": lexicon.pk})
        assert time.monotonic() - started < 5
    assert response.status_code == 503
    assert "The task service is not answering right now" in response.content.decode()
    assert nothing_left_waiting()


@pytest.mark.django_db
def test_a_crossword_whose_worker_died_reads_failed_on_every_endpoint(alice, lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"  # created, never run: as if its worker was killed
    crossword = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    run = TaskRun.objects.get(pk=crossword.task_run_id)
    TaskRun.objects.filter(pk=run.pk).update(state="running")
    Crossword.objects.filter(pk=crossword.pk).update(status="running")
    run.refresh_from_db()
    make_stale(run)
    listed = api_for(alice).get("/api/crosswords/").json()  # the list alone, no detail read
    assert [(row["id"], row["status"]) for row in listed] == [(crossword.pk, "failed")]
    crossword.refresh_from_db()
    assert crossword.status == "failed" and "stopped answering" in crossword.error
    assert api_for(alice).get(f"/api/crosswords/{crossword.pk}/").json()["status"] == "failed"


@pytest.mark.django_db
def test_the_sweep_fails_a_crossword_no_worker_took(alice, lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    crossword = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    make_stale(TaskRun.objects.get(pk=crossword.task_run_id))
    assert len(expire_stale_runs()) == 1
    crossword.refresh_from_db()
    assert crossword.status == "failed" and "No worker took the task" in crossword.error
