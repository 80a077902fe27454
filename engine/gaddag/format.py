"""The compiled lexicon file: a fixed header then the GADDAG array, memory-mapped on load.

Why a memory map: web processes and Celery workers each open the same file; the operating system
keeps one copy of its pages for all of them, and opening costs a header check and a CRC (a few
milliseconds), not a rebuild. Everything that can be wrong with a file (short, foreign, other
version, other alphabet, flipped bits, inconsistent counts) is detected here and raised as
:class:`LexiconFormatError`, so a query never walks into garbage.

Header (little-endian, 80 bytes, :data:`HEADER`): magic ``TIRGADDG``, format version, header size,
language (8 bytes ASCII, NUL padded), alphabet letters (32 bytes ASCII, NUL padded), word count,
node count, arc count, root index, payload length in uint32 words, CRC32 of the header's first 76
bytes followed by the payload.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import struct
import sys
import tempfile
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path

from engine.alphabet import ALPHABETS, Alphabet

MAGIC = b"TIRGADDG"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sII8s32sIIIIII")
HEADER_SIZE = HEADER.size  # 80: keeps the payload 4-byte aligned for memoryview.cast("I")


class LexiconFormatError(ValueError):
    """The file is not a usable compiled lexicon; the message says which file and what is wrong."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


@dataclass(frozen=True)
class Header:
    language: str
    letters: str
    word_count: int
    node_count: int
    arc_count: int
    root: int
    length: int
    crc: int


def _pack(header: Header) -> bytes:
    return HEADER.pack(MAGIC, FORMAT_VERSION, HEADER_SIZE, header.language.encode("ascii"),
                       header.letters.encode("ascii"), header.word_count, header.node_count,
                       header.arc_count, header.root, header.length, header.crc)


def payload_bytes(words: array | memoryview) -> bytes:
    """The array as little-endian bytes, whatever the machine's byte order."""
    data = array("I", words)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def write_file(path: str | os.PathLike[str], words: array | memoryview, *, alphabet: Alphabet,
               word_count: int, node_count: int, arc_count: int, root: int) -> int:
    """Write the file atomically (temporary file then rename); return its size in bytes.

    Atomic because workers may be mapping the previous version of the same path.
    """
    payload = payload_bytes(words)
    draft = Header(alphabet.language, alphabet.letters, word_count, node_count, arc_count, root,
                   len(payload) // 4, 0)
    crc = zlib.crc32(payload, zlib.crc32(_pack(draft)[:HEADER_SIZE - 4]))
    head = _pack(Header(**{**draft.__dict__, "crc": crc}))
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(head)
            handle.write(payload)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return len(head) + len(payload)


def _text(raw: bytes, path: str | os.PathLike[str], what: str) -> str:
    try:
        return raw.rstrip(b"\0").decode("ascii")
    except UnicodeDecodeError:
        raise LexiconFormatError(path, f"header {what} is not ASCII text") from None


def read_header(path: str | os.PathLike[str], head: bytes, file_size: int) -> Header:
    """Check everything the header alone can tell; raise :class:`LexiconFormatError` otherwise."""
    if len(head) < len(MAGIC) or head[:len(MAGIC)] != MAGIC:
        raise LexiconFormatError(path, "not a Tirage compiled lexicon (bad magic number; "
                                       "build one with `python -m engine lexicon build`)")
    if len(head) < HEADER_SIZE:
        raise LexiconFormatError(path, f"truncated: {file_size} bytes, the header alone needs {HEADER_SIZE}")
    (_, version, header_size, language, letters, word_count, node_count, arc_count, root, length,
     crc) = HEADER.unpack(head[:HEADER_SIZE])
    if version != FORMAT_VERSION:
        raise LexiconFormatError(path, f"format version {version} is not supported "
                                       f"(this engine reads version {FORMAT_VERSION}); rebuild the lexicon")
    if header_size != HEADER_SIZE:
        raise LexiconFormatError(path, f"header size {header_size} is not {HEADER_SIZE}")
    header = Header(_text(language, path, "language"), _text(letters, path, "alphabet"), word_count,
                    node_count, arc_count, root, length, crc)
    alphabet = ALPHABETS.get(header.language)
    if alphabet is None:
        raise LexiconFormatError(path, f"unknown language {header.language!r}")
    if alphabet.letters != header.letters:
        raise LexiconFormatError(path, f"alphabet {header.letters!r} differs from this engine's "
                                       f"{header.language} alphabet {alphabet.letters!r}")
    expected = HEADER_SIZE + 4 * length
    if file_size < expected:
        raise LexiconFormatError(path, f"truncated: {file_size} bytes, the header announces {expected}")
    if file_size > expected:
        raise LexiconFormatError(path, f"{file_size - expected} unexpected trailing bytes "
                                       f"(the header announces {expected})")
    if not 0 < root < length or node_count < 1 or arc_count + node_count != length:
        raise LexiconFormatError(path, f"inconsistent header (root {root}, length {length}, "
                                       f"{node_count} nodes, {arc_count} arcs)")
    return header


def check_structure(path: str | os.PathLike[str], words: memoryview | array, root: int,
                    letters: int) -> None:
    """Walk the whole array once and prove that no query can index outside it or loop.

    Checks that the nodes tile the array (a mask then one arc word per set bit), that masks use
    only the separator and letter bits, that every child is the start of a node stored *before*
    its parent (so every walk ends) and that the root is a node. The CRC already catches damage;
    this catches a well-sealed but wrong file (another tool's bug). O(size): ~0.5 s for wfrench,
    so it is an option of :func:`open_file`, not the default.
    """
    length = len(words)
    starts = bytearray(length)
    allowed = (1 << (letters + 1)) - 1
    node = 0
    while node < length:
        mask = words[node]
        if mask & ~allowed:
            raise LexiconFormatError(path, f"node {node}: mask {mask:#x} has bits beyond the {letters} letters")
        end = node + 1 + mask.bit_count()
        if end > length:
            raise LexiconFormatError(path, f"node {node}: its arcs run past the end of the array")
        for index in range(node + 1, end):
            child = words[index] & 0x7FFFFFFF
            if child and (child >= node or not starts[child]):
                raise LexiconFormatError(path, f"node {node}: arc to {child}, which is not an earlier node")
        starts[node] = 1
        node = end
    if words[0] != 0:
        raise LexiconFormatError(path, "node 0 must be the empty node")
    if not 0 < root < length or not starts[root]:
        raise LexiconFormatError(path, f"root {root} is not a node")


@dataclass
class MappedLexicon:
    """An open, checked file: ``words`` is a read-only uint32 view into the shared mapping."""

    header: Header
    words: memoryview
    _mapping: mmap.mmap | None

    def close(self) -> None:
        """Release the view and unmap; if other views of the mapping are still alive (a slice
        kept by a caller), the unmapping is left to the garbage collector instead of failing."""
        self.words.release()
        if self._mapping is not None:
            with contextlib.suppress(BufferError):
                self._mapping.close()


def open_file(path: str | os.PathLike[str], *, verify_checksum: bool = True,
              verify_structure: bool = False) -> MappedLexicon:
    """Map ``path`` read-only and check it; raise :class:`LexiconFormatError` on any problem.

    ``OSError`` (missing file, no permission) propagates unchanged.
    """
    with open(path, "rb") as handle:  # a missing file is an OSError, not a format problem
        size = os.fstat(handle.fileno()).st_size
        head = handle.read(HEADER_SIZE)
        header = read_header(path, head, size)
        mapping = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    view = memoryview(mapping)
    payload = view[HEADER_SIZE:]
    if verify_checksum and zlib.crc32(payload, zlib.crc32(head[:HEADER_SIZE - 4])) != header.crc:
        payload.release()
        view.release()
        mapping.close()
        raise LexiconFormatError(path, "checksum mismatch: the file is corrupted; rebuild it")
    if sys.byteorder == "big":  # the file is little-endian: keep a swapped private copy
        data = array("I")
        data.frombytes(payload)
        data.byteswap()
        payload.release()
        view.release()
        mapping.close()
        mapped = MappedLexicon(header, memoryview(data), None)
    else:
        words = payload.cast("I")
        payload.release()
        view.release()
        mapped = MappedLexicon(header, words, mapping)
    words = mapped.words
    root_end = header.root + 1 + words[header.root].bit_count()
    if words[header.root] >> (len(header.letters) + 1) or root_end > header.length:
        problem = (f"root node {header.root} is malformed (mask {words[header.root]:#x}, "
                   f"array length {header.length})")
        mapped.close()
        raise LexiconFormatError(path, problem)
    if verify_structure:
        try:
            check_structure(path, mapped.words, header.root, len(header.letters))
        except LexiconFormatError:
            mapped.close()
            raise
    return mapped
