"""Jarnac in a real browser, in French, with the keyboard: start a game, draw, a refused word, a word
placed, end the turn and see the AI's reply, a hint; screenshots at 1280 and 390 px.

Debian's Chromium driven by Playwright. Screenshots go to ``artifacts/jarnac/`` (git-ignored).
"""

from __future__ import annotations

import pytest

from engine.jarnac import creations, from_json, new_game, to_json
from puzzles.jarnac import services
from puzzles.jarnac.models import JarnacGame
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.puzzles.jarnac.support import jarnac_lexicon

ARTIFACTS = artifacts_dir("jarnac")

pytestmark = BROWSER_MARKS


@pytest.fixture
def french(settings):
    settings.LANGUAGE_CODE = "fr"


def playable_seed(tree) -> str:
    """A seed whose first six letters make a word of the test lexicon (so the test places one)."""
    for i in range(500):
        if creations(tree, new_game(f"browser-{i}").bag[:6]):
            return f"browser-{i}"
    raise AssertionError("no seed gives a playable first draw")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_few_turns_with_the_keyboard(live_server, tmp_path, django_user_model, french, width):
    services.forget_trees()
    lexicon = jarnac_lexicon(tmp_path)
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url
    with launch_context(viewport={"width": width, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        page.goto(f"{base}/accounts/login/?next=/puzzles/jarnac/")
        page.fill("input[name=username]", "lea")
        page.fill("input[name=password]", "Scrabble-2026-ok")
        page.press("input[name=password]", "Enter")
        page.wait_for_url("**/puzzles/jarnac/")
        assert page.locator("nav a[href='/puzzles/jarnac/']").count() == 1
        page.select_option("select[name=level]", "hard")
        page.click("#jarnac-new button[type=submit]")
        page.wait_for_url("**/puzzles/jarnac/*/")
        game = JarnacGame.objects.get()
        assert game.level == "hard" and game.lexicon == lexicon
        # A known bag (the game has no move yet: same as starting with this seed).
        tree = services.jarnac_tree(lexicon)
        game.seed = playable_seed(tree)
        game.state = to_json(new_game(game.seed, "fr"))
        game.save()
        page.reload()
        assert "À vous de jouer" in page.inner_text("#jn-status") and "Sac\u00a0: 144 lettres" in page.inner_text("#jn-status")
        assert page.locator("tr.jn-line").count() == 16
        page.screenshot(path=str(ARTIFACTS / f"start-{width}.png"), full_page=True)

        # Draw six letters with the keyboard.
        page.focus("#jn-draw button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#jn-word-input")
        assert page.locator("#jn-reserve .tile").count() == 6
        rack = from_json(JarnacGame.objects.get().state).players[0].rack
        assert "".join(sorted(page.inner_text("#jn-reserve").split())) == rack

        # A word that is not in the lexicon: refused in words, nothing changes.
        page.focus("#jn-word-input")
        page.keyboard.type("zzz")
        page.keyboard.press("Enter")
        page.wait_for_selector(".message--error")
        assert "ZZZ" in page.inner_text(".messages")
        assert page.locator("#jn-reserve .tile").count() == 6

        assert page.input_value("#jn-word-input") == "zzz"  # kept, to be fixed

        # A real word on a new line.
        word = creations(tree, rack)[-1].word  # the shortest
        page.focus("#jn-word-input")
        page.keyboard.press("Control+A")
        page.keyboard.type(word.lower())
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#jn-moves >> text={word}")
        assert from_json(JarnacGame.objects.get().state).players[0].lines == (word,)
        assert word in page.inner_text(".jn-mat--mine")

        # A hint, then end the turn: the AI answers at once.
        page.click("#jn-hint-link")
        page.wait_for_selector("#jn-hint")
        assert "nouveau" in page.inner_text("#jn-hint")
        page.locator("#jn-hint").screenshot(path=str(ARTIFACTS / f"hint-{width}.png"))
        page.focus("#jn-pass button")
        page.keyboard.press("Enter")
        page.wait_for_selector("text=L’IA a joué")
        moves = page.inner_text("#jn-moves")
        assert "L’IA" in moves and "À vous de jouer" in page.inner_text("#jn-status")
        message = page.inner_text(".messages")
        assert "L’IA a joué\u00a0: L’IA\u00a0: tirage" in message and " ms)" not in message  # its moves, no timing
        state = from_json(JarnacGame.objects.get().state)
        assert state.current == 0 and state.players[1].turns == 1
        # The AI's letters are face up, under its board (a "Jarnac!" steals from them).
        theirs = "".join(page.inner_text("#jn-their-reserve").split())
        assert sorted(theirs) == sorted(state.players[1].rack) or (theirs == "vide" and not state.players[1].rack)
        assert page.locator("#jn-their-reserve-title").inner_text().startswith("Le vrac de l’IA")
        page.screenshot(path=str(ARTIFACTS / f"after-ai-{width}.png"), full_page=True)

        # The page fits the screen: no sideways scrolling at this width.
        assert page.evaluate("document.documentElement.scrollWidth") <= width

        # The end of a game: the winner, the scores, the missed words and the button to review them.
        game = JarnacGame.objects.get()
        game.status, game.winner = JarnacGame.Status.OVER, "opponent"
        game.missed = [{"word": "TERRINES", "base": "TERRINE", "turn": 9}, {"word": "RATS", "base": "RAT", "turn": 5}]
        game.save()
        page.reload()
        assert "L’IA gagne." in page.inner_text(".jn-end")
        page.screenshot(path=str(ARTIFACTS / f"end-{width}.png"), full_page=True)
        page.focus("#jn-review button[type=submit]")
        page.keyboard.press("Enter")
        page.wait_for_selector(".message--success")
        assert "Jarnac\u00a0: mots manqués" in page.inner_text(".messages")
        page.goto(f"{base}/puzzles/jarnac/")
        assert "perdue" in page.inner_text("#my-games")
        page.screenshot(path=str(ARTIFACTS / f"games-{width}.png"), full_page=True)
        assert not errors, errors
