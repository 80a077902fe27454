"""Benchmark of the crossword filler, side by side with the PyPI ``blacksquare`` package.

Run: ``.venv/bin/python bench/fill.py [--seeds 3] [--time-limit 30] [--sizes 5,9,10,11,13,15] [--french PATH]``

French words: the Hunspell dictionary (``apt-get install hunspell-fr-comprehensive``) expanded to every
inflected form, about 420k words A-Z, cached in ``var/lexicon-sources/fr-comprehensive-<key>.txt``
under the key ``scripts/lib.sh`` (``expand_french_hunspell``) uses, and expanded here on first use;
without it an expansion already cached, else ``/usr/share/dict/french`` (wfrench); neither: a message
saying what to install. ``--french PATH`` picks another list.

Figures (French grids, expanded Hunspell list, 2 shared cores, ``--no-peer --time-limit 10``):

- ``fr15`` and ``fr21`` (generated patterns; words up to 10 and 9 letters), 10 seeds each: 10/10 and
  10/10 filled, median 0.14 s and 0.15 s, worst 0.88 s and 0.57 s.
- ``fr15b36`` (15x15, 36 black cells scattered at random, as ``python -m engine grid --rows 15 --cols
  15 --blocks 36 --style fr --seed S`` draws them) and ``fr21b70`` (21x21, 70 black cells): the drawer
  weights each black cell by the runs it breaks (``engine.crossword.patterns``, ``SPREAD``), as
  newspaper grids spread them. Seeds 0-9: fr15b36 10/10, median 0.07 s, worst 0.75 s; fr21b70 10/10,
  median 0.55 s, worst 3.4 s. 60 seeds of fr15b36 (0-59, 10 s each): 60/60.

Before that weighting (uniform draws) fr15b36 filled 5/10 within 10 s and fr21b70 0/5 (two of them
proved to have no fill): uniform draws cluster black cells and leave stacks of long slots (three full
15-letter rows, or a mesh of 12-15 letter rows and columns). Such grids are hard rather than
unfillable (seed 2 filled after 123 s, 109k nodes): each half fills in under a second, but the long
columns must fit both halves and the search needs about 10^5 nodes, ten times the ~7,000 that 10 s
of pure Python allows. Solver changes tried on them without gain (3/10 to 5/10): wider value
sampling, log-domain over open crossings as variable order, constraint-weighted dom/wdeg with ageing,
singleton look-ahead on candidates, letter-by-letter branching, restarts counted on deep backtracks
only, ingrid's restart schedule, full AC. A hand-drawn grid with such stacks (the lab's editor, a
grid file) can still time out.

A size is ``N`` (style ``fr`` up to 10, ``us`` above), or ``frN`` / ``usN`` to choose the style (``fr15``,
``fr21``: French grids the size of a newspaper's), with ``bK`` for a grid of exactly K black cells
scattered at random (:func:`engine.crossword.random_pattern`, the crossword lab's "random grid") instead
of the generator's pattern: ``fr15b36``.

Grids (from :func:`engine.crossword.generate_pattern`, the pattern seed equal to the fill seed,
except the 5x5, which is seed 002's test grid for every seed):

- 5x5, 9x9, 10x10 style ``fr`` with the French list above (read with
  ``engine.wordlist.read_word_list(..., skip_invalid=True)``: accents folded, hyphenated and
  apostrophised forms left out);
- 11x11, 13x13, 15x15 style ``us`` with ``/usr/share/dict/american-english``, keeping only the lines
  that are entirely lower-case a-z (this drops proper nouns, which are capitalised, possessives
  with apostrophes, and accented loan words), upper-cased.

Both solvers get the same grids, the same words (2+ letters) and the same quality scores (wordfreq
Zipf frequencies; blacksquare gets Zipf + 1 so no word has a zero score, which it would drop), the same
time limit per grid, and no duplicate words. Building the word lists and indexes is done once, before
timing, for both. Every fill of both solvers is checked (all slots words, all distinct, crossings) and
counted as a success only if sound. "mean score" is the mean Zipf frequency of the fill's words.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from french_list import default_french_list  # noqa: E402

from engine.crossword import (  # noqa: E402
    CrosswordLexicon,
    FillError,
    fill_grid,
    generate_pattern,
    parse_grid,
    random_pattern,
    verify_fill,
)
from engine.wordlist import read_word_list  # noqa: E402

SEED_GRID = [".....", ".#.#.", ".....", ".#.#.", "....."]
FRENCH = "/usr/share/dict/french"
ENGLISH = "/usr/share/dict/american-english"


def load_french(path: str | Path) -> CrosswordLexicon:
    words = read_word_list(path, "fr", skip_invalid=True).words
    return CrosswordLexicon([w for w in words if len(w) >= 2], "fr")


def load_english() -> CrosswordLexicon:
    with open(ENGLISH, encoding="utf-8") as handle:
        words = {line.strip().upper() for line in handle if re.fullmatch(r"[a-z]{2,}", line.strip())}
    return CrosswordLexicon(words, "en")


def run_ours(rows, style, lexicon, seed, time_limit):
    grid = parse_grid(rows, style)
    start, cpu = time.monotonic(), time.process_time()
    try:
        result = fill_grid(grid, lexicon, seed=seed, time_limit=time_limit)
    except FillError as exc:
        return {"ok": False, "seconds": time.monotonic() - start, "cpu": time.process_time() - cpu,
                "nodes": exc.stats.get("nodes"), "backtracks": exc.stats.get("backtracks"), "score": None,
                "why": type(exc).__name__}
    words = [a.answer for a in result.answers]
    ok = not verify_fill(grid, words, lambda w: w in lexicon)
    return {"ok": ok, "seconds": time.monotonic() - start, "cpu": time.process_time() - cpu,
            "nodes": result.stats["nodes"], "backtracks": result.stats["backtracks"],
            "score": result.mean_score, "why": ""}


def run_blacksquare(rows, style, lexicon, word_list, seed, time_limit):
    import blacksquare as bs

    grid = parse_grid(rows, style)
    cells = [["#" if ch == "#" else " " for ch in row] for row in rows]
    xw = bs.Crossword(grid=cells, word_list=word_list, symmetry=None)
    start, cpu = time.monotonic(), time.process_time()
    # temperature 0 is deterministic; other seeds get some randomness, as ours do.
    filled = xw.fill(word_list=word_list, timeout=time_limit, temperature=0.0 if seed == 0 else 0.5,
                     show_progress=False)
    seconds, cpu = time.monotonic() - start, time.process_time() - cpu
    if filled is None:
        return {"ok": False, "seconds": seconds, "cpu": cpu, "nodes": None, "backtracks": None, "score": None,
                "why": "no fill"}
    inner = filled._inner
    out = ["".join("#" if inner.is_cell_black(r, c) else inner.get_cell_value(r, c).upper()
                   for c in range(len(rows[0]))) for r in range(len(rows))]
    words = ["".join(out[r][c] for r, c in s.cells) for s in grid.slots]
    ok = not verify_fill(grid, words, lambda w: w in lexicon)
    score = statistics.mean(lexicon.score(w) for w in words)
    return {"ok": ok, "seconds": seconds, "cpu": cpu, "nodes": None, "backtracks": None, "score": score,
            "why": "" if ok else "unsound (e.g. a repeated word)"}


def parse_size(spec: str) -> tuple[int, str, int | None]:
    """``"15"`` -> (15, "us", None); ``"fr15"`` -> (15, "fr", None); ``"fr15b36"`` -> (15, "fr", 36)."""
    match = re.fullmatch(r"(fr|us)?(\d+)(?:b(\d+))?", spec.strip())
    if not match:
        raise SystemExit(f"bad size {spec!r}: expected N, frN, usN, optionally followed by bK")
    n = int(match.group(2))
    style = match.group(1) or ("fr" if n <= 10 else "us")
    return n, style, int(match.group(3)) if match.group(3) else None


def grid_rows(n: int, style: str, blocks: int | None, seed: int) -> list[str]:
    if blocks is not None:
        return random_pattern(n, n, blocks, style, seed)
    return SEED_GRID if n == 5 and style == "fr" else generate_pattern(n, style, seed)


def mark(run: dict) -> str:
    """'' for a sound fill, 'u' when the grid was proved to have no fill, '!' otherwise."""
    if run["ok"]:
        return ""
    return "u" if run["why"] in ("Unsolvable", "EmptyDomain") else "!"


def fmt(value, spec=".2f"):
    return "-" if value is None else format(value, spec)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--sizes", default="5,9,10,11,13,15")
    parser.add_argument("--no-peer", action="store_true", help="skip blacksquare")
    parser.add_argument("--french", help="French word list (default: the one make run imports, "
                                         "bench/french_list.py)")
    args = parser.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",")]

    t0 = time.monotonic()
    lexicons = {}
    if any(style == "fr" for _n, style, _b in sizes):
        source = args.french or default_french_list()
        print(f"French words: {source}")
        lexicons["fr"] = load_french(source)
    if any(style == "us" for _n, style, _b in sizes):
        lexicons["us"] = load_english()
    peer_lists = {}
    for style, lex in lexicons.items():
        for length in lex.lengths():
            lex.index(length)  # built once, before timing (like blacksquare's WordList below)
        if not args.no_peer:
            import blacksquare as bs

            peer_lists[style] = bs.WordList({w: lex.score(w) + 1.0 for w in lex.words})
    print(f"word lists ready in {time.monotonic() - t0:.1f} s: "
          + ", ".join(f"{s}: {len(lex)} words" for s, lex in lexicons.items()))

    header = (f"{'grid':<14} {'solver':<12} {'filled':>6} {'median s':>9} {'cpu s':>6} {'nodes':>7} "
              f"{'backtr.':>8} {'mean score':>10}  per seed (s)")
    print(header)
    print("-" * len(header))
    totals: dict[str, list[float]] = {"tirage": [0, 0.0, 0, 0.0], "blacksquare": [0, 0.0, 0, 0.0]}
    for n, style, blocks in sizes:
        lex = lexicons[style]
        runs: dict[str, list[dict]] = {"tirage": [], "blacksquare": []}
        for seed in range(args.seeds):
            rows = grid_rows(n, style, blocks, seed)
            runs["tirage"].append(run_ours(rows, style, lex, seed, args.time_limit))
            if not args.no_peer:
                runs["blacksquare"].append(run_blacksquare(rows, style, lex, peer_lists[style], seed,
                                                           args.time_limit))
        for solver, results in runs.items():
            if not results:
                continue
            ok = [r for r in results if r["ok"]]
            med = statistics.median(r["seconds"] for r in results)
            med_cpu = statistics.median(r["cpu"] for r in results)
            nodes = [r["nodes"] for r in results if r["nodes"] is not None]
            bts = [r["backtracks"] for r in results if r["backtracks"] is not None]
            scores = [r["score"] for r in ok]
            per_seed = " ".join(f"{r['seconds']:.2f}{mark(r)}" for r in results)
            name = f"{n}x{n} {style}" + (f" b{blocks}" if blocks is not None else "")
            print(f"{name:<14} {solver:<12} {f'{len(ok)}/{len(results)}':>6} {med:>9.3f} {med_cpu:>6.2f} "
                  f"{fmt(statistics.median(nodes) if nodes else None, '.0f'):>7} "
                  f"{fmt(statistics.median(bts) if bts else None, '.0f'):>8} "
                  f"{fmt(statistics.mean(scores) if scores else None):>10}  {per_seed}")
            totals[solver][0] += len(ok)
            totals[solver][1] += sum(r["seconds"] for r in results)
            totals[solver][2] += len(results)
            totals[solver][3] += sum(r["cpu"] for r in results)
    print("-" * len(header))
    for solver, (ok, seconds, count, cpu) in totals.items():
        if count:
            print(f"{'total':<14} {solver:<12} {f'{ok}/{count}':>6} {seconds:>9.2f} {cpu:>6.2f}  s in all")
    print("('!' marks a run without a sound fill: time limit reached, or a fill with a repeated word;\n"
          " 'u' a grid proved to have no fill with these words;\n"
          " 'median s' is wall time, 'cpu s' this process's CPU time, less sensitive to a busy machine)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
