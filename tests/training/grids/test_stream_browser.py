"""In a real browser: situation 1 is on the grid page, playable, while the rest of the grid is being built.

Debian's Chromium driven by Playwright. The grid task runs in a background thread (as with ``make run``) and is
held right after its first situation is stored, until the browser has looked at the page at 1280 and 390 px
and answered it; then the page swaps in the finished grid by itself. Screenshots go to ``artifacts/training/``.
"""

from __future__ import annotations

import threading

from tests.browser_support import BROWSER_MARKS, artifacts_dir, page_as
from training.grids import services
from training.grids.models import Situation, TrainingGrid

pytestmark = BROWSER_MARKS
ARTIFACTS = artifacts_dir("training")


def test_the_first_situation_is_shown_and_played_while_the_grid_builds(monkeypatch, settings, live_server, alice,
                                                                       fr_list):
    settings.TIRAGE_TASKS_MODE = "thread"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    revision_list = fr_list
    first_stored, go_on = threading.Event(), threading.Event()
    store = services.store_situation

    def store_then_hold(grid_id: int, situation: Situation) -> str:
        outcome = store(grid_id, situation)
        if situation.order == 0:
            first_stored.set()
            go_on.wait(timeout=120)  # until the browser has played situation 1 (a safety net, not a delay)
        return outcome

    monkeypatch.setattr(services, "store_situation", store_then_hold)
    grid = services.start_list_grid(alice, revision_list, seed=7)
    try:
        assert first_stored.wait(timeout=120), TrainingGrid.objects.get(pk=grid.pk).error
        first = Situation.objects.get(grid=grid, order=0)
        with page_as(live_server, alice, 1280, 900) as page:
            page.goto(f"{live_server.url}/training/grids/{grid.pk}/")
            page.locator("#start-training").wait_for()
            assert page.locator("#grid-building").is_visible() and page.locator("#generation progress").is_visible()
            assert page.locator("#grid-board td.sq").count() == 225 and page.locator("#reveal-form").count() == 0
            assert page.locator("ol.situations li").count() == 1
            page.screenshot(path=str(ARTIFACTS / "grid-building-1280.png"), full_page=True)

            page.set_viewport_size({"width": 390, "height": 844})
            page.reload()
            page.locator("#start-training").wait_for()
            assert page.locator("#grid-building").is_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling on a phone
            page.screenshot(path=str(ARTIFACTS / "grid-building-390.png"), full_page=True)

            page.click("#start-training")
            page.wait_for_url(f"**/training/situations/{first.pk}/")
            assert page.locator("table.scrabble-board td.sq").count() == 225
            page.fill("input[name=word]", first.word.lower())
            page.click("#answer-form button[type=submit]")
            page.locator("#feedback").wait_for()
            assert "feedback--ok" in page.inner_html("#answer-zone") and page.locator("#next-building").is_visible()
            assert grid.situations.count() == 1 and TrainingGrid.objects.get(pk=grid.pk).status == "running"

            page.goto(f"{live_server.url}/training/grids/{grid.pk}/")
            page.locator("#grid-building").wait_for()
            go_on.set()
            page.locator("#grid-score").wait_for(timeout=60_000)  # the finished grid, swapped in by htmx
            assert page.locator("#grid-building").count() == 0 and page.locator("#reveal-form").count() == 1
            assert page.locator("ol.situations li").count() == grid.situations.count() >= 4
            page.screenshot(path=str(ARTIFACTS / "grid-built-390.png"), full_page=True)
    finally:
        go_on.set()
