"""Coach benchmark: tagging a game's tops, the diagnosis page over 500 games, and a puzzle bank per kind of top.

What it measures, against the coach's three targets (``docs/coach.md``):

1. **Tagging a game** (target: a 22-round game <= 20 ms, in process): duplicate games made with
   ``engine.duplicate.make_game`` on the French test fixture (``tests/fixtures/french-words.txt``, words of
   2 to 8 letters), then ``top_tags(round.cgp, round.top.to_json("fr"), "fr")`` over every round of a game,
   as a stored round is tagged: the median of ``--tag-repeat`` repetitions per game, then the median and
   the worst game of ``--tag-games`` games; p95 over every repetition of every game.
2. **The coach page for a player with 500 finished games** (target: <= 100 ms of server time): one user
   with ``--games`` finished duplicate games made by the engine (one real game per seed, 22 rounds or so,
   stored as the duplicate task stores them: rounds with their top, sub-tops and kinds through
   ``training.duplicate.services.top_fields``; a player row finished, with its totals; one validated play
   per round: the top, one of the next plays or nothing, as a learner who finds ``--found-share`` of the
   tops). Then, ``--requests`` times each: ``training.coach.selectors.diagnosis(user, 500)`` alone,
   ``GET /training/coach/?games=500`` (the page, a logged-in session) and ``GET /api/coach/?games=500``
   (a token) through Django's test client: server time = the client call in this process (middleware,
   view, queries, template or JSON). Median and p95 of wall time, median CPU time, SQL queries. The same
   with 20 games (the page's default and the dashboard's block) for reference.
3. **A bank of 50 positions per kind of top** (target: <= 60 s per kind): ``bank_positions(gaddag, tag, 50,
   seed=1, max_games=400)`` for every tag of ``engine.coach.TAGS`` on the fixture (games played counted
   through its ``progress`` callback, called once per game), then the task's whole body,
   ``training.coach.services.build_bank`` (lexicon loaded, games played, progress written to its task run,
   puzzles stored) for ``--bank-task-tag`` through a ``PuzzleBank`` row.

``--lexicon-file PATH`` (or ``default``: the French list ``make run`` imports, ``bench/french_list.py``)
runs parts 1 and 3 on that list as well, and the task body of part 3 on it too.

The database: part 2 and the task body run with the production settings (DEBUG off, the hashed static
files) on a database of their own that the bench drops at the end: a SQLite file in a temporary folder
(with the lexicon's stored and compiled files), or with ``--database-url postgres://...`` a ``test_NAME``
database Django creates beside NAME on that server and drops (NAME itself is never written). Nothing is
left behind in any database the bench did not create.

    .venv/bin/python bench/coach.py [--games 500] [--requests 30] [--tag-games 10] [--lexicon-file default]
        [--database-url postgres://postgres@127.0.0.1:5432/tirage] [--parts tags,page,bank] [--profile]

``--profile`` then prints cProfile's top functions of the coach page (own CPU time first).

Wall-clock figures include whatever else the machine runs (the load average is printed at the start and
the end); the CPU columns (``time.process_time``: the test client runs the whole request, database driver
included, in this process; PostgreSQL's own work is not in it) less so. The move generator and the CGP
reader are the compiled ones when built (``TIRAGE_PURE_PYTHON=1`` forces the Python twins).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

from engine.coach import TAGS, bank_positions, top_tags  # noqa: E402
from engine.duplicate import CLASSIC, make_game  # noqa: E402
from engine.gaddag import build_gaddag  # noqa: E402
from engine.scrabble import movegen  # noqa: E402
from engine.wordlist import read_word_list  # noqa: E402

FIXTURE_LIST = ROOT / "tests" / "fixtures" / "french-words.txt"
HOST = "127.0.0.1"
TAG_TARGET_MS = 20.0
PAGE_TARGET_MS = 100.0
BANK_TARGET_S = 60.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def load_average(when: str) -> None:
    one, five, fifteen = os.getloadavg()
    print(f"load average {when}: {one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min) on {os.cpu_count()} cores")


# --- Lexicons ------------------------------------------------------------------------------------------------

class WordList:
    """A French word list: its words of 2 to 15 letters as read, its file, its GADDAG."""

    def __init__(self, label: str, path: Path, words: list[str]) -> None:
        self.label, self.path, self.words = label, path, words
        started = time.perf_counter()
        self.gaddag = build_gaddag(words, "fr")
        self.build_seconds = time.perf_counter() - started


def fixture_list() -> WordList:
    """The fixture's words of 2 to 8 letters (``tests.support.french_dict_words(8)``: what the engine tests use)."""
    from tests.support import french_dict_words

    return WordList("fixture", FIXTURE_LIST, french_dict_words(8))


def file_list(path: str) -> WordList:
    if path == "default":
        from french_list import default_french_list

        path = default_french_list()
    words = read_word_list(path, "fr", skip_invalid=True).words
    return WordList(Path(path).name[:28], Path(path), list(words))


# --- 1. Tagging a game ---------------------------------------------------------------------------------------

def bench_tags(lists: list[WordList], games: int, repeat: int, seed: int) -> None:
    print(f"\n== 1. tagging a game's tops: top_tags over every round (target <= {TAG_TARGET_MS:.0f} ms a game) ==")
    print(f"{'lexicon':<28} {'games':>5} {'rounds':>6} {'median ms':>9} {'p95 ms':>7} {'worst ms':>8} "
          f"{'CPU ms':>7} {'target':>7}  verdict")
    for word_list in lists:
        medians: list[float] = []
        every: list[float] = []
        cpus: list[float] = []
        rounds: list[int] = []
        for k in range(games):
            made = make_game(word_list.gaddag, seed + k, CLASSIC, subtops=0)
            stored = [(r.cgp, r.top.to_json("fr")) for r in made.rounds]
            rounds.append(len(stored))
            for cgp, top in stored:  # warm: the first call imports nothing later
                top_tags(cgp, top, "fr")
            walls = []
            cpu = time.process_time()
            for _ in range(repeat):
                start = time.perf_counter()
                for cgp, top in stored:
                    top_tags(cgp, top, "fr")
                walls.append((time.perf_counter() - start) * 1000)
            cpus.append((time.process_time() - cpu) * 1000 / repeat)
            medians.append(statistics.median(walls))
            every += walls
        worst = max(medians)
        print(f"{word_list.label:<28} {games:>5} {statistics.mean(rounds):>6.1f} {statistics.median(medians):>9.3f} "
              f"{pct(every, .95):>7.3f} {worst:>8.3f} {statistics.median(cpus):>7.3f} {TAG_TARGET_MS:>7.0f}  "
              f"{verdict(worst, TAG_TARGET_MS)}")


# --- 3. Banks (the engine part) ------------------------------------------------------------------------------

def bench_banks(lists: list[WordList], tags: list[str], count: int, max_games: int, seed: int) -> None:
    print(f"\n== 3. a bank of {count} positions per kind: bank_positions(..., seed={seed}, max_games={max_games}) "
          f"(target <= {BANK_TARGET_S:.0f} s) ==")
    print(f"{'lexicon':<28} {'kind':<9} {'found':>5} {'games':>5} {'wall s':>7} {'CPU s':>7} {'target':>7}  verdict")
    for word_list in lists:
        for tag in tags:
            played: list[float] = []
            wall, cpu = time.perf_counter(), time.process_time()
            found = bank_positions(word_list.gaddag, tag, count, seed=seed, max_games=max_games,
                                   progress=played.append)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            short = "" if len(found) == count else f" (only {len(found)} of {count} in {max_games} games)"
            print(f"{word_list.label:<28} {tag:<9} {len(found):>5} {len(played):>5} {wall:>7.2f} {cpu:>7.2f} "
                  f"{BANK_TARGET_S:>7.0f}  {verdict(wall, BANK_TARGET_S)}{short}")


# --- The database: production settings on a database of the bench's own ---------------------------------------

class Database:
    """Django set up with the production settings on a database made for this run, dropped by :meth:`drop`."""

    def __init__(self, database_url: str | None) -> None:
        import load  # bench/load.py: the production settings on plain HTTP loopback, as bench/pages.py uses them

        self.var_dir = tempfile.mkdtemp(prefix="tirage-coach-")
        os.environ.pop("REDIS_URL", None)  # the cache in this process's memory, tasks inline
        os.environ.pop("DATABASE_URL", None)
        if database_url:
            os.environ["DATABASE_URL"] = database_url
        os.environ.update(load.server_environment(argparse.Namespace(conn_max_age=60), self.var_dir))
        os.environ["TASKS_MODE"] = "sync"
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        self.connection = connection
        if connection.vendor == "sqlite":  # a file (WAL, as the embedded site runs), not an in-memory database
            connection.settings_dict.setdefault("TEST", {})["NAME"] = str(Path(self.var_dir) / "coach.sqlite3")
        self.kept_name = connection.settings_dict["NAME"]
        self.name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG off serves the hashed files

    def drop(self) -> None:
        self.connection.creation.destroy_test_db(self.kept_name, verbosity=0)
        shutil.rmtree(self.var_dir, ignore_errors=True)


def import_lexicon(word_list: WordList, name: str, folder: Path) -> Any:
    from lexicon.services import import_word_list

    path = folder / f"{name}.txt"
    path.write_text("".join(f"{w}\n" for w in word_list.words), encoding="utf-8")
    return import_word_list(path, name=name, language="fr", skip_invalid=True).lexicon


# --- 2. The coach page over 500 games ------------------------------------------------------------------------

def make_player(user: Any, lexicon: Any, gaddag: Any, games: int, seed: int, found_share: float) -> dict[str, int]:
    """``games`` finished games of ``user``, each a real game made by the engine, stored as the duplicate task
    and a player validating every round would store them."""
    from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer, DuplicateRound
    from training.duplicate.selectors import current_version_number
    from training.duplicate.services import top_fields

    rng = random.Random(seed)
    made = [make_game(gaddag, seed + k, CLASSIC, lexicon_name=lexicon.name) for k in range(games)]
    start = dt.datetime.now(dt.UTC) - dt.timedelta(days=games)
    version = current_version_number(lexicon)
    game_rows = DuplicateGame.objects.bulk_create([
        DuplicateGame(owner=user, lexicon=lexicon, seed=game.seed, variant=DuplicateGame.Variant.CLASSIC,
                      timer_seconds=None, lexicon_version=version, status=DuplicateGame.Status.DONE,
                      finished_at=start + dt.timedelta(days=k), round_count=len(game.rounds), top_total=game.total,
                      end_reason=game.end_reason)
        for k, game in enumerate(made)])
    rounds: list[Any] = []
    for row, game in zip(game_rows, made, strict=True):
        for r in game.rounds:
            top = r.top.to_json("fr")
            rounds.append(DuplicateRound(game=row, number=r.number, rack=r.rack, kept=r.kept, cgp=r.cgp, top=top,
                                         subtops=[m.to_json("fr") for m in r.subtops], board_after=r.board_after,
                                         rejected=r.rejected, **top_fields(r.cgp, top, "fr")))
    rounds = DuplicateRound.objects.bulk_create(rounds, batch_size=500)
    by_game: dict[int, list[Any]] = {}
    for r in rounds:
        by_game.setdefault(r.game_id, []).append(r)
    players: list[Any] = []
    plays: list[tuple[int, Any]] = []  # (index of the player, play)
    for k, row in enumerate(game_rows):
        finished = start + dt.timedelta(days=k, hours=1)
        total = top_total = found = 0
        game_rounds = by_game[row.pk]
        for r in game_rounds:
            draw = rng.random()
            if draw < found_share:
                move = r.top
            elif r.subtops and draw < 0.95:
                move = rng.choice(r.subtops)
            else:
                move = None
            score = int(move["score"]) if move else 0
            total, top_total = total + score, top_total + r.top_score
            found += move is not None and score >= r.top_score
            when = finished - dt.timedelta(minutes=2 * (len(game_rounds) - r.number))
            plays.append((k, DuplicatePlay(number=r.number, round=r, word=move["word"] if move else "",
                                           coord=move["coord"] if move else "", move=move, score=score,
                                           played_at=when if move else None, validated_at=when,
                                           top_word=r.top_word, top_score=r.top_score, top_tags=r.tags)))
        players.append(DuplicatePlayer(game=row, user=user, current_round=len(game_rounds), total=total,
                                       top_total=top_total, tops_found=found, finished_at=finished))
    players = DuplicatePlayer.objects.bulk_create(players)
    for k, play in plays:
        play.player = players[k]
    DuplicatePlay.objects.bulk_create([play for _k, play in plays], batch_size=500)
    return {"games": len(game_rows), "rounds": len(rounds), "plays": len(plays)}


def timed_calls(label: str, call: Callable[[], Any], requests: int) -> tuple[str, int, int, list[float], list[float]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call()  # warm: templates compiled, translations read, the query plan cached
    walls, cpus = [], []
    status = 0
    for _ in range(requests):
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            result = call()
            cpus.append((time.process_time() - cpu) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
        status = getattr(result, "status_code", 0)
    return label, status, len(queries), walls, cpus


def bench_page(fixture: WordList, lexicon: Any, games: int, requests: int, seed: int, found_share: float,
               profile: bool = False, explain: bool = False) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from training.coach import selectors

    print(f"\n== 2. the coach over {games} finished games (target <= {PAGE_TARGET_MS:.0f} ms server time) ==")
    user = get_user_model().objects.create_user("bench-coach", password=None)
    wall, cpu = time.perf_counter(), time.process_time()
    made = make_player(user, lexicon, fixture.gaddag, games, seed, found_share)
    print(f"set-up: {made['games']} games made by the engine and stored, {made['rounds']} rounds, {made['plays']} "
          f"validated plays ({time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU)")
    found = selectors.diagnosis(user, games)
    print(f"diagnosis: {found.games} games, {found.rounds} rounds, {found.found} tops found "
          f"({100 * found.found / max(found.rounds, 1):.0f} %), {found.lost} points lost, "
          f"{len(found.missed_words)} missed words listed")
    page = Client(HTTP_HOST=HOST)
    page.force_login(user)
    api = Client(HTTP_HOST=HOST, HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    rows = []
    counts = [(games, PAGE_TARGET_MS)] + ([(selectors.DEFAULT_GAMES, None)] if games > selectors.DEFAULT_GAMES else [])
    for count, target in counts:
        rows += [(target, *timed_calls(f"diagnosis(user, {count})", lambda n=count: selectors.diagnosis(user, n),
                                       requests)),
                 (target, *timed_calls(f"GET /training/coach/?games={count}",
                                       lambda n=count: page.get(f"/training/coach/?games={n}"), requests)),
                 (target, *timed_calls(f"GET /api/coach/?games={count}",
                                       lambda n=count: api.get(f"/api/coach/?games={n}"), requests))]
    print(f"{'call (' + str(requests) + ' times)':<34} {'status':>6} {'queries':>7} {'median ms':>9} {'p95 ms':>7} "
          f"{'CPU ms':>7} {'target':>7}  verdict")
    for target, label, status, queries, walls, cpus in rows:
        p95 = pct(walls, .95)
        judged = f"{target:>7.0f}  {verdict(p95, target)}" if target else f"{'-':>7}  (reference)"
        print(f"{label:<34} {status or '-':>6} {queries:>7} {statistics.median(walls):>9.1f} {p95:>7.1f} "
              f"{statistics.median(cpus):>7.1f} {judged}")
    if profile:
        profile_page(page, f"/training/coach/?games={games}", requests)
    if explain:
        explain_diagnosis(user, games)


def explain_diagnosis(user: Any, games: int) -> None:
    """The database's plan of each query of the diagnosis (PostgreSQL: EXPLAIN ANALYZE, BUFFERS)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from training.coach import selectors

    with CaptureQueriesContext(connection) as queries:
        selectors.diagnosis(user, games)
    prefix = "EXPLAIN (ANALYZE, BUFFERS) " if connection.vendor == "postgresql" else "EXPLAIN QUERY PLAN "
    with connection.cursor() as cursor:
        for number, query in enumerate(queries.captured_queries, 1):
            cursor.execute(prefix + query["sql"])
            print(f"\n-- query {number} ({query['time']} s): {query['sql'][:160]}...")
            for row in cursor.fetchall():
                print("   ", " | ".join(str(cell) for cell in row))


def profile_page(client: Any, path: str, requests: int) -> None:
    """cProfile's top functions of the page (CPU time, own time first: where the request's CPU goes)."""
    import cProfile
    import pstats

    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for _ in range(requests):
        client.get(path)
    profiler.disable()
    print(f"\nprofile of GET {path}, {requests} requests (profiled: slower than above), own time first")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


# --- 3. The bank's task body ---------------------------------------------------------------------------------

def bench_bank_task(lexicons: list[tuple[str, Any]], tag: str) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from core.models import TaskRun
    from core.progress import Progress
    from lexicon.selectors import gaddag_of_version
    from training.coach import services
    from training.coach.models import PuzzleBank

    class CountingProgress(Progress):
        def __init__(self, task_run_id: Any) -> None:
            super().__init__(task_run_id)
            self.reports = 0

        def report(self, percent: float, message: str = "") -> None:
            self.reports += 1
            super().report(percent, message)

    print(f"\n== 3b. the bank's task body: services.build_bank for {tag!r} ({services.BANK_SIZE} positions, at most "
          f"{services.BANK_MAX_GAMES} games; target <= {BANK_TARGET_S:.0f} s) ==")
    print(f"{'lexicon':<28} {'load s':>6} {'stored':>6} {'games':>5} {'queries':>7} {'wall s':>7} {'CPU s':>7} "
          f"{'target':>7}  verdict")
    for label, lexicon in lexicons:
        # The compiled lexicon is loaded once per process (the import compiled it): timed apart.
        wall = time.perf_counter()
        gaddag_of_version(lexicon.content_hash, lexicon.language, words_file=lexicon.words_file.name)
        load_s = time.perf_counter() - wall
        run = TaskRun.objects.create(kind="coach.build_bank", state=TaskRun.State.RUNNING)
        bank = PuzzleBank.objects.create(lexicon=lexicon, content_hash=lexicon.content_hash, tag=tag, seed=1,
                                         task_run=run)
        progress = CountingProgress(run.pk)
        with CaptureQueriesContext(connection) as queries:
            wall, cpu = time.perf_counter(), time.process_time()
            result = services.build_bank(bank.pk, progress)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        bank.refresh_from_db()
        games = progress.reports - 2  # "Loading the lexicon", "Playing games": then one report a game
        state = "" if bank.status == PuzzleBank.Status.DONE else f" ({bank.status}: {bank.error})"
        print(f"{label:<28} {load_s:>6.2f} {result.get('puzzles', 0):>6} {games:>5} {len(queries):>7} {wall:>7.2f} "
              f"{cpu:>7.2f} {BANK_TARGET_S:>7.0f}  {verdict(wall, BANK_TARGET_S)}{state}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parts", default="tags,page,bank", help="which parts to run (default tags,page,bank)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tag-games", type=int, default=10, help="games tagged (default 10)")
    parser.add_argument("--tag-repeat", type=int, default=200, help="repetitions per game (default 200)")
    parser.add_argument("--games", type=int, default=500, help="finished games of the player (default 500)")
    parser.add_argument("--requests", type=int, default=30, help="timed calls per request (default 30)")
    parser.add_argument("--found-share", type=float, default=0.4,
                        help="share of the rounds where the player plays the top (default 0.4)")
    parser.add_argument("--bank-count", type=int, default=50, help="positions per bank (default 50)")
    parser.add_argument("--bank-max-games", type=int, default=400, help="games per bank at most (default 400)")
    parser.add_argument("--bank-tags", default=",".join(TAGS), help="kinds of tops (default: every one)")
    parser.add_argument("--bank-task-tag", default="rallonge",
                        help="kind whose bank the task body builds (default rallonge, the rarest; '' to skip)")
    parser.add_argument("--lexicon-file", "--wordlist", dest="lexicon_file", help="a French word list run as well (parts 1 and 3); 'default': the one "
                                               "make run imports")
    parser.add_argument("--database-url", help="a PostgreSQL server: the bench makes test_NAME there and drops it "
                                               "(default: a SQLite file in a temporary folder)")
    parser.add_argument("--profile", action="store_true",
                        help="then print cProfile's top functions of the coach page over --games games")
    parser.add_argument("--explain", action="store_true",
                        help="then print the database's plan of each query of the diagnosis")
    args = parser.parse_args()
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    tags = [t.strip() for t in args.bank_tags.split(",") if t.strip()]
    unknown = parts - {"tags", "page", "bank"} or set(tags) - set(TAGS)
    if unknown:
        raise SystemExit(f"unknown part or kind: {', '.join(sorted(unknown))}")

    load_average("at the start")
    why = movegen.unavailable_reason()
    print(f"move generator and CGP reader: {movegen.implementation()}{f' ({why})' if why else ''}")
    lists = [fixture_list()]
    if args.lexicon_file:
        lists.append(file_list(args.lexicon_file))
    for word_list in lists:
        print(f"lexicon {word_list.label}: {word_list.path} ({len(word_list.words):,} words), GADDAG built in "
              f"{word_list.build_seconds:.2f} s")
    if "tags" in parts:
        bench_tags(lists, args.tag_games, args.tag_repeat, args.seed)
    if "bank" in parts:
        bench_banks(lists, tags, args.bank_count, args.bank_max_games, args.seed)
    if "page" in parts or ("bank" in parts and args.bank_task_tag):
        database = Database(args.database_url)
        try:
            print(f"\ndatabase: {database.connection.vendor} {database.name} (made for this run, dropped at the end)")
            folder = Path(database.var_dir)
            fixture_lexicon = import_lexicon(lists[0], "bench-coach-fr8", folder)
            if "page" in parts:
                bench_page(lists[0], fixture_lexicon, args.games, args.requests, args.seed, args.found_share,
                           args.profile, args.explain)
            if "bank" in parts and args.bank_task_tag:
                lexicons = [(lists[0].label, fixture_lexicon)]
                if len(lists) > 1:
                    lexicons.append((lists[1].label, import_lexicon(lists[1], "bench-coach-fr", folder)))
                bench_bank_task(lexicons, args.bank_task_tag)
        finally:
            database.drop()
        print(f"database {database.name} dropped, {database.var_dir} removed")
    load_average("at the end")


if __name__ == "__main__":
    main()
