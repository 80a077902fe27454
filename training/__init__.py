"""Training: lists, training grids, situations, answers and FSRS reviews (issue 8)."""
