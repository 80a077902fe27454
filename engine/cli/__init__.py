"""The ``python -m engine`` command line: parse, call the engine's public API, print.

Each command group lives in its own module listed in :data:`COMMAND_MODULES`; a module exposes
``register(subparsers)`` which adds its sub-commands with ``set_defaults(handler=...)``. A handler
takes the parsed arguments and returns the process exit code. Output contracts (JSON lines with
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


class CommandError(Exception):
    """A user-facing failure: printed on stderr as one line, with the given exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Tirage's Scrabble engine.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


SUBCOMMAND_ALIASES: dict[tuple[str, str], str] = {
    ("duplicate", "import"): "duplicate-import",
    ("duplicate", "export"): "duplicate-export",
}
"""``python -m engine duplicate import ...`` runs the parser registered as ``duplicate-import``: the
``duplicate`` command keeps its own positional FILE (``duplicate FILE --seed N``)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args_list = list(sys.argv[1:] if argv is None else argv)
    if len(args_list) >= 2 and (args_list[0], args_list[1]) in SUBCOMMAND_ALIASES:
        args_list = [SUBCOMMAND_ALIASES[(args_list[0], args_list[1])], *args_list[2:]]
    args = parser.parse_args(args_list)
    try:
        return int(args.handler(args) or 0)
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # e.g. `| head`: not an error of ours
        return 0
