"""Replaying a game file in a real browser, in French, at 1280 and 390 px: the import form, the play page with
the draw as announced, the game sheet (screen and print media), the review. Screenshots go to
``artifacts/duplicate/``; at 390 px no page is wider than the screen and the review's table does not scroll
sideways (one card per round)."""

from __future__ import annotations

from engine.duplicate import make_game
from engine.duplicate.records import record_from_game, write_record
from lexicon.services import import_word_list
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.engine.duplicate.test_game import GADDAG, SMALL
from tests.support import write_words
from tests.training.duplicate.conftest import SEED
from training.duplicate.models import DuplicateGame

ARTIFACTS = artifacts_dir("duplicate")

pytestmark = BROWSER_MARKS


def test_replay_a_game_file_then_print_its_sheet(live_server, tmp_path, django_user_model):
    lexicon = import_word_list(write_words(tmp_path / "small.txt", SMALL), name="petit", language="fr").lexicon
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    text = write_record(record_from_game(make_game(GADDAG, SEED, "classic")), "eliot")
    base = live_server.url
    for width in (1280, 390):
        with launch_context(viewport={"width": width, "height": 900}, locale="fr-FR") as context:
            page = new_page(context)
            page.goto(f"{base}/accounts/login/")
            page.fill("input[name=username]", "lea")
            page.fill("input[name=password]", "Scrabble-2026-ok")
            page.click("main form button[type=submit]")
            page.wait_for_load_state()
            page.goto(f"{base}/training/duplicate/import/")
            assert "Rejouer une partie" in page.inner_text("h1")
            page.select_option("#id_lexicon", str(lexicon.pk))
            page.fill("#id_text", text)
            page.screenshot(path=str(ARTIFACTS / f"import-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.click("#import-form button[type=submit]")
            page.wait_for_selector("#dup-board")
            assert "Tirage\u00a0:" in page.inner_text("#announced")
            page.screenshot(path=str(ARTIFACTS / f"imported-play-{width}.png"), full_page=True)
            game = DuplicateGame.objects.filter(owner__username="lea").order_by("-pk").first()
            page.goto(f"{base}/training/duplicate/{game.pk}/sheet/")
            assert page.locator("#game-sheet tbody tr").count() == game.round_count
            page.screenshot(path=str(ARTIFACTS / f"sheet-{width}.png"), full_page=True)
            page.emulate_media(media="print")
            assert not page.locator(".site-nav").is_visible() and not page.locator("#export-links").is_visible()
            page.screenshot(path=str(ARTIFACTS / f"sheet-print-{width}.png"), full_page=True)
            page.emulate_media(media="screen")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            # play it through (validating every round without a play), then the review and the ranking
            page.goto(f"{base}/training/duplicate/{game.pk}/")
            for _round in range(game.round_count):
                page.click("#validate-button")
                page.wait_for_selector("#next-round")
                page.click("#next-round")
                page.wait_for_load_state()
            assert "Négatif" in page.inner_text("main")
            page.screenshot(path=str(ARTIFACTS / f"review-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            # the review's table itself does not scroll sideways either (one card per round on a phone)
            scroll = page.evaluate("(() => { const s = document.querySelector('#review').closest('.table-scroll');"
                                   " return [s.scrollWidth, s.clientWidth]; })()")
            assert scroll[0] <= scroll[1], scroll
            if width == 390:
                assert not page.locator("#review thead").is_visible() or \
                    page.evaluate("document.querySelector('#review thead').getBoundingClientRect().height") <= 1
                labels = page.evaluate("[...document.querySelectorAll('#review tbody tr:first-child td')]"
                                       ".map(td => getComputedStyle(td, '::before').content)")
                assert '"Top"' in labels and '"Votre coup"' in labels, labels  # each value has its label
            page.goto(f"{base}/training/duplicate/{game.pk}/ranking/")
            page.screenshot(path=str(ARTIFACTS / f"ranking-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
