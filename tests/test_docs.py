"""The docs stay reachable and true to the tree: every page under docs/ is linked from README.md or
docs/architecture.md, and every file or folder path the README and the architecture page name exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEXES = (ROOT / "README.md", ROOT / "docs" / "architecture.md")
PATH = re.compile(r"`((?:core|lexicon|accounts|training|puzzles|config|engine|static|templates|tests|bench|docs)"
                  r"/[\w./-]*)`")


def test_every_docs_page_is_linked_from_the_readme_or_the_architecture_page():
    linked = " ".join(index.read_text(encoding="utf-8") for index in INDEXES)
    pages = sorted(path.name for path in (ROOT / "docs").glob("*.md") if path.name != "architecture.md")
    assert pages and [page for page in pages if f"docs/{page}" not in linked and f"({page})" not in linked] == []


def test_the_paths_the_readme_and_the_architecture_page_name_exist():
    missing = []
    for index in INDEXES:
        for path in PATH.findall(index.read_text(encoding="utf-8")):
            if "<" in path or "*" in path:
                continue
            module, _dot, _attribute = path.partition(".")  # config/urls_api.API_MODULES names a module's name
            candidates = (path.rstrip("/"), f"{module}.py", f"templates/{path}")  # core/_progress.html: a template
            if not any((ROOT / candidate).exists() for candidate in candidates):
                missing.append(f"{index.name}: {path}")
    assert missing == []


ISSUE_NUMBER = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def test_code_and_docs_speak_of_the_product_not_of_issue_numbers():
    folders = ("core", "lexicon", "accounts", "training", "puzzles", "config", "engine", "docs", "templates",
               "static/js", "static/css", "bench", "scripts")
    named = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".md", ".html", ".js", ".css", ".sh"} and "migrations" not in path.parts:
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                    if ISSUE_NUMBER.search(line):
                        named.append(f"{path.relative_to(ROOT)}:{number}")
    assert named == []
    assert ISSUE_NUMBER.search("Puzzles: crosswords and Jarnac games (issue 9).")
