"""No one reads a room's game ahead of its players: while a live room plays a game, every route of the duplicate
game itself (API, pages, the admin's rounds) is closed to everyone, the host who made it and joined as a player,
and staff, included; the room gives each rack as its round opens and each top as it closes. Once the room is over,
the game opens as a normal shared game."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support import api_for
from training.duplicate.models import DuplicateGame
from training.rooms import selectors, services
from training.rooms.models import Room

pytestmark = pytest.mark.django_db

API_GETS = ["", "export/", "export/?format=eliot-xml", "rounds/current/", "ranking/", "review/"]
API_POSTS = [("rounds/current/play/", {"word": "AS", "coord": "H8"}), ("rounds/current/validate/", {}),
             ("review/missed/", {}), ("share/", {"visibility": "link"})]
PAGE_GETS = ["", "making/", "rounds/1/", "ranking/", "review/", "sheet/"]
PAGE_POSTS = [("play/", {"word": "AS", "coord": "H8"}), ("validate/", {}), ("review/missed/", {}),
              ("share/", {"visibility": "link"})]


def closed_everywhere(game_id: int, user) -> list[str]:
    """The routes of the game that answered anything but 404 for ``user``."""
    api, page = api_for(user), Client()
    page.force_login(user)
    base, pages = f"/api/duplicate/games/{game_id}/", f"/training/duplicate/{game_id}/"
    open_ = [f"GET {base}{p}" for p in API_GETS if api.get(base + p).status_code != 404]
    open_ += [f"POST {base}{p}" for p, body in API_POSTS if api.post(base + p, body, format="json").status_code != 404]
    open_ += [f"GET {pages}{p}" for p in PAGE_GETS if page.get(pages + p).status_code != 404]
    open_ += [f"POST {pages}{p}" for p, body in PAGE_POSTS if page.post(pages + p, body).status_code != 404]
    return open_


def test_while_the_room_plays_its_game_no_route_of_the_game_opens_to_anyone(room, alice, bob, django_user_model):
    staff = django_user_model.objects.create_user("arbitre-staff", password="x-pass-123456", is_staff=True,
                                                  is_superuser=True)
    services.join(bob, room.code, "player")
    assert api_for(alice).post("/api/rooms/join/", {"code": room.code}, format="json").status_code == 200  # host plays
    playing = services.start(room, alice)
    game = DuplicateGame.objects.get(pk=playing.game_id)
    for user in (alice, bob, staff):
        assert closed_everywhere(game.pk, user) == [], user.username
    refused = api_for(alice).get(f"/api/duplicate/games/{game.pk}/export/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "salle" in refused.json()["detail"]  # said in words: the room plays it
    admin = Client()
    admin.force_login(staff)
    page = admin.get(f"/admin/training/duplicategame/{game.pk}/change/").content.decode()
    assert "rounds-TOTAL_FORMS" not in page  # the admin's inline of racks and tops is not there
    # The room itself gives the host, as a player, the rack of the open round only.
    state = selectors.state(Room.objects.get(pk=playing.pk), alice)
    assert state["round"] == 1 and state["rack"] == game.rounds.get(number=1).rack
    assert game.visibility == DuplicateGame.Visibility.PRIVATE


def test_once_the_room_is_over_its_game_opens_as_a_shared_game(room, alice, bob, django_user_model):
    services.join(bob, room.code, "player")
    playing = services.start(room, alice)
    services.finish(Room.objects.get(pk=playing.pk), alice)
    game_id = playing.game_id
    staff = django_user_model.objects.create_user("staffer", password="x-pass-123456", is_staff=True,
                                                  is_superuser=True)
    admin = Client()
    admin.force_login(staff)
    assert "rounds-TOTAL_FORMS" in admin.get(f"/admin/training/duplicategame/{game_id}/change/").content.decode()
    assert api_for(alice).get(f"/api/duplicate/games/{game_id}/ranking/").status_code == 200
    assert api_for(bob).get(f"/api/duplicate/games/{game_id}/review/").status_code == 200
    assert api_for(alice).get(f"/api/duplicate/games/{game_id}/export/").status_code == 200


def test_a_shared_game_s_owner_reads_its_file_once_finished_like_its_players(alice, bob, dup_lexicon):
    from training.duplicate import selectors as duplicate_selectors
    from training.duplicate import services as duplicate_services

    game = duplicate_services.start_game(alice, dup_lexicon, seed=4)
    assert duplicate_selectors.export_text(game, alice, "eliot")[0]  # private: the owner's own business
    duplicate_services.share(game, alice, DuplicateGame.Visibility.LINK)
    game.refresh_from_db()
    assert duplicate_selectors.export_text(game, alice, "eliot")[0] is None  # shared: a player like the others
