"""Move generation benchmark: the compiled core, the pure-Python generator and a brute-force baseline.

Positions come from greedy self-play games with the French lexicon (the one ``make run`` imports,
``bench/french_list.py``), a fixed seed and the French bag. Every position is measured with three
racks made from the same tiles: 0, 1 and 2 blanks (blanks replace the last tiles). The ``bag`` rows
are other games whose racks are drawn from the whole bag, blanks included, as in a real game. Prints, per generator and blank
count: positions, median, mean and p95 milliseconds per position, plays per position and plays per
second. ``compiled`` is ``generate_moves`` with the C core (every play, scored, as sorted Move
objects), ``python`` the same call inside ``pure_python()``; ``top1`` rows are ``top_moves(..., 1)``.
The bench checks that the two implementations return identical lists on every position, that top1 is
the first of the full list, and, on the first few positions, that brute force finds the same plays.

    .venv/bin/python bench/movegen.py [--games 4] [--seed 2024] [--baseline 3] [--lexicon FILE] [--no-python]

Times are CPU time of the process (``time.process_time``), not wall time: the bench usually runs on
a shared machine, where wall time measures the neighbours as much as the generator.

Targets (compiled, in-process, all plays with their scores): median <= 0.5 ms and mean <= 1 ms per
position, top1 median <= 0.3 ms. Pure Python: median <= 50 ms without blanks, <= 500 ms with two.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from french_list import default_french_list  # noqa: E402

from engine.alphabet import get_alphabet  # noqa: E402
from engine.gaddag import Gaddag, LexiconFormatError, build_gaddag, load_gaddag  # noqa: E402
from engine.scrabble.board import LETTER_MULTIPLIERS, SIZE, WORD_MULTIPLIERS, Board  # noqa: E402
from engine.scrabble.cgp import Position  # noqa: E402
from engine.scrabble.movegen import (  # noqa: E402
    generate_moves,
    implementation,
    pure_python,
    top_moves,
    unavailable_reason,
)
from engine.wordlist import read_word_list  # noqa: E402

FRENCH = get_alphabet("fr")


# -- lexicon ---------------------------------------------------------------------------------------

def french_lexicon(word_list: str, lexicon_file: str | None) -> tuple[Gaddag, list[str], str]:
    words = read_word_list(word_list, "fr", skip_invalid=True)
    if lexicon_file:
        return load_gaddag(lexicon_file), words.words, f"loaded {lexicon_file}"
    cache = Path(tempfile.gettempdir()) / f"tirage-bench-fr-{words.content_hash[:16]}.gaddag"
    if cache.exists():
        try:
            return load_gaddag(cache), words.words, f"cached {cache}"
        except LexiconFormatError:
            pass  # an older format version: build again
    start = time.perf_counter()
    gaddag = build_gaddag(words.words, "fr")
    gaddag.save(cache)
    return gaddag, words.words, f"built in {time.perf_counter() - start:.1f} s, cached {cache}"


# -- positions from self-play ----------------------------------------------------------------------

def self_play(gaddag: Gaddag, games: int, seed: int, blanks: bool = False) -> list[tuple[Board, str]]:
    """(board, 7-tile rack) before each turn of greedy games: racks without blanks (the bag's letters
    only), or, with ``blanks``, drawn from the whole bag, its two blanks included, as in a real game."""
    rng = random.Random(seed)
    letters = [ch for ch, k in FRENCH.counts.items() for _ in range(k)] + ["?"] * (FRENCH.blanks if blanks else 0)
    positions: list[tuple[Board, str]] = []
    for _ in range(games):
        bag = letters.copy()
        rng.shuffle(bag)
        board = Board()
        rack: list[str] = []
        for _turn in range(40):
            while len(rack) < 7 and bag:
                rack.append(bag.pop())
            if len(rack) < 7:
                break
            positions.append((board.copy(), "".join(rack)))
            best = top_moves(gaddag, Position(board, ("".join(rack), "")), 1)
            if not best:
                bag.extend(rack)
                rng.shuffle(bag)
                rack = [bag.pop() for _ in range(7)]
                continue
            for _r, _c, tile in best[0].placements(board):
                rack.remove("?" if tile.islower() else tile)
            best[0].apply(board)
    return positions


def with_blanks(rack: str, blanks: int) -> str:
    return rack[:len(rack) - blanks] + "?" * blanks


# -- brute-force baseline ------------------------------------------------------------------------

def brute_force(words_by_length: dict[int, list[str]], lexicon: set[str], board: Board,
                rack: str) -> set[tuple[int, int, str, str, int, int]]:
    """Every window of every line x every word that the rack and the board could spell."""
    cells = board.cells
    empty = not any(cells)
    have = Counter(rack.replace("?", ""))
    blanks = rack.count("?")
    available = set(have) | {t.upper() for t in cells if t}
    values = FRENCH.values

    def at(r: int, c: int) -> str:
        return cells[r * SIZE + c] if 0 <= r < SIZE and 0 <= c < SIZE else ""

    candidates = {n: [w for w in ws if len(set(w) - available) <= blanks] for n, ws in words_by_length.items()}
    plays = set()
    for direction in "HV":
        dr, dc = (0, 1) if direction == "H" else (1, 0)
        for line, start in itertools.product(range(SIZE), range(SIZE)):
            r0, c0 = (line, start) if direction == "H" else (start, line)
            if at(r0 - dr, c0 - dc):
                continue
            for n in range(2, SIZE - start + 1):
                squares = [(r0 + dr * k, c0 + dc * k) for k in range(n)]
                r1, c1 = squares[-1]
                if at(r1 + dr, c1 + dc):
                    continue
                new = [k for k, (r, c) in enumerate(squares) if not at(r, c)]
                if not new or len(new) > len(rack):
                    continue
                if empty:
                    if (7, 7) not in squares:
                        continue
                elif not any(at(squares[k][0] + a, squares[k][1] + b)
                             for k in new for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1))):
                    continue
                if len(new) == 1 and direction == "V" and (at(r0 + new[0], c0 - 1) or at(r0 + new[0], c0 + 1)):
                    continue  # a one-tile play with a horizontal word is the horizontal play
                fixed = [(k, at(r, c).upper()) for k, (r, c) in enumerate(squares) if at(r, c)]
                for word in candidates.get(n, ()):
                    if any(word[k] != ch for k, ch in fixed):
                        continue
                    need = Counter(word[k] for k in new)
                    if sum(max(0, need[ch] - have[ch]) for ch in need) > blanks:
                        continue
                    crosses = []
                    for k in new:
                        r, c = squares[k]
                        before, after = [], []
                        rr, cc = r - dc, c - dr
                        while at(rr, cc):
                            before.insert(0, at(rr, cc))
                            rr, cc = rr - dc, cc - dr
                        rr, cc = r + dc, c + dr
                        while at(rr, cc):
                            after.append(at(rr, cc))
                            rr, cc = rr + dc, cc + dr
                        if before or after:
                            if ("".join(before) + word[k] + "".join(after)).upper() not in lexicon:
                                break
                            crosses.append((k, before + after))
                    else:
                        for size in range(min(blanks, len(new)) + 1):
                            for combo in itertools.combinations(new, size):
                                rest = Counter(word[k] for k in new if k not in combo)
                                if any(have[ch] < m for ch, m in rest.items()):
                                    continue
                                main, mult = 0, 1
                                for k, (r, c) in enumerate(squares):
                                    i = r * SIZE + c
                                    if k in new:
                                        main += (0 if k in combo else values[word[k]]) * LETTER_MULTIPLIERS[i]
                                        mult *= WORD_MULTIPLIERS[i]
                                    else:
                                        main += 0 if cells[i].islower() else values[cells[i]]
                                score = main * mult
                                for k, others in crosses:
                                    r, c = squares[k]
                                    i = r * SIZE + c
                                    part = sum(0 if t.islower() else values[t] for t in others)
                                    own = 0 if k in combo else values[word[k]]
                                    score += (part + own * LETTER_MULTIPLIERS[i]) * WORD_MULTIPLIERS[i]
                                if len(new) == 7:
                                    score += 50
                                shown = "".join(at(r, c) or (word[k].lower() if k in combo else word[k])
                                                for k, (r, c) in enumerate(squares))
                                plays.add((r0, c0, direction, shown, score, len(new)))
    return plays


# -- measuring -------------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def row(name: str, blanks: int | str, times: list[float], plays: list[int] | None) -> str:
    """One table line; ``plays`` is None for top-1 runs (plays per second would mean nothing)."""
    total = sum(times)
    per_position = f"{statistics.mean(plays):>10.0f}" if plays is not None else f"{'-':>10}"
    per_second = f"{(sum(plays) / total if total else 0):>11.0f}" if plays is not None else f"{'-':>11}"
    return (f"{name:<20} {blanks:>6} {len(times):>9} {statistics.median(times) * 1000:>10.3f} "
            f"{statistics.mean(times) * 1000:>9.3f} {percentile(times, 0.95) * 1000:>9.3f} "
            f"{per_position} {per_second}")


def measure(gaddag: Gaddag, positions: list[tuple[Board, str]], blanks: int) -> tuple[list[float], list[list]]:
    """CPU time of ``generate_moves`` on every position, and the lists it returned."""
    times, results = [], []
    for board, rack in positions:
        position = Position(board, (with_blanks(rack, blanks), ""))
        start = time.process_time()
        moves = generate_moves(gaddag, position)
        times.append(time.process_time() - start)
        results.append(moves)
    return times, results


def measure_top1(gaddag: Gaddag, positions: list[tuple[Board, str]], blanks: int,
                 results: list[list]) -> tuple[list[float], int]:
    """CPU time of ``top_moves(..., 1)`` and the number of positions where it is not the first play."""
    times, mismatches = [], 0
    for (board, rack), moves in zip(positions, results, strict=True):
        position = Position(board, (with_blanks(rack, blanks), ""))
        start = time.process_time()
        best = top_moves(gaddag, position, 1)
        times.append(time.process_time() - start)
        if best != moves[:1]:
            mismatches += 1
    return times, mismatches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordlist", default=None, help="word list (default: the French dictionary make run imports)")
    parser.add_argument("--lexicon", default=None, help="a compiled lexicon to load instead of building")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--baseline", type=int, default=3, help="positions per blank count for brute force")
    parser.add_argument("--no-python", action="store_true", help="skip the (slow) pure-Python rows")
    args = parser.parse_args()
    args.wordlist = args.wordlist or default_french_list()

    gaddag, words, how = french_lexicon(args.wordlist, args.lexicon)
    print(f"lexicon: {len(words)} words ({how})")
    active = implementation()
    print(f"move generator: {active}" + (f" ({unavailable_reason()})" if active != "compiled" else ""))
    positions = self_play(gaddag, args.games, args.seed)
    print(f"positions: {len(positions)} from {args.games} greedy self-play games, seed {args.seed}")
    words_by_length: dict[int, list[str]] = {}
    for w in words:
        words_by_length.setdefault(len(w), []).append(w)
    lexicon = set(words)
    # The word list, its set and the lexicon live as long as the bench: out of the collector's sight,
    # so that its full passes over them (a bench artefact, ~100 ms) do not land inside a timed call.
    gc.collect()
    gc.freeze()

    header = (f"{'generator':<20} {'blanks':>6} {'positions':>9} {'median ms':>10} {'mean ms':>9} "
              f"{'p95 ms':>9} {'plays/pos':>10} {'plays/s':>11}")
    lines = [header, "-" * len(header)]
    mismatches = 0
    for blanks in (0, 1, 2):
        times, results = measure(gaddag, positions, blanks)
        counts = [len(moves) for moves in results]
        lines.append(row(active, blanks, times, counts))
        top_times, wrong = measure_top1(gaddag, positions, blanks, results)
        mismatches += wrong
        lines.append(row(f"{active} top1", blanks, top_times, None))
        if active == "compiled" and not args.no_python:
            with pure_python():
                py_times, py_results = measure(gaddag, positions, blanks)
                py_top, wrong = measure_top1(gaddag, positions, blanks, py_results)
            mismatches += wrong + sum(a != b for a, b in zip(results, py_results, strict=True))
            lines.append(row("python", blanks, py_times, counts))
            lines.append(row("python top1", blanks, py_top, None))
        b_times, b_counts = [], []
        spread = [len(positions) * (i + 1) // (args.baseline + 1) for i in range(args.baseline)]
        for j in spread:
            (board, rack), moves = positions[j], results[j]
            start = time.process_time()
            found = brute_force(words_by_length, lexicon, board, with_blanks(rack, blanks))
            b_times.append(time.process_time() - start)
            b_counts.append(len(found))
            if found != {(m.row, m.col, m.dir, m.word, m.score, m.tiles) for m in moves}:
                mismatches += 1
        if b_times:
            lines.append(row("brute force", blanks, b_times, b_counts))
    # Real games: racks drawn from the whole bag, blanks included (most racks have none, a few one or two).
    games = self_play(gaddag, args.games, args.seed, blanks=True)
    times, results = measure(gaddag, games, 0)
    lines.append(row(f"{active} games", "bag", times, [len(moves) for moves in results]))
    top_times, wrong = measure_top1(gaddag, games, 0, results)
    mismatches += wrong
    lines.append(row(f"{active} top1 games", "bag", top_times, None))
    if active == "compiled" and not args.no_python:
        with pure_python():
            py_times, py_results = measure(gaddag, games, 0)
        mismatches += sum(a != b for a, b in zip(results, py_results, strict=True))
        lines.append(row("python games", "bag", py_times, [len(moves) for moves in results]))
    with_blank = sum("?" in rack for _board, rack in games)
    print("\n".join(lines))
    print(f"'bag' rows: {len(games)} positions of {args.games} games drawn from the whole bag; "
          f"{with_blank} racks hold a blank")
    print(f"compiled vs python on every position, top1 vs full list, brute force vs generator on the "
          f"baseline positions: {'identical plays and scores' if not mismatches else f'{mismatches} MISMATCH(ES)'}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
