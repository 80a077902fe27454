"""Duplicate Scrabble: the draw rules, seeded draws and the making of a whole game with its tops.

Public API::

    from engine.duplicate import make_game, CLASSIC, JOKER
    game = make_game(gaddag, seed=42, variant=CLASSIC, lexicon_name="ODS9")
    game.rounds[0].rack, game.rounds[0].top, game.rounds[0].subtops, game.total, game.to_json()

Sub-modules: :mod:`.rules` (the vowel/consonant rule, its source in ``docs/duplicate.md``),
:mod:`.draws` (the bag, the variants), :mod:`.game` (tops, their order, the game's end).
"""

from engine.duplicate.draws import CLASSIC, JOKER, VARIANTS, Bag, Draw, DrawError, full_bag
from engine.duplicate.game import (
    END_NO_PLAY,
    END_RULE,
    SUBTOPS,
    Game,
    Round,
    announced_rack,
    make_game,
    new_blanks,
    rack_after,
    ranked_plays,
    replace_joker,
    top_order,
)
from engine.duplicate.rules import rack_keeps_rule, requirement

__all__ = [
    "Bag", "CLASSIC", "Draw", "DrawError", "END_NO_PLAY", "END_RULE", "Game", "JOKER", "Round", "SUBTOPS",
    "VARIANTS", "announced_rack", "full_bag", "make_game", "new_blanks", "rack_after", "rack_keeps_rule", "ranked_plays",
    "replace_joker", "requirement", "top_order",
]
