"""Duplicate services without HTTP: how a typed word is read (case, accents, blanks)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.alphabet import get_alphabet
from engine.scrabble.entry import fit_blanks
from training.duplicate.services import PlayError, normalise_play

FRENCH = SimpleNamespace(alphabet=get_alphabet("fr"))
EMPTY_BOARD = [""] * 225


@pytest.mark.parametrize("typed, engine", [
    ("maison", "MAISON"),    # all lower case, as phones type: plain letters, not six blanks
    ("MAISON", "MAISON"),    # all capitals: plain letters
    ("MAiSON", "MAiSON"),    # mixed case: the lower-case I is the blank (the engine's notation)
    ("Za", "Za"),
    ("élève", "ELEVE"),      # accents fold, in one case...
    ("ÉLÈVE", "ELEVE"),
    ("ÉLèVE", "ELeVE"),      # ...and letter by letter in a mixed word, keeping each one's case
    ("cœur", "COEUR"),       # ligatures split
    ("  maison ", "MAISON"),
])
def test_a_word_in_one_case_is_plain_letters_only_mixed_case_marks_blanks(typed, engine):
    assert normalise_play(FRENCH, typed, "h8", "fr") == (engine, "H8")


def test_a_word_with_a_character_outside_the_alphabet_is_refused_in_words():
    with pytest.raises(PlayError) as refused:
        normalise_play(FRENCH, "mai-son", "H8", "fr")
    assert refused.value.code == "bad_input" and "-" in refused.value.message


@pytest.mark.parametrize("typed, rack, placed", [
    ("maison", "AIMNOS?", "MAISON"),   # every letter on the rack: the blank stays on it
    ("maison", "AIMNO??", "MAIsON"),   # no S: the blank is the S
    ("MAISON", "MAISO?E", "MAISOn"),   # no N
    ("maison", "MASON?E", "MAiSON"),   # no I
    ("MAiSON", "MAISON?", "MAiSON"),   # mixed case: the blank chosen by the player, though the rack has an I
])
def test_the_blank_goes_where_the_rack_lacks_a_letter(typed, rack, placed):
    word, coord = normalise_play(FRENCH, typed, "H8", "fr")
    assert fit_blanks(rack, word, EMPTY_BOARD, coord, "fr") == placed
