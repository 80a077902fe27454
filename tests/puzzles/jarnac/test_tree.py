"""The Jarnac anagram tree is built off the request that starts a game: the games page and "New game"
start it in a background thread, the moves wait for that build (never a second one), and a failed
background build leaves the next request to build and report."""

from __future__ import annotations

import threading
import time

import pytest
from django.test import Client

from engine.jarnac.tree import AnagramTree
from lexicon.selectors import gaddag_for
from puzzles.jarnac import services
from tests.puzzles.jarnac.support import jarnac_lexicon

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicon(tmp_path):
    services.forget_trees()
    yield jarnac_lexicon(tmp_path)
    services.forget_trees()


def wait_built(lexicon) -> AnagramTree:
    gaddag = gaddag_for(lexicon)
    for _ in range(200):
        with services._TREES_LOCK:
            building = services._BUILDING.get(gaddag)
        if building is None:
            break
        building.wait(0.05)
    return services._TREES.get(gaddag)


def test_prepare_starts_one_build_and_the_moves_use_it(lexicon):
    assert services.prepare_tree(lexicon) is True
    assert services.prepare_tree(lexicon) is False  # already being built, or built
    tree = services.jarnac_tree(lexicon)  # waits for the background build
    assert wait_built(lexicon) is tree and tree.is_word("RAT")
    assert services.prepare_tree(lexicon) is False and services.jarnac_tree(lexicon) is tree


def test_the_games_page_and_a_new_game_start_the_build(lexicon, alice):
    web = Client()
    web.force_login(alice)
    assert web.get("/puzzles/jarnac/").status_code == 200
    assert wait_built(lexicon) is not None  # started by the page: no "New game" needed
    services.forget_trees()
    game = services.start_game(alice, lexicon, "easy", seed="tree")
    assert game.pk and wait_built(lexicon) is not None


def test_a_waiting_request_gets_the_tree_another_thread_builds(lexicon, monkeypatch):
    gate = threading.Event()
    real = AnagramTree.from_words.__func__

    def slow(cls, words, language):
        gate.wait(5)
        return real(cls, words, language)

    monkeypatch.setattr(AnagramTree, "from_words", classmethod(slow))
    assert services.prepare_tree(lexicon)
    gaddag = gaddag_for(lexicon)  # read here: the other thread has no test database
    got: list[AnagramTree] = []
    waiter = threading.Thread(target=lambda: got.append(services._tree_of(gaddag)))
    waiter.start()
    gate.set()
    waiter.join(5)
    assert got and got[0] is wait_built(lexicon)


def test_a_failed_background_build_is_built_again_by_the_next_request(lexicon, monkeypatch, caplog):
    real = AnagramTree.from_words.__func__
    calls = []

    def fail_once(cls, words, language):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("no room")
        return real(cls, words, language)

    monkeypatch.setattr(AnagramTree, "from_words", classmethod(fail_once))
    services.prepare_tree(lexicon)
    assert wait_built(lexicon) is None
    for _ in range(100):  # the thread logs just after its build gave up
        if "building the anagram tree in the background failed" in caplog.text:
            break
        time.sleep(0.05)
    assert "building the anagram tree in the background failed" in caplog.text
    assert services.jarnac_tree(lexicon).is_word("RAT") and len(calls) == 2


def test_a_draw_does_not_wait_for_the_tree_but_a_word_does(lexicon, alice, monkeypatch):
    game = services.start_game(alice, lexicon, "easy", seed="draw-first")
    wait_built(lexicon)
    services.forget_trees()
    built: list[int] = []
    real = services._tree_of

    def counting(gaddag):
        built.append(1)
        return real(gaddag)

    monkeypatch.setattr(services, "_tree_of", counting)
    services.play(game, alice, "draw")  # the first six letters: no word, no tree
    assert built == []
    with pytest.raises(services.MoveRefused):
        services.play(game, alice, "create", word="ZZZ")  # a word is checked against the tree
    assert built == [1]
