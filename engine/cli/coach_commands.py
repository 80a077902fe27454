"""Coach commands: ``coach tags`` (the kinds of a play) and ``coach bank`` (puzzle positions of one kind).

Output contracts:

* ``coach tags CGP --play "H8 WORD" [--language fr|en] [--style fr|en] [--json]`` → the tags of the play on
  the CGP's board (``engine.coach.tags``, ``docs/coach.md``), in their fixed order, on one line separated by
  spaces (an empty line when it has none). COORD as in ``play``; WORD is the whole main word, played-through
  letters included, lower case for a blank. The words are not checked against a lexicon. With ``--json``:
  ``{"coord", "word", "tags": [...]}``.
* ``coach bank FILE --tag TAG [--count N] [--seed S] [--max-games G] [--lexicon-name NAME] [--json]`` → one
  line per position: ``CGP<TAB>RACK<TAB>COORD WORD SCORE<TAB>TAGS`` (tags separated by commas); with
  ``--json`` one object per line: ``{"cgp", "rack", "top": play JSON, "tags", "game_seed", "round",
  "word_length"}``. The same arguments give the same output.

Exit codes: 0 success, 1 user error (bad CGP, a play off the board or against its tiles, unusable lexicon),
2 usage.
"""

from __future__ import annotations

import sys

from engine.alphabet import LANGUAGES
from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.coach.tags import TAGS
from engine.scrabble.notation import STYLES

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any


def register(subparsers: Any) -> None:
    tags = subparsers.add_parser("coach-tags", help="coach tags CGP --play 'H8 WORD': the kinds of a play "
                                 "(scrabble, joker, collante, rallonge, chere, triple)")
    tags.add_argument("cgp", metavar="CGP", help="the position in CGP (the board before the play)")
    tags.add_argument("--play", required=True, help="'COORD WORD', e.g. 'H4 BACCARAT' (the whole word, "
                      "played-through letters included; lower case for a blank)")
    tags.add_argument("--language", choices=LANGUAGES, default="fr", help="the tile values (default fr)")
    tags.add_argument("--style", choices=STYLES, default="fr", help="coordinate style (default fr)")
    tags.add_argument("--json", action="store_true")
    tags.set_defaults(handler=cmd_tags)

    bank = subparsers.add_parser("coach-bank", help="coach bank FILE --tag TAG: puzzle positions whose top "
                                 "has the tag, from generated duplicate games")
    bank.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    bank.add_argument("--tag", choices=TAGS, required=True, help="the kind of top")
    bank.add_argument("--count", type=int, default=10, metavar="N", help="positions wanted (default 10)")
    bank.add_argument("--seed", type=int, default=0, help="the same seed gives the same positions")
    bank.add_argument("--max-games", type=int, default=None, metavar="G",
                      help="games played at most (default: engine.coach.bank.DEFAULT_MAX_GAMES)")
    bank.add_argument("--lexicon-name", default=None, help="written as 'lex NAME;' in each CGP")
    bank.add_argument("--json", action="store_true")
    bank.set_defaults(handler=cmd_bank)


def cmd_tags(args: argparse.Namespace) -> int:
    from engine.coach.tags import play_tags
    from engine.scrabble.cgp import CGPError, parse_cgp
    from engine.scrabble.notation import NotationError, parse_coord
    from engine.scrabble.scoring import Move

    try:
        position = parse_cgp(args.cgp)
    except CGPError as exc:
        raise CommandError(f"CGP: {exc}") from None
    coord, _, word = args.play.strip().partition(" ")
    word = word.strip()
    if not word:
        raise CommandError(f"--play {args.play!r}: expected 'COORD WORD', such as 'H4 BACCARAT'", exit_code=2)
    try:
        row, col, direction = parse_coord(coord, args.style)
    except NotationError as exc:
        raise CommandError(f"--play: {exc}") from None
    from engine.alphabet import get_alphabet

    try:
        tags = play_tags(position.board, Move(row, col, direction, word, 0, 0), get_alphabet(args.language))
    except ValueError as exc:
        raise CommandError(f"--play {args.play!r}: {exc}") from None
    if args.json:
        print_json_line({"coord": coord, "word": word, "tags": list(tags)})
    else:
        sys.stdout.write(" ".join(tags) + "\n")
    return 0


def cmd_bank(args: argparse.Namespace) -> int:
    from engine.cli.moves_commands import _load
    from engine.coach.bank import DEFAULT_MAX_GAMES, bank_positions

    if args.count < 0:
        raise CommandError(f"--count {args.count}: expected a number >= 0", exit_code=2)
    max_games = DEFAULT_MAX_GAMES if args.max_games is None else args.max_games
    if max_games < 0:
        raise CommandError(f"--max-games {max_games}: expected a number >= 0", exit_code=2)
    gaddag = _load(args.file)
    positions = bank_positions(gaddag, args.tag, args.count, seed=args.seed, lexicon_name=args.lexicon_name,
                               max_games=max_games)
    for p in positions:
        if args.json:
            print_json_line({"cgp": p.cgp, "rack": p.rack, "top": p.top, "tags": list(p.tags),
                             "game_seed": p.game_seed, "round": p.round_number, "word_length": p.word_length})
        else:
            top = p.top
            sys.stdout.write(f"{p.cgp}\t{p.rack}\t{top['coord']} {top['word']} {top['score']}\t{','.join(p.tags)}\n")
    return 0
