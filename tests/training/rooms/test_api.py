"""The rooms' REST API: the names and JSON keys the contract lists, host-only controls, bad input, 404 for
anyone outside the room, 403 for a spectator's bulletin, 409 after the close, reconnection by polling."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from engine.scrabble.notation import format_coord
from training.rooms.models import Room, RoomRound

pytestmark = pytest.mark.django_db

STATE_KEYS = {"status", "round", "cgp", "rack", "opens_at", "closes_at", "server_time", "players", "bulletins",
              "my_bulletin", "last_result", "ranking"}


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_make_join_start_play_and_read_a_round(alice, bob, carol, dup_lexicon, django_user_model):
    host = api(alice)
    made = host.post("/api/rooms/", {"name": "Club", "lexicon": dup_lexicon.pk, "timer_seconds": 120,
                                     "rules": "tournament", "seed": 2, "solo_min_players": 2}, format="json")
    assert made.status_code == 201, made.json()
    room_id, code = made.json()["id"], made.json()["code"]
    assert len(code) == 6 and made.json()["url"].endswith(f"/training/rooms/{room_id}/")
    for user in (bob, carol):
        joined = api(user).post("/api/rooms/join/", {"code": code, "role": "player"}, format="json")
        assert joined.status_code == 200 and joined.json()["room"] == room_id
    assert api(bob).post(f"/api/rooms/{room_id}/start/").status_code == 403
    started = host.post(f"/api/rooms/{room_id}/start/")
    assert started.status_code == 200 and started.json()["status"] == "playing"
    state = api(bob).get(f"/api/rooms/{room_id}/state/").json()
    assert set(state) >= STATE_KEYS and state["round"] == 1 and state["rack"] and state["players"] == 2
    top = Room.objects.get(pk=room_id).game.rounds.get(number=1).top
    coord = format_coord(top["row"], top["col"], top["dir"], "fr")
    sent = api(bob).post(f"/api/rooms/{room_id}/bulletin/", {"round": 1, "coord": coord, "word": top["word"]},
                         format="json")
    assert sent.status_code == 202 and set(sent.json()) == {"round", "received_at"}
    assert api(bob).get(f"/api/rooms/{room_id}/state/").json()["my_bulletin"]["word"] == top["word"]
    assert host.get(f"/api/rooms/{room_id}/state/").json()["bulletins"] == 1
    assert api(bob).get(f"/api/rooms/{room_id}/rounds/1/").status_code == 409
    assert host.post(f"/api/rooms/{room_id}/next/").status_code == 200
    late = api(bob).post(f"/api/rooms/{room_id}/bulletin/", {"round": 1, "coord": coord, "word": top["word"]},
                         format="json")
    assert late.status_code == 409
    result = api(carol).get(f"/api/rooms/{room_id}/rounds/1/").json()
    assert {"top", "subtops", "results"} <= set(result)
    lines = {r["player"]: r for r in result["results"]}
    assert set(lines["bob"]) == {"player", "coord", "word", "score", "bonus", "valid", "reason", "solo"}
    assert lines["bob"]["score"] == top["score"] and lines["bob"]["solo"] and lines["bob"]["bonus"] == 10
    assert lines["carol"]["score"] == 0 and lines["carol"]["reason"] == "none"
    ranking = api(carol).get(f"/api/rooms/{room_id}/ranking/").json()["ranking"]
    assert ranking[0]["player"] == "bob" and ranking[0]["total"] == top["score"] + 10
    state = api(bob).get(f"/api/rooms/{room_id}/state/").json()
    assert state["round"] == 2 and state["rack"] is None and state["last_result"]["my_result"]["solo"]
    for action in ("pause", "resume", "finish"):
        assert api(bob).post(f"/api/rooms/{room_id}/{action}/").status_code == 403
        assert host.post(f"/api/rooms/{room_id}/{action}/").status_code == 200, action
    assert host.get(f"/api/rooms/{room_id}/state/").json()["status"] == "finished"


def test_outsiders_get_404_and_spectators_403(room, bob, carol, django_user_model):
    eve = django_user_model.objects.create_user("eve", password="eve-pass-123")
    api(carol).post("/api/rooms/join/", {"code": room.code, "role": "spectator"}, format="json")
    api(bob).post("/api/rooms/join/", {"code": room.code}, format="json")
    api(room.host).post(f"/api/rooms/{room.pk}/start/")
    for path in ("state/", "ranking/", "rounds/1/"):
        refused = api(eve).get(f"/api/rooms/{room.pk}/{path}", HTTP_ACCEPT_LANGUAGE="fr")
        assert refused.status_code == 404 and refused.json()["detail"] == "Salle introuvable."  # as an unknown id
    assert api(eve).post(f"/api/rooms/{room.pk}/start/").status_code == 404
    body = {"round": 1, "coord": "H4", "word": "AS"}
    assert api(eve).post(f"/api/rooms/{room.pk}/bulletin/", body, format="json").status_code == 404
    spectator = api(carol).post(f"/api/rooms/{room.pk}/bulletin/", body, format="json")
    assert spectator.status_code == 403 and spectator.json()["code"] == "forbidden"
    assert APIClient().get(f"/api/rooms/{room.pk}/state/").status_code in (401, 403)


@pytest.mark.parametrize(("body", "code"), [({"round": 1, "coord": "Q44", "word": "AS"}, "bad_coord"),
                                            ({"round": 1, "coord": "H4", "word": "  "}, "bad_input"),
                                            ({"round": 3, "coord": "H4", "word": "AS"}, "wrong_round"),
                                            ({"round": "x", "coord": "H4", "word": "AS"}, "bad_input"),
                                            ({"coord": "H4", "word": "AS"}, "bad_input")])
def test_malformed_bulletins_are_400_in_words(playing, bob, body, code):
    answer = api(bob).post(f"/api/rooms/{playing.pk}/bulletin/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code and answer.json()["detail"]


def test_bad_room_and_join_bodies(alice, bob, room):
    assert api(alice).post("/api/rooms/", {"name": "x", "timer_seconds": 30}, format="json").status_code == 400
    assert api(alice).post("/api/rooms/", [1, 2], format="json").status_code == 400
    assert api(bob).post("/api/rooms/join/", {"code": "NOPE99"}, format="json").status_code == 404
    assert api(bob).post("/api/rooms/join/", {"code": room.code, "role": "arbitre"}, format="json").status_code == 400
    assert api(alice).post(f"/api/rooms/{room.pk}/pause/").status_code == 409  # not playing yet


def test_a_player_who_reloads_gets_the_whole_state_and_an_overdue_round_closes_on_read(playing, bob):
    rnd = RoomRound.objects.get(room=playing, number=1)
    top = playing.game.rounds.get(number=1).top
    api(bob).post(f"/api/rooms/{playing.pk}/bulletin/", {"round": 1, "coord": format_coord(
        top["row"], top["col"], top["dir"], "fr"), "word": top["word"]}, format="json")
    state = api(bob).get(f"/api/rooms/{playing.pk}/state/").json()
    assert state["cgp"] == playing.game.rounds.get(number=1).cgp and state["my_bulletin"]["round"] == 1
    assert len(state["board"]) == 15 and state["closes_at"]
    RoomRound.objects.filter(pk=rnd.pk).update(  # the clock ran out while nobody asked
        opens_at=timezone.now() - dt.timedelta(minutes=5), closes_at=timezone.now() - dt.timedelta(minutes=1))
    state = api(bob).get(f"/api/rooms/{playing.pk}/state/").json()
    assert state["round"] == 2 and state["last_result"]["my_result"]["score"] == top["score"]


@pytest.mark.parametrize("path", ["/api/rooms/", "/api/simultanes/"])
def test_without_a_lexicon_installed_neither_a_room_nor_a_simultane_is_made(alice, path):
    answer = api(alice).post(path, {"name": "Club"}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 400
    assert answer.json() == {"detail": "Aucun lexique n’est encore installé.", "code": "bad_input"}
    assert not Room.objects.exists()
