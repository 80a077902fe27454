"""Every new-game form preselects the lexicon every mode preselects (lexicon.selectors.preferred_lexicon):
the learner's chosen default, else the site's newest French lexicon."""

from __future__ import annotations

import pytest

from accounts.services import update_profile
from lexicon.services import import_word_list
from puzzles.jarnac.forms import NewGameForm as JarnacForm
from tests.support import write_words
from training.duplicate.forms import NewGameForm as DuplicateForm

WORDS = ["AA", "BAC", "CAB", "ARC", "CAR"]


@pytest.mark.django_db
@pytest.mark.parametrize("form_class", [DuplicateForm, JarnacForm])
def test_the_form_preselects_the_learners_default_else_the_sites(tmp_path, alice, form_class):
    chosen = import_word_list(write_words(tmp_path / "a.txt", WORDS), name="aa", language="fr").lexicon
    newest = import_word_list(write_words(tmp_path / "b.txt", WORDS), name="bb", language="fr").lexicon
    assert form_class(user=alice).fields["lexicon"].initial == newest
    update_profile(alice, default_lexicon=chosen)
    assert form_class(user=alice).fields["lexicon"].initial == chosen
    assert form_class().fields["lexicon"].initial == newest  # nobody signed in
