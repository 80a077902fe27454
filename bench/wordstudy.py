"""Word-study benchmark: ranking a lexicon's alphagrams by probability, and starting 50-question quizzes.

Run (from the repository root):

    .venv/bin/python bench/wordstudy.py                                  # wfrench (apt-get install -y wfrench)
    .venv/bin/python bench/wordstudy.py --wordlist /path/to/words.txt --language fr --quizzes 20

What it measures, on the list read with ``engine.wordlist.read_word_list(..., skip_invalid=True)``:

* ``rank_alphagrams`` alone (the engine: one pass over the compiled lexicon's words, then the sort)
  for lengths 2-9 (the target: <= 30 s for a French lexicon) and 2-15 (what the app stores);
* the alphagram index (``engine.wordstudy.AlphagramIndex``, behind blank anagrams and 7+1): build
  time and the memory it holds (``tracemalloc``), once per lexicon version and process;
* the whole rank task as the app runs it (``training.wordstudy.ranking.ensure_ranking`` in ``sync``
  task mode: ranking plus storing every row in a throw-away SQLite test database);
* ``services.create_quiz`` for 50-question quizzes of each kind, at random rank ranges of 7- and
  8-letter alphagrams (target: <= 300 ms), through the ORM like a request, median and worst; then the
  kinds that read the index (one and two blanks, 7+1) for every length 2-15 (``--per-length``
  quizzes each, 0 to skip). The first quiz of the process that needs the index builds it: that one
  is timed apart.

Wall-clock figures: on a busy shared machine they include the other processes' load.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordlist", default=None, help="word list (default: the French dictionary make run imports)")
    parser.add_argument("--language", default="fr")
    parser.add_argument("--quizzes", type=int, default=10, help="quizzes per kind (default 10)")
    parser.add_argument("--per-length", type=int, default=3,
                        help="quizzes per kind and length in the lengths 2-15 table (default 3, 0 to skip)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.wordlist is None:
        from french_list import default_french_list

        args.wordlist = default_french_list()
    if not Path(args.wordlist).exists():
        print(f"{args.wordlist} not found: pass --wordlist", file=sys.stderr)
        return 2

    from engine.gaddag import build_gaddag
    from engine.wordlist import read_word_list
    from engine.wordstudy import rank_alphagrams

    words = read_word_list(args.wordlist, args.language, skip_invalid=True).words
    print(f"word list: {args.wordlist} ({len(words):,} words)")
    started = time.perf_counter()
    gaddag = build_gaddag(words, args.language)
    print(f"GADDAG built in {time.perf_counter() - started:.1f} s")

    print("\nranking (engine only)")
    for label, lengths in (("2-9", range(2, 10)), ("2-15", range(2, 16))):
        started = time.perf_counter()
        ranked = rank_alphagrams(gaddag, lengths)
        elapsed = time.perf_counter() - started
        total = sum(len(v) for v in ranked.values())
        print(f"  lengths {label:>5}: {elapsed:6.2f} s  {total:>8,} alphagrams  (target <= 30 s for 2-9)")
    _index_figures(gaddag)

    os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        return _app_figures(args, words)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _index_figures(gaddag) -> None:
    try:
        from engine.wordstudy import AlphagramIndex
    except ImportError:  # a tree from before the index
        print("\nalphagram index: not in this tree")
        return
    import gc
    import tracemalloc

    gc.collect()
    started = time.perf_counter()
    index = AlphagramIndex.from_gaddag(gaddag)
    elapsed = time.perf_counter() - started
    del index
    gc.collect()
    tracemalloc.start()
    index = AlphagramIndex.from_gaddag(gaddag)
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"\nalphagram index: built in {elapsed:.2f} s, {index.word_count:,} words of 1-{index.max_length} letters, "
          f"{index.alphagram_count:,} alphagrams, holds {held / 2**20:.1f} MiB (peak while building "
          f"{peak / 2**20:.1f} MiB)")


def _time_quizzes(services, user, lexicon, ranking, rng, kind: str, length: int, blanks: int,
                  count: int) -> tuple[list[float], list[int]]:
    available = int(ranking.lengths.get(str(length), 0))
    times, sizes = [], []
    for _ in range(count):
        start = rng.randrange(1, max(2, available - 1000))
        request = services.QuizRequest(lexicon=lexicon.pk, kind=kind, length=length, blanks=blanks,
                                       rank_from=start, rank_to=start + 999, seed=rng.randrange(2**31))
        started = time.perf_counter()
        quiz = services.create_quiz(user, request)
        times.append(1000 * (time.perf_counter() - started))
        sizes.append(quiz.questions.count())
    return times, sizes


def _app_figures(args: argparse.Namespace, words: list[str]) -> int:
    from django.contrib.auth import get_user_model

    from lexicon.services import import_word_list
    from training.wordstudy import services
    from training.wordstudy.ranking import ensure_ranking

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "words.txt"
        path.write_text("\n".join(words) + "\n", encoding="utf-8")
        started = time.perf_counter()
        lexicon = import_word_list(path, name="bench", language=args.language).lexicon
        print(f"\nimport + compile through the lexicon app: {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    ranking = ensure_ranking(lexicon)
    elapsed = time.perf_counter() - started
    print(f"rank task (rank 2-15 + store {ranking.alphagrams.count():,} rows): {elapsed:.1f} s, state {ranking.state}")

    user = get_user_model().objects.create_user("bench", password="bench-pass-123")
    rng = random.Random(args.seed)
    services.create_quiz(user, services.QuizRequest(lexicon=lexicon.pk, length=7, rank_from=1, rank_to=50))  # warm
    (first,), _sizes = _time_quizzes(services, user, lexicon, ranking, rng, "anagrams", 8, 2, 1)
    print(f"\nfirst 2-blank quiz of the process (builds the alphagram index, if this tree has one): {first:.0f} ms")
    print(f"\n50-question quiz start ({args.quizzes} per row, random ranges of 1,000 ranks; target <= 300 ms)")
    header = f"  {'kind':<16}{'length':>7}{'blanks':>7}{'median ms':>11}{'worst ms':>10}{'questions':>11}"
    print(header)
    rows = [("anagrams", 7, 0), ("anagrams", 8, 0), ("anagrams", 7, 1), ("anagrams", 8, 1), ("anagrams", 8, 2),
            ("hooks", 7, 0), ("seven_plus_one", 7, 0), ("validity", 7, 0), ("validity", 8, 0)]
    for kind, length, blanks in rows:
        times, sizes = _time_quizzes(services, user, lexicon, ranking, rng, kind, length, blanks, args.quizzes)
        print(f"  {kind:<16}{length:>7}{blanks:>7}{statistics.median(times):>11.0f}{max(times):>10.0f}"
              f"{min(sizes):>11}")
    if args.per_length:
        print(f"\nby length, the kinds that read the alphagram index ({args.per_length} quizzes per cell: "
              "median / worst ms)")
        print(f"  {'length':>6}{'1 blank':>14}{'2 blanks':>14}{'7+1 (rack)':>14}")
        for length in range(2, 16):
            cells = []
            for kind, blanks, usable in (("anagrams", 1, length > 1), ("anagrams", 2, length > 2),
                                         ("seven_plus_one", 0, length < 15)):
                if not usable or not int(ranking.lengths.get(str(length), 0)):
                    cells.append(f"{'-':>14}")
                    continue
                times, _sizes = _time_quizzes(services, user, lexicon, ranking, rng, kind, length, blanks,
                                              args.per_length)
                cells.append(f"{statistics.median(times):>8.0f} /{max(times):>4.0f}")
            print(f"  {length:>6}{''.join(cells)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
