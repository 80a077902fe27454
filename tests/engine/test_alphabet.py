"""Language data and word normalisation (engine.alphabet)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.alphabet import (
    ALPHABETS,
    BLANK,
    LANGUAGES,
    SEPARATOR_CODE,
    InvalidWord,
    fold_word,
    get_alphabet,
)


def test_languages():
    assert LANGUAGES == ("fr", "en")
    assert get_alphabet("fr") is ALPHABETS["fr"]
    with pytest.raises(ValueError, match="unknown language 'xx'; expected one of fr, en"):
        get_alphabet("xx")


def test_french_bag():
    fr = get_alphabet("fr")
    assert fr.bag_size == 102 and fr.blanks == 2
    assert (fr.counts["E"], fr.counts["A"], fr.counts["I"]) == (15, 9, 8)
    assert {c for c, v in fr.values.items() if v == 10} == set("KWXYZ")
    assert fr.values["J"] == fr.values["Q"] == 8
    assert sum(fr.counts.values()) == 100
    assert sum(fr.values[c] * n for c, n in fr.counts.items()) == 197


def test_english_bag():
    en = get_alphabet("en")
    assert en.bag_size == 100 and en.blanks == 2
    assert (en.counts["E"], en.counts["A"], en.counts["I"], en.counts["O"]) == (12, 9, 9, 8)
    assert en.values["Q"] == en.values["Z"] == 10 and en.values["K"] == 5
    assert sum(en.values[c] * n for c, n in en.counts.items()) == 187


@pytest.mark.parametrize("language", LANGUAGES)
def test_codes_and_masks(language):
    a = get_alphabet(language)
    assert a.size == 26 and set(a.values) == set(a.counts) == set(a.letters)
    assert a.code_of["A"] == 1 and a.code_of["Z"] == 26 and SEPARATOR_CODE == 0
    assert a.letter(1) == "A" and a.letter(26) == "Z"
    assert a.encode("AZ") == [1, 26] and a.decode([1, 26]) == "AZ"
    assert a.all_letters_mask == sum(1 << c for c in range(1, 27))
    assert not a.all_letters_mask & 1  # bit 0 is the separator
    assert list(a.letters) == sorted(a.letters)  # codes follow alphabetical order


def test_blank_value_is_zero():
    fr = get_alphabet("fr")
    assert fr.value("Z") == 10 and fr.value("z") == 0
    assert BLANK == "?"


@pytest.mark.parametrize(("text", "expected"), [
    ("maison", "MAISON"),
    ("Été", "ETE"),
    ("garçon", "GARCON"),
    ("cœur", "COEUR"),
    ("Œuvre", "OEUVRE"),
    ("ex æquo"[3:], "AEQUO"),
    ("  naïve\n", "NAIVE"),
    ("E\u0301TE\u0301", "ETE"),  # combining accents
    ("çà", "CA"),
])
def test_normalise(text, expected):
    assert get_alphabet("fr").normalise(text) == expected


@pytest.mark.parametrize(("text", "fragment"), [
    ("arc-en-ciel", "'-'"),
    ("l'eau", "\"'\""),
    ("P.S", "'.'"),
    ("deux mots", "' '"),
    ("abc1", "'1'"),
    ("", "empty word"),
    ("   ", "empty word"),
    ("smørrebrød", "'Ø'"),
    ("слово", "'С'"),
])
def test_normalise_refuses_and_names_the_word(text, fragment):
    with pytest.raises(InvalidWord) as info:
        get_alphabet("fr").normalise(text)
    assert info.value.word == text and fragment in str(info.value) and repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_encode_refuses_unnormalised_letters():
    with pytest.raises(InvalidWord, match="'é' is not in the en alphabet"):
        get_alphabet("en").encode("été")


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèêàçœæ", min_size=1))
def test_normalise_is_idempotent_and_ascii(text):
    a = get_alphabet("fr")
    once = a.normalise(text)
    assert a.normalise(once) == once == fold_word(once)
    assert once.isascii() and once.isupper()
    assert a.decode(a.encode(once)) == once
