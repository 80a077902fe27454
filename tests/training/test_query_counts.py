"""The query budget of the pages and API calls a learner uses most (``bench/load.py``'s mix): the counts
are pinned, and they do not grow with the published lists' words or the learner's history (no query per
row). Measured figures and CPU per request: ``bench/pages.py``."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from core.models import TaskRun
from tests.training.conftest import SMALL_WORDS
from training.lists import services

pytestmark = pytest.mark.django_db

# Path -> most queries allowed, as measured (session and user included for pages; the token and its owner's
# language for the API). Before the learner's profile was read once per request, the published lists' words
# cached and the progress counts gathered, the home page made 22 queries, the dashboard 25, the lists page 9
# plus the words of every published list, /api/progress/ 11. A feature that needs more raises its budget here:
# the daily goal counting duplicate rounds and quiz answers beside grid answers (one query per kind) took the
# home page from 11 to 13 and the dashboard from 16 to 18 (its 30 days of activity give today's too).
# The site's lexicon and the crossword, game and challenge of the day from the shared cache
# (core.shared_cache) took the home page from 13 to 9 and the lists page from 8 to 7; the dashboard's accuracy
# and activity read the same 30 days of answers once (18 to 17); a form's lexicon list read once, not twice
# (core.forms: a <select> iterates its choices twice), the lists page from 7 to 6.
# The streak counts what the daily goal counts (duplicate rounds and quiz answers too, one query each, the grid
# answers shared with the 30 days of accuracy): /api/progress/ from 6 to 7; the dashboard reads those 30 days
# once for its chart and its streak, so it stays at 17.
# The daily goal counting the coach's puzzles solved (one query): the home page from 9 to 10, the dashboard from
# 17 to 18 with its coach block (the learner's finished games: one query; with games, two more, whatever
# their number) and /api/progress/ from 7 to 8.
# The daily cap of new words (training.lists.selectors.queue_filter): what is due now depends on how many new
# words the learner started today, one count read once per request whatever the number of words (the first new
# words the cap lets in are a subquery of the same query): the lists page from 6 to 7, /api/lists/ from 2 to 3,
# /api/lists/{list}/ from 4 to 5 (a list's due count), /api/reviews/due/ from 2 to 3; the dashboard from 18 to
# 20 with its pace (the cards' counts by kind: one query, and that count; its other figures read both again from
# the request's memo). The learner's cap comes with the profile, already read.
# /api/progress/ counts its cards with that pace too (the daily cap applied to due_now and due_today, the new
# words waiting): its cards' counts in one query as before, and the new words started today, from 8 to 9; the
# dashboard's figures then share the request's pace, from 20 to 19.
PAGE_BUDGET = {"/": 10, "/training/": 19, "/training/lists/": 7}
# The API's token, its owner and the owner's profile are read in one query (accounts.selectors.token_owner):
# one fewer on every call than when the language, the authentication and the profile read them apart.
API_BUDGET = {"/api/lists/": 3, "/api/lists/{list}/": 5, "/api/progress/": 9, "/api/reviews/due/": 3,
              "/api/tasks/{task}/": 2}


@pytest.fixture
def learner_site(alice, staff, small_lexicon):
    """A learner with a list and a done task, next to published lists of every word of the lexicon."""
    own = services.create_list(alice, small_lexicon, "Mine")
    services.add_words_bulk(own, "RETINES\nBACCARAT:T\nDATAIS:T")
    for number in range(3):
        published = services.create_list(staff, small_lexicon, f"Starter {number}", published=True)
        services.add_words_bulk(published, "\n".join(SMALL_WORDS))
    run = TaskRun.objects.create(kind="core.ping", owner=alice, state=TaskRun.State.DONE, progress=100)
    pages = Client()
    pages.force_login(alice)
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return {"pages": pages, "api": api, "list": own.pk, "task": run.pk, "staff": staff, "lexicon": small_lexicon}


@pytest.mark.parametrize("path", list(PAGE_BUDGET))
def test_pages_stay_within_their_query_budget(learner_site, path, django_assert_max_num_queries):
    learner_site["pages"].get(path)  # first visit: anything made once (a session, caches) is made
    with django_assert_max_num_queries(PAGE_BUDGET[path]):
        assert learner_site["pages"].get(path).status_code == 200


@pytest.mark.parametrize("path", list(API_BUDGET))
def test_api_calls_stay_within_their_query_budget(learner_site, path, django_assert_max_num_queries):
    url = path.format(list=learner_site["list"], task=learner_site["task"])
    learner_site["api"].get(url)
    with django_assert_max_num_queries(API_BUDGET[path]):
        assert learner_site["api"].get(url).status_code == 200


def test_the_lists_page_reads_the_published_words_once_per_change(learner_site):
    pages = learner_site["pages"]
    first = pages.get("/training/lists/").content.decode()
    assert "RETINES:" in first and first.count("Starter ") >= 3
    with CaptureQueriesContext(connection) as cached:
        pages.get("/training/lists/")
    more = services.create_list(learner_site["staff"], learner_site["lexicon"], "Starter 3", published=True)
    services.add_words_bulk(more, "\n".join(SMALL_WORDS))
    with CaptureQueriesContext(connection) as changed:
        assert "Starter 3" in pages.get("/training/lists/").content.decode()
    with CaptureQueriesContext(connection) as cached_again:
        pages.get("/training/lists/")
    assert len(changed) == len(cached) + 1  # the new list's words, in one query, whatever their number
    assert len(cached_again) == len(cached)
    assert not any('"training_revisionentry"."word"' in q["sql"] for q in cached_again.captured_queries)


def test_a_change_to_a_published_list_shows_at_once(learner_site):
    pages = learner_site["pages"]
    starter = services.create_list(learner_site["staff"], learner_site["lexicon"], "Changing", published=True)
    services.add_words_bulk(starter, "RETINES")
    assert "RETINES:R" in pages.get("/training/lists/").content.decode()
    entry = starter.entries.get()
    services.set_support(entry, "T")
    assert "RETINES:T" in pages.get("/training/lists/").content.decode()
    services.remove_entry(entry)
    services.add_words_bulk(starter, "DATAIS:T")
    body = pages.get("/training/lists/").content.decode()
    assert "DATAIS:T" in body and "RETINES:T" not in body


def test_the_home_page_s_starter_lists_are_cached_and_follow_every_change(learner_site, django_user_model):
    from accounts.services import EDITORIAL_USERNAME

    editor = django_user_model.objects.create_user(EDITORIAL_USERNAME, is_staff=True)
    pages, lexicon = learner_site["pages"], learner_site["lexicon"]
    starter = services.create_list(editor, lexicon, "Mots de 7 lettres", published=True)
    services.add_words_bulk(starter, "RETINES\nSENTIER")
    assert "(2 mots)" in pages.get("/").content.decode()
    with CaptureQueriesContext(connection) as cached:
        pages.get("/")
    assert not any('COUNT("training_revisionentry"' in q["sql"] for q in cached.captured_queries)
    services.add_words_bulk(starter, "TERNIES")  # more words: the count follows at once
    assert "(3 mots)" in pages.get("/").content.decode()
    services.update_list(starter, editor, published=False)  # unpublished: gone at once
    assert "Mots de 7 lettres" not in pages.get("/").content.decode()


def test_the_home_page_s_shared_blocks_are_cached_and_follow_their_rows(learner_site, tmp_path):
    from lexicon.selectors import site_lexicon
    from lexicon.services import import_word_list
    from tests.support import write_words
    from training.wordstudy.selectors import todays_challenge
    from training.wordstudy.services import challenge_for

    pages, lexicon = learner_site["pages"], learner_site["lexicon"]
    pages.get("/")
    with CaptureQueriesContext(connection) as cached:
        assert pages.get("/").status_code == 200
    shared_tables = ('"lexicon_lexicon"', '"puzzles_crossword"', '"training_duplicategame"', '"training_dailychallenge"')
    assert not [q["sql"] for q in cached.captured_queries if any(f"FROM {t}" in q["sql"] for t in shared_tables)]
    # None is kept too, and a row of the day replaces it at once.
    assert todays_challenge(lexicon) is None
    made = challenge_for(lexicon)
    with CaptureQueriesContext(connection) as again:
        assert todays_challenge(lexicon) == made and todays_challenge(lexicon) == made
    assert len(again) <= 1
    # A lexicon imported since is the site's newest: the learner without a choice gets it at once.
    newer = import_word_list(write_words(tmp_path / "newer.txt", ["RETINES", "SENTIER"]), name="newer",
                             language="fr").lexicon
    assert site_lexicon("fr") == newer and "newer" in pages.get("/").content.decode()


def test_a_day_s_game_being_made_is_not_kept(learner_site):
    from django.utils import timezone

    from training.duplicate.models import DuplicateGame
    from training.duplicate.selectors import today_game

    lexicon = learner_site["lexicon"]
    assert today_game(lexicon) is None
    game = DuplicateGame.objects.create(lexicon=lexicon, seed=1, daily_date=timezone.localdate())
    assert today_game(lexicon) == game and game.status == DuplicateGame.Status.PENDING
    DuplicateGame.objects.filter(pk=game.pk).update(status=DuplicateGame.Status.DONE)  # as a task does: no save()
    assert today_game(lexicon).status == DuplicateGame.Status.DONE
    with CaptureQueriesContext(connection) as kept:
        assert today_game(lexicon).status == DuplicateGame.Status.DONE
    assert len(kept) == 0
    game.delete()
    assert today_game(lexicon) is None
