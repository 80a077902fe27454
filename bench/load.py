"""Load test on loopback: gunicorn (and, with REDIS_URL, a Celery worker), 50 readers and 10 duplicate players.

What it measures: the latency a learner sees (p50, p95, max) and the errors, per kind of request, while
``--readers`` users browse what learners use most (the home page, the training dashboard, their lists page,
the lists, a grid, progress, due reviews, lexicon lookups, task polling: pages with a session, the rest
through the API), ``--players`` users play a shared duplicate game through the API (read the round, play
the top, validate) and ``--answerers`` users (none by default) answer grid situations, each user waiting
``--think`` seconds (uniformly 0.5x to 1.5x) between requests like a person would. It also prints the
server's CPU time per request (gunicorn's processes, from /proc: what the server costs, whatever else runs
on the machine) and the load average before and after. Target: p95 <= 100 ms and 0 errors with gunicorn
(2 workers x 4 threads) on 2 cores.

    .venv/bin/pip install -e '.[prod]'          # gunicorn (once)
    .venv/bin/python bench/load.py              # embedded: a fresh SQLite in a temporary folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tirage_load REDIS_URL=redis://127.0.0.1:6379/3 \\
        .venv/bin/python bench/load.py          # PostgreSQL + Redis + a Celery worker (a scratch database)
    ... bench/load.py --users 12 --duration 30  # the same mix scaled down (5 readers to 1 player): a busy machine

Defaults: 50 readers, 10 duplicate players, 60 s, think time 1 s (``--users N`` sets both in that ratio). Bounded: at most 200 users and 300 s;
it only ever talks to 127.0.0.1. It creates its data through the services (a real lexicon from the French
word list shipped with the tests and its starter lists, one real CBIC grid copied for every user, one real duplicate game the
players share, done task runs to poll), and on PostgreSQL deletes the users it made when it ends. The load
generator shares the machine with the server: note the load average it prints.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOST = "127.0.0.1"
PREFIX = "load-"
WORDS = [("BACCARAT", "T"), ("PRIVATIF", "5"), ("ETRANGES", "E"), ("RETINES", None), ("DATAIS", "T"),
         ("GRENATS", None), ("SENTIER", None), ("ARGENTES", None)]
LOOKUPS = [("anagrams", "letters=AEINRST"), ("anagrams", "letters=EIRSTU"), ("check", "words=RETINES,ZZZ,DATAIS"),
           ("hooks", "word=RATE"), ("pattern", "q=R.T.NES")]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def server_environment(args: argparse.Namespace, var_dir: str) -> dict[str, str]:
    """Production settings (DEBUG off) on plain HTTP loopback."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "TASKS_MODE")}
    env.update({
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "load-bench-only-" + "k" * 48,
        "ALLOWED_HOSTS": HOST, "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0", "LOG_LEVEL": "WARNING", "TIRAGE_VAR_DIR": var_dir,
        "DB_CONN_MAX_AGE": str(args.conn_max_age), "STATIC_ROOT": str(Path(var_dir) / "static"),
    })
    return env


# --- Data ------------------------------------------------------------------------------------------------

def make_data(args: argparse.Namespace) -> dict:
    """Users, tokens, sessions, lists, grids and task runs, made through the services in this process."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from core.models import TaskRun
    from lexicon.services import import_word_list
    from training.grids import services as grid_services
    from training.grids.models import Situation, TrainingGrid
    from training.lists import services

    settings.TIRAGE_TASKS_MODE = "sync"  # the bench's own set-up runs tasks inline
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG off serves the hashed files
    drop_data()  # a run stopped midway left its data (its stored files went with its temporary folder)
    words = [w.strip() for w in (ROOT / "tests/fixtures/french-words.txt").read_text().split()]
    path = Path(tempfile.mkdtemp(prefix="tirage-load-")) / "fr.txt"
    path.write_text("\n".join(w for w in words if 2 <= len(w) <= 8) + "\n")
    lexicon = import_word_list(path, name=f"{PREFIX}fr", language="fr", skip_invalid=True).lexicon
    call_command("create_starter_lists", lexicon=lexicon.name, verbosity=0)  # as `make run` does: on the home page
    User = get_user_model()
    total = args.readers + args.answerers + args.players
    users = [User.objects.create_user(f"{PREFIX}{i}", password=None) for i in range(total)]

    def fill_list(user):
        revision_list = services.create_list(user, lexicon, "Load")
        for word, support in WORDS:
            services.add_word(revision_list, word, support)
        return revision_list

    model_grid = grid_services.start_list_grid(users[0], fill_list(users[0]), seed=7)
    model_grid.refresh_from_db()
    if model_grid.status != TrainingGrid.Status.DONE:
        raise SystemExit(f"the model grid was not built: {model_grid.error}")
    model_situations = list(Situation.objects.filter(grid=model_grid).order_by("order"))
    answers_needed = int(args.duration / args.think * 1.5) + 5  # each answer takes a fresh situation
    grids_per_answerer = -(-answers_needed // max(1, len(model_situations)))
    plan = {"lexicon": lexicon.pk, "readers": [], "answerers": [], "players": []}
    game_plan = make_duplicate_game(users[0], lexicon) if args.players else None
    for index, user in enumerate(users):
        if index >= args.readers + args.answerers:  # a duplicate player
            plan["players"].append({"token": Token.objects.create(user=user).key, **game_plan})
            continue
        revision_list = model_grid.revision_list if index == 0 else fill_list(user)
        entries = dict(revision_list.entries.values_list("word", "pk"))
        answering = index >= args.readers
        grid_ids, situations = [], []
        for _copy in range(grids_per_answerer if answering else 1):
            grid = TrainingGrid.objects.create(
                owner=user, lexicon=lexicon, revision_list=revision_list, source=model_grid.source,
                status=TrainingGrid.Status.DONE, seed=model_grid.seed, words=model_grid.words, board=model_grid.board,
                unplaced=model_grid.unplaced, stats=model_grid.stats, finished_at=model_grid.finished_at)
            made = Situation.objects.bulk_create([
                Situation(grid=grid, entry_id=entries.get(s.word), order=s.order, word=s.word, cgp=s.cgp, rack=s.rack,
                          support=s.support, expected=s.expected, top=s.top) for s in model_situations])
            grid_ids.append(grid.pk)
            situations += [(s.pk, s.word) for s in made]
        run = TaskRun.objects.create(kind="core.ping", owner=user, state=TaskRun.State.DONE, progress=100,
                                     result={"pong": True})
        session = SessionStore()
        session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        plan["answerers" if answering else "readers"].append({
            "token": Token.objects.create(user=user).key, "session": session.session_key, "list": revision_list.pk,
            "grid": grid_ids[0], "task": str(run.id), "situations": situations,
        })
    return plan


def make_duplicate_game(owner, lexicon) -> dict:
    """One real game (made inline with its tops), shared by link: every player joins it and plays its tops."""
    from training.duplicate import services as duplicate
    from training.duplicate.models import DuplicateGame

    game = duplicate.start_game(owner, lexicon, seed=2)
    game.refresh_from_db()
    if game.status != DuplicateGame.Status.DONE:
        raise SystemExit(f"the duplicate game was not made: {game.error}")
    duplicate.share(game, owner, DuplicateGame.Visibility.LINK)
    tops = [(r.top["word"], r.top["coord"]) for r in game.rounds.order_by("number")]
    return {"game": game.pk, "share_token": game.share_token, "tops": tops}


def drop_data() -> None:
    """The bench's users (with their lists, grids, games and runs), then its lexicon."""
    from django.contrib.auth import get_user_model

    from lexicon.models import Lexicon
    from training.duplicate.models import DuplicateGame
    from training.models import RevisionList

    DuplicateGame.objects.filter(lexicon__name=f"{PREFIX}fr").delete()
    get_user_model().objects.filter(username__startswith=PREFIX).delete()
    RevisionList.objects.filter(lexicon__name=f"{PREFIX}fr").delete()  # its starter lists (the editor's)
    Lexicon.objects.filter(name=f"{PREFIX}fr").delete()


# --- Servers ---------------------------------------------------------------------------------------------

def start_servers(args: argparse.Namespace, env: dict[str, str], port: int) -> list[subprocess.Popen]:
    venv_bin = Path(sys.executable).parent
    gunicorn = shutil.which("gunicorn", path=str(venv_bin)) or shutil.which("gunicorn")
    if gunicorn is None:
        raise SystemExit("gunicorn is not installed: .venv/bin/pip install -e '.[prod]'")
    log = open(Path(tempfile.gettempdir()) / "tirage-load-servers.log", "w")  # noqa: SIM115 (lives as long as the server)
    servers = [subprocess.Popen(
        [gunicorn, "-c", "config/gunicorn.conf.py", "config.wsgi:application", "--bind", f"{HOST}:{port}",
         "--workers", str(args.gunicorn_workers),
         "--worker-class", "gthread", "--threads", str(args.threads), "--max-requests", "0", "--timeout", "60"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)]
    if env.get("REDIS_URL"):
        servers.append(subprocess.Popen(
            [str(venv_bin / "celery"), "-A", "config", "worker", "--pool=solo", "-l", "WARNING", "-Q", "celery,long",
             f"--hostname=load-{os.getpid()}@%h", "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, _ = request(port, "GET", "/healthz", {})
            if status in (200, 503):
                return servers
        except OSError:
            time.sleep(0.3)
    stop_servers(servers)
    raise SystemExit(f"gunicorn did not answer on {HOST}:{port} within 60 s (log: {log.name})")


def stop_servers(servers: list[subprocess.Popen]) -> None:
    for process in servers:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in servers:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


# --- Load ------------------------------------------------------------------------------------------------

def request(port: int, method: str, path: str, headers: dict[str, str], body: dict | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        if payload is not None:
            headers = {**headers, "Content-Type": "application/json"}
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)

    def timed(self, kind: str, port: int, method: str, path: str, headers: dict, body: dict | None = None,
              ok: tuple[int, ...] = (200,)) -> bytes | None:
        started = time.perf_counter()
        try:
            status, content = request(port, method, path, headers, body)
        except OSError as exc:
            status, content = 0, str(exc).encode()
        elapsed = (time.perf_counter() - started) * 1000
        with self.lock:
            self.latencies[kind].append(elapsed)
            if status not in ok:
                self.errors[kind].append(f"{method} {path} -> {status} {content[:120]!r}")
        return content if status in ok else None


def reader(plan: dict, lexicon: int, port: int, stop_at: float, think: float, rec: Recorder) -> None:
    api = {"Authorization": f"Token {plan['token']}"}
    page = {"Cookie": f"sessionid={plan['session']}"}
    rng = random.Random(plan["token"])
    while time.monotonic() < stop_at:
        choice = rng.randrange(12)
        if choice == 0:
            rec.timed("page: home", port, "GET", "/", page)
        elif choice == 1:
            rec.timed("page: training dashboard", port, "GET", "/training/", page)
        elif choice == 2:
            rec.timed("page: lists", port, "GET", "/training/lists/", page)
        elif choice == 3:
            rec.timed("api: lists", port, "GET", "/api/lists/", api)
        elif choice == 4:
            rec.timed("api: list detail", port, "GET", f"/api/lists/{plan['list']}/", api)
        elif choice == 5:
            rec.timed("api: grid detail", port, "GET", f"/api/grids/{plan['grid']}/", api)
        elif choice == 6:
            rec.timed("api: progress", port, "GET", "/api/progress/", api)
        elif choice == 7:
            rec.timed("api: due reviews", port, "GET", "/api/reviews/due/", api)
        elif choice in (8, 9):
            what, query = rng.choice(LOOKUPS)
            rec.timed(f"api: lookup ({what})", port, "GET", f"/api/lexicons/{lexicon}/{what}/?{query}", api)
        else:
            rec.timed("api: task polling", port, "GET", f"/api/tasks/{plan['task']}/", api)
        time.sleep(think * rng.uniform(0.5, 1.5))


def player(plan: dict, port: int, stop_at: float, think: float, rec: Recorder) -> None:
    """A duplicate player: joins the shared game by its link, then per round reads it, plays the top, validates."""
    api = {"Authorization": f"Token {plan['token']}"}
    rng = random.Random(plan["token"])
    base = f"/api/duplicate/games/{plan['game']}/rounds/current"
    rec.timed("api: duplicate join", port, "POST", f"/api/duplicate/join/{plan['share_token']}/", api, {},
              ok=(200, 201))
    for word, coord in plan["tops"]:
        if time.monotonic() >= stop_at:
            return
        rec.timed("api: duplicate round", port, "GET", f"{base}/", api)
        time.sleep(think * rng.uniform(0.5, 1.5))
        rec.timed("api: duplicate play", port, "POST", f"{base}/play/", api, {"word": word, "coord": coord})
        time.sleep(think * rng.uniform(0.5, 1.5))
        rec.timed("api: duplicate validate", port, "POST", f"{base}/validate/", api, {})
        time.sleep(think * rng.uniform(0.5, 1.5))


def answerer(plan: dict, port: int, stop_at: float, think: float, rec: Recorder) -> None:
    api = {"Authorization": f"Token {plan['token']}"}
    rng = random.Random(plan["token"])
    situations = list(plan["situations"])
    while time.monotonic() < stop_at and situations:
        situation, word = situations.pop(0)
        rec.timed("api: situation", port, "GET", f"/api/situations/{situation}/", api)
        time.sleep(think * rng.uniform(0.5, 1.5))
        answer = word if rng.random() < 0.7 else "ZZZ"
        rec.timed("api: answer", port, "POST", f"/api/situations/{situation}/answer/", api, {"word": answer},
                  ok=(200, 400))  # 400: a word that is not a legal play, answered in words
        time.sleep(think * rng.uniform(0.5, 1.5))
    if not situations and time.monotonic() < stop_at:
        with rec.lock:
            rec.errors["api: answer"].append("ran out of situations before the end (raise the grids per answerer)")


def warm_up(plan: dict, port: int) -> None:
    """Not measured: every request kind a few times, so each gunicorn process has loaded the compiled lexicon
    (memory-mapped once per process, seconds on a busy machine) and compiled its templates, as a server
    that has been up for a while has."""
    first = plan["readers"][0]
    lexicon = plan["lexicon"]
    api = {"Authorization": f"Token {first['token']}"}
    page = {"Cookie": f"sessionid={first['session']}"}
    paths = [("/", page), ("/training/", page), ("/training/lists/", page), ("/api/lists/", api),
             (f"/api/grids/{first['grid']}/", api), ("/api/progress/", api), ("/api/reviews/due/", api)]
    paths += [(f"/api/lexicons/{lexicon}/{what}/?{query}", api) for what, query in LOOKUPS]
    pool = [threading.Thread(target=lambda: [request(port, "GET", path, headers) for path, headers in paths])
            for _ in range(8)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()


def process_tree_cpu(root: int) -> float:
    """CPU seconds (user + system) used so far by ``root`` and its children (Linux /proc; 0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    pids, total = [root], 0.0
    try:
        children = Path(f"/proc/{root}/task/{root}/children").read_text().split()
        pids += [int(child) for child in children]
    except OSError:
        return 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            continue
    return total


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def report(rec: Recorder, seconds: float, server_cpu: float = 0.0) -> bool:
    rows = sorted(rec.latencies.items())
    everything = [v for _kind, values in rows for v in values]
    print(f"\n{'request':32} {'count':>6} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind, values in rows + [("ALL", everything)]:
        errors = sum(len(e) for e in rec.errors.values()) if kind == "ALL" else len(rec.errors.get(kind, []))
        print(f"{kind:32} {len(values):6d} {errors:6d} {statistics.median(values):8.1f} "
              f"{percentile(values, 0.95):8.1f} {max(values):8.1f}")
    print(f"\n{len(everything)} requests in {seconds:.0f} s ({len(everything) / seconds:.1f}/s)")
    for kind, errors in rec.errors.items():
        for line in errors[:3]:
            print(f"  error ({kind}): {line}")
    if server_cpu:
        print(f"server CPU (gunicorn, /proc): {server_cpu:.1f} s, {1000 * server_cpu / max(1, len(everything)):.1f} ms "
              "per request")
    p95 = percentile(everything, 0.95)
    ok = p95 <= 100 and not any(rec.errors.values())
    load = os.getloadavg()
    print(f"target p95 <= 100 ms and 0 errors: {'met' if ok else 'NOT met'} (p95 {p95:.1f} ms; load average "
          f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f} on {os.cpu_count()} CPUs: wall times need a quiet machine)")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, help="readers and duplicate players in the default 5:1 mix "
                                                   "(60 = 50 + 10); overrides --readers and --players")
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--players", type=int, default=10, help="duplicate players sharing one game")
    parser.add_argument("--answerers", type=int, default=0, help="users answering training grid situations")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load (at most 300)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a user waits between requests")
    parser.add_argument("--gunicorn-workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker (gthread)")
    parser.add_argument("--conn-max-age", type=int, default=60, help="DB_CONN_MAX_AGE for the server")
    args = parser.parse_args()
    if args.users is not None:
        args.players = args.users // 6
        args.readers = args.users - args.players
    users = args.readers + args.answerers + args.players
    if not (args.readers >= 1 and users <= 200 and 1 <= args.duration <= 300 and args.think >= 0.05):
        parser.error("at least 1 reader, at most 200 users and 300 s, think time at least 0.05 s")

    var_dir = tempfile.mkdtemp(prefix="tirage-load-var-")
    embedded = not os.environ.get("DATABASE_URL")
    env = server_environment(args, var_dir)
    os.environ.update(env)
    os.environ["TASKS_MODE"] = "sync"
    print(f"set-up: {'embedded SQLite in ' + var_dir if embedded else 'DATABASE_URL'}"
          f"{', REDIS_URL and a Celery worker' if env.get('REDIS_URL') else ', in-process tasks'}")
    started = time.monotonic()
    plan = make_data(args)
    print(f"data: {args.readers + args.answerers + args.players} users, grids and runs made in {time.monotonic() - started:.0f} s")
    port = free_port()
    servers = start_servers(args, env, port)
    rec = Recorder()
    try:
        print(f"gunicorn on {HOST}:{port}: {args.gunicorn_workers} workers x {args.threads} threads (gthread); "
              f"{os.cpu_count()} CPUs; load average before: {os.getloadavg()[0]:.2f}")
        warm_up(plan, port)
        stop_at = time.monotonic() + args.duration
        threads = [threading.Thread(target=reader, args=(p, plan["lexicon"], port, stop_at, args.think, rec))
                   for p in plan["readers"]]
        threads += [threading.Thread(target=answerer, args=(p, port, stop_at, args.think, rec))
                    for p in plan["answerers"]]
        threads += [threading.Thread(target=player, args=(p, port, stop_at, args.think, rec))
                    for p in plan["players"]]
        cpu_before = process_tree_cpu(servers[0].pid)
        load_started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - load_started
        server_cpu = process_tree_cpu(servers[0].pid) - cpu_before
        print(f"load average after: {os.getloadavg()[0]:.2f} (1 min), {os.getloadavg()[1]:.2f} (5 min)")
    finally:
        stop_servers(servers)
        if not embedded:
            try:
                drop_data()
            except Exception as exc:  # the figures still print; say what was left
                print(f"warning: the bench's data was not all deleted: {exc}")
        shutil.rmtree(var_dir, ignore_errors=True)
    return 0 if report(rec, elapsed, server_cpu) else 1


if __name__ == "__main__":
    sys.exit(main())
