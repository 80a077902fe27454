"""Duplicate benchmark: making whole games with their tops, and checking one play through the REST API.

1. **Making a game** (``engine.duplicate.make_game``, what the background task runs): for each seed, every
   draw and the exact top of every round with the next 10 plays, on the French lexicon. Prints per variant:
   games, rounds per game, median / p95 / max seconds per game. Target: a whole French game <= 5 s.
2. **Checking a play through the API**: ``POST /api/duplicate/games/{id}/rounds/current/play/`` with the
   Django test client on a throw-away SQLite database (same code path as a real request: authentication,
   serializer, engine validation, the play written to the database). Each round of a made game is played with
   its sub-tops (legal plays) and a few illegal ones (a word outside the lexicon, a bad coordinate), then
   validated. Prints median / p95 / max milliseconds per play. Target: p95 <= 50 ms.
3. **Importing a game record** (``engine.duplicate.records``: read the file, replay every round on the board,
   Tirage's top and next 10 plays of every round with the lexicon, the differences): games made from seeds
   are written in each format (Eliot's plain text and XML, GCG), then imported. Prints per format: games,
   rounds, median / max wall and CPU seconds per import. Target: a 25-round game <= 1 s.

    .venv/bin/python bench/duplicate.py [--games 5] [--seed 1] [--lexicon WORDLIST] [--api-games 2] [--imports 5]

The French word list is the one ``make run`` imports (``bench/french_list.py``: the Hunspell French
dictionary expanded, else wfrench) when the machine has it, else the shipped test fixture (words of 2 to 8
letters). Game times are wall-clock (``time.perf_counter``); play
checks print wall-clock and CPU time of the process (``time.process_time``: the test client runs the whole
request in this process, database included), because on a shared machine wall time measures the neighbours
as much as the request. The move generator is whatever ``engine.scrabble.movegen`` uses (the
compiled core when built, pure Python with ``TIRAGE_PURE_PYTHON=1``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from french_list import default_french_list  # noqa: E402

from engine.duplicate import CLASSIC, JOKER, make_game  # noqa: E402
from engine.gaddag import LexiconFormatError, build_gaddag, load_gaddag  # noqa: E402
from engine.wordlist import read_word_list  # noqa: E402

FIXTURE_LIST = ROOT / "tests" / "fixtures" / "french-words.txt"


def word_list(path: str | None) -> Path:
    if path:
        return Path(path)
    try:
        return Path(default_french_list())
    except SystemExit:  # neither the Hunspell dictionary nor wfrench on this machine
        return FIXTURE_LIST


def french_gaddag(path: Path):
    words = read_word_list(path, "fr", skip_invalid=True)
    cache = Path(tempfile.gettempdir()) / f"tirage-bench-fr-{words.content_hash[:16]}.gaddag"
    if cache.exists():
        try:
            return load_gaddag(cache), words
        except LexiconFormatError:
            pass
    gaddag = build_gaddag(words.words, "fr")
    gaddag.save(cache)
    return gaddag, words


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_making(gaddag, games: int, seed: int) -> None:
    print(f"{'variant':<8} {'games':>5} {'rounds':>7} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for variant in (CLASSIC, JOKER):
        times, rounds = [], []
        for k in range(games):
            start = time.perf_counter()
            game = make_game(gaddag, seed + k, variant)
            times.append(time.perf_counter() - start)
            rounds.append(len(game.rounds))
        print(f"{variant:<8} {games:>5} {statistics.mean(rounds):>7.1f} {statistics.median(times):>9.2f} "
              f"{pct(times, .95):>7.2f} {max(times):>7.2f}")


def bench_api(path: Path, games: int, seed: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    os.environ.pop("DATABASE_URL", None)  # a throw-away SQLite database, whatever the shell says
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from lexicon.services import import_word_list
    from training.duplicate import services

    lexicon = import_word_list(path, name="bench-fr", language="fr", skip_invalid=True).lexicon
    user = get_user_model().objects.create_user("bench", password="bench-pass-123")
    client = APIClient()
    client.force_authenticate(user)
    timings: list[float] = []
    cpu: list[float] = []
    legal = illegal = 0
    for k in range(games):
        game = services.start_game(user, lexicon, seed=seed + k, timer_seconds=None)
        base = f"/api/duplicate/games/{game.pk}/rounds/current/"
        client.get(base + "../../")  # warm the per-process GADDAG cache before timing
        for rnd in game.rounds.all():
            client.get(base)
            plays = [(m["word"], m["coord"]) for m in [rnd.top, *rnd.subtops]]
            plays += [("ZZZQX", rnd.top["coord"]), (rnd.top["word"], "P99")]
            for word, coord in plays:
                start, start_cpu = time.perf_counter(), time.process_time()
                response = client.post(base + "play/", {"word": word, "coord": coord}, format="json")
                timings.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
                if response.status_code == 200:
                    legal += 1
                elif response.status_code == 400:
                    illegal += 1
                else:
                    raise SystemExit(f"unexpected {response.status_code}: {response.content[:200]!r}")
            client.post(base + "validate/", {}, format="json")
    print(f"{'clock':<6} {'plays':>6} {'legal':>6} {'refused':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name, values in (("wall", timings), ("cpu", cpu)):
        print(f"{name:<6} {len(values):>6} {legal:>6} {illegal:>8} {statistics.median(values):>10.1f} "
              f"{pct(values, .95):>8.1f} {max(values):>8.1f}")


def bench_import(gaddag, games: int, seed: int) -> None:
    from engine.duplicate.records import FORMATS, import_record, read_record, record_from_game, write_record

    made = [make_game(gaddag, seed + k, CLASSIC, subtops=0) for k in range(games)]
    print(f"{'format':<10} {'games':>5} {'rounds':>7} {'median s':>9} {'max s':>7} {'median CPU s':>13} {'max CPU s':>10}")
    for fmt in FORMATS:
        walls, cpus, rounds = [], [], []
        for game in made:
            text = write_record(record_from_game(game), fmt)
            wall, cpu = time.perf_counter(), time.process_time()
            result = import_record(read_record(text, fmt), gaddag)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            rounds.append(len(result.game.rounds))
        print(f"{fmt:<10} {len(made):>5} {statistics.mean(rounds):>7.1f} {statistics.median(walls):>9.3f} "
              f"{max(walls):>7.3f} {statistics.median(cpus):>13.3f} {max(cpus):>10.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games made per variant (default 5; 0 = skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lexicon", help="a French word list (default: the one make run imports, else the test fixture)")
    parser.add_argument("--api-games", type=int, default=2, help="games played through the API (0 = skip)")
    parser.add_argument("--imports", type=int, default=5, help="games imported per record format (0 = skip)")
    args = parser.parse_args()
    path = word_list(args.lexicon)
    start = time.perf_counter()
    gaddag, words = french_gaddag(path)
    from engine.scrabble import movegen

    core = movegen.implementation()
    why = movegen.unavailable_reason()
    print(f"lexicon: {path} ({len(words.words)} words), loaded in {time.perf_counter() - start:.1f} s; "
          f"move generator: {core}{f' ({why})' if why else ''}")
    if args.games:
        print("\n== making whole games (draws, tops, next 10 plays) ==")
        bench_making(gaddag, args.games, args.seed)
    if args.api_games:
        print("\n== checking one play through the API (POST .../rounds/current/play/) ==")
        bench_api(path, args.api_games, args.seed)
    if args.imports:
        print("\n== importing a game record (read, replay every round, Tirage's tops and next 10 plays) ==")
        bench_import(gaddag, args.imports, args.seed)


if __name__ == "__main__":
    main()
