"""The board game itself: the 15×15 board, positions (CGP), coordinates, play checking and scoring,
and the GADDAG move generator.

Why one package: these modules change together (a rule of the game touches the board, the scorer and
the generator at once) and every mode built on Scrabble positions — training grids, duplicate games,
analysis — reaches them through the same few names: :mod:`engine.scrabble.board`,
:mod:`engine.scrabble.cgp`, :mod:`engine.scrabble.notation`, :mod:`engine.scrabble.entry` (a play as a
player types it: blanks and case), :mod:`engine.scrabble.scoring` and
:mod:`engine.scrabble.movegen` (its inner loop in :mod:`engine.scrabble.movegen_search`).
"""
