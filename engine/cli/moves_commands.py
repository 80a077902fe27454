"""Move commands: ``moves`` (every play of a position, or the top N) and ``play`` (validate one play).

Output contracts:

* ``moves FILE --cgp "CGP" [--top N] [--json] [--style fr|en]`` → one line per play, best first
  (score descending, then row, column, H before V, then word). With ``--json`` each line is
  ``{"coord": "H4", "row": 7, "col": 3, "dir": "H", "word": "BACCARAT", "score": 76, "tiles": 7}``
  (``coord`` in the chosen style, French by default; ``row``/``col`` 0-based; ``word`` is the
  whole main word, played-through letters included, blanks in lower case).
* ``moves FILE --cgp-file F ...`` → the same for each CGP line of ``F`` (blank lines and lines
  starting with ``#`` are skipped), in one process; every JSON line also carries ``"position": i``
  (0-based index among the CGP lines), and the text output prints a ``# position i`` header.
* ``play FILE --cgp "CGP" COORD WORD [--json] [--style fr|en]`` → the play, validated and scored:
  with ``--json`` the same object plus ``"legal": true`` and ``"words"`` (every word formed, main
  word first). A refused play prints ``{"legal": false, "coord", "word", "error", "reason"}``
  (``error`` is a stable code such as ``invalid_word``, ``not_connected``, ``gap``...) and the
  reason on stderr as ``error: ...``, exit code 1.

Exit codes: 0 success, 1 user error (bad CGP with its line, unusable lexicon, refused play), 2 usage.
"""

from __future__ import annotations

import sys

from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.gaddag import Gaddag, LexiconFormatError, load_gaddag
from engine.scrabble.cgp import CGPError, Position, parse_cgp
from engine.scrabble.movegen import MoveGenError, compiled_text_lines, generate_moves, top_moves
from engine.scrabble.notation import STYLES
from engine.scrabble.scoring import IllegalPlay, Move, validate_play

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any


def register(subparsers: Any) -> None:
    moves = subparsers.add_parser("moves", help="every legal play of a CGP position, with its score")
    moves.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    source = moves.add_mutually_exclusive_group(required=True)
    source.add_argument("--cgp", help="one position in CGP")
    source.add_argument("--cgp-file", metavar="F", help="a file with one CGP position per line")
    moves.add_argument("--top", type=int, default=None, metavar="N", help="only the N best plays")
    moves.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    moves.add_argument("--json", action="store_true")
    moves.set_defaults(handler=cmd_moves)

    play = subparsers.add_parser("play", help="validate and score one play, e.g. H4 BACCARAT")
    play.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    play.add_argument("--cgp", required=True, help="the position in CGP")
    play.add_argument("coord", metavar="COORD", help="H4 = row H col 4 across, 4H = down (French style)")
    play.add_argument("word", metavar="WORD", help="the whole word, played-through letters included; "
                                                   "lower case for a blank")
    play.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    play.add_argument("--json", action="store_true")
    play.set_defaults(handler=cmd_play)


def _load(path: str) -> Gaddag:
    try:
        return load_gaddag(path)
    except LexiconFormatError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot open the lexicon: {exc.strerror or exc}") from None


def _positions(args: argparse.Namespace) -> list[Position]:
    if args.cgp is not None:
        try:
            return [parse_cgp(args.cgp)]
        except CGPError as exc:
            raise CommandError(f"--cgp: {exc}") from None
    try:
        with open(args.cgp_file, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        raise CommandError(f"{args.cgp_file}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{args.cgp_file}: not UTF-8 text (byte {exc.start})") from None
    positions = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            positions.append(parse_cgp(line))
        except CGPError as exc:
            raise CommandError(f"{args.cgp_file}, line {number}: {exc}") from None
    return positions


def _text(move: Move, style: str) -> str:
    return f"{move.score:4d}  {move.coord_in(style):<4} {move.word:<15} ({move.tiles} tile{'s' if move.tiles > 1 else ''})"


def cmd_moves(args: argparse.Namespace) -> int:
    if args.top is not None and args.top < 0:
        raise CommandError(f"--top {args.top}: expected a number >= 0", exit_code=2)
    positions = _positions(args)
    gaddag = _load(args.file)
    many = args.cgp_file is not None
    for i, position in enumerate(positions):
        try:
            moves = (generate_moves(gaddag, position) if args.top is None
                     else top_moves(gaddag, position, args.top))
        except MoveGenError as exc:
            where = f"position {i}: " if many else ""
            raise CommandError(f"{where}{exc}") from None
        if not args.json:
            if many:
                sys.stdout.write(f"# position {i}: {len(moves)} play(s)\n")
            text = compiled_text_lines(moves, args.style)
            sys.stdout.write(text if text is not None else "".join(_text(move, args.style) + "\n" for move in moves))
            continue
        for move in moves:
            data = move.to_json(args.style)
            if many:
                data["position"] = i
            print_json_line(data)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        position = parse_cgp(args.cgp)
    except CGPError as exc:
        raise CommandError(f"--cgp: {exc}") from None
    gaddag = _load(args.file)
    try:
        move = validate_play(gaddag, position, args.coord, args.word, args.style)
    except IllegalPlay as exc:
        if args.json:
            print_json_line({"legal": False, "coord": args.coord, "word": args.word,
                             "error": exc.code, "reason": exc.reason})
        raise CommandError(f"{args.coord} {args.word}: {exc.reason}") from None
    if args.json:
        print_json_line({**move.to_json(args.style), "legal": True})
    else:
        sys.stdout.write(_text(move, args.style) + f"  words: {', '.join(move.words)}\n")
    return 0
