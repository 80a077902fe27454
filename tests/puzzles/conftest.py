"""Fixtures of the crossword tests: users and a real French lexicon imported through the lexicon service.

The lexicon is the system's French word list (``/usr/share/dict/french``, Debian package wfrench) cut
to words of 2 to 7 letters: real words, so grids fill as they would on the site, and small enough to
import and index quickly. The compiled GADDAG and the filler's index are cached per process by content
hash, so the cost is paid once per run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from lexicon.services import import_word_list

FRENCH_DICT = Path("/usr/share/dict/french")


@pytest.fixture(autouse=True)
def english(settings):
    """Messages are asserted in English; tests of the French pages ask for French explicitly."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture(scope="session")
def french_words() -> list[str]:
    if not FRENCH_DICT.is_file():
        pytest.skip(f"{FRENCH_DICT} is missing (Debian package wfrench)")
    from engine.wordlist import read_word_list

    words = read_word_list(FRENCH_DICT, "fr", skip_invalid=True).words
    return [w for w in words if 2 <= len(w) <= 7]


@pytest.fixture
def lexicon(tmp_path, french_words, db):
    path = tmp_path / "fr7.txt"
    path.write_text("\n".join(french_words) + "\n", encoding="utf-8")
    return import_word_list(path, name="fr7", language="fr").lexicon


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="alice-pass-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="bob-pass-123")


def api_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
