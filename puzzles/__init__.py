"""Puzzles: crosswords and Jarnac games (issue 9)."""
