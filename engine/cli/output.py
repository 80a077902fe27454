"""Printing helpers shared by the command modules, so every command prints JSON the same way."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json_line(obj: Any) -> None:
    """One compact JSON object per line, UTF-8, keys in the order given."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")) + "\n")
