"""Patterns with ``*`` (any run of letters, possibly none) over a :class:`~engine.gaddag.Gaddag`.

Why a walk of its own: a fixed-length pattern (:func:`engine.gaddag.query.pattern`) knows every
position and starts at its rarest letter; with ``*`` the length is open, so the pattern is matched as
a small automaton (one state per pattern token; ``*`` loops on any letter) while walking the words
letter by letter.

Without a rack, the walk starts inside the word, at the pattern's longest run of fixed letters (see
:func:`_anchored`): ``*ZZ*`` reads ``Z``, ``Z`` from the root and only the words holding ``ZZ``
(on the 420k-word French lexicon, under 1 ms where a walk over every word was refused after 0.24 s;
``bench/glob.py``). The automaton is made deterministic as it goes, one table look-up per arc.
With a rack, two walks, chosen by where the pattern is anchored:

* forward (word read left to right: first letter, separator, the rest) when the pattern starts with a
  letter or a dot, so its first tokens prune from the first step;
* backward (the whole word reversed from the root, no separator: the GADDAG string of a word read
  from its last letter) when it starts with ``*`` but ends with a letter (``*TION``), so the end prunes.

With a rack, letters matched by ``.`` and ``*`` must be tiles of the rack (``?`` = blank): the fixed
letters are on the board, as in the fixed-length query. Results: sorted by (length, alphabetical),
each word once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.alphabet import InvalidWord, fold_word
from engine.gaddag.layout import CHILD_MASK
from engine.gaddag.rack import parse_rack

if TYPE_CHECKING:
    from engine.gaddag.lexicon import Gaddag

STAR = "*"
ANY = "."
MAX_STEPS = 200_000
"""Arcs a walk may read (about 0.15 s of CPU in pure Python). On the 420k-word French lexicon "*TION",
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
    if rack is None:
        return _anchored(g, tokens, pattern, max_steps)
    backward = tokens[0] == _STAR_TOKEN and tokens[-1] != _STAR_TOKEN
    if backward:
        tokens = tokens[::-1]
    parsed = parse_rack(g.alphabet, rack)
    counts = list(parsed.counts)
    blanks = parsed.blanks
    letters = g.alphabet.letters
    end = len(tokens)
    found: set[str] = set()
    spelled: list[str] = []
    budget = [max_steps]

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
                    if counts[code]:
                        counts[code] -= 1
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
                        counts[code] += 1

    walk_rack(g.root, 0, 0)
    return sorted(found, key=lambda w: (len(w), w))


class _Automaton:
    """The pattern's tokens as a deterministic automaton built as the walk needs it: state 0 is the
    start, ``step(state, code)`` the next state (``-1``: no match possible), ``accepts[state]``."""

    def __init__(self, tokens: list[int], codes: int) -> None:
        self.tokens = tokens
        self.codes = codes
        self.ids: dict[frozenset[int], int] = {}
        self.sets: list[frozenset[int]] = []
        self.table: list[list[int]] = []
        self.accepts: list[bool] = []
        self._state(frozenset(_closure(tokens, 0)))

    def _state(self, states: frozenset[int]) -> int:
        found = self.ids.get(states)
        if found is None:
            found = self.ids[states] = len(self.sets)
            self.sets.append(states)
            self.table.append([-2] * self.codes)
            self.accepts.append(len(self.tokens) in states)
        return found

    def step(self, state: int, code: int) -> int:
        nxt = self.table[state][code]
        if nxt == -2:
            tokens, end = self.tokens, len(self.tokens)
            reached: set[int] = set()
            for current in self.sets[state]:
                if current == end:
                    continue
                token = tokens[current]
                if token == _STAR_TOKEN:
                    reached.update(_closure(tokens, current))
                elif token in (_ANY_TOKEN, code):
                    reached.update(_closure(tokens, current + 1))
            nxt = self._state(frozenset(reached)) if reached else -1
            self.table[state][code] = nxt
        return nxt


def _anchor(tokens: list[int]) -> int:
    """Where to split the pattern for the GADDAG walk: just after the run of fixed tokens (letters and
    dots between stars) that holds the most letters, so the walk starts by reading that run (reversed)
    from the root. 0 when the pattern has no letter at all (``*``, ``.*.``): then the first run."""
    best, best_letters, start = 0, -1, 0
    for i in range(len(tokens) + 1):
        if i == len(tokens) or tokens[i] == _STAR_TOKEN:
            run = tokens[start:i]
            letters = sum(1 for t in run if t > 0)
            if run and letters > best_letters:
                best, best_letters = i, letters
            start = i + 1
    return best if best_letters >= 0 else len(tokens)


def _anchored(g: Gaddag, tokens: list[int], pattern: str, max_steps: int) -> list[str]:
    """Words matching ``tokens`` with no rack, read the GADDAG's way around one split of the pattern.

    A GADDAG holds each word ``w`` once per split ``i``: ``reverse(w[:i])``, the separator, ``w[i:]``
    (``reverse(w)`` alone for the last split). The pattern is cut after its most telling run of fixed
    letters (``*ZZ*`` → ``*ZZ`` | ``*``): the walk reads the first part reversed (so it starts with
    ``Z``, ``Z`` from the root and prunes at once), may cross the separator wherever that part is
    complete, then reads the second part forward. A word is a match when one split matches both parts;
    a word matched at several splits is kept once. Each tested arc counts against ``max_steps``.
    """
    cut = _anchor(tokens)
    codes = len(g.alphabet.letters) + 1
    before = _Automaton(tokens[:cut][::-1], codes)
    after = _Automaton(tokens[cut:], codes)
    after_empty = after.accepts[0]
    letters = g.alphabet.letters
    found: set[str] = set()
    spelled: list[str] = []
    budget = max_steps
    arcs = g.arcs

    def forward(node: int, state: int, depth: int) -> None:
        nonlocal budget
        step, accepts = after.step, after.accepts
        for code, arc in arcs(node):
            if not code:
                continue
            budget -= 1
            if budget < 0:
                raise GlobTooBroad(pattern)
            nxt = step(state, code)
            if nxt < 0:
                continue
            spelled.append(letters[code - 1])
            if arc >> 31 and accepts[nxt]:
                found.add("".join(spelled))
            child = arc & CHILD_MASK
            if child and depth < MAX_DEPTH:
                forward(child, nxt, depth + 1)
            spelled.pop()

    prefix: list[str] = []

    def backward(node: int, state: int, depth: int) -> None:
        nonlocal budget
        step, accepts = before.step, before.accepts
        for code, arc in arcs(node):
            budget -= 1
            if budget < 0:
                raise GlobTooBroad(pattern)
            if not code:  # the separator: the first part must be complete here
                if depth and accepts[state]:
                    child = arc & CHILD_MASK
                    if child:
                        spelled.extend(reversed(prefix))
                        forward(child, 0, depth)
                        del spelled[:]
                continue
            nxt = step(state, code)
            if nxt < 0:
                continue
            prefix.append(letters[code - 1])
            if arc >> 31 and after_empty and accepts[nxt]:
                found.add("".join(reversed(prefix)))
            child = arc & CHILD_MASK
            if child and depth < MAX_DEPTH:
                backward(child, nxt, depth + 1)
            prefix.pop()

    backward(g.root, 0, 0)
    return sorted(found, key=lambda w: (len(w), w))
