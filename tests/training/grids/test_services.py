"""Training services: lists, words and support letters, bulk paste, copies, answers and FSRS."""

from __future__ import annotations

import pytest

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from lexicon.selectors import gaddag_for
from tests.training.helpers import baccarat_situation, situation_for
from training.grids import selectors as grid_selectors
from training.grids import services as grid_services
from training.grids.models import Answer
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


def test_right_word_at_an_illegal_place_is_wrong_with_the_reason(alice, situation):
    bad = grid_services.answer_situation(situation, alice, "BACCARAT", "H8")
    assert not bad.correct and bad.verdict == "wrong" and bad.score == 0 and "not a legal play" in bad.message
    assert bad.play is None


def test_one_answer_decides_later_tries_are_refused_and_counted_nowhere(alice, situation):
    first = grid_services.answer_situation(situation, alice, "DATAIS")
    assert not first.correct and "cannot be played" in first.message
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
        grid_services.answer_situation(situation, alice, "DATAIS")
    assert list(Answer.objects.values_list("correct", flat=True)) == [True]
    assert ReviewCard.objects.get(entry=situation.entry).lapses == 0


def _art_situation(alice, words_list):
    """ART through the T of DATAIS (rack AR): other words of the same letters score as much (tops)."""
    return situation_for(alice, services.add_word(words_list, "ART", "T"), "AR", "8F", "ART")


def test_a_play_scoring_as_much_is_a_top_counted_right(alice, words_list):
    situation = _art_situation(alice, words_list)
    gaddag = gaddag_for(words_list.lexicon)
    target = situation.expected["score"]
    plays = [m for m in generate_moves(gaddag, parse_cgp(situation.cgp)) if m.word != "ART"]
    top = next(m for m in plays if m.score >= target)  # e.g. RAT, same squares, same letters
    outcome = grid_services.answer_situation(situation, alice, top.word, top.coord)
    assert outcome.correct and outcome.verdict == "top" and outcome.score == top.score >= target
    assert outcome.play["word"] == top.word and "top" in outcome.message.lower()
    assert grid_selectors.progress_summary(alice)["correct"] == 1
    assert ReviewLog.objects.get().rating == 3  # Good: a top is a right answer


def test_a_top_without_coordinates_is_judged_at_its_best_placement(alice, words_list):
    situation = _art_situation(alice, words_list)
    gaddag = gaddag_for(words_list.lexicon)
    target = situation.expected["score"]
    plays = generate_moves(gaddag, parse_cgp(situation.cgp))
    best = {}
    for m in plays:
        best.setdefault(m.word, m)  # sorted best first
    word, move = next((w, m) for w, m in best.items() if w != "ART" and m.score >= target)
    outcome = grid_services.answer_situation(situation, alice, word)
    assert outcome.verdict == "top" and outcome.score == move.score and outcome.play["coord"] == move.coord


def test_a_legal_play_scoring_less_is_wrong_with_its_score_shown(alice, words_list):
    situation = _art_situation(alice, words_list)
    gaddag = gaddag_for(words_list.lexicon)
    target = situation.expected["score"]
    low = next(m for m in generate_moves(gaddag, parse_cgp(situation.cgp)) if m.score < target)
    outcome = grid_services.answer_situation(situation, alice, low.word, low.coord)
    assert not outcome.correct and outcome.verdict == "wrong" and outcome.score == low.score
    assert str(low.score) in outcome.message and str(target) in outcome.message
    assert Answer.objects.get().score == low.score


def test_a_revealed_grid_refuses_answers_and_counts_nothing(alice, situation):
    grid_services.reveal_grid(situation.grid)
    with pytest.raises(grid_services.AlreadyAnswered):
        grid_services.answer_situation(situation, alice, "BACCARAT")
    assert not Answer.objects.exists() and ReviewCard.objects.get(entry=situation.entry).reviews == 0
    marked = grid_selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.revealed and not marked.solved and marked.decided
    assert not grid_selectors.grid_finished([marked])


@pytest.mark.parametrize(("word", "coord"), [("", None), ("   ", None), ("BAC4", None), ("BACCARAT", "Z99"),
                                             ("BACCARAT", "H"), ("A" * 16, None)])
def test_bad_answer_input_records_nothing(alice, situation, word, coord):
    with pytest.raises(grid_services.AnswerError):
        grid_services.answer_situation(situation, alice, word, coord)
    assert not Answer.objects.exists()
    assert ReviewCard.objects.get(entry=situation.entry).reviews == 0


def test_progress_summary_counts(alice, situation):
    grid_services.answer_situation(situation, alice, "DATAIS")
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
