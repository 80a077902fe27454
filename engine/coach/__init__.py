"""The coach's engine part: the kinds of tops, Glicko-2 ratings and banks of puzzle positions.

Public API::

    from engine.coach import TAGS, tags_mask, tags_of_mask, play_tags, top_tags
    top_tags(round_cgp, round_top_json, "fr")          # ("collante", "chere")
    tags_mask(("scrabble", "joker")), tags_of_mask(3)   # stored as one integer per round

    from engine.coach import Rating, rate, rate_pair
    rate(Rating(1500, 200), [(Rating(1400, 30), 1.0)])  # one rating period
    rate_pair(player, puzzle, 1.0)                      # a puzzle attempt: both move

    from engine.coach import bank_positions
    bank_positions(gaddag, "scrabble", 50, seed=1)      # positions whose top has the tag

Sub-modules: :mod:`.tags` (the tags' definitions, ``docs/coach.md``), :mod:`.rating` (Glicko-2),
:mod:`.bank` (positions from generated duplicate games). The ratings and the bank are imported on first
use: tagging a stored round needs neither the move generator nor dataclasses.
"""

from engine.coach.tags import (
    EXPENSIVE_VALUE,
    SCRABBLE_TILES,
    TAGS,
    play_tags,
    tag_bit,
    tags_mask,
    tags_of_mask,
    top_tags,
)

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from engine.coach.bank import DEFAULT_MAX_GAMES, BankPosition, bank_positions
    from engine.coach.rating import Rating, rate, rate_pair

_LAZY = {
    "DEFAULT_MAX_GAMES": "engine.coach.bank", "BankPosition": "engine.coach.bank",
    "bank_positions": "engine.coach.bank",
    "Rating": "engine.coach.rating", "rate": "engine.coach.rating", "rate_pair": "engine.coach.rating",
}

__all__ = [
    "BankPosition", "DEFAULT_MAX_GAMES", "EXPENSIVE_VALUE", "Rating", "SCRABBLE_TILES", "TAGS", "bank_positions",
    "play_tags", "rate", "rate_pair", "tag_bit", "tags_mask", "tags_of_mask", "top_tags",
]


def __getattr__(name: str) -> object:
    """The ratings' and the bank's names, from their modules on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
