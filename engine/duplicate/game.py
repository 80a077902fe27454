"""Making a duplicate game: seed → draws, the exact top of each round, the board after each round.

A game is made once (by a background task in the web app, or ``python -m engine duplicate``) and then
played by anyone: every player gets the same racks and the board always continues with the top.

Each round:

1. draw the rack (:meth:`engine.duplicate.draws.Bag.draw`: the letters the last top left, completed
   from the bag, redrawn whole while it breaks the vowel/consonant rule);
2. find every play scoring as much as the best one with :func:`engine.scrabble.movegen.top_moves`
   (asking for more plays until the ones at the cut are all known) and rank them by :func:`top_order`;
3. play the first (the **top**) on the board; the next 10 are the round's **sub-tops**.

The game ends when the draw rule can no longer be kept (``reason = "rule"``) or the rack has no legal
play (``"no_play"``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.alphabet import BLANK
from engine.duplicate.draws import CLASSIC, JOKER, VARIANTS, Bag, DrawError
from engine.scrabble.board import HORIZONTAL, SIZE, Board
from engine.scrabble.cgp import Position, format_cgp
from engine.scrabble.movegen import top_moves
from engine.scrabble.protocols import MoveGenLexicon
from engine.scrabble.scoring import Move

SUBTOPS = 10
"""Plays shown after the top in a round's result ("the next 10 plays")."""
END_RULE = "rule"
END_NO_PLAY = "no_play"


def new_blanks(move: Move, board: Board) -> int:
    """How many blanks a play puts on the board (a blank already there is not counted)."""
    return sum(1 for _r, _c, ch in move.placements(board) if ch.islower())


def top_order(move: Move, board: Board) -> tuple[int, int, int, int, int, str, str]:
    """The order of a round's plays: score (highest first), then the play that keeps the blank on the
    rack (fewer new blanks first, as arbitrators choose between equal tops), then **on the empty board the
    play laid across** (the first top is written across, on row H, as French practice and Eliot do), then
    the engine's order: row, column, across before down, word (:meth:`Move.sort_key`).

    Only the choice among plays of the same score changes: the top's score stays the exact best.
    """
    key = move.sort_key()
    down_first = 1 if move.dir != HORIZONTAL and board.is_empty() else 0
    return (key[0], new_blanks(move, board), down_first, key[1], key[2], key[3], key[4])


def replace_joker(move: Move, board: Board, bag: Bag) -> str:
    """Joker variant: the blank a top has just put on ``board`` becomes the letter it stands for when the
    bag still holds that letter (the letter is taken out of the bag, the board shows it in upper case, so
    later plays through it score it). Returns the letter put in its place, or ``""``.

    This is the joker game as clubs play it and Eliot computes it (``docs/duplicate.md``, "Variants"):
    only a blank played by this very top, and at most one (the variant has one blank on the rack).
    """
    for r, c, ch in move.squares():
        i = r * SIZE + c
        if ch.islower() and board.cells[i] == ch:
            letter = ch.upper()
            if letter in bag.tiles:
                bag.tiles.remove(letter)
                board.cells[i] = letter
                return letter
            return ""
    return ""


def ranked_plays(lexicon: MoveGenLexicon, position: Position, count: int) -> list[Move]:
    """The first ``count`` plays of ``position`` in :func:`top_order` (fewer when there are fewer).

    :func:`top_moves` orders by score then coordinate; a tie at the cut may hide a play that
    :func:`top_order` ranks earlier (one keeping the blank), so more plays are asked for until the last
    one scores less than the ``count``-th.
    """
    n = max(count, 1) * 2
    while True:
        moves = top_moves(lexicon, position, n)
        if len(moves) < n or moves[-1].score < moves[min(count, len(moves)) - 1].score:
            break
        n *= 2
    moves.sort(key=lambda m: top_order(m, position.board))
    return moves[:count]


def rack_after(rack: str, move: Move, board: Board) -> str:
    """The tiles left on ``rack`` once ``move`` is played on ``board`` (in rack order)."""
    left = list(rack)
    for _r, _c, ch in move.placements(board):
        left.remove(BLANK if ch.islower() else ch)
    return "".join(left)


@dataclass
class Round:
    """One round: its draw, the position to play (CGP with the rack), the top, the sub-tops, the board after."""

    number: int
    kept: str
    new: str
    rejected: list[str]
    bag_before: int
    cgp: str
    top: Move
    subtops: list[Move]
    board_after: list[str]
    replaced: str = ""
    """Joker variant: the letter that took the place of the blank the top played ("" when none did)."""

    @property
    def rack(self) -> str:
        return self.kept + self.new

    @property
    def announced(self) -> str:
        """The rack as the arbitrator announces it: :func:`announced_rack`."""
        return announced_rack(self.kept, self.new, bool(self.rejected))

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        return {
            "number": self.number, "rack": self.rack, "kept": self.kept, "new": self.new, "drawn": self.new,
            "announced": self.announced, "rejected": list(self.rejected), "bag": self.bag_before,
            "cgp": self.cgp, "top": self.top.to_json(style), "subtops": [m.to_json(style) for m in self.subtops],
            "board": list(self.board_after), "replaced": self.replaced,
        }


def announced_rack(kept: str, drawn: str, rejected: bool = False) -> str:
    """A rack as French duplicate announces and writes it: the letters kept from the last round, ``+``,
    the new letters (``EEEL+IJX``); a whole new draw has no ``+``. A rack drawn after a rejected one (the
    vowel/consonant rule put the last draw back) starts with ``-``, as Eliot and club game sheets write it
    (``-?PITMLI``); pages say "rejet" next to it."""
    text = f"{kept}+{drawn}" if kept and drawn else kept + drawn
    return ("-" if rejected else "") + text


@dataclass
class Game:
    language: str
    seed: int
    variant: str
    lexicon_name: str | None
    rounds: list[Round] = field(default_factory=list)
    end_reason: str = END_RULE
    final_rack: str = ""
    bag_left: int = 0

    @property
    def total(self) -> int:
        """The sum of the tops: 100 % of a player's score."""
        return sum(r.top.score for r in self.rounds)

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        return {
            "language": self.language, "lexicon": self.lexicon_name, "seed": self.seed, "variant": self.variant,
            "total": self.total, "end": {"reason": self.end_reason, "rack": self.final_rack, "bag": self.bag_left},
            "rounds": [r.to_json(style) for r in self.rounds],
        }


def make_game(lexicon: MoveGenLexicon, seed: int, variant: str = CLASSIC, *, lexicon_name: str | None = None,
              subtops: int = SUBTOPS, progress: Callable[[float, int], None] | None = None) -> Game:
    """Play a whole duplicate game with the tops: the same arguments always give the same game.

    ``progress(percent, round_number)`` is called after each round (percent = share of the bag drawn).
    Raises :class:`~engine.duplicate.draws.DrawError` for an unknown variant.
    """
    if variant not in VARIANTS:
        raise DrawError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    alphabet = lexicon.alphabet
    bag = Bag(alphabet, seed, variant)
    bag_size = len(bag)
    game = Game(alphabet.language, seed, variant, lexicon_name)
    ops = {"lex": lexicon_name} if lexicon_name else {}
    board = Board()
    kept = ""
    number = 1
    while True:
        bag_before = len(bag)
        draw = bag.draw(kept, number)
        if draw is None:
            game.end_reason, game.final_rack = END_RULE, kept
            break
        position = Position(board.copy(), (draw.rack, ""), (0, 0), 0, dict(ops))
        plays = ranked_plays(lexicon, position, subtops + 1)
        if not plays:
            game.end_reason, game.final_rack = END_NO_PLAY, draw.rack
            break
        top = plays[0]
        kept = rack_after(draw.rack, top, board)
        top.apply(board)
        replaced = replace_joker(top, board, bag) if variant == JOKER else ""
        game.rounds.append(Round(number, draw.kept, draw.new, draw.rejected, bag_before, format_cgp(position),
                                 top, plays[1:], board.rows(), replaced))
        if progress is not None:
            progress(100.0 * (bag_size - len(bag)) / max(bag_size, 1), number)
        number += 1
        if number > SIZE * SIZE:  # every round puts a tile down: the board bounds the game
            break
    game.bag_left = len(bag)
    return game
