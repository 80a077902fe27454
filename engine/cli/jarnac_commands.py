"""``python -m engine jarnac ...``: Jarnac word searches and AI games from the command line.

Sub-commands (FILE = a compiled lexicon, magic ``TIRGADDG``, or a plain word list read with
``--language`` (fr|en, default fr) and optionally ``--skip-invalid``; words of 3 to 9 letters only):

- ``extend FILE --word W --rack R [--longest]``: words made of W's letters plus one or more from R;
- ``create FILE --rack R``: words spelled from R's letters;
- ``steal FILE --words W1,W2 --rack R [--best] [--by swing|gain]``: the "Jarnac!" an opponent with
  these words and loose letters exposes; best first: highest swing (the new word's value plus the
  value of the opponent's word it extends, which they lose) or, with ``--by gain``, highest gain
  (the new word's value alone);
- ``rallonges FILE --word W``: words one letter longer than W;
- ``play FILE --players medium,hard [--seed N]``: an AI-versus-AI game, one JSON line per move;
- ``new [--seed N] [--language fr]``: a new game's state (JSON, one line);
- ``apply FILE --state PATH --move JSON``: the state after one move (PATH ``-`` = standard input);
  an illegal move exits with code 2 and ``error: <code>: <reason>``;
- ``ai FILE --state PATH --level L``: the move JSON the AI level would play now.

``new``/``apply``/``ai`` always print JSON (the state format of
:func:`engine.jarnac.storage.to_json`; ``--public`` prints :func:`engine.jarnac.storage.public_view`
instead), so the web layer or a script can drive a whole game from the command line.

Output contract with ``--json``: one JSON object per line, always starting with ``"word"`` and
``"added"`` (the rack letters used, alphabetically), plus extra keys (``length``, ``score``; for
steal ``base``, ``line``, ``gain``, ``swing``). Order: extend/create longest first then alphabetical;
rallonges alphabetical; steal best first (see :mod:`engine.jarnac.queries`). Without ``--json``: one
readable line per word. Exit code 0 even when nothing is found (an empty answer is an answer).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.alphabet import LANGUAGES, InvalidWord
from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.jarnac import ai, queries, rules, storage
from engine.jarnac.lexicon import LexiconLoadError, load_tree
from engine.jarnac.tree import AnagramTree
from engine.wordlist import WordListError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    jarnac = subparsers.add_parser("jarnac", help="Jarnac: anagram searches and AI games")
    commands = jarnac.add_subparsers(dest="jarnac_command", required=True, metavar="QUERY")

    def lexicon_parser(name: str, help_text: str, handler: Callable[[argparse.Namespace], int]
                       ) -> argparse.ArgumentParser:
        parser = commands.add_parser(name, help=help_text)
        parser.add_argument("file", metavar="FILE", help="compiled lexicon or word list")
        parser.add_argument("--language", choices=LANGUAGES, default=None,
                            help="language of a word list (default fr; a compiled lexicon knows its own)")
        parser.add_argument("--skip-invalid", action="store_true",
                            help="leave out the word list's invalid lines instead of failing")
        parser.add_argument("--json", action="store_true", help="one JSON object per line")
        parser.set_defaults(handler=handler)
        return parser

    p = lexicon_parser("extend", "words made of a word plus rack letters", _extend)
    p.add_argument("--word", required=True, help="the word to extend")
    p.add_argument("--rack", required=True, help="loose letters that may be added")
    p.add_argument("--longest", action="store_true", help="only the longest extensions")

    p = lexicon_parser("create", "words spelled from a rack", _create)
    p.add_argument("--rack", required=True, help="loose letters")

    p = lexicon_parser("steal", "the Jarnac! an opponent's words and loose letters allow", _steal)
    p.add_argument("--words", default="", help="the opponent's words, comma-separated (may be empty)")
    p.add_argument("--rack", required=True, help="the opponent's loose letters")
    p.add_argument("--best", action="store_true", help="only the best steals (all ties)")
    p.add_argument("--by", choices=queries.STEAL_ORDERS, default="swing",
                   help="best = highest swing (new word's value + the base word's value the opponent "
                        "loses; default) or highest gain (the new word's value)")

    p = lexicon_parser("rallonges", "words one letter longer", _rallonges)
    p.add_argument("--word", required=True, help="the word to lengthen")

    p = lexicon_parser("play", "an AI-versus-AI game, one line per move", _play)
    p.add_argument("--players", default="medium,hard",
                   help=f"two levels, comma-separated, among {', '.join(ai.LEVELS)} (default medium,hard)")
    p.add_argument("--seed", default="1", help="seed of the bag (default 1)")

    p = commands.add_parser("new", help="a new game's state as JSON")
    p.add_argument("--seed", default="1", help="seed of the bag (default 1)")
    p.add_argument("--language", choices=LANGUAGES, default="fr")
    p.add_argument("--public", action="store_true", help="hide the bag's order and the seed")
    p.set_defaults(handler=_new)

    p = lexicon_parser("apply", "the state after one move", _apply)
    p.add_argument("--state", required=True, help="state JSON file, or - for standard input")
    p.add_argument("--move", required=True, help='the move as JSON, e.g. \'{"type": "draw"}\'')
    p.add_argument("--public", action="store_true", help="hide the bag's order and the seed")

    p = lexicon_parser("ai", "the move an AI level would play now", _ai)
    p.add_argument("--state", required=True, help="state JSON file, or - for standard input")
    p.add_argument("--level", required=True, choices=ai.LEVELS)


def _tree(args: argparse.Namespace) -> AnagramTree:
    try:
        return load_tree(args.file, args.language, skip_invalid=args.skip_invalid)
    except WordListError as exc:
        hint = "" if args.skip_invalid else " (use --skip-invalid to leave bad lines out)"
        raise CommandError(f"cannot load lexicon {args.file!r}: {exc}{hint}") from None
    except (OSError, LexiconLoadError, InvalidWord) as exc:
        raise CommandError(f"cannot load lexicon {args.file!r}: {exc}") from None


def _print(found: list[queries.Found] | list[queries.Steal], as_json: bool) -> int:
    for item in found:
        if as_json:
            print_json_line(item.to_json())
        elif isinstance(item, queries.Steal):
            origin = f"{item.base} +{item.added}" if item.base else f"from {item.added}"
            print(f"{item.word}\t{origin}\tgain {item.gain}\tswing {item.swing}")
        else:
            print(f"{item.word}\t+{item.added}\t{item.score}")
    return 0


def _run_query(args: argparse.Namespace, query: Callable[[AnagramTree], list[Any]]) -> int:
    try:
        # A dry run on an empty lexicon checks the arguments before the lexicon's seconds of loading.
        query(AnagramTree(args.language or "fr", {}))
        found = query(_tree(args))
    except queries.QueryError as exc:
        raise CommandError(str(exc), exit_code=2) from None
    return _print(found, args.json)


def _extend(args: argparse.Namespace) -> int:
    search = queries.longest_extensions if args.longest else queries.extensions
    return _run_query(args, lambda tree: search(tree, args.word, args.rack))


def _create(args: argparse.Namespace) -> int:
    return _run_query(args, lambda tree: queries.creations(tree, args.rack))


def _steal(args: argparse.Namespace) -> int:
    words = [w for w in (part.strip() for part in args.words.split(",")) if w]
    search = queries.best_steals if args.best else queries.steals
    return _run_query(args, lambda tree: search(tree, words, args.rack, args.by))


def _rallonges(args: argparse.Namespace) -> int:
    return _run_query(args, lambda tree: queries.rallonges(tree, args.word))


def _play(args: argparse.Namespace) -> int:
    levels = [part.strip() for part in args.players.split(",")]
    if len(levels) != 2 or any(level not in ai.LEVELS for level in levels):
        raise CommandError(f"--players {args.players!r}: give two levels among {', '.join(ai.LEVELS)}",
                           exit_code=2)
    tree = _tree(args)
    state = rules.new_game(args.seed, tree.language)
    while state.phase != rules.OVER:
        player = state.current
        move = ai.choose_move(state, tree, levels[player])
        state = rules.apply_move(state, move, tree)
        event = state.history[-1]
        if args.json:
            print_json_line(event)
        else:
            print(f"P{player} {levels[player]:6} {rules.describe(event)}")
    summary: dict[str, Any] = {"over": True, "scores": list(rules.scores(state)), "winner": rules.winner(state),
               "lines": [list(p.lines) for p in state.players]}
    if args.json:
        print_json_line(summary)
    else:
        print(f"scores {summary['scores'][0]} - {summary['scores'][1]}; winner: {summary['winner']}")
    return 0


def _read_state(source: str) -> rules.GameState:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot read state {source!r}: {exc.strerror or exc}") from None
    try:
        return storage.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise CommandError(f"state {source!r} is not JSON: {exc}", exit_code=2) from None
    except storage.StateError as exc:
        raise CommandError(f"state {source!r}: {exc}", exit_code=2) from None


def _game_tree(args: argparse.Namespace, state: rules.GameState) -> AnagramTree:
    tree = _tree(args)
    if tree.language != state.language:
        raise CommandError(f"the game is in {state.language!r} but lexicon {args.file!r} is "
                           f"{tree.language!r}", exit_code=2)
    return tree


def _print_state(state: rules.GameState, public: bool) -> int:
    print_json_line(storage.public_view(state) if public else storage.to_json(state))
    return 0


def _new(args: argparse.Namespace) -> int:
    return _print_state(rules.new_game(args.seed, args.language), args.public)


def _apply(args: argparse.Namespace) -> int:
    state = _read_state(args.state)
    try:
        move = json.loads(args.move)
    except json.JSONDecodeError as exc:
        raise CommandError(f"--move is not JSON: {exc}", exit_code=2) from None
    tree = _game_tree(args, state)
    try:
        after = rules.apply_move(state, move, tree)
    except rules.IllegalMove as exc:
        raise CommandError(f"{exc.code}: {exc}", exit_code=2) from None
    return _print_state(after, args.public)


def _ai(args: argparse.Namespace) -> int:
    state = _read_state(args.state)
    tree = _game_tree(args, state)
    try:
        move = ai.choose_move(state, tree, args.level)
    except rules.IllegalMove as exc:
        raise CommandError(f"{exc.code}: {exc}", exit_code=2) from None
    print_json_line(move.to_json())
    return 0
