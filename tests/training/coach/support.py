"""Playing duplicate games as a player with a habit would: each round, the best play the habit allows,
sent through the duplicate services exactly as the page and the API send it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.alphabet import get_alphabet
from engine.coach import play_tags
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from engine.scrabble.scoring import Move
from training.duplicate import services
from training.duplicate.models import DuplicateGame
from training.duplicate.selectors import gaddag_of


def _no_collante(board: Any, move: Move, alphabet: Any) -> bool:
    return "collante" not in play_tags(board, move, alphabet)


def _no_blank(board: Any, move: Move, alphabet: Any) -> bool:
    return "joker" not in play_tags(board, move, alphabet)


HABITS: dict[str, Callable[[Any, Move, Any], bool]] = {"no_collante": _no_collante, "no_blank": _no_blank}


@dataclass
class Played:
    """What the player did, round by round: the top's score, theirs, the top's kinds (as the engine tags them)."""

    game: DuplicateGame
    rounds: list[tuple[int, int, tuple[str, ...]]] = field(default_factory=list)


def play_game(user: Any, game: DuplicateGame, habit: str) -> Played:
    allowed = HABITS[habit]
    gaddag = gaddag_of(game.lexicon)
    alphabet = get_alphabet(game.lexicon.language)
    player = services.join(game, user)
    played = Played(game)
    for rnd in game.rounds.order_by("number"):
        position = parse_cgp(rnd.cgp)
        choice = next((m for m in generate_moves(gaddag, position) if allowed(position.board, m, alphabet)), None)
        player.refresh_from_db()
        if choice is None:
            result = services.validate_round(player, round_number=rnd.number)
        else:
            result = services.validate_round(player, round_number=rnd.number, word=choice.word, coord=choice.coord)
        top_move = Move(rnd.top["row"], rnd.top["col"], rnd.top["dir"], rnd.top["word"], rnd.top["score"],
                        rnd.top["tiles"])
        played.rounds.append((int(rnd.top["score"]), result.score, play_tags(position.board, top_move, alphabet)))
    return played


def finished_games(user: Any, lexicon: Any, *, seeds: tuple[int, ...], habit: str,
                   variant: str = "classic") -> list[Played]:
    games = []
    for seed in seeds:
        game = services.start_game(user, lexicon, seed=seed, timer_seconds=None, variant=variant)
        game.refresh_from_db()
        assert game.status == DuplicateGame.Status.DONE, game.error
        games.append(play_game(user, game, habit))
    return games
