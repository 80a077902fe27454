"""A live room with the keyboard only, in French on a phone (docs/accessibility.md), served by Daphne: a
player hands in a bulletin with Tab, typing and Enter (the room's own form: the board is not played on in a
room), and hears it received. The room's board is read-only, a table like every board that is only shown: no
grid, no square in the tab order, and the tiles rooms.js draws say their square, as the server's do."""

from __future__ import annotations

from types import SimpleNamespace

from engine.scrabble.notation import format_coord
from tests.browser_support import BROWSER_MARKS, page_as
from tests.training.duplicate.board_keyboard import assert_aria_clean, expect, tab_to
from tests.training.rooms.test_browser import daphne_url, log_in  # noqa: F401
from training.rooms import services

pytestmark = BROWSER_MARKS

ROWS = "ABCDEFGHIJKLMNO"


def test_a_bulletin_handed_in_with_the_keyboard_only(daphne_url, dup_lexicon, django_user_model):  # noqa: F811
    host, lea, max_ = (django_user_model.objects.create_user(name, password="Scrabble-2026-ok")
                       for name in ("arbitre", "lea", "max"))
    room = services.create_room(host, "Club du jeudi", dup_lexicon, seed=2, pause_seconds=0, solo_min_players=2)
    for player in (lea, max_):
        services.join(player, room.code, "player")
    room = services.start(room, host)
    first = room.game.rounds.get(number=1)
    top = first.top
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")

    with page_as(SimpleNamespace(url=daphne_url), lea, 390, 844, bypass_csp=True) as page:
        page.goto(f"{daphne_url}/training/rooms/{room.pk}/")
        page.wait_for_selector("#rack .tile")
        board = page.locator("#room-board table")
        assert board.get_attribute("role") is None  # a table: read only
        assert page.locator("#room-board [tabindex]").count() == 0
        expect()(page.locator("#rack")).to_have_accessible_name("Tirage")

        # Tab from the top of the page to the coordinates, type, Tab to the word, type, Enter.
        tab_to(page, "coord-input")
        page.keyboard.type(coord)
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "word-input"
        page.keyboard.type(top["word"].lower())
        page.keyboard.press("Enter")
        page.wait_for_selector("#bulletin-ok")
        feedback = page.locator("#bulletin-feedback")
        assert feedback.get_attribute("aria-live") == "polite"
        expect()(feedback).to_contain_text(f"{coord.upper()} {top['word'].upper()}")
        assert "Bulletin reçu" in feedback.inner_text()
        assert_aria_clean(page, within=["#board-zone", "#rack", "#bulletin-form", "#bulletin-feedback"])

        # The arbitre closes the round (in his browser: the room's events leave from Daphne's process); the top
        # is on the board, each of its tiles named with its square.
        host_context = page.context.browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        host_page = log_in(host_context, daphne_url, "arbitre")
        host_page.goto(f"{daphne_url}/training/rooms/{room.pk}/")
        host_page.click("#next-button")
        expect()(page.locator("#round-line")).to_contain_text("Coup 2", timeout=20_000)
        dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
        for k, letter in enumerate(top["word"]):
            square = f"{ROWS[top['row'] + dr * k]}{top['col'] + dc * k + 1}"
            cell = page.locator(f"#room-board td[data-square='{square}']")
            spoken = letter.upper() if letter.isupper() else f"joker valant {letter.upper()}"
            expect()(cell).to_have_accessible_name(f"{square}, {spoken}")
        host_context.close()
