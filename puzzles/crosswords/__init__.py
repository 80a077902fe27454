"""Crosswords: generated on request or of the day, solved, checked and revealed, exported as .ipuz/.puz."""
