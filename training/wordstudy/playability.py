"""Playability ranks stored once per lexicon version, computed by a tracked task (``wordstudy.playability``).

Who starts it: the first quiz ordered by playability asked of a version that has none yet
(:func:`ensure_playability`), never the publication of a version: the games take about a minute of one
core (``docs/wordstudy.md``, "Playability"), for an order most quizzes never ask for. One row per (content
hash, language), like the probability ranks: two lexicons serving the same word list share it, and
concurrent first demands start one task.

What is stored: every alphagram of the quiz lengths (:data:`~engine.wordstudy.playability.QUIZ_LENGTHS`,
never played ones too: a quiz may ask for any rank), and the alphagrams played at least once of the other
lengths (their ranks are the same as in the whole order, where the played ones come first).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.progress import Progress, start_task
from core.task_rows import failing_in_words, follow_run, mark_row
from engine.wordstudy.playability import DEFAULT_GAMES, FIRST_SEED, QUIZ_LENGTHS, rank_playability
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version
from training.wordstudy.models import AlphagramPlayability, PlayedAlphagram
from training.wordstudy.ranking import BATCH, MAX_LENGTH, MIN_LENGTH

Status = AlphagramPlayability.Status


def games_setting() -> int:
    """Games a new playability plays: ``WORDSTUDY_PLAYABILITY_GAMES``, else the engine's default (the tests
    play a few dozen; a row keeps the number it was computed with)."""
    return int(getattr(settings, "WORDSTUDY_PLAYABILITY_GAMES", DEFAULT_GAMES))


def playability_of(lexicon: Lexicon) -> AlphagramPlayability | None:
    """The playability row of the lexicon's serving version (any status), or None."""
    return AlphagramPlayability.objects.filter(content_hash=lexicon.content_hash, language=lexicon.language).first()


def _existing(lexicon: Lexicon) -> AlphagramPlayability:
    """The row another request has just made or claimed (it exists: rows are never deleted here)."""
    return AlphagramPlayability.objects.get(content_hash=lexicon.content_hash, language=lexicon.language)


def ensure_playability(lexicon: Lexicon, user: Any = None) -> AlphagramPlayability:
    """The playability of ``lexicon``'s serving version, its task started if it had none (or had failed).

    Returns at once with the row (pending or running while the task works; in ``sync`` task mode the task
    has already finished).
    """
    row = playability_of(lexicon)
    if row is not None:
        row = follow_run(row)
        if row.status != Status.FAILED:
            return row
    with transaction.atomic():
        if row is None:
            try:
                with transaction.atomic():
                    row = AlphagramPlayability.objects.create(content_hash=lexicon.content_hash,
                                                              language=lexicon.language, games=games_setting(),
                                                              first_seed=FIRST_SEED)
            except IntegrityError:  # someone else's first demand won: theirs is running
                return _existing(lexicon)
        elif not AlphagramPlayability.objects.filter(pk=row.pk, status=Status.FAILED).update(
                status=Status.PENDING, error="", games=games_setting()):
            return _existing(lexicon)
        run = start_task("wordstudy.playability", owner=user, playability_id=row.pk,
                         words_file=lexicon.words_file.name)
        AlphagramPlayability.objects.filter(pk=row.pk).update(task_run=run)
    row.refresh_from_db()
    return row


def build_playability(playability_id: int, words_file: str | None, progress: Progress) -> dict[str, Any]:
    """The task's body: play the row's games, order every alphagram of 2 to 15 letters by its tops, store the
    rows (replacing any). A row already done is left as it is (a message delivered twice)."""
    row = AlphagramPlayability.objects.get(pk=playability_id)
    if row.status == Status.DONE:
        return {"playability": row.pk, "games": row.games, "rounds": row.rounds}
    mark_row(AlphagramPlayability, playability_id, Status.RUNNING)
    with failing_in_words(AlphagramPlayability, playability_id,
                          _("The playability of the alphagrams could not be computed: %(error)s")):
        progress.report(1, _("Loading the lexicon"))
        gaddag = gaddag_of_version(row.content_hash, row.language, words_file=words_file)
        playing, ranking = _("Playing duplicate games"), _("Ranking the alphagrams")

        def report(percent: float, _message: str) -> None:
            progress.report(2 + 0.9 * percent, playing if percent < 95 else ranking)

        counts, ordered = rank_playability(gaddag, row.games, first_seed=row.first_seed,
                                           lengths=range(MIN_LENGTH, MAX_LENGTH + 1), progress=report)
        rows = [PlayedAlphagram(playability_id=playability_id, length=item.length, rank=item.rank,
                                alphagram=item.alphagram, tops=item.tops, probability_rank=item.probability_rank)
                for length, items in ordered.items() for item in items if item.tops or length in QUIZ_LENGTHS]
        lengths: dict[str, int] = {}
        for item in rows:
            lengths[str(item.length)] = lengths.get(str(item.length), 0) + 1
        played = {str(length): sum(1 for item in items if item.tops) for length, items in ordered.items()}
        with transaction.atomic():
            PlayedAlphagram.objects.filter(playability_id=playability_id).delete()
            for start in range(0, len(rows), BATCH):
                PlayedAlphagram.objects.bulk_create(rows[start:start + BATCH])
                progress.report(92 + 7 * min(1.0, (start + BATCH) / max(1, len(rows))), _("Storing the ranks"))
            mark_row(AlphagramPlayability, playability_id, Status.DONE, rounds=counts.rounds, lengths=lengths,
                     played=played, error="")
    return {"playability": playability_id, "games": counts.games, "rounds": counts.rounds, "alphagrams": len(rows)}
