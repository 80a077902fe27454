"""The lookup selectors behind the pages and the API, checked against brute force over the word list
(an oracle independent of the GADDAG), on random racks, patterns and words."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexicon.selectors import LookupInputError, anagram_lookup, check_words, hooks_lookup, pattern_lookup
from lexicon.services import import_word_list

WORDS = sorted({
    "ANE", "ANES", "CHAT", "CHATS", "CHIEN", "CHIENS", "ETE", "LOUP", "LOUPS", "NIECE", "REINE", "RIEN", "SCIER",
    "SEINE", "TRIER", "ECHAT", "AIRE", "RAIE", "IRAI", "RIA", "AI", "TA", "TE", "ET", "SET", "EST", "TES", "SERA",
    "RASE", "ARES", "ERSATZ", "ZONE", "OZONE", "NOE", "EON", "ONE", "NE", "EN", "AN", "NA", "SA", "AS", "RE",
})
LETTERS = "ACEHILNORSTZ"
pytestmark = pytest.mark.django_db
relaxed = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def lexicon(tmp_path):
    path = tmp_path / "oracle.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return import_word_list(path, name="oracle", language="fr").lexicon


def fits(word: str, rack: str) -> bool:
    """Can ``word`` be spelled with the rack's letters, ``?`` standing for any letter?"""
    have = Counter(rack.replace("?", ""))
    missing = sum((Counter(word) - have).values())
    return missing <= rack.count("?")


def ordered(words) -> list[str]:
    return sorted(words, key=lambda w: (len(w), w))


@relaxed
@given(rack=st.text(alphabet=LETTERS + "?", min_size=1, max_size=7).filter(lambda r: r.count("?") <= 2),
       min_length=st.one_of(st.none(), st.integers(1, 7)))
def test_anagrams(lexicon, rack, min_length):
    if min_length is not None and min_length > len(rack):
        with pytest.raises(LookupInputError, match="number of letters"):
            anagram_lookup(lexicon, rack, min_length)
        return
    expected = [w for w in WORDS if fits(w, rack)
                and (len(w) == len(rack) if min_length is None else min_length <= len(w) <= len(rack))]
    result = anagram_lookup(lexicon, rack, min_length)
    assert result.words == ordered(expected) and result.total == len(expected)


@relaxed
@given(pattern=st.text(alphabet=LETTERS + "..", min_size=1, max_size=6),
       rack=st.one_of(st.none(), st.text(alphabet=LETTERS + "?", min_size=1, max_size=7)
                      .filter(lambda r: r.count("?") <= 2)))
def test_pattern(lexicon, pattern, rack):
    def matches(word: str) -> bool:
        if len(word) != len(pattern) or any(p != "." and p != c for p, c in zip(pattern, word, strict=True)):
            return False
        return rack is None or fits("".join(c for p, c in zip(pattern, word, strict=True) if p == "."), rack)

    assert pattern_lookup(lexicon, pattern, rack).words == ordered(w for w in WORDS if matches(w))


@relaxed
@given(word=st.text(alphabet=LETTERS, min_size=1, max_size=6))
def test_hooks_and_check(lexicon, word):
    hooks = hooks_lookup(lexicon, word)
    assert hooks.front == "".join(sorted({w[0] for w in WORDS if w[1:] == word}))
    assert hooks.back == "".join(sorted({w[-1] for w in WORDS if w[:-1] == word}))
    assert hooks.valid == (word in WORDS)
    assert [c.valid for c in check_words(lexicon, [word, word.lower()])] == [word in WORDS] * 2


@relaxed
@given(pattern=st.text(alphabet=LETTERS + "..**", min_size=1, max_size=6).filter(lambda p: "*" in p),
       rack=st.one_of(st.none(), st.text(alphabet=LETTERS + "?", min_size=1, max_size=7)
                      .filter(lambda r: r.count("?") <= 2)))
def test_pattern_with_stars(lexicon, pattern, rack):
    """'*' is any run of letters (none included); with a rack, every letter not fixed by the pattern is a tile."""
    import re

    regex = re.compile("".join("[A-Z]*" if ch == "*" else "[A-Z]" if ch == "." else ch for ch in pattern))
    fixed = Counter(ch for ch in pattern if ch not in ".*")

    def matches(word: str) -> bool:
        return bool(regex.fullmatch(word)) and (rack is None or fits("".join((Counter(word) - fixed).elements()), rack))

    assert pattern_lookup(lexicon, pattern, rack).words == ordered(w for w in WORDS if matches(w))


@relaxed
@given(rack=st.text(alphabet=LETTERS, min_size=1, max_size=5).map(lambda r: r + "?"),
       min_length=st.one_of(st.none(), st.integers(1, 3)))
def test_anagram_groups_by_the_blank_letter(lexicon, rack, min_length):
    result = anagram_lookup(lexicon, rack, min(min_length, len(rack)) if min_length else None)
    assert sorted(b.word for g in result.groups for b in g.found) == sorted(result.words)
    for group in result.groups:
        for item in group.found:
            assert item.tiles.upper() == item.word
            blank_letters = "".join(ch.upper() for ch in item.tiles if ch.islower())
            assert "".join(sorted(blank_letters)) == group.added
            # the letters shown as real tiles do come from the rack
            assert not Counter(ch for ch in item.tiles if ch.isupper()) - Counter(rack.replace("?", ""))
            assert len(blank_letters) <= 1
