"""``python -m engine fill ...`` and ``python -m engine grid ...``: crossword construction.

``fill FILE --grid GRID [--style fr|us] [--seed N] [--time-limit S] [--min-score X] [--json]``

- FILE: a compiled lexicon (recognised by its magic bytes ``TIRGADDG``; its header gives the
  language) or a plain word list, one word per line, read with ``--language`` (default: ``en`` for
  style ``us``, ``fr`` otherwise); lines that are not words (``aujourd'hui``, ``peut-être``) are left out.
- GRID: a file path if such a file exists, ``-`` for standard input, else the rows inline, separated
  by ``/`` or newlines: ``.`` empty, ``#`` black, a letter prefilled (e.g. ``"...../.#.#./....."``).
- ``--scores FILE`` (``word<TAB>score``) sets word quality; default wordfreq frequencies (Zipf),
  ``--uniform-scores`` makes all words equal. ``--min-score X`` keeps words scoring at least X, except
  in a slot that would otherwise be empty, and is dropped entirely if the grid is unsolvable with it.
- ``--definitions FILE`` (``WORD<TAB>definition``) gives clues; other words get an anagram clue.
- ``--theme W1,W2`` places these words first where they fit.
- ``--progress`` prints the progress reports (what a web task receives) on stderr as JSON lines.

With ``--json`` one object: ``{"grid": [rows], "slots": [{"number", "dir": "A"|"D", "row", "col",
"answer", "clue", "length", "score"}], "stats": {"seconds", "nodes", "backtracks", "restarts",
"mean_score", ...}}`` (rows and columns from 0; slots across by number, then down). Exit codes: 0
filled; 1 bad input (grid text, files, options); 2 proved unsolvable; 3 time limit (or
``--max-backtracks``) reached. The reason is printed on stderr.

``grid --size N [--height H] [--style fr|us] [--seed N] [--max-word-length L] [--json]`` prints a
valid pattern, one row per line (``--json``: ``{"grid": [rows], "slots": [...]}``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from engine.alphabet import LANGUAGES
from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.crossword import (
    STYLES,
    BacktrackLimit,
    EmptyDomain,
    GridError,
    Timeout,
    Unsolvable,
    fill_grid,
    generate_pattern,
    load_lexicon,
    make_clue,
    parse_grid,
    read_definitions,
    read_scores,
)

EXIT_UNSOLVABLE = 2
EXIT_LIMIT = 3


def register(subparsers: argparse._SubParsersAction) -> None:
    fill = subparsers.add_parser("fill", help="fill a crossword grid from a lexicon")
    fill.add_argument("file", metavar="FILE", help="compiled lexicon or word list")
    fill.add_argument("--grid", required=True, help="grid file, '-' for stdin, or rows separated by '/'")
    fill.add_argument("--style", choices=sorted(STYLES), default="fr", help="grid rules (default fr)")
    fill.add_argument("--language", choices=LANGUAGES, default=None,
                      help="language of a word list (default en for --style us, else fr)")
    fill.add_argument("--seed", type=int, default=0, help="random seed: same seed, same fill")
    fill.add_argument("--time-limit", type=float, default=None, metavar="S", help="seconds (default none)")
    fill.add_argument("--max-backtracks", type=int, default=None, metavar="N", help="give up after N")
    fill.add_argument("--min-score", type=float, default=None, metavar="X", help="word quality threshold")
    fill.add_argument("--scores", default=None, metavar="FILE", help="word<TAB>score quality list")
    fill.add_argument("--uniform-scores", action="store_true", help="all words of equal quality")
    fill.add_argument("--definitions", default=None, metavar="FILE", help="WORD<TAB>definition clues")
    fill.add_argument("--theme", default="", help="comma-separated words to place first")
    fill.add_argument("--progress", action="store_true",
                      help="print search progress on stderr, one JSON object per line, about twice a second")
    fill.add_argument("--json", action="store_true", help="print one JSON object")
    fill.set_defaults(handler=_fill)

    grid = subparsers.add_parser("grid", help="generate a crossword grid pattern")
    grid.add_argument("--size", type=int, required=True, help="width (and height unless --height)")
    grid.add_argument("--height", type=int, default=None)
    grid.add_argument("--style", choices=sorted(STYLES), default="us", help="grid rules (default us)")
    grid.add_argument("--seed", type=int, default=0)
    grid.add_argument("--max-word-length", type=int, default=None)
    grid.add_argument("--json", action="store_true", help="print one JSON object with the slots")
    grid.set_defaults(handler=_grid)


def _grid_text(arg: str) -> str:
    if arg == "-":
        return sys.stdin.read()
    if os.path.isfile(arg):
        try:
            with open(arg, encoding="utf-8-sig") as handle:
                return handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read grid file {arg}: {exc}") from None
    return arg


def _fill(args: argparse.Namespace) -> int:
    try:
        grid = parse_grid(_grid_text(args.grid), args.style)
    except GridError as exc:
        raise CommandError(f"bad grid: {exc}") from None
    language = args.language or ("en" if args.style == "us" else "fr")
    if args.uniform_scores and args.scores:
        raise CommandError("--scores and --uniform-scores exclude each other")
    try:
        scores = read_scores(args.scores, language) if args.scores else None
        source = "uniform" if args.uniform_scores else "auto"
        lexicon = load_lexicon(args.file, args.language, scores=scores, score_source=source)
        definitions = read_definitions(args.definitions) if args.definitions else None
        theme = [w for w in args.theme.split(",") if w.strip()]
    except OSError as exc:
        raise CommandError(f"cannot read {exc.filename or args.file}: {exc.strerror or exc}") from None
    except ValueError as exc:  # word list, score, definition and lexicon format errors
        raise CommandError(str(exc)) from None
    try:
        result = fill_grid(grid, lexicon, seed=args.seed, time_limit=args.time_limit,
                           min_score=args.min_score, max_backtracks=args.max_backtracks, theme=theme,
                           progress=_print_progress if args.progress else None)
    except ValueError as exc:  # bad option values (e.g. a negative time limit, a bad theme word)
        raise CommandError(str(exc)) from None
    except EmptyDomain as exc:
        raise CommandError(f"unsolvable: {exc}", EXIT_UNSOLVABLE) from None
    except Unsolvable as exc:
        raise CommandError(f"unsolvable: {exc}", EXIT_UNSOLVABLE) from None
    except (Timeout, BacktrackLimit) as exc:
        raise CommandError(f"{exc} ({len(exc.partial)}/{len(grid.slots)} slots fixed)", EXIT_LIMIT) from None
    if args.json:
        print_json_line(result.to_json(definitions))
        return 0
    for row in result.rows:
        print(" ".join(row))
    for direction, title in (("A", "Across"), ("D", "Down")):
        print(f"\n{title}")
        for a in result.answers:
            if a.direction == direction:
                print(f"{a.number:>3}. {make_clue(a.answer, definitions)}  [{a.answer}]")
    stats = result.stats
    print(f"\n{stats['seconds']:.2f} s, {stats['nodes']} nodes, {stats['backtracks']} backtracks, "
          f"{stats['restarts']} restarts, mean word score {stats['mean_score']:.2f}", file=sys.stderr)
    return 0


def _print_progress(info: dict) -> None:
    print(json.dumps(info), file=sys.stderr, flush=True)


def _grid(args: argparse.Namespace) -> int:
    try:
        rows = generate_pattern(args.size, args.style, args.seed, height=args.height,
                                max_word_length=args.max_word_length)
    except ValueError as exc:  # GridError is a ValueError too
        raise CommandError(str(exc)) from None
    if args.json:
        grid = parse_grid(rows, args.style)
        print_json_line({"grid": rows, "slots": [
            {"number": s.number, "dir": s.direction, "row": s.row, "col": s.col, "length": s.length}
            for s in grid.slots]})
    else:
        print("\n".join(rows))
    return 0
