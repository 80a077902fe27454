"""The crossword lab's grids and comparisons name the lexicon version they were made with (page and API) and say
when the lexicon has been published again since."""

from __future__ import annotations

import pytest

from puzzles.lab import services
from tests.version_support import check_lexicon_version

pytestmark = pytest.mark.django_db

OPEN_5 = "...../.#.#./...../.#.#./....."


def test_a_lab_crossword_names_its_lexicon_version(alice, lexicon, tmp_path):
    crossword = services.start_lab_crossword(alice, lexicon, OPEN_5, "fr")
    check_lexicon_version(crossword, user=alice, page=f"/puzzles/crosswords/{crossword.pk}/",
                          api=f"/api/crosswords/{crossword.pk}/", tmp_path=tmp_path)


def test_a_comparison_names_its_lexicon_version(alice, lexicon, tmp_path):
    comparison = services.start_comparison(alice, lexicon, OPEN_5, "fr", algorithms=["mac"], seeds=1)
    check_lexicon_version(comparison, user=alice, page=f"/puzzles/lab/comparisons/{comparison.pk}/",
                          api=f"/api/crosswords/lab/comparisons/{comparison.pk}/", tmp_path=tmp_path)
