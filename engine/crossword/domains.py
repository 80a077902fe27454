"""Bitset domains: every word of one length gets an index, a domain is a Python ``int``.

Why bitsets: the search shrinks and restores domains at every node. With one ``int`` per domain a
shrink is a single ``&`` (done in C over machine words), a restore is putting the old ``int`` back
(ints are immutable, so the undo trail just keeps references: nothing is ever copied), and a size is
``int.bit_count()``.

Words of a length are indexed by *decreasing quality*, so the best word of a domain is its lowest set
bit and "words scoring at least X" is a prefix mask ``(1 << k) - 1``. Masks per (position, letter)
are precomputed once per length: ``masks[pos][letter]`` has bit ``i`` set when word ``i`` has
``letter`` at ``pos``. Letters are 0..25 (``A``..``Z``); a set of letters is a 26-bit int.
"""

from __future__ import annotations

from collections.abc import Sequence

ALL_LETTERS = (1 << 26) - 1
_A = ord("A")
_CODE_OF_LETTER = bytes((b - _A) % 256 for b in range(256))
"""``bytes.translate`` table: ASCII ``A``..``Z`` → 0..25 (a word's codes in one C call)."""


def letter_code(ch: str) -> int:
    return ord(ch) - _A


def letters_of(mask: int) -> str:
    """``0b101`` -> ``"AC"``: a letter set shown as text (for messages and tests)."""
    return "".join(chr(_A + i) for i in range(26) if mask >> i & 1)


class LengthIndex:
    """The words of one length, best first, with their (position, letter) masks."""

    __slots__ = ("length", "words", "scores", "codes", "masks", "full", "_position")

    def __init__(self, length: int, words: Sequence[str], scores: Sequence[float]) -> None:
        """``words`` must already be ordered best first (see :func:`order_by_score`)."""
        if len(words) != len(scores):
            raise ValueError("words and scores differ in length")
        for w in words:
            if len(w) != length:
                raise ValueError(f"word {w!r} does not have {length} letters")
        self._fill(length, list(words), list(scores), "".join(words))

    @classmethod
    def from_fixed_width(cls, length: int, text: str, scores: Sequence[float],
                         masks: list[list[int]] | None = None) -> LengthIndex:
        """The index of the words of ``text``: ``length``-letter words (A-Z) back to back, best first.

        The crossword word cache stores each length this way, with its ``masks`` (as :attr:`masks`):
        slicing one string costs a fraction of building every word's codes and masks one by one
        (see :mod:`.wordcache`).
        """
        if len(text) != length * len(scores):
            raise ValueError(f"{len(text)} letters are not {len(scores)} words of {length}")
        if masks is not None and (len(masks) != length or any(len(m) != 26 for m in masks)):
            raise ValueError(f"masks for {length} positions of 26 letters expected")
        index = cls.__new__(cls)
        index._fill(length, [text[i:i + length] for i in range(0, len(text), length)], list(scores), text,
                    masks)
        return index

    def _fill(self, length: int, words: list[str], scores: list[float], text: str,
              masks: list[list[int]] | None = None) -> None:
        self.length = length
        self.words: list[str] = words
        self.scores: list[float] = scores
        codes = text.encode("ascii").translate(_CODE_OF_LETTER)
        self.codes: list[bytes] = [codes[i:i + length] for i in range(0, len(codes), length)]
        self._position: dict[str, int] | None = None
        self.full = (1 << len(words)) - 1
        self.masks: list[list[int]] = masks if masks is not None else [
            self._column_masks(text[pos::length]) for pos in range(length)]

    @staticmethod
    def _column_masks(letters: str) -> list[int]:
        # ``letters``: the letter of every word at one position, word 0 first. Reversed so that word 0
        # is the lowest bit; for each letter, translate to a '0'/'1' string and parse base 2 (linear, in C).
        column = letters[::-1]
        present = set(column)
        zeros = {ord(c): "0" for c in present}
        masks = []
        for code in range(26):
            ch = chr(_A + code)
            if ch not in present:
                masks.append(0)
                continue
            masks.append(int(column.translate({**zeros, ord(ch): "1"}), 2))
        return masks

    def __len__(self) -> int:
        return len(self.words)

    def position(self, word: str) -> int | None:
        if self._position is None:  # made on first use: only theme words and extra sources ask
            self._position = {w: i for i, w in enumerate(self.words)}
        return self._position.get(word)

    def prefix_at_least(self, min_score: float) -> int:
        """Mask of the words scoring at least ``min_score`` (a prefix, words being best first)."""
        lo, hi = 0, len(self.scores)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.scores[mid] >= min_score:
                lo = mid + 1
            else:
                hi = mid
        return (1 << lo) - 1

    def pattern_mask(self, pattern: str) -> int:
        """Words matching ``pattern`` (``.`` any letter): the seed's node consistency, as one AND each."""
        if len(pattern) != self.length:
            return 0
        mask = self.full
        for pos, ch in enumerate(pattern):
            if ch != ".":
                code = ord(ch) - _A
                if not 0 <= code < 26:
                    return 0
                mask &= self.masks[pos][code]
        return mask

    def letters(self, domain: int, pos: int, among: int = ALL_LETTERS) -> int:
        """Letters (26-bit set) that some word of ``domain`` has at ``pos``, looking only ``among``."""
        masks = self.masks[pos]
        found = 0
        while among:
            low = among & -among
            code = low.bit_length() - 1
            if domain & masks[code]:
                found |= low
            among ^= low
        return found

    def with_letters(self, pos: int, letters: int) -> int:
        """Mask of the words whose letter at ``pos`` is in ``letters``."""
        masks = self.masks[pos]
        result = 0
        while letters:
            low = letters & -letters
            result |= masks[low.bit_length() - 1]
            letters ^= low
        return result

    def without_letters(self, pos: int, letters: int) -> int:
        """Mask of the words whose letter at ``pos`` is NOT in ``letters`` (cheap when few letters)."""
        return self.full & ~self.with_letters(pos, letters)

    def members(self, domain: int, limit: int | None = None) -> list[int]:
        """Word indices in ``domain``, best first (at most ``limit``)."""
        out: list[int] = []
        while domain and (limit is None or len(out) < limit):
            low = domain & -domain
            out.append(low.bit_length() - 1)
            domain ^= low
        return out

    def words_of(self, domain: int, limit: int | None = None) -> list[str]:
        return [self.words[i] for i in self.members(domain, limit)]

    def extended(self, words: Sequence[str], scores: Sequence[float]) -> LengthIndex:
        """A copy with extra words appended after all others (lowest priority): for pluggable sources.

        Appending keeps every existing index valid, so masks built for this run stay meaningful.
        """
        given = dict(zip(words, scores, strict=True))
        new = sorted((w for w in given if self.position(w) is None), key=lambda w: (-given[w], w))
        # Clamp so scores stay non-increasing: prefix masks (thresholds) remain exact.
        floor = self.scores[-1] if self.scores else 0.0
        extra_scores = [min(given[w], floor) for w in new]
        return LengthIndex(self.length, self.words + new, self.scores + extra_scores)


def order_by_score(words: Sequence[str], scores: Sequence[float]) -> tuple[list[str], list[float]]:
    """Best first, ties alphabetical: the order that makes lowest bit = best word."""
    pairs = sorted(zip(words, scores, strict=True), key=lambda p: (-p[1], p[0]))
    return [p[0] for p in pairs], [p[1] for p in pairs]
