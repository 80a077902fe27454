"""Crossword reads. ``get_own_crossword`` raises ``Http404`` for anyone else's crossword.

Why 404 and not 403: ids must not reveal which crosswords exist. Why the "public" views below: the
solve page and ``GET /api/crosswords/{id}/`` must never carry the answers (see :mod:`puzzles.crosswords.models`).

For the training dashboard (through the ``dashboard_context`` hook): :func:`crossword_summary` counts a learner's
started and finished crosswords, clean solves and time.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.services import EDITORIAL_USERNAME
from core.selectors import expire_stale_runs_of, get_or_404, is_user, not_found_message
from core.task_subjects import TaskSubject
from puzzles.crosswords.models import BLACK, EMPTY, Crossword, CrosswordProgress


def crosswords_of(user: Any) -> QuerySet[Crossword]:
    """The user's crosswords, newest first; their dead generation runs are failed first (every crossword
    endpoint reads through here), so none shows as being generated forever."""
    if not is_user(user):
        return Crossword.objects.none()
    expire_stale_runs_of(user)
    return Crossword.objects.filter(owner=user).select_related("lexicon", "task_run", "theme_list")


def get_own_crossword(user: Any, crossword_id: Any) -> Crossword:
    """The user's crossword ``crossword_id``; 404 when it does not exist or is someone else's."""
    return get_or_404(crosswords_of(user), crossword_id, "No such crossword.")


def progress_of(crossword: Crossword, user: Any) -> CrosswordProgress | None:
    if not is_user(user):
        return None
    return CrosswordProgress.objects.filter(crossword=crossword, user=user).first()


def public_rows(crossword: Crossword) -> list[str]:
    """The grid without its answers: ``#`` black, ``.`` white."""
    return ["".join(BLACK if ch == BLACK else EMPTY for ch in row) for row in crossword.rows]


def public_slots(crossword: Crossword) -> list[dict[str, Any]]:
    """Slots with their clues, without answers."""
    return [{k: slot[k] for k in ("key", "number", "dir", "row", "col", "length", "clue")}
            for slot in crossword.slots]


def clue_lists(crossword: Crossword) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    slots = public_slots(crossword)
    return [s for s in slots if s["dir"] == "A"], [s for s in slots if s["dir"] == "D"]


def numbers(crossword: Crossword) -> dict[tuple[int, int], int]:
    """Cell -> clue number, for the cells that start a word."""
    return {(s["row"], s["col"]): s["number"] for s in crossword.slots}


def entries_of(crossword: Crossword, progress: CrosswordProgress | None) -> list[str]:
    """The learner's saved entries, or an empty grid when they have not started."""
    if progress is not None and progress.entries:
        return list(progress.entries)
    return public_rows(crossword)


def grid_cells(crossword: Crossword, progress: CrosswordProgress | None) -> list[list[dict[str, Any]]]:
    """Rows of cells for the page: black or white, clue number, saved letter, revealed flag."""
    nums = numbers(crossword)
    entries = entries_of(crossword, progress)
    revealed = {tuple(rc) for rc in (progress.revealed if progress else [])}
    rows = []
    for r, line in enumerate(crossword.rows):
        cells: list[dict[str, Any]] = []
        for c, ch in enumerate(line):
            if ch == BLACK:
                cells.append({"row": r, "col": c, "black": True})
                continue
            letter = entries[r][c]
            cells.append({"row": r, "col": c, "black": False, "number": nums.get((r, c)),
                          "letter": "" if letter == EMPTY else letter, "revealed": (r, c) in revealed})
        rows.append(cells)
    return rows


def crossword_summary(user: Any) -> dict[str, Any]:
    """What the training dashboard shows of crosswords: started, finished, solved, finished without help, time.

    ``solved`` counts crosswords finished with no revealed letter (a grid completed by reveals is
    ``revealed``, never solved);
    ``clean`` counts crosswords finished with no missed word (no wrong letter found by a check,
    nothing revealed); ``seconds`` is the time spent on finished crosswords.
    """
    if not is_user(user):
        return {"started": 0, "finished": 0, "solved": 0, "revealed": 0, "clean": 0, "seconds": 0,
                "words_sent_to_review": 0}
    rows = CrosswordProgress.objects.filter(user=user)
    started = rows.count()
    finished = list(rows.filter(finished_at__isnull=False).values_list("revealed", "missed", "seconds",
                                                                       "review_words"))  # one read, not seven
    revealed = sum(1 for cells, _missed, _seconds, _words in finished if cells)
    return {
        "started": started,
        "finished": len(finished),
        "solved": len(finished) - revealed,
        "revealed": revealed,
        "clean": sum(1 for cells, missed, _seconds, _words in finished if not missed and not cells),
        "seconds": sum(seconds or 0 for _cells, _missed, seconds, _words in finished),
        "words_sent_to_review": sum(len(words or ()) for _cells, _missed, _seconds, words in finished),
    }


# --- Crosswords a learner may solve (their own and the crosswords of the day) ---------------------

def is_daily(crossword: Crossword) -> bool:
    return crossword.owner.get_username() == EDITORIAL_USERNAME and crossword.theme_list_id is None


def get_solvable_crossword(user: Any, crossword_id: Any) -> Crossword:
    """A crossword ``user`` may solve: their own, or a crossword of the day; 404 otherwise.

    Deleting and exporting stay with ``selectors.get_own_crossword`` (the owner only).
    """
    if not is_user(user):
        raise Http404(not_found_message(Crossword))
    mine_or_daily = Crossword.objects.filter(owner__username=EDITORIAL_USERNAME, theme_list=None) | \
        Crossword.objects.filter(owner=user)
    return get_or_404(mine_or_daily.select_related("lexicon", "task_run", "theme_list", "owner"), crossword_id,
                      "No such crossword.")


def dashboard_context(user: Any) -> dict[str, Any]:
    """The crosswords' figures on the training dashboard (a hook, see core.hooks)."""
    return {"crosswords": crossword_summary(user)}


def crossword_task_subject(run: Any) -> Any:
    """The crossword a generation task builds, for progress bars shown away from its page (core.task_subjects)."""
    crossword = Crossword.objects.filter(task_run=run).select_related("lexicon").first()
    if crossword is None:
        return None
    return TaskSubject(_("Crossword %(size)s×%(size)s (%(lexicon)s)") % {"size": crossword.size,
                                                                         "lexicon": crossword.lexicon.name},
                       reverse("puzzles:crossword", args=[crossword.pk]))
