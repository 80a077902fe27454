"""Grid generation on a real Celery worker (another process) through Redis, on PostgreSQL.

Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py). The worker uses the
production settings, so the test stores the lexicon under the worker's MEDIA_ROOT and removes the files
it created afterwards (the ``shared_media`` fixture of tests/conftest.py).
"""

from __future__ import annotations

import os

import pytest
from django.db import connection

from core.models import TaskRun
from lexicon.services import import_word_list
from tests.integration_support import wait_for_run
from tests.support import write_words
from training.grids import selectors, services
from training.grids.models import TrainingGrid
from training.lists import services as list_services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 180


def test_grid_generated_by_a_worker_with_progress(settings, shared_media, django_user_model, tmp_path, french_words):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8-ci", language="fr").lexicon
    user = django_user_model.objects.create_user("grid-worker", password="x")
    revision_list = list_services.create_list(user, lexicon, "CI")
    list_services.add_words_bulk(revision_list, "BACCARAT:T\nPRIVATIF 5\nDATAIS:T\nETRANGES")

    grid = services.start_list_grid(user, revision_list, seed=11)
    assert grid.status == TrainingGrid.Status.PENDING  # the request returns before the work is done
    seen: set[int] = set()
    run = wait_for_run(TaskRun.objects.get(pk=grid.task_run_id), timeout=TIMEOUT, what="grid task",
                       hint="is a Celery worker running? (.ci/run starts one)", observe=lambda r: seen.add(r.progress))

    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["pid"] != os.getpid()  # another process ran it
    grid.refresh_from_db()
    assert grid.status == "done" and len(grid.board) == 15 and grid.situations.count() >= 3
    assert selectors.grid_progress(grid) == 100 and 100 in seen
    situation = grid.situations.order_by("order").first()
    outcome = services.answer_situation(situation, user, situation.word)
    assert outcome.correct and outcome.score == situation.expected["score"]
