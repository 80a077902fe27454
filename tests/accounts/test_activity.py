"""The daily goal counts every kind of practice: training-grid answers, duplicate rounds played (validated,
or played before the time ran out) and word-study quiz answers (one per question, at its final answer);
the dashboard charts the last 30 days of them and the API gives the same figures."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from accounts.selectors import activity_by_day, daily_goal_status
from accounts.services import update_profile
from lexicon.services import import_word_list
from tests.support import api_for, french_dict_words, write_words
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer
from training.wordstudy.models import Quiz, QuizAnswer, QuizQuestion

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                            language="fr").lexicon


def play_rounds(user, lexicon, count: int, when: dt.datetime, validated: bool = True) -> None:
    game = DuplicateGame.objects.create(owner=user, lexicon=lexicon, seed=len(DuplicateGame.objects.all()) + 1)
    player = DuplicatePlayer.objects.create(game=game, user=user)
    for number in range(1, count + 1):
        DuplicatePlay.objects.create(player=player, number=number, word="RATE", coord="H8", score=8,
                                     played_at=when, validated_at=when if validated else None)


def answer_quiz(user, lexicon, count: int, when: dt.datetime) -> None:
    quiz = Quiz.objects.create(owner=user, lexicon=lexicon, content_hash=lexicon.content_hash,
                               kind=Quiz.Kind.ANAGRAMS, source=Quiz.Source.RANKS)
    for order in range(count):
        question = QuizQuestion.objects.create(quiz=quiz, order=order, question="AERT", alphagram="AERT",
                                               answers=["RATE"])
        QuizAnswer.objects.create(quiz=quiz, question=question, user=user, given=["TARE"], final=False)  # on the way
        QuizAnswer.objects.create(quiz=quiz, question=question, user=user, given=["RATE"], correct=["RATE"])
        QuizAnswer.objects.filter(question=question).update(created_at=when)
    QuizAnswer.objects.create(quiz=quiz, question=None, user=user, given=["XYZ"], final=True)  # matched nothing


def test_the_goal_counts_duplicate_rounds_and_quiz_answers(alice, bob, lexicon):
    now = timezone.now()
    play_rounds(alice, lexicon, 3, now)
    play_rounds(alice, lexicon, 1, now, validated=False)  # played, then the time ran out: it counts
    play_rounds(alice, lexicon, 2, now - dt.timedelta(days=2))  # another day
    play_rounds(bob, lexicon, 5, now)  # someone else
    answer_quiz(alice, lexicon, 2, now)
    status = daily_goal_status(alice)
    assert (status["answers"], status["rounds"], status["quiz"], status["done"]) == (0, 4, 2, 6)
    update_profile(alice, daily_goal=6)
    assert daily_goal_status(alice)["reached"]
    days = activity_by_day(alice, 30)
    assert len(days) == 30 and days[-1].date == timezone.localdate()
    assert (days[-1].rounds, days[-1].quiz, days[-3].rounds) == (4, 2, 2)
    assert sum(day.total for day in days) == 8


def test_the_dashboard_says_and_charts_it(client, alice, lexicon):
    update_profile(alice, daily_goal=10)
    play_rounds(alice, lexicon, 3, timezone.now())
    answer_quiz(alice, lexicon, 1, timezone.now())
    play_rounds(alice, lexicon, 2, timezone.now() - dt.timedelta(days=1))
    client.force_login(alice)
    html = client.get("/training/").content.decode()
    goal = re.search(r'<p class="home-goal" id="daily-goal">(.*?)</p>', html, re.S).group(1)
    assert "Aujourd’hui : 4 sur 10 (3 coups de duplicate, 1 réponse de quiz)." in re.sub(r"\s+", " ", goal)
    assert 'value="40"' in goal
    chart = re.search(r'<svg class="chart chart--activity".*?</svg>', html, re.S).group(0)
    assert chart.count('class="chart__bar chart__bar--rounds"') == 2 and chart.count("chart__bar--quiz") == 1
    assert 'class="chart__goal"' in chart and "Objectif du jour : 10" in chart
    assert "3 coups de duplicate" in chart and "style=" not in chart
    table = re.search(r'<table class="data-table" id="activity-table">.*?</table>', html, re.S).group(0)
    assert table.count("<tr>") == 3  # the head and the two days with activity
    home = client.get("/").content.decode()
    assert "Aujourd’hui : 4 sur 10 (3 coups de duplicate, 1 réponse de quiz)." in re.sub(r"\s+", " ", home)


def test_the_api_gives_the_same_figures(alice, lexicon):
    play_rounds(alice, lexicon, 2, timezone.now())
    me = api_for(alice).get("/api/auth/me/").json()
    assert me["answers_today"] == 2 and me["activity_today"] == {"answers": 0, "rounds": 2, "quiz": 0}
    assert me["activity"][-1] == {"date": str(timezone.localdate()), "answers": 0, "rounds": 2, "quiz": 0}
