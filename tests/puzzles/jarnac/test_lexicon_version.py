"""A Jarnac game names the lexicon version it was made with (page, game and list API) and says when the lexicon
has been published again since."""

from __future__ import annotations

import pytest

from puzzles.jarnac import services
from tests.puzzles.jarnac.support import jarnac_lexicon
from tests.version_support import check_lexicon_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicon(tmp_path):
    services.forget_trees()
    return jarnac_lexicon(tmp_path)


def test_a_jarnac_game_names_its_lexicon_version(alice, lexicon, tmp_path):
    game = services.start_game(alice, lexicon, "medium", seed="version")
    check_lexicon_version(game, user=alice, page=f"/puzzles/jarnac/{game.pk}/",
                          api=f"/api/jarnac/games/{game.pk}/", tmp_path=tmp_path)


def test_the_game_list_gives_the_versions_too(alice, lexicon, tmp_path):
    game = services.start_game(alice, lexicon, "medium", seed="version")
    check_lexicon_version(game, user=alice, page=f"/puzzles/jarnac/{game.pk}/", api="/api/jarnac/games/",
                          tmp_path=tmp_path, api_body=lambda body: next(g for g in body if g["id"] == game.pk))
