"""Lexicon commands: ``lexicon build|info``, ``check``, ``anagrams``, ``pattern``, ``hooks``, ``extensions``.

Output contracts (one JSON object per line with ``--json``; plain text otherwise):

* ``lexicon build WORDLIST --language fr -o FILE [--skip-invalid]`` → summary; with ``--json`` one
  object ``{"file", "language", "words", "nodes", "arcs", "bytes", "seconds", "skipped"}``.
* ``lexicon expand-hunspell AFF DIC -o WORDLIST [--language fr] [--all-entries] [--supplement FILE]
  [--exclusions FILE] [--no-adjustments]`` → every inflected form of a Hunspell dictionary, folded to the
  alphabet, one per line (proper nouns, abbreviations and symbols left out unless ``--all-entries``), plus
  the words of the supplement file and minus those of the exclusion file (by default the language's files
  in ``engine/data/``, each word with its source; ``--no-adjustments``: neither); with ``--json``
  ``{"file", "entries", "kept_entries", "forms", "words", "seconds", "added", "removed"}`` (``added`` and
  ``removed``: the words the files changed).
* ``lexicon info FILE [--verify]`` → ``{"file", "format_version", "language", "alphabet", "words",
  "nodes", "arcs", "bytes", "move_generator"}`` (plus ``"verified": true`` after a successful full
  structural check); ``move_generator`` is ``"compiled"`` or ``"python"`` (which generator reads it).
* ``check FILE WORD...`` → per word ``{"word": "MAISON", "valid": true}`` (``word`` normalised); a
  word that is not writable in the alphabet gives ``{"word": <as typed>, "valid": false, "error": ...}``
  and the message on stderr, and the command then exits 1.
* ``anagrams FILE LETTERS [--min N]``, ``pattern FILE PATTERN [--rack R] [--fixed-from-rack]``,
  ``extensions FILE WORD [--rack R] [--max-added N] [--contiguous]`` → ``{"word": ...}`` per result
  in (length, alphabetical) order. ``anagrams`` adds ``"tiles"`` (blank-played letters in lower
  case) when the rack holds blanks.
* ``hooks FILE WORD`` → ``{"word", "valid", "front", "back"}`` (hook letters as sorted strings).

Exit codes: 0 success, 1 a user error reported on stderr as ``error: ...`` (bad word list, missing or
unusable lexicon file, bad letters), 2 command-line usage errors (argparse).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from engine.alphabet import LANGUAGES, InvalidWord
from engine.cli import CommandError
from engine.cli.output import print_json_line
from engine.gaddag import FORMAT_VERSION, Gaddag, LexiconFormatError, build_gaddag, load_gaddag
from engine.scrabble.movegen import implementation as movegen_implementation
from engine.wordlist import WordListError, read_word_list


def register(subparsers: Any) -> None:
    lexicon = subparsers.add_parser("lexicon", help="build or describe a compiled lexicon file")
    actions = lexicon.add_subparsers(dest="lexicon_command", required=True, metavar="ACTION")

    build = actions.add_parser("build", help="compile a word list (one word per line) into a GADDAG file")
    build.add_argument("wordlist", metavar="WORDLIST")
    build.add_argument("--language", "-l", choices=LANGUAGES, default="fr")
    build.add_argument("-o", "--output", required=True, metavar="FILE")
    build.add_argument("--skip-invalid", action="store_true",
                       help="leave out lines that are not words of the alphabet (and say how many)")
    build.add_argument("--json", action="store_true")
    build.set_defaults(handler=cmd_build)

    hunspell = actions.add_parser("expand-hunspell",
                                  help="expand a Hunspell dictionary (.aff + .dic) into a word list")
    hunspell.add_argument("aff", metavar="AFF")
    hunspell.add_argument("dic", metavar="DIC")
    hunspell.add_argument("--language", "-l", choices=LANGUAGES, default="fr")
    hunspell.add_argument("-o", "--output", required=True, metavar="WORDLIST")
    hunspell.add_argument("--all-entries", action="store_true",
                          help="keep proper nouns, abbreviations and symbols too")
    hunspell.add_argument("--supplement", metavar="FILE", default=None,
                          help="words to add, each with its source (default: engine/data/<language>-supplement.txt)")
    hunspell.add_argument("--exclusions", metavar="FILE", default=None,
                          help="words to leave out, each with its source (default: engine/data/<language>-exclusions.txt)")
    hunspell.add_argument("--no-adjustments", action="store_true",
                          help="the Hunspell forms only: no supplement, no exclusions")
    hunspell.add_argument("--json", action="store_true")
    hunspell.set_defaults(handler=cmd_expand_hunspell)

    info = actions.add_parser("info", help="describe a compiled lexicon file")
    info.add_argument("file", metavar="FILE")
    info.add_argument("--verify", action="store_true",
                      help="also walk the whole array to prove it is well formed (slower)")
    info.add_argument("--json", action="store_true")
    info.set_defaults(handler=cmd_info)

    check = subparsers.add_parser("check", help="say whether words are in the lexicon")
    check.add_argument("file", metavar="FILE")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.add_argument("--json", action="store_true")
    check.set_defaults(handler=cmd_check)

    anagrams = subparsers.add_parser("anagrams", help="words from a rack ('?' = blank)")
    anagrams.add_argument("file", metavar="FILE")
    anagrams.add_argument("letters", metavar="LETTERS")
    anagrams.add_argument("--min", type=int, default=None, dest="min_length", metavar="N",
                          help="also shorter words, down to N letters (default: use every tile)")
    anagrams.add_argument("--json", action="store_true")
    anagrams.set_defaults(handler=cmd_anagrams)

    pattern = subparsers.add_parser("pattern", help="words matching a pattern ('.' = any letter, '*' = any run of letters)")
    pattern.add_argument("file", metavar="FILE")
    pattern.add_argument("pattern", metavar="PATTERN")
    pattern.add_argument("--rack", default=None, help="the dots must be filled from these tiles")
    pattern.add_argument("--fixed-from-rack", action="store_true",
                         help="the pattern's fixed letters must come from the rack too")
    pattern.add_argument("--json", action="store_true")
    pattern.set_defaults(handler=cmd_pattern)

    hooks = subparsers.add_parser("hooks", help="front and back hook letters of a word")
    hooks.add_argument("file", metavar="FILE")
    hooks.add_argument("word", metavar="WORD")
    hooks.add_argument("--json", action="store_true")
    hooks.set_defaults(handler=cmd_hooks)

    extensions = subparsers.add_parser("extensions", help="longer words containing a word's letters")
    extensions.add_argument("file", metavar="FILE")
    extensions.add_argument("word", metavar="WORD")
    extensions.add_argument("--rack", default=None, help="the added letters must come from these tiles")
    extensions.add_argument("--max-added", type=int, default=None, metavar="N")
    extensions.add_argument("--contiguous", action="store_true",
                            help="keep the word's letters together (front/back extensions)")
    extensions.add_argument("--json", action="store_true")
    extensions.set_defaults(handler=cmd_extensions)


def _load(path: str, verify_structure: bool = False) -> Gaddag:
    try:
        return load_gaddag(path, verify_structure=verify_structure)
    except LexiconFormatError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot open the lexicon: {exc.strerror or exc}") from None


def _print_words(words: list[str], as_json: bool) -> None:
    for word in words:
        if as_json:
            print_json_line({"word": word})
        else:
            print(word)


def cmd_build(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    try:
        word_list = read_word_list(args.wordlist, args.language, skip_invalid=args.skip_invalid)
    except WordListError as exc:
        hint = "" if args.skip_invalid else " (use --skip-invalid to leave bad lines out)"
        raise CommandError(f"{args.wordlist}: {exc}{hint}") from None
    except OSError as exc:
        raise CommandError(f"{args.wordlist}: cannot read: {exc.strerror or exc}") from None
    gaddag = build_gaddag(word_list.words, args.language)
    try:
        size = gaddag.save(args.output)
    except OSError as exc:
        raise CommandError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    seconds = round(time.perf_counter() - started, 3)
    skipped = len(word_list.problems)
    if args.json:
        print_json_line({"file": args.output, "language": args.language, "words": gaddag.word_count,
                         "nodes": gaddag.node_count, "arcs": gaddag.arc_count, "bytes": size,
                         "seconds": seconds, "skipped": skipped})
    else:
        print(f"{args.output}: {gaddag.word_count} words, {gaddag.node_count} nodes, "
              f"{gaddag.arc_count} arcs, {size} bytes in {seconds} s")
    if skipped:
        print(f"skipped {skipped} invalid line(s): {word_list.problem_summary(5)}", file=sys.stderr)
    return 0


def cmd_expand_hunspell(args: argparse.Namespace) -> int:
    from engine.hunspell import (  # only this command needs it
        HunspellError,
        apply_adjustments,
        default_adjustment_files,
        expand_to_words,
        french_scrabble_entry,
        read_word_adjustments,
    )

    started = time.perf_counter()
    keep = None if args.all_entries else french_scrabble_entry
    try:
        words, summary = expand_to_words(args.aff, args.dic, args.language, keep=keep)
    except HunspellError as exc:
        raise CommandError(str(exc)) from None
    except OSError as exc:
        raise CommandError(f"cannot read the dictionary: {exc.strerror or exc}") from None
    added: list[str] = []
    removed: list[str] = []
    if not args.no_adjustments:
        default_supplement, default_exclusions = default_adjustment_files(args.language)
        supplement_path = args.supplement or default_supplement
        exclusions_path = args.exclusions or default_exclusions
        try:
            supplement = read_word_adjustments(supplement_path, args.language) if supplement_path else {}
            exclusions = read_word_adjustments(exclusions_path, args.language) if exclusions_path else {}
            words, added, removed = apply_adjustments(words, supplement, exclusions)
        except HunspellError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"cannot read the word file: {exc.strerror or exc}") from None
    output = Path(args.output)
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        partial = output.with_name(output.name + ".partial")
        partial.write_text("".join(w + "\n" for w in words), encoding="ascii")
        partial.replace(output)
    except OSError as exc:
        raise CommandError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    seconds = round(time.perf_counter() - started, 3)
    if args.json:
        print_json_line({"file": args.output, "entries": summary.entries, "kept_entries": summary.kept_entries,
                         "forms": summary.forms, "words": len(words), "seconds": seconds, "added": added,
                         "removed": removed})
    else:
        print(f"{args.output}: {len(words)} words from {summary.kept_entries} of {summary.entries} "
              f"entries in {seconds} s ({len(added)} added by the supplement, {len(removed)} left out by the "
              "exclusions)")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    gaddag = _load(args.file, verify_structure=args.verify)
    info = {"file": args.file, "format_version": FORMAT_VERSION, "language": gaddag.language,
            "alphabet": gaddag.alphabet.letters, "words": gaddag.word_count, "nodes": gaddag.node_count,
            "arcs": gaddag.arc_count, "bytes": Path(args.file).stat().st_size,
            "move_generator": movegen_implementation()}
    if args.verify:
        info["verified"] = True
    if args.json:
        print_json_line(info)
    else:
        for key, value in info.items():
            print(f"{key}: {value}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    gaddag = _load(args.file)
    status = 0
    for typed in args.words:
        try:
            word = gaddag.alphabet.normalise(typed)
        except InvalidWord as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 1
            if args.json:
                print_json_line({"word": typed, "valid": False, "error": str(exc)})
            else:
                print(f"{typed}\tinvalid")
            continue
        valid = gaddag.contains(word)
        if args.json:
            print_json_line({"word": word, "valid": valid})
        else:
            print(f"{word}\t{'valid' if valid else 'invalid'}")
    return status


def _query(call: Any) -> Any:
    try:
        return call()
    except ValueError as exc:  # InvalidWord and bad numeric options
        raise CommandError(str(exc)) from None


def cmd_anagrams(args: argparse.Namespace) -> int:
    gaddag = _load(args.file)
    found = _query(lambda: gaddag.anagrams_blanked(args.letters, args.min_length))
    with_tiles = "?" in args.letters
    for item in found:
        if args.json:
            print_json_line({"word": item.word, "tiles": item.tiles} if with_tiles else {"word": item.word})
        else:
            print(item.tiles if with_tiles else item.word)
    return 0


def cmd_pattern(args: argparse.Namespace) -> int:
    gaddag = _load(args.file)
    if args.fixed_from_rack and args.rack is None:
        raise CommandError("--fixed-from-rack needs --rack")
    _print_words(_query(lambda: gaddag.pattern(args.pattern, args.rack, fixed_from_rack=args.fixed_from_rack)),
                 args.json)
    return 0


def cmd_hooks(args: argparse.Namespace) -> int:
    gaddag = _load(args.file)
    word = _query(lambda: gaddag.alphabet.normalise(args.word))
    front, back = gaddag.front_hooks(word), gaddag.back_hooks(word)
    valid = gaddag.contains(word)
    if args.json:
        print_json_line({"word": word, "valid": valid, "front": front, "back": back})
    else:
        print(f"[{front.lower()}] {word} [{back.lower()}]")
    return 0


def cmd_extensions(args: argparse.Namespace) -> int:
    gaddag = _load(args.file)
    found = _query(lambda: gaddag.extensions(args.word, args.rack, max_added=args.max_added,
                                             contiguous=args.contiguous))
    _print_words(found, args.json)
    return 0
