"""Training grids: CBIC grids built from list words, their situations, the learner's answers, the dashboard."""
