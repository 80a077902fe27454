"""Real situations for answer tests, computed with the engine (no hand-typed scores)."""

from __future__ import annotations

from engine.scrabble.board import Board
from engine.scrabble.cgp import Position, format_cgp
from engine.scrabble.movegen import top_moves
from engine.scrabble.scoring import validate_play
from lexicon.selectors import gaddag_for
from training.grids.models import Situation, TrainingGrid
from training.lists.models import RevisionEntry


def situation_for(owner, entry: RevisionEntry, rack: str, coord: str, word: str) -> Situation:
    """A one-situation grid on the board DATAIS (row H from column 6): ``word`` at ``coord`` with ``rack``,
    its expected play and tops computed by the engine."""
    gaddag = gaddag_for(entry.revision_list.lexicon)
    board = Board()
    board.place(7, 5, "H", "DATAIS")
    position = Position(board, (rack, ""), (0, 0), 0)
    expected = validate_play(gaddag, position, coord, word).to_json("fr")
    top = [m.to_json("fr") for m in top_moves(gaddag, position, 10)]
    final = Board(list(board.cells))
    final.place(expected["row"], expected["col"], expected["dir"], word)
    grid = TrainingGrid.objects.create(owner=owner, lexicon=entry.revision_list.lexicon,
                                       revision_list=entry.revision_list, status=TrainingGrid.Status.DONE,
                                       board=final.rows(), words=[])
    return Situation.objects.create(grid=grid, entry=entry, order=0, word=word, cgp=format_cgp(position),
                                    rack=rack, support={}, expected=expected, top=top)


def baccarat_situation(owner, entry: RevisionEntry) -> Situation:
    """DATAIS across row H from column 6; BACCARAT (support T) is found down column 8 from row A (``8A``)."""
    lexicon = entry.revision_list.lexicon
    gaddag = gaddag_for(lexicon)
    board = Board()
    board.place(7, 5, "H", "DATAIS")
    position = Position(board, ("AAABCCR", ""), (0, 0), 0)
    expected = validate_play(gaddag, position, "8A", "BACCARAT").to_json("fr")
    top = [m.to_json("fr") for m in top_moves(gaddag, position, 10)]
    grid = TrainingGrid.objects.create(owner=owner, lexicon=lexicon, revision_list=entry.revision_list,
                                       status=TrainingGrid.Status.DONE, board=board.rows(), words=[])
    return Situation.objects.create(grid=grid, entry=entry, order=0, word="BACCARAT", cgp=format_cgp(position),
                                    rack="AAABCCR", support={"row": 7, "col": 7, "letter": "T"},
                                    expected=expected, top=top)
