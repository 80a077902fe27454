"""The compiled lexicon file: a fixed header then the GADDAG array, memory-mapped on load.

Why a memory map: web processes and Celery workers each open the same file; the operating system
keeps one copy of its pages for all of them, and opening costs a header check and a CRC (a few
milliseconds), not a rebuild. Everything that can be wrong with a file (short, foreign, other
version, other alphabet, flipped bits, inconsistent counts) is detected here and raised as
:class:`LexiconFormatError`, so a query never walks into garbage.

Header (little-endian, 84 bytes, :data:`HEADER`): magic ``TIRGADDG``, format version, header size,
language (8 bytes ASCII, NUL padded), alphabet letters (32 bytes ASCII, NUL padded), word count,
node count, arc count, root index, payload length in uint32 words, count of one-word nodes, CRC32
of the header's first 80 bytes followed by the payload. The version is checked before the other
fields, so a file of another version (version 1: 80-byte header) is named as such.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import struct
import sys
import zlib
from array import array
from collections import namedtuple
from collections.abc import Iterable

from engine.alphabet import ALPHABETS, Alphabet
from engine.cores import load_core
from engine.gaddag.layout import ACCEPT_BIT, CHILD_MASK, MASK_BITS, ONE_WORD_BIT

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import NamedTuple

MAGIC = b"TIRGADDG"
FORMAT_VERSION = 2
HEADER = struct.Struct("<8sII8s32sIIIIIII")
HEADER_SIZE = HEADER.size  # 84: keeps the payload 4-byte aligned for memoryview.cast("I")
# Bits a node word may use: the mask, the one-word flag and (with the flag) the accept bit.
_NODE_BITS = MASK_BITS | ONE_WORD_BIT | ACCEPT_BIT


# zlib.crc32 folded with the CPU's carry-less multiplication (engine/gaddag/_crc.c): the CRC of a
# whole file is checked at every load, and zlib's reads about a byte per cycle (1.5-2 ms for French).
_CRC_CORE, _CRC_PROBLEM = load_core("engine.gaddag", "_crc")


def crc32(data: bytes | memoryview, value: int = 0) -> int:
    """``zlib.crc32(data, value)``, bit for bit; from the compiled core on long buffers when it is built."""
    if _CRC_CORE is not None:
        folded = _CRC_CORE.crc32(data, value)
        if folded is not NotImplemented:
            found: int = folded
            return found
    return zlib.crc32(data, value)


class LexiconFormatError(ValueError):
    """The file is not a usable compiled lexicon; the message says which file and what is wrong."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


if TYPE_CHECKING:
    class Header(NamedTuple):
        """The header's fields (immutable; a named tuple rather than a dataclass: see
        :class:`engine.scrabble.scoring.Move` on start-up time)."""

        language: str
        letters: str
        word_count: int
        node_count: int
        arc_count: int
        root: int
        length: int
        one_word_count: int
        crc: int
else:  # the same class as typing.NamedTuple would make, without importing typing
    Header = namedtuple("Header", ("language", "letters", "word_count", "node_count", "arc_count", "root",
                                   "length", "one_word_count", "crc"))


def _pack(header: Header) -> bytes:
    return HEADER.pack(MAGIC, FORMAT_VERSION, HEADER_SIZE, header.language.encode("ascii"),
                       header.letters.encode("ascii"), header.word_count, header.node_count,
                       header.arc_count, header.root, header.length, header.one_word_count, header.crc)


def payload_bytes(words: array[int] | memoryview) -> bytes:
    """The array as little-endian bytes, whatever the machine's byte order."""
    data = array("I", words)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


_READABLE = 0o644


def _current_umask() -> int:
    """The process umask (read by setting it and putting it back: there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_file(path: str | os.PathLike[str], words: array[int] | memoryview, *, alphabet: Alphabet,
               word_count: int, node_count: int, arc_count: int, root: int) -> int:
    """Write the file atomically (temporary file then rename); return its size in bytes.

    Atomic because workers may be mapping the previous version of the same path. The count of
    one-word nodes is what the counts say the array saves: ``node_count + arc_count - len(words)``.
    """
    payload = payload_bytes(words)
    length = len(payload) // 4
    draft = Header(alphabet.language, alphabet.letters, word_count, node_count, arc_count, root,
                   length, node_count + arc_count - length, 0)
    crc = crc32(payload, crc32(_pack(draft)[:HEADER_SIZE - 4]))
    head = _pack(draft._replace(crc=crc))
    write_atomically(path, (head, payload))
    return len(head) + len(payload)


def write_atomically(path: str | os.PathLike[str], parts: Iterable[bytes]) -> None:
    """Write ``parts`` to ``path`` through a temporary file renamed over it, readable as the umask allows.

    Readers (workers mapping the previous version) never see half a file; ``OSError`` propagates and
    leaves no temporary file behind.
    """
    import tempfile  # writers only: start-up of the commands that just read a lexicon stays lean

    target = os.fspath(path)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(target) + ".", suffix=".tmp",
                               dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            for part in parts:
                handle.write(part)
        os.chmod(tmp, _READABLE & ~_current_umask())  # mkstemp makes 0600: other users' workers must read it
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def is_compiled_lexicon(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` starts with the compiled lexicon's magic bytes (else: a word list)."""
    with open(path, "rb") as handle:
        return handle.read(len(MAGIC)) == MAGIC


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
     one_word_count, crc) = HEADER.unpack(head[:HEADER_SIZE])
    if version != FORMAT_VERSION:  # before any other field: their meaning depends on the version
        raise LexiconFormatError(path, f"format version {version} is not supported (this engine "
                                       f"reads version {FORMAT_VERSION}); rebuild it with "
                                       "`python -m engine lexicon build`")
    if header_size != HEADER_SIZE:
        raise LexiconFormatError(path, f"header size {header_size} is not {HEADER_SIZE}")
    header = Header(_text(language, path, "language"), _text(letters, path, "alphabet"), word_count,
                    node_count, arc_count, root, length, one_word_count, crc)
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
    if (not 0 < root < length or node_count < 1 or one_word_count >= node_count
            or node_count + arc_count - one_word_count != length):
        raise LexiconFormatError(path, f"inconsistent header (root {root}, length {length}, {node_count} "
                                       f"nodes, {arc_count} arcs, {one_word_count} one-word nodes)")
    return header


def node_problem(words: memoryview | array[int], node: int, letters: int) -> str | None:
    """What is wrong with the node word at ``node`` on its own, or ``None``.

    A node word uses the separator and letter bits of the mask; with the one-word flag it has
    exactly one of them and may carry the accept bit; without the flag the accept bit and bits
    27..30 are clear and the arc words below it must stay inside the array (index 0 excluded: it is
    the empty node).
    """
    word = words[node]
    mask = word & MASK_BITS
    if word & ~_NODE_BITS or mask >> (letters + 1):
        return f"mask {word:#x} has bits beyond the {letters} letters"
    if word & ONE_WORD_BIT:
        if mask.bit_count() != 1:
            return f"one-word node {word:#x} must have exactly one arc"
    elif word & ACCEPT_BIT:
        return f"mask {word:#x} has the accept bit without the one-word flag"
    elif node - mask.bit_count() < 1 and node:
        return "its arcs run past the end of the array (below index 1)"
    return None


def check_structure(path: str | os.PathLike[str], words: memoryview | array[int], root: int,
                    letters: int) -> None:
    """Walk the whole array once and prove that no query can index outside it or loop.

    Nodes are read from the top of the array down (a node is its arc words then its mask word, its
    index being the mask's). Checks that the nodes tile the array down to the empty node at index 0,
    that every node word is well formed (:func:`node_problem`), that every child is the index of a
    node stored *below* its parent (so every walk ends; a one-word node's child ``node - 1`` is by
    construction the next node down) and that the root is a node. The CRC already catches damage;
    this catches a well-sealed but wrong file (another tool's bug). O(size): ~0.5 s for wfrench,
    so it is an option of :func:`open_file`, not the default.
    """
    length = len(words)
    if not length or words[0] != 0:
        raise LexiconFormatError(path, "node 0 must be the empty node")
    starts = bytearray(length)
    starts[0] = 1
    blocks: list[tuple[int, int]] = []  # (node, index of its lowest arc word) for nodes with arc words
    node = length - 1
    while node > 0:
        problem = node_problem(words, node, letters)
        if problem:
            raise LexiconFormatError(path, f"node {node}: {problem}")
        starts[node] = 1
        word = words[node]
        if word & ONE_WORD_BIT:
            node -= 1
            continue
        low = node - (word & MASK_BITS).bit_count()
        blocks.append((node, low))
        node = low - 1  # >= 0: node_problem keeps every arc word above index 0
    for node, low in blocks:
        for index in range(low, node):
            child = words[index] & CHILD_MASK
            if child and (child >= low or not starts[child]):
                raise LexiconFormatError(path, f"node {node}: arc to {child}, which is not an earlier node")
    if not 0 < root < length or not starts[root]:
        raise LexiconFormatError(path, f"root {root} is not a node")


def _root_problem(words: memoryview | array[int], root: int, letters: int) -> str | None:
    """The cheap check every load does: the root word and its arcs (at most 27 reads).

    Every lexicon object reads the root's arcs when it is created, so a root that would send that
    read outside the array or upwards is refused here even without :func:`check_structure`. The
    root never has a separator arc (no GADDAG string starts with one).
    """
    word = words[root]
    problem = node_problem(words, root, letters)
    if problem:
        return problem
    if word & 1:
        return f"mask {word:#x} has a separator arc"
    if word & ONE_WORD_BIT:
        return None
    low = root - (word & MASK_BITS).bit_count()
    for index in range(low, root):
        if words[index] & CHILD_MASK >= low:
            return f"arc word {words[index]:#x} does not point below the node"
    return None


class MappedLexicon:
    """An open, checked file: ``words`` is a read-only uint32 view into the shared mapping."""

    def __init__(self, header: Header, words: memoryview, _mapping: mmap.mmap | None) -> None:
        self.header = header
        self.words = words
        self._mapping = _mapping

    def __repr__(self) -> str:
        return f"MappedLexicon(header={self.header!r})"

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
    if verify_checksum and crc32(payload, crc32(head[:HEADER_SIZE - 4])) != header.crc:
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
    problem = _root_problem(mapped.words, header.root, len(header.letters))
    if problem:
        mapped.close()
        raise LexiconFormatError(path, f"root node {header.root} is malformed ({problem})")
    if verify_structure:
        try:
            check_structure(path, mapped.words, header.root, len(header.letters))
        except LexiconFormatError:
            mapped.close()
            raise
    return mapped
