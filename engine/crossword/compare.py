"""The algorithms side by side: the timing table of the French CSP report (seed 002).

Every grid is filled with every algorithm and every seed (``0 .. seeds-1``) under the same time limit;
each cell of the table says how many runs filled the grid, how many were proved unsolvable or ran out
of time, and the median time, nodes and backtracks over all its runs (a run stopped by the clock counts
with the time it was given, so a slow algorithm is not flattered by leaving out its failures).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

from engine.crossword.errors import FillError, Unsolvable
from engine.crossword.filler import fill_grid
from engine.crossword.grid import Grid
from engine.crossword.solver import SearchOptions
from engine.crossword.wordsource import CrosswordLexicon

ComparisonProgress = Callable[[int, int], None]
"""Called with (runs done, runs in all) after each run."""


def compare_fills(grids: Sequence[tuple[str, Grid]], lexicon: CrosswordLexicon, algorithms: Sequence[str], *,
                  seeds: int = 3, time_limit: float = 10.0,
                  progress: ComparisonProgress | None = None) -> list[dict[str, Any]]:
    """One row per (grid, algorithm): ``{"grid", "algorithm", "runs", "solved", "unsolvable",
    "timeouts", "median_time", "median_nodes", "median_backtracks"}``, grids in the given order."""
    if seeds < 1:
        raise ValueError("seeds must be at least 1")
    options = {name: SearchOptions.for_algorithm(name) for name in algorithms}
    total = len(grids) * len(algorithms) * seeds
    done = 0
    table = []
    for name, grid in grids:
        for algorithm in algorithms:
            times, nodes, backtracks = [], [], []
            outcome = {"solved": 0, "unsolvable": 0, "timeouts": 0}
            for seed in range(seeds):
                try:
                    stats = fill_grid(grid, lexicon, seed=seed, time_limit=time_limit,
                                      options=options[algorithm]).stats
                    outcome["solved"] += 1
                except Unsolvable as exc:
                    stats = exc.stats
                    outcome["unsolvable"] += 1
                except FillError as exc:  # the clock (or a backtrack limit) stopped it
                    stats = exc.stats
                    outcome["timeouts"] += 1
                times.append(float(stats.get("seconds", time_limit)))
                nodes.append(int(stats.get("nodes", 0)))
                backtracks.append(int(stats.get("backtracks", 0)))
                done += 1
                if progress is not None:
                    progress(done, total)
            table.append({"grid": name, "algorithm": algorithm, "runs": seeds, **outcome,
                          "median_time": round(statistics.median(times), 4),
                          "median_nodes": statistics.median(nodes),
                          "median_backtracks": statistics.median(backtracks)})
    return table


def format_comparison(table: Sequence[dict[str, Any]]) -> str:
    """The table as aligned text, one line per (grid, algorithm)."""
    header = ("grid", "algorithm", "solved", "median s", "backtracks", "nodes")
    lines = [header]
    for row in table:
        lines.append((str(row["grid"]), row["algorithm"], f"{row['solved']}/{row['runs']}",
                      f"{row['median_time']:.3f}", f"{row['median_backtracks']:g}", f"{row['median_nodes']:g}"))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i])
                               for i, cell in enumerate(line)) for line in lines)
