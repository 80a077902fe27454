"""The ``python -m engine`` command line: parse, call the engine's public API, print.

Each command group lives in its own module listed in :data:`COMMAND_MODULES`; a module exposes
``register(subparsers)`` which adds its sub-commands with ``set_defaults(handler=...)``. A handler
takes the parsed arguments and returns the process exit code. :data:`COMMANDS` says which module
registers each command, so that ``python -m engine moves ...`` imports the move generator and not
the crossword filler, CBIC or Jarnac (start-up time: a command is often one position or one game);
the whole parser is built only for ``--help`` and unknown commands. Output contracts (JSON lines with
``--json``) are documented in each module and relied on by other tools: extend them, never change them.

A command line made only of the options its parser declares (no abbreviation, no ``-h``, every value
valid) is read without :mod:`argparse` (:func:`quick_parse`): importing argparse and building its
parser (``re``, ``gettext``, ``locale``, ``shutil``...) costs several milliseconds, a third of what a
one-position ``moves`` command needs. The parsers are still declared once, by ``register``; anything
else, including every error and ``--help``, goes to argparse, which stays the specification
(``tests/engine/cli/test_quick_parse.py`` checks that both read the same command lines the same way).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any

COMMAND_MODULES: tuple[str, ...] = (
    "engine.cli.lexicon_commands",
    "engine.cli.jarnac_commands",
    "engine.cli.moves_commands",
    "engine.cli.cbic_commands",
    "engine.cli.crossword_commands",
    "engine.cli.duplicate_commands",
    "engine.cli.coach_commands",
    "engine.cli.wordstudy_commands",
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
    **dict.fromkeys(("coach-tags", "coach-bank"), "engine.cli.coach_commands"),
    "wordstudy-playability": "engine.cli.wordstudy_commands",
}


class CommandError(Exception):
    """A user-facing failure: printed on stderr as one line, with the given exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def build_parser(modules: Sequence[str] = COMMAND_MODULES) -> argparse.ArgumentParser:
    """The parser of the commands of ``modules`` (all of them by default)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m engine", description="Tirage's Scrabble engine.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in modules:
        importlib.import_module(name).register(subparsers)
    return parser


SUBCOMMAND_ALIASES: dict[tuple[str, str], str] = {
    ("duplicate", "import"): "duplicate-import",
    ("duplicate", "export"): "duplicate-export",
    ("coach", "tags"): "coach-tags",
    ("coach", "bank"): "coach-bank",
    ("wordstudy", "playability"): "wordstudy-playability",
}
"""``python -m engine duplicate import ...`` runs the parser registered as ``duplicate-import``: the
``duplicate`` command keeps its own positional FILE (``duplicate FILE --seed N``); ``coach tags`` and ``coach
bank`` and ``wordstudy playability`` are read the same way (sub-commands nested in argparse would leave every
such line to argparse)."""


class Arguments:
    """The parsed command line of :func:`quick_parse`: attributes as on ``argparse.Namespace``."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def __contains__(self, name: str) -> bool:
        return name in self.__dict__

    def __repr__(self) -> str:
        return f"Arguments({', '.join(f'{k}={v!r}' for k, v in sorted(self.__dict__.items()))})"


class _Argument:
    """One ``add_argument`` call that :func:`quick_parse` can apply exactly as argparse would."""

    __slots__ = ("names", "dest", "flag", "convert", "choices", "required", "default", "positional")

    def __init__(self, names: tuple[str, ...], options: dict[str, Any]) -> None:
        action = options.get("action", "store")
        self.flag = action == "store_true"
        allowed = {"help", "metavar", "type", "choices"} | (set() if names[0][:1] != "-" else
                                                              {"default", "required", "dest", "action"})
        if set(options) - allowed or action not in ("store", "store_true") or not names:
            raise _Unsupported(names)
        if self.flag and ({"type", "choices", "default"} & set(options)):
            raise _Unsupported(names)
        self.names = names
        self.positional = names[0][:1] != "-"
        if self.positional and len(names) != 1:
            raise _Unsupported(names)
        long = [n for n in names if n.startswith("--")]
        self.dest = options.get("dest") or (names[0] if self.positional else
                                            (long or names)[0].lstrip("-").replace("-", "_"))
        self.convert: Callable[[str], Any] | None = options.get("type")
        self.choices = options.get("choices")
        self.required = bool(options.get("required", self.positional))
        default = options.get("default", False if self.flag else None)
        if isinstance(default, str) and self.convert is not None:
            default = self.value(default)  # argparse converts a string default too
        self.default = default

    def value(self, text: str) -> Any:
        """The converted value, or :class:`_Unsupported` when argparse would refuse it."""
        try:
            value = self.convert(text) if self.convert is not None else text
        except Exception:  # argparse turns it into a usage error: let argparse say it
            raise _Unsupported(text) from None
        if self.choices is not None and value not in self.choices:
            raise _Unsupported(text)
        return value


class _Unsupported(Exception):
    """A declaration or a command line that :func:`quick_parse` leaves to argparse."""


class _Group:
    def __init__(self, parser: _Parser, required: bool) -> None:
        self.parser = parser
        self.required = required
        self.dests: list[str] = []

    def add_argument(self, *names: str, **options: Any) -> None:
        self.dests.append(self.parser.add_argument(*names, **options))


class _Parser:
    """What ``register`` sees of one sub-command's parser while :func:`quick_parse` records it."""

    def __init__(self) -> None:
        self.arguments: list[_Argument] = []
        self.groups: list[_Group] = []
        self.defaults: dict[str, Any] = {}
        self.unsupported = False

    def add_argument(self, *names: str, **options: Any) -> str:
        try:
            argument = _Argument(names, options)
        except _Unsupported:
            self.unsupported = True
            return ""
        self.arguments.append(argument)
        return argument.dest

    def add_mutually_exclusive_group(self, required: bool = False) -> _Group:
        group = _Group(self, required)
        self.groups.append(group)
        return group

    def set_defaults(self, **values: Any) -> None:
        self.defaults.update(values)

    def parse(self, command: str, tokens: Sequence[str]) -> Arguments:
        """The arguments of ``command``'s tokens, or :class:`_Unsupported` for anything unusual."""
        if self.unsupported or set(self.defaults) & {a.dest for a in self.arguments}:
            raise _Unsupported(command)
        options = {name: a for a in self.arguments if not a.positional for name in a.names}
        positionals = [a for a in self.arguments if a.positional]
        values: dict[str, Any] = {}
        taken = 0  # positionals read so far
        i = 0
        while i < len(tokens):
            token = tokens[i]
            i += 1
            if not token.startswith("-"):
                if taken == len(positionals):
                    raise _Unsupported(token)
                values[positionals[taken].dest] = positionals[taken].value(token)
                taken += 1
                continue
            name, equals, text = token.partition("=")
            argument = options.get(name)  # an abbreviation, -h, --, a negative number...: argparse
            if argument is None or argument.dest in values:
                raise _Unsupported(token)
            if argument.flag:
                if equals:
                    raise _Unsupported(token)
                values[argument.dest] = True
                continue
            if not equals:
                if i == len(tokens) or tokens[i].startswith("-"):
                    raise _Unsupported(token)
                text = tokens[i]
                i += 1
            values[argument.dest] = argument.value(text)
        for group in self.groups:
            present = [dest for dest in group.dests if dest in values]
            if len(present) > 1 or (group.required and not present):
                raise _Unsupported(command)
        for argument in self.arguments:
            if argument.dest not in values:
                if argument.required:
                    raise _Unsupported(argument.dest)
                values[argument.dest] = argument.default
        return Arguments(**values, **self.defaults, command=command)


class _Subparsers:
    """What ``register`` sees of argparse's sub-parsers while :func:`quick_parse` records them."""

    def __init__(self) -> None:
        self.parsers: dict[str, _Parser] = {}

    def add_parser(self, name: str, **options: Any) -> _Parser:
        parser = _Parser()
        if set(options) - {"help", "description", "epilog"}:  # aliases, prefix_chars...: argparse
            parser.unsupported = True
        self.parsers[name] = parser
        return parser


def quick_parse(module: str, argv: Sequence[str]) -> Arguments | None:
    """``argv`` read as argparse reads it, without argparse, or ``None`` to let argparse read it.

    ``register`` of ``module`` declares its parsers to a recorder; a command line made only of the
    declared options (exact long or short names, ``--name value`` or ``--name=value``) and the
    expected positionals, with valid values, gives the same attributes as ``parse_args``. Anything
    else (``-h``, an abbreviation, a missing or refused value, a conflict...) gives ``None``.
    """
    subparsers = _Subparsers()
    try:
        importlib.import_module(module).register(subparsers)
        parser = subparsers.parsers.get(argv[0]) if argv else None
        return parser.parse(argv[0], argv[1:]) if parser is not None else None
    except _Unsupported:
        return None
    except (AttributeError, TypeError):  # register used something the recorder does not have
        return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) >= 2 and (argv[0], argv[1]) in SUBCOMMAND_ALIASES:
        argv = [SUBCOMMAND_ALIASES[(argv[0], argv[1])], *argv[2:]]
    module = COMMANDS.get(argv[0]) if argv else None
    quick = quick_parse(module, argv) if module else None
    # Either reading has the attributes the handler reads (Arguments has them as set by quick_parse).
    args: Any = quick if quick is not None else build_parser((module,) if module else COMMAND_MODULES).parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # e.g. `| head`: not an error of ours
        return 0
