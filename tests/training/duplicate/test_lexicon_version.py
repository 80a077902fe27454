"""A duplicate game names the lexicon version it was made with through the lexicon line every mode shares (play
page and API) and says when the lexicon has been published again since."""

from __future__ import annotations

import pytest

from tests.version_support import check_lexicon_version

pytestmark = pytest.mark.django_db


def test_a_duplicate_game_names_its_lexicon_version(alice, game, tmp_path):
    check_lexicon_version(game, user=alice, page=f"/training/duplicate/{game.pk}/",
                          api=f"/api/duplicate/games/{game.pk}/", tmp_path=tmp_path)
