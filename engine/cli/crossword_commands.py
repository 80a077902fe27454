"""``python -m engine fill ...`` and ``python -m engine grid ...``: crossword construction.

``fill FILE [FILE ...] --grid GRID [--grid-format text|01] [--style fr|us] [--algorithm bt|fc|fc-cbj|mac]
[--order domwdeg|mrv|mrv-degree|static] [--values mixed|lcv|quality|alpha] [--seed N] [--time-limit S]
[--min-score X] [--json]``

- FILE: one or several lexicons (their union fills the grid, each word with its best score); each a compiled lexicon (recognised by its magic bytes ``TIRGADDG``; its header gives the
  language) or a plain word list, one word per line, read with ``--language`` (default: ``en`` for
  style ``us``, ``fr`` otherwise); lines that are not words (``aujourd'hui``, ``peut-être``) are left out.
- GRID: a file path if such a file exists, ``-`` for standard input, else the rows inline, separated
  by ``/`` or newlines: ``.`` empty, ``#`` black, a letter prefilled (e.g. ``"...../.#.#./....."``).
  ``--grid-format 01`` reads the French CSP report's files instead: ``1`` black, ``0`` white.
- ``--algorithm``: ``mac`` (default: arc consistency, backjumping), ``fc-cbj``, ``fc`` (forward
  checking), ``bt`` (plain backtracking); ``--order`` and ``--values`` choose the variable and value
  orders (defaults: ``domwdeg`` and ``mixed``, the tuned ones).
- ``--scores FILE`` (``word<TAB>score``) sets word quality; default wordfreq frequencies (Zipf),
  ``--uniform-scores`` makes all words equal. ``--min-score X`` keeps words scoring at least X, except
  in a slot that would otherwise be empty, and is dropped entirely if the grid is unsolvable with it.
- ``--definitions FILE`` (``WORD<TAB>definition``) gives clues; other words get an anagram clue.
- ``--theme W1,W2`` places these words first where they fit.
- ``--progress`` prints the progress reports (what a web task receives) on stderr as JSON lines.

With ``--json`` one object: ``{"grid": [rows], "slots": [{"number", "dir": "A"|"D", "row", "col",
"answer", "clue", "length", "score"}], "stats": {"seconds", "nodes", "backtracks", "restarts",
"mean_score", ...}, "algorithm", "time", "nodes", "backtracks"}`` (rows and columns from 0; slots
across by number, then down). Exit codes: 0
filled; 1 bad input (grid text, files, options); 2 proved unsolvable; 3 time limit (or
``--max-backtracks``) reached. The reason is printed on stderr.

``grid --size N [--height H] [--style fr|us] [--seed N] [--max-word-length L] [--json]`` prints a
valid pattern, one row per line (``--json``: ``{"grid": [rows], "slots": [...]}``). With ``--blocks K``
(and ``--rows R --cols C`` for a rectangle) the grid has exactly K black cells, placed at random where
the grid stays valid (symmetric for ``us``). ``--format 01`` writes the 0/1 form, ``-o FILE`` a file.

``fill-compare FILE... --grid GRID... [--algorithms fc,fc-cbj,mac] [--seeds N] [--time-limit S] [--json]``
fills every grid with every algorithm and seed and prints the report's table: grid × algorithm, how
many runs filled the grid, the median time and backtracks (``--json``: ``{"rows": [...]}``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from engine.alphabet import LANGUAGES
from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.crossword import (
    ALGORITHMS,
    GRID_FORMATS,
    HEURISTICS,
    STYLES,
    VALUE_ORDERS,
    BacktrackLimit,
    CrosswordLexicon,
    EmptyDomain,
    Grid,
    GridError,
    SearchOptions,
    Timeout,
    Unsolvable,
    combine_lexicons,
    compare_fills,
    fill_grid,
    format_comparison,
    generate_pattern,
    load_lexicon,
    make_clue,
    parse_grid,
    random_pattern,
    read_definitions,
    read_grid_file,
    read_scores,
    write_grid_file,
)

EXIT_UNSOLVABLE = 2
EXIT_LIMIT = 3


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    fill = subparsers.add_parser("fill", help="fill a crossword grid from a lexicon")
    fill.add_argument("file", metavar="FILE", nargs="+", help="compiled lexicons or word lists (their union)")
    fill.add_argument("--grid", required=True, help="grid file, '-' for stdin, or rows separated by '/'")
    _add_grid_options(fill)
    fill.add_argument("--algorithm", choices=list(ALGORITHMS), default="mac", help="search algorithm (default mac)")
    fill.add_argument("--order", choices=HEURISTICS, default="domwdeg", help="variable order (default domwdeg)")
    fill.add_argument("--values", choices=VALUE_ORDERS, default="mixed", help="value order (default mixed)")
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
    grid.add_argument("--size", type=int, default=None, help="width (and height unless --height)")
    grid.add_argument("--height", type=int, default=None)
    grid.add_argument("--rows", type=int, default=None, help="height (with --blocks)")
    grid.add_argument("--cols", type=int, default=None, help="width (with --blocks)")
    grid.add_argument("--blocks", type=int, default=None, metavar="K", help="exactly K black cells, at random")
    grid.add_argument("--style", choices=sorted(STYLES), default="us", help="grid rules (default us)")
    grid.add_argument("--seed", type=int, default=0)
    grid.add_argument("--max-word-length", type=int, default=None)
    grid.add_argument("--format", choices=GRID_FORMATS, default="text", help="text (. and #) or 01 (1 black)")
    grid.add_argument("-o", "--output", default=None, metavar="FILE", help="write the grid to FILE")
    grid.add_argument("--json", action="store_true", help="print one JSON object with the slots")
    grid.set_defaults(handler=_grid)

    compare = subparsers.add_parser("fill-compare", help="compare fill algorithms on grids (the report's table)")
    compare.add_argument("file", metavar="FILE", nargs="+", help="compiled lexicons or word lists (their union)")
    compare.add_argument("--grid", required=True, nargs="+", help="grid files (or inline rows)")
    _add_grid_options(compare)
    compare.add_argument("--algorithms", default="fc,fc-cbj,mac",
                         help=f"comma-separated, among {','.join(ALGORITHMS)} (default fc,fc-cbj,mac)")
    compare.add_argument("--seeds", type=int, default=3, metavar="N", help="runs per grid and algorithm (default 3)")
    compare.add_argument("--time-limit", type=float, default=10.0, metavar="S", help="seconds per run (default 10)")
    compare.add_argument("--json", action="store_true", help="print one JSON object")
    compare.set_defaults(handler=_compare)


def _add_grid_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--grid-format", choices=GRID_FORMATS, default="text",
                        help="grid files: text (. # letters, default) or 01 (1 black, 0 white)")
    parser.add_argument("--style", choices=sorted(STYLES), default="fr", help="grid rules (default fr)")
    parser.add_argument("--language", choices=LANGUAGES, default=None,
                        help="language of a word list (default en for --style us, else fr)")


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


def _read_grid(arg: str, args: argparse.Namespace) -> Grid:
    """The parsed grid of ``--grid`` (a file, stdin or inline rows) in ``--grid-format``."""
    text = _grid_text(arg)
    inline = text == arg
    if inline and args.grid_format == "text":
        text = text.replace("/", "\n")
    try:
        return parse_grid(read_grid_file(text, args.grid_format), args.style)
    except GridError as exc:
        name = "" if inline or arg == "-" else f" {arg}"
        raise CommandError(f"bad grid{name}: {exc}") from None


def _load_lexicons(paths: list[str], language: str | None, **kwargs: Any) -> CrosswordLexicon:
    try:
        return combine_lexicons(load_lexicon(path, language, **kwargs) for path in paths)
    except OSError as exc:
        raise CommandError(f"cannot read {exc.filename or paths[0]}: {exc.strerror or exc}") from None
    except ValueError as exc:  # word list and lexicon format errors, languages that differ
        raise CommandError(str(exc)) from None


def _fill(args: argparse.Namespace) -> int:
    grid = _read_grid(args.grid, args)
    language = args.language or ("en" if args.style == "us" else "fr")
    if args.uniform_scores and args.scores:
        raise CommandError("--scores and --uniform-scores exclude each other")
    try:
        scores = read_scores(args.scores, language) if args.scores else None
        source = "uniform" if args.uniform_scores else "auto"
        lexicon = _load_lexicons(args.file, args.language, scores=scores, score_source=source)
        options = SearchOptions.for_algorithm(args.algorithm, heuristic=args.order, values=args.values)
        definitions = read_definitions(args.definitions) if args.definitions else None
        theme = [w for w in args.theme.split(",") if w.strip()]
    except OSError as exc:
        raise CommandError(f"cannot read {exc.filename}: {exc.strerror or exc}") from None
    except ValueError as exc:  # score and definition format errors
        raise CommandError(str(exc)) from None
    try:
        result = fill_grid(grid, lexicon, seed=args.seed, time_limit=args.time_limit,
                           min_score=args.min_score, max_backtracks=args.max_backtracks, theme=theme,
                           progress=_print_progress if args.progress else None, options=options)
    except ValueError as exc:  # bad option values (e.g. a negative time limit, a bad theme word)
        raise CommandError(str(exc)) from None
    except EmptyDomain as exc:
        raise CommandError(f"unsolvable: {exc}", EXIT_UNSOLVABLE) from None
    except Unsolvable as exc:
        raise CommandError(f"unsolvable: {exc}", EXIT_UNSOLVABLE) from None
    except (Timeout, BacktrackLimit) as exc:
        raise CommandError(f"{exc} ({len(exc.partial)}/{len(grid.slots)} slots fixed)", EXIT_LIMIT) from None
    if args.json:
        stats = result.stats
        print_json_line({**result.to_json(definitions), "algorithm": args.algorithm, "time": stats["seconds"],
                         "nodes": stats["nodes"], "backtracks": stats["backtracks"]})
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


def _print_progress(info: dict[str, Any]) -> None:
    print(json.dumps(info), file=sys.stderr, flush=True)


def _grid(args: argparse.Namespace) -> int:
    cols = args.cols if args.cols is not None else args.size
    rows_count = args.rows if args.rows is not None else (args.height if args.height is not None else cols)
    if cols is None:
        raise CommandError("give the grid's size: --size N (or --rows R --cols C)")
    try:
        if args.blocks is not None:
            rows = random_pattern(rows_count, cols, args.blocks, args.style, args.seed)
        else:
            if args.rows is not None and args.rows != rows_count or args.cols is not None and args.cols != cols:
                raise CommandError("--rows and --cols go with --blocks; without it use --size and --height")
            rows = generate_pattern(cols, args.style, args.seed, height=rows_count,
                                    max_word_length=args.max_word_length)
    except ValueError as exc:  # GridError is a ValueError too
        raise CommandError(str(exc)) from None
    if args.json:
        grid = parse_grid(rows, args.style)
        document = json.dumps({"grid": rows, "slots": [
            {"number": s.number, "dir": s.direction, "row": s.row, "col": s.col, "length": s.length}
            for s in grid.slots]}, ensure_ascii=False) + "\n"
    else:
        document = write_grid_file(rows, args.format)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as handle:
                handle.write(document)
        except OSError as exc:
            raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(document)
    return 0


def _compare(args: argparse.Namespace) -> int:
    algorithms = [a.strip() for a in args.algorithms.split(",") if a.strip()]
    unknown = [a for a in algorithms if a not in ALGORITHMS]
    if unknown or not algorithms:
        raise CommandError(f"unknown algorithm {', '.join(unknown) or '(none)'}; expected some of "
                           f"{', '.join(ALGORITHMS)}")
    if args.seeds < 1:
        raise CommandError("--seeds must be at least 1")
    if not args.time_limit > 0:
        raise CommandError("--time-limit must be positive")
    grids = [(name, _read_grid(name, args)) for name in args.grid]
    lexicon = _load_lexicons(args.file, args.language)
    table = compare_fills(grids, lexicon, algorithms, seeds=args.seeds, time_limit=args.time_limit)
    if args.json:
        print_json_line({"rows": table})
        return 0
    print(format_comparison(table))
    return 0
