"""Input checks: every bad revision word or central word is a CbicInputError that names the word."""

from __future__ import annotations

import pytest

from engine.cbic import CbicInputError, RevisionWord, generate_training_grid
from engine.cbic.words import resolve_central, resolve_word, resolve_words


def test_parse_letter_and_index() -> None:
    assert RevisionWord.parse("BACCARAT:T") == RevisionWord("BACCARAT", "T")
    assert RevisionWord.parse("PRIVATIF:5") == RevisionWord("PRIVATIF", 5)
    assert RevisionWord.parse(" baccarat : t ") == RevisionWord("baccarat", "t")


@pytest.mark.parametrize("spec", ["BACCARAT", "BACCARAT:", ":T"])
def test_parse_refuses_a_spec_without_word_or_support(spec: str) -> None:
    with pytest.raises(CbicInputError, match="BACCARAT|T|:"):
        RevisionWord.parse(spec)


def test_letter_support_allows_every_occurrence(seed_lexicon) -> None:
    assert resolve_word(seed_lexicon, RevisionWord("BACCARAT", "A")).supports == (1, 4, 6)
    assert resolve_word(seed_lexicon, RevisionWord("baccarat", "t")).supports == (7,)
    assert resolve_word(seed_lexicon, RevisionWord("BACCARAT", 7)).supports == (7,)


def test_accents_are_folded(seed_lexicon) -> None:
    resolved = resolve_word(seed_lexicon, RevisionWord("bäccarat", "T"))
    assert resolved.word == "BACCARAT" and resolved.supports == (7,)


@pytest.mark.parametrize(("word", "support", "message"), [
    ("BACCARAT", "Z", "support letter Z is not in BACCARAT"),
    ("BACCARAT", 8, "support index 8 is out of range"),
    ("BACCARAT", -1, "support index -1 is out of range"),
    ("BACCARAT", "TA", "must be one letter"),
    ("BACCARAT", "-", "support letter"),
    ("ZOZOTER", "Z", "ZOZOTER is not in the fr lexicon"),
    ("BACC-ARAT", "T", "is not a letter"),
    ("A", "A", "at least 2 letters"),
    ("ABCDEFGHI", "A", "9 letters need 8 rack tiles"),
])
def test_bad_revision_word(seed_lexicon, word: str, support: str | int, message: str) -> None:
    with pytest.raises(CbicInputError, match=message) as info:
        resolve_word(seed_lexicon, RevisionWord(word, support))
    assert info.value.word == word
    assert repr(word) in str(info.value)


def test_support_of_wrong_type(seed_lexicon) -> None:
    with pytest.raises(CbicInputError, match="letter or a 0-based index"):
        resolve_word(seed_lexicon, RevisionWord("BACCARAT", 2.5))  # type: ignore[arg-type]


def test_empty_list(seed_lexicon) -> None:
    with pytest.raises(CbicInputError, match="no revision words"):
        resolve_words(seed_lexicon, [])


@pytest.mark.parametrize(("central", "message"), [
    ("ZOZO", "not in the fr lexicon"),
    ("BACCARAT", "8 letters"),
    ("D-T", "central word"),
])
def test_bad_central_word(seed_lexicon, central: str, message: str) -> None:
    with pytest.raises(CbicInputError, match=message) as info:
        resolve_central(seed_lexicon, central)
    assert info.value.word == central


def test_generate_reports_the_first_bad_word(seed_lexicon) -> None:
    with pytest.raises(CbicInputError) as info:
        generate_training_grid(seed_lexicon, ["BACCARAT:T", "CACABERA:Q"], central="DATAIS")
    assert info.value.word == "CACABERA"


@pytest.mark.parametrize(("kwargs", "message"), [({"top_n": -1}, "top_n"), ({"time_budget": 0}, "time_budget")])
def test_bad_options(seed_lexicon, kwargs, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate_training_grid(seed_lexicon, ["BACCARAT:T"], **kwargs)


@pytest.mark.parametrize(("word", "support", "code", "params"), [
    ("BAC1", "B", "bad_character", {"char": "1"}),
    ("B", 0, "cbic_too_short", {}),
    ("ABCDEFGHI", 0, "cbic_too_long", {"letters": 9, "tiles": 8, "max": 7}),
    ("DATAI", "T", "cbic_not_in_lexicon", {"word": "DATAI"}),
    ("BACCARAT", 9, "cbic_support_out_of_range", {"index": 9, "word": "BACCARAT", "letters": 8}),
    ("BACCARAT", "Q", "cbic_support_not_in_word", {"letter": "Q", "word": "BACCARAT"}),
    ("BACCARAT", "TA", "cbic_bad_support", {"support": "TA"}),
])
def test_input_errors_carry_a_code_and_params(seed_lexicon, word, support, code, params) -> None:
    """The web app translates refusals by code (core.engine_messages); the English stays for the CLI."""
    with pytest.raises(CbicInputError) as caught:
        resolve_word(seed_lexicon, RevisionWord(word, support))
    assert caught.value.code == code and caught.value.reason
    assert {k: v for k, v in caught.value.params.items() if k in params} == params
