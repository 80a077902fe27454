"""What one bulletin costs the server: CPU time and queries per ``POST /api/rooms/{id}/bulletin/`` through
Django's whole request path (middleware, DRF, token authentication, the service), on PostgreSQL.

The bulletin is the hottest request of a live room (every player, in the last seconds of each round), and the
two web processes' CPU on it is what broke first at 2,000 players (docs/rooms-scale.md). This measures it
without sockets or a second process, so it survives a loaded machine better than ``bench/rooms.py``:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tirage_bench SECRET_KEY=... \\
        .venv/bin/python bench/rooms_bulletin.py --players 500 --repeat 3

Each player hands in one bulletin (an insert), then a second one (a replacement); best of ``--repeat``.
It makes its own users (``bench-room-N``), lexicon and room, and deletes the users at the end.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ["TASKS_MODE"] = "sync"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not 1 <= args.players <= 2000:
        raise SystemExit("--players: 1 to 2000")
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL (PostgreSQL, a scratch database)")
    import subprocess

    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    from rooms import (  # bench/rooms.py: users with tokens, a lexicon, a room whose game is made
        cleanup,
        setup,
    )

    room_id, _host_token, tokens, _rounds, _lexicon = setup(args.players, 0)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from engine.scrabble.notation import format_coord
    from training.rooms import services
    from training.rooms.models import Room

    try:
        room = Room.objects.select_related("game", "host").get(pk=room_id)
        services.start(room, room.host)
        top = room.game.rounds.get(number=1).top
        body = {"round": 1, "coord": format_coord(top["row"], top["col"], top["dir"], "fr"), "word": top["word"]}
        client = Client()
        path = f"/api/rooms/{room_id}/bulletin/"
        for label in ("first bulletin (insert)", "replacement (update)"):
            best_cpu = best_wall = float("inf")
            for _r in range(args.repeat):
                cpu, wall = time.process_time(), time.perf_counter()
                for token in tokens[1:]:
                    answer = client.post(path, body, content_type="application/json",
                                         HTTP_AUTHORIZATION=f"Token {token}")
                    if answer.status_code != 202:
                        raise SystemExit(f"bulletin: {answer.status_code} {answer.content[:200]!r}")
                best_cpu = min(best_cpu, time.process_time() - cpu)
                best_wall = min(best_wall, time.perf_counter() - wall)
                if label.startswith("first"):
                    break  # only the first pass inserts
            with CaptureQueriesContext(connection) as captured:  # apart: logging queries costs CPU too
                client.post(path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Token {tokens[0]}")
            queries = len(captured)
            print(f"{label}: {1000 * best_cpu / (len(tokens) - 1):.2f} ms CPU, {1000 * best_wall / (len(tokens) - 1):.2f} ms wall "
                  f"per bulletin, {queries} queries ({len(tokens)} players, load average {os.getloadavg()[0]:.1f})")
    finally:
        cleanup()


if __name__ == "__main__":
    main()
