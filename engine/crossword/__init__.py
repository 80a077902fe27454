"""Crossword construction: grid patterns, a CSP filler, clues.

Public API (what the command line and the web layer call)::

    from engine.crossword import parse_grid, generate_pattern, fill_grid, CrosswordLexicon

    lexicon = cached_lexicon(path)        # compiled file or word list, built once per worker process
    lexicon = crossword_lexicon_of(gaddag)  # a compiled lexicon's words, from the cache kept beside its file
    grid = parse_grid("...../.#.#./...../.#.#./.....", style="fr")
    result = fill_grid(grid, lexicon, seed=1, time_limit=10, min_score=2.0,
                       progress=lambda info: task.update_state(meta=info))
    result.to_json(definitions)                            # the `fill --json` document

Failures are typed (:mod:`.errors`): ``GridError`` for bad grid text; ``Unsolvable`` /
``EmptyDomain`` (proved), ``Timeout``, ``BacktrackLimit``, each with ``partial`` and ``stats``.
"""

from engine.crossword.clues import anagram_clue, make_clue, read_definitions
from engine.crossword.compare import compare_fills, format_comparison
from engine.crossword.errors import (
    BacktrackLimit,
    EmptyDomain,
    FillError,
    GridError,
    Timeout,
    Unsolvable,
)
from engine.crossword.filler import FillResult, SlotAnswer, consistent_domains, fill_grid, verify_fill
from engine.crossword.grid import (
    GRID_FORMATS,
    STYLES,
    Crossing,
    Grid,
    Slot,
    parse_grid,
    read_grid_file,
    write_grid_file,
)
from engine.crossword.patterns import default_max_word_length, generate_pattern, random_pattern
from engine.crossword.solver import ALGORITHMS, HEURISTICS, VALUE_ORDERS, SearchOptions
from engine.crossword.wordcache import cached_lexicon, crossword_lexicon_of, load_lexicon
from engine.crossword.wordsource import (
    CrosswordLexicon,
    ListWordSource,
    WordSource,
    combine_lexicons,
    lexicon_from_words,
    matches_pattern,
    read_scores,
)

__all__ = [
    "ALGORITHMS",
    "GRID_FORMATS",
    "HEURISTICS",
    "STYLES",
    "VALUE_ORDERS",
    "BacktrackLimit",
    "Crossing",
    "CrosswordLexicon",
    "EmptyDomain",
    "FillError",
    "FillResult",
    "Grid",
    "GridError",
    "ListWordSource",
    "SearchOptions",
    "Slot",
    "SlotAnswer",
    "Timeout",
    "Unsolvable",
    "WordSource",
    "anagram_clue",
    "cached_lexicon",
    "compare_fills",
    "consistent_domains",
    "crossword_lexicon_of",
    "default_max_word_length",
    "fill_grid",
    "format_comparison",
    "generate_pattern",
    "combine_lexicons",
    "lexicon_from_words",
    "load_lexicon",
    "make_clue",
    "matches_pattern",
    "parse_grid",
    "random_pattern",
    "read_grid_file",
    "read_definitions",
    "read_scores",
    "verify_fill",
    "write_grid_file",
]
