"""Format version 2: one-word nodes (single arc, child just below), arcs below the mask, header.

The language of the automaton is checked against the oracle in ``test_build.py``; here the words
themselves: where the builder stores a node in one word, and what a reader refuses.
"""

from __future__ import annotations

import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gaddag import (
    ACCEPT_BIT,
    FORMAT_VERSION,
    MASK_BITS,
    ONE_WORD_BIT,
    LexiconFormatError,
    build_gaddag,
    load_gaddag,
)
from engine.gaddag.format import HEADER, HEADER_SIZE, MAGIC
from tests.engine.gaddag.test_build import contract_arcs, node_starts
from tests.engine.strategies import lexicons

A, B = 1 << 1, 1 << 2  # mask bits of the letters A (code 1) and B (code 2); the separator is bit 0


def test_the_documented_words_of_a_tiny_lexicon():
    # {"AB"}: GADDAG strings "A>B" and "BA". Written in freeze order, each node's arc words below
    # its mask word (the node's index):
    g = build_gaddag(["AB"], "fr")
    assert g.words.tolist() == [
        0,                                # 0: the empty node
        ONE_WORD_BIT | ACCEPT_BIT | B,    # 1: after "A>": B accepts, child 1 - 1 = 0 (none)
        ONE_WORD_BIT | 1,                 # 2: after "A": the separator, child 1, no accept
        ACCEPT_BIT | 0,                   # 3: arc word of node 4 (its only arc, rank 0): accepts, child 0
        A,                                # 4: after "B": A; its child 0 is not node 3, so not one word
        4,                                # 5: arc word of the root, rank 1 (B): child 4
        2,                                # 6: arc word of the root, rank 0 (A): child 2
        A | B,                            # 7: the root
    ]
    assert g.root == 7 and (g.node_count, g.arc_count, g.one_word_count) == (5, 5, 2)
    assert contract_arcs(g, 1) == [(2, 1, 0)]  # one word, with accept, child 0
    assert contract_arcs(g, 2) == [(0, 0, 1)]  # one word, without accept
    assert contract_arcs(g, 4) == [(1, 1, 0)]  # single arc stored as mask + arc word
    assert contract_arcs(g, 7) == [(1, 0, 2), (2, 0, 4)]
    assert g.arc(1, 2) == ACCEPT_BIT and g.arc(2, 0) == 1 and g.arc(2, 1) == -1 and g.arc(7, 2) == 4
    assert g.arcs(7) == [(1, 2), (2, 4)] and g.arcs(1) == [(2, ACCEPT_BIT)] and g.arcs(0) == []
    assert g.contains("AB") and not g.contains("A") and not g.contains("BA")
    assert g.front_hooks("B") == "A" and g.back_hooks("A") == "B" and list(g.iter_words()) == ["AB"]


@settings(max_examples=150, deadline=None)
@given(lexicons())
def test_one_word_nodes_keep_the_contract(lexicon):
    g = build_gaddag(lexicon, "en")
    words = g.words
    flagged = 0
    for node in node_starts(g)[1:]:
        word = words[node]
        arcs = contract_arcs(g, node)
        assert [(code, arc) for code, arc in g.arcs(node)] == [
            (code, accepts << 31 | child) for code, accepts, child in arcs]
        assert all(g.arc(node, code) == accepts << 31 | child for code, accepts, child in arcs)
        assert word & ~(MASK_BITS | ONE_WORD_BIT | ACCEPT_BIT) == 0
        if word & ONE_WORD_BIT:
            flagged += 1
            assert (word & MASK_BITS).bit_count() == 1 and arcs[0][2] == node - 1
        else:
            assert not word & ACCEPT_BIT, "the accept bit belongs to one-word nodes only"
            if len(arcs) == 1:
                # The builder stores every single arc to the node just below in one word.
                assert arcs[0][2] != node - 1
    assert flagged == g.one_word_count
    assert len(words) == g.node_count + g.arc_count - g.one_word_count


def test_one_word_count_is_in_the_header_and_survives_a_round_trip(tmp_path):
    built = build_gaddag(["MAISON", "MAISONS", "MAIS", "AMI", "AMIS"], "fr")
    path = tmp_path / "x.gad"
    built.save(path)
    fields = HEADER.unpack(path.read_bytes()[:HEADER_SIZE])
    assert HEADER_SIZE == 84 and fields[1] == FORMAT_VERSION == 2
    assert fields[10] == built.one_word_count > 0
    loaded = load_gaddag(path, verify_structure=True)
    assert loaded.one_word_count == built.one_word_count and loaded.words.tolist() == built.words.tolist()
    loaded.close()


def v1_file(path) -> None:
    """A sound version-1 file (80-byte header, masks before their arc words): words "A" and "AA"."""
    words = [0, 2, 0x80000000, 2, 0x80000001]
    payload = struct.pack(f"<{len(words)}I", *words)
    head = struct.pack("<8sII8s32sIIIII", MAGIC, 1, 80, b"fr", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", 2, 3, 2, 3,
                       len(words))
    crc = zlib.crc32(payload, zlib.crc32(head))
    path.write_bytes(head + struct.pack("<I", crc) + payload)


def test_a_version_1_file_is_refused_with_the_command_that_rebuilds_it(tmp_path):
    path = tmp_path / "old.gad"
    v1_file(path)
    with pytest.raises(LexiconFormatError) as info:
        load_gaddag(path)
    message = str(info.value)
    assert "format version 1 is not supported" in message and str(path) in message
    assert "rebuild it with `python -m engine lexicon build`" in message


def reseal(data: bytearray) -> None:
    crc = zlib.crc32(bytes(data[HEADER_SIZE:]), zlib.crc32(bytes(data[:HEADER_SIZE - 4])))
    data[HEADER_SIZE - 4:HEADER_SIZE] = struct.pack("<I", crc)


@pytest.mark.parametrize(("damage", "message"), [
    ("separator", "has a separator arc"),
    ("arc_up", "does not point below the node"),
    ("accept_without_flag", "accept bit without the one-word flag"),
    ("one_word_count", "inconsistent header"),
])
def test_a_damaged_root_or_count_is_refused_at_every_load(tmp_path, damage, message):
    path = tmp_path / "x.gad"
    g = build_gaddag(["MAISON", "MAISONS", "MAIS", "AMI", "AMIS"], "fr")
    g.save(path)
    data = bytearray(path.read_bytes())
    root_at = HEADER_SIZE + 4 * g.root
    root_word = g.words[g.root]
    if damage == "separator":
        struct.pack_into("<I", data, root_at, root_word | 1)
    elif damage == "arc_up":
        struct.pack_into("<I", data, root_at - 4, g.root)  # the root's first arc to itself
    elif damage == "accept_without_flag":
        struct.pack_into("<I", data, root_at, root_word | ACCEPT_BIT)
    else:
        struct.pack_into("<I", data, 76, g.one_word_count + 1)
    reseal(data)
    path.write_bytes(bytes(data))
    with pytest.raises(LexiconFormatError, match=message):
        load_gaddag(path)


@settings(max_examples=200, deadline=None)
@given(lexicons(max_size=15, max_length=5), st.data())
def test_an_array_the_structural_check_passes_can_be_walked_safely(lexicon, data):
    """Damage one word at random: the check refuses it, or every walk stays in the array and ends."""
    from array import array

    from engine.gaddag import Gaddag
    from engine.gaddag.format import check_structure

    g = build_gaddag(lexicon, "en")
    words = array("I", g.words)
    index = data.draw(st.integers(0, len(words) - 1))
    words[index] = data.draw(st.sampled_from([
        words[index] ^ 1 << data.draw(st.integers(0, 31)),   # one flipped bit
        data.draw(st.integers(0, len(words) + 2)),           # a small index
        ONE_WORD_BIT | ACCEPT_BIT | 1 << data.draw(st.integers(0, 26)),
    ]))
    try:
        check_structure("fuzzed", words, g.root, 26)
    except LexiconFormatError:
        return
    damaged = Gaddag(words, g.root, g.alphabet, word_count=g.word_count, node_count=g.node_count,
                     arc_count=g.arc_count)
    list(damaged.iter_words())
    damaged.anagrams("AEMS?", 1)
    damaged.pattern("A.E")
    damaged.extensions("A", "??")
    for word in lexicon:
        damaged.contains(word)
        damaged.front_hooks(word)
        damaged.back_hooks(word)
