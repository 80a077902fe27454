"""The duplicate games' change list in a real browser, in French: it fits the page at 1280 px (no sideways
scrolling of the page), and on a phone the page itself does not overflow either. Screenshots go to
``artifacts/admin/`` for a person to look at."""

from __future__ import annotations

import pytest

from tests.browser_support import BROWSER_MARKS, artifacts_dir, french_page_as
from training.duplicate.models import DuplicateGame

ARTIFACTS = artifacts_dir("admin")

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_games_change_list_fits_the_page(live_server, admin_user, game, width, height):
    DuplicateGame.objects.filter(pk=game.pk).update(variant=DuplicateGame.Variant.JOKER, tournament=True,
                                                    visibility=DuplicateGame.Visibility.LINK, lexicon_version=1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with french_page_as(live_server, admin_user, width, height) as page:
        page.goto(f"{live_server.url}/admin/training/duplicategame/")
        assert "joker · tournoi" in page.inner_text("#result_list")
        page.screenshot(path=str(ARTIFACTS / f"duplicate-games-{width}.png"), full_page=True)
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"the change list overflows: {scroll_width}px wide at {width}px"
        if width >= 1280:  # on a laptop the table itself fits: no scrolling inside it either
            table = page.evaluate("(() => { const t = document.getElementById('result_list');"
                                  " return [t.scrollWidth, t.parentElement.clientWidth]; })()")
            assert table[0] <= table[1], f"the table is {table[0]}px wide in {table[1]}px"
