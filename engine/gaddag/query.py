"""Rack queries over a :class:`~engine.gaddag.Gaddag`: anagrams and patterns (extensions: see
:mod:`engine.gaddag.extensions`).

Why they walk the GADDAG the way they do: a word ``W`` is the string ``W[0] SEP W[1:]`` from the
root, i.e. its first letter then the forward DAWG. The anagram search goes that way, so every
partial path is a real word prefix (the tightest pruning the structure offers). A pattern is
read from its rarest fixed letter leftwards, then the separator, then rightwards, so that letter
prunes from the first step.

Conventions shared by every query here:

* results are sorted by (length, alphabetical) and hold each word once (extensions too);
* a rack is user text: letters (any case, accents folded) and ``?`` for blanks;
* a blank stands for any letter; a rack letter is always preferred to a blank, so in the
  :class:`BlankedWord` variant the blanks (lower case in ``tiles``) are on the *last* occurrences of
  the letters the rack lacks — one canonical spelling per word;
* bad input raises :class:`~engine.alphabet.InvalidWord` (a ``ValueError``) naming the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.alphabet import InvalidWord, fold_word
from engine.gaddag.glob import STAR, glob
from engine.gaddag.layout import CHILD_MASK
from engine.gaddag.rack import parse_rack

if TYPE_CHECKING:
    from engine.gaddag.lexicon import Gaddag

WILDCARD = "."


class BlankedWord(NamedTuple):
    """A word found with a rack: ``tiles`` spells it with blank-played letters in lower case."""

    word: str
    tiles: str

    @property
    def blanks(self) -> str:
        """The letters the blanks stand for, in word order (upper case)."""
        return "".join(ch.upper() for ch in self.tiles if ch.islower())


def _sort(words: set[str] | list[str]) -> list[str]:
    return sorted(words, key=lambda w: (len(w), w))


# -- anagrams -----------------------------------------------------------------------------------------

def anagrams_blanked(g: Gaddag, letters: str, min_length: int | None = None) -> list[BlankedWord]:
    """Words spelled with tiles of ``letters``: all of them, or any number >= ``min_length``.

    ``min_length=None`` means exact anagrams (every tile used). ``min_length`` must be an int >= 1;
    above the rack size there is simply no answer.
    """
    rack = parse_rack(g.alphabet, letters)
    size = rack.size
    if min_length is None:
        min_length = size
    elif isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 1:
        raise ValueError(f"min_length must be an int >= 1, got {min_length!r}")
    if min_length > size:
        return []
    found: list[BlankedWord] = []
    words = g.words
    lower = g.alphabet.letters.lower()
    upper = g.alphabet.letters
    counts = list(rack.counts)
    blanks = rack.blanks
    all_letters = g.alphabet.all_letters_mask
    rack_mask = 0
    for code, count in enumerate(counts):
        if count:
            rack_mask |= 1 << code
    tiles: list[str] = []

    def visit(node: int, depth: int) -> None:
        # ``depth`` letters are placed. From the root (depth 0) the first letter is read, then the
        # separator leads into the forward DAWG, where the word goes on left to right.
        nonlocal blanks, rack_mask
        mask = words[node]
        usable = mask & (all_letters if blanks else rack_mask)
        while usable:
            low = usable & -usable
            usable ^= low
            code = low.bit_length() - 1
            if mask < 0x40000000:  # ONE_WORD_BIT clear: arc words below the node word
                arc = words[node - 1 - (mask & (low - 1)).bit_count()]
            else:  # a one-word node: its accept bit, child node - 1
                arc = (mask & 0x80000000) | (node - 1)
            real = counts[code] > 0  # a rack letter is always used before a blank
            if real:
                counts[code] -= 1
                if not counts[code]:
                    rack_mask ^= low
                tiles.append(upper[code - 1])
            else:
                blanks -= 1
                tiles.append(lower[code - 1])
            if arc >> 31 and depth + 1 >= min_length:
                text = "".join(tiles)
                found.append(BlankedWord(text.upper(), text))
            child = arc & CHILD_MASK
            if child and not depth:
                sep = g.arc(child, 0)
                child = sep & CHILD_MASK if sep >= 0 else 0
            if child and depth + 1 < size:
                visit(child, depth + 1)
            tiles.pop()
            if real:
                if not counts[code]:
                    rack_mask ^= low
                counts[code] += 1
            else:
                blanks += 1

    visit(g.root, 0)
    found.sort(key=lambda b: (len(b.word), b.word))
    return found


def anagrams(g: Gaddag, letters: str, min_length: int | None = None) -> list[str]:
    """Plain upper-case words of :func:`anagrams_blanked`."""
    return [b.word for b in anagrams_blanked(g, letters, min_length)]


# -- patterns -----------------------------------------------------------------------------------------

def parse_pattern(g: Gaddag, pattern: str) -> list[int]:
    """Codes of a pattern, ``0`` standing for the wildcard ``.``."""
    if not isinstance(pattern, str):
        raise TypeError(f"pattern must be str, got {type(pattern).__name__}")
    folded = fold_word(pattern)
    if not folded:
        raise InvalidWord(pattern, "empty pattern", "empty_pattern")
    codes = []
    for ch in folded:
        if ch == WILDCARD:
            codes.append(0)
            continue
        code = g.alphabet.code_of.get(ch)
        if code is None:
            raise InvalidWord(pattern, f"pattern character {ch!r} is neither a {g.alphabet.language} "
                                       f"letter nor '{WILDCARD}'", "bad_pattern_character", char=ch)
        codes.append(code)
    return codes


def pattern(g: Gaddag, pattern: str, rack: str | None = None, *, fixed_from_rack: bool = False) -> list[str]:
    """Words of the pattern's length whose letters match it (``.`` = any letter).

    With ``rack``, the letters at the ``.`` positions must be tiles of the rack (``?`` blanks fill
    any one): the fixed letters are taken to be on the board already. ``fixed_from_rack=True``
    requires every letter of the word, fixed ones included, to come from the rack.

    A ``*`` stands for any run of letters (none included), so the length is open: such patterns go
    to :func:`engine.gaddag.glob.glob` (``fixed_from_rack`` is not offered for them).
    """
    if isinstance(pattern, str) and STAR in pattern:
        if fixed_from_rack:
            raise ValueError("fixed_from_rack is not offered for patterns with '*'")
        return glob(g, pattern, rack)
    codes = parse_pattern(g, pattern)
    n = len(codes)
    if rack is not None:
        parsed = parse_rack(g.alphabet, rack)
        counts = list(parsed.counts)
        blanks = parsed.blanks
    else:
        if fixed_from_rack:
            raise ValueError("fixed_from_rack needs a rack")
        counts, blanks = [], 0
    limited = rack is not None
    # Start the walk at the rarest fixed letter (highest tile value, leftmost on ties): it prunes
    # hardest, and the GADDAG lets the walk start anywhere.
    values = g.alphabet.values
    fixed = [(values[g.alphabet.letter(c)], -i) for i, c in enumerate(codes) if c]
    split = -max(fixed)[1] + 1 if fixed else 1
    # GADDAG string order: positions split-1 .. 0, separator (unless split == n), split .. n-1.
    order = list(range(split - 1, -1, -1)) + list(range(split, n))
    all_letters = g.alphabet.all_letters_mask
    words = g.words
    letters = g.alphabet.letters
    spelled = [""] * n
    found: list[str] = []

    def visit(node: int, step: int) -> None:
        nonlocal blanks
        if step == split and split < n:
            sep = g.arc(node, 0)
            if sep < 0:
                return
            node = sep & CHILD_MASK
        position = order[step]
        want = codes[position]
        mask = words[node]
        usable = mask & ((1 << want) if want else all_letters)
        while usable:
            low = usable & -usable
            usable ^= low
            code = low.bit_length() - 1
            if mask < 0x40000000:  # ONE_WORD_BIT clear: arc words below the node word
                arc = words[node - 1 - (mask & (low - 1)).bit_count()]
            else:  # a one-word node: its accept bit, child node - 1
                arc = (mask & 0x80000000) | (node - 1)
            uses_tile = limited and (not want or fixed_from_rack)
            blank = False
            if uses_tile:
                if counts[code]:
                    counts[code] -= 1
                elif blanks:
                    blanks -= 1
                    blank = True
                else:
                    continue
            spelled[position] = letters[code - 1]
            if step == n - 1:
                if arc >> 31:
                    found.append("".join(spelled))
            elif arc & CHILD_MASK:
                visit(arc & CHILD_MASK, step + 1)
            if uses_tile:
                if blank:
                    blanks += 1
                else:
                    counts[code] += 1

    visit(g.root, 0)
    return _sort(found)

