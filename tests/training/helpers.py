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
    through = [(r, c) for k, (r, c) in enumerate(_squares(expected, word)) if board.get(r, c)]
    support = {"row": through[0][0], "col": through[0][1], "letter": board.get(*through[0])} if through else {}
    return Situation.objects.create(grid=grid, entry=entry, order=0, word=word, cgp=format_cgp(position),
                                    rack=rack, support=support, expected=expected, top=top)


def _squares(play: dict, word: str) -> list[tuple[int, int]]:
    r, c = play["row"], play["col"]
    return [(r, c + k) if play["dir"] == "H" else (r + k, c) for k in range(len(word))]


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


def wrong_play(situation: Situation):
    """A legal play of the situation that is neither its list word nor a top (a verdict: wrong)."""
    from engine.scrabble.cgp import parse_cgp
    from engine.scrabble.movegen import generate_moves

    best = max(t["score"] for t in situation.top)
    gaddag = gaddag_for(situation.grid.lexicon)
    return next(m for m in generate_moves(gaddag, parse_cgp(situation.cgp))
                if m.word.upper() != situation.word and m.score < best)


def top_play(situation: Situation):
    """A legal play of the situation, other than its list word, that scores the top (None when there is none)."""
    from engine.scrabble.cgp import parse_cgp
    from engine.scrabble.movegen import generate_moves

    best = max(t["score"] for t in situation.top)
    gaddag = gaddag_for(situation.grid.lexicon)
    return next((m for m in generate_moves(gaddag, parse_cgp(situation.cgp))
                 if m.word.upper() != situation.word and m.score >= best), None)
