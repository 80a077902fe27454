"""Word-study quizzes and the daily challenge name the lexicon version they were made with (pages and API) and
say when the lexicon has been published again since."""

from __future__ import annotations

import pytest

from tests.version_support import check_lexicon_version, french_client
from training.wordstudy import services
from training.wordstudy.models import Quiz

pytestmark = pytest.mark.django_db


def _quiz(user, lexicon, mode: str) -> Quiz:
    return services.create_quiz(user, services.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=7, rank_from=1,
                                                           rank_to=5, mode=mode))


@pytest.mark.parametrize("mode", ["wall", "flash"])
def test_a_quiz_names_its_lexicon_version(alice, ranked_lexicon, tmp_path, mode):
    quiz = _quiz(alice, ranked_lexicon, mode)
    check_lexicon_version(quiz, user=alice, page=f"/wordstudy/quizzes/{quiz.pk}/{mode}/",
                          api=f"/api/quizzes/{quiz.pk}/", tmp_path=tmp_path)


def test_the_results_page_names_the_version_too(alice, ranked_lexicon, tmp_path):
    quiz = _quiz(alice, ranked_lexicon, "wall")
    french_client(alice).post(f"/wordstudy/quizzes/{quiz.pk}/finish/")
    check_lexicon_version(quiz, user=alice, page=f"/wordstudy/quizzes/{quiz.pk}/results/",
                          api=f"/api/quizzes/{quiz.pk}/", tmp_path=tmp_path)


def test_the_daily_challenge_and_its_try_name_their_lexicon_version(alice, french_lexicon, tmp_path):
    challenge = services.challenge_for(french_lexicon, user=alice)
    quiz = services.start_challenge(alice, challenge)
    assert quiz.lexicon_version == challenge.lexicon_version == 1  # the try keeps its challenge's version
    check_lexicon_version(challenge, user=alice, page=f"/wordstudy/challenge/?lexicon={french_lexicon.pk}",
                          api=f"/api/challenges/today/?lexicon={french_lexicon.pk}", tmp_path=tmp_path)
