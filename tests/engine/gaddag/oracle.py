"""Brute-force answers over a plain Python set: what every GADDAG query must equal.

Deliberately naive (scan every word, count letters with Counter) so they are obviously right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def sort_words(words: Iterable[str]) -> list[str]:
    return sorted(set(words), key=lambda w: (len(w), w))


def split_rack(rack: str) -> tuple[Counter[str], int]:
    return Counter(rack.replace("?", "")), rack.count("?")


def formable(letters: Iterable[str], rack: str) -> bool:
    """Can these letters be played from the rack, blanks standing for any letter?"""
    counts, blanks = split_rack(rack)
    need = Counter(letters)
    return sum(max(0, n - counts[c]) for c, n in need.items()) <= blanks


def anagrams(lexicon: set[str], rack: str, min_length: int | None = None) -> list[str]:
    lo = len(rack) if min_length is None else min_length
    return sort_words(w for w in lexicon if lo <= len(w) <= len(rack) and formable(w, rack))


def pattern(lexicon: set[str], pat: str, rack: str | None = None, fixed_from_rack: bool = False) -> list[str]:
    out = []
    for w in lexicon:
        if len(w) != len(pat) or any(p != "." and p != c for p, c in zip(pat, w, strict=True)):
            continue
        if rack is not None:
            used = w if fixed_from_rack else [c for p, c in zip(pat, w, strict=True) if p == "."]
            if not formable(used, rack):
                continue
        out.append(w)
    return sort_words(out)


def front_hooks(lexicon: set[str], word: str, letters: str) -> str:
    return "".join(x for x in letters if x + word in lexicon)


def back_hooks(lexicon: set[str], word: str, letters: str) -> str:
    return "".join(x for x in letters if word + x in lexicon)


def extensions(lexicon: set[str], word: str, rack: str | None = None, max_added: int | None = None,
               contiguous: bool = False) -> list[str]:
    out = []
    for v in lexicon:
        added = len(v) - len(word)
        if added < 1 or (max_added is not None and added > max_added):
            continue
        if contiguous:
            rests = [v[:i] + v[i + len(word):] for i in range(added + 1) if v[i:i + len(word)] == word]
        else:
            extra = Counter(v)
            extra.subtract(word)
            rests = [] if any(n < 0 for n in extra.values()) else [list(extra.elements())]
        if any(rack is None or formable(rest, rack) for rest in rests):
            out.append(v)
    return sort_words(out)


def gaddag_strings(lexicon: set[str]) -> set[str]:
    """Gordon's strings, with '>' as the separator: REV(W[:i]) > W[i:], and REV(W) alone."""
    out = set()
    for w in lexicon:
        for i in range(1, len(w)):
            out.add(w[:i][::-1] + ">" + w[i:])
        out.add(w[::-1])
    return out


def glob(lexicon: set[str], pat: str, rack: str | None = None) -> list[str]:
    """Patterns with ``*``: a regular expression per pattern ('.' one letter, '*' any run, none included).

    With a rack, the tiles used are the word's letters minus the pattern's fixed letters: every fixed
    letter matches exactly one letter of the word wherever the stars fall, so that multiset is the same
    for every way the pattern matches.
    """
    import re

    regex = re.compile("".join("[A-Z]*" if ch == "*" else "[A-Z]" if ch == "." else ch for ch in pat))
    fixed = Counter(ch for ch in pat if ch not in ".*")
    out = [w for w in lexicon if regex.fullmatch(w)
           and (rack is None or formable((Counter(w) - fixed).elements(), rack))]
    return sort_words(out)
