"""The compiled placement search against its pure-Python specification: the same plays, in the same order,
with the same refusals counted.

``placements_through_python`` is itself checked against a brute force in test_placements.py. Here the
compiled core (imported directly, so the comparison also runs in CI's ``TIRAGE_PURE_PYTHON=1`` pass) and the
Python loop answer the same questions on random boards: every support, a support-square filter, bag mode.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter

import pytest

from engine import cores
from engine.cbic import placements
from engine.cbic.placements import WordCheck, placements_through, placements_through_python
from engine.cbic.state import Bag, GridState
from tests.engine.cbic.test_placements import FR, random_state

CORE = importlib.import_module("engine.cbic._placements")  # built by `pip install -e .` (setup.py)


def test_the_compiled_search_is_active_unless_pure_python_is_asked() -> None:
    if cores.pure_python_forced():
        assert placements.implementation() == "python"
    else:
        assert placements.implementation() == "compiled", placements._CORE_PROBLEM


def test_the_variable_and_a_stale_build_select_the_python_search(monkeypatch) -> None:
    monkeypatch.setenv(cores.PURE_PYTHON_VARIABLE, "1")
    core, reason = cores.load_core("engine.cbic", "_placements")
    assert core is None and "TIRAGE_PURE_PYTHON" in reason
    monkeypatch.setenv(cores.PURE_PYTHON_VARIABLE, "0")
    assert cores.load_core("engine.cbic", "_placements") == (CORE, None)
    monkeypatch.setattr(CORE, "SOURCE_CRC32", 12345)  # built from another version of the C file
    core, reason = cores.load_core("engine.cbic", "_placements")
    assert core is None and "rebuild" in reason


@pytest.mark.parametrize("case", range(10))
def test_compiled_and_python_searches_agree(synthetic, monkeypatch, case: int) -> None:
    monkeypatch.setattr(placements, "_CORE", CORE)
    lexicon, words = synthetic
    rng = random.Random(100 + case)
    state = random_state(lexicon, sorted(words), rng, plays=2 + 2 * case)
    check = WordCheck(lexicon)
    bag = Bag(FR) if case % 2 else None
    pool = sorted(words)
    found = 0
    for word in rng.sample(pool, 200):
        supports = tuple(rng.sample(range(len(word)), rng.randint(1, len(word))))  # any order, as asked
        squares = set(rng.sample(range(225), 120)) if rng.random() < 0.3 else None
        compiled_reasons: Counter[tuple[str, str]] = Counter()
        python_reasons: Counter[tuple[str, str]] = Counter()
        compiled = placements_through(state, check, word, supports, bag, compiled_reasons, squares)
        python = placements_through_python(state, check, word, supports, bag, python_reasons, squares)
        assert compiled == python, word
        assert compiled_reasons == python_reasons, word
        assert placements_through(state, check, word, supports, bag, None, squares) == python
        found += len(python)
    assert found > 0


def test_the_core_refuses_bad_input_in_words() -> None:
    check = WordCheck.__new__(WordCheck)
    board = GridState().text
    with pytest.raises(ValueError, match="225 bytes"):
        CORE.scan(board[:-1], b"MOT", [(0, (7,))], None, check, False)
    with pytest.raises(ValueError, match="1 to 15 letters"):
        CORE.scan(board, b"", [(0, (7,))], None, check, False)
    with pytest.raises(ValueError, match="outside the word"):
        CORE.scan(board, b"MOT", [(5, (7,))], None, check, False)
    with pytest.raises(ValueError, match="off the board"):
        CORE.scan(board, b"MOT", [(0, (225,))], None, check, False)
