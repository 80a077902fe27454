"""Starter lists: published lists made from a lexicon, idempotent, copyable by learners."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.services import EDITORIAL_USERNAME
from engine.alphabet import get_alphabet
from lexicon.services import import_word_list
from tests.support import write_words
from tests.training.conftest import SMALL_WORDS
from training.lists import selectors, services
from training.lists.models import RevisionList
from training.lists.starter import create_starter_lists, draw_weight, most_likely

pytestmark = pytest.mark.django_db


def french(name: str) -> str:
    """A starter list's name as a French lexicon's lists carry it (names are made in the lexicon's language)."""
    from django.utils import translation

    with translation.override("fr"):
        return translation.gettext(name)


def lists_by_name(lexicon) -> dict[str, set[str]]:
    return {lst.name: set(lst.entries.values_list("word", flat=True))
            for lst in RevisionList.objects.filter(lexicon=lexicon, published=True)}


def test_lists_hold_the_right_words(small_lexicon):
    outcomes = create_starter_lists(small_lexicon)
    assert {o.status for o in outcomes} == {"created"}
    lists = lists_by_name(small_lexicon)
    assert lists[french("Every 2-letter word")] == {w for w in SMALL_WORDS if len(w) == 2}
    assert lists[french("Every 3-letter word")] == {w for w in SMALL_WORDS if len(w) == 3}
    assert lists[french("Short words with J, K, Q, W, X, Y or Z")] == {
        w for w in SMALL_WORDS if len(w) <= 4 and set(w) & set("JKQWXYZ")}
    sevens = {w for w in SMALL_WORDS if len(w) == 7}
    assert lists[french("The most likely 7-letter words")] == sevens  # fewer than the limit: all of them
    owner = RevisionList.objects.filter(lexicon=small_lexicon).first().owner
    assert owner.username == EDITORIAL_USERNAME and owner.is_staff and not owner.has_usable_password()


def test_again_changes_nothing(small_lexicon):
    create_starter_lists(small_lexicon)
    ids = sorted(RevisionList.objects.values_list("id", flat=True))
    assert {o.status for o in create_starter_lists(small_lexicon)} == {"unchanged"}
    assert sorted(RevisionList.objects.values_list("id", flat=True)) == ids


def test_new_lexicon_content_updates_the_lists(small_lexicon, tmp_path):
    create_starter_lists(small_lexicon)
    lexicon = import_word_list(write_words(tmp_path / "more.txt", SMALL_WORDS + ["ZO"]), name="small",
                               language="fr").lexicon
    outcomes = {o.name: o.status for o in create_starter_lists(lexicon)}
    assert outcomes[french("Every 2-letter word")] == "updated"
    assert outcomes[french("Every 3-letter word")] == "unchanged"
    assert "ZO" in lists_by_name(lexicon)[french("Every 2-letter word")]


def test_likely_words_ranked_by_draw_weight():
    counts = get_alphabet("fr").counts
    assert draw_weight("EEE", counts) == 455  # C(15, 3)
    assert draw_weight("ZZ", counts) == 0  # one Z in the bag
    words = ["ETRANGES", "BACCARAT", "ARGENTES", "CACABERA"]
    ranked = most_likely(words, counts, 8, limit=4)
    assert ranked == sorted(words, key=lambda w: (-draw_weight(w, counts), w))
    assert ranked[:2] == ["ARGENTES", "ETRANGES"] and ranked[-1] == "BACCARAT"  # anagrams tie: alphabetical
    assert most_likely(words, counts, 8, limit=3) == ranked[:3]
    assert most_likely(["ZZZZZZZ"], counts, 7) == []


def test_learner_sees_and_copies_them(small_lexicon, alice):
    create_starter_lists(small_lexicon)
    published = selectors.published_lists()
    assert published.count() == 5
    copy = services.copy_list(published.first(), alice)
    assert copy.owner == alice and copy.entries.count() == published.first().entries.count()


def test_command(small_lexicon):
    out = StringIO()
    call_command("create_starter_lists", "--lexicon", "small", stdout=out)
    assert "created" in out.getvalue()
    with pytest.raises(CommandError):
        call_command("create_starter_lists", "--lexicon", "nope", stdout=StringIO())
