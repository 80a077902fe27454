"""The command line imports only the module of the command it runs (start-up time), and still
knows every command for ``--help`` and unknown names."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys

import pytest

from engine import cli


def registered_names(module: str) -> set[str]:
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    importlib.import_module(module).register(subparsers)
    return set(subparsers.choices)


def test_the_command_table_names_what_each_module_registers():
    assert set(cli.COMMANDS.values()) == set(cli.COMMAND_MODULES)
    for module in cli.COMMAND_MODULES:
        assert registered_names(module) == {name for name, owner in cli.COMMANDS.items() if owner == module}


def test_a_moves_command_does_not_import_the_other_command_groups(tmp_path):
    lexicon = tmp_path / "tiny.gaddag"
    (tmp_path / "words.txt").write_text("BA\nBAC\nCAB\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from engine.cli import main\n"
        f"assert main(['lexicon', 'build', {str(tmp_path / 'words.txt')!r}, '-o', {str(lexicon)!r}]) == 0\n"
        "for name in [m for m in sys.modules if m.startswith('engine.')]:\n"
        "    del sys.modules[name]\n"
        "from engine.cli import main\n"
        f"code = main(['moves', {str(lexicon)!r}, '--cgp', '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABC/ 0/0 0'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[:2] in (['engine', 'cbic'], ['engine', 'crossword'],\n"
        "    ['engine', 'jarnac'], ['engine', 'hunspell'], ['engine', 'duplicate']))\n"
        "print('HEAVY', heavy)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "HEAVY []" in done.stdout
    assert "8" in done.stdout  # a play was printed (an 8th-row coordinate on the empty board)


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for name in ("moves", "duplicate", "cbic", "fill", "jarnac", "lexicon"):
        assert name in out


def test_an_unknown_command_is_refused_with_the_choices(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["mvoes"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "moves" in err
