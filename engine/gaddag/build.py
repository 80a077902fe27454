"""Building the minimal GADDAG as one flat ``uint32`` array (layout: ``docs/gaddag-format.md``, version 2).

Why it is built this way, in two passes sharing one register of nodes:

1. **Forward DAWG.** After ``REV(x) SEP`` the GADDAG reads exactly the non-empty words continuing
   the prefix ``x``: the right language of ``x`` in a forward DAWG of the words (Gordon's
   "semi-minimisation" observation: ``REV(x) SEP y`` leads where ``REV(v) SEP w`` does when
   ``xy = vw``). So the post-separator half of the GADDAG *is* the minimal forward DAWG, built once
   from the ~325k sorted words instead of once per split of every word (~3.3M strings).
2. **Reversed prefixes.** Before the separator, the GADDAG is the trie of ``REV(p)`` for every
   non-empty word prefix ``p``; the node of ``REV(p)`` gets a separator arc to the DAWG node of ``p``
   (when ``p`` continues) and the arc entering the node of ``REV(x)`` *accepts* when ``x`` is a word.
   Its nodes are the distinct factors of the words (1.6M for wfrench), built from the sorted
   reversed prefixes (637k strings).

Both passes are Daciuk et al.'s incremental construction for sorted input: only the path of the
previous string is open; when the next string diverges, the deeper open nodes are frozen bottom-up
and looked up in a register keyed by their exact encoding (mask + arc words, children already
canonical). Equal keys mean equal languages, so every reachable state is unique: the result is the
*minimal* arc-accepting automaton, and memory stays near the size of the result. A frozen node gets
the next id on first sight; :func:`engine.gaddag.layout.layout` then writes the words (format
version 2), choosing the order that stores the most single-arc nodes in one word.
"""

from __future__ import annotations

import itertools
import operator
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType

from engine.alphabet import Alphabet, InvalidWord
from engine.cores import load_core
from engine.gaddag.layout import ACCEPT_BIT, CHILD_MASK, layout


@dataclass(frozen=True)
class BuiltGaddag:
    """The raw result of a build: the flat array and its counts (node 0 is the empty node)."""

    words: array[int]
    root: int
    word_count: int
    node_count: int
    arc_count: int
    one_word_count: int  # nodes stored in one word: len(words) == node_count + arc_count - this


class _Register:
    """Frozen nodes by encoding, numbered in order of first sight (id 0: the empty node).

    The key is the node's mask, then ``accept | child id`` per arc in code order.
    """

    __slots__ = ("nodes", "index", "arcs")

    def __init__(self) -> None:
        self.nodes: list[tuple[int, ...]] = [(0,)]
        self.index: dict[tuple[int, ...], int] = {(0,): 0}
        self.arcs = 0

    def freeze(self, arcs: list[list[int]]) -> int:
        """Id of the node whose arcs are ``[code, accept_bit, child]`` in increasing code order."""
        if not arcs:
            return 0
        mask = 0
        key = [0]
        for code, accept, child in arcs:
            mask |= 1 << code
            key.append(accept | child)
        key[0] = mask
        frozen = tuple(key)
        found = self.index.get(frozen)
        if found is None:
            found = self.index[frozen] = len(self.nodes)
            self.nodes.append(frozen)
            self.arcs += len(arcs)
        return found


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _build_forward(words: list[str], code_of: dict[str, int], register: _Register) -> dict[str, int]:
    """Freeze the forward DAWG of the sorted ``words``; return the node of every continuing prefix.

    The DAWG root itself is never frozen: the GADDAG has no separator arc from its root.
    """
    continuing: dict[str, int] = {}
    path: list[list[list[int]]] = [[]]  # path[d] = arcs of the open node reached by prev[:d]
    prev = ""
    for word in words:
        k = _common_prefix(prev, word)
        for d in range(len(prev), k, -1):
            node = register.freeze(path[d])
            if node:
                continuing[prev[:d]] = node
            path[d - 1][-1][2] = node
        del path[k + 1:]
        for d in range(k, len(word)):
            path[d].append([code_of[word[d]], 0, 0])
            path.append([])
        path[len(word) - 1][-1][1] = ACCEPT_BIT
        prev = word
    for d in range(len(prev), 0, -1):
        node = register.freeze(path[d])
        if node:
            continuing[prev[:d]] = node
        path[d - 1][-1][2] = node
    return continuing


def _build_reversed(words: set[str], continuing: dict[str, int], code_of: dict[str, int],
                    register: _Register) -> int:
    """Freeze the pre-separator part (trie of reversed prefixes); return the root index."""
    prefixes = {word[:i] for word in words for i in range(1, len(word) + 1)}
    strings = sorted(p[::-1] for p in prefixes)
    del prefixes
    path: list[list[list[int]]] = [[]]
    prev = ""
    for rev in strings:
        k = _common_prefix(prev, rev)
        for d in range(len(prev), k, -1):
            path[d - 1][-1][2] = register.freeze(path[d])
        del path[k + 1:]
        for d in range(k, len(rev)):
            factor = rev[d::-1]  # REV(rev[:d + 1])
            path[d].append([code_of[rev[d]], ACCEPT_BIT if factor in words else 0, 0])
            path.append([])
        # rev is new and sorted first among its extensions: its node is fresh, the separator
        # arc (code 0) goes first as the layout's increasing code order requires.
        dawg = continuing.get(rev[::-1])
        if dawg:
            path[len(rev)].append([0, 0, dawg])
        prev = rev
    for d in range(len(prev), 0, -1):
        path[d - 1][-1][2] = register.freeze(path[d])
    return register.freeze(path[0])


def _load_core() -> tuple[ModuleType | None, str | None]:
    """The compiled passes (engine/gaddag/_build.c) unless TIRAGE_PURE_PYTHON is set (engine.cores)."""
    return load_core("engine.gaddag", "_build")


_CORE, _CORE_PROBLEM = _load_core()


def implementation() -> str:
    """``"compiled"`` when :func:`build_array` runs the C passes, ``"python"`` otherwise."""
    return "compiled" if _CORE is not None else "python"


def unavailable_reason() -> str | None:
    """Why the compiled builder is not in use (``None`` when it is)."""
    return _CORE_PROBLEM


def _codes_blob(ordered: list[str], alphabet: Alphabet) -> bytes | None:
    """The sorted words as the compiled builder reads them: letter codes, each word ended by a 0 byte.

    ``None`` for an alphabet the byte encoding cannot carry (non-ASCII letters, more than 31 codes).
    """
    letters = alphabet.letters
    if not letters.isascii() or len(letters) >= 32:
        return None
    table = bytearray(range(256))
    for ch, code in alphabet.code_of.items():
        table[ord(ch)] = code
    return ("\0".join(ordered) + "\0").encode("ascii").translate(table)


def _sorted_valid(words: Iterable[str], alphabet: Alphabet) -> list[str]:
    """The distinct words in sorted order, after checking them (see :func:`build_array`).

    A list of valid words already sorted and distinct (what ``engine.wordlist`` reads) is checked
    with one pass over its joined text and used as it is; anything else goes through the loop
    that names the first bad word in input order.
    """
    code_of = alphabet.code_of
    known = code_of.keys()
    if isinstance(words, list):
        try:
            joined = "".join(words)
        except TypeError:
            pass  # a non-string: the loop below names it
        else:
            if all(words) and known >= set(joined):
                if not any(map(operator.ge, words, itertools.islice(words, 1, None))):
                    return words  # strictly increasing: sorted and distinct
                return sorted(set(words))
    unique: set[str] = set()
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"words must be str, got {type(word).__name__}: {word!r}")
        if not word:
            raise InvalidWord(word, "empty word", "empty_word")
        if not known >= set(word):
            bad = next(ch for ch in word if ch not in code_of)
            raise InvalidWord(word, f"letter {bad!r} is not in the {alphabet.language} alphabet "
                                    "(normalise words first, e.g. with Alphabet.normalise)", "bad_character",
                              char=bad, language=alphabet.language)
        unique.add(word)
    return sorted(unique)


def build_array(words: Iterable[str], alphabet: Alphabet, *, compiled: bool | None = None) -> BuiltGaddag:
    """Build the minimal GADDAG of ``words`` (normalised upper case; duplicates allowed).

    Raises :class:`InvalidWord` naming the first word (in input order) with a letter outside
    ``alphabet`` or an empty word, ``TypeError`` for a non-string and ``ValueError`` for an empty list.
    ``compiled``: ``None`` uses the C passes when they are built (:func:`implementation`), ``False``
    the pure-Python ones (the specification: both give the same array, byte for byte), ``True``
    requires the C ones (``RuntimeError`` when they are not built).
    """
    code_of = alphabet.code_of
    ordered = _sorted_valid(words, alphabet)
    if not ordered:
        raise ValueError("cannot build a lexicon from an empty word list")
    if list(alphabet.letters) != sorted(alphabet.letters):
        # The passes compare strings as text; that is code order only for an alphabet in order.
        raise ValueError(f"the {alphabet.language} alphabet is not in code order")
    if compiled is True and _CORE is None:
        raise RuntimeError(f"the compiled builder is not available: {_CORE_PROBLEM}")
    blob = _codes_blob(ordered, alphabet) if compiled is not False and _CORE is not None else None
    if blob is not None and _CORE is not None:
        data, root_index, node_count, arc_count, one_word, _count = _CORE.build(blob)
        del blob
        built = array("I")
        built.frombytes(data)
        if len(built) > CHILD_MASK:
            raise OverflowError("lexicon too large for 31-bit node indices")
        return BuiltGaddag(words=built, root=root_index, word_count=len(ordered), node_count=node_count,
                           arc_count=arc_count, one_word_count=one_word)
    if compiled is True:
        raise RuntimeError(f"the compiled builder cannot encode the {alphabet.language} alphabet")
    register = _Register()
    continuing = _build_forward(ordered, code_of, register)
    root = _build_reversed(set(ordered), continuing, code_of, register)
    del continuing
    register.index.clear()
    node_words, root_index, one_word = layout(register.nodes, root)
    if len(node_words) > CHILD_MASK:
        raise OverflowError("lexicon too large for 31-bit node indices")
    return BuiltGaddag(words=node_words, root=root_index, word_count=len(ordered),
                       node_count=len(register.nodes), arc_count=register.arcs,
                       one_word_count=one_word)
