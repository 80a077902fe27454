"""Loading the engine's compiled cores (C extensions built by ``pip install``), one way for all of them.

Each core is optional and has a pure-Python twin that is its specification: the move generator
(``engine/scrabble/_movegen.c``), the lexicon builder (``engine/gaddag/_build.c``), the lexicon file's CRC
(``engine/gaddag/_crc.c``, whose twin is ``zlib.crc32``) and the training grids' placement search
(``engine/cbic/_placements.c``). A core is used only when it is built, built from the
source next to it (its CRC-32 is compiled in: a stale ``.so`` after an edit is refused, not trusted), and
``TIRAGE_PURE_PYTHON`` is not set (read at import: CI runs the Python twins this way).
"""

from __future__ import annotations

import importlib
import os
import zlib
from types import ModuleType

#: Set to a non-empty value other than ``0`` to use every pure-Python twin (read at import).
PURE_PYTHON_VARIABLE = "TIRAGE_PURE_PYTHON"


def pure_python_forced() -> bool:
    """Whether ``TIRAGE_PURE_PYTHON`` asks for the pure-Python twins."""
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def load_core(package: str, name: str) -> tuple[ModuleType | None, str | None]:
    """The compiled module ``package.name`` (source ``<package dir>/<name>.c``), or ``None`` and why not."""
    if pure_python_forced():
        return None, f"{PURE_PYTHON_VARIABLE} is set"
    try:
        core = importlib.import_module(f"{package}.{name}")
    except ImportError as exc:
        return None, f"the extension is not built ({exc}); `pip install -e .` builds it when gcc is there"
    source = os.path.join(os.path.dirname(core.__file__ or ""), f"{name}.c")
    if os.path.exists(source) and core.SOURCE_CRC32 >= 0:
        with open(source, "rb") as handle:
            if zlib.crc32(handle.read()) != core.SOURCE_CRC32:
                return None, (f"the compiled extension was built from another version of {name}.c; "
                              "rebuild it with `pip install -e .`")
    return core, None
