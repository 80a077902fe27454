"""Grid generation on a real Celery worker (another process) through Redis, on PostgreSQL.

Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py). The worker uses the
production settings, so the test stores the lexicon under the worker's MEDIA_ROOT and removes the files
it created afterwards.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.storage import default_storage
from django.db import connection

from core.models import TaskRun
from lexicon.services import import_word_list
from training import selectors, services
from training.models import TrainingGrid

from .conftest import write_words

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 180


def worker_media_root() -> str:
    if os.environ.get("MEDIA_ROOT"):
        return os.environ["MEDIA_ROOT"]
    var_dir = os.environ.get("TIRAGE_VAR_DIR") or str(Path(django_settings.BASE_DIR) / "var")
    return str(Path(var_dir) / "media")


def _files() -> set[str]:
    found = set()
    for folder in ("lexicons", "lexicons/compiled"):
        if default_storage.exists(folder):
            found |= {f"{folder}/{name}" for name in default_storage.listdir(folder)[1]}
    return found


@pytest.fixture
def shared_media(settings):
    settings.MEDIA_ROOT = worker_media_root()
    before = _files()
    yield
    for name in _files() - before:
        default_storage.delete(name)


def test_grid_generated_by_a_worker_with_progress(settings, shared_media, django_user_model, tmp_path, french_words):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8-ci", language="fr").lexicon
    user = django_user_model.objects.create_user("grid-worker", password="x")
    revision_list = services.create_list(user, lexicon, "CI")
    services.add_words_bulk(revision_list, "BACCARAT:T\nPRIVATIF 5\nDATAIS:T\nETRANGES")

    grid = services.start_list_grid(user, revision_list, seed=11)
    assert grid.status == TrainingGrid.Status.PENDING  # the request returns before the work is done
    seen: set[int] = set()
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        grid.refresh_from_db()
        run = TaskRun.objects.get(pk=grid.task_run_id)
        seen.add(run.progress)
        if run.is_finished:
            break
        time.sleep(0.05)
    else:
        pytest.fail(f"grid task stayed {run.state!r} for {TIMEOUT}s: is a Celery worker running? (.ci/run starts one)")

    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["pid"] != os.getpid()  # another process ran it
    grid.refresh_from_db()
    assert grid.status == "done" and len(grid.board) == 15 and grid.situations.count() >= 3
    assert selectors.grid_progress(grid) == 100 and 100 in seen
    situation = grid.situations.order_by("order").first()
    outcome = services.answer_situation(situation, user, situation.word)
    assert outcome.correct and outcome.score == situation.expected["score"]
