"""The command line read without argparse (``engine.cli.quick_parse``) reads what argparse reads, the same way.

argparse is the specification: for any command line, the quick reader either gives the very attributes
``parse_args`` gives, or declines (``None``) so that argparse reads it (and writes every error and the help).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cli

COMMANDS = sorted(cli.COMMANDS)
# Values that argparse reads in different ways: numbers, negative numbers, choices, empty text, dashes.
VALUES = ["1", "0", "7", "-1", "-5", "x", "fr", "en", "eliot", "classic", "joker", "F.gaddag", "a b", "", "-",
          "--", "-h", "--help", "H4", "BACCARAT", "15/15 ABC/ 0/0 0"]


def subparser(command: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine")
    subparsers = parser.add_subparsers(dest="command", required=True)
    importlib.import_module(cli.COMMANDS[command]).register(subparsers)
    found: argparse.ArgumentParser = subparsers.choices[command]
    return found


def tokens_of(command: str) -> list[str]:
    """The option names of ``command`` (and abbreviations, ``name=value`` forms) plus the usual values."""
    names = [name for action in subparser(command)._actions for name in action.option_strings]
    choices = [str(c) for action in subparser(command)._actions for c in (action.choices or ())]
    return sorted({*names, *(name[:-1] for name in names if len(name) > 3), *(f"{name}=1" for name in names),
                   *choices, *VALUES})


def argparse_reading(argv: list[str]) -> dict[str, object] | None:
    """What ``engine.cli.main`` gets from argparse, or ``None`` when argparse refuses the line (or prints help)."""
    parser = cli.build_parser((cli.COMMANDS[argv[0]],))
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            return vars(parser.parse_args(argv))
        except SystemExit:
            return None


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    return [command, *draw(st.lists(st.sampled_from(tokens_of(command)), max_size=9))]


@st.composite
def plausible_lines(draw: st.DrawFn) -> list[str]:
    """Mostly well-formed lines: the positionals, some options with values of their type, in any
    order, sometimes with one token more or less (so that both readers often accept them)."""
    command = draw(st.sampled_from(COMMANDS))
    parts: list[list[str]] = []
    for action in subparser(command)._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if not action.option_strings:
            parts.append([draw(st.sampled_from(["L.gaddag", "x", "H4", "a b", "15 A/ 0/0 0"]))])
            continue
        if not action.required and draw(st.booleans()):
            continue
        name = draw(st.sampled_from(action.option_strings))
        if action.nargs == 0:
            parts.append([name])
            continue
        if action.choices:
            value = str(draw(st.sampled_from([*action.choices, "zz"])))
        elif action.type is int:
            value = draw(st.sampled_from(["0", "3", "12", "x", "-2"]))
        else:
            value = draw(st.sampled_from(["v", "15 A/ 0/0 0", "", "x.cgp"]))
        parts.append([f"{name}={value}"] if draw(st.booleans()) else [name, value])
    tokens = [token for part in draw(st.permutations(parts)) for token in part]
    if tokens and draw(st.integers(0, 3)) == 0:
        del tokens[draw(st.integers(0, len(tokens) - 1))]
    if draw(st.integers(0, 3)) == 0:
        tokens.insert(draw(st.integers(0, len(tokens))), draw(st.sampled_from(tokens_of(command))))
    return [command, *tokens]


@settings(max_examples=1500, deadline=None)
@given(st.one_of(command_lines(), plausible_lines()))
def test_the_quick_reader_reads_like_argparse_or_declines(argv: list[str]) -> None:
    quick = cli.quick_parse(cli.COMMANDS[argv[0]], argv)
    if quick is not None:
        assert vars(quick) == argparse_reading(argv), argv


def test_the_plausible_lines_are_often_read_without_argparse() -> None:
    """The property above is not vacuous: many plausible lines are read without argparse."""
    read = []

    @settings(max_examples=300, deadline=None, database=None, derandomize=True)  # the same lines every run
    @given(plausible_lines())
    def collect(argv: list[str]) -> None:
        read.append(cli.quick_parse(cli.COMMANDS[argv[0]], argv) is not None)

    collect()
    assert sum(read) >= len(read) // 20


@pytest.mark.parametrize("argv", [
    ["moves", "L.gaddag", "--cgp", "15/15 ABC/ 0/0 0"],
    ["moves", "--cgp-file", "positions.cgp", "L.gaddag", "--top", "1"],
    ["moves", "L.gaddag", "--cgp=15 A/ 0/0 0", "--json", "--style", "en"],
    ["play", "L.gaddag", "--cgp", "15 A/ 0/0 0", "H4", "BACCARAT", "--json"],
    ["duplicate", "L.gaddag", "--seed", "1", "--summary"],
    ["duplicate-import", "game.gcg", "--lexicon", "L.gaddag", "--variant", "joker"],
])
def test_the_usual_command_lines_are_read_without_argparse(argv: list[str]) -> None:
    quick = cli.quick_parse(cli.COMMANDS[argv[0]], argv)
    assert quick is not None
    assert vars(quick) == argparse_reading(argv)
    assert "file" in quick


@pytest.mark.parametrize("argv", [
    ["moves", "L.gaddag"],                                       # --cgp or --cgp-file is required
    ["moves", "L.gaddag", "--cgp", "A", "--cgp-file", "F"],      # they exclude each other
    ["moves", "L.gaddag", "--cgp", "A", "--top", "x"],           # not an int
    ["moves", "L.gaddag", "--cgp", "A", "--style", "de"],        # not a choice
    ["moves", "L.gaddag", "--cgp", "A", "--to", "3"],            # an abbreviation
    ["moves", "L.gaddag", "--cgp", "A", "--top", "-1"],          # a value that looks like an option
    ["moves", "L.gaddag", "--cgp", "A", "-h"],
    ["moves", "L.gaddag", "extra", "--cgp", "A"],                # one positional too many
    ["moves", "L.gaddag", "--cgp", "A", "--json", "--json"],     # repeated
    ["moves", "L.gaddag", "--cgp", "A", "--json=1"],             # a flag takes no value
    ["moves", "L.gaddag", "--cgp"],                              # no value
    ["lexicon", "info", "L.gaddag"],                             # nested sub-commands: argparse only
    ["no-such-command"],
])
def test_anything_unusual_is_left_to_argparse(argv: list[str]) -> None:
    assert cli.quick_parse(cli.COMMANDS.get(argv[0], "engine.cli.moves_commands"), argv) is None


def test_a_declaration_the_reader_does_not_know_makes_it_decline(monkeypatch: pytest.MonkeyPatch) -> None:
    def register(subparsers: object) -> None:
        many = subparsers.add_parser("many")  # type: ignore[attr-defined]
        many.add_argument("words", nargs="+")
        many.set_defaults(handler=print)
        one = subparsers.add_parser("one", aliases=["uno"])  # type: ignore[attr-defined]
        one.add_argument("word")
        counted = subparsers.add_parser("counted")  # type: ignore[attr-defined]
        counted.add_argument("--word", action="append")
        odd = subparsers.add_parser("odd")  # type: ignore[attr-defined]
        odd.add_argument("--n", type=int, default="x")  # argparse would refuse the default when used
        clash = subparsers.add_parser("clash")  # type: ignore[attr-defined]
        clash.add_argument("--n")
        clash.set_defaults(n="3")

    module = type(sys)("fake_commands")
    module.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_commands", module)
    for argv in (["many", "A", "B"], ["one", "A"], ["counted", "--word", "A"], ["odd"], ["clash", "--n", "1"]):
        assert cli.quick_parse("fake_commands", argv) is None, argv


def test_a_register_the_reader_cannot_follow_makes_it_decline(monkeypatch: pytest.MonkeyPatch) -> None:
    def register(subparsers: object) -> None:
        nested = subparsers.add_parser("nested")  # type: ignore[attr-defined]
        nested.add_subparsers(dest="action")

    module = type(sys)("fake_nested_commands")
    module.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_nested_commands", module)
    assert cli.quick_parse("fake_nested_commands", ["nested"]) is None


def test_the_parsed_arguments_behave_as_a_namespace() -> None:
    args = cli.quick_parse("engine.cli.moves_commands", ["moves", "L.gaddag", "--cgp", "A"])
    assert args is not None
    assert "cgp" in args and "nothing" not in args
    assert args.file == "L.gaddag" and args.top is None and args.json is False and args.style == "fr"
    assert repr(args).startswith("Arguments(cgp='A', ")


def test_a_moves_command_starts_without_argparse_typing_or_re(tmp_path):
    lexicon = tmp_path / "tiny.gaddag"
    (tmp_path / "words.txt").write_text("BA\nBAC\nCAB\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from engine.cli import main\n"
        f"assert main(['lexicon', 'build', {str(tmp_path / 'words.txt')!r}, '-o', {str(lexicon)!r}]) == 0\n"
        "for name in [m for m in sys.modules if m.startswith('engine') or m in ('argparse', 'typing', 're')]:\n"
        "    del sys.modules[name]\n"
        "from engine.cli import main\n"
        f"code = main(['moves', {str(lexicon)!r}, '--cgp', '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABC/ 0/0 0'])\n"
        "print('LOADED', sorted(m for m in ('argparse', 'typing', 're') if m in sys.modules))\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout
    assert "8" in done.stdout  # a play was printed
