"""Training services: lists, words and support letters, bulk paste, copies, answers and FSRS."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied

from lexicon.selectors import gaddag_for
from tests.training.conftest import SMALL_WORDS
from tests.training.helpers import baccarat_situation
from training.grids import services as grid_services
from training.lists import selectors, services
from training.lists.models import ReviewCard

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


def test_support_position_one_based_in_bulk_paste(words_list):
    outcome = services.add_words_bulk(words_list, "PRIVATIF 5\nDATAIS:1\nBACCARAT 9")
    assert [(e.word, e.support_letter) for e in outcome.added] == [("PRIVATIF", "A"), ("DATAIS", "D")]
    assert [r.code for r in outcome.refused] == ["bad_support"] and "1 to 8" in outcome.refused[0].reason


def test_support_counts_equal_one_anagram_query_per_letter_on_a_real_lexicon(french_lexicon, french_words):
    gaddag = gaddag_for(french_lexicon)
    sample = french_words[::1500]  # ~60 words of 2 to 8 letters across the alphabet
    assert len(sample) > 40
    for word in sample:
        for option in selectors.support_options(gaddag, word):
            assert option.count == len(gaddag.anagrams(option.rack + "?")), (word, option)


def test_refusals_are_said_in_words_the_learner_reads(alice, situation):
    with pytest.raises(grid_services.PlayRefused, match="rack does not hold the letters"):
        grid_services.answer_situation(situation, alice, "BACCARAT", "A8")  # across row A: 8 tiles, the rack has 7
    with pytest.raises(grid_services.AnswerError, match="“4”"):
        grid_services.answer_situation(situation, alice, "BAC4")
    with pytest.raises(grid_services.AnswerError, match="H4"):
        grid_services.answer_situation(situation, alice, "BACCARAT", "Q99")
