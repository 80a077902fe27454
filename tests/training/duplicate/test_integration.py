"""A duplicate game made by a real Celery worker (another process) through Redis, on PostgreSQL, then played
through the API: the request returns before the work is done, the progress reaches 100, the rounds are the
engine's. Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py)."""

from __future__ import annotations

import os

import pytest
from django.db import connection

from core.models import TaskRun
from engine.duplicate import make_game
from lexicon.selectors import gaddag_for
from lexicon.services import import_word_list
from tests.engine.duplicate.test_game import SMALL
from tests.integration_support import wait_for_run
from tests.support import api_for, write_words
from training.duplicate.models import DuplicateGame

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 180


def test_game_made_by_a_worker_then_played(settings, shared_media, django_user_model, tmp_path):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    lexicon = import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-ci", language="fr").lexicon
    user = django_user_model.objects.create_user("dup-worker", password="x")
    client = api_for(user)

    response = client.post("/api/duplicate/games/", {"lexicon": lexicon.pk, "seed": 2}, format="json")
    assert response.status_code == 202
    body = response.json()
    game = DuplicateGame.objects.get(pk=body["game"])
    assert game.status in ("pending", "running")  # answered before the work was done
    seen: set[int] = set()
    run = wait_for_run(TaskRun.objects.get(pk=body["task"]), timeout=TIMEOUT, what="duplicate game task",
                       observe=lambda r: seen.add(r.progress))
    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["pid"] != os.getpid()  # another process made it
    game.refresh_from_db()
    assert game.status == "done" and 100 in seen

    expected = make_game(gaddag_for(lexicon), 2, "classic", lexicon_name=lexicon.name)
    assert [r.rack for r in game.rounds.all()] == [r.rack for r in expected.rounds]
    assert game.top_total == expected.total

    current = client.get(f"/api/duplicate/games/{game.pk}/rounds/current/").json()
    top = expected.rounds[0].top
    played = client.post(f"/api/duplicate/games/{game.pk}/rounds/current/play/",
                         {"word": top.word, "coord": top.coord}, format="json").json()
    assert current["round"] == 1 and played["score"] == top.score
    result = client.post(f"/api/duplicate/games/{game.pk}/rounds/current/validate/", {}, format="json").json()
    assert result["score"] == top.score and result["next"]["round"] == 2


def test_a_game_file_imported_by_a_worker_then_played(settings, shared_media, django_user_model, tmp_path):
    """A published game (Eliot's plain text) checked in the request, its tops computed by the worker."""
    from engine.duplicate.records import record_from_game, write_record

    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    lexicon = import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-ci-import", language="fr").lexicon
    user = django_user_model.objects.create_user("dup-import-worker", password="x")
    client = api_for(user)
    made = make_game(gaddag_for(lexicon), 2, "classic")
    text = write_record(record_from_game(made), "eliot")

    response = client.post("/api/duplicate/games/import/", {"format": "eliot", "text": text, "lexicon": lexicon.pk},
                           format="json")
    assert response.status_code == 202
    body = response.json()
    run = wait_for_run(TaskRun.objects.get(pk=body["task"]), timeout=TIMEOUT, what="duplicate import task")
    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["pid"] != os.getpid()
    game = DuplicateGame.objects.get(pk=body["game"])
    assert game.status == "done" and game.source == "imported" and game.differences == []
    assert [r.top["word"] for r in game.rounds.all()] == [r.top.word for r in made.rounds]
    top = made.rounds[0].top
    client.get(f"/api/duplicate/games/{game.pk}/rounds/current/")
    played = client.post(f"/api/duplicate/games/{game.pk}/rounds/current/play/",
                         {"word": top.word, "coord": top.coord}, format="json").json()
    assert played["score"] == top.score
