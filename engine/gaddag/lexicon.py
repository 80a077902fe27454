"""The :class:`Gaddag` object: the flat array plus the alphabet, and the walks every query shares.

The array layout is the contract in ``docs/gaddag-format.md``; this module is its reference walker.
Methods take user text and normalise it with the alphabet (accents folded, case ignored), raising
:class:`~engine.alphabet.InvalidWord` (a ``ValueError``) that names the bad input.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterable, Iterator
from functools import lru_cache

from engine.alphabet import Alphabet, InvalidWord, get_alphabet
from engine.gaddag.format import MappedLexicon, open_file, write_file
from engine.gaddag.layout import ACCEPT_BIT, CHILD_MASK, MASK_BITS, ONE_WORD_BIT

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from engine.gaddag.query import BlankedWord

assert array("I").itemsize == 4, "the GADDAG layout needs 4-byte unsigned ints"


class Gaddag:
    """A compiled lexicon (minimal GADDAG), built in memory or memory-mapped from a file."""

    def __init__(self, words: memoryview | array[int], root: int, alphabet: Alphabet, *, word_count: int,
                 node_count: int, arc_count: int, mapped: MappedLexicon | None = None) -> None:
        self.words = words if isinstance(words, memoryview) else memoryview(words)
        self.root = root
        self.alphabet = alphabet
        self.language = alphabet.language
        self.word_count = word_count
        self.node_count = node_count
        self.arc_count = arc_count
        #: Nodes stored in a single word (format version 2): what the counts say the array saves.
        self.one_word_count = node_count + arc_count - len(self.words)
        self._mapped = mapped
        #: The file it was mapped from (None when built in memory): where caches derived from it may live.
        self.source_path: str | None = None
        # ch -> (bit, mask of lower bits): one dict lookup per letter in the hot `contains` loop.
        self._steps = {ch: (1 << code, (1 << code) - 1) for ch, code in alphabet.code_of.items()}
        self._root_arcs = {ch: self.arc(root, code) for ch, code in alphabet.code_of.items()}

    def __repr__(self) -> str:
        return (f"<Gaddag {self.language}: {self.word_count} words, {self.node_count} nodes, "
                f"{self.arc_count} arcs>")

    def __len__(self) -> int:
        return self.word_count

    @property
    def checksum(self) -> int | None:
        """The CRC-32 of the mapped file (None when built in memory): names this exact compiled content."""
        return self._mapped.header.crc if self._mapped is not None else None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.contains(word)

    # -- primitives -------------------------------------------------------------------------------

    def arc(self, node: int, code: int) -> int:
        """The arc word for ``code`` out of ``node`` (accept bit + child), or ``-1`` if absent.

        For a one-word node the arc word is made up (its accept bit, child ``node - 1``), so
        callers see one shape of arc whatever the node's storage.
        """
        words = self.words
        mask = words[node]
        if not mask >> code & 1:
            return -1
        if mask & ONE_WORD_BIT:
            return (mask & ACCEPT_BIT) | (node - 1)
        return words[node - 1 - (mask & ((1 << code) - 1)).bit_count()]

    def arcs(self, node: int) -> list[tuple[int, int]]:
        """``(code, arc word)`` of every arc of ``node`` in increasing code order (separator first)."""
        words = self.words
        mask = words[node]
        if mask & ONE_WORD_BIT:
            return [((mask & MASK_BITS).bit_length() - 1, (mask & ACCEPT_BIT) | (node - 1))]
        out = []
        index = node
        for code in range(mask.bit_length()):
            if mask >> code & 1:
                index -= 1
                out.append((code, words[index]))
        return out

    def codes(self, word: str) -> list[int]:
        """Letter codes of user text: fast for normalised input, folded and checked otherwise."""
        code_of = self.alphabet.code_of
        try:
            codes = [code_of[ch] for ch in word]
        except KeyError:
            codes = [code_of[ch] for ch in self.alphabet.normalise(word)]
        if not codes:
            raise InvalidWord(word, "empty word", "empty_word")
        return codes

    def walk_reversed(self, codes: list[int]) -> int:
        """Arc word reached by reading ``REV(codes)`` from the root, ``-1`` if the path is absent.

        Its accept bit says whether ``codes`` is a word; its child is where front hooks and, past
        the separator, back hooks and right extensions start.
        """
        words = self.words
        node = self.root
        arc = -1
        for code in reversed(codes):
            mask = words[node]
            if not mask >> code & 1:
                return -1
            if mask & ONE_WORD_BIT:
                arc = (mask & ACCEPT_BIT) | (node - 1)
            else:
                arc = words[node - 1 - (mask & ((1 << code) - 1)).bit_count()]
            node = arc & CHILD_MASK
        return arc

    # -- word queries ------------------------------------------------------------------------------

    def contains(self, word: str) -> bool:
        """True when ``word`` (any case, accents allowed) is in the lexicon."""
        # Hot path for normalised text: the root step is one dict lookup, then REV(word) is read
        # with one (bit, lower-bits mask) lookup per letter. Anything unusual goes the slow way.
        words = self.words
        steps = self._steps
        try:
            arc = self._root_arcs[word[-1]]
            if arc >= 0:
                for ch in word[-2::-1]:
                    node = arc & 0x7FFFFFFF
                    bit, below = steps[ch]
                    mask = words[node]
                    if not mask & bit:
                        break
                    if mask < 0x40000000:  # the node's arc words lie below its mask word
                        arc = words[node - 1 - (mask & below).bit_count()]
                    else:  # a one-word node: its accept bit, child node - 1
                        arc = (mask & 0x80000000) | (node - 1)
                else:
                    return arc >> 31 == 1
            if steps.keys() >= set(word):
                return False  # a normalised word whose path stops early
        except (KeyError, IndexError):  # not normalised (lower case, accents...), or empty
            pass
        return self.walk_reversed(self.codes(word)) >> 31 == 1

    def front_hooks(self, word: str) -> str:
        """Letters ``x`` (sorted) such that ``x + word`` is a word; ``word`` itself need not be one."""
        arc = self.walk_reversed(self.codes(word))
        return "" if arc < 0 else self._accepting_letters(arc & CHILD_MASK)

    def back_hooks(self, word: str) -> str:
        """Letters ``x`` (sorted) such that ``word + x`` is a word; ``word`` itself need not be one."""
        arc = self.walk_reversed(self.codes(word))
        if arc < 0:
            return ""
        sep = self.arc(arc & CHILD_MASK, 0)
        return "" if sep < 0 else self._accepting_letters(sep & CHILD_MASK)

    def _accepting_letters(self, node: int) -> str:
        words = self.words
        letters = self.alphabet.letters
        mask = words[node]
        if mask & ONE_WORD_BIT:
            code = (mask & MASK_BITS).bit_length() - 1
            return letters[code - 1] if code and mask & ACCEPT_BIT else ""
        found = []
        index = node
        m = mask
        while m:
            low = m & -m
            m ^= low
            index -= 1  # the arc words go down from the node word in increasing code order
            if low > 1 and words[index] >> 31:
                found.append(letters[low.bit_length() - 2])
        return "".join(found)

    def iter_words(self, max_length: int | None = None) -> Iterator[str]:
        """Every word once, in alphabetical order (first letter, then the forward DAWG below it).

        With ``max_length``, only the words of at most that many letters: the walk stops at that
        depth, so Jarnac's words of 3 to 9 letters come out in a third of the time of all words.
        """
        if max_length is not None and max_length < 1:
            return
        letters = self.alphabet.letters
        for code, arc in self.arcs(self.root):
            if code == 0:
                continue
            first = letters[code - 1]
            if arc >> 31:
                yield first
            sep = self.arc(arc & CHILD_MASK, 0)
            if sep >= 0 and (max_length is None or max_length > 1):
                yield from self._iter_forward(sep & CHILD_MASK, first, max_length)

    def _iter_forward(self, node: int, prefix: str, max_length: int | None = None) -> Iterator[str]:
        """Words ``prefix + s`` for every string ``s`` read from ``node`` (forward DAWG part)."""
        words = self.words
        letters = self.alphabet.letters
        # Explicit stack of (text, arc) in reverse order: a word comes out before its extensions.
        stack: list[tuple[str, int]] = []

        def push_children(node: int, prefix: str) -> None:
            mask = words[node]
            if mask & ONE_WORD_BIT:
                code = (mask & MASK_BITS).bit_length() - 1
                stack.append((prefix + letters[code - 1], (mask & ACCEPT_BIT) | (node - 1)))
                return
            index = node - mask.bit_count()  # the highest code's arc word, pushed first
            while mask:
                code = mask.bit_length() - 1
                mask ^= 1 << code
                stack.append((prefix + letters[code - 1], words[index]))
                index += 1

        push_children(node, prefix)
        while stack:
            text, arc = stack.pop()
            if arc >> 31:
                yield text
            child = arc & CHILD_MASK
            if child and (max_length is None or len(text) < max_length):
                push_children(child, text)

    # -- rack queries (engine.gaddag.query, imported on first use: commands that only map a lexicon
    #    for the move generator start without the query modules) ------------------------------------

    def anagrams(self, letters: str, min_length: int | None = None) -> list[str]:
        """Words using letters of the rack (``?`` = blank); exact length unless ``min_length`` is given."""
        from engine.gaddag import query

        return query.anagrams(self, letters, min_length)

    def anagrams_blanked(self, letters: str, min_length: int | None = None) -> list[BlankedWord]:
        """Like :meth:`anagrams` but each result says which letters the blanks stand for."""
        from engine.gaddag import query

        return query.anagrams_blanked(self, letters, min_length)

    def pattern(self, pattern: str, rack: str | None = None, *, fixed_from_rack: bool = False) -> list[str]:
        """Words matching ``pattern`` (``.`` = any letter, ``*`` = any run of letters), dots optionally filled from ``rack``."""
        from engine.gaddag import query

        return query.pattern(self, pattern, rack, fixed_from_rack=fixed_from_rack)

    def extensions(self, word: str, rack: str | None = None, *, max_added: int | None = None,
                   contiguous: bool = False) -> list[str]:
        """Words made of ``word``'s letters plus at least one more (see :mod:`engine.gaddag.extensions`)."""
        from engine.gaddag import extensions

        return extensions.extensions(self, word, rack, max_added=max_added, contiguous=contiguous)

    # -- files ---------------------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> int:
        """Write the compiled file (atomically); return its size in bytes."""
        return write_file(path, self.words, alphabet=self.alphabet, word_count=self.word_count,
                          node_count=self.node_count, arc_count=self.arc_count, root=self.root)

    def close(self) -> None:
        """Unmap a loaded file (optional: the mapping also goes when the object is collected)."""
        if self._mapped is not None:
            self.words = memoryview(b"")
            self._mapped.close()
            self._mapped = None


def build_gaddag(words: Iterable[str], language: str = "fr") -> Gaddag:
    """Build the minimal GADDAG of normalised upper-case ``words`` (see :mod:`engine.gaddag.build`)."""
    from engine.gaddag.build import build_array  # only builders need it (and its compiled core)

    alphabet = get_alphabet(language)
    built = build_array(words, alphabet)
    return Gaddag(built.words, built.root, alphabet, word_count=built.word_count,
                  node_count=built.node_count, arc_count=built.arc_count)


def load_gaddag(path: str | os.PathLike[str], *, verify_checksum: bool = True,
                verify_structure: bool = False) -> Gaddag:
    """Memory-map a compiled file; :class:`LexiconFormatError` if it is not a sound lexicon.

    The header and CRC are always checked (about 1 ms for wfrench); ``verify_structure`` adds a
    full walk of the array (see :func:`engine.gaddag.format.check_structure`) for files of
    unknown origin. ``verify_checksum=False`` skips the CRC for trusted files (0.05 ms).
    """
    mapped = open_file(path, verify_checksum=verify_checksum, verify_structure=verify_structure)
    header = mapped.header
    gaddag = Gaddag(mapped.words, header.root, get_alphabet(header.language),
                    word_count=header.word_count, node_count=header.node_count,
                    arc_count=header.arc_count, mapped=mapped)
    gaddag.source_path = os.fspath(path)
    return gaddag


def cached_gaddag(path: str | os.PathLike[str]) -> Gaddag:
    """:func:`load_gaddag`, kept per process and per file version (path, mtime, size).

    Web processes and workers call this on every request or task: the first call maps the file,
    later ones return the same object, and a rebuilt file (atomically replaced, so a new mtime) is
    mapped afresh while queries already running keep the old mapping.
    """
    resolved = os.path.realpath(path)
    stat = os.stat(resolved)
    return _cached(resolved, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _cached(path: str, mtime_ns: int, size: int) -> Gaddag:
    return load_gaddag(path)
