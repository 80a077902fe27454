"""Simultanés: rooms on one game made once, each on its own clock; the combined ranking checked against the
rooms' own results computed independently; solos over every room; who may do what; bad input; the game
shared for review only once every room is over; the API and the pages."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from engine.scrabble.notation import format_coord
from tests.training.duplicate.conftest import SEED
from training.duplicate import selectors as duplicate_selectors
from training.duplicate.models import DuplicateGame
from training.rooms import selectors, services, simultaneous
from training.rooms.models import Room, RoomResult, RoomRound, Simultane

pytestmark = pytest.mark.django_db


def fr(move: dict) -> str:
    return format_coord(move["row"], move["col"], move["dir"], "fr")


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def users(django_user_model):
    return {name: django_user_model.objects.create_user(name, password=f"{name}-pass-123")
            for name in ("dave", "erin", "frank", "gus")}


@pytest.fixture
def simul(alice, dup_lexicon) -> Simultane:
    made = simultaneous.create_simultane(alice, "Simultané du club", dup_lexicon, seed=SEED, pause_seconds=10,
                                         solo_min_players=4, rooms=["Salle Alice"])
    made.game.refresh_from_db()
    assert made.game.status == DuplicateGame.Status.DONE, made.game.error
    return made


@pytest.fixture
def two_rooms(simul, alice, bob, carol, users):
    """Room A run by the organiser (bob, carol), room B run by dave who joined with the code (erin, frank)."""
    room_a = simul.rooms.get()
    room_b = simultaneous.join_as_arbitre(users["dave"], simul.code.lower(), "Club de Dave")
    for user, room in ((bob, room_a), (carol, room_a), (users["erin"], room_b), (users["frank"], room_b)):
        services.join(user, room.code, "player")
    return services.start(room_a, alice), services.start(room_b, users["dave"])


def play_round(room: Room, plays: dict) -> None:
    """Every play handed in during the room's current round, then the round closed after its deadline."""
    room = Room.objects.select_related("game", "lexicon", "host").get(pk=room.pk)
    rnd = RoomRound.objects.get(room=room, number=room.round_number)
    at = rnd.opens_at + dt.timedelta(seconds=1)
    for user, move in plays.items():
        services.submit_bulletin(room, user, rnd.number, fr(move), move["word"], now=at)
    assert services.close_round(room.pk, rnd.number, rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS + 1))


def moves(room: Room, number: int) -> tuple[dict, dict]:
    made = room.game.rounds.get(number=number)
    return made.top, next(m for m in made.subtops if m["score"] < made.top["score"])


def test_the_rooms_share_one_game_made_once_with_the_simultane_settings(simul, two_rooms, users):
    room_a, room_b = two_rooms
    assert DuplicateGame.objects.filter(owner=simul.host).count() == 1
    assert room_a.game_id == room_b.game_id == simul.game_id
    assert room_b.host == users["dave"] and room_b.simultane == simul and room_a.host == simul.host
    for room in (room_a, room_b):
        assert (room.timer_seconds, room.pause_seconds, room.rules, room.solo_bonus, room.solo_min_players) \
            == (simul.timer_seconds, 10, "tournament", 0, 4)


def test_the_combined_ranking_is_the_rooms_results_with_solos_over_every_room(simul, two_rooms, bob, carol, users):
    room_a, room_b = two_rooms
    erin, frank = users["erin"], users["frank"]
    top1, sub1 = moves(room_a, 1)
    # round 1: bob alone has the top over the whole simultané (a solo); room B at a sous-top
    play_round(room_a, {bob: top1, carol: sub1})
    play_round(room_b, {erin: sub1})  # frank hands in nothing
    top2, sub2 = moves(room_a, 2)
    # round 2: carol (room A) and erin (room B) both have the top: each alone in their room, no solo
    play_round(room_a, {bob: sub2, carol: top2})
    play_round(room_b, {erin: top2, frank: sub2})
    top3, _sub3 = moves(room_a, 3)
    play_round(room_a, {bob: top3})  # room A is a round ahead: round 3 is not closed in room B

    got = simultaneous.ranking(simul)
    assert got["solos"] == [{"round": 1, "player": "bob", "room": room_a.pk}] and not got["final"]
    lines = {line["player"]: line for line in got["ranking"]}
    # independently: each room's own ranking (no solo bonus of its own) plus the simultané's solo bonus
    for room in (room_a, room_b):
        for own in selectors.ranking(Room.objects.get(pk=room.pk)):
            bonus = 10 * lines[own["player"]]["solos"]
            assert lines[own["player"]]["total"] == own["total"] + bonus
            assert lines[own["player"]]["negatif"] == own["negatif"] + bonus
            assert lines[own["player"]]["room"] == room.pk
    # ... and from the plays themselves
    scores = {}
    for result in RoomResult.objects.select_related("member__user"):
        scores[result.member.user.username] = scores.get(result.member.user.username, 0) + result.score
    assert {p: line["total"] for p, line in lines.items()} == {p: s + (10 if p == "bob" else 0)
                                                               for p, s in scores.items()}
    tops = {n: simul.game.rounds.get(number=n).top["score"] for n in (1, 2, 3)}
    assert lines["bob"]["total"] == top1["score"] + sub2["score"] + top3["score"] + 10
    assert lines["bob"]["negatif"] == lines["bob"]["total"] - sum(tops.values()) and lines["bob"]["rounds"] == 3
    assert lines["erin"]["negatif"] == sub1["score"] + top2["score"] - tops[1] - tops[2]
    assert lines["erin"]["rounds"] == 2 and lines["frank"]["total"] == sub2["score"]
    assert lines["carol"]["solos"] == lines["erin"]["solos"] == 0
    # carol's room closed three rounds (she handed in nothing in the third), erin's two
    assert lines["carol"]["percent"] == round(100 * (sub1["score"] + top2["score"]) / sum(tops.values()), 1)
    assert lines["erin"]["percent"] == round(100 * (sub1["score"] + top2["score"]) / (tops[1] + tops[2]), 1)
    # the rooms alone (two players each, the solo needs four) give no solo and no bonus
    assert not RoomResult.objects.filter(solo=True).exists() and not RoomResult.objects.exclude(bonus=0).exists()
    ordered = [line["player"] for line in got["ranking"]]
    assert ordered == sorted(lines, key=lambda p: (-lines[p]["total"], p))


def test_a_solo_needs_the_simultane_size_not_a_room_size(alice, bob, carol, users, dup_lexicon):
    made = simultaneous.create_simultane(alice, "Petit", dup_lexicon, seed=SEED, solo_min_players=5, rooms=["A"])
    room_a = made.rooms.get()
    room_b = simultaneous.join_as_arbitre(users["dave"], made.code, "B")
    for user, room in ((bob, room_a), (carol, room_a), (users["erin"], room_b), (users["frank"], room_b)):
        services.join(user, room.code, "player")
    services.start(room_a, alice)
    services.start(room_b, users["dave"])
    top1, sub1 = moves(room_a, 1)
    play_round(room_a, {bob: top1, carol: sub1})
    play_round(room_b, {users["erin"]: sub1})
    assert simultaneous.ranking(made)["solos"] == []  # four players: fewer than five
    room_c = simultaneous.add_room(made, alice, "C")
    services.join(users["gus"], room_c.code, "player")
    services.start(room_c, alice)
    play_round(room_c, {users["gus"]: sub1})
    assert simultaneous.ranking(made)["solos"] == [{"round": 1, "player": "bob", "room": room_a.pk}]


def test_the_game_opens_for_review_only_once_every_room_is_over(simul, two_rooms, alice, bob, users):
    room_a, room_b = two_rooms
    top1, _sub1 = moves(room_a, 1)
    play_round(room_a, {bob: top1})
    play_round(room_b, {users["erin"]: top1})
    services.finish(Room.objects.get(pk=room_a.pk), alice)
    simul.game.refresh_from_db()
    assert simul.game.visibility == DuplicateGame.Visibility.PRIVATE  # room B still plays: its tops stay hidden
    assert not duplicate_selectors.can_see(simul.game, bob)
    assert simultaneous.detail(simul, bob)["review"] is False
    services.finish(Room.objects.get(pk=room_b.pk), users["dave"])
    simul.game.refresh_from_db()
    assert simul.game.visibility == DuplicateGame.Visibility.LINK
    assert duplicate_selectors.can_see(simul.game, bob) and duplicate_selectors.can_see(simul.game, users["erin"])
    got = simultaneous.ranking(simul)
    assert got["final"] and simultaneous.detail(simul, bob)["review"] is True
    shared = {line.username for line in duplicate_selectors.ranking(simul.game)}
    assert shared == {"bob", "carol", "erin", "frank"}  # the shared game's ranking holds every room's players


def test_a_player_plays_in_one_room_of_a_simultane_only(simul, two_rooms, bob, users):
    room_a, room_b = two_rooms
    with pytest.raises(services.RoomError) as refused:
        services.join(bob, room_b.code, "player")
    assert refused.value.status == 409 and refused.value.code == "in_another_room"
    assert services.join(bob, room_b.code, "spectator").role == "spectator"  # watching another room is fine
    # who played a round in room A cannot turn spectator there and play on in room B
    top1, _sub1 = moves(room_a, 1)
    play_round(room_a, {bob: top1})
    services.join(bob, room_a.code, "spectator")
    with pytest.raises(services.RoomError) as refused:
        services.join(bob, room_b.code, "player")
    assert refused.value.code == "in_another_room"
    assert "bob" not in {line["player"] for line in simultaneous.ranking(simul)["ranking"]}  # watching, not playing
    # a room's state names its simultané, so a client finds the combined ranking
    assert api(bob).get(f"/api/rooms/{room_a.pk}/state/").json()["simultane"] == simul.pk


def test_only_the_organiser_manages_and_outsiders_get_404(simul, two_rooms, alice, bob, users, django_user_model):
    room_a, room_b = two_rooms
    dave = users["dave"]
    with pytest.raises(services.RoomError) as refused:
        simultaneous.add_room(simul, dave, "Encore")
    assert refused.value.status == 403
    with pytest.raises(services.RoomError) as refused:
        simultaneous.remove_room(simul, dave, room_b.pk)
    assert refused.value.status == 403
    outsider = django_user_model.objects.create_user("olga", password="olga-pass-123")
    for path in (f"/api/simultanes/{simul.pk}/", f"/api/simultanes/{simul.pk}/ranking/"):
        refused = api(outsider).get(path, HTTP_ACCEPT_LANGUAGE="fr")
        assert refused.status_code == 404 and refused.json()["detail"] == "Simultané introuvable."  # as an unknown id
        assert api(bob).get(path).status_code == 200  # a player of a room
        assert api(dave).get(path).status_code == 200  # a room's arbitre
    assert api(outsider).post(f"/api/simultanes/{simul.pk}/rooms/", {"name": "X"}, format="json").status_code == 404
    assert api(outsider).delete(f"/api/simultanes/{simul.pk}/rooms/{room_a.pk}/").status_code == 404
    assert api(dave).post(f"/api/simultanes/{simul.pk}/rooms/", {"name": "X"}, format="json").status_code == 403
    assert api(dave).delete(f"/api/simultanes/{simul.pk}/rooms/{room_b.pk}/").status_code == 403
    assert api(outsider).get("/api/simultanes/999999/").status_code == 404
    assert APIClient().get(f"/api/simultanes/{simul.pk}/ranking/").status_code in (401, 403)
    assert simultaneous.my_simultanes(outsider) == [] and simultaneous.my_simultanes(bob) == [simul]
    # the organiser takes out a room that has not started, not one that has
    waiting = simultaneous.add_room(simul, alice, "Salle 2")
    assert api(alice).delete(f"/api/simultanes/{simul.pk}/rooms/{room_a.pk}/").status_code == 409
    assert api(alice).delete(f"/api/simultanes/{simul.pk}/rooms/{waiting.pk}/").status_code == 204
    assert api(alice).delete(f"/api/simultanes/{simul.pk}/rooms/{waiting.pk}/").status_code == 404


def test_the_api_makes_a_simultane_adds_rooms_and_joins_by_code(alice, bob, users, dup_lexicon):
    made = api(alice).post("/api/simultanes/", {"name": "Simultané de Noël", "lexicon": dup_lexicon.pk,
                                                "timer_seconds": 120, "seed": SEED, "rooms": ["Salle 1"],
                                                "solo_bonus": 5, "solo_min_players": 2}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["name"] == "Simultané de Noël" and len(body["code"]) == 6 and body["is_organiser"]
    assert [r["name"] for r in body["rooms"]] == ["Salle 1"] and body["rooms"][0]["arbitre"] == "alice"
    added = api(alice).post(f"/api/simultanes/{body['id']}/rooms/", {"name": "Salle 2"}, format="json")
    assert added.status_code == 201 and added.json()["simultane"] == body["id"]
    joined = api(users["dave"]).post("/api/simultanes/join/", {"code": body["code"], "name": "Club"}, format="json")
    assert joined.status_code == 201 and joined.json()["url"].endswith(f"/training/rooms/{joined.json()['id']}/")
    room = Room.objects.get(pk=joined.json()["id"])
    assert room.host == users["dave"] and room.game_id == body["game"] and room.timer_seconds == 120
    assert api(bob).post("/api/rooms/join/", {"code": room.code}, format="json").status_code == 200
    detail = api(bob).get(f"/api/simultanes/{body['id']}/").json()
    assert [(r["name"], r["players"], r["status"]) for r in detail["rooms"]] \
        == [("Salle 1", 0, "waiting"), ("Salle 2", 0, "waiting"), ("Club", 1, "waiting")]
    assert detail["is_organiser"] is False and detail["solo_bonus"] == 5
    ranking = api(bob).get(f"/api/simultanes/{body['id']}/ranking/").json()
    assert ranking["ranking"][0] | {"percent": 0} == {"rank": 1, "player": "bob", "room": room.pk, "room_name": "Club",
                                                       "total": 0, "negatif": 0, "percent": 0, "solos": 0,
                                                       "rounds": 0}
    listed = api(bob).get("/api/simultanes/").json()["simultanes"]
    assert [s["id"] for s in listed] == [body["id"]]


@pytest.mark.parametrize(("payload", "field"), [
    ({"name": ""}, None), ({"name": "x" * 81}, None), ({"name": "S", "timer_seconds": 30}, "timer_seconds"),
    ({"name": "S", "rules": "blitz"}, "rules"), ({"name": "S", "rooms": [""]}, None),
    ({"name": "S", "solo_min_players": 1}, "solo_min_players"), ({"name": "S", "variant": "scrabble"}, "variant"),
])
def test_bad_input_to_make_a_simultane_is_a_400_in_words(alice, dup_lexicon, payload, field):
    answer = api(alice).post("/api/simultanes/", {"lexicon": dup_lexicon.pk, **payload}, format="json")
    assert answer.status_code == 400 and answer.json()["detail"]
    if field:
        assert field in answer.json()["fields"]
    assert not Simultane.objects.exists()


def test_bad_input_to_join_or_add_a_room(simul, alice, users):
    dave = api(users["dave"])
    assert dave.post("/api/simultanes/join/", ["x"], format="json").status_code == 400
    assert dave.post("/api/simultanes/join/", {"code": "", "name": "Club"}, format="json").status_code == 400
    assert dave.post("/api/simultanes/join/", {"code": "ZZZZZZ", "name": "Club"}, format="json").status_code == 404
    assert dave.post("/api/simultanes/join/", {"code": simul.code, "name": ""}, format="json").status_code == 400
    assert api(alice).post(f"/api/simultanes/{simul.pk}/rooms/", {"name": " "}, format="json").status_code == 400
    assert simul.rooms.count() == 1


def test_no_room_joins_once_a_room_of_the_simultane_is_over(simul, two_rooms, alice, bob, users):
    room_a, _room_b = two_rooms
    top1, _sub1 = moves(room_a, 1)
    play_round(room_a, {bob: top1})
    services.finish(Room.objects.get(pk=room_a.pk), alice)
    with pytest.raises(services.RoomError) as refused:
        simultaneous.join_as_arbitre(users["gus"], simul.code, "Trop tard")
    assert refused.value.status == 409
    with pytest.raises(services.RoomError):
        simultaneous.add_room(simul, alice, "Trop tard")


def test_pages_list_make_and_show_a_simultane_in_french(client, alice, bob, users, dup_lexicon, django_user_model):
    client.force_login(alice)
    lobby = client.get("/training/rooms/")
    assert 'href="/training/rooms/simultanes/"' in lobby.content.decode()
    listing = client.get("/training/rooms/simultanes/")
    assert listing.status_code == 200 and "Organiser un simultané" in listing.content.decode()
    made = client.post("/training/rooms/simultanes/", {
        "action": "create", "name": "Simultané du jeudi", "lexicon": dup_lexicon.pk, "variant": "classic",
        "timer": "180", "pause": "20", "rules": "tournament", "rooms": "Salle 1\n\nSalle 2\n"})
    assert made.status_code == 302
    simul = Simultane.objects.get()
    assert made["Location"] == f"/training/rooms/simultanes/{simul.pk}/"
    assert list(simul.rooms.order_by("id").values_list("name", flat=True)) == ["Salle 1", "Salle 2"]
    page = client.get(made["Location"]).content.decode()
    assert simul.code in page and "Classement combiné" in page and "Salle 2" in page
    bad = client.post("/training/rooms/simultanes/", {"action": "create", "name": "", "lexicon": dup_lexicon.pk})
    assert bad.status_code == 400
    added = client.post(made["Location"], {"action": "add", "name": "Salle 3"})
    assert added.status_code == 302 and simul.rooms.count() == 3
    # a club's arbitre joins with the code: their room, then its page links to the simultané
    client.force_login(users["dave"])
    joined = client.post("/training/rooms/simultanes/", {"action": "join", "code": simul.code, "name": "Club"})
    room = Room.objects.get(host=users["dave"])
    assert joined.status_code == 302 and joined["Location"] == f"/training/rooms/{room.pk}/"
    assert f"/training/rooms/simultanes/{simul.pk}/" in client.get(joined["Location"]).content.decode()
    wrong = client.post("/training/rooms/simultanes/", {"action": "join", "code": "ZZZZZZ", "name": "Club"})
    assert wrong.status_code == 400 and "ZZZZZZ" in wrong.content.decode()
    assert client.post(made["Location"], {"action": "add", "name": "Pas moi"}).status_code == 400  # not organiser
    client.force_login(django_user_model.objects.create_user("olga", password="olga-pass-123"))
    assert client.get(made["Location"]).status_code == 404


def test_alone_in_the_room_is_no_solo_when_another_room_found_the_top(alice, bob, carol, users, dup_lexicon):
    made = simultaneous.create_simultane(alice, "Deux clubs", dup_lexicon, seed=SEED, solo_min_players=2,
                                         rooms=["A"])
    room_a = made.rooms.get()
    room_b = simultaneous.join_as_arbitre(users["dave"], made.code, "B")
    for user, room in ((bob, room_a), (carol, room_a), (users["erin"], room_b), (users["frank"], room_b)):
        services.join(user, room.code, "player")
    services.start(room_a, alice)
    services.start(room_b, users["dave"])
    top1, sub1 = moves(room_a, 1)
    play_round(room_a, {bob: top1, carol: sub1})
    assert simultaneous.ranking(made)["solos"] == [{"round": 1, "player": "bob", "room": room_a.pk}]  # so far
    play_round(room_b, {users["erin"]: top1, users["frank"]: sub1})
    # each room saw its player alone with the top (flagged, no bonus of the room's own) ...
    local = RoomResult.objects.filter(solo=True).values_list("member__user__username", "bonus")
    assert sorted(local) == [("bob", 0), ("erin", 0)]
    # ... the simultané saw two players with it: no solo, no bonus
    got = simultaneous.ranking(made)
    assert got["solos"] == [] and {line["player"]: line["total"] for line in got["ranking"]}["bob"] == top1["score"]
