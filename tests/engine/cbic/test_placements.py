"""Placements of one word through a support square, against a brute force over every window."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.alphabet import get_alphabet
from engine.cbic.placements import WordCheck, placements_through, refusal_text
from engine.cbic.state import REVISION, Bag, GridState, Placement
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import generate_moves
from engine.scrabble.scoring import validate_placement

FR = get_alphabet("fr")


def random_state(lexicon, words: list[str], rng: random.Random, plays: int) -> GridState:
    """A legal board grown by random legal plays of the move generator, as a GridState."""
    board = Board()
    bag = "".join(x * k for x, k in FR.counts.items())
    for _ in range(plays):
        rack = "".join(rng.choice(bag) for _ in range(7))
        moves = generate_moves(lexicon, Position(board, (rack, "")))
        if moves:
            rng.choice(moves).apply(board)
    state = GridState()
    for r, c, tile in board.tiles():
        state = state.apply(Placement(tile, r, c, "H", 0, ((r, c, tile),), (), 0, ()), REVISION)
    return state


def oracle(cells: list[str], words: set[str], word: str, supports: tuple[int, ...]) -> set[tuple]:
    """Every (row, col, dir, support) by trying each start square: straight from the rules."""
    def at(r: int, c: int) -> str:
        return cells[r * SIZE + c] if 0 <= r < SIZE and 0 <= c < SIZE else ""

    found = set()
    n = len(word)
    for d in "HV":
        dr, dc = (0, 1) if d == "H" else (1, 0)
        for r0 in range(SIZE):
            for c0 in range(SIZE):
                span = [(r0 + dr * k, c0 + dc * k) for k in range(n)]
                if not all(0 <= r < SIZE and 0 <= c < SIZE for r, c in span):
                    continue
                if at(r0 - dr, c0 - dc) or at(r0 + dr * n, c0 + dc * n):
                    continue
                filled = [k for k, (r, c) in enumerate(span) if at(r, c)]
                if len(filled) != 1 or filled[0] not in supports:
                    continue
                k0 = filled[0]
                if at(*span[k0]).upper() != word[k0]:
                    continue
                ok = True
                crosses = 0
                for k, (r, c) in enumerate(span):
                    if k == k0:
                        continue
                    a, b = (r - dc, c - dr), (r + dc, c + dr)
                    pre = ""
                    while at(*a):
                        pre = at(*a).upper() + pre
                        a = (a[0] - dc, a[1] - dr)
                    post = ""
                    while at(*b):
                        post += at(*b).upper()
                        b = (b[0] + dc, b[1] + dr)
                    if pre or post:
                        crosses += 1
                        if pre + word[k] + post not in words:
                            ok = False
                if ok and not (n == 2 and d == "V" and crosses):
                    found.add((r0, c0, d, k0))
    return found


@pytest.mark.parametrize("case", range(12))
def test_placements_match_brute_force_and_the_rules(synthetic, case: int) -> None:
    lexicon, words = synthetic
    rng = random.Random(case)
    state = random_state(lexicon, sorted(words), rng, plays=3 + case)
    check = WordCheck(lexicon)
    pool = sorted(w for w in words if len(w) <= 8)
    tried = 0
    for word in rng.sample(pool, 150):
        supports = tuple(sorted(rng.sample(range(len(word)), rng.randint(1, min(3, len(word))))))
        got = placements_through(state, check, word, supports)
        keys = {(p.row, p.col, p.dir, p.support) for p in got}
        assert len(keys) == len(got)
        assert keys == oracle(state.cells, words, word, supports)
        for p in got:
            tried += 1
            position = Position(Board(list(state.cells)), (p.rack, ""))
            move = validate_placement(lexicon, position, list(p.tiles))
            assert (move.row, move.col, move.dir, move.word) == (p.row, p.col, p.dir, word)
            assert move.score == p.score
            assert sorted(move.words[1:]) == sorted(p.cross_words)
    assert tried > 0


def test_reasons_explain_refusals(synthetic) -> None:
    lexicon, words = synthetic
    state = GridState()
    word = next(w for w in sorted(words) if len(w) == 8)
    state = state.apply(Placement(word, 7, 0, "H", -1, tuple((7, k, ch) for k, ch in enumerate(word)),
                                  (), 0, ()), REVISION)
    reasons: Counter[tuple[str, str]] = Counter()
    # Through the first letter of the placed word, horizontally: the tiles are in the way.
    placements_through(state, WordCheck(lexicon), word, (0,), None, reasons)
    assert reasons["cbic_in_the_way", ""] >= 1 or reasons["cbic_touches_end", ""] >= 1
    assert refusal_text("cbic_in_the_way") == "another tile is in the way"
    assert refusal_text("cbic_forms_invalid", "XQ") == "it would form XQ, not a word"


def test_bag_mode_uses_blanks_then_refuses() -> None:
    from engine.gaddag import build_gaddag

    lexicon = build_gaddag(["KAKI", "KA"], "fr")
    state = GridState()
    state = state.apply(Placement("KA", 7, 7, "H", -1, ((7, 7, "K"), (7, 8, "A")), (), 0, ()), REVISION)
    bag = Bag(FR)  # one K (already on the board) and two blanks in the French bag
    got = placements_through(state, WordCheck(lexicon), "KAKI", (1,), bag)
    assert got and all(p.rack == "??I" for p in got)
    assert all(t == "k" for p in got for _, _, t in p.tiles if t.islower())
    assert placements_through(state, WordCheck(lexicon), "KAKI", (1,), None)[0].rack == "KKI"
    state.blanks_used = 1  # one blank left: the second K cannot be had
    reasons: Counter[tuple[str, str]] = Counter()
    assert placements_through(state, WordCheck(lexicon), "KAKI", (1,), bag, reasons) == []
    assert reasons["cbic_bag_empty", ""] >= 1
