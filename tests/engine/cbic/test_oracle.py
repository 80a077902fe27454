"""The checker can fail: each tampered copy of a good grid is caught (so a passing grid means something)."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from engine.cbic import RevisionWord, generate_training_grid
from tests.engine.cbic.conftest import SEED_WORDS
from tests.engine.cbic.oracle import check_grid

SPECS: list[tuple[str, str | int]] = [("BACCARAT", 7), ("BACCARAS", "S"), ("CACABERA", "A")]


@pytest.fixture(scope="module")
def good(seed_lexicon) -> dict:
    items = [RevisionWord(w, s) for w, s in SPECS]
    return generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=5).to_json()


def _set(rows: list[str], r: int, c: int, ch: str) -> None:
    rows[r] = rows[r][:c] + ch + rows[r][c + 1:]


def _tamper_board(d: dict) -> None:
    p = d["placed"][0]
    _set(d["board"], p["row"], p["col"], "Z")


def _tamper_stray_tile(d: dict) -> None:
    _set(d["board"], 14, 14, "A")


def _tamper_support(d: dict) -> None:
    d["placed"][0]["support"]["letter"] = "Q"


def _tamper_rack(d: dict) -> None:
    d["placed"][1]["situation"]["rack"] = "AAABCCS"


def _tamper_play(d: dict) -> None:
    d["placed"][0]["col"] += 1


def _tamper_top(d: dict) -> None:
    top = d["placed"][0]["situation"]["top"]
    top[0]["expected"] = not top[0]["expected"]


def _tamper_unplaced(d: dict) -> None:
    d["placed"].pop()




@pytest.mark.parametrize("tamper", [_tamper_board, _tamper_stray_tile, _tamper_support, _tamper_rack,
                                    _tamper_play, _tamper_top, _tamper_unplaced])
def test_tampering_is_caught(seed_lexicon, good: dict, tamper: Callable[[dict], None]) -> None:
    check_grid(copy.deepcopy(good), seed_lexicon, set(SEED_WORDS), SPECS, top_n=5)
    bad = copy.deepcopy(good)
    tamper(bad)
    with pytest.raises(AssertionError):
        check_grid(bad, seed_lexicon, set(SEED_WORDS), SPECS, top_n=5)


def test_bag_excess_is_caught(seed_lexicon, good: dict) -> None:
    with pytest.raises(AssertionError, match="bag"):
        check_grid(copy.deepcopy(good), seed_lexicon, set(SEED_WORDS), SPECS, bag=True)
