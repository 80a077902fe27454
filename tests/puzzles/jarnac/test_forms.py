"""The new-game form preselects the lexicon every mode preselects (lexicon.selectors.preferred_lexicon):
the learner's chosen default, else the site's newest French lexicon."""

from __future__ import annotations

import pytest

from accounts.services import update_profile
from lexicon.services import import_word_list
from puzzles.jarnac.forms import NewGameForm
from tests.support import write_words

WORDS = ["AA", "BAC", "CAB", "ARC", "CAR"]


@pytest.mark.django_db
def test_the_form_preselects_the_learners_default_else_the_sites(tmp_path, alice):
    chosen = import_word_list(write_words(tmp_path / "a.txt", WORDS), name="aa", language="fr").lexicon
    newest = import_word_list(write_words(tmp_path / "b.txt", WORDS), name="bb", language="fr").lexicon
    assert NewGameForm(user=alice).fields["lexicon"].initial == newest
    update_profile(alice, default_lexicon=chosen)
    assert NewGameForm(user=alice).fields["lexicon"].initial == chosen
    assert NewGameForm().fields["lexicon"].initial == newest  # nobody signed in
