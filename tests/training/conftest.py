"""Fixtures of the training tests: users, real lexicons imported through the lexicon service, lists.

Lexicons are real word lists imported with ``lexicon.services.import_word_list`` (no fake engine): a
small hand-made list for the list/support/API tests, and a larger one of real French words
(``tests/fixtures/french-words.txt``, shipped with the tests) for grid generation, where CBIC needs helper and cross words.
The compiled GADDAG is cached per process by content hash, so each lexicon is compiled once per run.
"""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from lexicon.services import import_word_list
from tests.support import french_dict_words, write_words
from tests.training.helpers import baccarat_situation
from training.lists.services import add_word, add_words_bulk, copy_list, create_list

_SMALL = """
AA AB AH AI AN AS AU BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO HA HE HI HO IF IL IN JE
KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OS OU PA PI PU QI RA RE RU SA SE SI SU TA TE TU UN US UT VA
VE VU
BACCARAT BACCARAS CACABERA DATAIS PRIVATIF PRIVATIFS ETRANGES GRENATS ARGENTES GERANTES SERGENTA
RETINES RESINE TRIENES ENTERIS ETREINS NITRES ESTRIEN REINTES SENTIER TERNIES
ARETINES ENTRAIES ETRESINA RATINEES TANISERE ARSENITE RESINATE
DAIS TAIS DATA ART RAT TAR CAR ARC BAC CAB ETE TES SET EST TAS
"""
SMALL_WORDS: list[str] = _SMALL.split()

@pytest.fixture(autouse=True)
def english_outside_requests():
    """Service-level messages in English (the site's default is French); requests still pick their language."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def small_lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "small.txt", SMALL_WORDS), name="small", language="fr").lexicon


@pytest.fixture(scope="session")
def french_words() -> list[str]:
    """A real French word list: every word of 2 to 8 letters of the shipped fixture, normalised."""
    return french_dict_words(8)


@pytest.fixture
def french_lexicon(tmp_path, french_words):
    return import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("editor", password="editor-pass-123", is_staff=True)


@pytest.fixture
def alice_client(client, alice):
    """A page client signed in as alice."""
    client.force_login(alice)
    return client


@pytest.fixture
def baccarat_list(alice, small_lexicon):
    """Alice's list holding BACCARAT with its support letter T."""
    revision_list = create_list(alice, small_lexicon, "Alice")
    add_word(revision_list, "BACCARAT", "T")
    return revision_list


@pytest.fixture
def situation(alice, baccarat_list):
    """A situation of BACCARAT (through T) in a grid of alice's (test modules may override it)."""
    return baccarat_situation(alice, baccarat_list.entries.get())


# --- A starter list of 150 words and a clock, for the daily cap of new words ----------------------------------

STARTER_SIZE = 150
# 4-letter words made up for the tests: a lexicon is a word list, any list of letters will do.
MADE_UP_WORDS = ["".join(letters) for letters in itertools.product("BCDFGLMNPR", "AEIOU", "RST", "AEO")][:200]
MONDAY = dt.datetime(2031, 3, 3, 8, 0)  # a Monday morning, local time (well after any real clock of the tests)


def local(moment: dt.datetime) -> dt.datetime:
    """``moment`` (naive, local time) as Django's clock gives it: aware, in UTC (as FSRS takes it)."""
    from django.utils import timezone

    return timezone.make_aware(moment).astimezone(dt.UTC)


@pytest.fixture
def made_up_lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "made-up.txt", MADE_UP_WORDS), name="made-up",
                            language="fr").lexicon


@pytest.fixture
def starter(staff, made_up_lexicon):
    """A published starter list of 150 words, as the home page offers them."""
    published = create_list(staff, made_up_lexicon, "Starter", published=True)
    assert len(add_words_bulk(published, "\n".join(MADE_UP_WORDS[:STARTER_SIZE])).added) == STARTER_SIZE
    return published


@pytest.fixture
def copied(alice, starter):
    """Alice's copy of the starter list: 150 new words, never reviewed."""
    return copy_list(starter, alice)


@pytest.fixture
def clock(monkeypatch):
    """``timezone.now`` frozen on Monday morning, at a moment the test moves (``clock.set(moment)``)."""
    from django.utils import timezone

    class Clock:
        now = local(MONDAY)

        def set(self, moment: dt.datetime) -> dt.datetime:
            self.now = moment
            return moment

    frozen = Clock()
    monkeypatch.setattr(timezone, "now", lambda: frozen.now)
    return frozen
