"""Simultané benchmark: the combined ranking (``engine.duplicate.combined.combine``) of a national simultané.

A simultané's ranking is computed from every room's results at each request (docs/rooms.md, "Simultanés"):
this measures the engine's part, the same work whatever the database, for ``--players`` players spread over
``--rooms`` rooms and ``--rounds`` rounds (players × rounds plays). Each round's plays are drawn from a few
scores (the top, three lower plays, 0: players mostly send the same few plays), so solos do happen. Prints
CPU seconds (``time.process_time``: survives the load of a shared machine) per ranking, median of
``--repeat`` runs, with the number of plays and solos. Target: a 10,000-player, 20-round ranking <= 1 s CPU.

``--db``: the whole read (``training.rooms.simultaneous.ranking``: the queries of every room's members,
closed rounds and results, then the engine) on the database of ``DATABASE_URL`` (PostgreSQL: a migrated
database of your own). The simultané, its rooms, users, rounds and results are written with bulk inserts
inside a transaction that is rolled back at the end: nothing is left. Prints wall and CPU seconds per read.

    .venv/bin/python bench/simultanes.py [--players 10000] [--rooms 100] [--rounds 20] [--repeat 5] [--db]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.duplicate.combined import Play, combine  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", action="store_true", help="measure the whole read on DATABASE_URL's database")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players = {f"p{i}": f"r{i % args.rooms}" for i in range(args.players)}
    closed = {f"r{r}": list(range(1, args.rounds + 1)) for r in range(args.rooms)}
    tops = {n: rng.randint(20, 90) for n in range(1, args.rounds + 1)}
    plays = []
    for number, top in tops.items():
        lower = sorted(rng.sample(range(1, top), 3), reverse=True)
        for player in players:
            if rng.random() < 1.5 / args.players:  # now and then a top that one player alone finds
                plays.append(Play(player, number, top))
            else:
                plays.append(Play(player, number, rng.choice([*lower, 0])))
    times = []
    for _run in range(args.repeat):
        start = time.process_time()
        result = combine(players, closed, plays, tops, solo_bonus=10, solo_min_players=16)
        times.append(time.process_time() - start)
    print(f"players {args.players}, rooms {args.rooms}, rounds {args.rounds}: {len(plays)} plays, "
          f"{len(result.solos)} solos; combined ranking CPU median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s ({args.repeat} runs)")
    if args.db:
        bench_db(args, players, tops, plays)
    return 0


class Rollback(Exception):
    pass


def bench_db(args: argparse.Namespace, players: dict[str, str], tops: dict[int, int], plays: list[Play]) -> None:
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from lexicon.models import Lexicon
    from training.duplicate.models import DuplicateGame, DuplicateRound
    from training.rooms import simultaneous
    from training.rooms.models import Room, RoomMember, RoomResult, RoomRound, Simultane

    now = timezone.now()
    try:
        with transaction.atomic():
            user_model = get_user_model()
            user_model.objects.bulk_create([user_model(username=f"bench-simul-{p}", password="!") for p in players]
                                           + [user_model(username="bench-simul-organiser", password="!")],
                                           batch_size=2000)
            users = {u.username.removeprefix("bench-simul-"): u
                     for u in user_model.objects.filter(username__startswith="bench-simul-")}
            lexicon = Lexicon.objects.create(name="bench-simul", language="fr", word_count=0, content_hash="",
                                             words_file="bench", imported_at=now)
            game = DuplicateGame.objects.create(owner=users["organiser"], lexicon=lexicon, seed=1,
                                                round_count=len(tops), status="done")
            DuplicateRound.objects.bulk_create([DuplicateRound(game=game, number=n, rack="", cgp="",
                                                               top={"score": t}) for n, t in tops.items()])
            simul = Simultane.objects.create(host=users["organiser"], name="bench", lexicon=lexicon, game=game)
            rooms = {}
            for name in sorted(set(players.values())):
                rooms[name] = Room.objects.create(host=users["organiser"], name=name, lexicon=lexicon, game=game,
                                                  simultane=simul, status="finished", code=f"B{len(rooms):05d}")
            members = RoomMember.objects.bulk_create([RoomMember(room=rooms[room], user=users[p])
                                                      for p, room in players.items()], batch_size=2000)
            member_of = {m.user_id: m for m in members}
            rounds = {(room.pk, n): RoomRound(room=room, number=n, opens_at=now, closes_at=now + dt.timedelta(1),
                                              announced=True, closed_at=now)
                      for room in rooms.values() for n in tops}
            RoomRound.objects.bulk_create(rounds.values(), batch_size=2000)
            RoomResult.objects.bulk_create([
                RoomResult(round=rounds[(rooms[players[p.player]].pk, p.round)],
                           member=member_of[users[p.player].pk], score=p.score, valid=p.score > 0)
                for p in plays], batch_size=5000)
            walls, cpus = [], []
            for _run in range(args.repeat):
                wall, cpu = time.perf_counter(), time.process_time()
                got = simultaneous.ranking(simul)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            print(f"database read (ranking of {len(got['ranking'])} players, {len(plays)} results): wall median "
                  f"{statistics.median(walls):.3f} s, CPU median {statistics.median(cpus):.3f} s "
                  f"({args.repeat} runs)")
            raise Rollback
    except Rollback:
        pass


if __name__ == "__main__":
    raise SystemExit(main())
