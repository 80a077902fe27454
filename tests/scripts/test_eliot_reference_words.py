"""The reader of Eliot's regression references keeps the words of listings and plays, nothing else."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "eliot_reference_words.py"
spec = importlib.util.spec_from_file_location("eliot_reference_words", SCRIPT)
assert spec and spec.loader
eliot_reference_words = importlib.util.module_from_spec(spec)
spec.loader.exec_module(eliot_reference_words)

REFERENCE = """\
Using seed: 0
commande> e
mode entraînement
commande> t EUOFMIE
commande> r
commande> a r
  1: FUMEE              26 H4
  7: KEa                12 F6
commande> b r ka
OKA
SKA
commande> b p maison
  AIMONS
+A
  OMANAIS
commande> x z.. 50
search for z.. (50,1,15)
zec
zek
commande> a g
     1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
 A   -  -  -  -  -  A  L  L  O  U  E  S  -  -  -
commande> a p
    N |   RACK   |    SOLUTION    | REF | PTS | BONUS
    3 | EEEL+IJX | FIXEE          |  4H |  34 |
    4 | 1 | EIAA?FED | DEFIErA        |  I5 |  83 | *
    5 | EENN+MEN | (-MN)           |  -  |   0 | 0 |
commande> d WXE
le mot -WXE- n'existe pas
"""


def test_listings_results_and_plays_are_read() -> None:
    words = eliot_reference_words.printed_words(REFERENCE)
    assert words == {"FUMEE", "KEA", "OKA", "SKA", "AIMONS", "OMANAIS", "ZEC", "ZEK", "FIXEE", "DEFIERA"}


def test_racks_boards_commands_and_refused_words_are_not_words() -> None:
    words = eliot_reference_words.printed_words(REFERENCE)
    assert not words & {"EUOFMIE", "EEEL", "IJX", "MN", "WXE", "A", "S", "MAISON", "KA", "SEARCH"}


def test_usage_without_arguments(capsys) -> None:
    assert eliot_reference_words.main([]) == 2
    assert "Usage" in capsys.readouterr().err
