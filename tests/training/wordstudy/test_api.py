"""The word-study REST API: contracts, answers equal to brute force, permissions, bad input, FSRS, challenges."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support import api_for
from tests.training.conftest import SMALL_WORDS
from training.wordstudy.models import AlphagramCard, Quiz, QuizAnswer, QuizQuestion, RankedAlphagram

pytestmark = pytest.mark.django_db


def en_api(user=None):
    """An API client asking for English (the site's default language is French)."""
    client = api_for(user)
    client.credentials(HTTP_ACCEPT_LANGUAGE="en")
    return client


def alpha(word: str) -> str:
    return "".join(sorted(word))


def start(client, lex, **extra):
    body = {"lexicon": lex.pk, "kind": "anagrams", "length": 2, "rank_from": 1, "rank_to": 50, **extra}
    return client.post("/api/quizzes/", body, format="json")


# -- starting --------------------------------------------------------------------------------------

def test_an_anagram_quiz_by_ranks_hides_the_answers_and_matches_brute_force(alice, ranked_lexicon):
    client = en_api(alice)
    response = start(client, ranked_lexicon, length=2, rank_from=3, rank_to=12)
    assert response.status_code == 201, response.content
    data = response.json()
    assert set(data) >= {"id", "questions"}
    assert len(data["questions"]) == 10
    assert [q["rank"] for q in data["questions"]] == list(range(3, 13))
    for q in data["questions"]:
        assert set(q) == {"id", "question", "rank", "count", "play_rank", "tops"}  # no answers
        assert q["play_rank"] is None and q["tops"] is None  # a quiz in probability order
        words = sorted(w for w in SMALL_WORDS if alpha(w) == q["question"])
        assert q["count"] == len(words) and words
        assert QuizQuestion.objects.get(pk=q["id"]).answers == words
    assert "answers" not in response.content.decode()


@pytest.mark.parametrize("kind", ["hooks", "seven_plus_one", "validity"])
def test_other_kinds_answer_from_the_lexicon(alice, ranked_lexicon, kind):
    response = start(en_api(alice), ranked_lexicon, kind=kind, length=7 if kind == "seven_plus_one" else 3,
                     rank_to=20)
    assert response.status_code == 201, response.content
    words = set(SMALL_WORDS)
    for q in QuizQuestion.objects.filter(quiz_id=response.json()["id"]):
        if kind == "hooks":
            assert q.answers == sorted({w for w in words if len(w) == len(q.question) + 1
                                        and (w[1:] == q.question or w[:-1] == q.question)})
        elif kind == "seven_plus_one":
            assert q.answers == sorted(w for w in words if len(w) == 8 and not Counter(q.question) - Counter(w))
        else:
            assert q.answers == (["YES"] if q.question in words else ["NO"])


def test_blanks_replace_letters_of_the_ranked_alphagram(alice, ranked_lexicon):
    response = start(en_api(alice), ranked_lexicon, length=7, blanks=1, rank_to=5)
    assert response.status_code == 201
    for q in QuizQuestion.objects.filter(quiz_id=response.json()["id"]):
        rack = q.question.replace("?", "")
        assert q.question.endswith("?") and len(rack) == 6
        assert q.answers == sorted(w for w in SMALL_WORDS if len(w) == 7 and not Counter(rack) - Counter(w))


def test_a_large_range_is_sampled_to_fifty_questions_in_rank_order(alice, french_lexicon):
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    response = start(en_api(alice), french_lexicon, length=7, rank_from=1, rank_to=5000)
    assert response.status_code == 201
    ranks = [q["rank"] for q in response.json()["questions"]]
    assert len(ranks) == 50 and ranks == sorted(ranks) and len(set(ranks)) == 50


@pytest.mark.parametrize("body, words", [
    ({"length": 1}, "between 2 and 15"),
    ({"length": 30}, "between 2 and 15"),
    ({"kind": "crossword"}, "kind"),
    ({"rank_from": 20, "rank_to": 3}, "after the last one"),
    ({"lexicon": 99999}, "Unknown lexicon"),
    ({"lexicon": "nope"}, "Unknown lexicon"),
    ({"kind": "hooks", "blanks": 1}, "Blanks are for anagram"),
    ({"blanks": 3}, "0, 1 or 2 blanks"),
    ({"rank_from": 900, "rank_to": 950}, "beyond them"),
    ({"length": None}, "length"),
    ({"count": 0}, "1 to 50"),
    ({"time_limit": 5}, "time limit"),
    ({"kind": "seven_plus_one", "length": 15}, "between 2 and 14"),
    ({"due": True, "list": 1}, "not both"),
])
def test_bad_input_is_400_with_the_reason(alice, ranked_lexicon, body, words):
    response = start(en_api(alice), ranked_lexicon, **body)
    assert response.status_code == 400, response.content
    assert words in response.json()["detail"]
    assert not Quiz.objects.exists()


def test_refusals_speak_french_by_default(alice, ranked_lexicon):
    response = start(api_for(alice), ranked_lexicon, length=30)
    assert response.status_code == 400
    assert response.json()["detail"] == "La longueur doit être comprise entre 2 et 15 lettres, pas 30."


def test_anonymous_users_are_refused(ranked_lexicon):
    assert start(en_api(), ranked_lexicon).status_code in (401, 403)


def test_ranks_being_computed_is_409_with_the_task(alice, small_lexicon, settings):
    settings.TIRAGE_TASKS_MODE = "thread"  # the task starts after the commit; the answer comes at once
    response = start(en_api(alice), small_lexicon)
    assert response.status_code == 409
    assert "being computed" in response.json()["detail"] and response.json()["task"]


# -- answering -------------------------------------------------------------------------------------

def first_question(client, lex, **extra):
    data = start(client, lex, **extra).json()
    return data["id"], QuizQuestion.objects.get(pk=data["questions"][0]["id"])


def test_answers_are_judged_in_any_order_and_kept(alice, ranked_lexicon):
    client = en_api(alice)
    quiz_id, question = first_question(client, ranked_lexicon, length=7, rank_to=1)
    expected = question.answers
    assert len(expected) > 1
    given = [expected[-1].lower(), "ZZZZZZZ"]
    response = client.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": given},
                           format="json")
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["correct"] == [expected[-1]]
    assert data["missed"] == expected[:-1]
    assert data["wrong"] == ["ZZZZZZZ"]
    assert data["settled"] is True
    assert QuizAnswer.objects.filter(question=question, given=given).exists()
    results = client.get(f"/api/quizzes/{quiz_id}/").json()
    assert results["finished"] is True  # one question, closed
    assert results["questions"][0]["answers"] == expected and results["questions"][0]["correct"] is False


def test_partial_answers_reveal_nothing_until_every_answer_is_found(alice, ranked_lexicon):
    client = en_api(alice)
    quiz_id, question = first_question(client, ranked_lexicon, length=7, rank_to=2)
    expected = question.answers
    url = f"/api/quizzes/{quiz_id}/answers/"
    first = client.post(url, {"question": question.pk, "answers": [expected[0]], "partial": True}, format="json").json()
    assert first["missed"] == [] and first["settled"] is False and first["remaining"] == len(expected) - 1
    detail = client.get(f"/api/quizzes/{quiz_id}/").json()["questions"][0]
    assert detail["answers"] is None and detail["found"] == [expected[0]]
    last = client.post(url, {"question": question.pk, "answers": expected[1:], "partial": True}, format="json").json()
    assert last["settled"] is True and last["remaining"] == 0
    card = AlphagramCard.objects.get(owner=alice, alphagram=question.alphagram)
    assert card.reviews == 1 and card.lapses == 0


def test_a_missed_alphagram_comes_back_sooner(alice, ranked_lexicon):
    client = en_api(alice)
    quiz_id = start(client, ranked_lexicon, length=2, rank_to=2).json()["id"]
    right, missed = QuizQuestion.objects.filter(quiz_id=quiz_id).order_by("order")
    url = f"/api/quizzes/{quiz_id}/answers/"
    client.post(url, {"question": right.pk, "answers": right.answers}, format="json")
    client.post(url, {"question": missed.pk, "answers": []}, format="json")
    good = AlphagramCard.objects.get(owner=alice, alphagram=right.alphagram)
    again = AlphagramCard.objects.get(owner=alice, alphagram=missed.alphagram)
    assert again.due < good.due
    # A first meeting missed is Again on a card still being learned: not a lapse in FSRS's sense.
    assert again.lapses == 0 and good.lapses == 0 and again.state == 1
    # A second answer to a closed question is kept but does not reschedule.
    client.post(url, {"question": missed.pk, "answers": missed.answers}, format="json")
    again.refresh_from_db()
    assert again.reviews == 1
    # Seen again after a success, a known alphagram's interval grows.
    later = timezone.now() + (good.due - timezone.now()) + timedelta(minutes=1)
    from training.wordstudy.services import review_alphagram

    before = good.due
    review_alphagram(alice, ranked_lexicon, right.alphagram, True, now=later)
    good.refresh_from_db()
    assert good.due - later > before - good.last_review - timedelta(days=0) or good.due > before


def test_due_alphagrams_make_a_quiz_and_are_listed(alice, ranked_lexicon):
    client = en_api(alice)
    assert client.post("/api/quizzes/", {"due": True}, format="json").status_code == 400  # nothing due yet
    quiz_id = start(client, ranked_lexicon, length=3, rank_to=3).json()["id"]
    client.post(f"/api/quizzes/{quiz_id}/finish/")
    AlphagramCard.objects.filter(owner=alice).update(due=timezone.now() - timedelta(minutes=1))
    due = client.get("/api/wordstudy/due/").json()
    assert due["count"] == 3
    assert {c["alphagram"] for c in due["cards"]} == set(
        QuizQuestion.objects.filter(quiz_id=quiz_id).values_list("alphagram", flat=True))
    response = client.post("/api/quizzes/", {"due": True}, format="json")
    assert response.status_code == 201
    assert {q["question"] for q in response.json()["questions"]} == {c["alphagram"] for c in due["cards"]}
    assert client.get("/api/wordstudy/due/?lexicon=424242").status_code == 400


def test_a_revision_list_makes_a_quiz(alice, bob, ranked_lexicon):
    from training.lists.services import add_word, create_list

    revision_list = create_list(alice, ranked_lexicon, "mots")
    for word in ("RETINES", "BACCARAT", "DATAIS"):
        add_word(revision_list, word)
    response = en_api(alice).post("/api/quizzes/", {"list": revision_list.pk}, format="json")
    assert response.status_code == 201
    questions = response.json()["questions"]
    assert {q["question"] for q in questions} == {alpha(w) for w in ("RETINES", "BACCARAT", "DATAIS")}
    retines = next(q for q in questions if q["question"] == alpha("RETINES"))
    assert retines["count"] == len([w for w in SMALL_WORDS if alpha(w) == alpha("RETINES")])
    assert retines["rank"] == RankedAlphagram.objects.get(alphagram=alpha("RETINES")).rank
    assert en_api(bob).post("/api/quizzes/", {"list": revision_list.pk}, format="json").status_code == 404


# -- permissions -----------------------------------------------------------------------------------

def test_another_users_quiz_is_404(alice, bob, ranked_lexicon):
    quiz_id, question = first_question(en_api(alice), ranked_lexicon)
    other = en_api(bob)
    assert other.get(f"/api/quizzes/{quiz_id}/").status_code == 404
    assert other.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": ["EN"]},
                      format="json").status_code == 404
    assert other.post(f"/api/quizzes/{quiz_id}/finish/").status_code == 404
    assert not QuizAnswer.objects.exists()


def test_bad_answers_are_400(alice, bob, ranked_lexicon):
    client = en_api(alice)
    quiz_id, question = first_question(client, ranked_lexicon)
    other_id, other_question = first_question(en_api(bob), ranked_lexicon)
    url = f"/api/quizzes/{quiz_id}/answers/"
    for body, words in [({"question": other_question.pk, "answers": ["EN"]}, "not in this quiz"),
                        ({"question": question.pk, "answers": "EN"}, "answers"),
                        ({"question": question.pk}, "answers"),
                        ({"question": question.pk, "answers": ["A" * 41]}, "answers")]:
        response = client.post(url, body, format="json")
        assert response.status_code == 400 and words in response.json()["detail"], response.content


def test_a_quiz_out_of_time_takes_no_more_answers(alice, ranked_lexicon):
    client = en_api(alice)
    quiz_id, question = first_question(client, ranked_lexicon, time_limit=60)
    Quiz.objects.filter(pk=quiz_id).update(created_at=timezone.now() - timedelta(seconds=120))
    response = client.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": ["EN"]},
                           format="json")
    assert response.status_code == 409
    assert Quiz.objects.get(pk=quiz_id).finished_at is not None


# -- daily challenge -------------------------------------------------------------------------------

def test_the_daily_challenge_is_the_same_for_everyone_one_try_and_ranked(alice, bob, french_lexicon):
    url = f"/api/challenges/today/?lexicon={french_lexicon.pk}"
    a, b = en_api(alice), en_api(bob)
    today = a.get(url)
    assert today.status_code == 200, today.content
    assert today.json()["questions"] == 50 and today.json()["quiz"] is None and today.json()["ranking"] == []
    first = a.post(url)
    second = b.post(url)
    assert first.status_code == 201 and second.status_code == 201
    assert [q["question"] for q in first.json()["questions"]] == [q["question"] for q in second.json()["questions"]]
    assert {len(q["question"]) for q in first.json()["questions"]} == {7, 8}
    again = a.post(url)
    assert again.status_code == 409 and again.json()["quiz"] == first.json()["id"]
    # Alice answers two questions right, Bob one; both finish.
    for client, data, n in ((a, first.json(), 2), (b, second.json(), 1)):
        for q in data["questions"][:n]:
            answers = QuizQuestion.objects.get(pk=q["id"]).answers
            client.post(f"/api/quizzes/{data['id']}/answers/", {"question": q["id"], "answers": answers},
                        format="json")
        client.post(f"/api/quizzes/{data['id']}/finish/")
    ranking = a.get(url).json()["ranking"]
    assert [(r["position"], r["user"], r["right"]) for r in ranking] == [(1, "alice", 2), (2, "bob", 1)]
    assert a.get("/api/challenges/today/?lexicon=0").status_code == 400
    assert a.get("/api/challenges/today/").status_code == 400


def test_the_schema_documents_the_word_study_endpoints(alice):
    schema = en_api(alice).get("/api/schema/?format=json").json()
    paths = schema["paths"]
    for path in ("/api/quizzes/", "/api/quizzes/{quiz_id}/", "/api/quizzes/{quiz_id}/answers/",
                 "/api/challenges/today/", "/api/wordstudy/due/"):
        assert path in paths
    responses = paths["/api/quizzes/"]["post"]["responses"]
    assert {"201", "400", "404", "409"} <= set(responses)
    assert set(paths["/api/quizzes/{quiz_id}/answers/"]["post"]["responses"]) >= {"200", "400", "404", "409"}


def test_hooks_and_seven_plus_one_are_answered_with_letters_through_the_api(alice, french_lexicon):
    from engine.wordstudy import Question, added_letters, hook_letters
    from training.wordstudy.ranking import ensure_ranking

    ensure_ranking(french_lexicon)
    client = en_api(alice)
    quiz_id, question = first_question(client, french_lexicon, kind="hooks", length=3, rank_to=1)
    front, back = hook_letters(Question("hooks", question.question, question.alphagram, tuple(question.answers)))
    assert front or back
    tokens = [*([f"{front}·"] if front else []), *([f"·{back}"] if back else []), "·Q"]
    data = client.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": tokens},
                       format="json").json()
    assert data["correct"] == question.answers and data["missed"] == [] and data["wrong"] == ["·Q"]
    result = client.get(f"/api/quizzes/{quiz_id}/").json()["questions"][0]
    assert result["letters"] == f"{front}·{question.question}·{back}" and result["answers"] == question.answers

    quiz_id, question = first_question(client, french_lexicon, kind="seven_plus_one", length=4, rank_to=1)
    groups = added_letters(Question("seven_plus_one", question.question, question.alphagram, tuple(question.answers)))
    first = next(iter(groups))
    data = client.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": [f"+{first}"],
                                                            "partial": True}, format="json").json()
    assert data["correct"] == groups[first] and data["settled"] is (len(groups) == 1)
    assert client.get(f"/api/quizzes/{quiz_id}/").json()["questions"][0]["letters"] is None  # still open
    client.post(f"/api/quizzes/{quiz_id}/answers/", {"question": question.pk, "answers": list(groups)},
                format="json")
    result = client.get(f"/api/quizzes/{quiz_id}/").json()["questions"][0]
    assert result["correct"] is True and result["letters"] == "".join(groups)
