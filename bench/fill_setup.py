"""Benchmark of the crossword fill's set-up: from a compiled lexicon to the indexes a grid needs.

Run: ``.venv/bin/python bench/fill_setup.py [--wordlist PATH] [--repeat 5]``

Each measure runs in a fresh Python process (what a command or a new worker pays): load the compiled
lexicon's words for the filler (:func:`engine.crossword.load_lexicon`) and build the index of every slot
length of a 5×5 and a 15×15 grid, timed in CPU seconds inside that process (the import of
``engine.crossword`` apart). "cold": the word cache
beside the compiled file removed first (the first fill on a new lexicon version builds and writes it);
"warm": the cache in place (every later fill, in any process). Also the whole ``python -m engine fill``
command on the 5×5 grid, wall time. The compiled lexicon is built once from the word list (the French
list ``make run`` imports by default) into ``var/bench/``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from french_list import default_french_list  # noqa: E402

from engine.crossword.wordcache import cache_path_for  # noqa: E402

GRIDS = {"5x5": (2, 3, 4, 5), "15x15": tuple(range(2, 16))}
MEASURE = """
import json, sys, time
begin = time.process_time()
from engine.crossword import load_lexicon
start = time.process_time()
lexicon = load_lexicon(sys.argv[1])
loaded = time.process_time()
for length in json.loads(sys.argv[2]):
    lexicon.index(length)
print(json.dumps({"import": start - begin, "load": loaded - start, "setup": time.process_time() - start}))
"""


def measure(lexicon: Path, lengths: tuple[int, ...], cold: bool) -> dict[str, float]:
    if cold:
        cache_path_for(lexicon).unlink(missing_ok=True)
    out = subprocess.run([sys.executable, "-c", MEASURE, str(lexicon), json.dumps(lengths)], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", help="word list to compile (default: the French list make run imports)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    source = Path(args.wordlist or default_french_list())
    lexicon = ROOT / "var" / "bench" / f"{source.stem}.gaddag"
    if not lexicon.exists() or lexicon.stat().st_mtime < source.stat().st_mtime:
        lexicon.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "engine", "lexicon", "build", str(source), "-o", str(lexicon)],
                       cwd=ROOT, check=True, capture_output=True)
    print(f"lexicon: {lexicon} (from {source})")
    print(f"{'grid':<7} {'cache':<5} {'import s':>8} {'load s':>7} {'set-up s':>8}  "
          f"(CPU, median of {args.repeat} fresh processes; set-up = load + the grid's indexes)")
    for grid, lengths in GRIDS.items():
        for cold in (True, False):
            runs = [measure(lexicon, lengths, cold) for _ in range(args.repeat)]
            print(f"{grid:<7} {'cold' if cold else 'warm':<5} {statistics.median(r['import'] for r in runs):>8.3f} "
                  f"{statistics.median(r['load'] for r in runs):>7.3f} {statistics.median(r['setup'] for r in runs):>8.3f}")
    grid = "...../...../...../...../....."
    walls = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "engine", "fill", str(lexicon), "--grid", grid, "--seed", "1"],
                       cwd=ROOT, check=True, capture_output=True)
        walls.append(time.perf_counter() - start)
    print(f"python -m engine fill (5x5, warm cache): median {statistics.median(walls):.3f} s wall, "
          f"best {min(walls):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
