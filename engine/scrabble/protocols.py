"""What the move generator and the validation read of a lexicon, as typing protocols.

Apart from :mod:`engine.scrabble.movegen` and :mod:`engine.scrabble.scoring`, which import them only
for the type checker: importing :mod:`typing` costs a few milliseconds of every ``python -m engine``
command's start-up, and the commands that print plays need no protocol at run time.
:class:`engine.gaddag.Gaddag` has everything both protocols ask for.
"""

from __future__ import annotations

from typing import Protocol

from engine.alphabet import Alphabet
from engine.scrabble.movegen_search import NodeWords


class Lexicon(Protocol):
    """What validation needs from a compiled lexicon (:class:`engine.gaddag.Gaddag` has it)."""

    @property
    def alphabet(self) -> Alphabet: ...

    def contains(self, word: str) -> bool: ...


class MoveGenLexicon(Protocol):
    """What the generator reads of a lexicon (:class:`engine.gaddag.Gaddag` has it)."""

    @property
    def words(self) -> NodeWords: ...

    @property
    def root(self) -> int: ...

    @property
    def alphabet(self) -> Alphabet: ...
