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
  variant give the same output byte for byte. ``--summary`` prints one line per round instead (number, the
  rack as announced, coordinate, word, points).

* ``duplicate import FILE --lexicon LEX [--format eliot|eliot-xml|gcg] [--variant classic|joker]
  [--lexicon-name NAME] [--json]``: read a game record (format guessed from the file when not given), check
  every round on the board (a malformed file: ``error: FILE: line N: reason``, exit 1), compute Tirage's
  top of every round with LEX and print the rounds where they differ (both plays and the words that make
  the difference). ``--json``: the imported game (the ``duplicate`` JSON above, the file's plays as tops,
  ``end.reason = "record"``) plus ``"differences": [{"round", "file", "tirage", "missing", "accepted"}]``.
* ``duplicate export [INPUT] --format eliot|eliot-xml|gcg [-o OUT] [--lexicon LEX --seed N --variant V]``:
  write a game as a record. INPUT is the JSON printed by ``duplicate`` (``-`` for stdin) or a record file in
  any format (converted); without INPUT, ``--lexicon`` and ``--seed`` make the game. ``--word-count N``
  (or the lexicon's) goes into Eliot's XML ``<WordNb>``.

Exit codes: 0 success, 1 a user error on stderr as ``error: ...`` (unusable lexicon file, malformed record),
2 usage.
"""

from __future__ import annotations

import json
import sys

from engine.cli.moves_commands import _load
from engine.duplicate import SUBTOPS, VARIANTS, make_game
from engine.duplicate.records import (
    FORMATS,
    GameRecord,
    RecordError,
    detect_format,
    import_record,
    read_record,
    record_from_game,
    record_from_json,
    replay,
    write_record,
)
from engine.scrabble.notation import STYLES

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any


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

    imp = subparsers.add_parser("duplicate-import", help="duplicate import FILE --lexicon LEX: replay a game record "
                                "(Eliot, Eliot XML, GCG) and compare its tops with Tirage's")
    imp.add_argument("file", metavar="FILE", help="the game record")
    imp.add_argument("--lexicon", required=True, metavar="LEX", help="compiled lexicon (python -m engine lexicon build)")
    imp.add_argument("--format", choices=FORMATS, default=None, help="the record's format (default: guessed)")
    imp.add_argument("--variant", choices=VARIANTS, default=None,
                     help="the game's variant when the file does not say (Eliot's plain text)")
    imp.add_argument("--lexicon-name", default=None, help="the lexicon's name, written in the game")
    imp.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    imp.add_argument("--json", action="store_true", help="the imported game and its differences as JSON")
    imp.set_defaults(handler=cmd_import)

    exp = subparsers.add_parser("duplicate-export", help="duplicate export [INPUT] --format F: write a game as a "
                                "record (Eliot, Eliot XML, GCG)")
    exp.add_argument("input", nargs="?", metavar="INPUT",
                     help="JSON printed by 'duplicate' ('-' = stdin) or a record file to convert")
    exp.add_argument("--format", choices=FORMATS, required=True, help="the record format to write")
    exp.add_argument("-o", "--output", default=None, metavar="OUT", help="file to write (default: stdout)")
    exp.add_argument("--lexicon", default=None, metavar="LEX", help="with --seed: make the game with this lexicon")
    exp.add_argument("--seed", type=int, default=None)
    exp.add_argument("--variant", choices=VARIANTS, default="classic")
    exp.add_argument("--lexicon-name", default=None)
    exp.add_argument("--word-count", type=int, default=None, help="Eliot XML <WordNb> (default: the lexicon's)")
    exp.set_defaults(handler=cmd_export)


def cmd_duplicate(args: argparse.Namespace) -> int:
    if args.subtops < 0:
        from engine.cli import CommandError

        raise CommandError(f"--subtops {args.subtops}: expected a number >= 0", exit_code=2)
    gaddag = _load(args.file)
    game = make_game(gaddag, args.seed, args.variant, lexicon_name=args.lexicon_name, subtops=args.subtops)
    if args.summary:
        for r in game.rounds:
            sys.stdout.write(f"{r.number:3d}  {r.announced:<9} {r.top.coord_in(args.style):<4} {r.top.word:<15} "
                             f"{r.top.score:4d}\n")
        sys.stdout.write(f"total {game.total}  end: {game.end_reason}\n")
        return 0
    sys.stdout.write(json.dumps(game.to_json(args.style), ensure_ascii=False) + "\n")
    return 0


def _read_text(path: str) -> str:
    from engine.cli import CommandError

    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise CommandError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not UTF-8 text") from None


def _read_record(path: str, text: str, fmt: str | None, variant: str | None = None) -> GameRecord:
    from engine.cli import CommandError

    fmt = fmt or detect_format(text)
    if fmt is None:
        raise CommandError(f"{path}: cannot tell the format (Eliot, Eliot XML or GCG): give --format")
    try:
        record = read_record(text, fmt, variant=variant)
        replay(record)
    except RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None
    return record


def cmd_import(args: argparse.Namespace) -> int:
    from engine.cli import CommandError

    text = _read_text(args.file)
    record = _read_record(args.file, text, args.format, args.variant)
    gaddag = _load(args.lexicon)
    try:
        result = import_record(record, gaddag, lexicon_name=args.lexicon_name)
    except RecordError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    if args.json:
        sys.stdout.write(json.dumps(result.to_json(args.style), ensure_ascii=False) + "\n")
        return 0
    game = result.game
    sys.stdout.write(f"{len(game.rounds)} rounds, total {game.total}, file's lexicon: {record.lexicon or '-'}; "
                     f"{len(result.differences)} round(s) where Tirage's top differs\n")
    for difference in result.differences:
        sys.stdout.write(difference.describe(args.style) + "\n")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from engine.cli import CommandError

    word_count = args.word_count
    if args.input is None:
        if args.lexicon is None or args.seed is None:
            raise CommandError("give INPUT (a game's JSON or a record file), or --lexicon and --seed", exit_code=2)
        gaddag = _load(args.lexicon)
        record = record_from_game(make_game(gaddag, args.seed, args.variant, lexicon_name=args.lexicon_name, subtops=0))
        word_count = word_count or getattr(gaddag, "word_count", None)
    else:
        text = _read_text(args.input)
        if text.lstrip().startswith("{"):
            try:
                record = record_from_json(json.loads(text))
            except (ValueError, KeyError, TypeError) as exc:
                raise CommandError(f"{args.input}: not a game printed by 'python -m engine duplicate': {exc}") from None
        else:
            record = _read_record(args.input, text, None)
    out = write_record(record, args.format, word_count=word_count)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as handle:
                handle.write(out)
        except OSError as exc:
            raise CommandError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(out)
    return 0
