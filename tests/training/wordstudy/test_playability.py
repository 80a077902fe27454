"""Quizzes ordered by playability: the stored ranks equal a brute force over the engine's games, the quiz asks
the most played alphagrams first, the API and the page take the order (and refuse it where it does not apply),
409 with the task while it is computed, a failed computation starts again."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from core.models import TaskRun
from core.task_subjects import task_subject
from engine.alphabet import get_alphabet
from engine.duplicate import make_game
from engine.gaddag import build_gaddag
from lexicon.services import import_word_list
from tests.engine.wordstudy.test_playability import WORDS
from tests.support import api_for, write_words
from training.wordstudy import services
from training.wordstudy.models import AlphagramPlayability, PlayedAlphagram, Quiz, QuizQuestion
from training.wordstudy.playability import ensure_playability

pytestmark = pytest.mark.django_db

GAMES = 40
FR = get_alphabet("fr")


@pytest.fixture
def games(settings):
    settings.WORDSTUDY_PLAYABILITY_GAMES = GAMES
    return GAMES


@pytest.fixture
def lexicon(tmp_path, games):
    return import_word_list(write_words(tmp_path / "play.txt", WORDS), name="play", language="fr").lexicon


def alpha(word: str) -> str:
    return "".join(sorted(word))


def ways(letters: str) -> int:
    total = 1
    for letter, k in Counter(letters).items():
        total *= comb(FR.counts[letter], k)
    return total


def brute_order(length: int) -> list[tuple[str, int]]:
    """Brute force: play the games seed by seed, count each top's word by alphagram, order every alphagram of
    ``length`` by tops, then ways to draw it, then alphabetically: ``[(alphagram, tops), ...]``."""
    gaddag = build_gaddag(WORDS, "fr")
    tops: Counter[str] = Counter()
    for seed in range(1, GAMES + 1):
        for played in make_game(gaddag, seed).rounds:
            tops[alpha(played.top.word.upper())] += 1
    alphagrams = {alpha(w) for w in WORDS if len(w) == length}
    return [(a, tops[a]) for a in sorted(alphagrams, key=lambda a: (-tops[a], -ways(a), a))]


def en_api(user):
    client = api_for(user)
    client.credentials(HTTP_ACCEPT_LANGUAGE="en")
    return client


def start(client, lexicon, **extra):
    body = {"lexicon": lexicon.pk, "kind": "anagrams", "length": 4, "rank_from": 1, "rank_to": 5,
            "order": "playability", **extra}
    return client.post("/api/quizzes/", body, format="json")


def test_the_stored_ranks_equal_a_brute_force_over_the_games(lexicon):
    row = ensure_playability(lexicon)  # tasks run inline in tests
    assert row.status == "done", row.error
    assert row.games == GAMES and row.first_seed == 1 and row.rounds > GAMES
    for length in (4, 5, 6):  # the quiz lengths: every alphagram, played or not
        stored = list(PlayedAlphagram.objects.filter(playability=row, length=length).order_by("rank")
                      .values_list("alphagram", "tops", "rank"))
        expected = brute_order(length)
        assert [(a, t) for a, t, _r in stored] == expected
        assert [r for _a, _t, r in stored] == list(range(1, len(expected) + 1))
        assert row.lengths[str(length)] == len(expected)
    two = brute_order(2)
    stored_two = list(PlayedAlphagram.objects.filter(playability=row, length=2).order_by("rank")
                      .values_list("alphagram", "tops"))
    assert stored_two == [(a, t) for a, t in two if t]  # other lengths: the played ones only, same ranks
    assert row.played["2"] == len(stored_two) and row.played["4"] == sum(1 for _a, t in brute_order(4) if t)
    assert ensure_playability(lexicon).pk == row.pk  # computed once per version


def test_a_quiz_by_playability_asks_the_most_played_alphagrams_first(alice, lexicon):
    request = services.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=4, rank_from=1, rank_to=5,
                                   order="playability")
    quiz = services.create_quiz(alice, request)
    assert quiz.order == Quiz.Order.PLAYABILITY
    questions = list(QuizQuestion.objects.filter(quiz=quiz).order_by("order"))
    expected = brute_order(4)[:5]
    assert [(q.alphagram, q.tops, q.play_rank) for q in questions] == [
        (a, t, rank) for rank, (a, t) in enumerate(expected, start=1)]
    assert expected[0][1] > expected[-1][1]  # the most played first: it is not the probability order
    fours = sorted({alpha(w) for w in WORDS if len(w) == 4}, key=lambda a: (-ways(a), a))
    probability = {letters: rank for rank, letters in enumerate(fours, start=1)}
    assert [q.rank for q in questions] == [probability[q.alphagram] for q in questions]  # still the probability rank
    plain = services.create_quiz(alice, services.QuizRequest(lexicon=lexicon.pk, kind="anagrams", length=4,
                                                             rank_from=1, rank_to=5))
    assert plain.order == Quiz.Order.PROBABILITY  # the default, unchanged
    assert [q.rank for q in plain.questions.order_by("order")] == [1, 2, 3, 4, 5]
    assert {q.play_rank for q in plain.questions.all()} == {None}


def test_the_api_takes_the_order_and_says_it(alice, lexicon):
    client = en_api(alice)
    response = start(client, lexicon)
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["order"] == "playability"
    expected = brute_order(4)[:5]
    assert [(q["question"], q["play_rank"], q["tops"]) for q in data["questions"]] == [
        (a, rank, t) for rank, (a, t) in enumerate(expected, start=1)]
    result = client.get(f"/api/quizzes/{data['id']}/").json()
    assert result["order"] == "playability" and result["playability_games"] == GAMES
    assert [q["play_rank"] for q in result["questions"]] == [1, 2, 3, 4, 5]
    shown = client.get(f"/api/quizzes/{data['id']}/next/").json()["question"]
    assert (shown["play_rank"], shown["tops"]) == (1, expected[0][1])
    default = start(client, lexicon, order=None)
    assert default.status_code == 400  # null is not a choice: leave the field out for the default
    plain = client.post("/api/quizzes/", {"lexicon": lexicon.pk, "length": 4, "rank_to": 3}, format="json").json()
    assert plain["order"] == "probability"
    assert client.get(f"/api/quizzes/{plain['id']}/").json()["playability_games"] is None


@pytest.mark.parametrize(("extra", "words"), [
    ({"order": "sideways"}, "order: "),
    ({"length": 7}, "Playability ranks are for words of 4 to 6 letters, not 7"),
    ({"length": 3}, "Playability ranks are for words of 4 to 6 letters, not 3"),
    ({"due": True}, "not for a list or due questions"),
])
def test_the_api_refuses_an_order_that_does_not_apply_in_words(alice, lexicon, extra, words):
    response = start(en_api(alice), lexicon, **extra)
    assert response.status_code == 400, response.content
    assert words in response.json()["detail"]
    assert not AlphagramPlayability.objects.exists()  # refused before anything is computed


def test_playability_being_computed_is_409_with_the_task(alice, lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"  # the task starts after the commit; the answer comes at once
    client = en_api(alice)
    first = start(client, lexicon)
    assert first.status_code == 409, first.content
    assert "playability" in first.json()["detail"] and f"{GAMES} duplicate games" in first.json()["detail"]
    row = AlphagramPlayability.objects.get()
    assert first.json()["task"] == str(row.task_run_id)
    again = start(client, lexicon)
    assert again.status_code == 409 and again.json()["task"] == first.json()["task"]  # one computation
    with translation.override("en"):
        assert task_subject(row.task_run).label == f"Word-study playability of play ({GAMES} games)"


def test_a_failed_computation_starts_again_on_the_next_demand(alice, lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    row = ensure_playability(lexicon)
    TaskRun.objects.filter(pk=row.task_run_id).update(state=TaskRun.State.FAILED, error="The worker stopped.")
    settings.TIRAGE_TASKS_MODE = "sync"
    again = ensure_playability(lexicon, alice)
    assert again.pk == row.pk and again.status == "done" and again.task_run_id != row.task_run_id


def test_the_schema_documents_the_order(alice):
    schema = en_api(alice).get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    order = components["QuizInRequest"]["properties"]["order"]
    assert "playability" in order["description"] and "4 to 6 letters" in order["description"]
    assert components["QuizOrderEnum"]["enum"] == ["probability", "playability"]
    assert {"order", "playability_games"} <= set(components["QuizResult"]["properties"])
    assert {"play_rank", "tops"} <= set(components["Question"]["properties"])


# -- the page ------------------------------------------------------------------------------------------

@pytest.fixture
def page(alice):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    client.force_login(alice)
    return client


def form(lexicon, **extra):
    return {"lexicon": lexicon.pk, "kind": "anagrams", "length": 4, "rank_from": 1, "rank_to": 3, "blanks": 0,
            "order": "playability", "mode": "wall", "minutes": 5, **extra}


def test_the_page_offers_the_order_and_the_quiz_says_it(page, alice, lexicon):
    home = page.get("/wordstudy/").content.decode()
    assert 'name="order"' in home and 'value="playability"' in home and "Ranking" in home
    response = page.post("/wordstudy/", form(lexicon))
    assert response.status_code == 302, response.content.decode()
    quiz = Quiz.objects.get(owner=alice)
    assert quiz.order == "playability"
    wall = page.get(f"/wordstudy/quizzes/{quiz.pk}/wall/").content.decode()
    assert "Ranked by playability: ranks 1 to 3 of 4 letters" in wall
    results = page.post(f"/wordstudy/quizzes/{quiz.pk}/finish/", follow=True).content.decode()
    assert "Ranked by playability" in results and f"Tops in {GAMES} games" in results
    assert "Playability rank" in results and "Probability rank" in results
    assert "by playability" in page.get("/wordstudy/").content.decode()  # the recent quizzes say it too


def test_the_page_refuses_playability_for_other_lengths_on_the_field(page, lexicon):
    response = page.post("/wordstudy/", form(lexicon, length=7))
    assert response.status_code == 400
    text = response.content.decode()
    assert '<div class="field field--error">\n  <label for="id_order">' in text
    assert "Playability ranks are for words of 4 to 6 letters, not 7" in text
    assert not Quiz.objects.exists()


def test_a_form_without_the_order_asks_for_probability(page, alice, lexicon):
    data = form(lexicon)
    del data["order"]
    assert page.post("/wordstudy/", data).status_code == 302
    assert Quiz.objects.get(owner=alice).order == "probability"


def test_the_page_shows_the_progress_while_playability_is_computed(page, lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    response = page.post("/wordstudy/", form(lexicon))
    assert response.status_code == 409
    text = response.content.decode()
    assert "The playability of this lexicon" in text and "task-progress" in text
    assert f'id="task-{AlphagramPlayability.objects.get().task_run_id}"' in text
