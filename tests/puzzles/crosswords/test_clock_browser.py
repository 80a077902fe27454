"""The crossword's clock in Chromium, in French: it starts at 0:00 when the grid appears (not when the
generation started), and a reload never takes it back, even when no letter was typed since the last
save (it used to fall back to the last saved figure). Screenshots in ``artifacts/puzzles/``."""

from __future__ import annotations

import re

import pytest

from puzzles.crosswords import services
from puzzles.crosswords.models import CrosswordProgress
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page

pytestmark = BROWSER_MARKS
PASSWORD = "Scrabble-2026-ok"


def seconds_shown(page) -> int:
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", page.inner_text("#xw-timer").strip()).groups()
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_clock_starts_with_the_grid_and_never_goes_back(live_server, lexicon, django_user_model, settings, width):
    settings.TIRAGE_TASKS_MODE = "sync"
    settings.LANGUAGE_CODE = "fr"  # the site's default (this package's tests otherwise ask for English)
    user = django_user_model.objects.create_user("lea", password=PASSWORD)
    crossword = services.start_crossword(user, lexicon, 5, "fr", seed=3)
    crossword.refresh_from_db()
    assert crossword.status == "done", crossword.error
    out = artifacts_dir("puzzles")
    out.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": width, "height": 844}, locale="fr-FR") as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{live_server.url}/accounts/login/?next=/puzzles/crosswords/{crossword.pk}/")
        page.fill("input[name=username]", "lea")
        page.fill("input[name=password]", PASSWORD)
        page.click("main form button[type=submit]")
        page.locator(".xw-grid").wait_for()
        assert page.locator("html").get_attribute("lang") == "fr" and "Temps" in page.inner_text(".xw-toolbar")
        assert seconds_shown(page) <= 1  # from when the grid appears
        for _ in range(100):  # (wait_for_function evaluates a string: the CSP forbids it)
            if seconds_shown(page) >= 3:
                break
            page.wait_for_timeout(100)
        page.reload()
        page.locator(".xw-grid").wait_for()
        after_reload = seconds_shown(page)
        assert after_reload >= 3, after_reload  # not back to the last save (0:00: nothing was typed)
        page.goto(f"{live_server.url}/puzzles/crosswords/")  # leaving saves the time too
        page.wait_for_timeout(500)
        assert CrosswordProgress.objects.get(crossword=crossword, user=user).seconds >= 3
        page.goto(f"{live_server.url}/puzzles/crosswords/{crossword.pk}/")
        page.locator(".xw-grid").wait_for()
        assert seconds_shown(page) >= after_reload
        page.screenshot(path=str(out / f"crossword-clock-{width}.png"))
        assert errors == []
