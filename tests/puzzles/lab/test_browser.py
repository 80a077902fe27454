"""The crossword lab in a real browser, in French: draw with the mouse and the keyboard (symmetric
editing), ask for a random grid, fill the drawn grid as a crossword, and compare two algorithms; the
editor at phone width. Screenshots go to ``artifacts/puzzles/``."""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from puzzles.lab.models import FillComparison
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import write_words

ARTIFACTS = artifacts_dir("puzzles")

pytestmark = BROWSER_MARKS


def _log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/puzzles/lab/")
    page.fill("input[name=username]", "lea")
    page.fill("input[name=password]", "Scrabble-2026-ok")
    page.click("main form button[type=submit]")
    page.wait_for_url("**/puzzles/lab/")


def _grid_text(page) -> list[str]:
    return page.input_value("#id_grid").splitlines()


@pytest.mark.parametrize(("width", "height", "name"), [(1280, 900, "lab-desktop"), (390, 844, "lab-phone")])
def test_draw_fill_and_compare(live_server, settings, tmp_path, french_words, django_user_model, width, height, name):
    settings.LANGUAGE_CODE = "fr"  # the site's default language (this folder's tests default to English)
    import_word_list(write_words(tmp_path / "fr7.txt", french_words), name="fr7", language="fr")
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": width, "height": height}, locale="fr-FR") as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        _log_in(page, live_server.url)
        assert "Labo" in page.inner_text("h1")

        # An empty 5×5 grid, then the mouse and the keyboard draw on it.
        page.fill("input[name=rows]", "5")
        page.fill("input[name=cols]", "5")
        page.click("button[value=blank]")
        page.wait_for_load_state()
        assert _grid_text(page) == ["....."] * 5
        page.check("#id_symmetric")
        page.click('#lab-editor button[data-row="1"][data-col="1"]')  # and its mirror image (3, 3)
        assert _grid_text(page) == [".....", ".#...", ".....", "...#.", "....."]
        page.focus('#lab-editor button[data-row="1"][data-col="1"]')
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")  # (1, 3) and (3, 1)
        assert _grid_text(page) == [".....", ".#.#.", ".....", ".#.#.", "....."]
        assert "4" in page.inner_text("#lab-count")
        page.screenshot(path=str(ARTIFACTS / f"{name}-editor.png"), full_page=True)

        # Fill it as a crossword: the solve page of the generated crosswords.
        page.select_option("#id_algorithm", "fc-cbj")
        page.click("button[value=solve]")
        page.wait_for_url("**/puzzles/crosswords/*/")
        page.wait_for_selector(".xw-grid")
        crossword = Crossword.objects.get()
        assert crossword.algorithm == "fc-cbj" and crossword.status == Crossword.Status.DONE
        assert crossword.pattern == [".....", ".#.#.", ".....", ".#.#.", "....."]

        # Back to the lab: a random grid, then the comparison table.
        page.goto(f"{live_server.url}/puzzles/lab/")
        page.fill("input[name=rows]", "6")
        page.fill("input[name=cols]", "6")
        page.fill("input[name=blocks]", "5")
        page.click("button[value=random]")
        page.wait_for_load_state()
        rows = _grid_text(page)
        assert len(rows) == 6 and sum(r.count("#") for r in rows) == 5
        for value in ("fc-cbj", "bt"):
            page.uncheck(f"input[name=algorithms][value={value}]") if value == "fc-cbj" else None
        page.fill("input[name=seeds]", "1")
        page.click("button[value=compare]")
        page.wait_for_url("**/puzzles/lab/comparisons/*/")
        page.wait_for_selector("#comparison-table")
        comparison = FillComparison.objects.get()
        assert comparison.algorithms == ["fc", "mac"]
        body = page.inner_text("#comparison-table")
        assert "fc" in body and "mac" in body
        assert "(mac, " in page.inner_text(".lab-legend")
        page.screenshot(path=str(ARTIFACTS / f"{name}-comparison.png"), full_page=True)
        assert errors == []
