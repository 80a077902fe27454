"""The compiled file: round trip through a memory map, and every broken file refused at load."""

from __future__ import annotations

import os
import stat
import struct
import zlib

import pytest
from hypothesis import given, settings

from engine.gaddag import FORMAT_VERSION, LexiconFormatError, build_gaddag, load_gaddag
from engine.gaddag.format import HEADER, HEADER_SIZE, MAGIC
from tests.engine.gaddag import oracle
from tests.engine.strategies import lexicons, racks

WORDS = ["MAISON", "MAISONS", "MAIS", "SOMMA", "AIMONS", "MISA", "AMI", "AMIS"]


@pytest.fixture
def lexicon_file(tmp_path):
    path = tmp_path / "fr.gad"
    build_gaddag(WORDS, "fr").save(path)
    return path


def rewrite(path, mutate):
    data = bytearray(path.read_bytes())
    mutate(data)
    path.write_bytes(bytes(data))


def reseal(data: bytearray) -> None:
    """Recompute the CRC so only the field under test is wrong."""
    crc = zlib.crc32(bytes(data[HEADER_SIZE:]), zlib.crc32(bytes(data[:HEADER_SIZE - 4])))
    data[HEADER_SIZE - 4:HEADER_SIZE] = struct.pack("<I", crc)


@settings(max_examples=40, deadline=None)
@given(lexicons(), racks())
def test_round_trip(tmp_path_factory, lexicon, rack):
    path = tmp_path_factory.mktemp("lex") / "x.gad"
    built = build_gaddag(lexicon, "en")
    size = built.save(path)
    assert size == path.stat().st_size == HEADER_SIZE + 4 * len(built.words)
    loaded = load_gaddag(path)
    try:
        assert loaded.words.tolist() == built.words.tolist()
        assert (loaded.root, loaded.word_count, loaded.node_count, loaded.arc_count, loaded.language) == (
            built.root, built.word_count, built.node_count, built.arc_count, "en")
        assert list(loaded.iter_words()) == sorted(lexicon)
        assert all(loaded.contains(w) for w in lexicon)
        assert not any(loaded.contains(w + "Q") for w in lexicon)
        assert loaded.anagrams(rack, 1) == oracle.anagrams(lexicon, rack, 1)
    finally:
        loaded.close()


def test_loaded_view_is_read_only_and_shared(lexicon_file):
    g = load_gaddag(lexicon_file)
    assert g.words.readonly and g.words.format == "I"
    with pytest.raises(TypeError):
        g.words[0] = 1
    assert g.contains("maisons") and g.anagrams("SIAM", 3) == ["AMI", "AMIS", "MAIS", "MISA"]
    g.close()


def test_header_fields(lexicon_file):
    fields = HEADER.unpack(lexicon_file.read_bytes()[:HEADER_SIZE])
    assert fields[0] == MAGIC and fields[1] == FORMAT_VERSION and fields[2] == HEADER_SIZE
    assert fields[3].rstrip(b"\0") == b"fr" and fields[4].rstrip(b"\0") == b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert fields[5] == len(WORDS)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.__delitem__(slice(HEADER_SIZE + 8, None)), "truncated"),
    (lambda d: d.__delitem__(slice(40, None)), "truncated"),
    (lambda d: d.__delitem__(slice(3, None)), "not a Tirage compiled lexicon"),
    (lambda d: d.__setitem__(slice(0, 8), b"PK\x03\x04xxxx"), "not a Tirage compiled lexicon"),
    (lambda d: d.extend(b"\0\0\0\0"), "trailing bytes"),
    (lambda d: d.__setitem__(HEADER_SIZE + 9, d[HEADER_SIZE + 9] ^ 0x10), "checksum mismatch"),
    (lambda d: d.__setitem__(56, d[56] ^ 1), "checksum mismatch"),  # the word count
])
def test_broken_files_are_refused(lexicon_file, mutate, message):
    rewrite(lexicon_file, mutate)
    with pytest.raises(LexiconFormatError, match=message) as info:
        load_gaddag(lexicon_file)
    assert str(lexicon_file) in str(info.value)


@pytest.mark.parametrize(("offset", "packed", "message"), [
    (8, struct.pack("<I", 99), "format version 99 is not supported"),
    (12, struct.pack("<I", 64), "header size 64"),
    (16, b"de\0\0\0\0\0\0", "unknown language 'de'"),
    (24, b"ABCDEFGHIJKLMNOPQRSTUVWXY\0", "alphabet 'ABCDEFGHIJKLMNOPQRSTUVWXY' differs"),
    (16, b"\xff\xfe\0\0\0\0\0\0", "not ASCII"),
    (68, struct.pack("<I", 0), "inconsistent header"),  # root 0
])
def test_foreign_headers_are_refused_even_with_a_valid_checksum(lexicon_file, offset, packed, message):
    def mutate(data):
        data[offset:offset + len(packed)] = packed
        reseal(data)

    rewrite(lexicon_file, mutate)
    with pytest.raises(LexiconFormatError, match=message):
        load_gaddag(lexicon_file)


def test_checksum_can_be_skipped_for_trusted_files(lexicon_file):
    # A bit of a deep node (word 1), which only the CRC reads at load time.
    rewrite(lexicon_file, lambda d: d.__setitem__(HEADER_SIZE + 4, d[HEADER_SIZE + 4] ^ 0x01))
    with pytest.raises(LexiconFormatError):
        load_gaddag(lexicon_file)
    load_gaddag(lexicon_file, verify_checksum=False).close()


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_gaddag(tmp_path / "nope.gad")


def test_empty_file(tmp_path):
    path = tmp_path / "empty.gad"
    path.write_bytes(b"")
    with pytest.raises(LexiconFormatError, match="not a Tirage compiled lexicon"):
        load_gaddag(path)


def test_save_replaces_atomically(tmp_path):
    path = tmp_path / "x.gad"
    build_gaddag(["AB"]).save(path)
    old = load_gaddag(path)
    build_gaddag(["CD", "CDE"]).save(path)
    assert old.contains("AB")  # the old mapping is untouched by the rewrite
    new = load_gaddag(path)
    assert new.contains("CDE") and not new.contains("AB")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.gad"]
    old.close()
    new.close()


def test_saved_file_is_readable_by_other_users(tmp_path):
    """Web processes and workers may run as other users: the file follows the umask, not mkstemp's 0600."""
    path = tmp_path / "shared.gad"
    previous = os.umask(0o022)
    try:
        build_gaddag(["AB"]).save(path)
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_counts_must_add_up_to_the_payload(lexicon_file):
    def mutate(data):
        nodes = struct.unpack_from("<I", data, 60)[0]
        struct.pack_into("<I", data, 60, nodes + 1)
        reseal(data)

    rewrite(lexicon_file, mutate)
    with pytest.raises(LexiconFormatError, match="inconsistent header"):
        load_gaddag(lexicon_file)


@settings(max_examples=30, deadline=None)
@given(lexicons())
def test_built_files_pass_the_structural_check(tmp_path_factory, lexicon):
    path = tmp_path_factory.mktemp("lex") / "x.gad"
    build_gaddag(lexicon).save(path)
    load_gaddag(path, verify_structure=True).close()


def file_words(data: bytearray) -> tuple[int, ...]:
    return struct.unpack_from(f"<{(len(data) - HEADER_SIZE) // 4}I", data, HEADER_SIZE)


def node_indexes(words) -> list[int]:
    """Index of every node word, from the top down (version 2: arc words lie below their mask)."""
    out, i = [], len(words) - 1
    while i > 0:
        out.append(i)
        i -= 1 if words[i] >> 30 else 1 + words[i].bit_count()
    return out


def arc_positions(data: bytearray) -> list[int]:
    """Byte offsets of every arc word (not node words) in a file, lowest first."""
    words = file_words(data)
    arcs = [j for i in node_indexes(words) if not words[i] >> 30 for j in range(i - words[i].bit_count(), i)]
    return [HEADER_SIZE + 4 * j for j in sorted(arcs)]


@pytest.mark.parametrize(("damage", "message"), [
    ("child_forward", "not an earlier node"),
    ("child_middle", "not an earlier node"),
    ("mask_high_bit", "bits beyond the 26 letters"),
])
def test_sealed_but_malformed_arrays_are_refused_by_the_structural_check(lexicon_file, damage, message):
    def mutate(data):
        arcs = arc_positions(data)
        node_1 = HEADER_SIZE + 4 * node_indexes(file_words(data))[-1]  # the lowest node; not the root
        if damage == "child_forward":
            struct.pack_into("<I", data, arcs[0], len(data) // 4 - 30)  # points later / past the end
        elif damage == "child_middle":
            struct.pack_into("<I", data, arcs[-1], (arcs[0] - HEADER_SIZE) // 4)  # an arc word, not a node
        else:
            struct.pack_into("<I", data, node_1, struct.unpack_from("<I", data, node_1)[0] | 1 << 27)
        reseal(data)

    rewrite(lexicon_file, mutate)
    load_gaddag(lexicon_file).close()  # the header and CRC are fine...
    with pytest.raises(LexiconFormatError, match=message):
        load_gaddag(lexicon_file, verify_structure=True)


@pytest.mark.parametrize(("words", "root", "message"), [
    ([2, 0x80000000, 2, 0x80000000], 2, "node 0 must be the empty node"),
    ([0, 0x80000000, 0x80000000, 6], 2, "root 2 is not a node"),  # 2 is an arc word of node 3
    ([0, 2, 0x80000000, (1 << 27) - 1], 1, "run past the end"),
    ([0, 0x80000000, 2, 0x80000001, 4], 4, "not an earlier node"),  # arc to 1, an arc word of node 2
    ([0, 0x80000000, 2, 0x80000004, 4], 4, "not an earlier node"),  # arc to itself
    ([0, 0xC0000002, 0x80000000 | 2], 2, "accept bit without the one-word flag"),
    ([0, 0xC0000006], 1, "exactly one arc"),  # flagged one-word, two letters
    ([0, 0x40000000], 1, "exactly one arc"),  # flagged one-word, no letter
    ([0, 0x08000002], 1, "bits beyond the 26 letters"),  # bit 27
])
def test_structural_check_on_hand_made_arrays(words, root, message):
    from array import array

    from engine.gaddag.format import check_structure

    with pytest.raises(LexiconFormatError, match=message):
        check_structure("hand-made", array("I", words), root, 26)


def test_structural_check_accepts_a_hand_made_lexicon():
    from array import array

    from engine.alphabet import get_alphabet
    from engine.gaddag import Gaddag
    from engine.gaddag.format import check_structure

    # Both nodes in one word (flag bit 30, accept bit 31, letter 'A' = bit 1). Node 1: 'A' accepts,
    # child node 0 (no child); node 2 (root): 'A' accepts, child node 1: words "A" and "AA".
    words = array("I", [0, 0xC0000002, 0xC0000002])
    check_structure("hand-made", words, 2, 26)
    g = Gaddag(words, 2, get_alphabet("fr"), word_count=2, node_count=3, arc_count=2)
    assert g.one_word_count == 2
    assert g.arc(2, 1) == 0x80000001 and g.arc(1, 1) == 0x80000000 and g.arc(1, 2) == -1
    assert g.contains("A") and g.contains("AA") and not g.contains("AAA")


def test_cached_gaddag_maps_once_per_file_version(tmp_path):
    import os

    from engine.gaddag import cached_gaddag

    path = tmp_path / "c.gad"
    build_gaddag(["AB"]).save(path)
    first = cached_gaddag(path)
    assert cached_gaddag(str(path)) is first and first.contains("AB")
    build_gaddag(["CD", "CDE"]).save(path)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # a visibly newer version
    second = cached_gaddag(path)
    assert second is not first and second.contains("CDE") and not second.contains("AB")
    assert first.contains("AB")  # the old mapping still answers
    with pytest.raises(FileNotFoundError):
        cached_gaddag(tmp_path / "missing.gad")


@pytest.mark.parametrize("root_mask", [(1 << 27) - 1, 1 << 30])
def test_a_malformed_root_is_refused_even_without_the_structural_check(lexicon_file, root_mask):
    def mutate(data):
        root = struct.unpack_from("<I", data, 68)[0]
        struct.pack_into("<I", data, HEADER_SIZE + 4 * root, root_mask)
        reseal(data)

    rewrite(lexicon_file, mutate)
    with pytest.raises(LexiconFormatError, match="root node .* is malformed"):
        load_gaddag(lexicon_file)


def test_close_with_a_slice_still_alive(lexicon_file):
    g = load_gaddag(lexicon_file)
    kept = g.words[1:4]
    g.close()
    assert kept.tolist()  # still readable; the mapping goes when the slice does


def test_big_endian_paths_are_symmetric(tmp_path, monkeypatch):
    """On a big-endian machine the file stays little-endian: save swaps, load swaps back (a copy)."""
    import engine.gaddag.format as fmt

    built = build_gaddag(WORDS, "fr")
    little = tmp_path / "little.gad"
    built.save(little)
    monkeypatch.setattr(fmt.sys, "byteorder", "big")
    # Pretending to be big-endian on a little-endian machine, saving writes the bytes swapped...
    swapped = tmp_path / "swapped.gad"
    built.save(swapped)
    assert swapped.read_bytes()[HEADER_SIZE:] != little.read_bytes()[HEADER_SIZE:]
    # ...and loading swaps them back into a private copy.
    loaded = load_gaddag(swapped)
    assert loaded.words.tolist() == built.words.tolist() and loaded.contains("MAISONS")
    loaded.close()
