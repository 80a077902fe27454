"""Side by side with MAGPIE: same French word list, same positions, same work, in one run.

MAGPIE (https://github.com/jvc56/MAGPIE) is a C Scrabble engine; its code is never part of this
repository. Build it once with ``bench/magpie/build.sh SOURCE [DEST]`` (SOURCE: a MAGPIE git
checkout or URL; DEST defaults to ``var/magpie``), then:

    .venv/bin/python bench/vs_magpie.py [--magpie var/magpie] [--blocks 7] [--repeats 5] [--positions 16]

Without a MAGPIE build the bench still measures Tirage and says that MAGPIE is missing.

The word list is the French list ``make run`` imports (``bench/french_list.py``) cut to words of 2 to
15 letters (what fits a board), written once as plain text; both engines build their lexicon from
that very file: Tirage with ``python -m engine lexicon build``, MAGPIE with ``magpie convert
text2kwg`` (its letter distribution and board are written from Tirage's French tables). The
positions are the ``--positions`` positions spread over greedy self-play games (``bench/movegen.py``,
racks drawn from the whole bag, blanks included), as CGP text.

What is measured, all CPU time (``time.process_time``, MAGPIE's ``CLOCK_PROCESS_CPUTIME_ID``; the
whole-process rows by ``getrusage`` of the children), because the machine is usually shared:

* per position, in process (median per position over ``--repeats`` runs, then the median of the
  positions; blocks alternate Tirage / MAGPIE, ``--blocks`` blocks, the order swapped each block):
  ``full`` = read the CGP + every play + sort by score; ``top`` = read the CGP + the best play;
  ``all`` = every play of a position already read (Tirage: ``raw_plays``; MAGPIE: MOVE_RECORD_ALL,
  no final sort); ``best`` = the best play of a position already read. Ratios are Tirage / MAGPIE
  per block (sum over the positions), median over the blocks;
* the plays themselves: per position, the number of tile plays, the top score and the sum and
  sum of squares of every play's score must be equal (MAGPIE's exchanges and pass are not counted);
* lexicon build: the whole process, from the text file to the file on disk, alternated, medians;
* whole process of the positions: Tirage's ``python -m engine moves LEX --cgp-file F`` (and
  ``--top 1``) against MAGPIE's harness doing the same task once per position (every play, or the
  best, each printed on a line with its score), start-up and lexicon load included; and Tirage's
  start-up alone (one position) and a duplicate game command.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from french_list import default_french_list  # noqa: E402
from movegen import self_play  # noqa: E402

from engine.alphabet import get_alphabet  # noqa: E402
from engine.gaddag import load_gaddag  # noqa: E402
from engine.scrabble.board import LETTER_MULTIPLIERS, SIZE, WORD_MULTIPLIERS, Board  # noqa: E402
from engine.scrabble.cgp import Position, format_cgp, parse_cgp  # noqa: E402
from engine.scrabble.movegen import generate_moves, implementation, raw_plays, top_moves  # noqa: E402
from engine.wordlist import read_word_list  # noqa: E402

LEXICON = "FRA_TIRAGE"  # MAGPIE picks its French letter distribution from the FRA prefix
PY = sys.executable
OPS = ("full", "top", "all", "best")


# -- the shared inputs ------------------------------------------------------------------------------

def write_inputs(work: Path, word_list: str) -> tuple[Path, int]:
    """The word list (2..15 letters) and MAGPIE's data directory under ``work``."""
    data = work / "data"
    for sub in ("lexica", "layouts", "letterdistributions"):
        (data / sub).mkdir(parents=True, exist_ok=True)
    words = [w for w in read_word_list(word_list, "fr", skip_invalid=True).words if 2 <= len(w) <= SIZE]
    text = data / "lexica" / f"{LEXICON}.txt"
    text.write_text("".join(f"{w}\n" for w in words), encoding="ascii")
    fr = get_alphabet("fr")
    rows = [f"?,?,{fr.blanks},0,0"] + [f"{c},{c.lower()},{fr.counts[c]},{fr.values[c]},{int(c in 'AEIOUY')}"
                                        for c in fr.letters]
    (data / "letterdistributions" / "french.csv").write_text("\n".join(rows) + "\n", encoding="ascii")
    board = [f"{SIZE // 2},{SIZE // 2}"]
    for r in range(SIZE):
        squares = []
        for c in range(SIZE):
            i = r * SIZE + c
            squares.append({3: "=", 2: "-"}.get(WORD_MULTIPLIERS[i]) or {3: '"', 2: "'"}.get(LETTER_MULTIPLIERS[i], " "))
        board.append("".join(squares))
    (data / "layouts" / f"standard{SIZE}.txt").write_text("\n".join(board) + "\n", encoding="ascii")
    return text, len(words)


def child_cpu(command: list[str], cwd: Path | None = None) -> tuple[float, str]:
    """(CPU seconds of the child process, its standard output); fails loudly."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-800:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def timed_child(command: list[str], cwd: Path | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, output)."""
    start = time.perf_counter()
    cpu, out = child_cpu(command, cwd)
    return time.perf_counter() - start, cpu, out


# -- Tirage in process -------------------------------------------------------------------------------

def tirage_block(gaddag, cgps: list[str], repeats: int) -> list[dict[str, float]]:
    """Median CPU microseconds per operation for each position.

    The compiled core keeps the last position's cross-checks for the next call on the same board:
    ``full`` and ``top`` are timed right after a call on another position (so they compute them,
    as MAGPIE's load does), ``all`` and ``best`` right after a call on the same position (so they
    do not, as MAGPIE's generation on a loaded game does not).
    """
    elsewhere = Position(Board(), ("E", ""))  # another position: its call replaces the kept one
    out = []
    for text in cgps:
        samples: dict[str, list[float]] = {op: [] for op in OPS}
        position = parse_cgp(text)
        for _ in range(repeats):
            raw_plays(gaddag, elsewhere)
            t0 = time.process_time()
            generate_moves(gaddag, parse_cgp(text))
            t1 = time.process_time()
            raw_plays(gaddag, elsewhere)
            t2 = time.process_time()
            top_moves(gaddag, parse_cgp(text), 1)
            t3 = time.process_time()
            top_moves(gaddag, position, 0)  # the position read, its lines prepared
            t4 = time.process_time()
            raw_plays(gaddag, position)
            t5 = time.process_time()
            top_moves(gaddag, position, 1)
            t6 = time.process_time()
            for op, value in zip(OPS, (t1 - t0, t3 - t2, t5 - t4, t6 - t5), strict=True):
                samples[op].append(value * 1e6)
        out.append({op: statistics.median(values) for op, values in samples.items()})
    return out


def tirage_found(gaddag, cgps: list[str]) -> list[tuple[int, int, int, int]]:
    """Per position: tile plays, top score, sum and sum of squares of the scores. On an empty board
    MAGPIE lists the horizontal plays only (the vertical ones are their mirror images): so do these
    counts (Tirage lists both, and its times include both)."""
    found = []
    for text in cgps:
        position = parse_cgp(text)
        moves = generate_moves(gaddag, position)
        if position.board.is_empty():
            moves = [m for m in moves if m.dir == "H"]
        scores = [m.score for m in moves]
        found.append((len(scores), max(scores, default=-1), sum(scores), sum(s * s for s in scores)))
    return found


# -- MAGPIE through its harness ----------------------------------------------------------------------

def magpie_block(harness: Path, work: Path, cgp_file: Path, repeats: int
                 ) -> tuple[list[dict[str, float]], list[tuple[int, int, int, int]]]:
    _cpu, out = child_cpu([str(harness), str(work / "data"), LEXICON, str(cgp_file), str(repeats)], cwd=work)
    times, found = [], []
    for line in out.splitlines():
        fields = line.split()
        times.append({op: float(v) for op, v in zip(OPS, fields[1:5], strict=True)})
        found.append(tuple(int(v) for v in fields[5:9]))
    return times, found


# -- report helpers ----------------------------------------------------------------------------------

def median_of_positions(blocks: list[list[dict[str, float]]], op: str) -> float:
    """Median over positions of each position's median over the blocks."""
    per_position = zip(*[[p[op] for p in block] for block in blocks], strict=True)
    return statistics.median(statistics.median(values) for values in per_position)


def block_ratio(ours: list[list[dict[str, float]]], theirs: list[list[dict[str, float]]], op: str) -> float:
    ratios = [sum(p[op] for p in a) / sum(p[op] for p in b) for a, b in zip(ours, theirs, strict=True)]
    return statistics.median(ratios)


def verdict(ratio: float, bound: float) -> str:
    return "met" if ratio <= bound else "NOT met"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--magpie", default=str(ROOT / "var" / "magpie"),
                        help="MAGPIE build directory made by bench/magpie/build.sh (default var/magpie)")
    parser.add_argument("--wordlist", default=None, help="word list (default: the French list make run imports)")
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--blocks", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--builds", type=int, default=3, help="lexicon builds per engine")
    parser.add_argument("--processes", type=int, default=7, help="whole-process runs per engine and task")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--work", default=None, help="working directory (default: a temporary one)")
    args = parser.parse_args()

    magpie_dir = Path(args.magpie)
    magpie_bin, harness = magpie_dir / "src" / "bin" / "magpie", magpie_dir / "tirage-harness"
    have_magpie = magpie_bin.exists() and harness.exists()
    commit = (magpie_dir / "COMMIT").read_text().strip() if (magpie_dir / "COMMIT").exists() else "?"
    print(f"Tirage move generator: {implementation()}; "
          + (f"MAGPIE {commit[:12]} from {magpie_dir}" if have_magpie else
             f"MAGPIE: not built ({magpie_dir} has no src/bin/magpie and tirage-harness): run "
             "bench/magpie/build.sh SOURCE first; Tirage alone is measured"))
    print(f"CPU times; the machine may be shared (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")

    work = Path(args.work or tempfile.mkdtemp(prefix="tirage-vs-magpie-")).resolve()  # MAGPIE runs in it
    text, count = write_inputs(work, args.wordlist or default_french_list())
    ours_file = work / "fr.gaddag"
    print(f"\nword list: {count} words of 2-{SIZE} letters ({text})")

    # -- lexicon build, whole process, alternated
    builds = {"tirage": [], "magpie": []}
    for i in range(args.builds):
        order = ("tirage", "magpie") if i % 2 == 0 else ("magpie", "tirage")
        for engine in order:
            if engine == "tirage":
                builds[engine].append(child_cpu([PY, "-m", "engine", "lexicon", "build", str(text), "-o",
                                                 str(ours_file)])[0])
            elif have_magpie:
                builds[engine].append(child_cpu([str(magpie_bin), "convert", "text2kwg", LEXICON], cwd=work)[0])
    if have_magpie:  # MAGPIE needs leave values even to rank by score: an empty table (all 0), not timed
        (work / "data" / "lexica" / f"{LEXICON}.csv").write_text("", encoding="ascii")
        child_cpu([str(magpie_bin), "convert", "csv2klv", LEXICON], cwd=work)
    ours_build = statistics.median(builds["tirage"])
    line = f"lexicon build (whole process): Tirage {ours_build:.2f} s, {ours_file.stat().st_size:,} bytes"
    if have_magpie:
        theirs_build = statistics.median(builds["magpie"])
        kwg = work / "data" / "lexica" / f"{LEXICON}.kwg"
        ratio = ours_build / theirs_build
        line += (f"; MAGPIE {theirs_build:.2f} s, {kwg.stat().st_size:,} bytes; "
                 f"ratio {ratio:.2f} (target <= 1.5: {verdict(ratio, 1.5)})")
    print(line)

    # -- positions
    gaddag = load_gaddag(ours_file)
    games = self_play(gaddag, 2, args.seed, blanks=True)
    step = len(games) / args.positions
    chosen = [games[int(i * step)] for i in range(args.positions)]
    cgps = [format_cgp(Position(board, (rack, ""))) for board, rack in chosen]
    cgp_file = work / "positions.cgp"
    cgp_file.write_text("".join(f"{c}\n" for c in cgps), encoding="ascii")
    print(f"positions: {len(cgps)} of {len(games)} from 2 greedy self-play games (seed {args.seed}), "
          f"{sum('?' in rack for _b, rack in chosen)} racks with a blank ({cgp_file})")

    # -- in process, blocks alternated
    gc.collect()
    gc.freeze()
    ours_blocks, theirs_blocks, theirs_found = [], [], None
    for b in range(args.blocks):
        order = ("tirage", "magpie") if b % 2 == 0 else ("magpie", "tirage")
        for engine in order:
            if engine == "tirage":
                ours_blocks.append(tirage_block(gaddag, cgps, args.repeats))
            elif have_magpie:
                times, theirs_found = magpie_block(harness, work, cgp_file, args.repeats)
                theirs_blocks.append(times)
    ours_found = tirage_found(gaddag, cgps)
    total_plays = sum(f[0] for f in ours_found)
    print(f"\nper position, in process ({args.blocks} blocks x {args.repeats} repeats; median of the "
          f"{len(cgps)} positions' medians, microseconds of CPU):")
    header = f"{'operation':<44} {'Tirage':>9}" + (f" {'MAGPIE':>9} {'ratio':>7}  target" if have_magpie else "")
    print(header)
    print("-" * len(header))
    labels = {"full": "read CGP + every play + sort", "top": "read CGP + top play",
              "all": "every play, position read (search alone)", "best": "top play, position read (search alone)"}
    targets = {"full": 1.0, "top": 1.0, "all": 1.0, "best": 1.0}
    for op in OPS:
        row = f"{labels[op]:<44} {median_of_positions(ours_blocks, op):9.1f}"
        if have_magpie:
            ratio = block_ratio(ours_blocks, theirs_blocks, op)
            row += (f" {median_of_positions(theirs_blocks, op):9.1f} {ratio:7.2f}  "
                    f"<= {targets[op]:.1f}: {verdict(ratio, targets[op])}")
        print(row)
    print("ratio: Tirage / MAGPIE per block (sum over the positions), median of the blocks")
    if have_magpie:
        same = [a == b for a, b in zip(ours_found, theirs_found, strict=True)]
        print(f"plays: {total_plays} tile plays; count, top score, sum and sum of squares of the scores "
              f"equal on {sum(same)}/{len(same)} positions" + ("" if all(same) else " -- MISMATCH"))
        for i, ok in enumerate(same):
            if not ok:
                print(f"  position {i}: Tirage {ours_found[i]}, MAGPIE {theirs_found[i]}: {cgps[i]}")
    else:
        print(f"plays: {total_plays} tile plays (no MAGPIE to compare with)")

    # -- whole processes
    fastest: dict[str, float] = {}

    def median_process(command: list[str], cwd: Path | None = None) -> tuple[float, float]:
        walls, cpus = [], []
        for _ in range(args.processes):
            wall, cpu, _out = timed_child(command, cwd)
            walls.append(wall)
            cpus.append(cpu)
        fastest[" ".join(command)] = min(walls)
        return statistics.median(walls), statistics.median(cpus)

    # The commands as installed: scripts/lib.sh compiles the engine's bytecode at install; after an edit
    # with PYTHONDONTWRITEBYTECODE set, every process would compile the edited modules again.
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "engine")], check=True, capture_output=True)
    print(f"\nwhole process (median of {args.processes}; wall / CPU milliseconds; wall depends on the "
          f"machine's load, CPU much less; load average {os.getloadavg()[0]:.1f}):")
    tasks = [("every play of the positions", ["--cgp-file", str(cgp_file)], "full"),
             ("top play of the positions", ["--cgp-file", str(cgp_file), "--top", "1"], "top")]
    for label, extra, task in tasks:
        wall, cpu = median_process([PY, "-m", "engine", "moves", str(ours_file), *extra])
        row = f"{label:<44} Tirage {wall * 1e3:6.0f} / {cpu * 1e3:6.0f}"
        if have_magpie:
            m_wall, m_cpu = median_process([str(harness), str(work / "data"), LEXICON, str(cgp_file), "1", task],
                                           cwd=work)
            ratio = cpu / m_cpu
            row += f"   MAGPIE {m_wall * 1e3:6.0f} / {m_cpu * 1e3:6.0f}   CPU ratio {ratio:5.2f}"
            if task == "full":
                row += f" (target <= 1.5: {verdict(ratio, 1.5)})"
        print(row)
    one = [PY, "-m", "engine", "moves", str(ours_file), "--cgp", cgps[len(cgps) // 2], "--top", "1"]
    wall, cpu = median_process(one)
    low = fastest[" ".join(one)]
    print(f"{'Tirage, one position (start-up)':<44} Tirage {wall * 1e3:6.0f} / {cpu * 1e3:6.0f}"
          f"   (target <= 80 ms wall: median {verdict(wall, 0.080)}, fastest run {low * 1e3:.0f} ms "
          f"{verdict(low, 0.080)}; CPU {verdict(cpu, 0.080)})")
    game = [PY, "-m", "engine", "duplicate", str(ours_file), "--seed", "1", "--summary"]
    wall, cpu = median_process(game)
    low = fastest[" ".join(game)]
    print(f"{'Tirage, a duplicate game as a command':<44} Tirage {wall * 1e3:6.0f} / {cpu * 1e3:6.0f}"
          f"   (target <= 150 ms wall: median {verdict(wall, 0.150)}, fastest run {low * 1e3:.0f} ms "
          f"{verdict(low, 0.150)}; CPU {verdict(cpu, 0.150)})")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
