"""The life cycle every task-backed row shares (core.task_rows): failing in words, following a failed run."""

from __future__ import annotations

import pytest

from core.models import TaskRow, TaskRun
from core.progress import TaskFailure, mark_failed, task_runs_failed
from core.task_rows import failing_in_words, follow_run, mark_row, task_row_models
from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from puzzles.lab.models import FillComparison
from tests.support import write_words
from training.coach.models import PuzzleBank
from training.duplicate.models import DuplicateGame
from training.grids.models import TrainingGrid
from training.wordstudy.models import AlphagramPlayability, AlphagramRanking


def test_every_task_backed_row_is_a_task_row():
    assert set(task_row_models()) == {TrainingGrid, Crossword, FillComparison, DuplicateGame, AlphagramRanking,
                                      PuzzleBank, AlphagramPlayability}


@pytest.fixture
def grid(tmp_path, alice):
    lexicon = import_word_list(write_words(tmp_path / "w.txt", ["AA", "BAC", "CAB"]), name="w", language="fr").lexicon
    return TrainingGrid.objects.create(owner=alice, lexicon=lexicon, words=[])


@pytest.mark.django_db
def test_an_unexpected_error_is_stored_with_its_type_and_raised_in_words(grid):
    with (pytest.raises(TaskFailure, match="The grid could not be built: KeyError: 'board'"),
          failing_in_words(TrainingGrid, grid.pk, "The grid could not be built: %(error)s")):
        raise KeyError("board")
    grid.refresh_from_db()
    assert (grid.status, grid.error) == ("failed", "KeyError: 'board'") and grid.finished_at is not None


@pytest.mark.django_db
def test_a_task_failure_is_stored_as_it_is(grid):
    with (pytest.raises(TaskFailure, match="^No word fits.$"),
          failing_in_words(TrainingGrid, grid.pk, "The grid could not be built: %(error)s")):
        raise TaskFailure("No word fits.")
    grid.refresh_from_db()
    assert grid.error == "No word fits."


@pytest.mark.django_db
def test_rows_follow_a_run_failed_outside_their_task_and_finished_rows_do_not(grid, alice):
    run = TaskRun.objects.create(kind="training.generate_grid", owner=alice)
    ranking = AlphagramRanking.objects.create(content_hash="x" * 64, language="fr", task_run=run)
    done = AlphagramRanking.objects.create(content_hash="y" * 64, language="fr", task_run=run,
                                           state=AlphagramRanking.State.DONE)
    TrainingGrid.objects.filter(pk=grid.pk).update(task_run=run)
    mark_failed(run.pk, "The worker stopped.")
    task_runs_failed.send(sender=TaskRun, run_ids=[run.pk])
    grid.refresh_from_db()
    ranking.refresh_from_db()
    done.refresh_from_db()
    assert (grid.status, grid.error) == ("failed", "The worker stopped.")
    assert (ranking.state, ranking.error) == ("failed", "The worker stopped.")  # its column is "state"
    assert done.state == "done" and done.error == ""


@pytest.mark.django_db
def test_a_row_read_after_its_run_failed_follows_it(grid, alice):
    run = TaskRun.objects.create(kind="training.generate_grid", owner=alice)
    mark_row(TrainingGrid, grid.pk, TaskRow.Status.RUNNING, task_run=run)
    grid.refresh_from_db()
    assert follow_run(grid).status == "running"
    TaskRun.objects.filter(pk=run.pk).update(state=TaskRun.State.FAILED, error="")
    grid = follow_run(TrainingGrid.objects.get(pk=grid.pk))  # read again, as a page or the API does
    assert (grid.status, grid.error) == ("failed", str(TrainingGrid.RUN_FAILED_WORDS))
