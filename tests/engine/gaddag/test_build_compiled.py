"""The compiled lexicon builder against the pure-Python one: the same array, byte for byte.

The pure-Python passes (``engine.gaddag.build`` and ``layout``) are the specification, checked
against Gordon's strings in test_build.py; here the same word lists are built both ways and the
arrays, roots and counts compared, on random lists (hypothesis), on lists with long shared prefixes
and suffixes, and on a French sample. With ``TIRAGE_PURE_PYTHON=1`` the compiled builder is not
loaded: the comparisons are skipped and the fallback is checked instead (CI runs both ways).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cores
from engine.alphabet import get_alphabet
from engine.gaddag import build as build_module
from engine.gaddag import build_gaddag
from engine.gaddag.build import build_array
from engine.gaddag.format import payload_bytes
from tests.engine.strategies import lexicons

PURE_FORCED = os.environ.get(cores.PURE_PYTHON_VARIABLE, "") not in ("", "0")
needs_core = pytest.mark.skipif(build_module._CORE is None, reason="the compiled builder is not built or not in use")
EN = get_alphabet("en")
FR = get_alphabet("fr")


def assert_identical(words, alphabet=EN):
    python = build_array(words, alphabet, compiled=False)
    compiled = build_array(words, alphabet, compiled=True)
    assert payload_bytes(compiled.words) == payload_bytes(python.words)
    assert compiled == python  # root, word, node, arc and one-word counts too
    return compiled


def test_the_compiled_builder_is_active_unless_pure_python_is_asked():
    if PURE_FORCED:
        assert build_module.implementation() == "python"
        assert "TIRAGE_PURE_PYTHON" in (build_module.unavailable_reason() or "")
    else:
        assert build_module.implementation() == "compiled", (
            f"the compiled builder is not in use: {build_module.unavailable_reason()}")
        assert build_module.unavailable_reason() is None


def test_the_variable_and_a_stale_build_select_the_python_builder(monkeypatch):
    monkeypatch.setenv(cores.PURE_PYTHON_VARIABLE, "1")
    core, reason = build_module._load_core()
    assert core is None and "TIRAGE_PURE_PYTHON" in reason
    if build_module._CORE is None:
        return
    monkeypatch.setenv(cores.PURE_PYTHON_VARIABLE, "0")
    assert build_module._load_core() == (build_module._CORE, None)
    monkeypatch.setattr(build_module._CORE, "SOURCE_CRC32", 12345)  # built from another version of _build.c
    core, reason = build_module._load_core()
    assert core is None and "rebuild" in reason


def test_asking_for_the_compiled_builder_without_it_says_why(monkeypatch):
    monkeypatch.setattr(build_module, "_CORE", None)
    monkeypatch.setattr(build_module, "_CORE_PROBLEM", "not built here")
    with pytest.raises(RuntimeError, match="not built here"):
        build_array(["AB"], EN, compiled=True)
    assert build_array(["AB"], EN).words == build_array(["AB"], EN, compiled=False).words


@needs_core
@settings(max_examples=300, deadline=None)
@given(lexicons(max_size=60, max_length=9))
def test_random_lists_give_the_same_bytes(lexicon):
    assert_identical(sorted(lexicon))


@needs_core
@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="AB", min_size=1, max_size=14), min_size=1, max_size=80))
def test_two_letter_lists_with_long_shared_parts_and_duplicates(words):
    # unsorted, with duplicates: both builders go through the same checks and ordering
    assert_identical(words)


@needs_core
def test_letters_at_both_ends_of_the_alphabet_and_one_letter_words():
    assert_identical(["A", "Z", "ZA", "AZ", "AZZZZZZZZZZZZZZZZZZZZZZZZZA", "ZYXWVUTSRQPONMLKJIHGFEDCBA"])


@needs_core
def test_a_french_sample_gives_the_same_bytes_and_the_same_file_run_to_run(tmp_path):
    rng = random.Random(27)
    letters = "AAAAEEEEEEIIIIOOOUUUSSSNNRRTTLLCDMPBGFHVQJXZYKW"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(2, 12))) for _ in range(4000)}
    words |= {w + suffix for w in list(words)[:800] for suffix in ("S", "ER", "ERONS", "ASSIEZ")}
    assert_identical(sorted(words), FR)
    build_gaddag(words, "fr").save(tmp_path / "a.gaddag")
    build_gaddag(sorted(words, reverse=True), "fr").save(tmp_path / "b.gaddag")
    assert (tmp_path / "a.gaddag").read_bytes() == (tmp_path / "b.gaddag").read_bytes()


@needs_core
@pytest.mark.parametrize(("blob", "message"), [
    (b"", "non-empty"),
    (b"\x01\x02", "non-empty"),  # no final 0
    (b"\x01\x00\x00", "empty word"),
    (b"\x02\x00\x01\x00", "sorted and distinct"),
    (b"\x01\x00\x01\x00", "sorted and distinct"),
    (b"\x01\x02\x00\x01\x00", "sorted and distinct"),  # a prefix after its extension
    (b"\x20\x00", "out of range"),
])
def test_the_core_refuses_input_the_python_side_never_sends(blob, message):
    with pytest.raises(ValueError, match=message):
        build_module._CORE.build(blob)


@needs_core
def test_the_core_takes_any_bytes_like_input():
    data, root, nodes, arcs, one_word, count = build_module._CORE.build(bytearray(b"\x01\x02\x00"))
    assert count == 1 and len(data) == 4 * (nodes + arcs - one_word) and root > 0


def test_an_alphabet_the_bytes_cannot_carry_falls_back_to_python():
    from engine.alphabet import Alphabet

    wide = Alphabet(language="xx", letters="AÉ", values={"A": 1, "É": 1}, counts={"A": 1, "É": 1}, blanks=0)
    assert build_module._codes_blob(["AÉ"], wide) is None
    built = build_array(["AÉ", "A"], wide)
    assert built == build_array(["AÉ", "A"], wide, compiled=False)
    if build_module._CORE is not None:
        with pytest.raises(RuntimeError, match="cannot encode"):
            build_array(["AÉ"], wide, compiled=True)
