"""Duplicate command: ``duplicate`` (make a whole duplicate game with its tops, as JSON).

Output contract:

* ``duplicate FILE --seed N [--variant classic|joker] [--lexicon-name NAME] [--subtops K] [--style fr|en]``
  → one JSON object::

      {"language", "lexicon", "seed", "variant", "total",
       "end": {"reason": "rule" | "no_play", "rack", "bag"},
       "rounds": [{"number", "rack", "kept", "new", "rejected": [racks put back], "bag": tiles in the bag
                   before the draw, "cgp": the position with the rack, "top": play JSON,
                   "subtops": [the next K plays], "board": [15 rows after the top],
                   "drawn": the new letters (= "new"), "announced": "EEEL+IJX" ("-" first after a rejected
                   draw), "replaced": the letter that took the place of a joker-variant blank, or ""}]}

  Play JSON is the ``moves --json`` object (``coord`` in the chosen style). The same file, seed and
  variant give the same output byte for byte. ``--summary`` prints one line per round instead.

Exit codes: 0 success, 1 a user error on stderr as ``error: ...`` (unusable lexicon file), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.cli.moves_commands import _load
from engine.duplicate import SUBTOPS, VARIANTS, make_game
from engine.scrabble.notation import STYLES


def register(subparsers: Any) -> None:
    duplicate = subparsers.add_parser("duplicate", help="make a duplicate game: seeded draws and the top of each round")
    duplicate.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    duplicate.add_argument("--seed", type=int, default=0, help="the same seed gives the same game")
    duplicate.add_argument("--variant", choices=VARIANTS, default="classic",
                           help="classic, or joker (a blank always on the rack)")
    duplicate.add_argument("--lexicon-name", default=None, help="written as 'lex NAME;' in each round's CGP")
    duplicate.add_argument("--subtops", type=int, default=SUBTOPS, metavar="K",
                           help=f"plays listed after each top (default {SUBTOPS})")
    duplicate.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    duplicate.add_argument("--summary", action="store_true", help="one line per round instead of JSON")
    duplicate.set_defaults(handler=cmd_duplicate)


def cmd_duplicate(args: argparse.Namespace) -> int:
    if args.subtops < 0:
        from engine.cli import CommandError

        raise CommandError(f"--subtops {args.subtops}: expected a number >= 0", exit_code=2)
    gaddag = _load(args.file)
    game = make_game(gaddag, args.seed, args.variant, lexicon_name=args.lexicon_name, subtops=args.subtops)
    if args.summary:
        for r in game.rounds:
            sys.stdout.write(f"{r.number:3d}  {r.rack:<8} {r.top.coord_in(args.style):<4} {r.top.word:<15} "
                             f"{r.top.score:4d}\n")
        sys.stdout.write(f"total {game.total}  end: {game.end_reason}\n")
        return 0
    sys.stdout.write(json.dumps(game.to_json(args.style), ensure_ascii=False) + "\n")
    return 0
