"""Live rooms under load: simulated players (WebSocket clients, bulletins over HTTP) in one room, against two
Daphne processes sharing PostgreSQL and Redis (channels-redis), all on this machine.

What it measures, per round: how long ``round_open`` takes to reach every player after the host's ``start/``
or ``next/`` (p50, p99, max), the bulletins accepted (202) against the results that carry them after the
close (lost = accepted but missing), and how long each player's ``round_closed`` (their result) takes after
the host's ``next/``. Targets (docs/duplicate.md; figures in docs/rooms-scale.md): round_open p99 <= 1 s, 0 bulletins lost, results <= 2 s.

    .venv/bin/pip install -e '.[bench]'
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tirage_bench REDIS_URL=redis://127.0.0.1:6379/9 \\
        SECRET_KEY=... .venv/bin/python bench/rooms.py --players 200 --rounds 3

With ``--pause 30`` the host's ``next/`` closes the round, and once every result is in, a second ``next/``
(in the pause) opens the next round at once: rounds 2+ then measure the opening alone, as a host moving on
early does; without a pause one ``next/`` closes and opens (the close's time is in the opening's).

Bounded: at most 2,000 players; only 127.0.0.1. It makes its own users (``bench-room-N``), lexicon and room
through the services and deletes the users at the end. Players send their bulletins within ``--spread``
seconds after the round opens; then the host closes the round (``next/``), so a round takes seconds, not
minutes. The load generator shares the 2 cores with the servers, PostgreSQL and Redis: read the figures as
such (the load average is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def setup(players: int, pause: int) -> tuple[int, str, list[str], int, int]:
    """Users with tokens, a lexicon, a room whose game is made; returns (room id, host token, tokens, rounds, lexicon)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from lexicon.services import import_word_list
    from tests.engine.duplicate.test_game import SMALL
    from tests.support import write_words
    from training.rooms import services
    from training.rooms.models import Room, RoomMember

    User = get_user_model()
    Room.objects.filter(host__username__startswith="bench-room-").delete()
    User.objects.filter(username__startswith="bench-room-").delete()
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / "bench-rooms"
    folder.mkdir(exist_ok=True)
    lexicon = import_word_list(write_words(folder / "small.txt", SMALL), name="bench-rooms", language="fr").lexicon
    host = User.objects.create_user("bench-room-host")
    users = User.objects.bulk_create([User(username=f"bench-room-{i}") for i in range(players)])
    users = list(User.objects.filter(username__in=[u.username for u in users]))
    tokens = Token.objects.bulk_create([Token(user=u, key=Token.generate_key()) for u in users])
    host_token = Token.objects.create(user=host).key
    room = services.create_room(host, "Bench", lexicon, seed=2, pause_seconds=pause, solo_min_players=2)
    room.game.refresh_from_db()
    if not room.game.is_ready:
        raise SystemExit(f"the room's game was not made: {room.game.status} {room.game.error} (TASKS_MODE=sync?)")
    RoomMember.objects.bulk_create([RoomMember(room=room, user=u) for u in users])
    return room.pk, host_token, [t.key for t in tokens], room.game.round_count, lexicon.pk


async def http_post(port: int, path: str, token: str, body: dict) -> tuple[int, dict]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode()
    writer.write((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {token}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n")
                 .encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _sep, rest = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    try:
        return status, json.loads(rest or b"{}")
    except ValueError:
        return status, {}


class Player:
    def __init__(self, index: int, token: str, port: int) -> None:
        self.index, self.token, self.port = index, token, port
        self.opened: dict[int, float] = {}
        self.closed: dict[int, float] = {}
        self.results: dict[int, dict] = {}
        self.accepted: dict[int, tuple[str, str]] = {}
        self.sent: dict[int, tuple[float, int, float]] = {}
        """Per round: when the bulletin's request was sent, the answer's status, when the answer came."""
        self.errors: list[str] = []


SENDING: set[asyncio.Task] = set()
CONNECTING = asyncio.Semaphore(50)
"""Players join a few dozen at a time (a room fills over minutes, not in one millisecond)."""


async def play(player: Player, room_id: int, plays: dict[int, list[tuple[str, str]]], spread: float,
               rounds: int, ready: asyncio.Event, counter: list[int]) -> None:
    import websockets

    url = f"ws://127.0.0.1:{player.port}/ws/rooms/{room_id}/?token={player.token}"
    try:
        await CONNECTING.acquire()
        try:
            ws = await websockets.connect(url, origin="http://127.0.0.1", open_timeout=60, max_size=2**24)
            await ws.recv()  # the state
        finally:
            CONNECTING.release()
        async with ws:
            counter[0] += 1
            if counter[0] == counter[1]:
                ready.set()
            while len(player.closed) < rounds:
                event = json.loads(await ws.recv())
                now = time.perf_counter()
                if event["type"] == "round_open":
                    number = event["round"]
                    player.opened[number] = now
                    task = asyncio.get_running_loop().create_task(send(player, room_id, number, plays, spread))
                    SENDING.add(task)  # the loop keeps only a weak reference: a task nobody holds can vanish
                    task.add_done_callback(SENDING.discard)
                elif event["type"] == "round_closed":
                    player.closed[event["round"]] = now
                    player.results[event["round"]] = event.get("my_result") or {}
    except Exception as exc:  # counted, not hidden
        player.errors.append(f"{type(exc).__name__}: {exc}")


async def send(player: Player, room_id: int, number: int, plays: dict, spread: float) -> None:
    await asyncio.sleep(random.uniform(0, spread))
    coord, word = random.choice(plays[number])
    started = time.perf_counter()
    status, _body = await http_post(player.port, f"/api/rooms/{room_id}/bulletin/", player.token,
                                    {"round": number, "coord": coord, "word": word})
    player.sent[number] = (started, status, time.perf_counter())
    if status == 202:
        player.accepted[number] = (coord, word)
    else:
        player.errors.append(f"bulletin {number}: {status}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def run(args: argparse.Namespace, room_id: int, host_token: str, tokens: list[str], ports: list[int],
              plays: dict[int, list[tuple[str, str]]]) -> list[Player]:
    players = [Player(i, t, ports[i % len(ports)]) for i, t in enumerate(tokens)]
    ready = asyncio.Event()
    counter = [0, len(players)]
    tasks = [asyncio.create_task(play(p, room_id, plays, args.spread, args.rounds, ready, counter)) for p in players]
    connect_started = time.perf_counter()
    while not ready.is_set() and time.perf_counter() - connect_started < 180:
        if sum(1 for p in players if p.errors) + counter[0] >= len(players):
            break  # every socket is connected or failed
        await asyncio.sleep(0.2)
    print(f"{counter[0]} of {len(players)} sockets connected in {time.perf_counter() - connect_started:.1f} s")
    host_port = ports[-1]
    action_at: dict[int, float] = {}
    close_at: dict[int, float] = {}
    answered: dict[int, float] = {}
    for number in range(1, args.rounds + 1):
        if number == 1:
            action_at[number] = time.perf_counter()
            status, _ = await http_post(host_port, f"/api/rooms/{room_id}/start/", host_token, {})
        else:
            status = 200  # next/ of the previous round opened this one (pause 0)
        if status != 200:
            raise SystemExit(f"start: {status}")
        await asyncio.sleep(args.spread + 1.0)
        close_at[number] = time.perf_counter()
        status, _ = await http_post(host_port, f"/api/rooms/{room_id}/next/", host_token, {})
        answered[number] = time.perf_counter() - close_at[number]
        if status != 200:
            raise SystemExit(f"next: {status}")
        if number < args.rounds and not args.pause:  # no pause: next/ opens the next round at once too
            action_at[number + 1] = close_at[number]
        elif number < args.rounds:  # in the pause, once the results are in, the host opens the next round now
            waited = time.perf_counter()
            while sum(1 for p in players if number in p.closed) < counter[0] and time.perf_counter() - waited < 15:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            action_at[number + 1] = time.perf_counter()
            status, _ = await http_post(host_port, f"/api/rooms/{room_id}/next/", host_token, {})
            if status != 200:
                raise SystemExit(f"next/ in the pause: {status}")
    await asyncio.wait(tasks, timeout=30)
    if SENDING:  # bulletins still waiting for their answer: counted once answered, not left out
        await asyncio.wait(list(SENDING), timeout=60)
    print(f"{len(players)} players on {len(ports)} Daphne processes, {args.rounds} rounds, bulletins within "
          f"{args.spread} s of the opening; load average {os.getloadavg()[0]:.1f} "
          f"(client CPU {time.process_time():.1f} s)")
    print("round  open p50   open p99   open max   accepted  lost  result p50  result p99  result max  next/    errors")
    for number in range(1, args.rounds + 1):
        opens = [p.opened[number] - action_at[number] for p in players if number in p.opened]
        results = [p.closed[number] - close_at[number] for p in players if number in p.closed]
        accepted = [p for p in players if number in p.accepted]
        lost = sum(1 for p in accepted if p.results.get(number, {}).get("word") != _engine_word(p.accepted[number]))
        print(f"{number:>5}  {pct(opens, .5):8.3f}s  {pct(opens, .99):8.3f}s  {max(opens or [0]):8.3f}s  "
              f"{len(accepted):>8}  {lost:>4}  {pct(results, .5):9.3f}s  {pct(results, .99):9.3f}s  "
              f"{max(results or [0]):9.3f}s  {answered.get(number, 0):6.3f}s  {sum(len(p.errors) for p in players)}"
              f"  (opened {len(opens)}, results {len(results)})")
    errors = Counter(e[:80] for p in players for e in p.errors)
    if errors:
        print("errors:", dict(errors.most_common(6)))
    print("round  sent before next/  409 of those  202 answered after next/'s answer  503  409 sent after next/")
    for number in range(1, args.rounds + 1):
        sent = [p.sent[number] for p in players if number in p.sent]
        early = [status for started, status, _a in sent if started < close_at[number]]
        after_close = sum(1 for _s, status, at in sent if status == 202 and at > close_at[number] + answered[number])
        print(f"{number:>5}  {len(early):>17}  {early.count(409):>12}  {after_close:>31}  "
              f"{[s for _t, s, _a in sent].count(503):>3}  "
              f"{sum(1 for started, status, _a in sent if started >= close_at[number] and status == 409):>20}")
    return players


def _engine_word(sent: tuple[str, str]) -> str:
    return sent[1]  # sent as the engine writes it (the tops' words): stored and judged as is


def judged_in_db(room_id: int, players: list[Player], rounds: int) -> None:
    """Every bulletin answered 202 against the stored results (the events of a round judged again after a
    bulletin handled late are not re-sent once the next round is open: the database is the reference)."""
    from rest_framework.authtoken.models import Token

    from training.rooms.models import RoomResult

    users = dict(Token.objects.filter(key__in=[p.token for p in players]).values_list("key", "user_id"))
    stored = {(r.member.user_id, r.round.number): r.word for r in RoomResult.objects.filter(
        round__room_id=room_id).select_related("member", "round")}
    for number in range(1, rounds + 1):
        accepted = [p for p in players if number in p.accepted]
        lost = sum(1 for p in accepted if stored.get((users[p.token], number)) != _engine_word(p.accepted[number]))
        print(f"round {number}: {len(accepted)} accepted (202), {lost} not in the stored results")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spread", type=float, default=3.0, help="bulletins within this many seconds")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--pause", type=int, default=0,
                        help="the room's pause between rounds; with a pause the host opens rounds 2+ with next/ "
                             "once the results are in (the open is then measured alone, the close apart)")
    parser.add_argument("--db-pool", type=int, default=20, help="PostgreSQL connections per server process")
    args = parser.parse_args()
    if not 1 <= args.players <= 2000:
        raise SystemExit("--players: 1 to 2000")
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL (PostgreSQL, a scratch database) and REDIS_URL")
    os.environ["TASKS_MODE"] = "sync"
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    room_id, host_token, tokens, round_count, _lexicon = setup(args.players, args.pause)
    args.rounds = min(args.rounds, round_count)
    from training.duplicate.models import DuplicateRound
    from training.rooms.models import Room

    game = Room.objects.get(pk=room_id).game
    plays = {}
    from engine.scrabble.notation import format_coord

    for rnd in DuplicateRound.objects.filter(game=game):
        options = [rnd.top] + list(rnd.subtops[:3])
        plays[rnd.number] = [(format_coord(m["row"], m["col"], m["dir"], "fr"), m["word"]) for m in options]
    ports = [free_port() for _i in range(args.servers)]
    # The listen backlog (Twisted's default is 50) and the handshake's timeout (Daphne's default is 5 s) as
    # the README's production command sets them; each process's PostgreSQL connections bounded by the pool.
    server_env = {**os.environ, "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0",
                  "DB_POOL_SIZE": str(args.db_pool)}
    servers = [subprocess.Popen([str(ROOT / ".venv/bin/daphne"), "-e",
                                 f"tcp:port={port}:interface=127.0.0.1:backlog=1024",
                                 "--websocket_connect_timeout", "30", "config.asgi:application"],
                                cwd=ROOT, env=server_env, stdout=subprocess.DEVNULL,
                                stderr=open(f"/tmp/bench-rooms-daphne-{port}.log", "w"))  # noqa: SIM115
               for port in ports]
    try:
        for port in ports:
            for _i in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    time.sleep(0.2)
        players = asyncio.run(run(args, room_id, host_token, tokens, ports, plays))
        judged_in_db(room_id, players, args.rounds)
        late = sum(Path(f"/tmp/bench-rooms-daphne-{port}.log").read_text(errors="replace").count("was judged after it")
                   for port in ports)
        print(f"bulletins that arrived in time and were judged after the close (the servers' logs): {late}")
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:  # still draining thousands of sockets: stop it
                server.kill()
                server.wait()
        cleanup()


def cleanup() -> None:
    """Delete what :func:`setup` made: the rooms, the users and the lexicon, which left behind would be the site's
    newest French lexicon and so the default of every new room and game (``lexicon.selectors.default_lexicon``)."""
    from django.contrib.auth import get_user_model

    from lexicon.models import Lexicon
    from training.rooms.models import Room

    Room.objects.filter(host__username__startswith="bench-room-").delete()
    get_user_model().objects.filter(username__startswith="bench-room-").delete()
    Lexicon.objects.filter(name="bench-rooms").delete()


if __name__ == "__main__":
    main()
