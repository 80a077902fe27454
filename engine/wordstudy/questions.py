"""Quiz questions and their answers, read from the compiled lexicon, and the judging of answers.

Four kinds (the stable names below are used by the API):

* ``anagrams``: an alphagram → every word it spells; with ``blanks`` (1 or 2), that many of its
  letters are replaced by ``?`` and the answers are every word of the same length the rack spells;
* ``hooks``: a word → the words made by adding one letter in front (front hooks) or at the end
  (back hooks), e.g. ``ETE`` → ``BETE``, ``ETES``;
* ``seven_plus_one``: a rack (7 letters usually) → the words one letter longer that contain it,
  grouped by the added letter;
* ``validity``: a word, or a plausible phony made from one (see :func:`phonies`) → ``YES`` / ``NO``.

Each :class:`Question` carries ``alphagram``, the key of the learner's card box: the alphagram the
question was drawn from.

Anagrams with blanks and 7+1 take an optional :class:`~engine.wordstudy.index.AlphagramIndex`: the
same answers by a few dozen (one blank, 7+1) or 351 (two blanks) exact look-ups instead of a GADDAG
search. Without one (or for a rack the index does not take) the GADDAG answers: it is the specification.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.alphabet import BLANK, fold_word
from engine.gaddag.layout import CHILD_MASK
from engine.wordstudy.probability import alphagram as alphagram_of

if TYPE_CHECKING:
    from engine.gaddag import Gaddag
    from engine.wordstudy.index import AlphagramIndex

KINDS = ("anagrams", "hooks", "seven_plus_one", "validity")
YES = "YES"
NO = "NO"
VOWELS = frozenset("AEIOUY")
PLAIN_TILE_VALUE = 3
_YES_WORDS = frozenset({"YES", "Y", "OUI", "O", "VALID", "VALIDE", "TRUE", "1", "+"})
_NO_WORDS = frozenset({"NO", "N", "NON", "PHONY", "FAUX", "INVALID", "INVALIDE", "FALSE", "0", "-"})


@dataclass(frozen=True)
class Question:
    kind: str
    question: str  # what the learner sees
    alphagram: str  # the card-box key
    answers: tuple[str, ...]  # every expected answer, sorted
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.answers)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "question": self.question, "alphagram": self.alphagram,
                "answers": list(self.answers), "detail": self.detail}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        return cls(data["kind"], data["question"], data["alphagram"], tuple(data["answers"]),
                   dict(data.get("detail") or {}))


def anagram_question(g: Gaddag, alphagram: str, blanks: int = 0, rng: random.Random | None = None, *,
                     index: AlphagramIndex | None = None) -> Question:
    """``alphagram`` → its words; with ``blanks``, that many of its letters (chosen by ``rng``) become ``?``.

    ``index``: look the words up there instead of searching the GADDAG (same answers, same use of ``rng``).
    """
    if blanks not in (0, 1, 2):
        raise ValueError(f"blanks must be 0, 1 or 2, got {blanks!r}")
    if blanks >= len(alphagram):
        raise ValueError(f"a rack of {len(alphagram)} letters cannot hold {blanks} blanks")
    letters = list(alphagram)
    if blanks:
        rng = rng or random.Random(alphagram)
        for position in sorted(rng.sample(range(len(letters)), blanks), reverse=True):
            del letters[position]
    kept = "".join(letters)
    rack = kept + BLANK * blanks
    if index is not None and index.covers(len(alphagram)) and index.spells(kept):
        words = tuple(index.with_blanks(kept, blanks))
    else:
        words = tuple(g.anagrams(rack))
    return Question("anagrams", rack, alphagram, words, {"blanks": blanks})


def hook_question(g: Gaddag, word: str) -> Question:
    """``word`` → its hooked words (front hooks first, then back hooks, each alphabetical)."""
    front = g.front_hooks(word)
    back = g.back_hooks(word)
    answers = sorted({letter + word for letter in front} | {word + letter for letter in back})
    return Question("hooks", word, alphagram_of(word), tuple(answers), {"front": front, "back": back})


def seven_plus_one_question(g: Gaddag, rack: str, *, index: AlphagramIndex | None = None) -> Question:
    """``rack`` → the words one letter longer that hold it, grouped by the added letter in ``detail``.

    ``index``: look the words up there (26 look-ups) instead of searching the GADDAG (same answers).
    """
    rack = alphagram_of(rack)
    if index is not None and index.covers(len(rack) + 1) and index.spells(rack):
        by_letter = index.plus_one(rack)
        words = [word for group in by_letter.values() for word in group]
    else:
        words = [w for w in g.anagrams(rack + BLANK) if len(w) == len(rack) + 1]
        by_letter = {}
        own = Counter(rack)
        for word in words:
            (added,) = (Counter(word) - own).elements()
            by_letter.setdefault(added, []).append(word)
    return Question("seven_plus_one", rack, rack, tuple(sorted(words)),
                    {"by_letter": {letter: by_letter[letter] for letter in sorted(by_letter)}})


def validity_question(g: Gaddag, word: str, rng: random.Random, phony_share: float = 0.5) -> Question:
    """``word`` itself (answer ``YES``) or, with probability ``phony_share``, one of its phonies (``NO``).

    A word without a plausible phony is always asked as itself.
    """
    if rng.random() < phony_share:
        fake = phony(g, word, rng)
        if fake is not None:
            return Question("validity", fake, alphagram_of(word), (NO,), {"word": word})
    return Question("validity", word, alphagram_of(word), (YES,), {"word": word})


# -- phonies ------------------------------------------------------------------------------------------

def phonies(g: Gaddag, word: str) -> list[str]:
    """Plausible non-words made from ``word`` by changing one letter (sorted).

    Plausible means: a vowel replaced by a vowel or a consonant by a consonant, by a letter no rarer
    than the one it replaces or than a 3-point tile (a Z or a K gives a phony away), the result is not a
    word of the lexicon, and it passes :func:`pronounceable` (its letter sequences all occur in real
    words). That is what makes a phony hard: it looks like the words around it.
    """
    return sorted({c for c in _candidates(g, word) if _plausible(g, c)})


def phony(g: Gaddag, word: str, rng: random.Random) -> str | None:
    """One of :func:`phonies` chosen by ``rng`` (None when there is none), testing candidates in a random
    order and stopping at the first plausible one: a quiz needs one phony, not all of them."""
    candidates = sorted(set(_candidates(g, word)))
    rng.shuffle(candidates)
    return next((c for c in candidates if _plausible(g, c)), None)


def _candidates(g: Gaddag, word: str) -> list[str]:
    letters = g.alphabet.letters
    values = g.alphabet.values
    found: list[str] = []
    for index, current in enumerate(word):
        vowel = current in VOWELS
        rarest = max(values[current], PLAIN_TILE_VALUE)
        for letter in letters:
            if letter == current or (letter in VOWELS) != vowel or values[letter] > rarest:
                continue
            found.append(word[:index] + letter + word[index + 1:])
    return found


def _plausible(g: Gaddag, candidate: str) -> bool:
    return not g.contains(candidate) and pronounceable(g, candidate)


def pronounceable(g: Gaddag, text: str) -> bool:
    """True when ``text``'s first three letters begin a word, its last three end a word (two of each for
    a three-letter text), and every run of three letters occurs inside some word of the lexicon.

    The GADDAG answers each test in a few steps: reading ``REV(s)`` from the root succeeds exactly
    when ``s`` occurs inside a word; a separator after ``REV(prefix)`` means a word starts with it.
    """
    codes = g.codes(text)
    if len(codes) < 2:
        return False
    for start in range(max(1, len(codes) - 2)):
        if g.walk_reversed(codes[start:start + 3]) < 0:
            return False
    edge = min(3, len(codes) - 1)
    return _starts_a_word(g, codes[:edge]) and _ends_a_word(g, codes[-edge:])


def _starts_a_word(g: Gaddag, codes: list[int]) -> bool:
    arc = g.walk_reversed(codes)
    return arc >= 0 and (arc >> 31 == 1 or g.arc(arc & CHILD_MASK, 0) >= 0)


def _ends_a_word(g: Gaddag, codes: list[int]) -> bool:
    """Some word ends with ``codes``: after ``REV(codes)``, an accepting path without the separator."""
    arc = g.walk_reversed(codes)
    if arc < 0:
        return False
    if arc >> 31:
        return True
    stack = [arc & CHILD_MASK]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if not node or node in seen:
            continue
        seen.add(node)
        for code, child in g.arcs(node):
            if code == 0:
                continue
            if child >> 31:
                return True
            stack.append(child & CHILD_MASK)
    return False


# -- judging ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    correct: tuple[str, ...]  # expected answers given
    missed: tuple[str, ...]  # expected answers not given
    wrong: tuple[str, ...]  # given answers that are not expected

    @property
    def perfect(self) -> bool:
        return not self.missed and not self.wrong


def normalise_answer(kind: str, text: str) -> str:
    """An answer as typed → the form answers are stored in (upper case, accents folded; YES/NO for validity)."""
    folded = fold_word(text).replace(" ", "")
    if kind == "validity":
        if folded in _YES_WORDS:
            return YES
        if folded in _NO_WORDS:
            return NO
    return folded


HOOK_MARK = "·"
"""Where the word stands in a hook answer written as letters: ``B·`` a front hook, ``·S`` a back hook,
``BF·ETE·S`` both (typed as ``·``, ``.``, ``-``, ``_`` or ``*``)."""
_MARKS = str.maketrans({".": HOOK_MARK, "-": HOOK_MARK, "_": HOOK_MARK, "*": HOOK_MARK, "•": HOOK_MARK})


def hook_letters(question: Question) -> tuple[str, str]:
    """The front and back hook letters of a hooks question (sorted), read from its answers."""
    word = question.question
    front = sorted({a[0] for a in question.answers if len(a) == len(word) + 1 and a[1:] == word})
    back = sorted({a[-1] for a in question.answers if len(a) == len(word) + 1 and a[:-1] == word})
    return "".join(front), "".join(back)


def added_letters(question: Question) -> dict[str, list[str]]:
    """A 7+1 question's answers grouped by the letter each adds to the rack (letters sorted)."""
    own = Counter(question.question)
    groups: dict[str, list[str]] = {}
    for word in question.answers:
        extra = list((Counter(word) - own).elements())
        if len(extra) == 1:
            groups.setdefault(extra[0], []).append(word)
    return {letter: groups[letter] for letter in sorted(groups)}


def expand_answer(question: Question, text: str) -> list[str]:
    """What one typed answer stands for, as the expected answers are written (see :func:`judge`).

    Words are read as they always were. French players also answer with letters:

    * **hooks**: ``B·`` (a front hook), ``·S`` (a back hook), ``BF·ETE·S`` or ``BF··S`` (both sides);
      letters typed alone (at most the word's length + 1, and not the word with one letter added) hook on
      whichever side they do. Each letter stands for its hooked word; a letter that hooks nowhere is wrong,
      written with its side (``X·``, ``·X``) or alone.
    * **7+1**: letters (``A``, ``AES``, ``+A +E``) stand for every word each makes with the rack; a letter
      that makes none is wrong, written ``+K``. A token as long as the answers that holds the whole rack is
      read as a word.
    """
    raw = (text or "").strip().translate(_MARKS)
    if question.kind == "hooks" and raw:
        word = question.question
        front, back = hook_letters(question)
        if HOOK_MARK in raw:
            parts = [fold_word(part).replace(" ", "") for part in raw.split(HOOK_MARK)]
            if len(parts) == 2:
                before, after = parts
                if before == word:
                    before = ""
                elif after == word:
                    after = ""
            else:
                before, after = parts[0], parts[-1]
                if any(part not in ("", word) for part in parts[1:-1]):
                    return [fold_word(raw).replace(" ", "")]  # not a hook answer: wrong as typed
            return ([word_ for letter in before for word_ in ([letter + word] if letter in front
                                                              else [letter + HOOK_MARK])]
                    + [word_ for letter in after for word_ in ([word + letter] if letter in back
                                                               else [HOOK_MARK + letter])])
        folded = fold_word(raw).replace(" ", "")
        as_word = len(folded) == len(word) + 1 and word in (folded[1:], folded[:-1])
        if not as_word and 0 < len(folded) <= len(word) + 1 and folded.isalpha():
            out: list[str] = []
            for letter in folded:
                hooked = ([letter + word] if letter in front else []) + ([word + letter] if letter in back else [])
                out.extend(hooked or [letter])
            return out
        return [folded]
    if question.kind == "seven_plus_one" and raw:
        folded = fold_word(raw).replace(" ", "").replace("+", "")
        rack = Counter(question.question)
        as_word = len(folded) == len(question.question) + 1 and not rack - Counter(folded)
        if not as_word and folded.isalpha():
            groups = added_letters(question)
            out = []
            for letter in folded:
                out.extend(groups.get(letter) or ["+" + letter])
            return out
        return [folded]
    answer = normalise_answer(question.kind, text)
    return [answer] if answer else []


def judge(question: Question, given: Iterable[str]) -> Verdict:
    """Compare ``given`` (typed text, any case, any order, repeats ignored) with the expected answers.

    Hooks and 7+1 may be answered with letters (:func:`expand_answer`): ``·S`` stands for the word with
    its back hook S, ``A`` in a 7+1 for every word the rack makes with an A."""
    expected = set(question.answers)
    answers: list[str] = []
    for text in given:
        for answer in expand_answer(question, text):
            if answer and answer not in answers:
                answers.append(answer)
    correct = tuple(sorted(a for a in answers if a in expected))
    wrong = tuple(a for a in answers if a not in expected)
    missed = tuple(sorted(expected - set(answers)))
    return Verdict(correct, missed, wrong)
