"""The daily goal counts every kind of practice: training-grid answers, duplicate rounds played (validated,
or played before the time ran out) and word-study quiz answers (one per question, at its final answer);
the dashboard charts the last 30 days of them and the API gives the same figures. The streak ("days in a
row") counts the same days: a day of duplicate rounds or quizzes alone keeps it going."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from accounts.selectors import STREAK_FIRST_WINDOW, activity_by_day, activity_streak, daily_goal_status
from accounts.services import update_profile
from lexicon.services import import_word_list
from tests.support import api_for, french_dict_words, write_words
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer
from training.grids import selectors as grid_selectors
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
    assert 'class="chart__goal"' in chart and "Objectif du jour\u00a0: 10" in chart
    assert "3 coups de duplicate" in chart and "style=" not in chart
    table = re.search(r'<table class="data-table" id="activity-table">.*?</table>', html, re.S).group(0)
    assert table.count("<tr>") == 3  # the head and the two days with activity
    home = client.get("/").content.decode()
    assert "Aujourd’hui : 4 sur 10 (3 coups de duplicate, 1 réponse de quiz)." in re.sub(r"\s+", " ", home)


def test_the_api_gives_the_same_figures(alice, lexicon):
    play_rounds(alice, lexicon, 2, timezone.now())
    me = api_for(alice).get("/api/auth/me/").json()
    assert me["answers_today"] == 2 and me["activity_today"] == {"answers": 0, "rounds": 2, "quiz": 0, "puzzles": 0}
    assert me["activity"][-1] == {"date": str(timezone.localdate()), "answers": 0, "rounds": 2, "quiz": 0,
                                   "puzzles": 0}


def days_ago(days: int) -> dt.datetime:
    """Noon, ``days`` local days ago (clear of midnight whatever the time zone)."""
    day = timezone.localdate() - dt.timedelta(days=days)
    return timezone.make_aware(dt.datetime.combine(day, dt.time(12)))


def test_the_streak_counts_what_the_goal_counts(alice, bob, lexicon):
    assert activity_streak(alice) == 0
    play_rounds(alice, lexicon, 2, days_ago(0))  # today: duplicate rounds only
    answer_quiz(alice, lexicon, 1, days_ago(1))  # yesterday: a quiz only
    play_rounds(alice, lexicon, 1, days_ago(2), validated=False)  # played before the time ran out
    play_rounds(alice, lexicon, 1, days_ago(4))  # after a gap (3 days ago): not in the streak
    play_rounds(bob, lexicon, 1, days_ago(3))  # someone else's day fills no gap
    assert activity_streak(alice) == 3
    assert grid_selectors.progress_summary(alice)["streak"] == 3
    assert [day.active for day in activity_by_day(alice, 5)] == [True, False, True, True, True]


def test_a_streak_ends_yesterday_until_today_is_played(alice, lexicon):
    answer_quiz(alice, lexicon, 1, days_ago(1))
    answer_quiz(alice, lexicon, 1, days_ago(2))
    assert activity_streak(alice) == 2  # today is not over
    answer_quiz(alice, lexicon, 1, days_ago(3))
    play_rounds(alice, lexicon, 1, days_ago(5))
    assert activity_streak(alice) == 3  # the gap two days before yesterday ends it
    QuizAnswer.objects.all().delete()
    assert activity_streak(alice) == 0  # a round five days ago is no streak


def test_a_streak_longer_than_the_first_window(alice, lexicon):
    for days in range(STREAK_FIRST_WINDOW + 5):
        play_rounds(alice, lexicon, 1, days_ago(days))
    assert activity_streak(alice) == STREAK_FIRST_WINDOW + 5


def test_the_dashboard_and_the_api_show_the_streak_of_rounds_and_quizzes(client, alice, lexicon):
    play_rounds(alice, lexicon, 1, days_ago(0))
    answer_quiz(alice, lexicon, 1, days_ago(1))
    client.force_login(alice)
    html = client.get("/training/").content.decode()
    assert re.search(r'id="stat-streak">2</span><span class="stat__label">jours d’affilée<', html), \
        re.search(r'id="stat-streak".{0,120}', html).group(0)
    assert api_for(alice).get("/api/progress/").json()["streak"] == 2
