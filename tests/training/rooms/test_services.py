"""The room's rules in the services: bulletins (the last one counts, nothing said before the close, 409 after),
the close judged once and checked against the brute-force move oracle, solos, négatif, the clock (pause,
resume, next, the pause between rounds), who may do what, and the game left as a normal shared game."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.notation import format_coord
from tests.engine.duplicate.test_game import SMALL
from tests.engine.scrabble.test_movegen import brute_force
from tests.training.duplicate.conftest import SEED
from training.duplicate import selectors as duplicate_selectors
from training.duplicate.models import DuplicateGame, DuplicatePlayer
from training.rooms import selectors, services
from training.rooms.models import Room, RoomResult, RoomRound

pytestmark = pytest.mark.django_db


def fr(move: dict) -> str:
    return format_coord(move["row"], move["col"], move["dir"], "fr")


def current(room: Room) -> RoomRound:
    return RoomRound.objects.get(room=room, number=Room.objects.get(pk=room.pk).round_number)


def after_deadline(rnd: RoomRound, seconds: float = 3) -> dt.datetime:
    return rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS + seconds)


def test_the_close_scores_the_last_bulletin_as_the_oracle_says_with_the_solo_and_the_negatif(playing, bob, carol):
    rnd = current(playing)
    made = playing.game.rounds.get(number=1)
    position = parse_cgp(made.cgp)
    oracle = {(fr({"row": r, "col": c, "dir": d}), w): s
              for r, c, d, w, s, _t in brute_force(SMALL, position.board, made.rack)}
    top = made.top
    second = next(m for m in made.subtops if m["score"] < top["score"])  # a sous-top: carol alone has the top
    t0 = rnd.opens_at + dt.timedelta(seconds=5)
    services.submit_bulletin(playing, bob, 1, fr(top), top["word"], now=t0)
    outcome = services.submit_bulletin(playing, bob, 1, fr(second), second["word"], now=t0 + dt.timedelta(seconds=1))
    assert outcome.score is None  # tournament rules: nothing said before the close
    services.submit_bulletin(playing, carol, 1, fr(top), top["word"], now=t0)
    assert selectors.state(playing, bob, t0)["my_bulletin"]["word"] == second["word"]

    assert services.advance(playing, rnd.closes_at).round_number == 1  # the grace: still open
    services.advance(playing, after_deadline(rnd))
    results = {r.member.user.username: r for r in RoomResult.objects.filter(round=rnd).select_related("member__user")}
    assert results["bob"].score == oracle[(fr(second), second["word"])] == second["score"]
    assert results["carol"].score == oracle[(fr(top), top["word"])] == max(oracle.values())
    assert results["carol"].solo and results["carol"].bonus == 10 and not results["bob"].solo
    ranking = {line["player"]: line for line in selectors.ranking(playing)}
    assert ranking["carol"]["total"] == top["score"] + 10 and ranking["carol"]["negatif"] == 10
    assert ranking["bob"]["negatif"] == second["score"] - top["score"] and ranking["carol"]["rank"] == 1
    with pytest.raises(services.RoomError) as refused:
        services.submit_bulletin(playing, bob, 1, fr(top), top["word"], now=after_deadline(rnd, 4))
    assert refused.value.status == 409


def test_an_invalid_or_misplaced_bulletin_scores_zero_with_its_reason_after_the_close(playing, bob, carol):
    rnd = current(playing)
    top = playing.game.rounds.get(number=1).top
    t0 = rnd.opens_at + dt.timedelta(seconds=1)
    services.submit_bulletin(playing, bob, 1, "A1", top["word"], now=t0)  # off the centre: accepted, 0 later
    services.close_round(playing.pk, 1, after_deadline(rnd))
    bob_result = RoomResult.objects.get(round=rnd, member__user=bob)
    assert bob_result.score == 0 and not bob_result.valid and bob_result.reason == "no_centre"
    play = DuplicatePlayer.objects.get(game=playing.game, user=bob).plays.get(number=1)
    assert play.score == 0 and "centre" in play.refusal


def test_a_late_bulletin_is_refused_and_a_player_without_one_scores_zero(playing, bob, carol):
    rnd = current(playing)
    top = playing.game.rounds.get(number=1).top
    with pytest.raises(services.RoomError) as late:
        services.submit_bulletin(playing, bob, 1, fr(top), top["word"], now=after_deadline(rnd))
    assert late.value.status == 409 and late.value.code == "round_closed"
    result = RoomResult.objects.get(round=rnd, member__user=bob)
    assert result.score == 0 and result.reason == "none"


def test_a_round_is_closed_exactly_once(playing, bob):
    rnd = current(playing)
    when = after_deadline(rnd)
    assert services.close_round(playing.pk, 1, when) is True
    assert services.close_round(playing.pk, 1, when) is False
    services.advance(Room.objects.get(pk=playing.pk), when)
    assert RoomResult.objects.filter(round=rnd).count() == 2
    assert RoomRound.objects.filter(room=playing).count() == 2


def test_who_may_hand_in_a_bulletin(playing, alice, bob, django_user_model):
    dave = django_user_model.objects.create_user("dave", password="dave-pass-123")
    eve = django_user_model.objects.create_user("eve", password="eve-pass-123")
    services.join(dave, playing.code.lower(), "spectator")
    for user, status in ((dave, 403), (alice, 403), (eve, 404)):
        with pytest.raises(services.RoomError) as refused:
            services.submit_bulletin(playing, user, 1, "H4", "AS")
        assert refused.value.status == status


@pytest.mark.parametrize(("coord", "word", "code"), [("Z99", "AS", "bad_coord"), ("", "AS", "bad_coord"),
                                                      ("H4", "", "bad_input"), ("H4", "A1!", "bad_input")])
def test_malformed_bulletins_are_400(playing, bob, coord, word, code):
    with pytest.raises(services.RoomError) as refused:
        services.submit_bulletin(playing, bob, 1, coord, word)
    assert refused.value.status == 400 and refused.value.code == code
    with pytest.raises(services.RoomError) as wrong:
        services.submit_bulletin(playing, bob, 2, "H4", "AS")
    assert wrong.value.status == 400 and wrong.value.code == "wrong_round"


def test_host_controls_are_host_only(playing, bob):
    for action in (services.start, services.pause, services.resume, services.next_round, services.finish):
        with pytest.raises(services.RoomError) as refused:
            action(playing, bob)
        assert refused.value.status == 403


def test_pause_stops_the_clock_and_resume_moves_the_deadline(playing, alice, bob):
    rnd = current(playing)
    t_pause = rnd.opens_at + dt.timedelta(seconds=30)
    services.pause(playing, alice, now=t_pause)
    room = Room.objects.get(pk=playing.pk)
    services.advance(room, after_deadline(rnd, 60))
    assert current(room).closed_at is None  # paused: nothing closes
    t_resume = t_pause + dt.timedelta(seconds=100)
    services.resume(room, alice, now=t_resume)
    assert current(room).closes_at == rnd.closes_at + dt.timedelta(seconds=100)
    with pytest.raises(services.RoomError):
        services.resume(Room.objects.get(pk=playing.pk), alice, now=t_resume)


def test_next_closes_now_and_the_next_round_opens_after_the_pause(playing, alice, bob):
    rnd = current(playing)
    t = rnd.opens_at + dt.timedelta(seconds=20)
    services.next_round(playing, alice, now=t)
    room = Room.objects.get(pk=playing.pk)
    assert RoomRound.objects.get(pk=rnd.pk).closed_at == t
    nxt = current(room)
    assert nxt.number == 2 and nxt.opens_at == t + dt.timedelta(seconds=room.pause_seconds)
    during = selectors.state(room, bob, t + dt.timedelta(seconds=1))
    assert during["rack"] is None and during["last_result"]["round"] == 1  # no rack before the opening
    with pytest.raises(services.RoomError) as early:
        services.submit_bulletin(room, bob, 2, "H4", "AS", now=t + dt.timedelta(seconds=1))
    assert early.value.code == "not_open"
    assert selectors.state(room, bob, nxt.opens_at)["rack"] == room.game.rounds.get(number=2).rack
    services.next_round(room, alice, now=t + dt.timedelta(seconds=2))  # in the pause: opens it now
    assert current(room).opens_at == t + dt.timedelta(seconds=2)


def top_on(board: list[str], top: dict) -> str:
    """The letters on ``board`` along the squares of ``top`` (upper case: a blank is a lower-case letter)."""
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    return "".join(board[top["row"] + k * dr][top["col"] + k * dc] for k in range(len(top["word"]))).upper()


def test_in_the_pause_between_rounds_the_board_is_the_game_s_with_the_last_top_placed(room, alice, bob):
    assert selectors.state(room, bob)["board"] is None  # before the start: the page's empty board
    services.join(bob, room.code, "player")
    playing = services.start(room, alice)
    top = playing.game.rounds.get(number=1).top
    assert top_on(selectors.state(playing, bob)["board"], top) != top["word"].upper()  # round 1: not placed yet
    t = current(playing).opens_at + dt.timedelta(seconds=20)
    services.next_round(playing, alice, now=t)
    paused_between = Room.objects.get(pk=playing.pk)
    during = selectors.state(paused_between, bob, t + dt.timedelta(seconds=1))
    assert during["round"] == 2 and during["rack"] is None and during["cgp"] is None  # the coming rack waits
    assert during["board"] == playing.game.rounds.get(number=1).board_after
    assert top_on(during["board"], top) == top["word"].upper()
    assert selectors.state(paused_between, alice, t + dt.timedelta(seconds=1))["board"] == during["board"]  # host
    services.pause(paused_between, alice, now=t + dt.timedelta(seconds=2))  # the host stops the clock in the pause
    held = selectors.state(Room.objects.get(pk=playing.pk), bob, t + dt.timedelta(seconds=30))
    assert held["status"] == Room.Status.PAUSED and held["rack"] is None and held["board"] == during["board"]


def test_after_the_game_the_room_s_game_is_a_normal_shared_game(playing, alice, bob, carol):
    rnd = current(playing)
    top = playing.game.rounds.get(number=1).top
    services.submit_bulletin(playing, bob, 1, fr(top), top["word"], now=rnd.opens_at)
    services.finish(playing, alice, now=rnd.opens_at + dt.timedelta(seconds=9))
    game = DuplicateGame.objects.get(pk=playing.game_id)
    assert Room.objects.get(pk=playing.pk).status == Room.Status.FINISHED
    assert game.visibility == DuplicateGame.Visibility.LINK
    ranking = {row.username: row for row in duplicate_selectors.ranking(game)}
    assert ranking["bob"].total == top["score"] and ranking["carol"].total == 0 and ranking["bob"].finished
    assert duplicate_selectors.can_see(game, bob)


def test_training_rules_check_a_bulletin_at_once(alice, bob, dup_lexicon):
    room = services.create_room(alice, "Entraînement", dup_lexicon, seed=2, rules=Room.Rules.TRAINING)
    services.join(bob, room.code, "player")
    room = services.start(room, alice)
    top = room.game.rounds.get(number=1).top
    with pytest.raises(services.RoomError) as refused:
        services.submit_bulletin(room, bob, 1, "A1", top["word"])
    assert refused.value.code == "no_centre" and "centre" in refused.value.message
    assert services.submit_bulletin(room, bob, 1, fr(top), top["word"]).score == top["score"]


@pytest.mark.parametrize(("kwargs", "needle"), [({"name": ""}, "name"), ({"timer_seconds": 30}, "minutes"),
                                                ({"rules": "blitz"}, "rules"), ({"pause_seconds": 500}, "pause"),
                                                ({"solo_min_players": 1}, "solo"), ({"variant": "scrabble"}, "variant")])
def test_bad_room_settings_are_refused_in_words(alice, dup_lexicon, kwargs, needle):
    settings = {"name": "Club", **kwargs}
    with pytest.raises(services.RoomError) as refused:
        services.create_room(alice, settings.pop("name"), dup_lexicon, **settings)
    assert needle in refused.value.message.lower()
    assert not Room.objects.exists()


def test_join_by_code_refuses_unknown_codes_and_roles(room, bob):
    with pytest.raises(services.RoomError) as unknown:
        services.join(bob, "ZZZZZZ", "player")
    assert unknown.value.status == 404
    with pytest.raises(services.RoomError):
        services.join(bob, room.code, "arbitre")
    member = services.join(bob, f" {room.code.lower()} ", "spectator")
    assert member.role == "spectator" and services.join(bob, room.code, "player").role == "player"


def test_the_sweep_closes_overdue_rounds(playing):
    rnd = current(playing)
    assert services.sweep(rnd.closes_at) == 1 and current(playing).number == 1
    services.sweep(after_deadline(rnd))
    assert RoomRound.objects.get(pk=rnd.pk).closed_at is not None


def test_the_totals_add_up_round_after_round_in_the_room_and_in_its_game(playing, alice, bob, carol):
    """The close adds each round's points in one UPDATE per table: the room's totals (solo bonus included),
    and the game's (score, sum of the tops, tops found, the round reached) for every player."""
    Room.objects.filter(pk=playing.pk).update(solo_bonus=10)
    room = Room.objects.get(pk=playing.pk)
    tops, bob_points = 0, 0
    for number in (1, 2):
        rnd = current(room)
        made = room.game.rounds.get(number=number)
        services.submit_bulletin(room, bob, number, fr(made.top), made.top["word"], now=rnd.opens_at)
        if number == 2:  # carol finds the top too: no solo this time
            services.submit_bulletin(room, carol, number, fr(made.top), made.top["word"], now=rnd.opens_at)
        services.next_round(room, alice, now=rnd.opens_at + dt.timedelta(seconds=5))
        room = Room.objects.get(pk=room.pk)
        tops += made.top["score"]
        bob_points += made.top["score"] + (10 if number == 1 else 0)
        carol_points = made.top["score"] if number == 2 else 0
    members = {m.user.username: m.total for m in room.members.select_related("user")}
    assert members == {"bob": bob_points, "carol": carol_points}
    players = {p.user.username: p for p in DuplicatePlayer.objects.filter(game=room.game).select_related("user")}
    assert players["bob"].total == tops and players["carol"].total == carol_points
    assert players["bob"].top_total == players["carol"].top_total == tops
    assert players["bob"].tops_found == 2 and players["carol"].tops_found == 1
    assert players["bob"].current_round == players["carol"].current_round == 3


def test_the_state_s_ranking_is_the_first_lines_and_the_reader_s_own_and_follows_each_close(
        playing, alice, bob, carol, monkeypatch):
    monkeypatch.setattr(selectors, "RANKING_SHOWN", 1)
    rnd = current(playing)
    top = playing.game.rounds.get(number=1).top
    before = selectors.state(playing, carol, rnd.opens_at)["ranking"]
    assert [line["total"] for line in before] == [0, 0]  # the first line, then carol's own
    services.submit_bulletin(playing, carol, 1, fr(top), top["word"], now=rnd.opens_at)
    services.next_round(playing, alice, now=rnd.opens_at + dt.timedelta(seconds=5))
    room = Room.objects.get(pk=playing.pk)
    # cached between two closes, a new close is read at once
    carol_sees = selectors.state(room, carol)["ranking"]
    assert len(carol_sees) == 1 and carol_sees[0]["player"] == "carol" and carol_sees[0]["solos"] == 1
    assert carol_sees[0]["total"] == top["score"] + room.solo_bonus
    bob_sees = selectors.state(room, bob)["ranking"]
    assert [line["player"] for line in bob_sees] == ["carol", "bob"] and bob_sees[1]["total"] == 0
    assert [line["player"] for line in selectors.state(room, alice)["ranking"]] == ["carol"]  # the host
    assert len(selectors.ranking(room)) == 2  # GET ranking/ stays whole



def test_the_lobby_lists_open_rooms_first_then_running_then_finished(rooms_of_every_stage, alice,
                                                                      django_user_model):
    """Open rooms (waiting for their start) the most recently opened first, then the rooms being played, then
    the finished ones, the most recently finished first; hosted and joined rooms together, no one else's."""
    assert [r.name for r in selectors.my_rooms(alice)] == rooms_of_every_stage
    assert selectors.my_rooms(django_user_model.objects.create_user("dora")) == []


def test_the_lobby_lists_at_most_its_share_of_rooms_open_ones_kept(rooms_of_every_stage, alice, monkeypatch):
    monkeypatch.setattr(selectors, "MY_ROOMS_SHOWN", 3)
    assert [r.name for r in selectors.my_rooms(alice)] == rooms_of_every_stage[:3]


def test_a_game_ended_early_is_the_game_of_the_rounds_played_everywhere(alice, bob, carol, dup_lexicon):
    """The arbitre ends the game during round 3: the game's ranking, review, export and totals tell 3 rounds, and
    its solos follow the room's rule (16 players needed: two players make none)."""
    room = services.create_room(alice, "Club", dup_lexicon, seed=SEED, pause_seconds=10, solo_min_players=16)
    for user in (bob, carol):
        services.join(user, room.code, "player")
    room = services.start(room, alice)
    made = room.game.rounds.count()
    assert made > 3
    for number in (1, 2, 3):
        rnd = current(room)
        assert rnd.number == number
        top = room.game.rounds.get(number=number).top
        services.submit_bulletin(room, bob, number, fr(top), top["word"], now=rnd.opens_at)  # bob alone: no solo
        if number < 3:
            services.close_round(room.pk, number, after_deadline(rnd))
            room = services.advance(Room.objects.get(pk=room.pk), after_deadline(rnd, 30))  # the pause is over
    services.finish(Room.objects.get(pk=room.pk), alice, now=current(room).opens_at + dt.timedelta(seconds=9))

    game = DuplicateGame.objects.get(pk=room.game_id)
    tops = [game.rounds.get(number=n).top["score"] for n in (1, 2, 3)]
    assert game.round_count == 3 and game.rounds.count() == 3 and game.top_total == sum(tops)
    assert game.end_reason == "host" and game.solo_min_players == 16
    ranking = {row.username: row for row in duplicate_selectors.ranking(game)}
    assert ranking["bob"].rounds_played == 3 and ranking["bob"].total == sum(tops) and ranking["bob"].percent == 100
    assert ranking["bob"].solos == 0 and ranking["carol"].solos == 0
    review = duplicate_selectors.review(DuplicatePlayer.objects.get(game=game, user=bob))
    assert [row.number for row in review] == [1, 2, 3] and not any(row.solo for row in review)
    record = duplicate_selectors.record_of(game)
    assert len(record.rounds) == 3
    room_lines = {line["player"]: line for line in selectors.ranking(Room.objects.get(pk=room.pk), cached=False)}
    assert room_lines["bob"]["total"] == ranking["bob"].total  # the room and its game say the same


def test_a_game_played_to_its_end_keeps_every_round(playing, alice):
    game = DuplicateGame.objects.get(pk=playing.game_id)
    from training.duplicate import services as duplicate_services

    assert duplicate_services.end_after_round(game.pk, game.round_count) is False
    assert DuplicateGame.objects.get(pk=game.pk).round_count == game.round_count and game.end_reason != "host"
