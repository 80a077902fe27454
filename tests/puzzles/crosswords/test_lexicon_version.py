"""A crossword names the lexicon version it was made with (page, detail and list API) and says when the lexicon
has been published again since."""

from __future__ import annotations

import pytest

from puzzles.crosswords import services
from tests.version_support import check_lexicon_version

pytestmark = pytest.mark.django_db


def test_a_crossword_names_its_lexicon_version(alice, lexicon, tmp_path):
    crossword = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    check_lexicon_version(crossword, user=alice, page=f"/puzzles/crosswords/{crossword.pk}/",
                          api=f"/api/crosswords/{crossword.pk}/", tmp_path=tmp_path)


def test_the_crossword_list_gives_the_versions_too(alice, lexicon, tmp_path):
    crossword = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    check_lexicon_version(crossword, user=alice, page=f"/puzzles/crosswords/{crossword.pk}/",
                          api="/api/crosswords/", tmp_path=tmp_path,
                          api_body=lambda body: next(c for c in body if c["id"] == crossword.pk))
