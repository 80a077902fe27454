"""Training services: lists, words and support letters, bulk paste, copies, answers and FSRS."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from lexicon.selectors import gaddag_for
from training import selectors, services
from training.models import Answer, ReviewCard, ReviewLog, RevisionEntry, TopFind

from .conftest import SMALL_WORDS
from .helpers import baccarat_situation, situation_for, top_play, wrong_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def words_list(alice, small_lexicon):
    return services.create_list(alice, small_lexicon, "7+1")


# --- lists -------------------------------------------------------------------------------------------------

def test_create_list_and_publish_rules(alice, staff, small_lexicon):
    mine = services.create_list(alice, small_lexicon, "  Mes mots  ", "desc")
    assert (mine.name, mine.description, mine.published) == ("Mes mots", "desc", False)
    with pytest.raises(PermissionDenied):
        services.create_list(alice, small_lexicon, "x", published=True)
    with pytest.raises(PermissionDenied):
        services.update_list(mine, alice, published=True)
    mine.refresh_from_db()
    assert not mine.published
    shared = services.create_list(staff, small_lexicon, "7+1 de la semaine", published=True)
    assert shared.published
    with pytest.raises(ValueError):
        services.create_list(alice, small_lexicon, "   ")


def test_copy_published_list_makes_private_copy_with_fresh_cards(alice, staff, small_lexicon):
    shared = services.create_list(staff, small_lexicon, "Semaine", published=True)
    services.add_word(shared, "BACCARAT", "T")
    services.add_word(shared, "PRIVATIF", 6)
    copy = services.copy_list(shared, alice)
    assert copy.owner == alice and copy.copied_from == shared and not copy.published
    assert [(e.word, e.support_index) for e in copy.entries.all()] == [("BACCARAT", 7), ("PRIVATIF", 5)]
    assert ReviewCard.objects.filter(owner=alice).count() == 2


# --- words and supports --------------------------------------------------------------------------------------

def test_add_word_with_letter_index_or_nothing(words_list):
    a = services.add_word(words_list, "baccarat", "t")
    assert (a.word, a.support_index, a.support_letter, a.rack) == ("BACCARAT", 7, "T", "AAABCCR")
    b = services.add_word(words_list, "PRIVATIF", "5")
    # typed positions count from 1: the 5th letter is the A, stored 0-based (index 4) as the engine counts
    assert (b.support_index, b.support_position, b.support_letter) == (4, 5, "A")
    c = services.add_word(words_list, "Étranges")  # accents folded, best support chosen
    assert c.word == "ETRANGES"
    best = selectors.support_options(gaddag_for(words_list.lexicon), "ETRANGES")[0]
    assert c.support_index == best.index
    assert ReviewCard.objects.filter(entry__in=[a, b, c]).count() == 3


@pytest.mark.parametrize(("text", "support", "code", "named"), [
    ("", None, "empty", ""),
    ("BAC4RAT", None, "bad_letters", "BAC4RAT"),
    ("ZOZOTER", None, "not_in_lexicon", "ZOZOTER"),
    ("PRIVATIFS", None, "bad_length", "PRIVATIFS"),
    ("A", None, "bad_length", "A"),
    ("BACCARAT", "Z", "bad_support", "BACCARAT"),
    ("BACCARAT", 9, "bad_support", "BACCARAT"),
    ("BACCARAT", 0, "bad_support", "BACCARAT"),
    ("BACCARAT", "TT", "bad_support", "BACCARAT"),
])
def test_add_word_refusals_name_the_word_and_add_nothing(words_list, text, support, code, named):
    with pytest.raises(services.EntryError) as info:
        services.add_word(words_list, text, support)
    assert info.value.code == code
    assert named in info.value.message
    assert not words_list.entries.exists()


def test_duplicate_word_refused(words_list):
    services.add_word(words_list, "BACCARAT", "T")
    with pytest.raises(services.EntryError) as info:
        services.add_word(words_list, "baccarat", "B")
    assert info.value.code == "duplicate" and "BACCARAT" in info.value.message
    assert words_list.entries.get().support_index == 7


def _oracle_count(words: list[str], rack: str, length: int) -> int:
    """Words of ``length`` letters containing the rack plus exactly one more letter (brute force)."""
    need = Counter(rack)
    return sum(1 for w in words if len(w) == length and not need - Counter(w))


def test_support_options_match_a_brute_force_count(small_lexicon):
    gaddag = gaddag_for(small_lexicon)
    for word in ("ETRANGES", "RETINES", "ARETINES", "BACCARAT"):
        options = selectors.support_options(gaddag, word)
        assert sorted(o.letter for o in options) == sorted(set(word))  # each distinct letter once
        for option in options:
            assert word[option.index] == option.letter and word.index(option.letter) == option.index
            assert option.rack == "".join(sorted(word[:option.index] + word[option.index + 1:]))
            assert option.count == _oracle_count(SMALL_WORDS, option.rack, len(word)), (word, option)
        assert [(-o.count, o.index) for o in options] == sorted((-o.count, o.index) for o in options)
    # ARETINES without its I leaves AEENRST: + G gives ETRANGES, GERANTES, ARGENTES, SERGENTA and + I the
    # seven anagrams of ARETINES (itself included): 11, more than any other letter of this small list.
    top = selectors.support_options(gaddag, "ARETINES")[0]
    assert (top.letter, top.count) == ("I", 11)


# --- bulk paste ------------------------------------------------------------------------------------------------

def test_bulk_keeps_valid_lines_and_returns_only_refused_ones(words_list):
    services.add_word(words_list, "DATAIS", "T")
    text = "BACCARAT:T\nPRIVATIF 5\n\nzozoter\nRETINES\nBACCARAS:Q\nDATAIS\nRETINES:E\nBAC-CARAT\n"
    outcome = services.add_words_bulk(words_list, text)
    assert [e.word for e in outcome.added] == ["BACCARAT", "PRIVATIF", "RETINES"]
    assert [(r.word, r.code) for r in outcome.refused] == [
        ("ZOZOTER", "not_in_lexicon"), ("BACCARAS", "bad_support"), ("BAC-CARAT", "bad_letters")]
    assert all(r.word in r.reason for r in outcome.refused)
    assert outcome.duplicates == ["DATAIS", "RETINES"]
    assert outcome.remaining_text == "zozoter\nBACCARAS:Q\nBAC-CARAT"
    assert sorted(words_list.entries.values_list("word", flat=True)) == ["BACCARAT", "DATAIS", "PRIVATIF", "RETINES"]


def test_bulk_over_the_limits_is_refused_whole(words_list):
    with pytest.raises(services.EntryError) as info:
        services.add_words_bulk(words_list, "BACCARAT\n" * (services.MAX_BULK_LINES + 1))
    assert info.value.code == "too_long"
    with pytest.raises(services.EntryError):
        services.add_words_bulk(words_list, "A" * (services.MAX_BULK_CHARS + 1))
    assert not words_list.entries.exists()


def test_word_removed_from_lexicon_is_kept_and_flagged(words_list, tmp_path):
    from lexicon.services import import_word_list

    services.add_word(words_list, "BACCARAT", "T")
    services.add_word(words_list, "DATAIS", "T")
    smaller = [w for w in SMALL_WORDS if w != "DATAIS"]
    (tmp_path / "v2.txt").write_text("\n".join(smaller) + "\n", encoding="utf-8")
    import_word_list(tmp_path / "v2.txt", name="small", language="fr")
    flags = {e.word: e.in_lexicon for e in selectors.entries_of(words_list)}
    assert flags == {"BACCARAT": True, "DATAIS": False}


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
    outcome = services.answer_situation(situation, alice, "baccarat")
    assert outcome.correct and outcome.score == situation.expected["score"]
    assert outcome.top == situation.top
    card = ReviewCard.objects.get(entry=situation.entry)
    assert card.reviews == 1 and card.lapses == 0 and card.due > card_before
    assert ReviewLog.objects.get(card=card).rating == 3  # Rating.Good


def test_right_word_at_the_right_place(alice, situation):
    good = services.answer_situation(situation, alice, "BACCARAT", "8a")
    assert good.correct and good.verdict == "expected" and good.score == situation.expected["score"]
    assert good.play["coord"] == "8A"


@pytest.mark.parametrize(("word", "coord", "reason"), [
    ("BACCARAT", "H8", "not a legal play"),  # the list word where it cannot go
    ("BACCARATE", None, "not in the lexicon"),  # a typo
    ("DATAIS", None, "cannot be played on this board"),  # a word, but not with this rack
    ("CAB", "A1", "not a legal play"),  # a word placed nowhere near the tiles
])
def test_a_typo_or_an_illegal_play_is_refused_and_the_situation_stays_open(alice, situation, word, coord, reason):
    with pytest.raises(services.PlayRefused, match=reason):
        services.answer_situation(situation, alice, word, coord)
    assert not Answer.objects.exists() and not TopFind.objects.exists()
    assert ReviewCard.objects.get(entry=situation.entry).reviews == 0
    assert not selectors.get_own_situation(alice, situation.pk).decided
    right = services.answer_situation(situation, alice, "BACCARAT", "8A")  # still open: the word is found
    assert right.correct and right.decided and right.verdict == "expected"


def test_one_answer_decides_later_tries_are_refused_and_counted_nowhere(alice, situation):
    low = wrong_play(situation)
    first = services.answer_situation(situation, alice, low.word, low.coord)
    assert not first.correct and first.decided and "not the word of the list" in first.message
    with pytest.raises(services.AlreadyAnswered):
        services.answer_situation(situation, alice, "BACCARAT")
    assert Answer.objects.filter(situation=situation).count() == 1
    card = ReviewCard.objects.get(entry=situation.entry)
    assert (card.reviews, card.lapses) == (1, 1)
    assert ReviewLog.objects.get(card=card).rating == 1  # Rating.Again
    summary = selectors.progress_summary(alice)
    assert (summary["answers"], summary["correct"], summary["wrong"]) == (1, 0, 1)
    assert selectors.hardest_words(alice)[0]["word"] == "BACCARAT"


def test_a_right_answer_then_another_play_stays_right(alice, situation):
    assert services.answer_situation(situation, alice, "BACCARAT").correct
    with pytest.raises(services.AlreadyAnswered):
        services.answer_situation(situation, alice, "CAB", "I5")
    assert list(Answer.objects.values_list("correct", flat=True)) == [True]
    assert ReviewCard.objects.get(entry=situation.entry).lapses == 0


def test_the_list_word_that_scores_the_top_is_credited_as_the_top_too(alice, situation):
    assert situation.expected["score"] == situation.top[0]["score"]  # BACCARAT is this board's top
    outcome = services.answer_situation(situation, alice, "BACCARAT")
    assert outcome.top_found and "top" in outcome.message
    marked = selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.solved and marked.top_found and not TopFind.objects.exists()


def _art_situation(alice, words_list):
    """ART through the T of DATAIS (rack AR): the board's top is another play (RA at G9, 8 points)."""
    return situation_for(alice, services.add_word(words_list, "ART", "T"), "AR", "8F", "ART")


def test_the_goal_says_the_list_word_its_support_and_whether_the_top_is_another_play(alice, words_list, situation):
    goal = selectors.situation_goal(situation)
    assert goal == {"length": 8, "support_letter": "T", "support_square": "H8", "support_blank": False,
                    "top_is_other_play": False}
    art = _art_situation(alice, words_list)
    assert selectors.situation_goal(art)["top_is_other_play"]


def test_a_top_other_than_the_list_word_is_credited_and_the_situation_stays_open(alice, words_list):
    situation = _art_situation(alice, words_list)
    top = top_play(situation)
    assert top.word != "ART" and top.score > situation.expected["score"]
    outcome = services.answer_situation(situation, alice, top.word, top.coord)
    assert outcome.correct and outcome.verdict == "top" and not outcome.decided and outcome.answer is None
    assert outcome.expected == {} and outcome.top == []  # nothing about the list word is told yet
    assert "still to find" in outcome.message
    assert not Answer.objects.exists() and ReviewCard.objects.get(entry=situation.entry).reviews == 0
    found = TopFind.objects.get()
    assert (found.word, found.coord, found.score) == (top.word, top.coord, top.score)
    again = services.answer_situation(situation, alice, top.word, top.coord)  # credited once
    assert not again.decided and TopFind.objects.count() == 1
    marked = selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.top_found and not marked.decided and not marked.answered
    right = services.answer_situation(situation, alice, "ART")  # the goal, still open, decides it
    assert right.correct and right.decided and right.verdict == "expected" and right.top_found
    assert ReviewLog.objects.get().rating == 3  # Good
    marked = selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.solved and marked.top_found


def test_a_top_without_coordinates_is_judged_at_its_best_placement(alice, words_list):
    situation = _art_situation(alice, words_list)
    top = top_play(situation)
    outcome = services.answer_situation(situation, alice, top.word)
    assert outcome.verdict == "top" and outcome.score == top.score and outcome.play["coord"] == top.coord


def test_a_legal_play_other_than_the_list_word_and_the_top_is_wrong_with_its_score(alice, words_list):
    situation = _art_situation(alice, words_list)
    low = wrong_play(situation)
    outcome = services.answer_situation(situation, alice, low.word, low.coord)
    assert not outcome.correct and outcome.verdict == "wrong" and outcome.score == low.score and outcome.decided
    assert str(low.score) in outcome.message and low.word in outcome.message
    assert Answer.objects.get().score == low.score
    assert ReviewLog.objects.get().rating == 1  # Again


def test_a_revealed_grid_refuses_answers_and_counts_nothing(alice, situation):
    services.reveal_grid(situation.grid)
    with pytest.raises(services.AlreadyAnswered):
        services.answer_situation(situation, alice, "BACCARAT")
    assert not Answer.objects.exists() and ReviewCard.objects.get(entry=situation.entry).reviews == 0
    marked = selectors.situations_with_answers(situation.grid, alice)[0]
    assert marked.revealed and not marked.solved and marked.decided
    assert not selectors.grid_finished([marked])


@pytest.mark.parametrize(("word", "coord"), [("", None), ("   ", None), ("BAC4", None), ("BACCARAT", "Z99"),
                                             ("BACCARAT", "H"), ("A" * 16, None)])
def test_bad_answer_input_records_nothing(alice, situation, word, coord):
    with pytest.raises(services.AnswerError):
        services.answer_situation(situation, alice, word, coord)
    assert not Answer.objects.exists()
    assert ReviewCard.objects.get(entry=situation.entry).reviews == 0


def test_progress_summary_counts(alice, situation):
    low = wrong_play(situation)
    services.answer_situation(situation, alice, low.word, low.coord)
    summary = selectors.progress_summary(alice)
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
    summary = selectors.progress_summary(alice)
    listed = selectors.lists_of(alice).get(pk=words_list.pk)
    assert summary["due_now"] == selectors.due_cards(alice).count() == listed.due_count == 1
    assert sum(n for _lexicon, n in selectors.due_lexicons(alice)) == 1


def test_support_position_one_based_in_bulk_paste(words_list):
    outcome = services.add_words_bulk(words_list, "PRIVATIF 5\nDATAIS:1\nBACCARAT 9")
    assert [(e.word, e.support_letter) for e in outcome.added] == [("PRIVATIF", "A"), ("DATAIS", "D")]
    assert [r.code for r in outcome.refused] == ["bad_support"] and "1 to 8" in outcome.refused[0].reason


def test_entry_delete_keeps_answers(alice, situation):
    services.answer_situation(situation, alice, "BACCARAT")
    services.remove_entry(situation.entry)
    situation.refresh_from_db()
    assert situation.entry is None and Answer.objects.count() == 1
    assert not RevisionEntry.objects.exists()


def test_support_counts_equal_one_anagram_query_per_letter_on_a_real_lexicon(french_lexicon, french_words):
    gaddag = gaddag_for(french_lexicon)
    sample = french_words[::1500]  # ~60 words of 2 to 8 letters across the alphabet
    assert len(sample) > 40
    for word in sample:
        for option in selectors.support_options(gaddag, word):
            assert option.count == len(gaddag.anagrams(option.rack + "?")), (word, option)


def test_refusals_are_said_in_words_the_learner_reads(alice, situation):
    with pytest.raises(services.PlayRefused, match="rack does not hold the letters"):
        services.answer_situation(situation, alice, "BACCARAT", "A8")  # across row A: 8 tiles, the rack has 7
    with pytest.raises(services.AnswerError, match="“4”"):
        services.answer_situation(situation, alice, "BAC4")
    with pytest.raises(services.AnswerError, match="H4"):
        services.answer_situation(situation, alice, "BACCARAT", "Q99")
