"""Jarnac benchmark: tree build time, query speed (random racks), and an AI tournament.

Usage::

    .venv/bin/python bench/jarnac.py [WORDLIST] [--language fr] [--games 20] [--queries 300]
    .venv/bin/python bench/jarnac.py --reply-games 20 --games 0 --queries 0   # the web game's AI replies

WORDLIST defaults to the French dictionary make run imports (bench/french_list.py; read with --skip-invalid semantics). Prints tables;
nothing here is asserted: speed targets live here, not in unit tests.

Targets (French wfrench, ~136k Jarnac words, one core): tree built in under 1 s of CPU; extend and
create under 1 ms per query on average; steal (4 opponent words) under 5 ms; an AI move under 2 ms.
Strength target: hard beats medium and medium beats easy in most seeded games.

``--new-game``: what "New game" costs in a fresh process (the site's first game per process): the
GADDAG of the list is built first (not timed), then, best of 3 by CPU time and wall clock, the tree as the
site builds it (the GADDAG's words of 3 to 9 letters, then the tree: done in a background thread since
the games page and "New game" start it) and the deal itself (``new_game`` + the state's JSON, what the
request does now). Before, the request built the tree from every word of the GADDAG itself. Target: the
request under 0.5 s.

``--reply-games N``: the web game's latency. The learner's side is played by the easy or medium AI
(alternating), the opponent at each level answers with a whole turn (``ai.play_turn``, what a move
request runs when it passes the turn), plus the state's JSON round trip the request does. Prints the
per-reply p50/p95/max in ms for each level. Target: p95 under 1 s at the hard level (in practice a
few ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from french_list import default_french_list  # noqa: E402

from engine.gaddag import build_gaddag  # noqa: E402
from engine.jarnac import ai, new_game, queries, rules, to_json  # noqa: E402
from engine.jarnac.bag import full_bag  # noqa: E402
from engine.jarnac.tree import AnagramTree  # noqa: E402
from engine.wordlist import read_word_list  # noqa: E402


def timed(fn, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def query_table(tree, count: int, rng: random.Random) -> None:
    bag = full_bag()
    words = [w for w in tree.iter_words()]
    words.sort()
    cases = []
    for _ in range(count):
        base = rng.choice(words)
        rack = "".join(rng.choice(bag) for _ in range(rng.randint(4, 10)))
        opponents = [rng.choice(words) for _ in range(4)]
        cases.append((base, rack, opponents))
    rows = []
    for name, fn in (
        ("extend", lambda c: queries.extensions(tree, c[0], c[1])),
        ("create", lambda c: queries.creations(tree, c[1])),
        ("create 15 letters", lambda c: queries.creations(tree, c[1] + c[0][:5])),
        ("steal (4 words)", lambda c: queries.steals(tree, c[2], c[1])),
        ("rallonges", lambda c: queries.rallonges(tree, c[0])),
    ):
        times, sizes = [], []
        for case in cases:
            elapsed, found = timed(fn, case)
            times.append(elapsed * 1000)
            sizes.append(len(found))
        times.sort()
        rows.append((name, statistics.mean(times), times[len(times) // 2], times[int(len(times) * 0.99) - 1],
                     statistics.mean(sizes)))
    print(f"\n{'query':20} {'mean ms':>8} {'p50 ms':>8} {'p99 ms':>8} {'mean results':>13}")
    for name, mean, p50, p99, size in rows:
        print(f"{name:20} {mean:8.2f} {p50:8.2f} {p99:8.2f} {size:13.1f}")


def tournament(tree, games: int) -> None:
    print(f"\nAI tournament: {games} seeded games per pairing (each pairing played both ways round)")
    print(f"{'pairing':16} {'wins A':>6} {'wins B':>6} {'ties':>5} {'mean A':>7} {'mean B':>7} "
          f"{'moves':>6} {'ms/move':>8} {'bag ends':>8}")
    levels = ai.LEVELS
    for i, first in enumerate(levels):
        for second in levels[i:]:
            wins = [0, 0, 0]
            totals = [0, 0]
            moves = 0
            seconds = 0.0
            bag_ends = 0
            for game in range(games):
                order = (first, second) if game % 2 == 0 else (second, first)
                elapsed, state = timed(ai.play_game, tree, order, f"bench-{game}")
                seconds += elapsed
                moves += len(state.history)
                bag_ends += state.end_reason == "bag_empty"
                score = rules.scores(state)
                a, b = (score[0], score[1]) if game % 2 == 0 else (score[1], score[0])
                totals[0] += a
                totals[1] += b
                wins[0 if a > b else 1 if b > a else 2] += 1
            print(f"{first + '-' + second:16} {wins[0]:6} {wins[1]:6} {wins[2]:5} {totals[0] / games:7.1f} "
                  f"{totals[1] / games:7.1f} {moves / games:6.1f} {1000 * seconds / moves:8.2f} {bag_ends:8}")


def reply_latency(tree, games: int) -> None:
    """Time each AI reply of web-style games (learner = easy/medium AI, opponent = each level)."""
    from engine.jarnac import storage

    print(f"\nAI replies in web games: {games} seeded games per level; a reply = the AI's whole turn "
          f"+ the state's JSON round trip")
    print(f"{'level':8} {'replies':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'moves/reply':>12} {'choose p95 ms':>14}")
    for level in ai.LEVELS:
        replies: list[float] = []
        moves_per_reply: list[int] = []
        chooses: list[float] = []
        for game in range(games):
            learner = ("easy", "medium")[game % 2]
            state = rules.new_game(f"reply-{game}", tree.language)
            for _ in range(5000):
                if state.phase == rules.OVER:
                    break
                if state.current == 0:
                    state = rules.apply_move(state, ai.choose_move(state, tree, learner), tree)
                    continue
                start = time.perf_counter()
                before = len(state.history)
                stored = storage.to_json(state)
                state = storage.from_json(stored)
                player, turn = state.current, state.turn
                while state.phase != rules.OVER and state.current == player and state.turn == turn:
                    t0 = time.perf_counter()
                    chosen = ai.choose_move(state, tree, level)
                    chooses.append((time.perf_counter() - t0) * 1000)
                    state = rules.apply_move(state, chosen, tree)
                storage.to_json(state)
                replies.append((time.perf_counter() - start) * 1000)
                moves_per_reply.append(len(state.history) - before)
        replies.sort()
        chooses.sort()

        def pct(values: list[float], q: float) -> float:
            return values[min(len(values) - 1, int(len(values) * q))]

        print(f"{level:8} {len(replies):8} {pct(replies, .5):8.2f} {pct(replies, .95):8.2f} {replies[-1]:8.2f} "
              f"{statistics.mean(moves_per_reply):12.1f} {pct(chooses, .95):14.2f}")


def best_of(fn, repeat: int = 3) -> tuple[float, float]:
    """Best (CPU seconds, wall seconds) of ``repeat`` calls."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu, wall = min(cpu, time.process_time() - c), min(wall, time.perf_counter() - w)
    return cpu, wall


def new_game_table(words: list[str], language: str) -> None:
    gaddag = build_gaddag(words, language)

    def old_request() -> None:  # what start_game did before: the tree from every word, in the request
        tree_words = [w for w in gaddag.iter_words() if 3 <= len(w) <= 9]
        AnagramTree.from_words(tree_words, language)
        to_json(new_game("bench", language))

    def tree_now() -> None:  # the background build: the walk stops at 9 letters
        AnagramTree.from_words([w for w in gaddag.iter_words(9) if len(w) >= 3], language)

    rows = [("request before (tree built in it)", best_of(old_request)),
            ("tree now (background thread)", best_of(tree_now)),
            ("request now (deal + state JSON)", best_of(lambda: to_json(new_game("bench", language)), 20))]
    print(f"\n{'new game in a fresh process':36} {'cpu ms':>8} {'wall ms':>8}")
    for name, (cpu, wall) in rows:
        print(f"{name:36} {cpu * 1000:8.1f} {wall * 1000:8.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wordlist", nargs="?", default=None, help="word list (default: the French dictionary make run imports)")
    parser.add_argument("--language", default="fr")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reply-games", type=int, default=0,
                        help="web-style games per level for the AI reply latency (0: skip)")
    parser.add_argument("--new-game", action="store_true", help="time a new game in a fresh process")
    args = parser.parse_args()
    args.wordlist = args.wordlist or default_french_list()
    read_time, words = timed(lambda: read_word_list(args.wordlist, args.language, skip_invalid=True))
    cpu = time.process_time()
    build_time, tree = timed(lambda: AnagramTree.from_words(words.words, args.language))
    cpu = time.process_time() - cpu
    print(f"lexicon {args.wordlist}: {tree.word_count} Jarnac words, {len(tree)} alphagrams; "
          f"list read in {read_time:.2f} s, tree built in {build_time:.2f} s ({cpu:.2f} s CPU)")
    tracemalloc.start()
    second = AnagramTree.from_words(words.words, args.language)
    print(f"tree memory: {tracemalloc.get_traced_memory()[0] / 1e6:.0f} MB "
          f"(traced; the word strings are shared with the list read)")
    tracemalloc.stop()
    del second
    if args.new_game:
        new_game_table(words.words, args.language)
    if args.queries:
        query_table(tree, args.queries, random.Random(args.seed))
    if args.games:
        tournament(tree, args.games)
    if args.reply_games:
        reply_latency(tree, args.reply_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
