"""Training models arrive with issue 8 (lists, grids, situations, FSRS cards)."""
