"""A duplicate game in a real browser, in French: make it (progress bar), play three rounds (a play placed by
clicking the board and typing, a refused play with its reason, a play typed in the fields in English
notation, a round left empty), see each result, then the ranking. Screenshots at 1280 and 390 px go to ``artifacts/duplicate/``."""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import write_words
from training.duplicate.models import DuplicateGame

ARTIFACTS = artifacts_dir("duplicate")

pytestmark = BROWSER_MARKS


@pytest.fixture
def browser_page():
    with launch_context(viewport={"width": 1280, "height": 1000}, locale="fr-FR") as context:
        page = new_page(context)
        page.on("console", lambda m: print("console:", m.text))
        yield page


def log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "lea")
    page.fill("input[name=password]", "Scrabble-2026-ok")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()


def new_tiles(game: DuplicateGame, number: int) -> tuple[dict, list[str]]:
    """The round's top and the letters it puts down (the ones to type after choosing its first square)."""
    from engine.scrabble.cgp import parse_cgp

    rnd = game.rounds.get(number=number)
    top = rnd.top
    board = parse_cgp(rnd.cgp).board
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    letters = [ch for k, ch in enumerate(top["word"])
               if not board.get(top["row"] + dr * k, top["col"] + dc * k)]
    return top, letters


def test_make_a_game_and_play_three_rounds(live_server, browser_page, tmp_path, french_words, django_user_model):
    import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr")
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, base = browser_page, live_server.url
    log_in(page, base)

    page.goto(f"{base}/training/duplicate/")
    page.select_option("#id_timer", "300")
    page.screenshot(path=str(ARTIFACTS / "index.png"), full_page=True)
    page.click("#new-game-form button[type=submit]")
    page.wait_for_selector("#dup-board")
    game = DuplicateGame.objects.get()
    assert game.status == "done" and game.round_count >= 3
    assert page.locator("#dup-board td.sq").count() == 225 and page.locator("#dup-rack .tile").count() == 7
    assert "Coup 1 sur" in page.inner_text("h1")

    # Round 1: placed with the board: click the first square (twice to go down), type the new letters.
    top, letters = new_tiles(game, 1)
    square = "ABCDEFGHIJKLMNO"[top["row"]] + str(top["col"] + 1)
    page.click(f"#dup-board td[data-square='{square}']")
    if top["dir"] == "V":
        page.click(f"#dup-board td[data-square='{square}']")
    for letter in letters:
        page.keyboard.press(letter.upper())
    assert page.input_value("#id_coord") == top["coord"]
    assert page.input_value("#id_word").upper() == top["word"].upper()
    page.screenshot(path=str(ARTIFACTS / "round1-placed.png"), full_page=True)
    page.click("#check-button")
    page.wait_for_selector("#play-ok")
    assert str(top["score"]) in page.inner_text("#play-ok")
    page.click("#validate-button")
    page.wait_for_selector("#round-result")
    assert top["word"].upper() in page.inner_text("#round-result").upper()
    first = game.rounds.get(number=1)
    assert page.locator("#subtops tbody tr").count() == len([m for m in first.subtops
                                                               if m["score"] < first.top["score"]])
    page.screenshot(path=str(ARTIFACTS / "round1-result.png"), full_page=True)

    # Round 2: a refused play first (its reason in words), then the top typed in the fields.
    page.click("#next-round")
    page.wait_for_selector("#play-form")
    page.fill("#id_word", "ZZZ")
    page.fill("#id_coord", "A1")
    page.click("#check-button")
    page.wait_for_selector("#play-refused")
    assert "refusé" in page.inner_text("#play-refused")
    page.screenshot(path=str(ARTIFACTS / "round2-refused.png"), full_page=True)
    # The notation switched to English: the coordinate already typed is rewritten (A1 across = 1A), the help
    # follows, and the top is then typed in English notation.
    page.select_option("#id_style", "en")
    assert page.input_value("#id_coord") == "1A"
    assert "8H = ligne 8" in page.inner_text("#id_coord_helptext")
    top2, _ = new_tiles(game, 2)
    from engine.scrabble.notation import format_coord

    english2 = format_coord(top2["row"], top2["col"], top2["dir"], "en")
    page.fill("#id_word", top2["word"])
    page.fill("#id_coord", english2)
    page.click("#check-button")
    page.wait_for_selector("#play-ok")
    assert english2 in page.inner_text("#play-ok")
    page.click("#validate-button")
    page.wait_for_selector("#round-result")
    assert "Vous avez trouvé le top" in page.inner_text("#round-result")

    # Round 3: no play; on a phone.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#next-round")
    page.wait_for_selector("#dup-board")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.input_value("#id_style") == "en"  # remembered for the game
    page.screenshot(path=str(ARTIFACTS / "round3-phone.png"), full_page=True)
    page.click("#validate-button")
    page.wait_for_selector("#round-result")
    assert "Aucun coup joué" in page.inner_text("#round-result")
    page.screenshot(path=str(ARTIFACTS / "round3-result-phone.png"), full_page=True)
    expected = top["score"] + top2["score"]
    assert str(expected) in page.inner_text("#running-total")

    page.goto(f"{base}/training/duplicate/{game.pk}/ranking/")
    assert "lea" in page.inner_text("#ranking")
    page.screenshot(path=str(ARTIFACTS / "ranking-phone.png"), full_page=True)

    # The rest of the game is left empty (validated on the server), then the review and its one click.
    from training.duplicate import services

    player = game.players.get()
    while not player.is_finished:
        player = services.validate_round(player).player
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{base}/training/duplicate/{game.pk}/review/")
    assert page.locator("#review tbody tr").count() == game.round_count
    page.screenshot(path=str(ARTIFACTS / "review.png"), full_page=True)
    page.click("#missed-form button[type=submit]")
    page.wait_for_url("**/training/lists/*/")
    assert "tops manqués" in page.inner_text("main").lower()
    page.screenshot(path=str(ARTIFACTS / "missed-list.png"), full_page=True)


# --- Nothing placed is lost: "Valider" and the end of the clock send the play on the board ---------------------

def signed_in_page(context, live_server, user):
    """A page of ``context`` signed in as ``user`` (a session made by the test client: no slow log-in)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = new_page(context)
    page.on("console", lambda m: print("console:", m.text))
    return page


def place(page, top: dict, letters: list[str]) -> None:
    """Click the play's first square (twice to go down) and type its new letters."""
    square = "ABCDEFGHIJKLMNO"[top["row"]] + str(top["col"] + 1)
    page.click(f"#dup-board td[data-square='{square}']")
    if top["dir"] == "V":
        page.click(f"#dup-board td[data-square='{square}']")
    for letter in letters:
        page.keyboard.press(letter.upper())


def test_tiles_placed_then_validate_scores_the_play_without_a_check(live_server, alice, game):
    with launch_context(viewport={"width": 1280, "height": 1000}, locale="fr-FR") as context:
        page = signed_in_page(context, live_server, alice)
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        top, letters = new_tiles(game, 1)
        place(page, top, letters)
        assert page.locator("#dup-board .sq--ghost").count() == len(letters)
        page.click("#validate-button")  # no "Vérifier" first
        page.wait_for_selector("#round-result")
        assert "Vous avez trouvé le top" in page.inner_text("#round-result")
        assert game.players.get().plays.get(number=1).score == top["score"]


def test_a_refused_play_at_validate_stays_on_the_board_with_its_reason(live_server, alice, game):
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        page = signed_in_page(context, live_server, alice)
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        page.click("#dup-board td[data-square='H8']")
        page.keyboard.press("Q")
        page.keyboard.press("Q")
        page.click("#validate-button")
        page.wait_for_selector("#play-refused")
        assert "refusé" in page.inner_text("#play-refused")
        assert page.locator("#dup-board .sq--ghost").count() == 2  # the letters where the player put them
        assert page.input_value("#id_word") == "QQ" and page.input_value("#id_coord") == "H8"
        page.screenshot(path=str(ARTIFACTS / "validate-refused-phone.png"), full_page=True)
        assert game.players.get().current_round == 1


@pytest.mark.parametrize("how", ["board", "fields"])
def test_the_clock_running_out_sends_the_play_placed(live_server, alice, dup_lexicon, how):
    """A 1-minute game opened 55 s after its round started: the player places the top (on the board, or typed
    in the fields) and does nothing more; at zero the page sends it and it scores."""
    import datetime as dt

    from django.utils import timezone

    from tests.training.duplicate.conftest import SEED
    from training.duplicate import services

    game = services.start_game(alice, dup_lexicon, seed=SEED, timer_seconds=60)
    player = services.join(game, alice)
    services.open_round(player, now=timezone.now() - dt.timedelta(seconds=54))
    top, letters = new_tiles(game, 1)
    with launch_context(viewport={"width": 1280, "height": 1000}, locale="fr-FR") as context:
        page = signed_in_page(context, live_server, alice)
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        if how == "board":
            place(page, top, letters)
        else:
            page.fill("#id_word", top["word"])
            page.fill("#id_coord", top["coord"])
            assert page.locator("#dup-board .sq--ghost").count() == len(letters)  # the board follows the fields
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"timeout-{how}-before.png"), full_page=True)
        page.wait_for_selector("#round-result", timeout=20_000)
        assert "Aucun coup joué" not in page.inner_text("#round-result")
        assert "Vous avez trouvé le top" in page.inner_text("#round-result")
    mine = game.players.get().plays.get(number=1)
    assert mine.score == top["score"] and mine.late_attempts == 0


@pytest.mark.parametrize("width, height", [(1280, 1000), (390, 844)])
def test_the_play_page_rack_arrow_focus_and_draw(live_server, alice, game, width, height):
    """The rack greys the tiles placed, sorts and shuffles; an arrow shows where the next letter goes; the board
    has the focus when a round opens and "Coup suivant" after the result; the draw and the bag are announced;
    on a phone Vérifier/Valider sit right under the board."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rack = game.rounds.get(number=1).rack
    top, letters = new_tiles(game, 1)
    with launch_context(viewport={"width": width, "height": height}, locale="fr-FR") as context:
        page = signed_in_page(context, live_server, alice)
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        assert page.evaluate("document.activeElement.dataset.square") == "H8"  # the board, ready to place
        assert "Tirage\u00a0:" in page.inner_text("#announced") and "95 jetons dans le sac" in page.inner_text("#announced")

        def rack_letters():
            return page.eval_on_selector_all("#dup-rack .tile--rack", "ts => ts.map(t => t.textContent.trim().charAt(0) || '?')")

        page.click("#rack-sort")
        assert rack_letters() == sorted(rack.replace("?", ""), key=str) + ["?"] * rack.count("?")
        page.click("#rack-shuffle")
        assert sorted(rack_letters()) == sorted(rack)
        place(page, top, letters)
        assert page.locator("#dup-rack .tile--placed").count() == len(letters)
        assert page.locator("#dup-board .sq--arrow").count() == 1
        page.keyboard.press("Backspace")
        assert page.locator("#dup-rack .tile--placed").count() == len(letters) - 1
        page.keyboard.press(letters[-1].upper())
        if width < 600:
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            board_bottom = page.eval_on_selector("#dup-board", "e => e.getBoundingClientRect().bottom")
            for button in ("#check-button", "#validate-button"):
                assert page.eval_on_selector(button, "e => e.getBoundingClientRect().top") - board_bottom < 260
        page.screenshot(path=str(ARTIFACTS / f"play-placed-{width}.png"), full_page=True)
        page.click("#validate-button")
        page.wait_for_selector("#round-result")
        assert page.evaluate("document.activeElement.id") == "next-round"
        assert "négatif 0" in page.inner_text("#running-total")
        page.screenshot(path=str(ARTIFACTS / f"result-{width}.png"), full_page=True)
        page.keyboard.press("Enter")  # "Coup suivant" with the focus: the next round
        page.wait_for_selector("#dup-board td[data-square]")
        assert "Coup 2 sur" in page.inner_text("h1")


def test_a_letter_the_rack_lacks_goes_on_the_blank_in_lower_case(live_server, alice, dup_lexicon):
    """Joker game, seed 5: the first top puts the blank down (Za). Typed in capitals, the A the rack lacks takes
    the blank: the blank tile is greyed, the square shows a lower-case a in the blank's style, and the play
    scores the top."""
    from training.duplicate import services

    game = services.start_game(alice, dup_lexicon, seed=5, variant="joker", timer_seconds=180)
    top, letters = new_tiles(game, 1)
    assert any(ch.islower() for ch in top["word"])
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        page = signed_in_page(context, live_server, alice)
        page.goto(f"{live_server.url}/training/duplicate/{game.pk}/")
        place(page, top, letters)
        assert page.locator("#dup-rack .tile--blank.tile--placed").count() == 1
        assert page.locator("#dup-board .sq--ghost-blank").count() == 1
        assert page.input_value("#id_word") == top["word"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "joker-placed-phone.png"), full_page=True)
        page.click("#validate-button")
        page.wait_for_selector("#round-result")
        assert "Vous avez trouvé le top" in page.inner_text("#round-result")
        page.screenshot(path=str(ARTIFACTS / "joker-result-phone.png"), full_page=True)
