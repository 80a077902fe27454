"""Progress bars away from their page say what they are about: the home page's "Background tasks" lists
the tasks still running (and those that failed today) with their subject in words and a link, a task
that ends goes away, the polled partial keeps the subject, and the API's tasks carry it too."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import TaskRun
from core.task_subjects import task_subject
from lexicon.models import LexiconVersion
from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from tests.support import api_for, french_dict_words, write_words
from training.duplicate.models import DuplicateGame
from training.grids.models import TrainingGrid
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                            language="fr").lexicon


def run_of(user, kind: str, state: str = TaskRun.State.RUNNING, **fields) -> TaskRun:
    return TaskRun.objects.create(kind=kind, owner=user, state=state, progress=40, message="Essai 1 sur 4", **fields)


def test_each_kind_names_its_object_and_links_to_it(alice, lexicon):
    run = run_of(alice, "puzzles.generate_crossword")
    crossword = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="fr", seed=1, task_run=run)
    assert task_subject(run).label == "Mots croisés 9×9 (fr7)"
    assert task_subject(run).url == reverse("puzzles:crossword", args=[crossword.pk])

    run = run_of(alice, "training.generate_grid")
    revision_list = RevisionList.objects.create(owner=alice, lexicon=lexicon, name="Mes tops")
    grid = TrainingGrid.objects.create(owner=alice, lexicon=lexicon, revision_list=revision_list, task_run=run)
    assert task_subject(run).label == f"Grille d’entraînement {grid.pk} (liste « Mes tops »)"
    assert task_subject(run).url == reverse("training:grid", args=[grid.pk])

    run = run_of(alice, "training.make_duplicate_game")
    game = DuplicateGame.objects.create(owner=alice, lexicon=lexicon, seed=5, task_run=run)
    assert task_subject(run).label == f"Partie de duplicate {game.pk} (fr7)"
    assert task_subject(run).url == reverse("training:duplicate-game", args=[game.pk])

    run = run_of(alice, "lexicon.publish_version")
    version = LexiconVersion.objects.filter(lexicon=lexicon).first()
    LexiconVersion.objects.filter(pk=version.pk).update(compile_task=run)
    assert task_subject(run).label == f"Publication de la version {version.number} de fr7"

    assert task_subject(run_of(alice, "core.ping")).label == "Vérification des tâches de fond"


def test_unknown_kinds_gone_objects_and_broken_describers_get_a_plain_label(alice, settings, monkeypatch):
    assert task_subject(run_of(alice, "someone.elses_task")).label == "Une tâche de fond"
    assert task_subject(run_of(alice, "puzzles.generate_crossword")).label == "Une tâche de fond"  # no crossword

    def broken(run):
        raise RuntimeError("boom")

    monkeypatch.setattr("puzzles.crosswords.selectors.crossword_task_subject", broken)
    assert task_subject(run_of(alice, "puzzles.generate_crossword")).label == "Une tâche de fond"


def test_the_home_page_lists_running_and_failed_tasks_with_their_subject(client, alice, lexicon):
    running = run_of(alice, "puzzles.generate_crossword")
    crossword = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="fr", seed=1, task_run=running)
    done = run_of(alice, "core.ping", state=TaskRun.State.DONE)
    failed = run_of(alice, "core.ping", state=TaskRun.State.FAILED, error="Le serveur de tâches ne répond pas.")
    old = run_of(alice, "core.ping", state=TaskRun.State.FAILED, error="Ancien échec")
    TaskRun.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=2))
    client.force_login(alice)
    body = client.get(reverse("home")).content.decode()
    assert "Vos tâches en cours" in body
    assert f'<a href="{reverse("puzzles:crossword", args=[crossword.pk])}">Mots croisés 9×9 (fr7)</a>' in body
    assert f'{reverse("task-progress", args=[running.pk])}?what=1' in body  # polling keeps the subject
    assert f'id="task-{failed.pk}"' in body and "Le serveur de tâches ne répond pas." in body
    assert f'id="task-{done.pk}"' not in body and f'id="task-{old.pk}"' not in body

    partial = client.get(reverse("task-progress", args=[running.pk]) + "?what=1").content.decode()
    assert "Mots croisés 9×9 (fr7)" in partial and "?what=1" in partial
    assert "Mots croisés 9×9" not in client.get(reverse("task-progress", args=[running.pk])).content.decode()


def test_the_api_gives_each_task_its_subject(alice, lexicon):
    run = run_of(alice, "puzzles.generate_crossword")
    crossword = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="fr", seed=1, task_run=run)
    body = api_for(alice).get(f"/api/tasks/{run.pk}/").json()
    assert body["subject"] == {"label": "Mots croisés 9×9 (fr7)", "url": reverse("puzzles:crossword", args=[crossword.pk])}
    listed = api_for(alice).get("/api/tasks/").json()
    assert any(item["subject"]["label"] == "Mots croisés 9×9 (fr7)" for item in listed)
