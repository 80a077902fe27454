"""The passing time of flash cards: an answer right but slower than the learner's passing time (timed by the server,
from the question shown to the answer's arrival) stays right and reviews its alphagram's card as missed (Again).
Time is moved by arguments and by shifting ``timezone.now``, never waited."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from accounts.services import update_profile
from tests.support import api_for
from training.wordstudy import services
from training.wordstudy.models import AlphagramCard, Quiz, QuizQuestion

pytestmark = pytest.mark.django_db

AGAIN_SOON = dt.timedelta(minutes=5)  # FSRS: Again on a first meeting is due in a minute, Good in ten


def flash_quiz(user, lexicon, **fields) -> Quiz:
    request = services.QuizRequest(lexicon=lexicon.pk, **{"kind": "anagrams", "length": 7, "rank_from": 1,
                                                           "rank_to": 3, "mode": "flash", **fields})
    return services.create_quiz(user, request)


def questions(quiz: Quiz) -> list[QuizQuestion]:
    return list(quiz.questions.order_by("order"))


def card_of(question: QuizQuestion) -> AlphagramCard:
    return AlphagramCard.objects.get(owner=question.quiz.owner, alphagram=question.alphagram)


def reviewed_again(question: QuizQuestion) -> bool:
    """Whether the card's first review was Again (due again within minutes) rather than Good."""
    question.refresh_from_db()
    return card_of(question).due - question.settled_at < AGAIN_SOON


@pytest.fixture
def shifted(monkeypatch):
    """``timezone.now`` moved forward by ``shifted(seconds)`` from the real time."""
    real = timezone.now

    def shift(seconds: float) -> None:
        monkeypatch.setattr(timezone, "now", lambda: real() + dt.timedelta(seconds=seconds))
    return shift


def test_an_answer_arriving_late_is_right_but_reviewed_as_missed(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    assert quiz.passing_seconds == 8
    question = questions(quiz)[0]
    shown = timezone.now()
    assert services.next_question(quiz, now=shown).pk == question.pk
    outcome = services.submit_answers(quiz, alice, question.pk, question.answers,
                                      arrived_at=shown + dt.timedelta(seconds=12.5))
    question.refresh_from_db()
    assert outcome.settled and question.correct and question.slow and question.answer_seconds == 12.5
    assert reviewed_again(question) and card_of(question).reviews == 1


def test_an_answer_on_time_is_good(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    question = questions(quiz)[0]
    shown = timezone.now()
    services.next_question(quiz, now=shown)
    services.submit_answers(quiz, alice, question.pk, question.answers, arrived_at=shown + dt.timedelta(seconds=7.9))
    question.refresh_from_db()
    assert question.correct and not question.slow and question.answer_seconds == 7.9
    assert not reviewed_again(question)


def test_no_passing_time_no_slow_answer(alice, ranked_lexicon):
    quiz = flash_quiz(alice, ranked_lexicon)  # the profile's default: no passing time
    assert quiz.passing_seconds is None
    question = questions(quiz)[0]
    shown = timezone.now()
    services.next_question(quiz, now=shown)
    services.submit_answers(quiz, alice, question.pk, question.answers, arrived_at=shown + dt.timedelta(minutes=9))
    question.refresh_from_db()
    assert question.correct and not question.slow and question.answer_seconds == 540  # timed all the same
    assert not reviewed_again(question)


def test_a_wrong_answer_is_missed_not_slow(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    question = questions(quiz)[0]
    shown = timezone.now()
    services.next_question(quiz, now=shown)
    services.submit_answers(quiz, alice, question.pk, [], arrived_at=shown + dt.timedelta(seconds=30))
    question.refresh_from_db()
    assert not question.correct and not question.slow and reviewed_again(question)


def test_the_quiz_keeps_the_passing_time_it_was_made_with(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    update_profile(alice, passing_seconds=None)  # changed mid-quiz: the quiz keeps its 8 s
    question = questions(quiz)[0]
    shown = timezone.now()
    services.next_question(quiz, now=shown)
    services.submit_answers(quiz, alice, question.pk, question.answers, arrived_at=shown + dt.timedelta(seconds=9))
    question.refresh_from_db()
    assert question.slow
    assert flash_quiz(alice, ranked_lexicon).passing_seconds is None


def test_showing_a_card_again_gives_no_more_time(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    first = timezone.now()
    question = services.next_question(quiz, now=first)
    again = services.next_question(quiz, now=first + dt.timedelta(seconds=30))  # a reload
    assert again.pk == question.pk and again.shown_at == first
    services.submit_answers(quiz, alice, question.pk, question.answers, arrived_at=first + dt.timedelta(seconds=31))
    question.refresh_from_db()
    assert question.answer_seconds == 31 and question.slow


def test_a_card_answered_without_being_shown_was_on_offer_since_the_previous_one(alice, ranked_lexicon, shifted):
    update_profile(alice, passing_seconds=8)
    quiz = flash_quiz(alice, ranked_lexicon)
    first, second = questions(quiz)  # the small lexicon's two 7-letter racks
    shifted(20)  # 20 s after the quiz was made: the first question, never asked through the page or the API
    services.submit_answers(quiz, alice, first.pk, first.answers)
    first.refresh_from_db()
    assert first.shown_at == quiz.created_at and 19 < first.answer_seconds < 25 and first.slow
    shifted(23)  # 3 s after the first one closed
    services.submit_answers(quiz, alice, second.pk, second.answers)
    second.refresh_from_db()
    assert second.shown_at == first.settled_at and 2 < second.answer_seconds < 6 and not second.slow


def test_a_word_wall_has_no_passing_time(alice, ranked_lexicon):
    update_profile(alice, passing_seconds=8)
    wall = flash_quiz(alice, ranked_lexicon, mode="wall", time_limit=300)
    assert wall.passing_seconds is None
    question = questions(wall)[0]
    services.submit_answers(wall, alice, question.pk, question.answers,
                            arrived_at=timezone.now() + dt.timedelta(minutes=3))
    question.refresh_from_db()
    assert question.correct and not question.slow and question.answer_seconds is None


def test_the_flash_page_says_an_answer_was_too_slow(alice, ranked_lexicon, shifted):
    update_profile(alice, passing_seconds=8, language="en")  # the page in English, the learner's language
    client = Client()
    client.force_login(alice)
    quiz = flash_quiz(alice, ranked_lexicon)
    first, second = questions(quiz)
    page = client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/").content.decode()
    assert "Passing time: 8 seconds from when this card was shown; slower, a right answer counts as missed." in page
    first.refresh_from_db()
    assert first.shown_at is not None  # the page showed it: its time runs
    shifted(20)
    late = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{first.pk}/answer/",
                       {"answers": " ".join(first.answers)}).content.decode()
    assert "Right, but too slow." in late and "Right!" not in late
    assert "your passing time is 8 s. The card counts as missed: it comes back soon." in late
    first.refresh_from_db()
    assert first.slow and 19 < first.answer_seconds < 25 and reviewed_again(first)
    client.get(f"/wordstudy/quizzes/{quiz.pk}/flash/")  # the second card shown at +20 s
    shifted(23)
    quick = client.post(f"/wordstudy/quizzes/{quiz.pk}/questions/{second.pk}/answer/",
                        {"answers": " ".join(second.answers)}).content.decode()
    assert "Right!" in quick and "too slow" not in quick and "(passing time: 8 s)." in quick
    results = client.get(f"/wordstudy/quizzes/{quiz.pk}/results/").content.decode()
    assert "2/2" in results and "1 too slow, counted as missed for the card box" in results
    assert results.count("reviewed as missed</span>") == 1


def test_the_api_times_flash_cards_from_next(alice, ranked_lexicon, shifted):
    update_profile(alice, passing_seconds=8)
    api = api_for(alice)
    created = api.post("/api/quizzes/", {"lexicon": ranked_lexicon.pk, "length": 7, "rank_to": 2, "mode": "flash"},
                       format="json").json()
    assert created["passing_seconds"] == 8
    shown = api.get(f"/api/quizzes/{created['id']}/next/").json()
    assert shown["passing_seconds"] == 8 and shown["question"]["id"] == created["questions"][0]["id"]
    assert shown["question"]["shown_at"]
    question = QuizQuestion.objects.get(pk=shown["question"]["id"])
    # The client cannot say how long it took: the server times it.
    refused = api.post(f"/api/quizzes/{created['id']}/answers/",
                       {"question": question.pk, "answers": question.answers, "seconds": 1}, format="json")
    assert refused.status_code == 400
    shifted(15)
    answered = api.post(f"/api/quizzes/{created['id']}/answers/", {"question": question.pk, "answers": question.answers},
                        format="json").json()
    assert answered["settled"] and answered["slow"] and 14 < answered["seconds"] < 20
    assert answered["passing_seconds"] == 8 and answered["missed"] == []
    following = api.get(f"/api/quizzes/{created['id']}/next/").json()
    assert following["question"]["id"] == created["questions"][1]["id"]
    second = QuizQuestion.objects.get(pk=following["question"]["id"])
    quick = api.post(f"/api/quizzes/{created['id']}/answers/", {"question": second.pk, "answers": second.answers},
                     format="json").json()
    assert not quick["slow"] and quick["seconds"] < 2
    results = api.get(f"/api/quizzes/{created['id']}/").json()
    assert results["passing_seconds"] == 8 and results["score"]["slow"] == 1 and results["score"]["right"] == 2
    assert [q["slow"] for q in results["questions"]] == [True, False]
    assert api.get(f"/api/quizzes/{created['id']}/next/").json() == {"question": None, "passing_seconds": 8}
    assert api_for(type(alice).objects.create_user("eve")).get(f"/api/quizzes/{created['id']}/next/").status_code == 404
