"""The lexicon core: a minimal GADDAG in one flat uint32 array, memory-mapped from a compiled file.

Public API (used by the move generator, CBIC, Jarnac and the command line)::

    g = build_gaddag(words, language="fr")   # normalised upper-case words
    g.words, g.root, g.alphabet               # the layout of docs/gaddag-format.md
    g.contains(w); g.anagrams(rack, min_length); g.pattern(p, rack); g.front_hooks(w); ...
    g.save(path); load_gaddag(path)
    cached_gaddag(path)                        # one mapping per process and file version

Sub-modules: :mod:`.build` (construction), :mod:`.format` (file header, mmap load),
:mod:`.lexicon` (the :class:`Gaddag` object and its walks), :mod:`.query` (rack queries).
"""

from engine.alphabet import InvalidWord
from engine.gaddag.build import ACCEPT_BIT, CHILD_MASK
from engine.gaddag.format import FORMAT_VERSION, LexiconFormatError
from engine.gaddag.lexicon import Gaddag, build_gaddag, cached_gaddag, load_gaddag
from engine.gaddag.query import BlankedWord

__all__ = [
    "ACCEPT_BIT",
    "BlankedWord",
    "CHILD_MASK",
    "FORMAT_VERSION",
    "Gaddag",
    "InvalidWord",
    "LexiconFormatError",
    "build_gaddag",
    "cached_gaddag",
    "load_gaddag",
]
