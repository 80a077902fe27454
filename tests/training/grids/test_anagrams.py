"""An anagram of the list word played through its support letter, laying the whole rack, is the list word
found: it meets every condition the situation states. Checked by hand and against the move generator on
generated grids (every anagram play of every situation)."""

from __future__ import annotations

import pytest

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from lexicon.selectors import gaddag_for
from tests.training.helpers import situation_for
from training.grids import services as grid_services
from training.grids.models import Answer, TrainingGrid
from training.lists import services as list_services
from training.lists.models import ReviewLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def retines(alice, small_lexicon):
    """RETINES down column 8 through the T of DATAIS (H8), rack EEINRS: the small lexicon has 9 anagrams."""
    revision_list = list_services.create_list(alice, small_lexicon, "Anagrammes")
    entry = list_services.add_word(revision_list, "RETINES", "T")
    return situation_for(alice, entry, "EEINRS", "8F", "RETINES")


def test_an_anagram_through_the_support_is_the_list_word_found(alice, retines):
    outcome = grid_services.answer_situation(retines, alice, "SENTIER", "8E")
    assert outcome.correct and outcome.decided and outcome.verdict == Answer.Verdict.ANAGRAM
    assert "RETINES" in outcome.message and "SENTIER" in outcome.message
    assert "TERNIES" in outcome.message  # the other anagrams are named
    assert ReviewLog.objects.get().rating == 3  # the list word's card: Good, known
    answer = Answer.objects.get()
    assert answer.correct and answer.word == "SENTIER"


def test_without_coordinates_the_anagram_is_taken_through_the_support(alice, retines):
    outcome = grid_services.answer_situation(retines, alice, "ENTERIS")
    assert outcome.verdict == Answer.Verdict.ANAGRAM and outcome.correct
    assert outcome.play["coord"] == "8F"  # ENTERIS: its T, third letter, on H8


def test_the_page_says_right_and_names_the_list_word(alice_client, retines):
    from django.urls import reverse

    page = alice_client.post(reverse("training:situation-answer", args=[retines.pk]),
                             {"word": "SENTIER", "coord": "8E"}, HTTP_HX_REQUEST="true").content.decode()
    assert "✓" in page and "RETINES" in page
    goal = alice_client.get(reverse("training:situation", args=[retines.pk])).content.decode()
    assert 'id="situation-goal"' in goal


def test_a_word_that_is_not_an_anagram_is_not_credited(alice, retines):
    outcome = grid_services.answer_situation(retines, alice, "RESINE")  # legal, the rack alone: not the letters
    assert outcome.verdict != Answer.Verdict.ANAGRAM


WORD_COUNT = 8


def anagram_rich_words(gaddag, words: list[str], length: int) -> list[str]:
    """The first words of ``length`` letters (in the fixture's order) that have at least two other anagrams."""
    found, seen = [], set()
    for word in words:
        key = "".join(sorted(word))
        if len(word) != length or key in seen:
            continue
        seen.add(key)
        if len(gaddag.anagrams(word)) >= 3:
            found.append(word)
        if len(found) == WORD_COUNT:
            break
    return found


@pytest.mark.parametrize(("length", "seed"), [(7, 1), (7, 2), (8, 3)])
def test_anagram_credit_against_the_move_generator_on_generated_grids(alice, french_lexicon, french_words, length,
                                                                       seed):
    gaddag = gaddag_for(french_lexicon)
    revision_list = list_services.create_list(alice, french_lexicon, f"A{length}-{seed}")
    for word in anagram_rich_words(gaddag, french_words[seed * 50:], length):
        list_services.add_word(revision_list, word, None)
    grid = grid_services.start_list_grid(alice, revision_list, seed=seed)
    grid.refresh_from_db()
    assert grid.status == TrainingGrid.Status.DONE, grid.error
    credited = refused = others = 0
    for situation in grid.situations.order_by("order"):
        letters = sorted(situation.word.upper())
        support = (situation.support["row"], situation.support["col"])
        best = max(t["score"] for t in situation.top)
        for move in generate_moves(gaddag, parse_cgp(situation.cgp)):
            if move.word.upper() == situation.word.upper():
                continue
            if sorted(move.word.upper()) != letters:
                if others < 200:  # any other play: never an anagram's credit
                    others += 1
                    judged = grid_services.judge_answer(gaddag, situation, move.word, move.coord)
                    assert judged.verdict in (Answer.Verdict.TOP, Answer.Verdict.WRONG), (situation.word, move)
                continue
            judged = grid_services.judge_answer(gaddag, situation, move.word, move.coord)
            through = any((r, c) == support for r, c, _ch in move.squares()) and move.tiles == len(situation.rack)
            if through:
                credited += 1
                assert judged.verdict == Answer.Verdict.ANAGRAM, (situation.word, move)
            else:
                refused += 1
                assert judged.verdict == (Answer.Verdict.TOP if move.score >= best else Answer.Verdict.WRONG)
    assert credited > 0 and others > 0  # anagram plays met (an anagram elsewhere is met on some grids only)
