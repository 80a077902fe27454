"""Rack queries over a :class:`~engine.gaddag.Gaddag`: anagrams, patterns, extensions.

Why they walk the GADDAG the way they do: a word ``W`` is the string ``W[0] SEP W[1:]`` from the
root, i.e. its first letter then the forward DAWG. Anagram and extension searches go that way, so
every partial path is a real word prefix (the tightest pruning the structure offers). A pattern is
read from its first fixed letter leftwards, then the separator, then rightwards, so the fixed letter
prunes from the first step.

Conventions shared by every query here:

* results are sorted by (length, alphabetical) and hold each word once;
* a rack is user text: letters (any case, accents folded) and ``?`` for blanks;
* a blank stands for any letter; a rack letter is always preferred to a blank, so in the
  :class:`BlankedWord` variant the blanks (lower case in ``tiles``) are on the *last* occurrences of
  the letters the rack lacks — one canonical spelling per word;
* bad input raises :class:`~engine.alphabet.InvalidWord` (a ``ValueError``) naming the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.alphabet import BLANK, InvalidWord, fold_word
from engine.gaddag.build import CHILD_MASK

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


class Rack(NamedTuple):
    counts: list[int]  # index = letter code (index 0 unused)
    blanks: int

    @property
    def size(self) -> int:
        return sum(self.counts) + self.blanks


def parse_rack(g: Gaddag, rack: str) -> Rack:
    """Letter counts and blank count of user text such as ``"eaü?"``; an empty rack is an error."""
    if not isinstance(rack, str):
        raise TypeError(f"rack must be str, got {type(rack).__name__}")
    alphabet = g.alphabet
    blanks = rack.count(BLANK)
    letters = rack.replace(BLANK, "")
    counts = [0] * (alphabet.size + 1)
    if letters.strip():
        folded = fold_word(letters)
        for ch in folded:
            code = alphabet.code_of.get(ch)
            if code is None:
                raise InvalidWord(rack, f"rack character {ch!r} is neither a {alphabet.language} letter nor '?'")
            counts[code] += 1
    elif letters:
        raise InvalidWord(rack, "rack character ' ' is neither a letter nor '?'")
    if not blanks and not any(counts):
        raise InvalidWord(rack, "empty rack")
    return Rack(counts, blanks)


def _sort(words: set[str] | list[str]) -> list[str]:
    return sorted(words, key=lambda w: (len(w), w))


# -- anagrams -----------------------------------------------------------------------------------------

def anagrams_blanked(g: Gaddag, letters: str, min_length: int | None = None) -> list[BlankedWord]:
    """Words spelled with tiles of ``letters``: all of them, or any number >= ``min_length``.

    ``min_length=None`` means exact anagrams (every tile used). ``min_length`` must be between 1 and
    the rack size.
    """
    rack = parse_rack(g, letters)
    size = rack.size
    if min_length is None:
        min_length = size
    elif isinstance(min_length, bool) or not isinstance(min_length, int) or not 1 <= min_length <= size:
        raise ValueError(f"min_length must be an int between 1 and the rack size {size}, got {min_length!r}")
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
        # depth = letters already placed; the next letter is number depth + 1.
        nonlocal blanks, rack_mask
        mask = words[node]
        usable = mask & (all_letters if blanks else rack_mask)
        while usable:
            low = usable & -usable
            usable ^= low
            code = low.bit_length() - 1
            arc = words[node + 1 + (mask & (low - 1)).bit_count()]
            if counts[code]:
                counts[code] -= 1
                if not counts[code]:
                    rack_mask ^= low
                tiles.append(upper[code - 1])
                _step(arc, depth)
                if not counts[code]:
                    rack_mask ^= low
                counts[code] += 1
            else:
                blanks -= 1
                tiles.append(lower[code - 1])
                _step(arc, depth)
                blanks += 1
            tiles.pop()

    def _step(arc: int, depth: int) -> None:
        if arc >> 31 and depth + 1 >= min_length:
            text = "".join(tiles)
            found.append(BlankedWord(text.upper(), text))
        child = arc & CHILD_MASK
        if child and depth + 1 < size:
            visit(child, depth + 1)

    # First letter from the root, then the separator into the forward DAWG.
    root = g.root
    root_mask = words[root]
    candidates = root_mask & (all_letters if blanks else rack_mask)
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        code = low.bit_length() - 1
        arc = words[root + 1 + (root_mask & (low - 1)).bit_count()]
        use_blank = not counts[code]
        if use_blank:
            blanks -= 1
            tiles.append(lower[code - 1])
        else:
            counts[code] -= 1
            if not counts[code]:
                rack_mask ^= low
            tiles.append(upper[code - 1])
        if arc >> 31 and min_length <= 1:
            found.append(BlankedWord(tiles[0].upper(), tiles[0]))
        sep = g.arc(arc & CHILD_MASK, 0)
        if sep >= 0 and size > 1:
            visit(sep & CHILD_MASK, 1)
        tiles.pop()
        if use_blank:
            blanks += 1
        else:
            if not counts[code]:
                rack_mask ^= low
            counts[code] += 1
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
        raise InvalidWord(pattern, "empty pattern")
    codes = []
    for ch in folded:
        if ch == WILDCARD:
            codes.append(0)
            continue
        code = g.alphabet.code_of.get(ch)
        if code is None:
            raise InvalidWord(pattern, f"pattern character {ch!r} is neither a {g.alphabet.language} "
                                       f"letter nor '{WILDCARD}'")
        codes.append(code)
    return codes


def pattern(g: Gaddag, pattern: str, rack: str | None = None, *, fixed_from_rack: bool = False) -> list[str]:
    """Words of the pattern's length whose letters match it (``.`` = any letter).

    With ``rack``, the letters at the ``.`` positions must be tiles of the rack (``?`` blanks fill
    any one): the fixed letters are taken to be on the board already. ``fixed_from_rack=True``
    requires every letter of the word, fixed ones included, to come from the rack.
    """
    codes = parse_pattern(g, pattern)
    n = len(codes)
    if rack is not None:
        parsed = parse_rack(g, rack)
        counts = list(parsed.counts)
        blanks = parsed.blanks
    else:
        if fixed_from_rack:
            raise ValueError("fixed_from_rack needs a rack")
        counts, blanks = [], 0
    limited = rack is not None
    fixed_positions = [i for i, c in enumerate(codes) if c]
    split = fixed_positions[0] + 1 if fixed_positions else 1
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
            arc = words[node + 1 + (mask & (low - 1)).bit_count()]
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


# -- extensions ---------------------------------------------------------------------------------------

def extensions(g: Gaddag, word: str, rack: str | None = None, *, max_added: int | None = None,
               contiguous: bool = False) -> list[str]:
    """Longer words made of ``word`` plus at least one added letter.

    By default the letters may be in any order: a result contains ``word``'s letters as a multiset
    plus added letters (an anagram "plus one, plus two..." drill). With ``contiguous=True`` a result
    contains ``word`` as a run of consecutive letters, extended at the front and/or back (a word on
    the board being lengthened). ``rack`` (letters and ``?``) limits the added letters to its tiles;
    ``max_added`` limits how many letters are added. Without either, every such word is returned.
    """
    codes = g.codes(word)
    if max_added is not None and (isinstance(max_added, bool) or not isinstance(max_added, int)
                                  or max_added < 1):
        raise ValueError(f"max_added must be a positive int, got {max_added!r}")
    if rack is not None:
        parsed = parse_rack(g, rack)
        counts: list[int] | None = list(parsed.counts)
        blanks = parsed.blanks
        budget = parsed.size if max_added is None else min(max_added, parsed.size)
    else:
        counts, blanks = None, 0
        budget = max_added if max_added is not None else 1 << 30
    if contiguous:
        return _contiguous_extensions(g, codes, counts, blanks, budget)
    return _multiset_extensions(g, codes, counts, blanks, budget)


def _multiset_extensions(g: Gaddag, codes: list[int], counts: list[int] | None, blanks: int,
                         budget: int) -> list[str]:
    words = g.words
    letters = g.alphabet.letters
    need = [0] * (g.alphabet.size + 1)
    for code in codes:
        need[code] += 1
    required = len(codes)
    max_length = required + budget
    found: list[str] = []
    spelled: list[str] = []

    def take(code: int) -> int:
        """Use one letter: 1 = from the word, 2 = rack tile or free, 3 = blank, 0 = impossible."""
        nonlocal required, blanks, budget
        if need[code]:
            need[code] -= 1
            required -= 1
            return 1
        if not budget:
            return 0
        if counts is None:
            budget -= 1
            return 2
        if counts[code]:
            counts[code] -= 1
            budget -= 1
            return 2
        if blanks:
            blanks -= 1
            budget -= 1
            return 3
        return 0

    def give_back(code: int, how: int) -> None:
        nonlocal required, blanks, budget
        if how == 1:
            need[code] += 1
            required += 1
            return
        budget += 1
        if how == 3:
            blanks += 1
        elif counts is not None:
            counts[code] += 1

    def visit_arc(code: int, arc: int, depth: int, node_after: int) -> None:
        how = take(code)
        if not how:
            return
        spelled.append(letters[code - 1])
        if arc >> 31 and not required and depth > len(codes):
            found.append("".join(spelled))
        if node_after and depth < max_length:
            visit(node_after, depth)
        spelled.pop()
        give_back(code, how)

    def visit(node: int, depth: int) -> None:
        mask = words[node]
        rank = 0
        code = 0
        rest = mask
        while rest:
            if rest & 1:
                rank += 1
                if code:
                    arc = words[node + rank]
                    visit_arc(code, arc, depth + 1, arc & CHILD_MASK)
            rest >>= 1
            code += 1

    root = g.root
    root_mask = words[root]
    rank = 0
    for code in range(g.alphabet.size + 1):
        if root_mask >> code & 1:
            rank += 1
            if code:
                arc = words[root + rank]
                sep = g.arc(arc & CHILD_MASK, 0)
                visit_arc(code, arc, 1, sep & CHILD_MASK if sep >= 0 else 0)
    return _sort(found)


def _contiguous_extensions(g: Gaddag, codes: list[int], counts: list[int] | None, blanks: int,
                           budget: int) -> list[str]:
    words = g.words
    letters = g.alphabet.letters
    core = g.alphabet.decode(codes)
    start = g._walk_reversed(codes)
    if start < 0:
        return []
    found: set[str] = set()

    def take(code: int) -> int:
        nonlocal blanks, budget
        if not budget:
            return 0
        if counts is None:
            budget -= 1
            return 1
        if counts[code]:
            counts[code] -= 1
            budget -= 1
            return 1
        if blanks:
            blanks -= 1
            budget -= 1
            return 2
        return 0

    def give_back(code: int, how: int) -> None:
        nonlocal blanks, budget
        budget += 1
        if how == 2:
            blanks += 1
        elif counts is not None:
            counts[code] += 1

    def arcs(node: int) -> list[tuple[int, int]]:
        """(letter code, arc word) of every letter arc of ``node`` (the separator left out)."""
        mask = words[node]
        out = []
        rank = 0
        for code in range(mask.bit_length()):
            if mask >> code & 1:
                rank += 1
                if code:
                    out.append((code, words[node + rank]))
        return out

    def right(node: int, text: str) -> None:
        for code, arc in arcs(node):
            how = take(code)
            if not how:
                continue
            longer = text + letters[code - 1]
            if arc >> 31:
                found.add(longer)
            if arc & CHILD_MASK:
                right(arc & CHILD_MASK, longer)
            give_back(code, how)

    def left(node: int, front: str) -> None:
        # ``node`` was reached by REV(front + core); either stop extending left (separator) or add
        # one more letter before.
        sep = g.arc(node, 0)
        if sep >= 0:
            right(sep & CHILD_MASK, front + core)
        for code, arc in arcs(node):
            how = take(code)
            if not how:
                continue
            longer = letters[code - 1] + front
            if arc >> 31:
                found.add(longer + core)
            if arc & CHILD_MASK:
                left(arc & CHILD_MASK, longer)
            give_back(code, how)

    left(start & CHILD_MASK, "")
    return _sort(found)
