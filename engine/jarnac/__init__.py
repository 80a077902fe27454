"""Jarnac: the anagram tree, the word searches, the pure rules engine and AI opponents.

Typical use (the web layer stores ``rules.to_json(state)`` or just the seed and the moves)::

    from engine.jarnac import load_tree, new_game, apply_move, choose_move
    tree = load_tree("lexicon.gaddag")               # or AnagramTree.from_words(words, "fr")
    state = new_game(seed=42, language=tree.language)
    state = apply_move(state, {"type": "draw"}, tree)
    state = apply_move(state, choose_move(state, tree, "hard"), tree)

No Django here: every function takes and returns plain values.
"""

from engine.jarnac.ai import LEVELS, choose_move, play_game, play_turn
from engine.jarnac.bag import BAG_SIZE, JARNAC_DISTRIBUTION
from engine.jarnac.lexicon import LexiconLoadError, cached_tree, load_tree
from engine.jarnac.queries import (
    Found,
    QueryError,
    Steal,
    best_steals,
    creations,
    extensions,
    longest_extensions,
    rallonges,
    steals,
    word_score,
)
from engine.jarnac.rules import (
    GameState,
    IllegalMove,
    Move,
    PlayerState,
    StateError,
    apply_move,
    from_json,
    new_game,
    public_view,
    replay,
    scores,
    to_json,
    winner,
)
from engine.jarnac.tree import AnagramTree, alphagram

__all__ = [
    "BAG_SIZE", "JARNAC_DISTRIBUTION", "LEVELS", "AnagramTree", "Found", "GameState", "IllegalMove",
    "LexiconLoadError", "Move", "PlayerState", "QueryError", "StateError", "Steal", "alphagram",
    "apply_move", "best_steals", "cached_tree", "choose_move", "creations", "extensions", "from_json",
    "load_tree", "longest_extensions", "new_game", "play_game", "play_turn", "public_view",
    "rallonges", "replay", "scores", "steals", "to_json", "winner", "word_score",
]
