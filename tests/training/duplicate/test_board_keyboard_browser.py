"""The duplicate board with the keyboard only, as a screen-reader user plays it, in French at 1280 and 390 px
(docs/accessibility.md): the board is an ARIA grid with one tab stop, the arrow keys and Home, End, Page Up,
Page Down move in it, the letters typed go down, and the board's polite live region says after each key what
happened ("E en H8", the direction, the rack left); the rack's name follows; the verdict of "Vérifier" is said
there, the one of "Valider" is the description of the link that has the focus on the result page. axe-core
finds nothing to say of the page's ARIA.

The words said are the page's own (``#dup-board-messages``, in the page's language): the tests fill the same
templates, so they check what the script composes, square by square and letter by letter."""

from __future__ import annotations

import re

import pytest

from tests.browser_support import BROWSER_MARKS, artifacts_dir, page_as
from tests.training.duplicate.board_keyboard import (
    ROWS,
    assert_aria_clean,
    expect,
    focused_square,
    message,
    rack_left,
    spoken_letter,
    squares_of,
    tab_into_board,
    tab_to,
    walk_to,
)

ARTIFACTS = artifacts_dir("duplicate")
SIZES = [pytest.param(1280, 1000, id="1280"), pytest.param(390, 844, id="390")]

pytestmark = BROWSER_MARKS

@pytest.mark.parametrize("width, height", SIZES)
def test_a_round_played_with_the_keyboard_only_is_heard(live_server, alice, game, width, height):
    rack = game.rounds.get(number=1).rack
    top, placed = squares_of(game, 1)
    start = f"{ROWS[top['row']]}{top['col'] + 1}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with page_as(live_server, alice, width, height, bypass_csp=True) as page:
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        board = page.locator("#dup-board table")
        expect()(board).to_have_attribute("role", "grid")
        expect()(board).to_have_accessible_name(page.text_content("#dup-board caption").strip())  # its caption
        assert page.locator("#dup-board [role=row]").count() == 16
        assert page.locator("#dup-board [role=gridcell][data-square]").count() == 225
        assert page.locator("#dup-board [role=columnheader]").count() == 15
        assert page.locator("#dup-board [role=rowheader]").count() == 15
        status = page.locator("#dup-board-status")
        expect()(status).to_have_attribute("role", "status")
        expect()(status).to_have_attribute("aria-live", "polite")
        rack_box = page.locator("#dup-rack .rack")
        whole_rack = rack_box.get_attribute("aria-label")

        # The board is one tab stop: out of it and back with Tab, on the square that had the focus.
        expect()(page.locator("#dup-board td[data-square='H8']")).to_be_focused()  # the round opens on it
        page.keyboard.press("Shift+Tab")
        assert focused_square(page) == ""
        page.keyboard.press("Tab")
        assert focused_square(page) == "H8"
        assert page.locator("#dup-board [tabindex='0']").count() == 1
        page.keyboard.press("Tab")  # the next stop is outside the board
        assert focused_square(page) == ""
        page.keyboard.press("Shift+Tab")
        assert focused_square(page) == "H8"

        # The grid's keys: Home and End (row), Page Up and Page Down (column), Ctrl+Home and Ctrl+End (board).
        for key, square in (("Home", "H1"), ("End", "H15"), ("PageUp", "A15"), ("PageDown", "O15"),
                            ("Control+Home", "A1"), ("Control+End", "O15"), ("ArrowRight", "O15"),
                            ("ArrowUp", "N15")):
            page.keyboard.press(key)
            assert focused_square(page) == square, key
            assert page.locator("#dup-board [tabindex='0']").count() == 1
        page.keyboard.press("Control+Home")

        # A letter with no start chosen: how to choose one is said, nothing is placed.
        page.keyboard.press("E")
        expect()(status).to_have_text(message(page, "no-start"))
        assert page.locator("#dup-board .sq--ghost").count() == 0

        # The start square: its direction is said when chosen and when turned, and is part of its name.
        walk_to(page, start)
        page.keyboard.press("Enter")
        across = message(page, "across")
        expect()(status).to_have_text(message(page, "start", square=start, direction=across))
        square = page.locator(f"#dup-board td[data-square='{start}']")
        expect()(square).to_have_accessible_name(re.compile(re.escape(message(page, "cell-start", direction=across))))
        page.keyboard.press(" ")
        down = message(page, "down")
        expect()(status).to_have_text(down)
        expect()(square).to_have_accessible_name(re.compile(re.escape(message(page, "cell-start", direction=down))))
        if top["dir"] == "H":
            page.keyboard.press("Enter")
            expect()(status).to_have_text(across)

        # Each letter typed: the letter, its square, the rack left; the rack's name follows.
        used: list[str] = []
        for letter, at in placed:
            page.keyboard.press(letter.upper())
            used.append(letter)
            left = rack_left(page, rack, used, whole_rack)
            expect()(status).to_have_text(f"{message(page, 'placed', letter=spoken_letter(page, letter), square=at)}. {left}")
            expect()(rack_box).to_have_attribute("aria-label", left)
            expect()(page.locator(f"#dup-board td[data-square='{at}']")).to_have_accessible_name(
                re.compile(f"^{at}, .*{re.escape(message(page, 'cell-placed', letter=spoken_letter(page, letter)))}"))
        assert page.input_value("#id_word").upper() == top["word"].upper()
        assert page.input_value("#id_coord") == top["coord"]

        # Backspace takes the last letter back and says so; typed again, it is back.
        last, at = placed[-1]
        page.keyboard.press("Backspace")
        left = rack_left(page, rack, used[:-1], whole_rack)
        expect()(status).to_have_text(f"{message(page, 'removed', letter=spoken_letter(page, last), square=at)}. {left}")
        expect()(rack_box).to_have_attribute("aria-label", left)
        page.keyboard.press(last.upper())
        page.screenshot(path=str(ARTIFACTS / f"keyboard-placed-{width}.png"), full_page=True)
        assert_aria_clean(page)

        # "Vérifier mon coup" with Tab and Enter: its verdict is said by the board's region, once.
        tab_to(page, "check-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#play-ok")
        verdict = " ".join(page.text_content("#play-feedback").split())
        assert top["coord"] in verdict and str(top["score"]) in verdict
        expect()(status).to_have_text(verdict)
        assert page.get_attribute("#play-feedback", "aria-live") == "off"
        assert page.locator("#play-feedback [role]").count() == 0

        # "Valider" with Tab and Enter: the result page opens on "Coup suivant", described by the verdict.
        tab_to(page, "validate-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#round-result")
        next_round = page.locator("#next-round")
        expect()(next_round).to_be_focused()
        expect()(next_round).to_have_accessible_description(re.compile("Vous avez trouvé le top"))
        expect()(next_round).to_have_accessible_description(re.compile(re.escape(f"{top['coord']}, {top['score']}")))
        # A read-only board is a table: no grid, no square in the tab order.
        assert page.get_attribute("#dup-board table", "role") is None
        assert page.locator("#dup-board [tabindex]").count() == 0
        assert_aria_clean(page)


def test_a_refused_validation_is_said_when_the_page_comes_back(live_server, alice, game):
    """"Valider" with a play the engine refuses: the page comes back with the letters where they were, and the
    board's region says the reason; the tab stop is on the play's first square; Escape clears the play."""
    with page_as(live_server, alice, 390, 844) as page:
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        expect()(page.locator("#dup-board td[data-square='H8']")).to_be_focused()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")  # the play starts on H6
        page.keyboard.press("Q")
        page.keyboard.press("Q")
        tab_to(page, "validate-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#play-refused")
        reason = " ".join(page.text_content("#play-feedback").split())
        assert "refusé" in reason
        expect()(page.locator("#dup-board-status")).to_have_text(reason)
        assert page.locator("#dup-board .sq--ghost").count() == 2
        tab_into_board(page)  # from the top of the page: the board's one stop is the play's first square
        assert focused_square(page) == "H6"
        page.keyboard.press("Escape")
        expect()(page.locator("#dup-board-status")).to_have_text(
            f"{message(page, 'cleared')}. {page.get_attribute('#dup-rack .rack', 'aria-label')}")
        assert page.locator("#dup-board .sq--ghost").count() == 0
        assert page.input_value("#id_word") == "" and page.input_value("#id_coord") == ""
