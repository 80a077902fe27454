"""Jarnac: the anagram tree, the word searches, the pure rules engine and AI opponents.

Typical use (the web layer stores ``to_json(state)``, or just the seed and the list of moves)::

    from engine.jarnac import cached_tree, new_game, apply_move, choose_move, to_json, from_json
    tree = cached_tree("lexicon.gaddag")             # or a word list; AnagramTree.from_words(...)
    state = new_game(seed=42, language=tree.language)
    state = apply_move(state, {"type": "draw"}, tree)            # the human's move, as JSON
    state = apply_move(state, choose_move(state, tree, "hard"), tree)   # the AI's next action
    stored = to_json(state); state = from_json(stored)           # JSON-ready dicts, validated

Moves (JSON objects; ``line`` is 0-based, ``null`` for a new word)::

    {"type": "jarnac", "word": "MAISONS", "line": 0}   # steal from the opponent's line 0 (or null)
    {"type": "draw"}            {"type": "exchange", "letters": "QWX"}
    {"type": "play", "word": "RATES", "line": 1}       # extend own line 1 (null = new word)
    {"type": "pass"}

State (``to_json``): ``version``, ``language``, ``seed``, ``bag`` (draw order: keep it server-side,
send ``public_view(state)`` to browsers), ``players`` (each ``lines``, ``rack``, ``turns``,
``score``), ``current``, ``phase`` (``start`` | ``draw`` | ``play`` | ``over``), ``turn``,
``succeeded``, ``idle_turns``, ``end_reason``, ``winner``, ``history`` (one entry per move:
``turn``, ``player``, ``move``, ``result`` = ``ok`` | ``not_a_word`` | ``not_available`` (a
Jarnac! on letters the opponent lacks), plus ``drawn``, ``used``,
``taken``, ``returned``, ``base`` as they apply). Illegal moves raise :class:`IllegalMove` with a
stable ``code``; the state is never modified in place.

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
    allowed_moves,
    apply_move,
    new_game,
    replay,
    scores,
    winner,
)
from engine.jarnac.storage import StateError, from_json, public_view, to_json
from engine.jarnac.tree import AnagramTree, alphagram

__all__ = [
    "BAG_SIZE", "JARNAC_DISTRIBUTION", "LEVELS", "AnagramTree", "Found", "GameState", "IllegalMove",
    "LexiconLoadError", "Move", "PlayerState", "QueryError", "StateError", "Steal", "allowed_moves",
    "alphagram", "apply_move", "best_steals", "cached_tree", "choose_move", "creations", "extensions",
    "from_json", "load_tree", "longest_extensions", "new_game", "play_game", "play_turn",
    "public_view", "rallonges", "replay", "scores", "steals", "to_json", "winner", "word_score",
]
