"""Word-study pages, in French: choosing, word wall (guesses, finish, missed answers), flash cards, card box, challenge."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client

from tests.support import without_csrf_tokens
from training.wordstudy.models import AlphagramCard, Quiz, QuizQuestion

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_for():
    def make(user):
        client = Client(HTTP_ACCEPT_LANGUAGE="fr")
        client.force_login(user)
        return client
    return make


def form(lexicon, **extra):
    return {"lexicon": lexicon.pk, "kind": "anagrams", "length": 7, "rank_from": 1, "rank_to": 5, "blanks": 0,
            "mode": "wall", "minutes": 5, **extra}


def test_pages_need_a_login(ranked_lexicon):
    response = Client().get("/wordstudy/")
    assert response.status_code == 302 and "/accounts/login" in response["Location"]


def test_choose_then_word_wall_then_results(alice, ranked_lexicon, client_for):
    client = client_for(alice)
    page = client.get("/wordstudy/")
    assert page.status_code == 200 and "Choisir un quiz" in page.content.decode()
    response = client.post("/wordstudy/", form(ranked_lexicon))
    assert response.status_code == 302
    quiz = Quiz.objects.get(owner=alice)
    wall = client.get(response["Location"], follow=True)
    assert wall.status_code == 200 and 'id="guess"' in wall.content.decode()
    questions = list(QuizQuestion.objects.filter(quiz=quiz).order_by("order"))
    word = questions[0].answers[0]
    guessed = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": word.lower()}, HTTP_HX_REQUEST="true")
    assert guessed.status_code == 200 and f"{word}\u00a0: trouvé" in guessed.content.decode()
    wrong = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": "ZZZZZZZ"}, HTTP_HX_REQUEST="true")
    assert "ZZZZZZZ\u00a0: pas une réponse" in wrong.content.decode()
    finished = client.post(f"/wordstudy/quizzes/{quiz.pk}/finish/", follow=True)
    text = finished.content.decode()
    assert finished.status_code == 200 and "Résultats" in text
    missed = [w for q in questions for w in q.answers if w != word]
    assert all(w in text for w in missed)  # the missed answers are shown
    assert AlphagramCard.objects.filter(owner=alice).count() == len({q.alphagram for q in questions})


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_wall_clock_reads_minutes_and_seconds_before_any_script(alice, ranked_lexicon, language):
    """The countdown's first text is the server's: minutes:seconds left, as js/wordstudy.js then writes it."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(alice)
    client.post("/wordstudy/", form(ranked_lexicon, minutes=2))
    quiz = Quiz.objects.get(owner=alice)
    assert quiz.time_limit == 120
    html = client.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert f'<html lang="{language}">' in html
    assert re.search(r"<span data-timer-text>([^<]*)</span>", html).group(1) in {"2:00", "1:59"}
    Quiz.objects.filter(pk=quiz.pk).update(created_at=quiz.created_at - timedelta(seconds=55))
    html = client.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert re.search(r"<span data-timer-text>([^<]*)</span>", html).group(1) in {"1:05", "1:04"}


def test_the_clock_filter_pads_the_seconds():
    from training.templatetags.wordstudy_tags import clock

    assert [clock(s) for s in (0, 5, 60, 125, 600, 3599)] == ["0:00", "0:05", "1:00", "2:05", "10:00", "59:59"]
    assert clock(None) == "" and clock(-3) == "0:00"


def test_a_word_sent_without_htmx_counts_and_the_wall_says_so(alice, ranked_lexicon, client_for):
    """The wall's form is a real POST form: sent by the browser itself (Enter pressed before the scripts are
    ready, or no scripts at all) the word counts, and the wall shown again says so, once."""
    client = client_for(alice)
    client.post("/wordstudy/", form(ranked_lexicon))
    quiz = Quiz.objects.get(owner=alice)
    wall = client.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert re.search(rf'<form class="ws-guess" method="post" action="/wordstudy/quizzes/{quiz.pk}/wall/guess/"', wall)
    question = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
    word = question.answers[0]
    sent = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": word.lower()})
    assert sent.status_code == 302 and sent["Location"] == f"/wordstudy/quizzes/{quiz.pk}/wall/"
    assert word in QuizQuestion.objects.get(pk=question.pk).found
    html = client.get(sent["Location"]).content.decode()
    assert f"{word}\u00a0: trouvé" in html and "ws-status--ok" in html
    assert f'ws-cell--new" id="q-{question.pk}"' in html  # the cell it filled is marked new
    again = client.get(sent["Location"]).content.decode()  # said once: a reload does not say it again
    assert f"{word}\u00a0: trouvé" not in again and "ws-cell--new" not in again
    refused = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": "A" * 41})
    assert refused.status_code == 302
    assert "ws-status--error" in client.get(refused["Location"]).content.decode()


def test_a_word_sent_without_htmx_after_the_end_goes_to_the_results(alice, ranked_lexicon, client_for):
    client = client_for(alice)
    client.post("/wordstudy/", form(ranked_lexicon))
    quiz = Quiz.objects.get(owner=alice)
    client.post(f"/wordstudy/quizzes/{quiz.pk}/finish/")
    sent = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": "EN"})
    assert sent.status_code == 302 and sent["Location"] == f"/wordstudy/quizzes/{quiz.pk}/results/"
    with_htmx = client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": "EN"}, HTTP_HX_REQUEST="true")
    assert with_htmx.status_code == 204 and with_htmx["HX-Redirect"] == f"/wordstudy/quizzes/{quiz.pk}/results/"


def test_bad_choice_shows_the_reason(alice, ranked_lexicon, client_for):
    response = client_for(alice).post("/wordstudy/", form(ranked_lexicon, rank_from=9, rank_to=2))
    assert response.status_code == 400
    assert "après le dernier" in response.content.decode()


def test_flash_mode_one_question_at_a_time(alice, ranked_lexicon, client_for):
    client = client_for(alice)
    client.post("/wordstudy/", form(ranked_lexicon, mode="flash", rank_to=2))
    quiz = Quiz.objects.get(owner=alice)
    first, second = QuizQuestion.objects.filter(quiz=quiz).order_by("order")
    page = client.get(f"/wordstudy/quizzes/{quiz.pk}/", follow=True)
    assert "Question 1 sur 2" in page.content.decode()
    answered = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{first.pk}/answer/",
                           {"answers": " ".join(first.answers)})
    assert "Bravo" in answered.content.decode()
    assert "Question 2 sur 2" in client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/").content.decode()
    client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{second.pk}/answer/", {"answers": ""})
    done = client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/", follow=True)
    assert "Résultats" in done.content.decode()


def test_another_users_quiz_pages_are_404(alice, bob, ranked_lexicon, client_for):
    client_for(alice).post("/wordstudy/", form(ranked_lexicon))
    quiz = Quiz.objects.get(owner=alice)
    other = client_for(bob)
    for url in ("", "wall/", "flash/", "results/"):
        assert other.get(f"/wordstudy/quizzes/{quiz.pk}/{url}").status_code == 404
    assert other.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": "EN"}).status_code == 404
    assert other.post(f"/wordstudy/quizzes/{quiz.pk}/finish/").status_code == 404


def test_card_box_and_due_quiz(alice, ranked_lexicon, client_for):
    client = client_for(alice)
    client.post("/wordstudy/", form(ranked_lexicon, rank_to=3))
    quiz = Quiz.objects.get(owner=alice)
    client.post(f"/wordstudy/quizzes/{quiz.pk}/finish/")
    page = client.get("/wordstudy/cards/")
    assert page.status_code == 200 and "Boîte de cartes" in page.content.decode()
    from django.utils import timezone

    AlphagramCard.objects.filter(owner=alice).update(due=timezone.now())
    response = client.post("/wordstudy/cards/quiz/", {"kind": "anagrams", "mode": "flash"})
    assert response.status_code == 302
    assert Quiz.objects.filter(owner=alice, source="due").count() == 1


def test_daily_challenge_page_and_home_block(alice, french_lexicon, client_for):
    client = client_for(alice)
    page = client.get(f"/wordstudy/challenge/?lexicon={french_lexicon.pk}")
    assert page.status_code == 200 and "Défi du jour" in page.content.decode()
    started = client.post("/wordstudy/challenge/start/", {"lexicon": french_lexicon.pk})
    quiz = Quiz.objects.get(owner=alice, source="challenge")
    assert started["Location"].endswith(f"/wordstudy/quizzes/{quiz.pk}/wall/")
    again = client.post("/wordstudy/challenge/start/", {"lexicon": french_lexicon.pk})
    assert Quiz.objects.filter(owner=alice, source="challenge").count() == 1 and again.status_code == 302
    home = client.get("/")
    assert "Défi du jour" in home.content.decode()


def test_a_quiz_from_a_revision_list_page(alice, bob, ranked_lexicon, client_for):
    from training.lists.services import add_word, create_list

    revision_list = create_list(alice, ranked_lexicon, "mots")
    add_word(revision_list, "RETINES")
    client = client_for(alice)
    assert "À partir d’une liste de révision" in client.get("/wordstudy/").content.decode()
    response = client.post("/wordstudy/lists/quiz/", {"list": revision_list.pk, "kind": "anagrams", "mode": "flash"})
    quiz = Quiz.objects.get(owner=alice, source="list")
    assert response["Location"].endswith(f"/wordstudy/quizzes/{quiz.pk}/")
    assert list(quiz.questions.values_list("question", flat=True)) == ["EEINRST"]
    assert client_for(bob).post("/wordstudy/lists/quiz/", {"list": revision_list.pk}).status_code == 404


# --- Hooks and 7+1 answered with letters, as French players practise them --------------------------------

def _first_with(quiz, test):
    return next(q for q in QuizQuestion.objects.filter(quiz=quiz).order_by("order") if test(q))


def test_hooks_flash_card_answered_as_letters_in_front_and_after(alice, french_lexicon, client_for):
    from engine.wordstudy import Question, hook_letters
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    client = client_for(alice)
    client.post("/wordstudy/", form(french_lexicon, kind="hooks", length=3, rank_to=40, mode="flash"))
    quiz = Quiz.objects.get(owner=alice)
    question = _first_with(quiz, lambda q: len(q.answers) >= 2)
    front, back = hook_letters(Question("hooks", question.question, question.alphagram, tuple(question.answers)))
    # Answer the earlier questions with nothing, to reach this one.
    for earlier in QuizQuestion.objects.filter(quiz=quiz, order__lt=question.order):
        client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{earlier.pk}/answer/", {"answers": ""})
    page = client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/").content.decode()
    assert f"{len(question.answers)} rallonges à trouver." in page
    assert 'name="front"' in page and 'name="back"' in page and f"·{question.question}·" in page
    answered = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{question.pk}/answer/",
                           {"front": front.lower(), "back": back})
    html = answered.content.decode()
    assert "Bravo" in html and "Rallonges\u00a0:" in html and "Mots\u00a0:" in html
    question.refresh_from_db()
    assert question.correct is True and sorted(question.found) == sorted(question.answers)
    assert f'id="hooks-{question.pk}"' in html


def test_hooks_letters_partly_wrong_show_what_was_missed(alice, french_lexicon, client_for):
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    client = client_for(alice)
    client.post("/wordstudy/", form(french_lexicon, kind="hooks", length=3, rank_to=40, mode="flash"))
    quiz = Quiz.objects.get(owner=alice)
    question = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
    html = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{question.pk}/answer/",
                       {"front": "", "back": "Q"}).content.decode()
    question.refresh_from_db()
    assert question.correct is False and question.wrong == ["·Q"] and "·Q" in html
    assert "ws-word--missed" in html or not question.answers


def test_seven_plus_one_answered_with_letters_then_the_words_are_shown(alice, french_lexicon, client_for):
    from engine.wordstudy import Question, added_letters
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    client = client_for(alice)
    client.post("/wordstudy/", form(french_lexicon, kind="seven_plus_one", length=4, rank_to=30, mode="flash"))
    quiz = Quiz.objects.get(owner=alice)
    question = _first_with(quiz, lambda q: len(q.answers) >= 2)
    groups = added_letters(Question("seven_plus_one", question.question, question.alphagram, tuple(question.answers)))
    for earlier in QuizQuestion.objects.filter(quiz=quiz, order__lt=question.order):
        client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{earlier.pk}/answer/", {"answers": ""})
    page = client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/").content.decode()
    n = len(groups)
    assert (f"{n} lettre à trouver." if n == 1 else f"{n} lettres à trouver.") in page
    html = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{question.pk}/answer/",
                       {"answers": "".join(groups).lower()}).content.decode()
    assert "Bravo" in html and "Lettres\u00a0:" in html and all(f"+{letter}" in html for letter in groups)
    assert all(word in html for word in question.answers)  # the words, shown after
    finished = client.post(f"/wordstudy/quizzes/{quiz.pk}/finish/", follow=True).content.decode()
    assert f'id="plus-{question.pk}"' in finished


def test_one_answer_to_find_is_singular(alice, ranked_lexicon, client_for):
    client = client_for(alice)
    client.post("/wordstudy/", form(ranked_lexicon, mode="flash", rank_to=5))
    quiz = Quiz.objects.get(owner=alice)
    question = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
    QuizQuestion.objects.filter(pk=question.pk).update(answers=question.answers[:1])
    page = client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/").content.decode()
    assert "1 réponse à trouver." in page and "1 réponses" not in page
    wall = Quiz.objects.create(owner=alice, lexicon=ranked_lexicon, kind="anagrams", source="ranks", mode="wall")
    QuizQuestion.objects.create(quiz=wall, order=0, question="AB", alphagram="AB", answers=["BA"])
    board = client.get(f"/wordstudy/quizzes/{wall.pk}/wall/").content.decode()
    assert "0 réponse trouvée sur 1" in board


def test_a_hooks_wall_shows_a_closed_question_in_letters(alice, french_lexicon, client_for):
    from engine.wordstudy import Question, hook_letters
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    client = client_for(alice)
    client.post("/wordstudy/", form(french_lexicon, kind="hooks", length=3, rank_to=3))
    quiz = Quiz.objects.get(owner=alice)
    question = QuizQuestion.objects.filter(quiz=quiz).order_by("order").first()
    for word in question.answers:
        client.post(f"/wordstudy/quizzes/{quiz.pk}/wall/guess/", {"word": word}, HTTP_HX_REQUEST="true")
    front, back = hook_letters(Question("hooks", question.question, question.alphagram, tuple(question.answers)))
    html = client.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert f'id="hooks-{question.pk}"' in html
    assert f'<span class="ws-word ws-hooks__word">{question.question}</span>' in html and (front or back)


@pytest.mark.parametrize(("language", "grouped"), [("fr", "\u202f"), ("en", ",")])
def test_counts_are_grouped_by_thousands(alice, ranked_lexicon, monkeypatch, language, grouped):
    """The card box, the wall's score and the results, grouped like every count of the site (U+202F in French)."""
    from training.wordstudy import views
    from training.wordstudy.selectors import CardBox, Score

    monkeypatch.setattr(views.selectors, "card_box", lambda user, lexicon=None: CardBox(
        total=12345, due=1234, by_state={"learning": 2345, "review": 3456, "relearning": 4567}, next_due=None))
    monkeypatch.setattr(views.selectors, "score_of", lambda quiz, questions: Score(
        questions=1500, right=1001, answers=2345, found=1234, wrong=1100, seconds=3600))
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(alice)
    home = client.get("/wordstudy/").content.decode()
    assert (f"12{grouped}345 alphagrammes rencontrés" if language == "fr" else f"12{grouped}345 alphagrams met") in home
    cards = client.get("/wordstudy/cards/").content.decode()
    for count in (1234, 2345, 3456, 4567):
        assert f'<span class="stat__value">{count // 1000}{grouped}{count % 1000}</span>' in cards
    client.post("/wordstudy/", form(ranked_lexicon))
    quiz = Quiz.objects.get(owner=alice)
    wall = client.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert (f"1{grouped}234 réponses trouvées sur 2{grouped}345" if language == "fr"
            else f"1{grouped}234 of 2{grouped}345 answers found") in wall
    results = client.post(f"/wordstudy/quizzes/{quiz.pk}/finish/", follow=True).content.decode()
    for shown in (f"1{grouped}001/1{grouped}500", f"1{grouped}234/2{grouped}345", f"1{grouped}100<", f"3{grouped}600 s"):
        assert f'<span class="stat__value">{shown}' in results
    for number in ("12345", "1234", "2345", "1500", "3600"):
        assert number not in without_csrf_tokens(home + cards + wall + results)
