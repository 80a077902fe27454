"""Celery entry point of word study (imported by the training app's ``ready`` so workers register it)."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from training.wordstudy import ranking


@tracked_task(name="wordstudy.rank", shared=True)
def rank_lexicon(progress: Progress, ranking_id: int, words_file: str | None = None) -> dict:
    """Rank a lexicon version's alphagrams by probability and store them, reporting progress."""
    return ranking.build_ranking(ranking_id, words_file, progress)
