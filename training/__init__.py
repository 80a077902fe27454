"""Training: the learner's drills, one sub-package per mode (docs/architecture.md, "The app convention").

:mod:`.lists` (revision lists, support letters, each word's FSRS card, starter lists), :mod:`.grids` (CBIC
training grids, situations, answers, the dashboard), :mod:`.duplicate` (duplicate games, solo or shared,
game of the day) and :mod:`.wordstudy` (alphagram quizzes, card box, daily challenge). See docs/training.md.
"""
