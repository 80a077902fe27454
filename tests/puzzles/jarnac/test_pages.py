"""Jarnac pages through Django's test client: the list and new-game form, the game page (both boards,
the reserve, the bag, the moves, the buttons of the phase), moves and refusals as messages, hints,
the end of game with the missed words and the review button, and other users' games (404)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.jarnac import from_json, rules
from puzzles.jarnac import services
from puzzles.jarnac.models import JarnacGame
from tests.puzzles.jarnac.support import arranged_state, jarnac_lexicon, store
from tests.support import without_csrf_tokens
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db


@pytest.fixture
def lexicon(tmp_path):
    services.forget_trees()
    return jarnac_lexicon(tmp_path)


@pytest.fixture
def web(alice) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def page_text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_list_page_and_new_game(web, lexicon):
    response = web.get("/puzzles/jarnac/")
    assert response.status_code == 200 and b'href="/puzzles/jarnac/"' in response.content  # the nav entry
    response = web.post("/puzzles/jarnac/", {"lexicon": lexicon.pk, "level": "hard"})
    game = JarnacGame.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/puzzles/jarnac/{game.pk}/"
    assert game.level == "hard" and game.lexicon == lexicon
    response = web.post("/puzzles/jarnac/", {"lexicon": lexicon.pk, "level": "expert"})
    assert response.status_code == 400 and JarnacGame.objects.count() == 1


def test_game_page_shows_both_boards_and_the_first_draw(web, alice, lexicon):
    game = services.start_game(alice, lexicon, "medium", seed="page")
    response = web.get(f"/puzzles/jarnac/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<tr class="jn-line') == 16  # 8 lines on each mat
    assert "Draw 6 letters" in html and 'name="kind" value="word"' not in html
    assert "Bag: 144 letters" in page_text(response)
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "draw"}, follow=True)
    state = from_json(JarnacGame.objects.get(pk=game.pk).state)
    text = page_text(response)
    assert "Bag: 138 letters" in text and len(state.players[0].rack) == 6
    for letter in state.players[0].rack:
        assert f'<span class="tile">{letter}</span>' in response.content.decode()
    assert 'name="kind" value="word"' in response.content.decode() and "End my turn" in text


def test_moves_refusals_and_the_ai_reply_on_the_page(web, alice, lexicon):
    game = services.start_game(alice, lexicon, "hard", seed="page-moves")
    store(game, arranged_state(mine=("RAT",), my_rack="EIST", theirs=("CHAT",), their_rack="SNE", phase=rules.PLAY))
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "word", "word": "tise", "line": ""}, follow=True)
    assert "TISE is not a word of the lexicon jarnac-test." in page_text(response)
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "word", "word": "sain", "line": ""}, follow=True)
    assert "lacks the letters AN" in page_text(response)
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "word", "word": "nies", "line": "0"}, follow=True)
    assert "does not use all the letters of RAT" in page_text(response)
    html = response.content.decode()
    assert 'value="nies"' in html and '<option value="0" selected>' in html  # the refused word is kept
    assert 'value="nies"' not in web.get(f"/puzzles/jarnac/{game.pk}/").content.decode()  # once
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "word", "word": "rats", "line": "0"}, follow=True)
    text = page_text(response)
    assert "You: RAT → RATS (line 1)" in text
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "pass"}, follow=True)
    text = page_text(response)
    assert "The AI has played: The AI:" in text and "Your turn" in text
    assert " ms)" not in text  # no timing left in the learner's message
    # The AI's letters are face up on the page (a "Jarnac!" steals from them), in their own block.
    state = from_json(JarnacGame.objects.get(pk=game.pk).state)
    html = response.content.decode()
    theirs = html.split('id="jn-their-reserve"', 1)[1].split("</p>", 1)[0]
    assert sorted(re.findall(r'<span class="tile">(\w)</span>', theirs)) == sorted(state.players[1].rack)
    assert f"The AI's letters ({len(state.players[1].rack)})" in text


def test_jarnac_form_in_the_window(web, alice, lexicon):
    game = services.start_game(alice, lexicon, "medium", seed="page-steal")
    store(game, arranged_state(mine=("RAT",), my_rack="EI", theirs=("CHAT",), their_rack="SEL", phase=rules.START))
    response = web.get(f"/puzzles/jarnac/{game.pk}/")
    assert 'value="jarnac"' in response.content.decode() and "line 1: CHAT" in page_text(response)
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "jarnac", "word": "RATS", "line": ""}, follow=True)
    assert "“Jarnac!” failed: the AI did not have those letters." in page_text(response)
    store(game, arranged_state(mine=("RAT",), my_rack="EI", theirs=("CHAT",), their_rack="SEL", phase=rules.START))
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "jarnac", "word": "CHATS", "line": "0"}, follow=True)
    assert "You: “Jarnac!” CHAT → CHATS" in page_text(response)
    assert from_json(JarnacGame.objects.get(pk=game.pk).state).players[0].lines == ("RAT", "CHATS")


def test_hint_on_the_page(web, alice, lexicon):
    game = services.start_game(alice, lexicon, "medium", seed="page-hint")
    store(game, arranged_state(mine=("SEL",), my_rack="UZ", phase=rules.PLAY))
    text = page_text(web.get(f"/puzzles/jarnac/{game.pk}/?hint=1"))
    assert "SEL: 1 transformation" in text and "ELUS" in text


def test_end_of_game_and_review_button(web, alice, lexicon):
    game = services.start_game(alice, lexicon, "easy", seed="page-end")
    game.status = JarnacGame.Status.OVER
    game.winner = "opponent"
    game.missed = [{"word": "RATS", "base": "RAT", "turn": 3}]
    game.save()
    response = web.get(f"/puzzles/jarnac/{game.pk}/")
    text = page_text(response)
    assert "The AI wins." in text and "RATS" in text and "Add to my revision list" in text
    response = web.post(f"/puzzles/jarnac/{game.pk}/review/", {"words": ["RATS"], "list": ""}, follow=True)
    assert "Added to “Jarnac: missed words”: RATS." in page_text(response)
    assert RevisionList.objects.get(owner=alice).entries.get().word == "RATS"
    response = web.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "draw"}, follow=True)
    assert "The game is over." in page_text(response)


def test_other_users_game_pages_are_404(alice, bob, lexicon):
    game = services.start_game(alice, lexicon, "easy", seed="private")
    other = Client()
    other.force_login(bob)
    assert other.get(f"/puzzles/jarnac/{game.pk}/").status_code == 404
    assert other.post(f"/puzzles/jarnac/{game.pk}/move/", {"kind": "draw"}).status_code == 404
    assert other.post(f"/puzzles/jarnac/{game.pk}/review/", {}).status_code == 404
    assert Client().get(f"/puzzles/jarnac/{game.pk}/").status_code == 302  # to the log-in page
    assert JarnacGame.objects.get(pk=game.pk).moves == []


@pytest.mark.parametrize(("language", "grouped"), [("fr", "\u202f"), ("en", ",")])
def test_counts_on_the_games_page_are_grouped_by_thousands(alice, lexicon, monkeypatch, settings, language, grouped):
    from puzzles.jarnac import views

    monkeypatch.setattr(views.selectors, "jarnac_summary",
                        lambda user: {"started": 2000, "finished": 1500, "won": 1234})
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(alice)
    page = client.get("/puzzles/jarnac/").content.decode()  # as served: page_text would fold the U+202F
    html = without_csrf_tokens(page)
    assert "1234" not in html and "1500" not in html
    assert f'<span class="jn-stat__value">1{grouped}234</span>' in html
    assert (f"gagnées sur 1{grouped}500 terminées" if language == "fr" else f"won of 1{grouped}500 finished") in html
