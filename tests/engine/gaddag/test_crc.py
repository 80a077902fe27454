"""The lexicon file's CRC from the compiled core (``engine/gaddag/_crc.c``) is zlib's, bit for bit."""

from __future__ import annotations

import random
import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gaddag import format as lexicon_format


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=3000), st.integers(0, 2**32 - 1))
def test_the_crc_is_zlibs(data: bytes, value: int) -> None:
    assert lexicon_format.crc32(data, value) == zlib.crc32(data, value)
    assert lexicon_format.crc32(memoryview(data)) == zlib.crc32(data)


def test_long_buffers_of_every_tail_length_and_offset() -> None:
    rng = random.Random(7)
    data = rng.randbytes(1 << 20)
    view = memoryview(data)
    for start in range(0, 40, 3):
        for length in (255, 256, 257, 1000, 4096 + 13, 65536 + 63, 500_000 + 1):
            part = view[start:start + length]
            assert lexicon_format.crc32(part, start) == zlib.crc32(part, start), (start, length)


def test_the_core_answers_long_buffers_itself_when_it_is_built() -> None:
    core = lexicon_format._CRC_CORE
    if core is None:  # not built, or TIRAGE_PURE_PYTHON: zlib answers, as the other tests check
        assert lexicon_format._CRC_PROBLEM
        return
    data = bytes(range(256)) * 40
    assert core.crc32(b"short") is NotImplemented  # short buffers: zlib
    folded = core.crc32(data, 99)
    assert folded == zlib.crc32(data, 99) if core.FOLDED else folded is NotImplemented
