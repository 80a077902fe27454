"""A bank of puzzle positions of one kind of top, taken from generated duplicate games.

Why from games rather than random boards: a puzzle should look like a real round (a board built by tops,
a rack drawn under the vowel/consonant rule), and a duplicate game has exactly that, with the top of every
round already known (:func:`engine.duplicate.game.make_game`). So the bank plays games on seeds derived
from one seed and keeps the rounds whose top has the tag asked for: the same seed always gives the same
bank, and every position's answer is the engine's exact top.

A ``joker`` bank plays the joker variant (a blank on every rack: many more tops with a blank); the other
tags play classic games. The search stops at ``count`` positions or ``max_games`` games, whichever comes
first: a tag too rare for the lexicon returns what was found instead of looping forever.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.coach.tags import play_tags, tag_bit
from engine.duplicate.draws import CLASSIC, JOKER
from engine.duplicate.game import make_game
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.protocols import MoveGenLexicon

DEFAULT_MAX_GAMES = 500
"""Games played at most for one bank: a few seconds on a full French lexicon."""


@dataclass(frozen=True)
class BankPosition:
    """One puzzle: the position (``cgp``, the board before the round with the rack), the ``rack``, the
    ``top`` as a round stores it (``Move.to_json("fr")``), the top's ``tags``, where it comes from
    (``game_seed``, ``round_number``) and the length of the top's main word (``word_length``)."""

    cgp: str
    rack: str
    top: dict[str, Any] = field(hash=False)
    tags: tuple[str, ...]
    game_seed: int
    round_number: int
    word_length: int


def game_seeds(seed: int) -> random.Random:
    """The generator of a bank's game seeds: a bank's games differ from another seed's (seed 1's games are
    not seed 2's shifted by one), and are the same on every machine and Python version."""
    return random.Random(seed)


def bank_positions(lexicon: MoveGenLexicon, tag: str, count: int, *, seed: int, lexicon_name: str | None = None,
                   max_games: int = DEFAULT_MAX_GAMES,
                   progress: Callable[[float], None] | None = None) -> list[BankPosition]:
    """Up to ``count`` positions whose top has ``tag``, in the order found (game by game, round by round).

    ``lexicon_name`` is written into each CGP (``lex NAME;``). ``progress(percent)`` is called after each
    game (the share of ``count`` found, or of ``max_games`` played when that is further). A position met
    twice (the same board and rack) is kept once. ``ValueError`` for an unknown tag or a negative count.
    """
    bit = tag_bit(tag)
    if count < 0 or max_games < 0:
        raise ValueError(f"count and max_games must be >= 0, got {count} and {max_games}")
    variant = JOKER if bit == tag_bit("joker") else CLASSIC
    values = lexicon.alphabet.values
    seeds = game_seeds(seed)
    found: list[BankPosition] = []
    seen: set[str] = set()
    games = 0
    while len(found) < count and games < max_games:
        game_seed = seeds.randrange(2**31)
        games += 1
        game = make_game(lexicon, game_seed, variant, lexicon_name=lexicon_name, subtops=0)
        for rnd in game.rounds:
            board = parse_cgp(rnd.cgp).board
            tags = play_tags(board, rnd.top, values)
            if tag not in tags or rnd.cgp in seen:
                continue
            seen.add(rnd.cgp)
            found.append(BankPosition(rnd.cgp, rnd.rack, rnd.top.to_json("fr"), tags, game_seed, rnd.number,
                                      len(rnd.top.word)))
            if len(found) == count:
                break
        if progress is not None:
            progress(100.0 * max(len(found) / max(count, 1), games / max(max_games, 1)))
    return found
