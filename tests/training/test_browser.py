"""End to end in a real browser: sign up, create a list, add words, generate a grid, answer, see the top.

Debian's Chromium driven by Playwright (never a downloaded browser). Screenshots of the board go to
``artifacts/training/`` (git-ignored) so a person can check that it looks like a real Scrabble board.
"""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import write_words

ARTIFACTS = artifacts_dir("training")

pytestmark = BROWSER_MARKS


@pytest.fixture
def browser_page():
    with launch_context(viewport={"width": 1280, "height": 1000}, locale="fr-FR") as context:
        page = new_page(context)
        page.on("console", lambda m: print("console:", m.text))
        page.on("response", lambda r: print("response:", r.status, r.url) if r.status >= 300 or "supports" in r.url else None)
        yield page


def test_sign_up_list_grid_answer_top(live_server, browser_page, tmp_path, french_words):
    import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser_page
    base = live_server.url

    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", "lea")
    page.fill("input[name=password1]", "Scrabble-2026-ok")
    page.fill("input[name=password2]", "Scrabble-2026-ok")
    page.click("form[action='/accounts/signup/'] button[type=submit]")
    page.wait_for_load_state()

    page.goto(f"{base}/training/lists/")
    page.fill("input[name=name]", "Mes 7+1")
    page.click("form[action='/training/lists/'] button[type=submit]")
    page.wait_for_url("**/training/lists/*/")

    # One word typed with the proposed support letters, then a paste with a bad line.
    page.fill("#id_word", "tisanes")
    page.wait_for_selector("input[name=support_choice]")
    page.click("#add-word")
    page.wait_for_selector("#words-table >> text=TISANES")
    page.fill("textarea[name=text]", "BACCARAT:T\nPRIVATIF 5\nZZZXQ\nETRANGES")
    page.click("#add-words")
    page.wait_for_selector("#words-table >> text=PRIVATIF")
    assert page.input_value("textarea[name=text]").strip() == "ZZZXQ"
    assert "ZZZXQ" in page.inner_text("#words-notice")
    page.screenshot(path=str(ARTIFACTS / "list.png"), full_page=True)

    page.click("#generate-grid")
    page.wait_for_url("**/training/grids/*/")
    page.wait_for_selector("#start-training")
    page.screenshot(path=str(ARTIFACTS / "grid.png"), full_page=True)
    page.click("#start-training")
    page.wait_for_selector("table.scrabble-board")
    first_url = page.url
    assert page.locator("table.scrabble-board td.sq").count() == 225
    assert page.locator(".rack .tile").count() >= 6
    page.locator("#board-zone").screenshot(path=str(ARTIFACTS / "board.png"))

    page.fill("input[name=word]", "ZZZZ")  # a wrong answer first: kept and counted
    page.press("input[name=word]", "Enter")
    page.wait_for_selector("#top-table")
    assert "feedback--ko" in page.inner_html("#answer-zone")
    # keyboard flow: focus moves to "Next situation" (or the verdict when this was the last one)
    page.wait_for_function("['next-situation', 'feedback'].includes(document.activeElement.id)")
    assert page.locator("#top-table tbody tr").count() >= 1
    page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer.png"))

    # The next situation, answered right this time with the word shown after the first one.
    if page.locator("#next-situation").count():
        page.click("#next-situation")
        page.wait_for_selector("#answer-form")
        from training.models import Situation

        situation_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
        word = Situation.objects.get(pk=situation_id).word
        page.fill("input[name=word]", word.lower())
        page.click("#answer-form button[type=submit]")
        page.wait_for_selector("#top-table")
        assert "feedback--ok" in page.inner_html("#answer-zone")
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-right.png"))

    page.goto(f"{base}/training/")
    assert page.locator(".chart").count() == 1
    page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the board fits, no sideways scrolling
    page.goto(first_url)
    page.wait_for_selector("table.scrabble-board")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "situation-phone.png"), full_page=True)
