"""Replaying a game record on the board: every round checked, then Tirage's own top of every round.

:func:`replay` checks a :class:`~engine.duplicate.records.model.GameRecord` round by round, without any
lexicon (a record may come from another dictionary): the rack holds the letters the last play left (or the
last draw was rejected), no letter has more tiles than the bag holds, the play fits the board and its rack,
and its points are what the play scores on the board. The first broken rule raises
:class:`~engine.duplicate.records.model.RecordError` with the file's line and the reason.

:func:`import_record` then computes, with the chosen lexicon, Tirage's top of each round on the board the
file's plays made, and flags each round where the two differ, with both plays and the words that make the
difference: words of the file's play missing from the lexicon, or words of Tirage's top (accepted by the
lexicon) that the file did not play because its dictionary did not accept them. The result is an engine
:class:`~engine.duplicate.game.Game` (the file's racks, the file's plays as the tops, Tirage's plays as the
next plays) that the web app stores and lets players replay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.alphabet import BLANK, get_alphabet
from engine.duplicate.draws import CLASSIC, JOKER, VARIANTS, full_bag
from engine.duplicate.game import SUBTOPS, Game, Round, rack_after, ranked_plays
from engine.duplicate.records.model import GameRecord, RecordError, RecordRound
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import Position, format_cgp
from engine.scrabble.notation import NotationError, parse_coord
from engine.scrabble.protocols import Lexicon as ScoringLexicon
from engine.scrabble.protocols import MoveGenLexicon
from engine.scrabble.scoring import (
    BINGO_TILES,
    IllegalPlay,
    Move,
    placements_of,
    validate_placement,
    validate_play,
)

RACK_MAX = 7
END_RECORD = "record"
"""An imported game ends where its file ends (``Game.end_reason``)."""


class _EveryWord:
    """A lexicon accepting every word: scores a play by the rules alone (the record's dictionary is not ours)."""

    def __init__(self, language: str) -> None:
        self.alphabet = get_alphabet(language)

    def contains(self, word: str) -> bool:
        return True


@dataclass
class ReplayedRound:
    """A round of a record once checked: its number, the position before the play (board + rack), the play
    as the board scores it (with the words it forms), the board after it and the joker variant's letter."""

    number: int
    record: RecordRound
    position: Position
    move: Move
    board_after: list[str]
    replaced: str
    bag_before: int


def _out_of_bag(board: Board) -> Counter[str]:
    """The tiles on the board, a blank counted as ``?``."""
    return Counter(BLANK if ch.islower() else ch for ch in board.cells if ch)


def replay(record: GameRecord) -> list[ReplayedRound]:
    """Check every round of ``record`` on the board; raise :class:`RecordError` at the first broken rule."""
    if record.variant not in VARIANTS:
        raise RecordError(0, "unknown_variant", variant=record.variant, variants=", ".join(VARIANTS))
    try:
        rules = _EveryWord(record.language)
    except (KeyError, ValueError):
        raise RecordError(0, "unknown_language", language=record.language) from None
    alphabet = rules.alphabet
    joker = record.variant == JOKER
    bag = Counter(full_bag(alphabet, CLASSIC))
    bag_size = len(full_bag(alphabet, record.variant))
    if not record.rounds:
        raise RecordError(0, "no_round")
    board = Board()
    leftover = ""
    replayed: list[ReplayedRound] = []
    for number, rnd in enumerate(record.rounds, start=1):
        line = rnd.line
        if record.free_racks:
            if not rnd.rack:
                rnd.drawn = _tiles_put_down(board, rnd, number)
        else:
            _settle_split(rnd, leftover)
        rack = rnd.rack
        for ch in rack:
            if ch != BLANK and ch not in alphabet.code_of:
                raise RecordError(line, "not_a_tile", round=number, char=ch, rack=rack, language=alphabet.language)
        if not rack or len(rack) > RACK_MAX:
            raise RecordError(line, "rack_size", round=number, max=RACK_MAX, rack=rack, count=len(rack))
        if rnd.rejected and rnd.kept:
            raise RecordError(line, "rejected_kept", round=number, kept=rnd.kept, drawn=rnd.drawn)
        if not rnd.rejected and not record.free_racks and Counter(rnd.kept) != Counter(leftover):
            raise RecordError(line, "kept", round=number, kept=rnd.kept, left=leftover)
        on_board = _out_of_bag(board)
        out = on_board + Counter(rack)
        for tile, count in sorted(out.items()):
            limit = bag[tile]
            if joker and tile == BLANK:
                continue  # the joker variant's blank is given on every rack, not drawn from the bag
            if count > limit:
                raise RecordError(line, "too_many_tiles", round=number, count=count, tile=tile, rack=rack,
                                  limit=limit)
        if joker:
            bag_before = bag_size - sum(n for t, n in on_board.items() if t != BLANK) - len(rnd.kept.replace(BLANK, ""))
        else:
            bag_before = bag_size - sum(on_board.values()) - len(rnd.kept)
        position = Position(board.copy(), (rack, ""), (0, 0), 0)
        try:
            row, col, direction = parse_coord(rnd.coord, "fr")
        except NotationError:
            raise RecordError(line, "bad_coord", round=number, coord=rnd.coord) from None
        if "." in rnd.word:
            rnd.word = _fill_through(board, row, col, direction, rnd, number)
        try:
            move = validate_placement(rules, position, placements_of(position, row, col, direction, rnd.word))
        except IllegalPlay as exc:
            raise RecordError(line, "does_not_fit", round=number, word=rnd.word, coord=rnd.coord, rack=rack,
                              **_refusal(exc)) from None
        if move.score != rnd.points:
            raise RecordError(line, "points", round=number, word=rnd.word, coord=rnd.coord, written=rnd.points,
                              scores=move.score)
        if rnd.bingo is None:
            rnd.bingo = move.tiles == BINGO_TILES
        elif rnd.bingo != (move.tiles == BINGO_TILES):
            raise RecordError(line, "bingo_marked" if rnd.bingo else "bingo_unmarked", round=number, word=rnd.word,
                              tiles=move.tiles)
        if rnd.player is not None and rnd.player.word:
            _check_player(rules, position, rnd, number)
        before = board.copy()
        move.apply(board)
        leftover = rack_after(rack, move, before)
        replaced = _replace_joker(move, board, bag, leftover) if joker else ""
        replayed.append(ReplayedRound(number, rnd, position, move, board.rows(), replaced, max(bag_before, 0)))
    if record.stated_total is not None and record.stated_total != record.total:
        raise RecordError(record.total_line, "total", written=record.stated_total, total=record.total)
    if record.final_rack and Counter(record.final_rack) != Counter(leftover):
        raise RecordError(record.final_line, "final_rack", rack=record.final_rack, left=leftover)
    return replayed


def _refusal(exc: IllegalPlay) -> dict[str, Any]:
    """A play refusal as a record refusal's params: the English reason, and the code, words and params a
    translation needs (:func:`training.grids.services.play_refusal` reads the same)."""
    return {"why": exc.reason, "refusal": exc.code, "refusal_words": list(exc.words),
            "refusal_params": {k: v for k, v in exc.params.items() if isinstance(v, (str, int))}}


def _check_player(rules: _EveryWord, position: Position, rnd: RecordRound, number: int) -> None:
    """A player's play kept by the file (Eliot's XML) fits the board and the rack and scores its points."""
    player = rnd.player
    assert player is not None
    try:
        row, col, direction = parse_coord(player.coord, "fr")
        move = validate_placement(rules, position, placements_of(position, row, col, direction, player.word))
    except NotationError:
        raise RecordError(rnd.line, "player_bad_coord", round=number, coord=player.coord) from None
    except IllegalPlay as exc:
        raise RecordError(rnd.line, "player_does_not_fit", round=number, word=player.word, coord=player.coord,
                          rack=rnd.rack, **_refusal(exc)) from None
    if move.score != player.points:
        raise RecordError(rnd.line, "player_points", round=number, word=player.word, coord=player.coord,
                          written=player.points, scores=move.score)


def _settle_split(rnd: RecordRound, leftover: str) -> None:
    """Read the rack's split when the file leaves it to the reader: a rack written without ``+`` that is
    exactly the letters the last play left (the bag was empty) keeps them all; a rack given as plain letters
    (GCG) keeps the letters the last play left when it holds them."""
    if rnd.rejected or rnd.kept or not leftover:
        return
    if Counter(rnd.drawn) == Counter(leftover) or (not rnd.split_known and not Counter(leftover) - Counter(rnd.drawn)):
        drawn = list(rnd.drawn)
        for ch in leftover:
            drawn.remove(ch)
        rnd.kept, rnd.drawn = leftover, "".join(drawn)


def _tiles_put_down(board: Board, rnd: RecordRound, number: int) -> str:
    """The rack of a play written without one (a two-player game's opponent): the tiles it puts down, a
    blank (lower case) as ``?``."""
    try:
        row, col, direction = parse_coord(rnd.coord, "fr")
    except NotationError:
        raise RecordError(rnd.line, "bad_coord", round=number, coord=rnd.coord) from None
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    tiles = []
    for k, ch in enumerate(rnd.word):
        r, c = row + dr * k, col + dc * k
        if ch == "." or (0 <= r < SIZE and 0 <= c < SIZE and board.cells[r * SIZE + c]):
            continue
        tiles.append(BLANK if ch.islower() else ch.upper())
    return "".join(tiles)


def _fill_through(board: Board, row: int, col: int, direction: str, rnd: RecordRound, number: int) -> str:
    """A word written with ``.`` for the letters already on the board (GCG) spelled out from the board."""
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    letters = []
    for k, ch in enumerate(rnd.word):
        r, c = row + dr * k, col + dc * k
        if ch != ".":
            letters.append(ch)
            continue
        if not (0 <= r < SIZE and 0 <= c < SIZE) or not board.cells[r * SIZE + c]:
            raise RecordError(rnd.line, "dot_empty", round=number, word=rnd.word, coord=rnd.coord)
        letters.append(board.cells[r * SIZE + c])
    return "".join(letters)


def _replace_joker(move: Move, board: Board, bag: Counter[str], rack_left: str) -> str:
    """The joker variant's rule (:func:`engine.duplicate.game.replace_joker`) from tile counts: the blank
    just played becomes its letter when a tile of it is neither on the board nor on the rack."""
    for r, c, ch in move.squares():
        i = r * SIZE + c
        if ch.islower() and board.cells[i] == ch:
            letter = ch.upper()
            used = sum(1 for cell in board.cells if cell == letter) + rack_left.count(letter)
            if bag[letter] - used > 0:
                board.cells[i] = letter
                return letter
            return ""
    return ""


@dataclass
class Difference:
    """A round where Tirage's top (with the chosen lexicon) and the file's play differ."""

    number: int
    file_play: Move
    tirage_top: Move | None
    missing: list[str]
    """Words of the file's play that the lexicon lacks."""
    accepted: list[str]
    """Words of Tirage's top, accepted by the lexicon, that the file's play does not form (when Tirage's top
    scores more, the file's dictionary did not accept at least one of them)."""

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        return {
            "round": self.number, "file": self.file_play.to_json(style),
            "tirage": self.tirage_top.to_json(style) if self.tirage_top else None,
            "missing": list(self.missing), "accepted": list(self.accepted),
        }

    def describe(self, style: str = "fr") -> str:
        """One line in words, for the command line."""
        file_part = f"{self.file_play.coord_in(style)} {self.file_play.word} {self.file_play.score}"
        top_part = (f"{self.tirage_top.coord_in(style)} {self.tirage_top.word} {self.tirage_top.score}"
                    if self.tirage_top else "no play")
        why = []
        if self.missing:
            why.append("missing from the lexicon: " + ", ".join(self.missing))
        if self.accepted:
            why.append("accepted by the lexicon, not by the file's: " + ", ".join(self.accepted))
        return f"round {self.number}: file {file_part} / Tirage {top_part}" + (f" ({'; '.join(why)})" if why else "")


@dataclass
class ImportResult:
    record: GameRecord
    game: Game
    differences: list[Difference]

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        data = self.game.to_json(style)
        data["differences"] = [d.to_json(style) for d in self.differences]
        return data


class RecordLexicon(MoveGenLexicon, ScoringLexicon, Protocol):
    """What importing a record needs of a lexicon: the move generator's view and word checks
    (:class:`engine.gaddag.Gaddag` has both)."""


def import_record(record: GameRecord, lexicon: RecordLexicon, *, lexicon_name: str | None = None,
                  subtops: int = SUBTOPS, progress: Callable[[float, int], None] | None = None) -> ImportResult:
    """Replay ``record`` (raises :class:`RecordError` when a round does not replay), then compute Tirage's
    top of every round with ``lexicon`` and the next plays; the file's plays stay the tops of the game."""
    if lexicon.alphabet.language != record.language:
        raise RecordError(0, "language_mismatch", file=record.language, lexicon=lexicon.alphabet.language)
    replayed = replay(record)
    game = Game(record.language, 0, record.variant, lexicon_name or record.lexicon)
    ops = {"lex": lexicon_name} if lexicon_name else {}
    differences: list[Difference] = []
    for done in replayed:
        rnd = done.record
        position = Position(done.position.board.copy(), (rnd.rack, ""), (0, 0), 0, dict(ops))
        plays = ranked_plays(lexicon, position, subtops + 1)
        file_move = done.move
        missing = [w.upper() for w in file_move.words if not lexicon.contains(w.upper())]
        top = plays[0] if plays else None
        top_words: tuple[str, ...] = ()
        if top is not None:
            top_words = validate_play(lexicon, position, top.coord, top.word).words
        if missing or top is None or top.score != file_move.score:
            formed = {w.upper() for w in file_move.words}
            accepted = [w.upper() for w in top_words if w.upper() not in formed] if top and not missing else []
            if top is not None and top.score > file_move.score and not accepted:
                accepted = [w.upper() for w in top_words]
            differences.append(Difference(done.number, file_move, top, sorted(set(missing)), accepted))
        same = (file_move.row, file_move.col, file_move.dir, file_move.word)
        others = [m for m in plays if (m.row, m.col, m.dir, m.word) != same][:subtops]
        rejected = [""] if rnd.rejected else []  # a rack put back whose letters the file does not give
        game.rounds.append(Round(done.number, rnd.kept, rnd.drawn, rejected, done.bag_before, format_cgp(position),
                                 file_move, others, done.board_after, done.replaced))
        if progress is not None:
            progress(100.0 * done.number / len(replayed), done.number)
    game.end_reason = END_RECORD
    game.final_rack = record.final_rack
    last = replayed[-1]
    game.bag_left = max(last.bag_before - len(last.record.drawn), 0)
    return ImportResult(record, game, differences)
