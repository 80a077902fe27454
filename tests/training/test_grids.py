"""Grid generation through the tracked task (in-process in tests): CBIC output stored and re-checked."""

from __future__ import annotations

import pytest

from core.models import TaskRun
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves, top_moves
from engine.scrabble.scoring import validate_play
from lexicon.selectors import gaddag_for
from training import selectors, services
from training.models import RevisionEntry, TrainingGrid

pytestmark = pytest.mark.django_db

WORDS = [("BACCARAT", "T"), ("PRIVATIF", 5), ("ETRANGES", "E"), ("RETINES", None), ("DATAIS", "T")]


@pytest.fixture
def fr_list(alice, french_lexicon):
    revision_list = services.create_list(alice, french_lexicon, "Tops")
    for word, support in WORDS:
        services.add_word(revision_list, word, support)
    return revision_list


def test_list_grid_is_built_and_every_situation_is_legal(alice, fr_list):
    grid = services.start_list_grid(alice, fr_list, seed=7)
    grid.refresh_from_db()
    assert grid.status == "done", grid.error
    assert grid.task_run.state == TaskRun.State.DONE and grid.task_run.progress == 100
    assert len(grid.board) == 15 and all(len(row) == 15 for row in grid.board)
    gaddag = gaddag_for(fr_list.lexicon)
    situations = list(grid.situations.order_by("order"))
    placed = {s.word for s in situations} | {u["word"] for u in grid.unplaced}
    assert placed == {w for w, _ in WORDS}
    assert len(situations) >= 4  # CBIC places nearly every set; the rest would be listed in ``unplaced``
    for situation in situations:
        entry = situation.entry
        assert entry is not None and entry.word == situation.word
        position = parse_cgp(situation.cgp)
        assert sorted(situation.rack) == sorted(entry.rack) and position.rack == situation.rack
        support = situation.support
        assert position.board.get(support["row"], support["col"]) == entry.support_letter
        exp = situation.expected
        move = validate_play(gaddag, position, exp["coord"], situation.word)
        assert (move.word, move.score, move.tiles) == (situation.word, exp["score"], len(situation.word) - 1)
        assert any((m.row, m.col, m.dir, m.word) == (move.row, move.col, move.dir, move.word)
                   for m in generate_moves(gaddag, position))
        tops = top_moves(gaddag, position, services.TOP_N)
        assert [(t["coord"], t["word"], t["score"]) for t in situation.top] == [(m.coord, m.word, m.score) for m in tops]
        # the final board holds the word where the situation expects it
        for k, letter in enumerate(situation.word):
            r, c = (move.row, move.col + k) if move.dir == "H" else (move.row + k, move.col)
            assert grid.board[r][c].upper() == letter


def test_grid_takes_due_words_first_and_at_most_max_words(alice, fr_list):
    grid = services.start_list_grid(alice, fr_list, max_words=2, seed=1)
    assert [w["word"] for w in grid.words] == ["BACCARAT", "PRIVATIF"]


def test_same_seed_same_grid(alice, fr_list):
    a = services.start_list_grid(alice, fr_list, seed=3)
    b = services.start_list_grid(alice, fr_list, seed=3)
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.board == b.board


def test_due_grid_uses_only_due_words(alice, fr_list):
    services.create_list(alice, fr_list.lexicon, "empty")
    grid = services.start_due_grid(alice, fr_list.lexicon, seed=2)
    grid.refresh_from_db()
    assert grid.source == "due" and grid.revision_list is None and grid.status == "done"
    assert {w["word"] for w in grid.words} == {w for w, _ in WORDS}


def test_no_due_words_is_a_clear_error(alice, french_lexicon):
    with pytest.raises(services.GridError, match="due"):
        services.start_due_grid(alice, french_lexicon)
    assert not TrainingGrid.objects.exists()


def test_empty_list_cannot_start_a_grid(alice, french_lexicon):
    empty = services.create_list(alice, french_lexicon, "vide")
    with pytest.raises(services.GridError, match="No word"):
        services.start_list_grid(alice, empty)
    assert not TrainingGrid.objects.exists()


def test_generator_refusal_fails_the_grid_with_the_word_named(alice, fr_list):
    RevisionEntry.objects.filter(word="PRIVATIF").update(support_index=12)  # corrupt: out of range
    grid = services.start_list_grid(alice, fr_list, seed=1)
    grid.refresh_from_db()
    assert grid.status == "failed" and "PRIVATIF" in grid.error
    assert grid.task_run.state == "failed" and "PRIVATIF" in grid.task_run.error
    assert not grid.situations.exists()


def test_crashed_task_shows_the_grid_failed(alice, fr_list):
    grid = services.start_list_grid(alice, fr_list, seed=1)
    TrainingGrid.objects.filter(pk=grid.pk).update(status="running")
    TaskRun.objects.filter(pk=grid.task_run_id).update(state="failed", error="worker lost")
    grid = selectors.get_own_grid(alice, grid.pk)
    assert selectors.grid_status(grid) == "failed" and selectors.grid_error(grid) == "worker lost"
