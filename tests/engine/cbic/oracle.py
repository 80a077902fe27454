"""An independent checker of CBIC output: reads the JSON, re-derives every claim from the rules.

Shares no code with :mod:`engine.cbic`: the board is read from the JSON strings, words are checked
against the plain word set, and only the move generator (for "the expected play is among the legal
plays" and "the top is the generator's top") and the CGP reader are used, as the issue asks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.alphabet import Alphabet
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves

SIZE = 15


def runs(rows: list[str]) -> list[str]:
    """Every horizontal and vertical run of >= 2 tiles, upper case."""
    found = []
    lines = list(rows) + ["".join(rows[r][c] for r in range(SIZE)) for c in range(SIZE)]
    for line in lines:
        for chunk in line.split("."):
            if len(chunk) >= 2:
                found.append(chunk.upper())
    return found


def connected(rows: list[str]) -> bool:
    tiles = {(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] != "."}
    if not tiles:
        return True
    seen = set()
    todo = [next(iter(tiles))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo.extend(n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in tiles)
    return seen == tiles


def tile_counts(rows: list[str]) -> tuple[Counter[str], int]:
    letters: Counter[str] = Counter(ch for row in rows for ch in row if "A" <= ch <= "Z")
    blanks = sum(1 for row in rows for ch in row if "a" <= ch <= "z")
    return letters, blanks


def within_bag(letters: Counter[str], blanks: int, alphabet: Alphabet) -> bool:
    return blanks <= alphabet.blanks and all(k <= alphabet.counts.get(x, 0) for x, k in letters.items())


def board_rows_of(cgp: str) -> list[str]:
    return parse_cgp(cgp).board.rows()


def check_grid(data: dict[str, Any], lexicon: Any, words: set[str], specs: list[tuple[str, str | int]],
               *, bag: bool = False, top_n: int | None = None, distinct_racks: bool = False) -> None:
    """Assert everything the product promises about one ``TrainingGrid.to_json()`` object."""
    assert set(data) >= {"board", "placed", "unplaced", "stats"}
    rows = data["board"]
    assert len(rows) == SIZE and all(len(r) == SIZE for r in rows)
    assert all(ch == "." or ch.isalpha() and ch.isascii() for r in rows for ch in r)
    # The final board is a legal position.
    for run in runs(rows):
        assert run in words, f"run {run} on the final board is not a word"
    assert connected(rows), "the tiles are not all connected"
    assert rows[7][7] != ".", "the centre square is empty"
    central = data["central"]
    span = [(central["row"] + (k if central["dir"] == "V" else 0), central["col"] + (k if central["dir"] == "H" else 0))
            for k in range(len(central["word"]))]
    assert (7, 7) in span, "the central word does not cover the centre"
    alphabet = lexicon.alphabet
    if bag:
        letters, blanks = tile_counts(rows)
        assert within_bag(letters, blanks, alphabet), f"bag exceeded: {letters}, {blanks} blanks"
    # Every word requested is either placed or explained.
    requested = Counter(w for w, _ in specs)
    accounted = Counter(p["word"] for p in data["placed"]) + Counter(u["word"] for u in data["unplaced"])
    assert accounted == requested
    for u in data["unplaced"]:
        assert u["reason"]
    supports = {}
    for w, s in specs:
        supports.setdefault(w, []).append(s)
    for placed in data["placed"]:
        check_placed(placed, rows, lexicon, supports[placed["word"]], bag, top_n)
    # With SearchConfig.distinct_racks, one grid never asks the same rack twice.
    racks = [placed["situation"]["rack"] for placed in data["placed"]]
    assert not distinct_racks or len(set(racks)) == len(racks), f"a rack is asked twice: {racks}"


def check_placed(placed: dict[str, Any], final: list[str], lexicon: Any, allowed: list[str | int],
                 bag: bool, top_n: int | None) -> None:
    word, row, col, direction = placed["word"], placed["row"], placed["col"], placed["dir"]
    n = len(word)
    dr, dc = (0, 1) if direction == "H" else (1, 0)
    span = [(row + dr * k, col + dc * k) for k in range(n)]
    assert all(0 <= r < SIZE and 0 <= c < SIZE for r, c in span)
    sup = placed["support"]
    assert (sup["row"], sup["col"]) in span, f"{word}: the support square is not in its span"
    k_support = span.index((sup["row"], sup["col"]))
    assert word[k_support] == sup["letter"]
    assert any(k_support == s if isinstance(s, int) else word[k_support] == s for s in allowed), \
        f"{word}: support {k_support} ({word[k_support]}) is not the one asked ({allowed})"
    situation = placed["situation"]
    position = parse_cgp(situation["cgp"])
    before = position.board.rows()
    # The word is on the final board, the situation's board is a part of the final board.
    assert "".join(final[r][c] for r, c in span).upper() == word
    for r in range(SIZE):
        for c in range(SIZE):
            if before[r][c] != ".":
                assert final[r][c] == before[r][c]
    # Exactly one pre-existing tile in the span: the support square; both ends free.
    occupied = [k for k, (r, c) in enumerate(span) if before[r][c] != "."]
    assert occupied == [k_support], f"{word}: tiles already in its span at {occupied}"
    assert before[sup["row"]][sup["col"]].upper() == sup["letter"]
    for r, c in ((row - dr, col - dc), (row + dr * n, col + dc * n)):
        if 0 <= r < SIZE and 0 <= c < SIZE:
            assert before[r][c] == ".", f"{word}: a tile touches its end at ({r}, {c})"
    # The rack: the word minus the support letter, '?' where the final board shows a blank.
    new_tiles = [final[r][c] for k, (r, c) in enumerate(span) if k != k_support]
    expected_rack = Counter("?" if t.islower() else t for t in new_tiles)
    assert Counter(situation["rack"]) == expected_rack
    assert situation["rack"] == position.rack and len(position.rack) <= 7
    if bag:
        letters, blanks = tile_counts(before)
        letters.update(ch for ch in position.rack if ch != "?")
        assert within_bag(letters, blanks + position.rack.count("?"), lexicon.alphabet)
    # The expected play is a legal play of the situation, main word = the word.
    moves = generate_moves(lexicon, position)
    played = "".join(final[r][c] for r, c in span)
    hits = [m for m in moves if (m.row, m.col, m.dir, m.word) == (row, col, direction, played)]
    assert hits, f"{word} at ({row}, {col}) {direction} is not among the generated moves"
    assert hits[0].tiles == n - 1
    if top_n is not None:
        top = situation["top"]
        assert len(top) == min(top_n, len(moves))
        for shown, want in zip(top, moves, strict=False):
            got = dict(shown)
            flag = got.pop("expected")
            assert got == want.to_json()
            assert flag == ((want.row, want.col, want.dir, want.word) == (row, col, direction, played))
