"""Helpers shared by the web apps' tests (imported by test modules and conftests; Django is imported lazily)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

# Real French words shipped with the tests (source and licence in tests/fixtures/README.md): the suite never
# reads a system dictionary, so a fresh machine runs every test that needs French.
FRENCH_WORDS_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "french-words.txt"


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

    return tuple(read_word_list(FRENCH_WORDS_FIXTURE, "fr", skip_invalid=True).words)


def french_dict_words(max_length: int) -> list[str]:
    """Every word of 2 to ``max_length`` (at most 8) letters of the shipped French fixture, normalised."""
    if max_length > 8:
        raise ValueError("tests/fixtures/french-words.txt holds words of 2 to 8 letters only")
    return [w for w in _french_dict_words() if 2 <= len(w) <= max_length]


_CSRF_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]*"')


def without_csrf_tokens(html: str) -> str:
    """The page with its CSRF tokens blanked: a random token may hold any short text ("8F", "cdn") that a test
    checks the page does not show."""
    return _CSRF_TOKEN.sub(r'\1""', html)
