"""Fixtures of the crossword tests: users and a real French lexicon imported through the lexicon service.

The lexicon is the French word list shipped with the tests (``tests/fixtures/french-words.txt``, from
Debian's wfrench) cut to words of 2 to 7 letters: real words, so grids fill as they would on the site, and small enough to
import and index quickly. The compiled GADDAG and the filler's index are cached per process by content
hash, so the cost is paid once per run.
"""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.support import french_dict_words, write_words


@pytest.fixture(autouse=True)
def english(settings):
    """Messages are asserted in English; tests of the French pages ask for French explicitly."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture(scope="session")
def french_words() -> list[str]:
    return french_dict_words(7)


@pytest.fixture
def lexicon(tmp_path, french_words, db):
    return import_word_list(write_words(tmp_path / "fr7.txt", french_words), name="fr7", language="fr").lexicon
