"""Quiz rules found by an audit: the alphagram index (built once per version and process, no GADDAG search
for blank anagrams and 7+1), no word-wall guesses on valid-or-not quizzes, one question per alphagram
(hooks by rank), a card reviewed at most once per quiz, and FSRS lapses."""

from __future__ import annotations

import time
from collections import Counter
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from engine.gaddag import Gaddag
from engine.wordstudy import AlphagramIndex
from tests.support import write_words
from tests.training.conftest import SMALL_WORDS
from training.wordstudy import indexes, services
from training.wordstudy.models import AlphagramCard, Quiz, QuizAnswer, QuizQuestion

pytestmark = pytest.mark.django_db


def alpha(word: str) -> str:
    return "".join(sorted(word))


def holds(word: str, rack: str) -> bool:
    return not (Counter(rack) - Counter(word))


def quiz_of(user, lexicon, **fields):
    request = services.QuizRequest(lexicon=lexicon.pk, **{"kind": "anagrams", "rank_from": 1, **fields})
    return services.create_quiz(user, request)


@pytest.fixture
def fresh_indexes():
    indexes.forget_indexes()
    yield
    indexes.forget_indexes()


@pytest.fixture
def builds(monkeypatch):
    """Every index built (its lexicon's word count), and every rack with blanks the GADDAG was searched for."""
    built: list[int] = []
    searched: list[str] = []
    from_gaddag = AlphagramIndex.from_gaddag.__func__
    anagrams = Gaddag.anagrams

    def counting(cls, g, *args, **kwargs):
        built.append(g.word_count)
        return from_gaddag(cls, g, *args, **kwargs)

    def spying(self, letters, *args, **kwargs):
        if "?" in letters:
            searched.append(letters)
        return anagrams(self, letters, *args, **kwargs)

    monkeypatch.setattr(AlphagramIndex, "from_gaddag", classmethod(counting))
    monkeypatch.setattr(Gaddag, "anagrams", spying)
    return built, searched


# -- 1. the alphagram index ----------------------------------------------------------------------------

def test_blank_and_seven_plus_one_quizzes_use_one_index_per_version_and_process(
        alice, ranked_lexicon, tmp_path, fresh_indexes, builds):
    built, searched = builds
    two_blanks = quiz_of(alice, ranked_lexicon, length=8, blanks=2, rank_to=50, seed=1)
    one_blank = quiz_of(alice, ranked_lexicon, length=7, blanks=1, rank_to=50, seed=2)
    plus_one = quiz_of(alice, ranked_lexicon, kind="seven_plus_one", length=7, rank_to=50, seed=3)
    assert built == [len(SMALL_WORDS)] and searched == []  # built once, never a GADDAG search with blanks
    assert indexes.loaded_indexes() == [(ranked_lexicon.content_hash, "fr")]
    for quiz, blanks in ((two_blanks, 2), (one_blank, 1)):
        questions = list(quiz.questions.all())
        assert questions and all(q.question.count("?") == blanks for q in questions)
        for q in questions:
            rack = q.question.replace("?", "")
            assert q.answers == sorted(w for w in SMALL_WORDS if len(w) == len(rack) + blanks and holds(w, rack))
    for q in plus_one.questions.all():
        assert q.answers == sorted(w for w in SMALL_WORDS if len(w) == 8 and holds(w, q.question))
        assert sorted(w for group in q.detail["by_letter"].values() for w in group) == q.answers
    # Plain anagram quizzes do not need it: a process serving only those never builds one.
    indexes.forget_indexes()
    quiz_of(alice, ranked_lexicon, length=7, rank_to=5)
    assert built == [len(SMALL_WORDS)] and indexes.loaded_indexes() == []


def test_a_new_version_gets_its_own_index(alice, ranked_lexicon, tmp_path, fresh_indexes, builds):
    from lexicon.services import import_word_list
    from training.wordstudy.ranking import ensure_ranking

    built, _searched = builds
    quiz_of(alice, ranked_lexicon, length=7, blanks=2, rank_to=5)
    other_words = [*SMALL_WORDS, "RAINETTE"]
    other = import_word_list(write_words(tmp_path / "other.txt", other_words), name="other", language="fr").lexicon
    assert other.content_hash != ranked_lexicon.content_hash
    assert ensure_ranking(other).state == "done"
    quiz = quiz_of(alice, other, length=7, blanks=2, rank_to=5)
    assert built == [len(SMALL_WORDS), len(other_words)]
    assert indexes.loaded_indexes() == [(ranked_lexicon.content_hash, "fr"), (other.content_hash, "fr")]
    assert all(q.answers == sorted(w for w in other_words if len(w) == 7 and holds(w, q.question.replace("?", "")))
               for q in quiz.questions.all())


# -- 2. no word-wall guesses on a valid-or-not quiz ------------------------------------------------------

def test_a_valid_or_not_quiz_refuses_word_wall_guesses(alice, ranked_lexicon, settings):
    quiz = quiz_of(alice, ranked_lexicon, kind="validity", length=2, rank_to=20, seed=7)
    questions = list(quiz.questions.all())
    assert any(q.answers == ["YES"] for q in questions)
    with pytest.raises(services.QuizError, match="Valid or Phony"):
        services.wall_guess(quiz, alice, "oui")
    client = Client()
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    url = f"/wordstudy/quizzes/{quiz.pk}/wall/guess/"
    for word in ("oui", "YES", questions[0].detail["word"]):
        response = client.post(url, {"word": word}, HTTP_HX_REQUEST="true")
        assert response.status_code == 400
        assert "choose Valid or Phony for each one" in response.content.decode()
    assert not QuizQuestion.objects.filter(quiz=quiz).exclude(found=[]).exists()
    assert not QuizQuestion.objects.filter(quiz=quiz, settled_at__isnull=False).exists()
    assert not QuizAnswer.objects.exists() and not AlphagramCard.objects.exists()
    # Its questions are still answered one by one.
    yes = next(q for q in questions if q.answers == ["YES"])
    assert services.submit_answers(quiz, alice, yes.pk, ["oui"]).question.correct is True


# -- 3. one question per alphagram, one review per card and quiz ------------------------------------------

def hooks_of(word: str) -> list[str]:
    return sorted({w for w in SMALL_WORDS if len(w) == len(word) + 1 and (w[1:] == word or w[:-1] == word)})


def test_a_hooks_quiz_asks_every_sampled_rank_once(alice, ranked_lexicon):
    # 58 two-letter alphagrams, 50 asked: the same sample of ranks as an anagram quiz with the same seed.
    anagrams = quiz_of(alice, ranked_lexicon, length=2, rank_to=58, seed=11)
    hooks = quiz_of(alice, ranked_lexicon, kind="hooks", length=2, rank_to=58, seed=11)
    asked = list(hooks.questions.all())
    ranks = [q.rank for q in asked]
    assert len(asked) == 50 and ranks == sorted(set(ranks))
    assert ranks == [q.rank for q in anagrams.questions.all()]
    assert len({q.alphagram for q in asked}) == 50
    for q in asked:
        words = sorted(w for w in SMALL_WORDS if alpha(w) == q.alphagram)
        # The alphagram's word with the most hooks, the first alphabetically among equals.
        best = max(words, key=lambda w: len(hooks_of(w)))
        assert q.question == best and q.answers == hooks_of(best)
    es = next(q for q in asked if q.alphagram == "ES")  # ES (EST, TES) rather than SE (SET)
    assert es.question == "ES" and es.answers == ["EST", "TES"]
    services.finish_quiz(hooks)
    assert set(AlphagramCard.objects.filter(owner=alice).values_list("reviews", flat=True)) == {1}


def test_a_hooks_quiz_from_a_list_asks_one_word_per_alphagram(alice, ranked_lexicon):
    from training.lists.services import add_word, create_list

    revision_list = create_list(alice, ranked_lexicon, "mots")
    for word in ("SE", "ES", "TA", "RETINES", "SENTIER"):
        add_word(revision_list, word)
    quiz = services.create_quiz(alice, services.QuizRequest(list_id=revision_list.pk, kind="hooks"))
    assert [(q.question, q.alphagram) for q in quiz.questions.all()] == [
        ("SE", "ES"), ("TA", "AT"), ("RETINES", "EEINRST")]  # the list's first word of each alphagram
    services.finish_quiz(quiz)
    assert set(AlphagramCard.objects.filter(owner=alice).values_list("reviews", flat=True)) == {1}


def test_a_card_is_reviewed_once_per_quiz_even_with_two_questions_of_its_alphagram(alice, ranked_lexicon):
    # A quiz stored before the one-question-per-alphagram rule: ES and SE, both of alphagram ES.
    quiz = Quiz.objects.create(owner=alice, lexicon=ranked_lexicon, content_hash=ranked_lexicon.content_hash,
                               kind="hooks", source=Quiz.Source.RANKS)
    es = QuizQuestion.objects.create(quiz=quiz, order=0, question="ES", alphagram="ES", answers=["EST", "TES"])
    QuizQuestion.objects.create(quiz=quiz, order=1, question="SE", alphagram="ES", answers=["SET"])
    QuizQuestion.objects.create(quiz=quiz, order=2, question="TA", alphagram="AT", answers=["TAS"])
    services.wall_guess(quiz, alice, "SET")  # closes SE: the card of ES is reviewed (Good)
    services.submit_answers(quiz, alice, es.pk, ["EST"])  # closes ES, missed TES: no second review
    services.finish_quiz(quiz)
    cards = {c.alphagram: c for c in AlphagramCard.objects.filter(owner=alice)}
    assert cards["ES"].reviews == 1 and cards["AT"].reviews == 1
    assert QuizQuestion.objects.filter(quiz=quiz, settled_at__isnull=True).count() == 0


def test_finishing_reviews_each_card_once(alice, ranked_lexicon):
    quiz = Quiz.objects.create(owner=alice, lexicon=ranked_lexicon, content_hash=ranked_lexicon.content_hash,
                               kind="hooks", source=Quiz.Source.RANKS)
    for order, word in enumerate(("ES", "SE", "ES")):
        QuizQuestion.objects.create(quiz=quiz, order=order, question=word, alphagram="ES", answers=hooks_of(word))
    services.finish_quiz(quiz)
    assert AlphagramCard.objects.get(owner=alice, alphagram="ES").reviews == 1


# -- 4. FSRS lapses ------------------------------------------------------------------------------------------

def test_a_lapse_is_again_on_a_learned_card_only(alice, ranked_lexicon):
    now = timezone.now()
    first = services.review_alphagram(alice, ranked_lexicon, "ES", False, now=now)
    assert first.state == 1 and first.lapses == 0  # first meeting missed: still learning, no lapse
    # Learned: Good until FSRS moves it to Review.
    card = services.review_alphagram(alice, ranked_lexicon, "ES", True, now=now + timedelta(minutes=2))
    step = 2
    while card.state != 2:
        step += 1
        card = services.review_alphagram(alice, ranked_lexicon, "ES", True, now=card.due + timedelta(minutes=1))
        assert step < 10
    forgotten = services.review_alphagram(alice, ranked_lexicon, "ES", False, now=card.due + timedelta(days=1))
    assert forgotten.state == 3 and forgotten.lapses == 1  # Review → Relearning: one lapse
    again = services.review_alphagram(alice, ranked_lexicon, "ES", False, now=forgotten.due + timedelta(minutes=1))
    assert again.state == 3 and again.lapses == 1  # missed again while relearning: the same lapse
    assert again.reviews == step + 2


def test_the_word_study_page_builds_the_index_before_the_first_quiz(client, alice, ranked_lexicon, fresh_indexes):
    """The first blank or 7+1 quiz of a process does not wait for the index: the page warms it up."""
    client.force_login(alice)  # the preferred lexicon: the site's French one
    assert client.get("/wordstudy/").status_code == 200
    for _ in range(200):
        if indexes.loaded_indexes():
            break
        time.sleep(0.05)
    assert indexes.loaded_indexes() == [(ranked_lexicon.content_hash, "fr")]
    assert indexes.warm_up(ranked_lexicon.content_hash, "fr") is None  # already there: no second build
