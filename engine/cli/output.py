"""Printing helpers shared by the command modules, so every command prints JSON the same way."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing's flag without importing typing (~3 ms of every command's start-up)
if TYPE_CHECKING:
    from typing import Any


def print_json_line(obj: Any) -> None:
    """One compact JSON object per line, UTF-8, keys in the order given."""
    import json  # only --json output needs it: the text commands start without it

    sys.stdout.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
