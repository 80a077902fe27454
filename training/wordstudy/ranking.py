"""Probability ranks stored once per lexicon version, computed by a tracked task (``wordstudy.rank``).

Who starts it: the publication of a new version (a ``post_save`` receiver on :class:`Lexicon`, when
``WORDSTUDY_RANK_ON_PUBLISH`` is on) and, failing that, the first quiz asked of a version not ranked
yet (:func:`ensure_ranking`). One row per (content hash, language): two lexicons serving the same word
list share their ranks, and concurrent first demands start one task.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.progress import Progress, TaskFailure, start_task
from core.task_rows import follow_run, mark_row
from engine.wordstudy import rank_alphagrams
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version
from training.wordstudy.models import AlphagramRanking, RankedAlphagram

logger = logging.getLogger(__name__)

MIN_LENGTH = 2
MAX_LENGTH = 15
"""Ranked lengths: a board row holds 15 letters."""
BATCH = 5000


def ranking_of(lexicon: Lexicon) -> AlphagramRanking | None:
    """The ranking row of the lexicon's serving version (any state), or None."""
    return AlphagramRanking.objects.filter(content_hash=lexicon.content_hash, language=lexicon.language).first()


def _existing_ranking(lexicon: Lexicon) -> AlphagramRanking:
    """The ranking row another request has just made or claimed (it exists: rows are never deleted here)."""
    return AlphagramRanking.objects.get(content_hash=lexicon.content_hash, language=lexicon.language)


def ensure_ranking(lexicon: Lexicon, user=None) -> AlphagramRanking:
    """The ranking of ``lexicon``'s serving version, its task started if it had none (or had failed).

    Returns at once with the row (``state`` running while the task works; in ``sync`` task mode the
    task has already finished).
    """
    ranking = ranking_of(lexicon)
    if ranking is not None:
        ranking = follow_run(ranking)
    if ranking is not None and ranking.state != AlphagramRanking.State.FAILED:
        return ranking

    with transaction.atomic():
        if ranking is None:
            try:
                with transaction.atomic():
                    ranking = AlphagramRanking.objects.create(content_hash=lexicon.content_hash,
                                                              language=lexicon.language)
            except IntegrityError:  # someone else's first demand won: theirs is running
                return _existing_ranking(lexicon)
        else:
            claimed = AlphagramRanking.objects.filter(pk=ranking.pk, state=AlphagramRanking.State.FAILED).update(
                state=AlphagramRanking.State.RUNNING, error="")
            if not claimed:
                return _existing_ranking(lexicon)
        run = start_task("wordstudy.rank", owner=user, ranking_id=ranking.pk, words_file=lexicon.words_file.name)
        AlphagramRanking.objects.filter(pk=ranking.pk).update(task_run=run)
    ranking.refresh_from_db()
    return ranking


def build_ranking(ranking_id: int, words_file: str | None, progress: Progress) -> dict[str, Any]:
    """The task's body: rank every alphagram of 2 to 15 letters and store the rows (replacing any)."""
    ranking = AlphagramRanking.objects.get(pk=ranking_id)
    try:
        progress.report(1, _("Loading the lexicon"))
        gaddag = gaddag_of_version(ranking.content_hash, ranking.language, words_file=words_file)
        ranked = rank_alphagrams(gaddag, range(MIN_LENGTH, MAX_LENGTH + 1),
                                 progress=lambda pct, _msg: progress.report(1 + 0.6 * pct, _("Ranking the alphagrams")))
        rows = [RankedAlphagram(ranking_id=ranking_id, length=item.length, rank=item.rank, alphagram=item.alphagram,
                                ways=item.ways, words=item.words)
                for items in ranked.values() for item in items]
        with transaction.atomic():
            RankedAlphagram.objects.filter(ranking_id=ranking_id).delete()
            for start in range(0, len(rows), BATCH):
                RankedAlphagram.objects.bulk_create(rows[start:start + BATCH])
                progress.report(61 + 38 * min(1.0, (start + BATCH) / max(1, len(rows))), _("Storing the ranks"))
            lengths = {str(n): len(items) for n, items in ranked.items()}
            mark_row(AlphagramRanking, ranking_id, AlphagramRanking.State.DONE, lengths=lengths, error="")
    except Exception as exc:
        message = str(exc) or type(exc).__name__
        mark_row(AlphagramRanking, ranking_id, AlphagramRanking.State.FAILED, error=message)
        raise TaskFailure(_("The alphagrams could not be ranked: %(error)s") % {"error": message}) from exc
    return {"ranking": ranking_id, "alphagrams": len(rows), "lengths": lengths}


def rank_on_publish(sender: Any, instance: Lexicon, created: bool, update_fields: Any = None, **kwargs: Any) -> None:
    """``post_save`` receiver: rank a newly served word list once the publication has committed."""
    if not getattr(settings, "WORDSTUDY_RANK_ON_PUBLISH", True) or kwargs.get("raw"):
        return
    if not created and update_fields is not None and "content_hash" not in update_fields:
        return
    lexicon_id = instance.pk

    def start() -> None:
        lexicon = Lexicon.objects.filter(pk=lexicon_id).first()
        if lexicon is None:
            return
        try:
            ensure_ranking(lexicon)
        except Exception:  # ranking is a convenience here: a quiz will ask again on first demand
            logger.exception("could not start ranking lexicon %s", lexicon_id)

    transaction.on_commit(start)
