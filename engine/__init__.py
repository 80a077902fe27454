"""Tirage's engine: lexicon automata, Scrabble move generation, training grids, crosswords, Jarnac.

Pure Python, no Django: the web apps and the ``python -m engine`` command line are two clients of the
same small typed API that each sub-module exposes (see ``docs/architecture.md``).
"""

__version__ = "0.1.0"
