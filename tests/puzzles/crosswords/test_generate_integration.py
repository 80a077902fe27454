"""Crossword generation on a real Celery worker (another process) through Redis, on PostgreSQL.

Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py). The worker runs with
the production settings module, so both processes must share its MEDIA_ROOT (the lexicon's word list
and compiled file): the ``shared_media`` fixture (tests/conftest.py) points the test's own storage there
and removes the files it created afterwards.
"""

from __future__ import annotations

import pytest
from django.db import connection

from core.models import TaskRun
from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from tests.integration_support import wait_for_run
from tests.support import api_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 180


def wait(run: TaskRun, messages: set[str]) -> TaskRun:
    def note(run: TaskRun) -> None:
        if run.message:
            messages.add(run.message)

    return wait_for_run(run, timeout=TIMEOUT, what="the generation", observe=note)


def test_generation_runs_on_a_worker_and_reports_progress(settings, shared_media, tmp_path, french_words,
                                                         django_user_model):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    path = tmp_path / "fr7.txt"
    path.write_text("\n".join(french_words) + "\n", encoding="utf-8")
    lexicon = import_word_list(path, name="integration-fr7", language="fr").lexicon
    user = django_user_model.objects.create_user("crossword-worker", password="x")
    client = api_for(user)

    response = client.post("/api/crosswords/", {"lexicon": lexicon.pk, "size": 9, "style": "us", "seed": 21},
                           format="json")
    assert response.status_code == 202, response.json()
    crossword = Crossword.objects.get(pk=response.json()["crossword"])
    run = TaskRun.objects.get(pk=response.json()["task"])
    assert run.state in ("pending", "running")  # dispatched to the worker, not run in this process

    messages: set[str] = set()
    run = wait(run, messages)
    assert run.state == TaskRun.State.DONE, run.error
    crossword.refresh_from_db()
    assert crossword.status == "done" and len(crossword.rows) == 9
    assert run.result["crossword"] == crossword.pk and run.result["words"] == len(crossword.slots)
    # Progress came from the worker: loading the lexicon (its words read or scored once per version), an
    # attempt, or the clues, whichever the polling saw.
    progress = ("Attempt 1 of 4", "Loading the lexicon", "Writing the clues", "Scoring the words of",
                "Reading the crossword words of")
    assert any(m.startswith(progress) for m in messages), messages
    data = client.get(f"/api/crosswords/{crossword.pk}/").json()
    assert data["status"] == "done" and all(set(row) <= {"#", "."} for row in data["grid"])

    # A request the worker cannot fill fails there, with the reason in words.
    tiny_path = tmp_path / "tiny.txt"
    tiny_path.write_text("chat\nchien\nloup\n", encoding="utf-8")
    tiny = import_word_list(tiny_path, name="integration-tiny", language="fr").lexicon
    response = client.post("/api/crosswords/", {"lexicon": tiny.pk, "size": 7, "style": "us", "seed": 1},
                           format="json")
    run = wait(TaskRun.objects.get(pk=response.json()["task"]), set())
    assert run.state == TaskRun.State.FAILED
    assert "could not be filled with the lexicon integration-tiny" in run.error
    assert Crossword.objects.get(pk=response.json()["crossword"]).error == run.error
