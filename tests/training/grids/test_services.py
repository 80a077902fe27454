"""Training services: lists, words and support letters, bulk paste, copies, answers and FSRS."""

from __future__ import annotations

import pytest

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from lexicon.selectors import gaddag_for
from tests.training.helpers import baccarat_situation, situation_for, top_play, wrong_play
from training.grids import selectors as grid_selectors
from training.grids import services as grid_services
from training.grids.models import Answer, TopFind
from training.lists import selectors, services
from training.lists.models import ReviewCard, ReviewLog, RevisionEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def words_list(alice, small_lexicon):
    return services.create_list(alice, small_lexicon, "7+1")


# --- answers and FSRS --------------------------------------------------------------------------------------

@pytest.fixture
def situation(alice, words_list):
    return baccarat_situation(alice, services.add_word(words_list, "BACCARAT", "T"))


def test_the_test_situation_is_a_real_legal_play(situation):
    position = parse_cgp(situation.cgp)
    moves = generate_moves(gaddag_for(situation.grid.lexicon), position)
    assert any(m.word == "BACCARAT" and m.coord == "8A" for m in moves)
    assert situation.expected["coord"] == "8A" and situation.expected["score"] > 0


def test_right_word_without_coordinates(alice, situation):
    card_before = ReviewCard.objects.get(entry=situation.entry).due
    outcome = grid_services.answer_situation(situation, alice, "baccarat")
    assert outcome.correct and outcome.score == situation.expected["score"]
    assert outcome.top == situation.top
    card = ReviewCard.objects.get(entry=situation.entry)
    assert card.reviews == 1 and card.lapses == 0 and card.due > card_before
    assert ReviewLog.objects.get(card=card).rating == 3  # Rating.Good


def test_right_word_at_the_right_place(alice, situation):
    good = grid_services.answer_situation(situation, alice, "BACCARAT", "8a")
    assert good.correct and good.verdict == "expected" and good.score == situation.expected["score"]
    assert good.play["coord"] == "8A"


@pytest.mark.parametrize(("word", "coord", "reason"), [
    ("BACCARAT", "H8", "not a legal play"),  # the list word where it cannot go
    ("BACCARATE", None, "not in the lexicon"),  # a typo
    ("DATAIS", None, "cannot be played on this board"),  # a word, but not with this rack
    ("CAB", "A1", "not a legal play"),  # a word placed nowhere near the tiles
])
def test_a_typo_or_an_illegal_play_is_refused_and_the_situation_stays_open(alice, situation, word, coord, reason):
    with pytest.raises(grid_services.PlayRefused, match=reason):
        grid_services.answer_situation(situation, alice, word, coord)
    assert not Answer.objects.exists() and not TopFind.objects.exists()
    assert ReviewCard.objects.get(entry=situation.entry).reviews == 0
    assert not grid_selectors.get_own_situation(alice, situation.pk).decided
    right = grid_services.answer_situation(situation, alice, "BACCARAT", "8A")  # still open: the word is found
    assert right.correct and right.decided and right.verdict == "expected"


def test_one_answer_decides_later_tries_are_refused_and_counted_nowhere(alice, situation):
    low = wrong_play(situation)
    first = grid_services.answer_situation(situation, alice, low.word, low.coord)
    assert not first.correct and first.decided and "not the word of the list" in first.message
    with pytest.raises(grid_services.AlreadyAnswered):
        grid_services.answer_situation(situation, alice, "BACCARAT")
    assert Answer.objects.filter(situation=situation).count() == 1
    card = ReviewCard.objects.get(entry=situation.entry)
    assert (card.reviews, card.lapses) == (1, 0)  # Again on a card still being learned is no lapse (FSRS)
    assert ReviewLog.objects.get(card=card).rating == 1  # Rating.Again
    summary = grid_selectors.progress_summary(alice)
    assert (summary["answers"], summary["correct"], summary["wrong"]) == (1, 0, 1)
    assert grid_selectors.hardest_words(alice)[0]["word"] == "BACCARAT"


def test_a_right_answer_then_another_play_stays_right(alice, situation):
    assert grid_services.answer_situation(situation, alice, "BACCARAT").correct
    with pytest.raises(grid_services.AlreadyAnswered):
        grid_services.answer_situation(situation, alice, "CAB", "I5")
    assert list(Answer.objects.values_list("correct", flat=True)) == [True]
    assert ReviewCard.objects.get(entry=situation.entry).lapses == 0


def test_the_list_word_that_scores_the_top_is_credited_as_the_top_too(alice, situation):
    assert situation.expected["score"] == situation.top[0]["score"]  # BACCARAT is this board's top
    outcome = grid_services.answer_situation(situation, alice, "BACCARAT")
    assert outcome.top_found and "top" in outcome.message
    marked = grid_selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.solved and marked.top_found and not TopFind.objects.exists()


def _art_situation(alice, words_list):
    """ART through the T of DATAIS (rack AR): the board's top is another play (RA at G9, 8 points)."""
    return situation_for(alice, services.add_word(words_list, "ART", "T"), "AR", "8F", "ART")


def test_the_goal_says_the_list_word_its_support_and_whether_the_top_is_another_play(alice, words_list, situation):
    goal = grid_selectors.situation_goal(situation)
    assert goal == {"length": 8, "support_letter": "T", "support_square": "H8", "support_blank": False,
                    "top_is_other_play": False, "anagram_counts": True}
    art = _art_situation(alice, words_list)
    assert grid_selectors.situation_goal(art)["top_is_other_play"]


def test_a_top_other_than_the_list_word_is_credited_and_the_situation_stays_open(alice, words_list):
    situation = _art_situation(alice, words_list)
    top = top_play(situation)
    assert top.word != "ART" and top.score > situation.expected["score"]
    outcome = grid_services.answer_situation(situation, alice, top.word, top.coord)
    assert outcome.correct and outcome.verdict == "top" and not outcome.decided and outcome.answer is None
    assert outcome.expected == {} and outcome.top == []  # nothing about the list word is told yet
    assert "still to find" in outcome.message
    assert not Answer.objects.exists() and ReviewCard.objects.get(entry=situation.entry).reviews == 0
    found = TopFind.objects.get()
    assert (found.word, found.coord, found.score) == (top.word, top.coord, top.score)
    again = grid_services.answer_situation(situation, alice, top.word, top.coord)  # credited once
    assert not again.decided and TopFind.objects.count() == 1
    marked = grid_selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.top_found and not marked.decided and not marked.answered
    right = grid_services.answer_situation(situation, alice, "ART")  # the goal, still open, decides it
    assert right.correct and right.decided and right.verdict == "expected" and right.top_found
    assert ReviewLog.objects.get().rating == 3  # Good
    marked = grid_selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.solved and marked.top_found


def test_a_top_without_coordinates_is_judged_at_its_best_placement(alice, words_list):
    situation = _art_situation(alice, words_list)
    top = top_play(situation)
    outcome = grid_services.answer_situation(situation, alice, top.word)
    assert outcome.verdict == "top" and outcome.score == top.score and outcome.play["coord"] == top.coord


def test_a_legal_play_other_than_the_list_word_and_the_top_is_wrong_with_its_score(alice, words_list):
    situation = _art_situation(alice, words_list)
    low = wrong_play(situation)
    outcome = grid_services.answer_situation(situation, alice, low.word, low.coord)
    assert not outcome.correct and outcome.verdict == "wrong" and outcome.score == low.score and outcome.decided
    assert str(low.score) in outcome.message and low.word in outcome.message
    assert Answer.objects.get().score == low.score
    assert ReviewLog.objects.get().rating == 1  # Again


def test_a_revealed_grid_refuses_answers_and_counts_nothing(alice, situation):
    grid_services.reveal_grid(situation.grid)
    with pytest.raises(grid_services.AlreadyAnswered):
        grid_services.answer_situation(situation, alice, "BACCARAT")
    assert not Answer.objects.exists() and ReviewCard.objects.get(entry=situation.entry).reviews == 0
    marked = grid_selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.revealed and not marked.solved and marked.decided
    assert not grid_selectors.grid_finished(situation.grid, [marked])


@pytest.mark.parametrize(("word", "coord"), [("", None), ("   ", None), ("BAC4", None), ("BACCARAT", "Z99"),
                                             ("BACCARAT", "H"), ("A" * 16, None)])
def test_bad_answer_input_records_nothing(alice, situation, word, coord):
    with pytest.raises(grid_services.AnswerError):
        grid_services.answer_situation(situation, alice, word, coord)
    assert not Answer.objects.exists()
    assert ReviewCard.objects.get(entry=situation.entry).reviews == 0


def test_progress_summary_counts(alice, situation):
    low = wrong_play(situation)
    grid_services.answer_situation(situation, alice, low.word, low.coord)
    summary = grid_selectors.progress_summary(alice)
    assert summary["answers"] == 1 and summary["correct"] == 0 and summary["accuracy"] == 0.0
    assert summary["streak"] == 1 and summary["cards"] == 1
    assert summary["accuracy_by_day"][-1].answers == 1 and summary["accuracy_by_day"][-1].accuracy == 0.0
    assert len(summary["accuracy_by_day"]) == 30
    assert all(day.accuracy is None for day in summary["accuracy_by_day"][:-1])  # no answers: a gap, not 0 %


def test_due_counts_agree_everywhere(alice, words_list):
    services.add_word(words_list, "BACCARAT", "T")
    services.add_word(words_list, "DATAIS", "T")
    card = ReviewCard.objects.get(entry__word="DATAIS")
    services.review_card(card, correct=True)  # pushed into the future
    summary = grid_selectors.progress_summary(alice)
    listed = selectors.lists_of(alice).get(pk=words_list.pk)
    assert summary["due_now"] == selectors.due_cards(alice).count() == listed.due_count == 1
    assert sum(n for _lexicon, n in selectors.due_lexicons(alice)) == 1


def test_entry_delete_keeps_answers(alice, situation):
    grid_services.answer_situation(situation, alice, "BACCARAT")
    services.remove_entry(situation.entry)
    situation.refresh_from_db()
    assert situation.entry is None and Answer.objects.count() == 1
    assert not RevisionEntry.objects.exists()
