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

    page.fill("input[name=word]", "ZZZZ")  # a typo first: refused with the reason, the situation stays open
    page.press("input[name=word]", "Enter")
    page.wait_for_selector("#answer-refused")
    assert "n’est pas dans le lexique" in page.inner_text("#answer-zone")
    from tests.training.helpers import wrong_play
    from training.grids.models import Answer, Situation

    assert not Answer.objects.exists()
    low = wrong_play(Situation.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1])))
    page.fill("input[name=word]", low.word)  # then a legal play that is not the list word: kept and counted
    page.fill("input[name=coord]", low.coord)
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
        from training.grids.models import Situation

        situation_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
        word = Situation.objects.get(pk=situation_id).word
        page.fill("input[name=word]", word.lower())
        page.click("#answer-form button[type=submit]")
        page.wait_for_selector("#top-table")
        assert "feedback--ok" in page.inner_html("#answer-zone")
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-right.png"))

    page.goto(f"{base}/training/")
    assert page.locator(".chart").count() == 2  # activity (what the daily goal counts), accuracy
    assert page.locator(".chart--activity .chart__bar--answers").count() == 1  # today's grid answer
    page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the board fits, no sideways scrolling
    page.goto(first_url)
    page.wait_for_selector("table.scrabble-board")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "situation-phone.png"), full_page=True)


def _log_in(page, base: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", "alice-pass-123")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"**{next_url}")


def _fits(page, width: int) -> None:
    """No sideways scrolling at ``width`` px: the page is no wider than the screen."""
    wide = page.evaluate("""(w) => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > w + 1 && !(e.parentElement && e.parentElement.closest('.table-scroll')))
        .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))""",
                         width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (page.url, wide)


def test_answer_flow_right_top_wrong_refused_and_widths(live_server, alice, small_lexicon):
    """The four verdicts a learner meets, in French, at 1280 px; then the list, situation and grid at 390 px."""
    from engine.scrabble.cgp import parse_cgp
    from engine.scrabble.movegen import generate_moves
    from lexicon.selectors import gaddag_for
    from tests.training.helpers import baccarat_situation, situation_for, top_play
    from training.lists import services

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    revision_list = services.create_list(alice, small_lexicon, "Mes 7+1 et quelques mots pour tester la largeur")
    right = baccarat_situation(alice, services.add_word(revision_list, "BACCARAT", "T"))
    art = services.add_word(revision_list, "ART", "T")
    top = situation_for(alice, art, "AR", "8F", "ART")
    wrong = situation_for(alice, art, "AR", "8F", "ART")
    gaddag = gaddag_for(small_lexicon)
    moves = generate_moves(gaddag, parse_cgp(top.cgp))
    best = top_play(top)  # RA at G9 outscores ART here: a top other than the list word
    low = next(m for m in moves if m.score < top.expected["score"])
    base = live_server.url

    with launch_context(viewport={"width": 1280, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        _log_in(page, base, f"/training/situations/{right.pk}/")

        def answer(situation, word: str, coord: str = "", wait: str = "#feedback") -> None:
            page.goto(f"{base}/training/situations/{situation.pk}/")
            page.fill("input[name=word]", word)
            page.fill("input[name=coord]", coord)
            page.click("#answer-form button[type=submit]")
            page.wait_for_selector(wait)

        answer(right, "bacarat", wait="#answer-refused")  # a typo: refused with the reason, the form stays
        assert "BACARAT n’est pas dans le lexique" in page.inner_text("#answer-zone")
        assert page.locator("#answer-form").count() == 1 and page.input_value("input[name=word]") == "bacarat"
        goal = page.inner_text("#situation-goal")
        assert "Objectif\u00a0: le mot de la liste, 8 lettres, par le T en H8" in goal, goal
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-typo-1280.png"))
        answer(right, "baccarat", "8A")
        assert "feedback--ok" in page.inner_html("#answer-zone")
        mine = page.locator("#top-table tr.is-mine")
        assert mine.count() == 1 and "BACCARAT" in mine.inner_text() and "votre mot" in mine.inner_text()
        table = page.locator("#top-table").bounding_box()
        zone = page.locator("#answer-zone").bounding_box()
        assert table["x"] + table["width"] <= zone["x"] + zone["width"] + 1  # the score column is not clipped
        assert page.evaluate("(() => { const w = document.querySelector('#top-table').closest('.table-scroll');"
                             " return w.scrollWidth <= w.clientWidth; })()")
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-right-1280.png"))

        page.goto(f"{base}/training/situations/{top.pk}/")
        assert "Le top de cette position est un autre coup" in page.inner_text("#situation-goal")
        answer(top, best.word, best.coord)  # the top, not the list word: credited, the situation stays open
        assert "Un top" in page.inner_text("#feedback") and page.locator("#answer-form").count() == 1
        assert page.locator("#top-table").count() == 0  # nothing told about the list word yet
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-top-credited-1280.png"))
        answer(top, "art")
        assert "feedback--ok" in page.inner_html("#answer-zone") and page.locator("#top-credit").count() == 1
        assert "ART" in page.locator("#top-table tr.is-expected").inner_text()
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-top-1280.png"))

        # The same situation open in a second tab, still showing its form.
        other = new_page(context)
        other.goto(f"{base}/training/situations/{wrong.pk}/")
        other.wait_for_selector("#answer-form")

        answer(wrong, low.word, low.coord)
        feedback = page.inner_text("#feedback")
        assert "feedback--ko" in page.inner_html("#answer-zone") and str(low.score) in feedback
        page.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-wrong-1280.png"))

        # A second try (from the other tab) is refused in words; the first verdict stands.
        other.fill("input[name=word]", "ART")
        other.fill("input[name=coord]", "8F")
        other.click("#answer-form button[type=submit]")
        other.wait_for_selector("#refused")
        assert "première réponse" in other.inner_text("#refused") and "feedback--ko" in other.inner_html("#answer-zone")
        other.locator(".play-area").screenshot(path=str(ARTIFACTS / "answer-refused-1280.png"))
        from training.grids.models import Answer

        assert Answer.objects.filter(situation=wrong).count() == 1 and not Answer.objects.get(situation=wrong).correct
        page.goto(f"{base}/training/situations/{wrong.pk}/")
        assert page.locator("#answer-form").count() == 0 and page.locator("#feedback").count() == 1

        page.goto(f"{base}/training/lists/{revision_list.pk}/")
        page.screenshot(path=str(ARTIFACTS / "list-1280.png"), full_page=True)

        page.set_viewport_size({"width": 390, "height": 844})
        phone = services.add_word(revision_list, "BACCARAS", "S")
        typo = baccarat_situation(alice, phone)
        page.goto(f"{base}/training/situations/{typo.pk}/")
        page.fill("input[name=word]", "bacarat")
        page.click("#answer-form button[type=submit]")
        page.wait_for_selector("#answer-refused")
        assert "n’est pas dans le lexique" in page.inner_text("#answer-zone")
        _fits(page, 390)
        page.screenshot(path=str(ARTIFACTS / "answer-typo-390.png"), full_page=True)
        for name, url in [("list", f"/training/lists/{revision_list.pk}/"), ("lists", "/training/lists/"),
                          ("situation", f"/training/situations/{top.pk}/"), ("grid", f"/training/grids/{top.grid_id}/"),
                          ("dashboard", "/training/")]:
            page.goto(f"{base}{url}")
            page.wait_for_load_state()
            page.screenshot(path=str(ARTIFACTS / f"{name}-390.png"), full_page=True)
            _fits(page, 390)
