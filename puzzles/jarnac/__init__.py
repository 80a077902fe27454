"""Jarnac against the AI: games stored as seed + moves, hints, missed words sent to a revision list."""
