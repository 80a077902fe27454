"""Grid generation through the tracked task (in-process in tests): CBIC output stored and re-checked."""

from __future__ import annotations

import pytest

from core.models import TaskRun
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves, top_moves
from engine.scrabble.scoring import validate_play
from lexicon.selectors import gaddag_for
from tests.training.grids.conftest import WORDS
from training.grids import selectors, services
from training.grids.models import TrainingGrid
from training.lists import services as list_services
from training.lists.models import RevisionEntry

pytestmark = pytest.mark.django_db



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


def test_a_grid_holds_one_word_per_rack(alice, french_lexicon):
    revision_list = list_services.create_list(alice, french_lexicon, "Anagrammes")
    # RETINES, ENTRIES... through their T, and TERNIES through its first E: the same rack EEINRS
    gaddag = gaddag_for(french_lexicon)
    same_rack = [w for w in ("RETINES", "TERNIES", "ETREINS", "REINTES", "SENTIER", "NITREES") if gaddag.contains(w)]
    assert len(same_rack) >= 2
    for word in same_rack:
        list_services.add_word(revision_list, word, "T")
    list_services.add_word(revision_list, "BACCARAT", "T")
    grid = services.start_list_grid(alice, revision_list, seed=2)
    racks = [RevisionEntry.objects.get(pk=w["entry"]).rack for w in grid.words]
    assert len(racks) == len(set(racks)) == 2 and "EEINRS" in racks


def test_same_seed_same_grid(alice, fr_list):
    a = services.start_list_grid(alice, fr_list, seed=3)
    b = services.start_list_grid(alice, fr_list, seed=3)
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.board == b.board


def test_due_grid_uses_only_due_words(alice, fr_list):
    list_services.create_list(alice, fr_list.lexicon, "empty")
    grid = services.start_due_grid(alice, fr_list.lexicon, seed=2)
    grid.refresh_from_db()
    assert grid.source == "due" and grid.revision_list is None and grid.status == "done"
    assert {w["word"] for w in grid.words} == {w for w, _ in WORDS}


def test_no_due_words_is_a_clear_error(alice, french_lexicon):
    with pytest.raises(services.GridError, match="due"):
        services.start_due_grid(alice, french_lexicon)
    assert not TrainingGrid.objects.exists()


def test_empty_list_cannot_start_a_grid(alice, french_lexicon):
    empty = list_services.create_list(alice, french_lexicon, "vide")
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


def _answer_on(board: dict[str, str], situation) -> bool:
    """Does ``board`` ({square name: letter}) show ``situation``'s word at its expected place (its answer)?"""
    from engine.scrabble.notation import square_name

    exp = situation.expected
    squares = [(exp["row"], exp["col"] + k) if exp["dir"] == "H" else (exp["row"] + k, exp["col"])
               for k in range(len(situation.word))]
    return all(board.get(square_name(r, c, "fr"), "").upper() == letter
               for (r, c), letter in zip(squares, situation.word, strict=True))


def _rows_board(rows: list[str]) -> dict[str, str]:
    from engine.scrabble.notation import square_name

    return {square_name(r, c, "fr"): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}


def _html_boards(html: str) -> list[dict[str, str]]:
    """Every board drawn on a page (the shared board component), as {square name: letter}."""
    import re

    boards = []
    for table in html.split('<table class="scrabble-board">')[1:]:
        table = table.split("</table>")[0]
        boards.append(dict(re.findall(r'data-square="(\w+)"><span class="tile[^"]*"><span aria-hidden="true">(\w)',
                                      table)))
    return boards


def test_no_board_sent_shows_the_answer_of_a_situation_still_open(alice, client, fr_list):
    """CBIC builds the grid word after word, so situation n's board holds the words of situations 1..n-1.
    Neither the API nor the pages may send a board that shows the answer of a situation still open:
    a situation's board is sent once every earlier one is decided, and situations are answered in order."""
    from tests.support import api_for

    grid = services.start_list_grid(alice, fr_list, seed=7)
    situations = list(grid.situations.order_by("order"))
    assert len(situations) >= 3
    boards_stored = [_rows_board(parse_cgp(s.cgp).board.rows()) for s in situations]
    assert any(_answer_on(boards_stored[-1], s) for s in situations[:-1])  # the stored boards do build up

    api = api_for(alice)
    client.force_login(alice)
    for step, situation in enumerate(situations):
        sent = api.get(f"/api/grids/{grid.pk}/").json()
        boards = [_rows_board(parse_cgp(s["cgp"]).board.rows()) for s in sent["situations"] if s["cgp"]]
        if sent["board"]:
            boards.append(_rows_board(sent["board"]))
        boards += _html_boards(client.get(f"/training/grids/{grid.pk}/").content.decode())
        for other in situations:
            detail = api.get(f"/api/situations/{other.pk}/").json()
            if detail["board"]:
                boards.append(_rows_board(detail["board"]))
            boards += _html_boards(client.get(f"/training/situations/{other.pk}/").content.decode())
        still_open = situations[step:]
        leaks = [(s.word, k) for s in still_open for k, board in enumerate(boards) if _answer_on(board, s)]
        assert leaks == [], f"step {step}: boards sent show the answers of open situations {leaks}"
        assert [s["available"] for s in sent["situations"]] == [k <= step for k in range(len(situations))]
        assert [api.get(f"/api/situations/{s.pk}/").json()["cgp"] is not None for s in situations] == \
            [k <= step for k in range(len(situations))]
        if step + 1 < len(situations):  # a later situation cannot be answered before this one: 409, nothing kept
            later = situations[step + 1]
            refused = api.post(f"/api/situations/{later.pk}/answer/", {"word": later.word}, format="json")
            assert refused.status_code == 409 and str(situation.order + 1) in refused.json()["detail"]
            page = client.post(f"/training/situations/{later.pk}/answer/", {"word": later.word, "coord": ""})
            assert page.status_code == 409 and not _html_boards(page.content.decode())
            assert not later.answers.exists()
        answered = api.post(f"/api/situations/{situation.pk}/answer/", {"word": situation.word}, format="json")
        assert answered.status_code == 200, answered.json()
    final = api.get(f"/api/grids/{grid.pk}/").json()
    assert final["finished"] and final["board"] and all(s["available"] and s["cgp"] for s in final["situations"])
