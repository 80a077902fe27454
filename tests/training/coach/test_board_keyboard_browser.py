"""A coach puzzle with the keyboard only, as a screen-reader user solves it, in French (docs/accessibility.md):
the board is the duplicate page's grid; a refused answer is said by the board's live region, Escape clears
the play, the top placed letter by letter is heard, and the answered page opens on the link described by the
verdict. The puzzle is round 1 of the duplicate tests' game, put in a drill of one."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from engine.coach import TAGS
from tests.browser_support import BROWSER_MARKS, page_as
from tests.training.duplicate.board_keyboard import (
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
from tests.training.duplicate.conftest import dup_lexicon, game  # noqa: F401
from training.coach.models import Drill, DrillItem, Puzzle, PuzzleAnswer, PuzzleCard
from training.lists.services import new_card_fields

pytestmark = BROWSER_MARKS


@pytest.fixture
def puzzle(alice, game):  # noqa: F811
    """Round 1 of ``game`` as alice's puzzle, the one item of an open drill."""
    rnd = game.rounds.get(number=1)
    made = Puzzle.objects.create(lexicon=game.lexicon, source=Puzzle.Source.ROUND, round=rnd, cgp=rnd.cgp,
                                 rack=rnd.rack, top=rnd.top, top_word=rnd.top_word, top_score=rnd.top_score,
                                 tags=rnd.tags, word_length=len(rnd.top_word))
    drill = Drill.objects.create(user=alice, tag=TAGS[0])
    DrillItem.objects.create(drill=drill, puzzle=made, order=1)
    PuzzleCard.objects.create(user=alice, puzzle=made, **new_card_fields(timezone.now()))
    return made


def test_a_puzzle_solved_with_the_keyboard_only_is_heard(live_server, alice, game, puzzle):  # noqa: F811
    top, placed = squares_of(game, 1)
    start = f"{'ABCDEFGHIJKLMNO'[top['row']]}{top['col'] + 1}"
    with page_as(live_server, alice, 1280, 1000, bypass_csp=True) as page:
        page.goto(f"{live_server.url}/training/coach/puzzles/{puzzle.pk}/")
        status = page.locator("#dup-board-status")
        expect()(page.locator("#dup-board table")).to_have_attribute("role", "grid")
        expect()(page.locator("#dup-board td[data-square='H8']")).to_be_focused()
        whole_rack = page.get_attribute("#dup-rack .rack", "aria-label")

        # A play the engine refuses: its reason is said by the board's region.
        page.keyboard.press("Enter")
        page.keyboard.press("Q")
        page.keyboard.press("Q")
        tab_to(page, "answer-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#play-refused")
        reason = " ".join(page.text_content("#play-feedback").split())
        expect()(status).to_have_text(reason)
        assert not PuzzleAnswer.objects.exists()

        # Back on the board with Shift+Tab, on its one tab stop; Escape takes the play back.
        tab_into_board(page, "Shift+Tab")
        assert focused_square(page) == "H8"
        page.keyboard.press("Escape")
        expect()(status).to_have_text(f"{message(page, 'cleared')}. {whole_rack}")
        expect()(page.locator("#dup-rack .rack")).to_have_attribute("aria-label", whole_rack)

        # The top, letter by letter.
        walk_to(page, start)
        page.keyboard.press("Enter")
        if top["dir"] == "V":
            page.keyboard.press("Enter")
            expect()(status).to_have_text(message(page, "down"))
        used: list[str] = []
        for letter, at in placed:
            page.keyboard.press(letter.upper())
            used.append(letter)
            expect()(status).to_have_text(f"{message(page, 'placed', letter=spoken_letter(page, letter), square=at)}. "
                                          f"{rack_left(page, puzzle.rack, used, whole_rack)}")
        assert_aria_clean(page)

        # "Répondre" with Tab and Enter: the answered page opens on its link, described by the verdict.
        tab_to(page, "answer-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#verdict")
        assert "Top trouvé" in page.inner_text("#verdict")
        link = page.locator("#next-round")
        expect()(link).to_be_focused()
        expect()(link).to_have_accessible_description(re.compile("Top trouvé.*" + re.escape(top["coord"])))
        assert page.get_attribute("#dup-board table", "role") is None  # the board with the top: read only
        assert PuzzleAnswer.objects.get(user=alice).correct
