"""The compiled core of the move generator (engine/scrabble/_movegen.c), built by ``pip install``.

Everything else about the package is in pyproject.toml. The extension is optional: on a machine
without a C compiler or Python headers the install still succeeds and
:mod:`engine.scrabble.movegen` uses its pure-Python generator (the specification of the same plays).
"""

import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "engine/scrabble/_movegen.c"
# The source's hash goes into the binary: the engine refuses a .so built from another version of it.
SOURCE_SHA = hashlib.sha256((Path(__file__).parent / SOURCE).read_bytes()).hexdigest()

setup(
    ext_modules=[
        Extension(
            "engine.scrabble._movegen",
            sources=[SOURCE],
            optional=True,
            define_macros=[("TIRAGE_SOURCE_SHA", f'"{SOURCE_SHA}"')],
            extra_compile_args=["-O3", "-std=c11"],
        ),
    ],
)
