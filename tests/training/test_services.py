"""Training services: lists, words and support letters, bulk paste, copies, answers and FSRS."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from lexicon.selectors import gaddag_for
from training import selectors, services
from training.models import Answer, ReviewCard, ReviewLog, RevisionEntry

from .conftest import SMALL_WORDS
from .helpers import baccarat_situation, situation_for

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


def test_right_word_at_an_illegal_place_is_wrong_with_the_reason(alice, situation):
    bad = services.answer_situation(situation, alice, "BACCARAT", "H8")
    assert not bad.correct and bad.verdict == "wrong" and bad.score == 0 and "not a legal play" in bad.message
    assert bad.play is None


def test_one_answer_decides_later_tries_are_refused_and_counted_nowhere(alice, situation):
    first = services.answer_situation(situation, alice, "DATAIS")
    assert not first.correct and "cannot be played" in first.message
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
        services.answer_situation(situation, alice, "DATAIS")
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
    outcome = services.answer_situation(situation, alice, top.word, top.coord)
    assert outcome.correct and outcome.verdict == "top" and outcome.score == top.score >= target
    assert outcome.play["word"] == top.word and "top" in outcome.message.lower()
    assert selectors.progress_summary(alice)["correct"] == 1
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
    outcome = services.answer_situation(situation, alice, word)
    assert outcome.verdict == "top" and outcome.score == move.score and outcome.play["coord"] == move.coord


def test_a_legal_play_scoring_less_is_wrong_with_its_score_shown(alice, words_list):
    situation = _art_situation(alice, words_list)
    gaddag = gaddag_for(words_list.lexicon)
    target = situation.expected["score"]
    low = next(m for m in generate_moves(gaddag, parse_cgp(situation.cgp)) if m.score < target)
    outcome = services.answer_situation(situation, alice, low.word, low.coord)
    assert not outcome.correct and outcome.verdict == "wrong" and outcome.score == low.score
    assert str(low.score) in outcome.message and str(target) in outcome.message
    assert Answer.objects.get().score == low.score


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
    services.answer_situation(situation, alice, "DATAIS")
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
    off = services.answer_situation(situation, alice, "BACCARAT", "A8")  # across row A: 8 tiles, the rack has 7
    assert not off.correct and "rack does not hold the letters" in off.message
    with pytest.raises(services.AnswerError, match="“4”"):
        services.answer_situation(situation, alice, "BAC4")
    with pytest.raises(services.AnswerError, match="H4"):
        services.answer_situation(situation, alice, "BACCARAT", "Q99")
