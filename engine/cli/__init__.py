"""The ``python -m engine`` command line: parse, call the engine's public API, print.

Each command group lives in its own module listed in :data:`COMMAND_MODULES`; a module exposes
``register(subparsers)`` which adds its sub-commands with ``set_defaults(handler=...)``. A handler
takes the parsed arguments and returns the process exit code. :data:`COMMANDS` says which module
registers each command, so that ``python -m engine moves ...`` imports the move generator and not
the crossword filler, CBIC or Jarnac (start-up time: a command is often one position or one game);
the whole parser is built only for ``--help`` and unknown commands. Output contracts (JSON lines with
``--json``) are documented in each module and relied on by other tools: extend them, never change them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES: tuple[str, ...] = (
    "engine.cli.lexicon_commands",
    "engine.cli.jarnac_commands",
    "engine.cli.moves_commands",
    "engine.cli.cbic_commands",
    "engine.cli.crossword_commands",
    "engine.cli.duplicate_commands",
)


#: The top-level command names each module registers (tests check this against ``register``).
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("lexicon", "check", "anagrams", "pattern", "hooks", "extensions"),
                    "engine.cli.lexicon_commands"),
    "jarnac": "engine.cli.jarnac_commands",
    **dict.fromkeys(("moves", "play"), "engine.cli.moves_commands"),
    "cbic": "engine.cli.cbic_commands",
    **dict.fromkeys(("fill", "grid", "fill-compare"), "engine.cli.crossword_commands"),
    **dict.fromkeys(("duplicate", "duplicate-import", "duplicate-export"), "engine.cli.duplicate_commands"),
}


class CommandError(Exception):
    """A user-facing failure: printed on stderr as one line, with the given exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def build_parser(modules: Sequence[str] = COMMAND_MODULES) -> argparse.ArgumentParser:
    """The parser of the commands of ``modules`` (all of them by default)."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="Tirage's Scrabble engine.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in modules:
        importlib.import_module(name).register(subparsers)
    return parser


SUBCOMMAND_ALIASES: dict[tuple[str, str], str] = {
    ("duplicate", "import"): "duplicate-import",
    ("duplicate", "export"): "duplicate-export",
}
"""``python -m engine duplicate import ...`` runs the parser registered as ``duplicate-import``: the
``duplicate`` command keeps its own positional FILE (``duplicate FILE --seed N``)."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) >= 2 and (argv[0], argv[1]) in SUBCOMMAND_ALIASES:
        argv = [SUBCOMMAND_ALIASES[(argv[0], argv[1])], *argv[2:]]
    module = COMMANDS.get(argv[0]) if argv else None
    parser = build_parser((module,) if module else COMMAND_MODULES)
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # e.g. `| head`: not an error of ours
        return 0
