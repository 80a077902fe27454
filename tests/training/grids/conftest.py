"""The French revision list the grid tests train on (the shipped fixture lexicon, never a system word list)."""

from __future__ import annotations

import pytest

from training.lists import services as list_services

WORDS = [("BACCARAT", "T"), ("PRIVATIF", 5), ("ETRANGES", "E"), ("RETINES", None), ("DATAIS", "T")]


@pytest.fixture
def fr_list(alice, french_lexicon):
    revision_list = list_services.create_list(alice, french_lexicon, "Tops")
    for word, support in WORDS:
        list_services.add_word(revision_list, word, support)
    return revision_list
