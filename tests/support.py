"""Helpers shared by the web apps' tests (imported by test modules and conftests; Django is imported lazily)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

FRENCH_DICT = Path("/usr/share/dict/french")


def api_for(user=None):
    """A DRF test client, authenticated as ``user`` when one is given."""
    from rest_framework.test import APIClient

    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def write_words(path: Path, words: list[str]) -> Path:
    """A word list file, one word a line."""
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


@lru_cache(maxsize=1)
def _french_dict_words() -> tuple[str, ...]:
    from engine.wordlist import read_word_list

    return tuple(read_word_list(FRENCH_DICT, "fr", skip_invalid=True).words)


def french_dict_words(max_length: int) -> list[str]:
    """Every word of 2 to ``max_length`` letters of the system's French dictionary, normalised (the test is
    skipped where the dictionary is missing)."""
    if not FRENCH_DICT.is_file():
        pytest.skip(f"{FRENCH_DICT} is missing (Debian package wfrench)")
    return [w for w in _french_dict_words() if 2 <= len(w) <= max_length]
