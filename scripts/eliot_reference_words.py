"""Print the official words Eliot's regression references show and a word list lacks, as supplement lines.

Eliot's text-interface regression tests (public repository ``cjlano/eliot``, ``test/*.ref``) were generated on
the official French list of their time (``test/regression.pl`` names ``ods4.dawg``, later ``ods5.dawg``).
Their dictionary listings (training search results, "raccords", benjamins, 7+1, regular-expression
searches) and their games' plays therefore print official words only: a citable source for words a general
dictionary lacks. This reads every version of every reference file in a clone's history, keeps only those
listings and plays (never the files that test refused words), and prints ``WORD  # [eliot] path`` for each
word the given list lacks, ready for ``engine/data/fr-supplement.txt``.

Usage: ``python scripts/eliot_reference_words.py ELIOT_GIT_DIR WORDLIST``
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

RESULT_LINE = re.compile(r"^\s*\d+: ([A-Za-z]+)\s+\d+ [A-O0-9]+\s*$")  # "  7: KEA   12 F6"
HISTORY_LINE = re.compile(r"^\s*\d+ \|(?: \d \|)?\s*[A-Z?+]+ \| ([A-Za-z]+)\s*\|")  # "| 3 | EEEL+IJX | FIXEE |"
LISTING_COMMAND = re.compile(r"^(b [rbp]|x) ")  # raccords, benjamins, 7+1, regular expressions
SKIPPED = ("invalid", "arbitration")  # files that play refused words on purpose


def _git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", f"--git-dir={git_dir}", *args], check=True, capture_output=True,
                          text=True, encoding="latin-1").stdout


def reference_files(git_dir: str) -> dict[str, set[str]]:
    """Blob id -> the paths it had, for every ``.ref`` file in every commit."""
    blobs: dict[str, set[str]] = defaultdict(set)
    for commit in _git(git_dir, "rev-list", "--all").split():
        for line in _git(git_dir, "ls-tree", "-r", commit).splitlines():
            meta, path = line.split("\t", 1)
            if path.startswith("test/") and path.endswith(".ref"):
                blobs[meta.split()[2]].add(path)
    return blobs


def printed_words(text: str) -> set[str]:
    """The words a reference file prints in dictionary listings and plays."""
    words: set[str] = set()
    listing = False
    for line in text.splitlines():
        if line.startswith("commande>"):
            listing = bool(LISTING_COMMAND.match(line[len("commande>"):].strip()))
            continue
        match = RESULT_LINE.match(line) or HISTORY_LINE.match(line)
        if match:
            words.add(match.group(1).upper())
        elif listing:
            stripped = line.strip()
            if re.fullmatch(r"[A-Za-z]+", stripped):
                words.add(stripped.upper())
    return words


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    git_dir, wordlist = argv
    known = set(Path(wordlist).read_text(encoding="utf-8").split())
    sources: dict[str, set[str]] = defaultdict(set)
    for blob, paths in reference_files(git_dir).items():
        if any(skip in path for path in paths for skip in SKIPPED):
            continue
        for word in printed_words(_git(git_dir, "cat-file", "blob", blob)):
            sources[word].add(min(paths))
    for word in sorted((w for w in sources if w not in known and len(w) >= 2), key=lambda w: (len(w), w)):
        print(f"{word}  # [eliot] {min(sources[word])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
