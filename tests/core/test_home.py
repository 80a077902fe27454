"""The home page: blocks from the apps (where to start, crossword of the day, lookups), for a new learner."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from functools import partial

import pytest
from django.urls import reverse

from engine.cbic import SearchConfig, generate_training_grid
from lexicon.services import import_word_list
from puzzles.crosswords import selectors as crossword_daily
from puzzles.crosswords import services as daily
from puzzles.crosswords.models import Crossword, CrosswordProgress
from tests.support import api_for, french_dict_words, write_words
from training.grids.models import TrainingGrid
from training.lists.models import RevisionList
from training.lists.starter import create_starter_lists

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def words() -> list[str]:
    return french_dict_words(7)


@pytest.fixture
def lexicon(tmp_path, words):
    return import_word_list(write_words(tmp_path / "fr7.txt", words), name="fr7", language="fr").lexicon


def test_anonymous_visitor_sees_lookups_and_sign_up(client, lexicon):
    body = client.get(reverse("home")).content.decode()
    assert "Recherches" in body or "Lookups" in body
    assert reverse("lexicon-lookup", args=[lexicon.pk]) in body
    assert reverse("signup") in body
    assert reverse("puzzles:daily") not in body  # personal blocks need a log-in


def test_new_learner_sees_where_to_start(client, alice, lexicon):
    create_starter_lists(lexicon)
    client.force_login(alice)
    body = client.get(reverse("home")).content.decode()
    starters = RevisionList.objects.filter(published=True, lexicon=lexicon)
    assert starters.count() == 5
    for starter in starters:
        assert starter.name in body
    assert reverse("puzzles:daily") in body and reverse("account") in body
    # blocks in order: start, crossword of the day, lookups
    assert body.index("home-block--start") < body.index("home-block--daily-crossword") < body.index("home-block--lookups")


ONE_SEARCH = replace(SearchConfig(), top_restarts=0, repair_tries=0, reorder_tries=0, top_helpers=0, top_blocks=0)
"""One search for a grid: what the one-click test needs (the grid, not its share of list-word tops, which
tests/engine/cbic measures); ten 7-letter words took seconds per grid with every search for tops."""


def test_one_click_grid_from_a_starter_list(client, alice, lexicon, monkeypatch):
    monkeypatch.setattr("training.grids.cbic.generate_training_grid", partial(generate_training_grid, config=ONE_SEARCH))
    create_starter_lists(lexicon)
    sevens = RevisionList.objects.get(published=True, lexicon=lexicon, name__contains="7")
    client.force_login(alice)
    response = client.post(reverse("training:starter-grid", args=[sevens.pk]))
    grid = TrainingGrid.objects.get(owner=alice)
    assert response.status_code == 302 and response["Location"] == reverse("training:grid", args=[grid.pk])
    copy = RevisionList.objects.get(owner=alice)
    assert copy.copied_from == sevens and grid.revision_list == copy
    client.post(reverse("training:starter-grid", args=[sevens.pk]))
    assert RevisionList.objects.filter(owner=alice).count() == 1  # the copy is reused
    assert client.post(reverse("training:starter-grid", args=[copy.pk])).status_code == 404  # not published


def test_crossword_of_the_day_is_shared(client, alice, bob, lexicon):
    client.force_login(alice)
    response = client.get(reverse("puzzles:daily"))
    crossword = Crossword.objects.get()
    assert crossword.is_ready, crossword.error  # tasks run inline in the tests
    assert response.status_code == 302 and response["Location"] == reverse("puzzles:crossword", args=[crossword.pk])
    assert crossword.owner.username == "tirage-editions" and crossword.size == daily.DAILY_SIZE
    client.force_login(bob)
    assert client.get(reverse("puzzles:daily"))["Location"] == reverse("puzzles:crossword", args=[crossword.pk])
    assert Crossword.objects.count() == 1
    page = client.get(reverse("puzzles:crossword", args=[crossword.pk]))
    assert page.status_code == 200 and "xw-delete" not in page.content.decode()
    # bob solves through the API: his progress is his own
    api = api_for(bob)
    assert api.get(f"/api/crosswords/{crossword.pk}/").status_code == 200
    assert api.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": crossword.rows}, format="json").status_code == 200
    assert CrosswordProgress.objects.get(user=bob).is_finished
    assert not CrosswordProgress.objects.filter(user=alice).exists()
    assert api.delete(f"/api/crosswords/{crossword.pk}/").status_code == 404  # only the owner deletes
    assert Crossword.objects.filter(pk=crossword.pk).exists()
    # home shows the ready crossword
    assert reverse("puzzles:crossword", args=[crossword.pk]) in client.get(reverse("home")).content.decode()


def test_other_learners_crosswords_stay_private(alice, bob, lexicon):
    from puzzles.crosswords.services import start_crossword

    mine = start_crossword(alice, lexicon, 5, "fr", seed=3)
    with pytest.raises(Exception) as caught:
        crossword_daily.get_solvable_crossword(bob, mine.pk)
    assert caught.type.__name__ == "Http404"
    assert api_for(bob).get(f"/api/crosswords/{mine.pk}/").status_code == 404


def test_one_crossword_per_lexicon_and_day(lexicon):
    today = dt.date(2026, 3, 1)
    first = daily.daily_crossword(lexicon, today)
    assert daily.daily_crossword(lexicon, today).pk == first.pk
    assert daily.daily_seed(today) == 202603010
    Crossword.objects.filter(pk=first.pk).update(status=Crossword.Status.FAILED)
    retried = daily.daily_crossword(lexicon, today)
    assert retried.pk != first.pk and retried.seed == 202603011  # the next seed after a failure
    assert daily.daily_crossword(lexicon, dt.date(2026, 3, 2)).seed == 202603020  # another day, another grid
