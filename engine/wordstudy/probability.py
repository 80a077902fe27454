"""How likely a rack is: the number of ways to draw its tiles from the full bag of its language.

Why a count of ways and not a float: it is exact (ties are real ties, so ranks do not depend on
rounding) and it is what word-study tools rank by. Blanks are left out of the bag on purpose: a
rack of letters is asked about, and counting blanks as jokers would make every rack likelier by
amounts that depend on the other letters, which no player reasons with.

For an alphagram whose letter ``L`` occurs ``k`` times, with ``n_L`` tiles ``L`` in the bag::

    ways = product over letters L of C(n_L, k)

(``C(n, k) = 0`` when ``k > n``: a rack the bag cannot hold has no way to be drawn.)
"""

from __future__ import annotations

from collections import Counter
from math import comb

from engine.alphabet import Alphabet


def alphagram(word: str) -> str:
    """The letters of ``word`` (normalised upper case) in alphabetical order."""
    return "".join(sorted(word))


def draw_ways(letters: str, alphabet: Alphabet) -> int:
    """Ways to draw the tiles ``letters`` (normalised, any order) from ``alphabet``'s bag, blanks left out."""
    ways = 1
    counts = alphabet.counts
    for letter, k in Counter(letters).items():
        ways *= comb(counts.get(letter, 0), k)
        if not ways:
            return 0
    return ways
