"""Puzzles: one sub-package per mode (docs/architecture.md, "The app convention").

:mod:`.crosswords` (anagram crosswords generated on request, solved, checked and exported, and the
crossword of the day), :mod:`.lab` (drawn, random and imported grids filled by the algorithm of one's
choice, timing tables) and :mod:`.jarnac` (Jarnac games against the AI).
"""
