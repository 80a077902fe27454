"""An imported game file whose player is the learner (Eliot's XML keeps a player's plays) counts for the coach:
its plays become the learner's, checked by the replay, scored as the file says."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.duplicate.records import read_record
from tests.engine.duplicate.test_records import FIXTURES
from training.coach import selectors
from training.duplicate.models import DuplicateGame, DuplicatePlayer

pytestmark = pytest.mark.django_db

XML = (FIXTURES / "partie-joker-4.xml").read_text(encoding="utf-8")


def import_file(client, lexicon, text: str, fmt: str = "eliot-xml", **extra):
    return client.post("/api/duplicate/games/import/",
                       {"format": fmt, "text": text, "lexicon": lexicon.pk, **extra}, content_type="application/json")


def test_my_plays_make_the_file_a_game_i_played_and_the_coach_reads_it(alice, french_lexicon, client):
    client.force_login(alice)
    response = import_file(client, french_lexicon, XML, my_plays=True)
    assert response.status_code == 202, response.content
    game = DuplicateGame.objects.get(pk=response.json()["game"])
    assert game.status == DuplicateGame.Status.DONE and game.record_player == "Camille"
    record = read_record(XML, "eliot-xml")
    mine = [rnd.player.points if rnd.player and rnd.player.word else 0 for rnd in record.rounds]
    tops = [rnd.points for rnd in record.rounds]
    player = DuplicatePlayer.objects.get(game=game, user=alice)
    assert player.finished_at is not None and player.total == sum(mine) and player.top_total == sum(tops)
    diagnosis = selectors.diagnosis(alice)
    assert diagnosis.games == 1 and diagnosis.rounds == len(record.rounds)
    assert diagnosis.lost == sum(max(0, top - me) for top, me in zip(tops, mine, strict=True))
    assert diagnosis.found == sum(1 for top, me in zip(tops, mine, strict=True) if me >= top)


def test_without_my_plays_the_file_is_a_game_to_replay(alice, french_lexicon, client):
    client.force_login(alice)
    response = import_file(client, french_lexicon, XML)
    assert response.status_code == 202
    assert not DuplicatePlayer.objects.filter(user=alice).exists()
    assert selectors.diagnosis(alice).games == 0


def test_a_file_without_a_players_plays_is_refused_as_mine(alice, french_lexicon, client):
    text = (FIXTURES / "partie-1.txt").read_text(encoding="utf-8")  # Eliot's plain text keeps no player's plays
    client.force_login(alice)
    refused = import_file(client, french_lexicon, text, fmt="eliot", my_plays=True)
    assert refused.status_code == 400 and refused.json()["code"] == "bad_input"
    assert "joueur" in refused.json()["detail"]
    assert not DuplicateGame.objects.exists()


def test_the_import_page_offers_it(alice_client, french_lexicon):
    page = alice_client.get(reverse("training:duplicate-import")).content.decode()
    assert 'name="my_plays"' in page
    response = alice_client.post(reverse("training:duplicate-import"), {
        "format": "eliot-xml", "text": XML, "lexicon": french_lexicon.pk, "variant": "joker", "timer": "0",
        "my_plays": "on"})
    assert response.status_code == 302
    assert DuplicatePlayer.objects.get(user__username="alice").finished_at is not None
