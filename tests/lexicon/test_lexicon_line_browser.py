"""The lexicon line of every mode in a real browser at phone width, in French, after the lexicon was published
again: a training grid, a word-study quiz and the daily challenge, a duplicate game, a crossword, a lab
comparison and a Jarnac game each say which version they were made with and which one is in service, on one
line block that fits 390 px. Screenshots in ``artifacts/lexicon/`` (git-ignored)."""

from __future__ import annotations

from lexicon.services import import_word_list
from puzzles.crosswords import services as crossword_services
from puzzles.jarnac import services as jarnac_services
from puzzles.lab import services as lab_services
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.engine.duplicate.test_game import SMALL
from tests.puzzles.jarnac.support import jarnac_lexicon
from tests.support import french_dict_words, write_words
from tests.version_support import republish
from training.duplicate import services as duplicate_services
from training.grids import services as grid_services
from training.lists import services as list_services
from training.wordstudy import services as wordstudy_services
from training.wordstudy.ranking import ensure_ranking

ARTIFACTS = artifacts_dir("lexicon")

pytestmark = BROWSER_MARKS


def test_every_mode_names_its_version_at_phone_width(live_server, tmp_path, django_user_model, settings):
    settings.LANGUAGE_CODE = "fr"
    lea = django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    french = import_word_list(write_words(tmp_path / "fr.txt", french_dict_words(8)), name="fr8",
                              language="fr").lexicon
    revision_list = list_services.create_list(lea, french, "Tops")
    for word, support in [("BACCARAT", "T"), ("DATAIS", "T"), ("RETINES", None)]:
        list_services.add_word(revision_list, word, support)
    grid = grid_services.start_list_grid(lea, revision_list, seed=7)
    assert ensure_ranking(french).state == "done"
    quiz = wordstudy_services.create_quiz(lea, wordstudy_services.QuizRequest(
        lexicon=french.pk, kind="anagrams", length=7, rank_from=1, rank_to=5, mode="wall"))
    wordstudy_services.challenge_for(french, user=lea)
    crossword = crossword_services.start_crossword(lea, french, 5, "fr", seed=3)
    comparison = lab_services.start_comparison(lea, french, "...../.#.#./...../.#.#./.....", "fr",
                                               algorithms=["mac"], seeds=1)
    small = import_word_list(write_words(tmp_path / "dup.txt", SMALL), name="dup-small", language="fr").lexicon
    duplicate = duplicate_services.start_game(lea, small, seed=2, timer_seconds=180)
    jarnac_services.forget_trees()
    jarnac = jarnac_services.start_game(lea, jarnac_lexicon(tmp_path), "medium", seed="browser")
    for lexicon in (french, small, jarnac.lexicon):
        assert republish(lexicon, tmp_path) == 2

    pages = {"grid": f"/training/grids/{grid.pk}/", "quiz": f"/wordstudy/quizzes/{quiz.pk}/wall/",
             "challenge": f"/wordstudy/challenge/?lexicon={french.pk}", "duplicate": f"/training/duplicate/{duplicate.pk}/",
             "crossword": f"/puzzles/crosswords/{crossword.pk}/", "comparison": f"/puzzles/lab/comparisons/{comparison.pk}/",
             "jarnac": f"/puzzles/jarnac/{jarnac.pk}/"}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", "lea")
        page.fill("input[name=password]", "Scrabble-2026-ok")
        page.press("input[name=password]", "Enter")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            line = page.locator("#lexicon-line")
            line.wait_for()
            text = " ".join(line.inner_text().split())
            assert "version 1" in text and "La version 1 n’est plus en service : c’est désormais la 2." in text, name
            box = line.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
            line.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"{name}-390.png"))
        assert errors == []
