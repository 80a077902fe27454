"""The training dashboard in a real browser, in French, at 1280 px and 390 px: a player who only played
duplicate rounds yesterday and a quiz today reads "2 jours d’affilée", the same days the daily goal counted.
Screenshots go to ``artifacts/accounts/`` for a person to look at."""

from __future__ import annotations

import pytest

from lexicon.services import import_word_list
from tests.accounts.test_activity import answer_quiz, days_ago, play_rounds
from tests.browser_support import BROWSER_MARKS, artifacts_dir, french_page_as
from tests.support import french_dict_words, write_words

ARTIFACTS = artifacts_dir("accounts")

pytestmark = BROWSER_MARKS


@pytest.fixture
def lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                            language="fr").lexicon


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_streak_counts_rounds_and_quizzes(live_server, alice, lexicon, width, height):
    play_rounds(alice, lexicon, 3, days_ago(1))
    answer_quiz(alice, lexicon, 1, days_ago(0))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with french_page_as(live_server, alice, width, height) as page:
        page.goto(f"{live_server.url}/training/")
        assert page.inner_text("#stat-streak") == "2"
        assert page.inner_text("#stat-streak + .stat__label") == "jours d’affilée"
        page.screenshot(path=str(ARTIFACTS / f"dashboard-streak-{width}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
