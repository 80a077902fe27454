"""Puzzle models arrive with issue 9 (crossword requests and grids, Jarnac games)."""
