"""CBIC command: ``cbic`` (a training grid where every revision word crosses the board at its support).

Output contract:

* ``cbic FILE --word BACCARAT:T --word PRIVATIF:5 ... [--central W] [--seed N] [--bag] [--top N]
  [--time-budget S] [--style fr|en] [--lexicon-name NAME] [--timings] --json`` → one JSON object::

      {"board": [15 strings, "." empty, lower case = blank],
       "placed": [{"word", "row", "col", "dir", "coord", "support": {"row", "col", "letter", "index"},
                   "situation": {"cgp", "rack", "top": [movegen play JSON + "expected"], "expected",
                                 "expected_rank", "moves"}, "spec", "step"}],
       "unplaced": [{"word", "reason", "spec", "code", "params"}],
       "helpers": [{"word", "row", "col", "dir", "coord", "step"}],
       "central": {"word", "row", "col", "dir", "coord", "step"},
       "stats": {...}}

  (``row``/``col`` 0-based; a support given as a letter may be any occurrence of it, ``index`` says
  which one served; ``reason`` is English, ``code`` + ``params`` say the same for programs that
  translate it: ``engine.cbic.generator.Builder.explain``). The same input and ``--seed`` give the same output, byte for byte, unless
  ``--timings`` adds wall-clock seconds to ``stats`` (or the time budget cut the search:
  ``stats.stopped_by_time``). Without ``--json``: the board and one line per word.
* ``--words-file F``: more ``WORD:SUPPORT`` specs, one per line (``#`` comments and blank lines skipped).

Exit codes: 0 success (even when some words could not be placed: see ``unplaced``), 1 a user error on
stderr as ``error: ...`` (bad word or support, word not in the lexicon, unusable lexicon file), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cbic import CbicInputError, RevisionWord, generate_training_grid
from engine.cli import CommandError
from engine.gaddag import Gaddag, LexiconFormatError, load_gaddag
from engine.scrabble.notation import STYLES


def register(subparsers: Any) -> None:
    cbic = subparsers.add_parser("cbic", help="a CBIC training grid: each revision word through its support letter")
    cbic.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    cbic.add_argument("--word", action="append", default=[], metavar="WORD:SUPPORT",
                      help="a revision word and its support: a letter (any occurrence) or a 0-based index")
    cbic.add_argument("--words-file", metavar="F", help="more WORD:SUPPORT lines")
    cbic.add_argument("--central", default=None, help="the central word (default: chosen for the set)")
    cbic.add_argument("--seed", type=int, default=0, help="the same seed gives the same grid")
    cbic.add_argument("--bag", action="store_true", help="keep tile counts within the bag (blanks when short)")
    cbic.add_argument("--top", type=int, default=10, metavar="N", help="best plays per situation (0 = none)")
    cbic.add_argument("--time-budget", type=float, default=10.0, metavar="S",
                      help="wall-clock seconds for the construction (default 10)")
    cbic.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    cbic.add_argument("--lexicon-name", default=None, help="written as 'lex NAME;' in each situation's CGP")
    cbic.add_argument("--timings", action="store_true",
                      help="add wall-clock seconds to stats (the output then varies run to run)")
    cbic.add_argument("--json", action="store_true")
    cbic.set_defaults(handler=cmd_cbic)


def _load(path: str) -> Gaddag:
    try:
        return load_gaddag(path)
    except LexiconFormatError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot open the lexicon: {exc.strerror or exc}") from None


def _specs(args: argparse.Namespace) -> list[RevisionWord]:
    lines = list(args.word)
    if args.words_file:
        try:
            text = Path(args.words_file).read_text(encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{args.words_file}: cannot read: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise CommandError(f"{args.words_file}: not UTF-8 text (byte {exc.start})") from None
        lines.extend(line.strip() for line in text.splitlines()
                     if line.strip() and not line.lstrip().startswith("#"))
    if not lines:
        raise CommandError("no revision word: give --word WORD:SUPPORT (or --words-file)", exit_code=2)
    return [RevisionWord.parse(spec) for spec in lines]


def cmd_cbic(args: argparse.Namespace) -> int:
    if args.top < 0:
        raise CommandError(f"--top {args.top}: expected a number >= 0", exit_code=2)
    if args.time_budget <= 0:
        raise CommandError(f"--time-budget {args.time_budget}: expected a number of seconds > 0", exit_code=2)
    try:
        items = _specs(args)
        gaddag = _load(args.file)
        grid = generate_training_grid(gaddag, items, central=args.central, seed=args.seed, bag=args.bag,
                                      time_budget=args.time_budget, top_n=args.top,
                                      lexicon_name=args.lexicon_name)
    except CbicInputError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        sys.stdout.write(json.dumps(grid.to_json(args.style, timings=args.timings), ensure_ascii=False) + "\n")
        return 0
    out = sys.stdout
    out.write("\n".join(grid.board.rows()) + "\n\n")
    out.write(f"central  {grid.central.word} {grid.to_json(args.style)['central']['coord']}\n")
    for placed in grid.placed:
        data = placed.to_json(args.style)
        situation = data["situation"]
        rank = situation["expected_rank"]
        out.write(f"{data['coord']:<4} {placed.word:<9} through {placed.support_letter} "
                  f"rack {situation['rack']:<8} score {situation['expected']['score']}"
                  + (f", rank {rank}/{situation['moves']}" if rank else "") + "\n")
    for helper in grid.helpers:
        out.write(f"helper   {helper.word}\n")
    for unplaced in grid.unplaced:
        out.write(f"NOT PLACED {unplaced.word}: {unplaced.reason}\n")
    return 0
