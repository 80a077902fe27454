"""The cost of closing a room's round with N bulletins: queries, wall and CPU time of
:func:`training.rooms.services.close_round` (judging, results, totals, the plays written into the game, the
next round, the ranking), and of the next round's announcement, on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tirage_h1 .venv/bin/python bench/rooms_close.py \\
        --players 500 1000 2000

Players mostly send the same few plays (the top, a few sub-tops) and some send a misplaced one, as in a
club; one in twenty sends nothing. It makes its own users (``bench-close-N``) and room and deletes them.
The figure to read is CPU time and the query count (the machine is shared: the load average is printed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["TASKS_MODE"] = "sync"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 1000, 2000])
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL (PostgreSQL, a scratch database)")
    if max(args.players) > 5000:
        raise SystemExit("--players: at most 5000")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from engine.scrabble.notation import format_coord
    from lexicon.models import Lexicon
    from lexicon.services import import_word_list
    from tests.engine.duplicate.test_game import SMALL
    from tests.support import write_words
    from training.rooms import services
    from training.rooms.models import Bulletin, Room, RoomMember, RoomRound

    User = get_user_model()
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / "bench-rooms-close"
    folder.mkdir(exist_ok=True)
    lexicon = import_word_list(write_words(folder / "small.txt", SMALL), name="bench-rooms-close",
                               language="fr").lexicon
    print(f"closing a round on {connection.vendor}; load average {os.getloadavg()[0]:.1f}")
    print("players  round  queries   wall s   cpu s   (close)   queries  wall s  (announce next)")
    for players in args.players:
        Room.objects.filter(host__username__startswith="bench-close-").delete()
        User.objects.filter(username__startswith="bench-close-").delete()
        host = User.objects.create_user("bench-close-host")
        User.objects.bulk_create([User(username=f"bench-close-{i}") for i in range(players)])
        users = list(User.objects.filter(username__startswith="bench-close-").exclude(pk=host.pk))
        room = services.create_room(host, "Bench", lexicon, seed=2, pause_seconds=0, solo_min_players=2)
        RoomMember.objects.bulk_create([RoomMember(room=room, user=u) for u in users])
        members = list(RoomMember.objects.filter(room=room))
        rng = random.Random(players)
        now = timezone.now()
        room = services.start(room, host, now)
        for number in (1, 2, 3):
            made = room.game.rounds.get(number=number)
            options = [made.top, *made.subtops[:3]]
            plays = [(format_coord(m["row"], m["col"], m["dir"], "fr"), m["word"]) for m in options]
            plays.append(("A1", options[0]["word"]))  # misplaced: judged 0 with its reason
            rnd = RoomRound.objects.get(room=room, number=number)
            Bulletin.objects.bulk_create([
                Bulletin(round=rnd, member=m, coord=c, word=w, received_at=now)
                for m in members if rng.random() > 0.05 for c, w in [rng.choice(plays)]])
            when = rnd.closes_at + dt.timedelta(seconds=services.GRACE_SECONDS + 1)
            with CaptureQueriesContext(connection) as queries:
                cpu, start = time.process_time(), time.perf_counter()
                assert services.close_round(room.pk, number, when)
                wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            room.refresh_from_db()
            with CaptureQueriesContext(connection) as announce:
                started = time.perf_counter()
                services.advance(room, when)
                announced = time.perf_counter() - started
            print(f"{players:7}  {number:5}  {len(queries):7}  {wall:7.3f}  {cpu:6.3f}            "
                  f"{len(announce):7}  {announced:6.3f}", flush=True)
            now = when
        Room.objects.filter(host__username__startswith="bench-close-").delete()
        User.objects.filter(username__startswith="bench-close-").delete()
    # Left behind, the lexicon would be the newest French one and so the default of new rooms and games.
    Lexicon.objects.filter(name="bench-rooms-close").delete()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
