"""The lexicon core: a minimal GADDAG in one flat uint32 array, memory-mapped from a compiled file.

Public API (used by the move generator, CBIC, Jarnac, crosswords and the command line)::

    g = build_gaddag(words, language="fr")    # normalised upper-case words
    g.words, g.root, g.alphabet                # the layout of docs/gaddag-format.md
    g.language, g.word_count, g.node_count, g.arc_count
    g.contains("maison")                       # user text: any case, accents folded
    g.anagrams("AEINST?", min_length=None)     # '?' = blank; None = every tile used
    g.anagrams_blanked(...)                    # BlankedWord(word, tiles): blanks in lower case
    g.pattern("A..LE", rack=None)              # '.' = any letter; dots filled from the rack
    g.pattern("*TION"), g.pattern("A*Z*")      # '*' = any run of letters, none included (open length)
    g.front_hooks(w), g.back_hooks(w)          # sorted letters, e.g. "ST"
    g.extensions(w, rack=None, max_added=None, contiguous=False)
    g.iter_words()                             # every word, alphabetical
    g.arc(node, code), g.arcs(node)            # primitives for walkers (arc word: accept | child)
    g.walk_reversed(codes), g.one_word_count
    g.save(path); load_gaddag(path); cached_gaddag(path)

Every query result is sorted by (length, alphabetical). Bad user text raises
:class:`~engine.alphabet.InvalidWord` (a ``ValueError``) naming it; a bad file raises
:class:`LexiconFormatError` at load time.

Sub-modules: :mod:`.build` (construction), :mod:`.format` (file header, mmap load, structural
check), :mod:`.lexicon` (the :class:`Gaddag` object and its walks), :mod:`.rack` (rack text),
:mod:`.query` (anagrams, patterns), :mod:`.glob` (patterns with ``*``), :mod:`.extensions` (longer words).
"""

from engine.alphabet import InvalidWord
from engine.gaddag.format import FORMAT_VERSION, LexiconFormatError, is_compiled_lexicon
from engine.gaddag.layout import ACCEPT_BIT, CHILD_MASK, MASK_BITS, ONE_WORD_BIT
from engine.gaddag.lexicon import Gaddag, build_gaddag, cached_gaddag, load_gaddag

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from engine.gaddag.query import BlankedWord

__all__ = [
    "is_compiled_lexicon",
    "ACCEPT_BIT",
    "BlankedWord",
    "CHILD_MASK",
    "FORMAT_VERSION",
    "Gaddag",
    "InvalidWord",
    "LexiconFormatError",
    "MASK_BITS",
    "ONE_WORD_BIT",
    "build_gaddag",
    "cached_gaddag",
    "load_gaddag",
]


def __getattr__(name: str) -> object:
    """``BlankedWord`` from :mod:`.query`, imported on first use (the queries' modules and
    :mod:`typing` under them cost start-up time to every command that only maps a lexicon)."""
    if name == "BlankedWord":
        from engine.gaddag.query import BlankedWord

        return BlankedWord
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
