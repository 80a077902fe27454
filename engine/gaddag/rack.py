"""Racks as user text: letters (any case, accents folded) and ``?`` for blanks.

Shared by every rack query (anagrams, patterns, extensions) so they accept and refuse the same text.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.alphabet import BLANK, Alphabet, InvalidWord, fold_word


class Rack(NamedTuple):
    counts: list[int]  # index = letter code (index 0 unused)
    blanks: int

    @property
    def size(self) -> int:
        return sum(self.counts) + self.blanks


def parse_rack(alphabet: Alphabet, rack: str) -> Rack:
    """Letter counts and blank count of user text such as ``"eaü?"``; an empty rack is an error."""
    if not isinstance(rack, str):
        raise TypeError(f"rack must be str, got {type(rack).__name__}")
    blanks = rack.count(BLANK)
    letters = rack.replace(BLANK, "")
    counts = [0] * (alphabet.size + 1)
    if letters.strip():
        folded = fold_word(letters)
        for ch in folded:
            code = alphabet.code_of.get(ch)
            if code is None:
                raise InvalidWord(rack, f"rack character {ch!r} is neither a {alphabet.language} letter nor '?'",
                                  "bad_rack_character", char=ch)
            counts[code] += 1
    elif letters:
        raise InvalidWord(rack, f"rack character {letters[0]!r} is neither a letter nor '?'", "bad_rack_character",
                          char=letters[0])
    if not blanks and not any(counts):
        raise InvalidWord(rack, "empty rack", "empty_rack")
    return Rack(counts, blanks)
