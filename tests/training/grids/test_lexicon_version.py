"""A training grid names the lexicon version it was made with (page and API) and says when the lexicon has
been published again since."""

from __future__ import annotations

import pytest

from tests.version_support import check_lexicon_version
from training.grids import services
from training.lists import services as list_services

pytestmark = pytest.mark.django_db


def test_a_grid_names_its_lexicon_version(alice, french_lexicon, tmp_path):
    revision_list = list_services.create_list(alice, french_lexicon, "Tops")
    for word, support in [("BACCARAT", "T"), ("DATAIS", "T"), ("RETINES", None)]:
        list_services.add_word(revision_list, word, support)
    grid = services.start_list_grid(alice, revision_list, seed=7)
    grid.refresh_from_db()
    assert grid.status == "done", grid.error
    check_lexicon_version(grid, user=alice, page=f"/training/grids/{grid.pk}/", api=f"/api/grids/{grid.pk}/",
                          tmp_path=tmp_path)
