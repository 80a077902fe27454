"""The coach in a real browser, in French, at 1280 and 390 px: from a finished game to "Mon entraîneur", one
click to a drill of the weakest kind, a puzzle placed on the board with the mouse and keyboard and solved.
Screenshots go to ``artifacts/coach/``."""

from __future__ import annotations

import pytest

from engine.scrabble.cgp import parse_cgp
from lexicon.services import import_word_list
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import write_words
from tests.training.coach.support import finished_games
from training.coach.models import Drill, PuzzleAnswer

ARTIFACTS = artifacts_dir("coach")

pytestmark = BROWSER_MARKS

PASSWORD = "Scrabble-2026-ok"


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def place(page, puzzle) -> None:
    """Click the top's first square (twice to go down), then type the letters it puts down."""
    top = puzzle.top
    board = parse_cgp(puzzle.cgp).board
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    square = "ABCDEFGHIJKLMNO"[top["row"]] + str(top["col"] + 1)
    page.click(f"#dup-board td[data-square='{square}']")
    if top["dir"] == "V":
        page.click(f"#dup-board td[data-square='{square}']")
    for k, letter in enumerate(top["word"]):
        if not board.get(top["row"] + dr * k, top["col"] + dc * k):
            page.keyboard.press(letter.upper())


@pytest.mark.parametrize("width", [1280, 390])
def test_from_a_game_to_the_coach_to_a_drill_to_a_puzzle_solved(live_server, tmp_path, french_words,
                                                                django_user_model, width):
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    lea = django_user_model.objects.create_user("lea", password=PASSWORD)
    games = finished_games(lea, lexicon, seeds=(3, 4), habit="no_collante")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    with launch_context(viewport={"width": width, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        log_in(page, base, "lea")
        page.goto(f"{base}/training/duplicate/{games[-1].game.pk}/review/")
        page.click("#coach-link")
        page.wait_for_selector("#kinds")
        assert page.inner_text("h1") == "Mon entraîneur"
        first_kind = page.locator(".coach-kind").first
        assert first_kind.get_attribute("id") == "kind-collante"
        assert page.locator("#trend svg .chart__dot").count() == 2
        page.screenshot(path=str(ARTIFACTS / f"coach-{width}.png"), full_page=True)

        page.click("#drill-collante")
        page.wait_for_selector("#drill-next")
        drill = Drill.objects.get(user=lea)
        assert drill.tag == "collante" and drill.items.count() >= 1
        page.screenshot(path=str(ARTIFACTS / f"drill-{width}.png"), full_page=True)

        page.click("#drill-next")
        page.wait_for_selector("#dup-board")
        puzzle = drill.items.order_by("order").first().puzzle
        page.click("#hint-button")
        page.wait_for_selector("#hint-list li")
        assert "collante" in page.inner_text("#hint-list")
        place(page, puzzle)
        assert page.input_value("#id_coord") == puzzle.top["coord"]
        page.screenshot(path=str(ARTIFACTS / f"puzzle-{width}.png"), full_page=True)
        page.click("#answer-button")
        page.wait_for_selector("#verdict")
        assert "Top trouvé" in page.inner_text("#verdict")
        assert PuzzleAnswer.objects.get(user=lea).correct
        page.screenshot(path=str(ARTIFACTS / f"solved-{width}.png"), full_page=True)
