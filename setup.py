"""The compiled cores, built by ``pip install``: the move generator (engine/scrabble/_movegen.c), the
lexicon builder (engine/gaddag/_build.c) and the training grids' placement search (engine/cbic/_placements.c).

Everything else about the package is in pyproject.toml. The extensions are optional: on a machine
without a C compiler or Python headers the install still succeeds and
:mod:`engine.scrabble.movegen`, :mod:`engine.gaddag.build` and :mod:`engine.cbic.placements` use their
pure-Python code (the specification of the same plays, lexicon file and placements).
"""

import zlib
from pathlib import Path

from setuptools import Extension, setup


def extension(name: str, source: str) -> Extension:
    # The source's CRC-32 goes into the binary: the engine refuses a .so built from another version of it
    # (a CRC, not a SHA: checking it costs the engine's start-up no hashlib import).
    crc = zlib.crc32((Path(__file__).parent / source).read_bytes())
    return Extension(name, sources=[source], optional=True, define_macros=[("TIRAGE_SOURCE_CRC32", f"{crc}L")],
                     extra_compile_args=["-O3", "-std=c11"])


setup(
    ext_modules=[
        extension("engine.scrabble._movegen", "engine/scrabble/_movegen.c"),
        extension("engine.gaddag._build", "engine/gaddag/_build.c"),
        extension("engine.cbic._placements", "engine/cbic/_placements.c"),
    ],
)
