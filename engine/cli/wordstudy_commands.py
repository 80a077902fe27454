"""Word-study command: ``wordstudy playability`` (alphagrams ordered by how often their words are tops).

Output contract:

* ``wordstudy playability FILE [--games N] [--first-seed S] [--lengths 4-6] [--limit K] [--json]`` → the
  first K alphagrams (default 20, 0 = every one) of each length in playability order
  (``engine.wordstudy.playability``, ``docs/wordstudy.md``), one line each:
  ``LENGTH<TAB>RANK<TAB>ALPHAGRAM<TAB>TOPS<TAB>PROBABILITY_RANK<TAB>WORDS``; with ``--json`` one object per
  line: ``{"length", "rank", "alphagram", "tops", "probability_rank", "ways", "words"}``.
* ``--words``: the words instead, most tops first (then alphabetically), the first K of each length:
  ``LENGTH<TAB>WORD<TAB>TOPS``; with ``--json`` ``{"length", "word", "tops"}``. Only words played as a top.

Then one line on stderr: ``games N (seeds S..E), rounds R, T s`` (the time to play and rank: the figure
``docs/wordstudy.md`` quotes). The same file, ``--games`` and ``--first-seed`` give the same stdout.

Exit codes: 0 success, 1 a user error on stderr (unusable lexicon file), 2 usage.
"""

from __future__ import annotations

import sys
import time

from engine.cli import CommandError
from engine.cli.output import print_json_line

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any

MIN_LENGTH, MAX_LENGTH = 2, 15


def length_range(text: str) -> range:
    """``"4-6"`` → lengths 4 to 6, ``"5"`` → 5 only (2 to 15); ``ValueError`` otherwise (argparse says so)."""
    first, dash, last = text.partition("-")
    low = int(first)
    high = int(last) if dash else low
    if not MIN_LENGTH <= low <= high <= MAX_LENGTH:
        raise ValueError(text)
    return range(low, high + 1)


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("wordstudy-playability", help="wordstudy playability FILE: alphagrams ordered by "
                                 "how often their words are the top of a round in generated duplicate games")
    play.add_argument("file", metavar="FILE", help="compiled lexicon (python -m engine lexicon build)")
    play.add_argument("--games", type=int, default=None, metavar="N",
                      help="games played (default: engine.wordstudy.playability.DEFAULT_GAMES)")
    play.add_argument("--first-seed", type=int, default=1, metavar="S", help="seed of the first game (default 1)")
    play.add_argument("--lengths", type=length_range, default="4-6", metavar="A-B",
                      help="word lengths, e.g. 4-6 (default) or 7 (2 to 15)")
    play.add_argument("--limit", type=int, default=20, metavar="K", help="lines per length (default 20; 0: all)")
    play.add_argument("--words", action="store_true", help="the words and their tops instead of the alphagrams")
    play.add_argument("--json", action="store_true")
    play.set_defaults(handler=cmd_playability)


def cmd_playability(args: argparse.Namespace) -> int:
    from engine.cli.moves_commands import _load
    from engine.wordstudy.playability import DEFAULT_GAMES, game_seeds, rank_playability

    games = DEFAULT_GAMES if args.games is None else args.games
    if games < 0:
        raise CommandError(f"--games {games}: expected a number >= 0", exit_code=2)
    if args.limit < 0:
        raise CommandError(f"--limit {args.limit}: expected a number >= 0", exit_code=2)
    gaddag = _load(args.file)
    started = time.perf_counter()
    counts, ordered = rank_playability(gaddag, games, first_seed=args.first_seed, lengths=args.lengths)
    seconds = time.perf_counter() - started
    limit = args.limit or None
    if args.words:
        for length in args.lengths:
            played = sorted(((-tops, word) for word, tops in counts.words.items() if len(word) == length))
            for negative, word in played[:limit]:
                if args.json:
                    print_json_line({"length": length, "word": word, "tops": -negative})
                else:
                    sys.stdout.write(f"{length}\t{word}\t{-negative}\n")
    else:
        for length in args.lengths:
            for item in ordered[length][:limit]:
                if args.json:
                    print_json_line({"length": length, "rank": item.rank, "alphagram": item.alphagram,
                                     "tops": item.tops, "probability_rank": item.probability_rank, "ways": item.ways,
                                     "words": item.words})
                else:
                    sys.stdout.write(f"{length}\t{item.rank}\t{item.alphagram}\t{item.tops}\t"
                                     f"{item.probability_rank}\t{item.words}\n")
    seeds = game_seeds(games, args.first_seed)
    span = f" (seeds {seeds[0]}..{seeds[-1]})" if games else ""
    sys.stderr.write(f"games {games}{span}, rounds {counts.rounds}, {seconds:.1f} s\n")
    return 0
