"""The French word list the benchmarks read by default: the one `make run` imports.

That is Debian's hunspell-fr-comprehensive dictionary expanded to every inflected form
(``engine.hunspell``), with the supplement and exclusions of ``engine/data/`` applied, cached in ``var/lexicon-sources/`` under the same key as ``scripts/lib.sh``
(``expand_french_hunspell``), so a bench after ``make run`` reads the very file the site imported and
expands nothing. Without that package, Debian's wfrench list; without either, a message saying what to
install. Every bench also takes ``--wordlist`` for any other list.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.hunspell import (  # noqa: E402
    apply_adjustments,
    default_adjustment_files,
    expand_to_words,
    french_scrabble_entry,
    read_word_adjustments,
)

HUNSPELL_AFF = Path("/usr/share/hunspell/fr_FR.aff")
HUNSPELL_DIC = Path("/usr/share/hunspell/fr_FR.dic")
WFRENCH = Path("/usr/share/dict/french")
CACHE = ROOT / "var" / "lexicon-sources"


def _expanded_path() -> Path:
    digest = hashlib.sha256()
    data = sorted((ROOT / "engine" / "data").glob("fr-*.txt"))  # as the shell glob in scripts/lib.sh
    for part in (HUNSPELL_AFF, HUNSPELL_DIC, ROOT / "engine" / "hunspell.py", *data):
        digest.update(part.read_bytes())
    return CACHE / f"fr-comprehensive-{digest.hexdigest()[:16]}.txt"


def default_french_list() -> str:
    """The path of the default French word list (expanding the Hunspell dictionary once if needed)."""
    if HUNSPELL_AFF.exists() and HUNSPELL_DIC.exists():
        out = _expanded_path()
        if not out.exists():
            print(f"expanding {HUNSPELL_DIC} to every inflected form -> {out} ...", file=sys.stderr)
            words, _summary = expand_to_words(HUNSPELL_AFF, HUNSPELL_DIC, "fr", keep=french_scrabble_entry)
            supplement, exclusions = (read_word_adjustments(path, "fr") if path else {}
                                      for path in default_adjustment_files("fr"))
            words, _added, _removed = apply_adjustments(words, supplement, exclusions)
            out.parent.mkdir(parents=True, exist_ok=True)
            partial = out.with_suffix(".part")
            partial.write_text("".join(f"{word}\n" for word in words), encoding="utf-8")
            partial.replace(out)
        return str(out)
    if WFRENCH.exists():
        return str(WFRENCH)
    raise SystemExit("no French word list: install Debian's hunspell-fr-comprehensive (what `make run` imports) "
                     "or wfrench (apt-get install hunspell-fr-comprehensive), or pass --wordlist FILE")
