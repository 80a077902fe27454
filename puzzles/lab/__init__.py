"""The crossword lab: drawn, random and imported grids, several lexicons, fill algorithms compared."""
