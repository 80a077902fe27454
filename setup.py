"""The compiled cores, built by ``pip install``: the move generator (engine/scrabble/_movegen.c), the
lexicon builder (engine/gaddag/_build.c), the lexicon file's CRC (engine/gaddag/_crc.c) and the training
grids' placement search (engine/cbic/_placements.c).

Everything else about the package is in pyproject.toml. The extensions are optional: on a machine
without a C compiler or Python headers the install still succeeds and
:mod:`engine.scrabble.movegen`, :mod:`engine.gaddag.build` and :mod:`engine.cbic.placements` use their
pure-Python code (the specification of the same plays, lexicon file and placements).
"""

import platform
import zlib
from pathlib import Path

from setuptools import Extension, setup


def cpu_has_popcnt() -> bool:
    """Whether this x86-64 Linux machine's CPU counts bits in one instruction (every one since about 2008).

    The move generator's GADDAG walk counts bits for every arc it follows; built here for this machine
    (``pip install -e .`` compiles in place), it may use the instruction. The core checks the CPU again
    at import and refuses to load elsewhere (the Python generator then runs), so a copied build never
    crashes.
    """
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    try:
        flags = next((line for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("flags")), "")
    except OSError:
        return False
    return " popcnt" in flags


def extension(name: str, source: str, *flags: str) -> Extension:
    # The source's CRC-32 goes into the binary: the engine refuses a .so built from another version of it
    # (a CRC, not a SHA: checking it costs the engine's start-up no hashlib import).
    crc = zlib.crc32((Path(__file__).parent / source).read_bytes())
    return Extension(name, sources=[source], optional=True, define_macros=[("TIRAGE_SOURCE_CRC32", f"{crc}L")],
                     extra_compile_args=["-O3", "-std=c11", *flags])


setup(
    ext_modules=[
        extension("engine.scrabble._movegen", "engine/scrabble/_movegen.c", *(["-mpopcnt"] if cpu_has_popcnt() else [])),
        extension("engine.gaddag._build", "engine/gaddag/_build.c"),
        extension("engine.gaddag._crc", "engine/gaddag/_crc.c"),
        extension("engine.cbic._placements", "engine/cbic/_placements.c"),
    ],
)
