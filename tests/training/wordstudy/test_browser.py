"""A word wall in a real browser, in French, at 1280 px and 390 px, with the keyboard alone.

Log in, choose a 7-letter anagram quiz by ranks (Tab and typing only), type answers into the one box in any
order (Enter), see them land in their cells, finish, and find the missed answers on the results page.
Screenshots go to ``artifacts/wordstudy/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.browser_support import (
    BROWSER_MARKS,
    artifacts_dir,
    focus_arrives,
    french_page_as,
    launch_context,
    new_page,
    page_as,
)
from tests.support import write_words
from training.wordstudy.models import Quiz, QuizQuestion
from training.wordstudy.ranking import ensure_ranking
from training.wordstudy.services import QuizRequest, create_quiz

ARTIFACTS = artifacts_dir("wordstudy")

pytestmark = BROWSER_MARKS


def log_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "lea")
    page.fill("input[name=password]", "Scrabble-2026-ok")
    page.press("input[name=password]", "Enter")
    page.wait_for_load_state()


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_word_wall_with_the_keyboard(live_server, tmp_path, french_words, django_user_model, width, height):
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    ensure_ranking(lexicon)
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": width, "height": height}, locale="fr-FR") as context:
        page = new_page(context)
        base = live_server.url
        log_in(page, base)
        page.goto(f"{base}/wordstudy/")
        assert "Choisir un quiz" in page.inner_text("main")
        page.screenshot(path=str(ARTIFACTS / f"choose-{width}.png"), full_page=True)
        # Keyboard only: focus the length field, type, Tab to the next fields, Enter submits the form.
        page.focus("#id_length")
        page.keyboard.press("Control+A")
        page.keyboard.type("7")
        page.keyboard.press("Tab")
        page.keyboard.press("Control+A")
        page.keyboard.type("1")
        page.keyboard.press("Tab")
        page.keyboard.press("Control+A")
        page.keyboard.type("12")
        page.keyboard.press("Enter")
        page.wait_for_url("**/wordstudy/quizzes/*/wall/")
        quiz = Quiz.objects.get(owner__username="lea")
        questions = list(QuizQuestion.objects.filter(quiz=quiz).order_by("order"))
        assert len(questions) == 12 and page.locator(".ws-cell").count() == 12
        # The answer box has the focus: type answers of different questions, last question first.
        assert page.evaluate("document.activeElement.id") == "guess"
        typed = [questions[-1].answers[0], questions[0].answers[0].lower(), "ZZZZZZZ"]
        for word in typed:
            page.keyboard.type(word)
            page.keyboard.press("Enter")
            page.locator("#wall-board .ws-status", has_text=word.upper()).wait_for()
            assert page.evaluate("document.activeElement.id") == "guess"
        assert "pas une réponse" in page.inner_text("#wall-board .ws-status")
        assert questions[-1].answers[0] in page.inner_text(f"#q-{questions[-1].pk}")
        assert questions[0].answers[0] in page.inner_text(f"#q-{questions[0].pk}")
        assert page.locator(".ws-timer").count() == 1
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"the wall overflows: {scroll_width}px wide at {width}px"
        page.screenshot(path=str(ARTIFACTS / f"wall-{width}.png"), full_page=True)
        # Tab to "Finish" and press Enter: the results show every missed answer.
        page.focus("#finish-form button")
        page.keyboard.press("Enter")
        page.wait_for_url("**/results/")
        text = page.inner_text("main")
        assert "Résultats" in text
        missed = [w for q in questions for w in q.answers if w not in (typed[0], typed[1].upper())]
        assert missed and all(w in text for w in missed)
        assert page.locator(".ws-word--missed").count() == len(missed)
        page.screenshot(path=str(ARTIFACTS / f"results-{width}.png"), full_page=True)


def test_flash_cards_card_box_and_challenge_on_a_phone(live_server, tmp_path, french_words, django_user_model):
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    ensure_ranking(lexicon)
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        page = new_page(context)
        base = live_server.url
        log_in(page, base)
        page.goto(f"{base}/wordstudy/")
        page.select_option("#id_kind", "seven_plus_one")
        page.fill("#id_rank_to", "3")
        page.select_option("#id_mode", "flash")
        page.click(".ws-form button[type=submit]")
        page.wait_for_url("**/flash/")
        quiz = Quiz.objects.get(owner__username="lea")
        first = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
        assert "Question 1 sur 3" in page.inner_text("main")
        assert page.evaluate("document.activeElement.id") == "answers"
        page.screenshot(path=str(ARTIFACTS / "flash-390.png"), full_page=True)
        page.keyboard.type(" ".join(first.answers[:1]))
        page.keyboard.press("Enter")  # Enter sends the answers (Shift+Enter for a new line)
        page.wait_for_selector(".ws-verdict")
        assert all(w in page.inner_text(".ws-verdict") for w in first.answers)
        page.screenshot(path=str(ARTIFACTS / "flash-verdict-390.png"), full_page=True)
        page.goto(f"{base}/wordstudy/cards/")
        assert "Boîte de cartes" in page.inner_text("main")
        page.screenshot(path=str(ARTIFACTS / "cards-390.png"), full_page=True)
        page.goto(f"{base}/wordstudy/challenge/?lexicon={lexicon.pk}")
        page.click("text=Commencer le défi")
        page.wait_for_url("**/wall/")
        challenge_quiz = Quiz.objects.get(owner__username="lea", source="challenge")
        word = QuizQuestion.objects.filter(quiz=challenge_quiz).order_by("order").first().answers[0]
        expect = pytest.importorskip("playwright.sync_api").expect
        expect(page.locator("#guess")).to_be_focused()  # the wall's field takes the focus as it loads
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        page.locator("#wall-board .ws-status", has_text=word.upper()).wait_for()
        page.click("#finish-form button")
        page.wait_for_url("**/results/")
        page.goto(f"{base}/wordstudy/challenge/?lexicon={lexicon.pk}")
        assert "lea" in page.inner_text("table")
        page.screenshot(path=str(ARTIFACTS / "challenge-390.png"), full_page=True)
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= 390, f"the challenge page overflows: {scroll_width}px"


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_hooks_flash_card_answered_with_letters(live_server, tmp_path, french_words, alice, width, height):
    """A hooks flash card: ·WORD· between the Devant and Derrière fields, letters typed with the keyboard, the
    verdict written BFT·ETE·S with the words after."""

    from engine.wordstudy import Question, hook_letters
    from training.wordstudy import services

    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    ensure_ranking(lexicon)
    quiz = services.create_quiz(alice, services.QuizRequest(lexicon=lexicon.pk, kind="hooks", length=3, rank_from=1,
                                                            rank_to=1, mode="flash"))
    question = QuizQuestion.objects.get(quiz=quiz)
    front, back = hook_letters(Question("hooks", question.question, question.alphagram, tuple(question.answers)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with french_page_as(live_server, alice, width, height) as page:
        page.goto(f"{live_server.url}/wordstudy/quizzes/{quiz.pk}/flash/")
        assert f"·{question.question}·" in page.inner_text("main")
        assert page.evaluate("document.activeElement.id") == "front"
        page.keyboard.type(front.lower())
        page.keyboard.press("Tab")
        page.keyboard.type(back.lower())
        page.screenshot(path=str(ARTIFACTS / f"hooks-flash-{width}.png"), full_page=True)
        page.keyboard.press("Enter")
        page.wait_for_selector(".ws-verdict")
        assert "Bravo" in page.inner_text(".ws-verdict")
        shown = page.eval_on_selector(f"#hooks-{question.pk}", "e => Array.from(e.children).filter("
                                      "c => !c.classList.contains('visually-hidden')).map(c => c.textContent).join('')")
        assert shown == f"{front}·{question.question}·{back}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(ARTIFACTS / f"hooks-verdict-{width}.png"), full_page=True)


def wall_quiz_page(context, live_server, alice, lexicon, wait_until: str = "load"):
    """A word wall of 7-letter anagrams for ``alice``, opened in ``context`` (logged in by cookie)."""
    from django.test import Client

    from training.wordstudy import services

    quiz = services.create_quiz(alice, services.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=7,
                                                            rank_from=1, rank_to=6, mode="wall", time_limit=300))
    client = Client()
    client.force_login(alice)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = new_page(context)
    page.goto(f"{live_server.url}/wordstudy/quizzes/{quiz.pk}/wall/", wait_until=wait_until)
    return quiz, page


def test_a_fast_player_loses_no_word_on_the_wall(live_server, tmp_path, french_words, alice):
    """Words typed while the previous one is still on its way all count: the box empties as each word leaves
    (not when its answer comes back, which wiped what was typed meanwhile), and the words go in order."""
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    ensure_ranking(lexicon)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 390, "height": 844}, locale="fr-FR") as context:
        held: list = []

        def hold_the_first(route) -> None:  # the first word's request waits here until released below
            if held:
                route.continue_()
            else:
                held.append(route)

        context.route("**/wall/guess/", hold_the_first)
        quiz, page = wall_quiz_page(context, live_server, alice, lexicon)
        page.wait_for_function("() => window.htmx !== undefined")
        page.wait_for_load_state()
        words = [q.answers[0] for q in QuizQuestion.objects.filter(quiz=quiz).order_by("order")[:3]]
        page.focus("#guess")
        page.keyboard.type(words[0])
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('guess').value === ''")
        while not held:
            page.wait_for_timeout(20)
        page.keyboard.type(words[1].lower())
        page.keyboard.press("Enter")  # queued behind the first: it has left the box
        assert page.input_value("#guess") == ""
        page.keyboard.type(words[2])  # typed, not sent yet, while the first answer comes back
        held[0].continue_()
        page.locator("#wall-board .ws-status", has_text=words[1].upper()).wait_for()
        assert page.input_value("#guess") == words[2]  # what was being typed is still there
        assert page.evaluate("document.activeElement.id") == "guess"
        page.keyboard.press("Enter")
        page.locator("#wall-board .ws-status", has_text=words[2].upper()).wait_for()
        page.screenshot(path=str(ARTIFACTS / "wall-fast-390.png"), full_page=True)
        found = {w for q in QuizQuestion.objects.filter(quiz=quiz) for w in q.found}
        assert set(words) <= found, (words, found)


@pytest.mark.parametrize("scripts", ["none", "late"])
def test_the_wall_works_without_scripts(live_server, tmp_path, french_words, alice, scripts):
    """Enter before the scripts are ready (htmx held back: the page is drawn and its box focused, the deferred
    scripts not run yet) or with none at all sends the form to the server, not to the page's own address:
    the word counts and the wall comes back saying so, the box focused for the next word."""
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    ensure_ranking(lexicon)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": 1280, "height": 800}, locale="fr-FR",
                        java_script_enabled=scripts != "none") as context:
        held: list = []

        def hold_the_first(route) -> None:  # the first page's htmx arrives only once the word is sent
            if held:
                route.continue_()
            else:
                held.append(route)

        context.route("**/htmx.min.js", hold_the_first)
        quiz, page = wall_quiz_page(context, live_server, alice, lexicon, wait_until="commit")
        question = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
        page.locator("#guess").wait_for()
        if scripts == "late":
            while not held:
                page.wait_for_timeout(20)
            assert page.evaluate("typeof window.htmx") == "undefined"
        page.focus("#guess")
        page.keyboard.type(question.answers[0].lower())
        page.keyboard.press("Enter")
        page.locator("#wall-board .ws-status", has_text=question.answers[0]).wait_for()
        if held:
            held[0].continue_()
        assert page.url.endswith(f"/wordstudy/quizzes/{quiz.pk}/wall/")
        assert "trouvé" in page.inner_text("#wall-board .ws-status")
        assert question.answers[0] in page.inner_text(f"#q-{question.pk}")
        assert focus_arrives(page, "guess") == "guess"
        page.screenshot(path=str(ARTIFACTS / f"wall-scripts-{scripts}-1280.png"), full_page=True)
    assert question.answers[0] in QuizQuestion.objects.get(pk=question.pk).found


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
@pytest.mark.parametrize("scripts", [True, False], ids=["js", "no-js"])
def test_the_wall_clock_reads_minutes_and_seconds(live_server, ranked_lexicon, alice, locale, scripts):
    """2:00 on a two-minute wall, never 120: the server's text without scripts, the countdown's with them."""
    quiz = create_quiz(alice, QuizRequest(lexicon=ranked_lexicon.pk, kind="anagrams", length=7, rank_from=1,
                                          rank_to=3, mode="wall", time_limit=120))
    with page_as(live_server, alice, 390, 844, locale=locale, java_script_enabled=scripts) as page:
        page.goto(f"{live_server.url}/wordstudy/quizzes/{quiz.pk}/wall/")
        assert page.locator("html").get_attribute("lang") == locale[:2]
        clock = page.locator("[data-timer-text]")
        assert clock.inner_text() in {"2:00", "1:59", "1:58"}
        if scripts:  # the countdown runs
            pytest.importorskip("playwright.sync_api").expect(clock).not_to_have_text("2:00", timeout=5000)
            assert clock.inner_text() in {"1:59", "1:58", "1:57", "1:56", "1:55"}
