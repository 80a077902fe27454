"""Word-study engine: ranks and questions against brute force over the word list, and a hand-checked order."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabet import get_alphabet
from engine.gaddag import build_gaddag
from engine.wordstudy import (
    NO,
    YES,
    added_letters,
    alphagram,
    anagram_question,
    draw_ways,
    expand_answer,
    hook_letters,
    hook_question,
    judge,
    phonies,
    phony,
    rank_alphagrams,
    seven_plus_one_question,
    validity_question,
)
from tests.engine.strategies import lexicons

FR = get_alphabet("fr")
LETTERS = "AEIRSTZ"  # vowels and consonants (phonies keep the class), common and rare tiles
SMALL = lexicons(LETTERS, min_size=1, max_size=40, max_length=6)


def brute_ways(letters: str) -> int:
    ways = 1
    for letter, k in Counter(letters).items():
        ways *= comb(FR.counts[letter], k)
    return ways


def contains_multiset(word: str, rack: str) -> bool:
    return not (Counter(rack) - Counter(word))


# -- probability ------------------------------------------------------------------------------------

def test_draw_ways_by_hand():
    # French bag: E 15, A 9, S 6, T 6, Z 1 (blanks left out).
    # EE: C(15,2) = 105.   AE: 9*15 = 135.   ES: 15*6 = 90.   ZZ: C(1,2) = 0 (one Z in the bag).
    # EEE: C(15,3) = 455.  AES: 9*15*6 = 810.  AET: 810 too (T also has 6 tiles).
    assert draw_ways("EE", FR) == 105
    assert draw_ways("AE", FR) == 135
    assert draw_ways("ES", FR) == 90
    assert draw_ways("ZZ", FR) == 0
    assert draw_ways("EEE", FR) == 455
    assert draw_ways("SEA", FR) == draw_ways("AES", FR) == 810


def test_rank_order_by_hand():
    # Two-letter alphagrams of this list: AE (AE is not a word but EA is: 135 ways), EE (105: "EE" is
    # not a word, so it is absent), ES (ES, SE: 90), ET (ET: 15*6 = 90), AZ (ZA: 9*1 = 9).
    # Order: AE 135, then ES and ET tie at 90 and go alphabetically, then AZ 9.
    # Three letters: AES (SEA, AES: 810 ways, 2 words) before EEE... absent; AEZ (ZEA: 9*15*1 = 135).
    g = build_gaddag(["EA", "ES", "SE", "ET", "ZA", "SEA", "AES", "ZEA"], "fr")
    ranked = rank_alphagrams(g, [2, 3, 4])
    assert [(r.alphagram, r.rank, r.ways, r.words) for r in ranked[2]] == [
        ("AE", 1, 135, 1), ("ES", 2, 90, 2), ("ET", 3, 90, 1), ("AZ", 4, 9, 1)]
    assert [(r.alphagram, r.rank, r.ways, r.words) for r in ranked[3]] == [("AES", 1, 810, 2), ("AEZ", 2, 135, 1)]
    assert ranked[4] == []


@settings(max_examples=60, deadline=None)
@given(SMALL)
def test_ranks_equal_brute_force(words):
    g = build_gaddag(words, "fr")
    ranked = rank_alphagrams(g, range(1, 8))
    for length in range(1, 8):
        groups = Counter(alphagram(w) for w in words if len(w) == length)
        expected = sorted(groups, key=lambda a: (-brute_ways(a), a))
        got = ranked[length]
        assert [r.alphagram for r in got] == expected
        assert [r.rank for r in got] == list(range(1, len(expected) + 1))
        assert all(r.ways == brute_ways(r.alphagram) and r.words == groups[r.alphagram] for r in got)


# -- questions --------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(SMALL, st.integers(0, 2), st.randoms(use_true_random=False))
def test_anagram_questions_equal_brute_force(words, blanks, rng):
    g = build_gaddag(words, "fr")
    for key in sorted({alphagram(w) for w in words if len(w) > blanks}):
        question = anagram_question(g, key, blanks, random.Random(rng.random()))
        rack = question.question.replace("?", "")
        assert question.question.count("?") == blanks and contains_multiset(key, rack)
        assert len(rack) + blanks == len(key)
        expected = sorted(w for w in words if len(w) == len(key) and contains_multiset(w, rack))
        assert sorted(question.answers) == expected
        assert question.alphagram == key
        if not blanks:
            assert sorted(question.answers) == sorted(w for w in words if alphagram(w) == key)


@settings(max_examples=60, deadline=None)
@given(SMALL)
def test_hook_questions_equal_brute_force(words):
    g = build_gaddag(words, "fr")
    for word in sorted(words):
        question = hook_question(g, word)
        expected = sorted({w for w in words if len(w) == len(word) + 1 and (w[1:] == word or w[:-1] == word)})
        assert list(question.answers) == expected
        assert question.detail["front"] == "".join(sorted({w[0] for w in words if w[1:] == word}))
        assert question.detail["back"] == "".join(sorted({w[-1] for w in words if w[:-1] == word}))


@settings(max_examples=60, deadline=None)
@given(SMALL)
def test_seven_plus_one_questions_equal_brute_force(words):
    g = build_gaddag(words, "fr")
    for rack in sorted({alphagram(w) for w in words}):
        question = seven_plus_one_question(g, rack)
        expected = sorted(w for w in words if len(w) == len(rack) + 1 and contains_multiset(w, rack))
        assert list(question.answers) == expected
        by_letter = question.detail["by_letter"]
        assert sorted(w for group in by_letter.values() for w in group) == expected
        for letter, group in by_letter.items():
            assert all(Counter(w) - Counter(rack) == Counter(letter) for w in group)


@settings(max_examples=60, deadline=None)
@given(SMALL, st.randoms(use_true_random=False))
def test_phonies_are_plausible_non_words_one_letter_away(words, rng):
    g = build_gaddag(words, "fr")
    for word in sorted(words):
        for fake in phonies(g, word):
            assert fake not in words and len(fake) == len(word)
            changed = [i for i in range(len(word)) if fake[i] != word[i]]
            assert len(changed) == 1
            i = changed[0]
            assert (fake[i] in "AEIOUY") == (word[i] in "AEIOUY")
            assert all(any(fake[j:j + 3] in w for w in words) for j in range(max(1, len(fake) - 2)))
            edge = min(3, len(fake) - 1)
            assert any(w.startswith(fake[:edge]) for w in words)
            assert any(w.endswith(fake[-edge:]) for w in words)
        one = phony(g, word, random.Random(rng.random()))
        assert (one is None) == (not phonies(g, word)) and (one is None or one in phonies(g, word))
        question = validity_question(g, word, random.Random(rng.random()))
        if question.answers == (YES,):
            assert question.question == word
        else:
            assert question.answers == (NO,) and question.question in phonies(g, word)


def test_phonies_of_a_real_list():
    words = ["MAISON", "RAISON", "SAISON", "MAISONS", "POISON", "BAISER", "MOISSON", "TOISON"]
    g = build_gaddag(words, "fr")
    found = phonies(g, "MAISON")
    assert "MOISON" in found  # OI occurs in POISON, TOISON, MOISSON; ends like every ...SON word
    assert "RAISON" not in found and "SAISON" not in found  # real words are never phonies
    assert "MAIZON" not in found  # a Z (10 points) for an S (1 point) gives the phony away


# -- judging ----------------------------------------------------------------------------------------

def test_judge_any_order_any_case_and_repeats():
    g = build_gaddag(["ETE", "BETE", "ETES", "FETE"], "fr")
    question = hook_question(g, "ETE")
    verdict = judge(question, ["etes", "Fête", "ETES", "XETE", ""])
    assert verdict.correct == ("ETES", "FETE")
    assert verdict.missed == ("BETE",)
    assert verdict.wrong == ("XETE",)
    assert not verdict.perfect
    assert judge(question, ["BETE", "ETES", "FETE"]).perfect


def test_judge_validity_yes_no_words():
    g = build_gaddag(["MAISON", "SAISON", "MOISSON"], "fr")
    question = validity_question(g, "MAISON", random.Random(0), phony_share=0.0)
    assert judge(question, ["oui"]).perfect and judge(question, ["yes"]).perfect
    assert judge(question, ["non"]).wrong == (NO,)


# -- answers as French players give them: hooks and 7+1 as letters ------------------------------------

def test_hooks_answered_as_letters_front_and_back():
    g = build_gaddag(["ETE", "BETE", "ETES", "FETE", "TETE"], "fr")
    question = hook_question(g, "ETE")
    assert hook_letters(question) == ("BFT", "S")
    assert judge(question, ["BFT·", "·S"]).perfect
    assert judge(question, ["bft.ete.s"]).perfect and judge(question, ["BFT--S"]).perfect
    assert judge(question, ["B-ETE", "ETE-S", "f*", "t·"]).perfect
    verdict = judge(question, ["B·", "X·", "·Z"])
    assert verdict.correct == ("BETE",) and verdict.wrong == ("X·", "·Z")
    assert set(verdict.missed) == {"FETE", "TETE", "ETES"}
    # Letters alone hook on whichever side they do; words still count as before.
    assert judge(question, ["BF", "T S"]).perfect and judge(question, ["BETE", "FETE", "TETE", "ETES"]).perfect
    assert judge(question, ["K"]).wrong == ("K",)
    assert judge(question, ["B·XYZ·S"]).wrong == ("B·XYZ·S",)  # another word between the marks: wrong as typed


def test_seven_plus_one_answered_as_letters():
    g = build_gaddag(["AIMNOS", "MAISON", "AMINOS", "MAISONS", "AMINOSE", "CAMIONS", "MOINEAUS"], "fr")
    question = seven_plus_one_question(g, "AIMNOS")
    assert added_letters(question) == {"C": ["CAMIONS"], "E": ["AMINOSE"], "S": ["MAISONS"]}
    assert judge(question, ["C", "E", "S"]).perfect and judge(question, ["ces"]).perfect
    assert judge(question, ["+C", "+e", "S+"]).perfect
    verdict = judge(question, ["S", "K"])
    assert verdict.correct == ("MAISONS",) and verdict.wrong == ("+K",)
    assert verdict.missed == ("AMINOSE", "CAMIONS")
    assert judge(question, ["CAMIONS", "MAISONS", "AMINOSE"]).perfect  # words as before
    assert expand_answer(question, "") == [] and expand_answer(question, "   ") == []


def test_letters_longer_than_the_rack_are_letters_and_a_word_stays_a_word():
    g = build_gaddag(["ETE", "BETE", "ETES", "FETE", "TETE"], "fr")
    hooks = hook_question(g, "ETE")
    assert judge(hooks, ["BFTS"]).perfect  # 4 letters, but not ETE with one added: letters
    assert judge(hooks, ["XETE"]).wrong == ("XETE",)  # ETE with one added: a (wrong) word
    g = build_gaddag(["AIN", "AINE", "DAIN", "NAIN", "NIAS", "SAIN"], "fr")
    plus = seven_plus_one_question(g, "AIN")
    assert added_letters(plus) == {"D": ["DAIN"], "E": ["AINE"], "N": ["NAIN"], "S": ["NIAS", "SAIN"]}
    assert judge(plus, ["densk"]).correct == ("AINE", "DAIN", "NAIN", "NIAS", "SAIN")
    assert judge(plus, ["densk"]).wrong == ("+K",)
    assert judge(plus, ["SAIN"]).correct == ("SAIN",)  # the rack plus one letter: a word
