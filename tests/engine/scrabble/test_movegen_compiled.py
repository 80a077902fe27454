"""The compiled move generator against the pure-Python one: the same plays, scores and order.

The pure-Python generator is the specification (itself checked against a brute-force oracle in
test_movegen.py); here every public entry point (``generate_moves``, ``raw_plays``, ``top_moves``,
``ranked_top``) is run twice on the same position, once as configured (the C core when it is
built) and once inside ``pure_python()``, on random small lexicons, random boards, racks with 0-2
blanks and self-play games. With ``TIRAGE_PURE_PYTHON=1`` both runs are Python and the suite
checks the fallback instead (CI runs this directory both ways).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.alphabet import get_alphabet
from engine.gaddag import build_gaddag
from engine.scrabble import movegen
from engine.scrabble.board import SIZE, Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import (
    MoveGenError,
    beats,
    generate_moves,
    pure_python,
    ranked_top,
    raw_plays,
    top_moves,
)
from tests.engine import strategies

PURE_FORCED = os.environ.get(movegen.PURE_PYTHON_VARIABLE, "") not in ("", "0")


def outputs(lexicon, position: Position, n: int) -> tuple:
    """Everything the public API says about a position."""
    moves = generate_moves(lexicon, position)
    target = moves[len(moves) // 2] if moves else None
    ranked = ranked_top(lexicon, position, n, target) if target is not None else None
    best = moves[0].score if moves else 0
    thresholds = sorted({-1, 0, best - 1, best, best + 1, target.score if target is not None else 1})
    beaten = tuple((t, beats(lexicon, position, t)) for t in thresholds)
    return moves, raw_plays(lexicon, position), top_moves(lexicon, position, n), ranked, beaten


def assert_same(lexicon, position: Position, n: int = 5) -> list:
    configured = outputs(lexicon, position, n)
    with pure_python():
        assert movegen.implementation() == "python"
        reference = outputs(lexicon, position, n)
    assert configured[0] == reference[0], "generate_moves differs"
    assert configured[1] == reference[1], "raw_plays differs (plays or their order)"
    assert configured[2] == reference[2], "top_moves differs"
    assert configured[3] == reference[3], "ranked_top differs"
    assert configured[4] == reference[4], "beats differs"
    # beats(t) says whether some play scores more than t, by its definition over every play
    assert configured[4] == tuple((t, any(m.score > t for m in reference[0])) for t, _ in reference[4])
    # each Move field by field, types included (the core builds Move objects itself)
    for mine, theirs in zip(configured[0], reference[0], strict=True):
        assert (type(mine), mine.row, mine.col, mine.dir, mine.word, mine.score, mine.tiles, mine.words) == \
            (type(theirs), theirs.row, theirs.col, theirs.dir, theirs.word, theirs.score, theirs.tiles, theirs.words)
    return configured[0]


def test_the_compiled_core_is_active_unless_pure_python_is_asked() -> None:
    if PURE_FORCED:
        assert movegen.implementation() == "python"
        assert "TIRAGE_PURE_PYTHON" in (movegen.unavailable_reason() or "")
    else:
        assert movegen.implementation() == "compiled", (
            f"the compiled move generator is not in use: {movegen.unavailable_reason()}")
        assert movegen.unavailable_reason() is None


def test_the_variable_and_a_stale_build_select_the_python_generator(monkeypatch) -> None:
    monkeypatch.setenv(movegen.PURE_PYTHON_VARIABLE, "1")
    core, reason = movegen._load_core()
    assert core is None and "TIRAGE_PURE_PYTHON" in reason
    if movegen._CORE is None:  # nothing more to check without a build
        return
    monkeypatch.setenv(movegen.PURE_PYTHON_VARIABLE, "0")
    assert movegen._load_core() == (movegen._CORE, None)
    monkeypatch.setattr(movegen._CORE, "SOURCE_CRC32", 12345)  # built from another version of the C file
    core, reason = movegen._load_core()
    assert core is None and "rebuild" in reason


def test_pure_python_switches_and_restores() -> None:
    before = movegen.implementation()
    with pure_python():
        assert movegen.implementation() == "python"
        assert movegen.unavailable_reason()
    assert movegen.implementation() == before


def _board_from(words: list[str], rng: random.Random, placed: int, tiles: int, letters: str) -> Board:
    """Words laid anywhere (clashes skipped, a tenth of the letters as blanks) plus loose tiles."""
    board = Board()
    for _ in range(placed):
        word = rng.choice(words)
        if len(word) > SIZE:
            continue
        direction = rng.choice("HV")
        r, c = rng.randrange(SIZE), rng.randrange(SIZE)
        try:
            board.copy().place(r, c, direction, word)
        except ValueError:
            continue
        board.place(r, c, direction, "".join(ch.lower() if rng.random() < 0.1 else ch for ch in word))
    for _ in range(tiles):
        r, c = rng.randrange(SIZE), rng.randrange(SIZE)
        if not board.get(r, c):
            ch = rng.choice(letters)
            board.set(r, c, ch.lower() if rng.random() < 0.1 else ch)
    return board


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=strategies.lexicons(max_size=60), seed=st.integers(0, 2**32 - 1), placed=st.integers(0, 8),
       tiles=st.integers(0, 30), rack=strategies.racks(min_size=0), n=st.sampled_from([0, 1, 3, 10]))
def test_same_plays_on_random_lexicons_and_boards(words: frozenset[str], seed: int, placed: int, tiles: int,
                                                 rack: str, n: int) -> None:
    lexicon = build_gaddag(sorted(words), "fr")
    rng = random.Random(seed)
    board = _board_from(sorted(words), rng, placed, tiles, strategies.LETTERS)
    assert_same(lexicon, Position(board, (rack, "")), n)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=strategies.lexicons(letters="AEIRST", min_size=10, max_size=80), seed=st.integers(0, 2**32 - 1),
       blanks=st.integers(0, 2))
def test_same_plays_along_self_play_games(words: frozenset[str], seed: int, blanks: int) -> None:
    """Whole games: each turn the best play (or one of the five best) is put on the board."""
    lexicon = build_gaddag(sorted(words), "fr")
    rng = random.Random(seed)
    board = Board()
    for _turn in range(12):
        rack = "".join(rng.choice("AEIRST") for _ in range(7 - blanks)) + "?" * blanks
        moves = assert_same(lexicon, Position(board, (rack, "")))
        if not moves:
            continue
        rng.choice(moves[:5]).apply(board)


FRENCH_WORDS = sorted({
    "AA", "AI", "AN", "AS", "AU", "EH", "EN", "ES", "ET", "EU", "IL", "IN", "LA", "LE", "LU", "MA", "ME", "MI",
    "NE", "NI", "NU", "OS", "OU", "SA", "SE", "SI", "TA", "TE", "TU", "UN", "US", "UT", "ZA", "KA", "WU", "XI",
    "AIRE", "ARTISTE", "ENTRAIS", "ETAIS", "KAYAK", "LITERIE", "NUITS", "OSERAIT", "QUAI", "RAISON", "RATES",
    "RESTAIT", "SATIRE", "TAIRE", "TALISER", "TIRES", "TRAITE", "TRAINES", "WHIST", "XYSTE", "ZESTE", "ZOUK",
})


def test_same_plays_on_french_self_play_with_every_letter() -> None:
    """All 26 letters and the French values; racks drawn from the French bag, blanks included."""
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    alphabet = get_alphabet("fr")
    rng = random.Random(2024)
    bag_letters = [ch for ch, k in alphabet.counts.items() for _ in range(k)] + ["?"] * alphabet.blanks
    for _game in range(4):
        board = Board()
        bag = bag_letters.copy()
        rng.shuffle(bag)
        for _turn in range(10):
            rack = "".join(bag.pop() for _ in range(min(7, len(bag))))
            moves = assert_same(lexicon, Position(board, (rack, "")), 10)
            if moves:
                moves[0].apply(board)


def test_same_plays_with_english_values() -> None:
    words = ["QI", "ZA", "AX", "EX", "OX", "JO", "QUIZ", "ZAX", "JINX", "OXEN", "TAXI", "EXIT", "AXE", "ZOA"]
    lexicon = build_gaddag(words, "en")
    board = Board()
    board.place(7, 5, "H", "QUIZ")
    board.place(8, 8, "H", "AXE")
    for rack in ("OXENTA?", "JINX", "??", "ZAQIX?E"):
        assert_same(lexicon, Position(board, (rack, "")))


def test_empty_rack_and_first_play() -> None:
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    assert assert_same(lexicon, Position(Board(), ("", ""))) == []
    first = assert_same(lexicon, Position(Board(), ("RESTAI?", "")))
    assert first and all(m.tiles >= 2 for m in first)


def test_rack_argument_and_top_edges_match() -> None:
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    board = Board()
    board.place(7, 3, "H", "SATIRE")
    position = Position(board, ("ZZZ", ""))
    for n in (0, 1, 2, 10_000):
        mine = top_moves(lexicon, position, n, rack="NUIT?SE")
        with pure_python():
            assert mine == top_moves(lexicon, position, n, rack="NUIT?SE")
    assert generate_moves(lexicon, position, rack="AEN") == generate_moves(lexicon, Position(board, ("AEN", "")))


@pytest.mark.parametrize("rack", ["AB1", "AEIRSTUL", "é"])
def test_refused_racks_raise_the_same_error(rack: str) -> None:
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    position = Position(Board(), (rack, ""))
    with pytest.raises(MoveGenError) as compiled:
        generate_moves(lexicon, position)
    with pure_python(), pytest.raises(MoveGenError) as python:
        generate_moves(lexicon, position)
    assert str(compiled.value) == str(python.value)


def test_unusual_text_falls_back_to_the_same_answer() -> None:
    """Non-ASCII letters that Python folds to the alphabet (dotless i, long s) are left to Python."""
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    board = Board()
    board.place(7, 5, "H", "ETAIS")
    assert_same(lexicon, Position(board, ("\u0131RA\u017fTE", "")))


def test_a_lexicon_that_is_not_a_buffer_falls_back() -> None:
    """The core reads a uint32 buffer; a lexicon whose words are a plain list gets the Python search."""
    real = build_gaddag(FRENCH_WORDS, "fr")

    class ListLexicon:
        words = list(real.words)
        root = real.root
        alphabet = real.alphabet

    board = Board()
    board.place(7, 4, "H", "RAISON")
    position = Position(board, ("TE?SIAR", ""))
    assert generate_moves(ListLexicon(), position) == generate_moves(real, position)


def test_ranked_top_ranks_among_every_play() -> None:
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    board = Board()
    board.place(7, 4, "H", "RAISON")
    position = Position(board, ("TE?SIAR", ""))
    everything = generate_moves(lexicon, position)
    for index in (0, 1, len(everything) // 3, len(everything) - 1):
        top, rank, count = ranked_top(lexicon, position, 10, everything[index])
        assert (top, rank, count) == (everything[:10], index + 1, len(everything))
    absent = everything[0].__class__(0, 0, "H", "ZZ", 999, 2)
    assert ranked_top(lexicon, position, 3, absent) == (everything[:3], None, len(everything))
    with pytest.raises(ValueError, match="top N"):
        ranked_top(lexicon, position, -1, everything[0])


def test_a_memory_mapped_lexicon_is_read_in_place(tmp_path) -> None:
    """The core reads the mapped file's buffer (no copy): same plays as from the in-memory array."""
    from engine.gaddag import load_gaddag

    built = build_gaddag(FRENCH_WORDS, "fr")
    built.save(tmp_path / "fr.gaddag")
    mapped = load_gaddag(tmp_path / "fr.gaddag")
    board = Board()
    board.place(7, 1, "H", "OSERAIT")
    position = Position(board, ("ZESTE?A", ""))
    assert assert_same(mapped, position) == generate_moves(built, position)


def test_a_call_made_while_the_core_builds_its_answer_is_declined() -> None:
    """A collection during the construction of Moves may run a finalizer that calls the generator:
    that inner call must not reuse the core's buffers (it is declined and gets the Python search)."""
    import gc

    if movegen.implementation() != "compiled":
        assert movegen.unavailable_reason()  # nothing to re-enter without the core
        return
    lexicon = build_gaddag(FRENCH_WORDS, "fr")
    board = Board()
    board.place(7, 4, "H", "RAISON")
    position = Position(board, ("TE?SIAR", ""))
    expected = generate_moves(lexicon, position)
    tables = (lexicon.alphabet.letters, (0, *(lexicon.alphabet.values[ch] for ch in lexicon.alphabet.letters)))
    inner: list = []

    class Reenter:
        def __del__(self) -> None:
            inner.append(movegen._CORE.run(lexicon.words, lexicon.root, board.cells, "TE?SIAR", *tables, 1))
            inner.append(generate_moves(lexicon, position))  # the public call: Python answers

    thresholds = gc.get_threshold()
    was_enabled = gc.isenabled()
    try:
        gc.collect()
        gc.set_threshold(50)  # reached while the core builds its Moves (thousands of allocations)
        gc.enable()
        cycle = Reenter()
        cycle.me = cycle
        del cycle
        outer = movegen._CORE.run(lexicon.words, lexicon.root, board.cells, "TE?SIAR", *tables, 1)
    finally:
        gc.set_threshold(*thresholds)
        if not was_enabled:
            gc.disable()
    assert outer == expected
    assert inner and inner[0] is NotImplemented and inner[1] == expected


def test_prepared_lines_are_reused_only_for_the_same_position() -> None:
    """The core keeps the last position's cross-checks: a call on the same board, letters, lexicon and
    rack letters reuses them; any change (a rack with other letters or a blank, a tile placed on the
    same Board object, a blank instead of a letter, another lexicon with the same words, other
    letter values) must give the answer computed afresh."""
    french = build_gaddag(FRENCH_WORDS, "fr")
    twin = build_gaddag(FRENCH_WORDS, "fr")  # same content, another object
    english = build_gaddag(FRENCH_WORDS, "en")
    board = Board()
    board.place(7, 3, "H", "SATIRE")
    position = Position(board, ("NUITSEA", ""))
    for lexicon in (french, french, twin, english, french):
        for rack in ("NUITSEA", "NUITSEA", "ZZZQ", "AE?", "NUITSEA", ""):
            assert_same(lexicon, Position(board, (rack, "")), 3)
    board.set(6, 3, "A")  # the same Board object, one tile more
    assert_same(french, position, 3)
    board.set(6, 3, "a")  # the same square, now a blank
    assert_same(french, position, 3)
    assert_same(french, position, 3)
