"""Patterns with ``*`` (any run of letters, possibly none) over a :class:`~engine.gaddag.Gaddag`.

Why a walk of its own: a fixed-length pattern (:func:`engine.gaddag.query.pattern`) knows every
position and starts at its rarest letter; with ``*`` the length is open, so the pattern is matched as
a small automaton (one state per pattern token; ``*`` loops on any letter) while walking the words
letter by letter. Two walks, chosen by where the pattern is anchored:

* forward (word read left to right: first letter, separator, the rest) when the pattern starts with a
  letter or a dot, so its first tokens prune from the first step;
* backward (the whole word reversed from the root, no separator: the GADDAG string of a word read
  from its last letter) when it starts with ``*`` but ends with a letter (``*TION``), so the end prunes.

With a rack, letters matched by ``.`` and ``*`` must be tiles of the rack (``?`` = blank): the fixed
letters are on the board, as in the fixed-length query. Results: sorted by (length, alphabetical),
each word once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.alphabet import InvalidWord, fold_word
from engine.gaddag.layout import CHILD_MASK
from engine.gaddag.rack import parse_rack

if TYPE_CHECKING:
    from engine.gaddag.lexicon import Gaddag

STAR = "*"
ANY = "."
MAX_STEPS = 200_000
"""Arcs a walk may read (a second or two in pure Python). On the 420k-word French lexicon "*TION",
"CH*" and "*ER" read under 50k, "A*Z", "E*S" and "*IONS" under 100k; "*" alone or "*A*E*I*O*U*" read
well over a million and are refused with :class:`GlobTooBroad`."""
MAX_DEPTH = 64  # longer than any word a lexicon accepts; guards against a malformed file
_STAR_TOKEN = -1
_ANY_TOKEN = 0


class GlobTooBroad(ValueError):
    """The pattern matches too much of the lexicon to be walked in a request: give more letters."""

    code = "pattern_too_broad"

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        super().__init__(f"pattern {pattern!r} is too broad: give more fixed letters")


def parse_glob(g: Gaddag, pattern: str) -> list[int]:
    """Tokens of a pattern: letter codes, ``0`` for ``.``, ``-1`` for ``*`` (runs of ``*`` merged)."""
    if not isinstance(pattern, str):
        raise TypeError(f"pattern must be str, got {type(pattern).__name__}")
    folded = fold_word(pattern)
    if not folded:
        raise InvalidWord(pattern, "empty pattern", "empty_pattern")
    tokens: list[int] = []
    for ch in folded:
        if ch == STAR:
            if not tokens or tokens[-1] != _STAR_TOKEN:
                tokens.append(_STAR_TOKEN)
            continue
        if ch == ANY:
            tokens.append(_ANY_TOKEN)
            continue
        code = g.alphabet.code_of.get(ch)
        if code is None:
            raise InvalidWord(pattern, f"pattern character {ch!r} is neither a {g.alphabet.language} "
                                       f"letter nor '{ANY}' nor '{STAR}'", "bad_pattern_character", char=ch)
        tokens.append(code)
    return tokens


def _closure(tokens: list[int], state: int) -> list[int]:
    """``state`` and the states reached by skipping ``*`` tokens (a star may match no letter)."""
    states = [state]
    while state < len(tokens) and tokens[state] == _STAR_TOKEN:
        state += 1
        states.append(state)
    return states


def glob(g: Gaddag, pattern: str, rack: str | None = None, *, max_steps: int = MAX_STEPS) -> list[str]:
    """Words matching ``pattern``: ``.`` one letter, ``*`` any run of letters (none included).

    With ``rack``, the letters of the ``.`` and ``*`` positions come from the rack's tiles. A pattern
    that would walk more than ``max_steps`` arcs raises :class:`GlobTooBroad` instead of running on.
    """
    tokens = parse_glob(g, pattern)
    backward = tokens[0] == _STAR_TOKEN and tokens[-1] != _STAR_TOKEN
    if backward:
        tokens = tokens[::-1]
    if rack is not None:
        parsed = parse_rack(g.alphabet, rack)
        counts: list[int] | None = list(parsed.counts)
        blanks = parsed.blanks
    else:
        counts, blanks = None, 0
    rack_counts: list[int] = counts if counts is not None else []  # read by walk_rack only (a rack given)
    letters = g.alphabet.letters
    end = len(tokens)
    found: set[str] = set()
    spelled: list[str] = []
    budget = [max_steps]

    def advance(states: frozenset[int], code: int) -> frozenset[int]:
        """The automaton's states after reading letter ``code`` (without tiles: a set simulation)."""
        nxt: set[int] = set()
        for state in states:
            for current in _closure(tokens, state):
                if current == end:
                    continue
                token = tokens[current]
                if token == _STAR_TOKEN:
                    nxt.add(current)
                elif token in (_ANY_TOKEN, code):
                    nxt.add(current + 1)
        return frozenset(nxt)

    def accepting(states: Iterable[int]) -> bool:
        return any(end in _closure(tokens, state) for state in states)

    def child_of(arc: int, depth: int) -> int:
        child = arc & CHILD_MASK
        if child and not backward and depth == 0:
            sep = g.arc(child, 0)  # forward: after the first letter, cross the separator
            child = sep & CHILD_MASK if sep >= 0 else 0
        return child

    def spend() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise GlobTooBroad(pattern)

    def walk(node: int, depth: int, states: frozenset[int]) -> None:
        """Without a rack: every path once, with the set of states it can be in."""
        for code, arc in g.arcs(node):
            if code == 0:  # the separator: never part of a letters-only walk
                continue
            spend()
            nxt = advance(states, code)
            if not nxt:
                continue
            spelled.append(letters[code - 1])
            if arc >> 31 and accepting(nxt):
                found.add("".join(reversed(spelled)) if backward else "".join(spelled))
            child = child_of(arc, depth)
            if child and depth < MAX_DEPTH:
                walk(child, depth + 1, nxt)
            spelled.pop()

    def walk_rack(node: int, depth: int, state: int) -> None:
        """With a rack: one state per branch, since which token takes a letter decides whether it costs a tile."""
        nonlocal blanks
        for code, arc in g.arcs(node):
            if code == 0:
                continue
            spend()
            for current in _closure(tokens, state):
                if current == end:
                    continue
                token = tokens[current]
                if token == _STAR_TOKEN:
                    nxt = current  # the star eats this letter and may eat more
                elif token in (_ANY_TOKEN, code):
                    nxt = current + 1
                else:
                    continue
                uses_tile = token <= 0
                blank = False
                if uses_tile:
                    if rack_counts[code]:
                        rack_counts[code] -= 1
                    elif blanks:
                        blanks -= 1
                        blank = True
                    else:
                        continue
                spelled.append(letters[code - 1])
                if arc >> 31 and end in _closure(tokens, nxt):
                    found.add("".join(reversed(spelled)) if backward else "".join(spelled))
                child = child_of(arc, depth)
                if child and depth < MAX_DEPTH:
                    walk_rack(child, depth + 1, nxt)
                spelled.pop()
                if uses_tile:
                    if blank:
                        blanks += 1
                    else:
                        rack_counts[code] += 1

    if counts is None:
        walk(g.root, 0, frozenset([0]))
    else:
        walk_rack(g.root, 0, 0)
    return sorted(found, key=lambda w: (len(w), w))
