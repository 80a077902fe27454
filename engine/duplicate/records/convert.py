"""From a Tirage game (as :meth:`engine.duplicate.game.Game.to_json` gives it, or as the web app stores it)
to a :class:`~engine.duplicate.records.model.GameRecord` that the writers turn into Eliot or GCG files."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.duplicate.game import Game, rack_after
from engine.duplicate.records.model import GameRecord, PlayerPlay, RecordRound
from engine.scrabble.board import Board
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.notation import format_coord
from engine.scrabble.scoring import BINGO_TILES, Move


def _move(data: Mapping[str, Any]) -> Move:
    return Move(int(data["row"]), int(data["col"]), str(data["dir"]), str(data["word"]), int(data["score"]),
                int(data["tiles"]))


def record_from_json(data: Mapping[str, Any], *, player_name: str | None = None,
                     player_plays: Sequence[PlayerPlay | None] | None = None) -> GameRecord:
    """``data`` has the keys of :meth:`Game.to_json` (``language``, ``lexicon``, ``variant``, ``rounds`` with
    ``kept``, ``new``, ``rejected``, ``cgp``, ``top``; ``end`` optional). ``player_plays`` gives, round by
    round, a player's play to keep in the record (Eliot's XML writes it)."""
    rounds: list[RecordRound] = []
    leftover = ""
    for index, rnd in enumerate(data["rounds"]):
        top = _move(rnd["top"])
        player = player_plays[index] if player_plays is not None and index < len(player_plays) else None
        rounds.append(RecordRound(
            kept=rnd["kept"], drawn=rnd.get("drawn", rnd.get("new", "")), word=top.word,
            coord=format_coord(top.row, top.col, top.dir, "fr"), points=top.score,
            rejected=bool(rnd.get("rejected")), bingo=top.tiles == BINGO_TILES, player=player,
        ))
        board = parse_cgp(rnd["cgp"]).board if rnd.get("cgp") else Board()
        leftover = rack_after(rnd["kept"] + rnd.get("drawn", rnd.get("new", "")), top, board)
    return GameRecord(rounds=rounds, language=data.get("language", "fr"), lexicon=data.get("lexicon"),
                      variant=data.get("variant", "classic"), final_rack=leftover, player_name=player_name)


def record_from_game(game: Game, **options: Any) -> GameRecord:
    """The record of an engine game (its tops); options as :func:`record_from_json`."""
    return record_from_json(game.to_json(), **options)
