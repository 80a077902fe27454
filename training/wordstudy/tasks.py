"""Celery entry points of word study (imported by the training app's ``ready`` so workers register them)."""

from __future__ import annotations

from core.progress import Progress, tracked_task
from training.wordstudy import playability, ranking


@tracked_task(name="wordstudy.rank", shared=True)
def rank_lexicon(progress: Progress, ranking_id: int, words_file: str | None = None) -> dict:
    """Rank a lexicon version's alphagrams by probability and store them, reporting progress."""
    return ranking.build_ranking(ranking_id, words_file, progress)


@tracked_task(name="wordstudy.playability", shared=True)
def rank_playability(progress: Progress, playability_id: int, words_file: str | None = None) -> dict:
    """Play a lexicon version's duplicate games and store its alphagrams by playability, reporting progress
    (shared: one computation per word list serves every learner waiting on it)."""
    return playability.build_playability(playability_id, words_file, progress)
