"""Crossword writes and rules: requests, generation (run by the Celery task), entries, checks, reveals,
finishing, and sending missed words to the learner's review queue.

Rules the pages, the API and the tests rely on:

- **Request**: size 3 to 21 (square grids), style ``fr`` or ``us``, a lexicon, optionally one of the
  learner's revision lists of that lexicon whose words (those that fit the grid, at most
  :data:`MAX_THEME_WORDS`, the ones due for review first) become theme entries, placed first by the
  filler. Anything else raises :class:`CrosswordInputError` and nothing is created.
- **Generation**: a pattern from the engine's generator, then the engine's CSP filler; a failed fill
  retries with another seed (and so another pattern), :data:`FILL_ATTEMPTS` times within
  ``settings.TIRAGE_CROSSWORD_SECONDS`` (default 30 s) in all; the final failure says in words what
  went wrong in each attempt.
- **Entries**: rows of the grid's shape, ``#`` on black cells, a letter or ``.`` on white cells
  (lower case and accents are folded: ``é`` is ``E``). Anything else raises :class:`EntriesError`
  naming the row and column, and nothing is saved.
- **Check / reveal**: a cell, a word (slot key such as ``12A``) or the grid. A check marks each cell
  right, wrong or empty; a reveal writes the answer in. A word with a wrong letter found by a check,
  or with a revealed cell that was not already right, is *missed*.
- **Finish**: when every white cell holds its answer (typed or revealed). The missed words then go
  to the learner's review queue: the revision list "Crossword misses" of the crossword's lexicon
  (created on first use), through :mod:`training.lists.services`; a word already there is reviewed as
  forgotten (FSRS "Again"), so it is due again at once. Only words worth training go: of
  :data:`REVIEW_MIN_LENGTH` (4) to 8 letters (a revision word's limit); the short ones (which a revealed
  grid is full of) and the long ones are listed in ``review_skipped`` with the reason, so a reveal
  does not flood the review queue with 2-letter words. A crossword finished with revealed letters is
  *finished*, never *solved* (``CrosswordProgress.is_solved``).
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts.services import EDITORIAL_USERNAME, editorial_account
from core.progress import Progress, TaskFailure
from core.shared_cache import shared
from core.task_rows import failing_in_words, follow_run, mark_row, start_row_task
from core.validation import as_whole_number
from engine.alphabet import fold_word
from engine.crossword import (
    STYLES,
    CrosswordLexicon,
    EmptyDomain,
    FillError,
    FillResult,
    GridError,
    SearchOptions,
    Timeout,
    Unsolvable,
    combine_lexicons,
    crossword_lexicon_of,
    default_max_word_length,
    fill_grid,
    generate_pattern,
    make_clue,
)
from engine.crossword.wordcache import cache_path_for
from lexicon.models import Lexicon
from lexicon.selectors import definitions_for, gaddag_for, serving_version_number
from puzzles.crosswords.models import (
    BLACK,
    EMPTY,
    MAX_SIZE,
    MIN_SIZE,
    Crossword,
    CrosswordProgress,
    MissesList,
)
from training.lists import selectors as training_selectors
from training.lists import services as training_services

logger = logging.getLogger(__name__)

MAX_THEME_WORDS = 6
"""Theme entries per grid: enough for a drill on a list, few enough to leave the filler room."""
FILL_ATTEMPTS = 4
DEFAULT_SECONDS = 30.0
MAX_TIMER_SECONDS = 7 * 24 * 3600
MAX_UNFINISHED = 3
"""Crosswords a learner may have waiting for or in generation at once (a run silent for longer than
Celery's hard time limit is dead and no longer counts, see ``core.progress.expire_if_stale``)."""
REVIEW_MIN_LENGTH = 4
"""Shortest missed word sent to review: 2- and 3-letter words are learned as lists, not one by one."""
SCOPES = ("cell", "word", "grid")


class CrosswordInputError(ValueError):
    """A request that cannot be honoured (size, style, lexicon, theme list); the message says why."""


class Busy(CrosswordInputError):
    """The learner already has :data:`MAX_UNFINISHED` crosswords being generated: one request cannot flood the workers."""


class EntriesError(ValueError):
    """Saved entries of the wrong shape or with characters that are not letters; nothing is saved."""


class NotReady(Exception):
    """The crossword has no grid yet (pending, running or failed): nothing to solve or export."""


def style_label(style: str) -> str:
    return {"fr": pgettext("crossword style", "French"), "us": pgettext("crossword style", "American")}.get(style, style)


# --- Requests --------------------------------------------------------------------------------------------

def validate_request(size: Any, style: Any) -> tuple[int, str]:
    """``(size, style)`` checked; :class:`CrosswordInputError` for anything outside what we can build."""
    if isinstance(size, int) and not isinstance(size, bool):
        size_int = size
    elif isinstance(size, str) and size.strip().lstrip("-").isdigit():
        size_int = int(size.strip())
    else:
        raise CrosswordInputError(_("The size must be a whole number between %(min)s and %(max)s.")
                                  % {"min": MIN_SIZE, "max": MAX_SIZE})
    if not MIN_SIZE <= size_int <= MAX_SIZE:
        raise CrosswordInputError(_("A %(size)s×%(size)s grid is not possible: the size must be between "
                                    "%(min)s and %(max)s.") % {"size": size_int, "min": MIN_SIZE, "max": MAX_SIZE})
    if not isinstance(style, str) or style not in STYLES:
        raise CrosswordInputError(_("Unknown style “%(style)s”: choose fr (French) or us (American).")
                                  % {"style": style})
    return size_int, style


def theme_words_from(revision_list: Any, lexicon: Lexicon, size: int, style: str) -> list[str]:
    """The words of ``revision_list`` that can be theme entries of a ``size`` grid in ``style``.

    Only words still in the lexicon, of a length a slot can have, the ones due for review first.
    The list is read through :mod:`training.lists.selectors` (the training app owns it).
    """

    if revision_list.lexicon_id != lexicon.pk:
        raise CrosswordInputError(_("The list “%(list)s” is a list of the lexicon %(other)s, not %(lexicon)s.")
                                  % {"list": revision_list.name, "other": revision_list.lexicon.name,
                                     "lexicon": lexicon.name})
    entries = training_selectors.entries_of(revision_list)
    min_len = STYLES[style]

    def due(entry: Any) -> Any:
        card = getattr(entry, "card", None)
        return (card.due if card is not None else timezone.now(), entry.pk)

    words: list[str] = []
    for entry in sorted(entries, key=due):
        if getattr(entry, "in_lexicon", True) and min_len <= len(entry.word) <= size and entry.word not in words:
            words.append(entry.word)
        if len(words) == MAX_THEME_WORDS:
            break
    if not words:
        raise CrosswordInputError(_("No word of the list “%(list)s” fits a %(size)s×%(size)s grid "
                                    "(words of %(min)s to %(size)s letters still in the lexicon).")
                                  % {"list": revision_list.name, "size": size, "min": min_len})
    return words


def start_crossword(user: Any, lexicon: Lexicon, size: Any, style: Any, *, theme_list: Any = None,
                    seed: int | None = None, pattern: Sequence[str] = (), extra_lexicons: Sequence[Lexicon] = (),
                    algorithm: str = "mac") -> Crossword:
    """Check the request, create the crossword and start its generation task (returns at once).

    ``theme_list`` must already be one of ``user``'s lists (callers fetch it through
    ``training.lists.selectors.get_own_list``, which 404s anyone else's). ``pattern``, ``extra_lexicons`` and
    ``algorithm`` come from the crossword lab (:mod:`puzzles.lab` checks them): the grid to fill instead
    of a random one, more lexicons whose words fill it too, and the filler's search.
    """
    size, style = validate_request(size, style)
    if not isinstance(lexicon, Lexicon):
        raise CrosswordInputError(_("Choose a lexicon."))
    if theme_list is not None and theme_list.owner_id != getattr(user, "pk", None):
        raise CrosswordInputError(_("That revision list is not yours."))
    theme = theme_words_from(theme_list, lexicon, size, style) if theme_list is not None else []
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    elif not 0 <= int(seed) < 2**31:
        raise CrosswordInputError(_("The seed must be between 0 and %(max)s.") % {"max": 2**31 - 1})
    recent = timezone.now() - dt.timedelta(seconds=int(settings.CELERY_TASK_TIME_LIMIT))
    unfinished = Crossword.objects.filter(owner=user, status__in=[Crossword.Status.PENDING, Crossword.Status.RUNNING],
                                          created_at__gte=recent).count()
    if unfinished >= MAX_UNFINISHED:
        raise Busy(_("You already have %(n)s crosswords being generated: wait until one is ready.")
                   % {"n": unfinished})

    def create() -> Crossword:
        crossword = Crossword.objects.create(owner=user, lexicon=lexicon, size=size, style=style, seed=int(seed),
                                             theme_list=theme_list, theme_words=theme, pattern=list(pattern),
                                             algorithm=algorithm, lexicon_version=serving_version_number(lexicon))
        if extra_lexicons:
            crossword.extra_lexicons.set(extra_lexicons)
        return crossword

    return start_row_task(create, "puzzles.generate_crossword", "crossword_id", owner=user)


# --- Generation -----------------------------------------------------------------------------------------

_LEXICONS: weakref.WeakKeyDictionary[Any, CrosswordLexicon] = weakref.WeakKeyDictionary()
_LEXICONS_LOCK = threading.Lock()
_LEXICONS_BUILD_LOCK = threading.Lock()


def crossword_lexicon(lexicon: Lexicon, report: Callable[[str], None] | None = None) -> CrosswordLexicon:
    """The filler's view of the lexicon's serving version: its words with wordfreq quality scores.

    Read from the word cache kept beside the compiled GADDAG (``engine.crossword.crossword_lexicon_of``:
    built once per lexicon version, for every process), then kept once per process and GADDAG. Keyed by
    the GADDAG object itself (weakly): it is exactly the words indexed, a newly published version is a
    new GADDAG, and an old one's index goes when the lexicon app drops that GADDAG. One load at a time per
    process: a second crossword started meanwhile waits for it instead of doing the same again.
    ``report(message)`` is told what the load does, in words (the task's progress message): reading the
    cache, or, the first time for a lexicon version, scoring its words (seconds for French).
    """

    gaddag = gaddag_for(lexicon)
    with _LEXICONS_LOCK:
        cached = _LEXICONS.get(gaddag)
    if cached is not None:
        return cached
    with _LEXICONS_BUILD_LOCK:
        with _LEXICONS_LOCK:
            cached = _LEXICONS.get(gaddag)
        if cached is not None:
            return cached
        if report:
            cached_file = gaddag.source_path is not None and cache_path_for(gaddag.source_path).exists()
            report(_("Reading the crossword words of %(lexicon)s") % {"lexicon": lexicon.name} if cached_file
                   else _("Scoring the words of %(lexicon)s by how common they are, to choose the best-known ones "
                          "(once per lexicon version: the next crosswords start at once)") % {"lexicon": lexicon.name})
        built = crossword_lexicon_of(gaddag)
        with _LEXICONS_LOCK:
            return _LEXICONS.setdefault(gaddag, built)


def lexicons_union(lexicons: Sequence[Lexicon], report: Callable[[str], None] | None = None) -> CrosswordLexicon:
    """The filler's lexicon for one or several lexicons (the crossword lab's "several dictionaries at
    once"): each one's serving version, their union, each word with its best score."""
    return combine_lexicons(crossword_lexicon(lexicon, report) for lexicon in lexicons)


def forget_lexicons() -> None:
    """Drop the per-process cache (tests)."""
    with _LEXICONS_LOCK:
        _LEXICONS.clear()


def _fill_budget() -> float:
    return float(getattr(settings, "TIRAGE_CROSSWORD_SECONDS", DEFAULT_SECONDS))


def describe_failure(exc: Exception) -> str:
    """One attempt's failure in words."""
    if isinstance(exc, Timeout):
        return _("time limit of %(seconds)s s reached") % {"seconds": f"{exc.limit:.1f}"}
    if isinstance(exc, EmptyDomain):
        return _("no word of the lexicon fits slot %(slot)s (%(pattern)s)") % {"slot": exc.slot,
                                                                              "pattern": exc.pattern}
    if isinstance(exc, Unsolvable):
        return _("no fill exists for that pattern with this lexicon")
    if isinstance(exc, GridError):
        return _("no valid pattern: %(reason)s") % {"reason": exc}
    if isinstance(exc, FillError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


@dataclass
class _Attempts:
    budget: float
    started: float = field(default_factory=time.monotonic)
    reasons: list[str] = field(default_factory=list)

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def limit_for(self, attempt: int) -> float:
        """An equal share of what is left for each remaining attempt (fast failures give time back)."""
        remaining = self.budget - self.elapsed
        return max(remaining / (FILL_ATTEMPTS - attempt), 0.5)


def _pattern_max_length(size: int, style: str, theme: Sequence[str]) -> int:
    """Longest word the pattern may have: the generator's default, stretched to fit the longest theme word."""
    default = default_max_word_length(size, style)
    longest = max((len(w) for w in theme if len(w) <= size), default=0)
    return max(default, longest)


def _fill(crossword: Crossword, lex: CrosswordLexicon, progress: Progress) -> tuple[FillResult, dict[str, Any]]:
    size, style, theme = crossword.size, crossword.style, list(crossword.theme_words)
    attempts = _Attempts(_fill_budget())
    max_len = _pattern_max_length(size, style, theme)
    for attempt in range(FILL_ATTEMPTS):
        if attempt and attempts.elapsed >= attempts.budget:
            break
        seed = (crossword.seed + attempt * 7919) % 2**31
        limit = attempts.limit_for(attempt)
        base = 10 + 85 * attempt / FILL_ATTEMPTS
        progress.report(base, _("Attempt %(n)s of %(total)s: drawing the grid") % {"n": attempt + 1,
                                                                                  "total": FILL_ATTEMPTS})

        def report(info: dict[str, Any], base: float = base, n: int = attempt + 1) -> None:
            slots = max(int(info.get("slots") or 0), 1)
            fixed = int(info.get("fixed") or 0)
            progress.report(base + 85 / FILL_ATTEMPTS * min(fixed / slots, 0.99),
                            _("Attempt %(n)s of %(total)s: %(fixed)s of %(slots)s words placed")
                            % {"n": n, "total": FILL_ATTEMPTS, "fixed": fixed, "slots": slots})

        try:
            pattern = crossword.pattern or generate_pattern(size, style, seed, max_word_length=max_len)
            progress.report(base + 2, _("Attempt %(n)s of %(total)s: filling the grid")
                            % {"n": attempt + 1, "total": FILL_ATTEMPTS})
            result = fill_grid(pattern, lex, style=style, seed=seed, time_limit=limit, theme=theme,
                               progress=report, options=SearchOptions.for_algorithm(crossword.algorithm))
        except (FillError, GridError, ValueError) as exc:
            reason = describe_failure(exc)
            logger.info("crossword %s attempt %s failed: %s", crossword.pk, attempt + 1, reason)
            attempts.reasons.append(reason)
            if crossword.pattern and isinstance(exc, Unsolvable | GridError):
                break  # a drawn grid proved impossible stays impossible whatever the seed
            continue
        return result, {"attempts": attempt + 1, "seed_used": seed, "failed_attempts": attempts.reasons,
                        "seconds_total": round(attempts.elapsed, 2)}
    if crossword.pattern:
        raise TaskFailure(
            _("Your grid could not be filled with %(lexicon)s in %(seconds)s s (%(count)s attempts: %(reasons)s); "
              "try more black cells, fewer long words, another lexicon or the mac algorithm.")
            % {"lexicon": crossword.lexicon.name, "seconds": f"{attempts.elapsed:.0f}",
               "count": len(attempts.reasons), "reasons": "; ".join(attempts.reasons) or _("no time left")})
    raise TaskFailure(
        _("The %(size)s×%(size)s %(style)s grid could not be filled with the lexicon %(lexicon)s in %(seconds)s s "
          "(%(count)s attempts: %(reasons)s); try a smaller size or the other style.")
        % {"size": size, "style": style_label(style), "lexicon": crossword.lexicon.name,
           "seconds": f"{attempts.elapsed:.0f}", "count": len(attempts.reasons),
           "reasons": "; ".join(attempts.reasons) or _("no time left")})


def build_crossword(crossword_id: int, progress: Progress) -> dict[str, Any]:
    """Generate the grid of a pending crossword and store it with its clues (called by the Celery task).

    Marks the crossword running, then done, or failed with the reason (raised again as
    :class:`TaskFailure` so the task run shows it too).
    """
    crossword = Crossword.objects.select_related("lexicon").get(pk=crossword_id)
    mark_row(Crossword, crossword_id, Crossword.Status.RUNNING)
    with failing_in_words(Crossword, crossword_id, _("The crossword could not be generated: %(error)s")):
        progress.report(2, _("Loading the lexicon"))
        lex = lexicons_union([crossword.lexicon, *crossword.extra_lexicons.all()],
                             lambda message: progress.report(4, message))
        result, extra = _fill(crossword, lex, progress)
        progress.report(96, _("Writing the clues"))
        words = [a.answer for a in result.answers]
        definitions = definitions_for(crossword.lexicon, words)
        slots = [{"key": a.key, "number": a.number, "dir": a.direction, "row": a.row, "col": a.col,
                  "length": a.length, "answer": a.answer, "clue": make_clue(a.answer, definitions),
                  "defined": a.answer in definitions} for a in result.answers]
        stats = {**result.stats, **extra, "words": len(slots),
                 "black_cells": sum(row.count(BLACK) for row in result.rows),
                 "theme_placed": result.stats.get("theme_placed", []),
                 "theme_missing": [w for w in crossword.theme_words if w not in words],
                 "definitions": len(definitions)}
        mark_row(Crossword, crossword_id, Crossword.Status.DONE, rows=list(result.rows), slots=slots, stats=stats,
                 error="")
    return {"crossword": crossword_id, "words": len(slots), "theme_placed": stats["theme_placed"],
            "attempts": extra["attempts"]}


def follow_task(crossword: Crossword) -> Crossword:
    """Mark a pending or running crossword failed when its task run failed without saying so here.

    Why: a worker killed mid-task (or a development server that reloaded) never reaches the ``except``
    of :func:`build_crossword`; core expires such a run when it is read, and the crossword must follow,
    or its page would wait for a grid forever.
    """
    return follow_run(crossword)


def delete_crossword(crossword: Crossword) -> None:
    crossword.delete()


# --- Entries ----------------------------------------------------------------------------------------------

def empty_entries(crossword: Crossword) -> list[str]:
    return ["".join(BLACK if ch == BLACK else EMPTY for ch in row) for row in crossword.rows]


def parse_entries(crossword: Crossword, entries: Any) -> list[str]:
    """Validated, normalised entries for ``crossword`` (see the module docstring); :class:`EntriesError`."""
    if not isinstance(entries, list | tuple) or not all(isinstance(row, str) for row in entries):
        raise EntriesError(_("Entries must be a list of rows (strings)."))
    if len(entries) != crossword.height:
        raise EntriesError(_("Entries must have %(rows)s rows, not %(given)s.")
                           % {"rows": crossword.height, "given": len(entries)})
    out: list[str] = []
    for r, (row, answer_row) in enumerate(zip(entries, crossword.rows, strict=True)):
        if len(row) != len(answer_row):
            raise EntriesError(_("Row %(row)s must have %(cols)s cells, not %(given)s.")
                               % {"row": r + 1, "cols": len(answer_row), "given": len(row)})
        cells = []
        for c, (ch, answer) in enumerate(zip(row, answer_row, strict=True)):
            if answer == BLACK:
                if ch != BLACK:
                    raise EntriesError(_("Row %(row)s, column %(col)s is a black cell: it must be “#”.")
                                       % {"row": r + 1, "col": c + 1})
                cells.append(BLACK)
                continue
            if ch in (EMPTY, " ", "-", "?"):
                cells.append(EMPTY)
                continue
            letter = fold_word(ch)
            if len(letter) != 1 or not ("A" <= letter <= "Z"):
                raise EntriesError(_("Row %(row)s, column %(col)s: “%(char)s” is not a letter (A to Z, or “.” "
                                     "for an empty cell).") % {"row": r + 1, "col": c + 1, "char": ch})
            cells.append(letter)
        out.append("".join(cells))
    return out


def _require_ready(crossword: Crossword) -> None:
    if not crossword.is_ready:
        raise NotReady(_("The crossword is not ready (%(status)s): there is no grid to solve yet.")
                       % {"status": crossword.get_status_display()})


def get_or_create_progress(crossword: Crossword, user: Any) -> CrosswordProgress:
    _require_ready(crossword)
    progress, _created = CrosswordProgress.objects.get_or_create(
        crossword=crossword, user=user, defaults={"entries": empty_entries(crossword)})
    if not progress.entries:
        progress.entries = empty_entries(crossword)
    return progress


def _seconds(progress: CrosswordProgress, seconds: Any) -> None:
    """The timer only goes forward (two devices may report; the larger is the truth), and stops at the end."""
    if seconds is None or progress.is_finished:
        return
    try:
        value = int(seconds)
    except (TypeError, ValueError):
        raise EntriesError(_("Seconds must be a whole number.")) from None
    if not 0 <= value <= MAX_TIMER_SECONDS:
        raise EntriesError(_("Seconds must be between 0 and %(max)s.") % {"max": MAX_TIMER_SECONDS})
    progress.seconds = max(progress.seconds, value)


def _solved(crossword: Crossword, entries: Sequence[str]) -> bool:
    return list(entries) == list(crossword.rows)


@transaction.atomic
def save_entries(crossword: Crossword, user: Any, entries: Any, seconds: Any = None) -> CrosswordProgress:
    """Save the learner's entries (and timer); finish the crossword when they are all right."""
    _require_ready(crossword)
    parsed = parse_entries(crossword, entries)
    progress = get_or_create_progress(crossword, user)
    progress = CrosswordProgress.objects.select_for_update().get(pk=progress.pk)
    _seconds(progress, seconds)
    progress.entries = parsed
    progress.save()
    if not progress.is_finished and _solved(crossword, parsed):
        finish(progress)
    return progress


# --- Check and reveal ---------------------------------------------------------------------------------

@dataclass
class CheckOutcome:
    scope: str
    reveal: bool
    cells: list[dict[str, Any]]
    progress: CrosswordProgress
    just_finished: bool

    @property
    def wrong(self) -> int:
        return sum(1 for c in self.cells if c["state"] == "wrong")

    @property
    def empty(self) -> int:
        return sum(1 for c in self.cells if c["state"] == "empty")

    @property
    def right(self) -> int:
        return sum(1 for c in self.cells if c["state"] == "right")


def slot_by_key(crossword: Crossword, key: Any) -> dict[str, Any]:
    key = str(key or "").strip().upper()
    for slot in crossword.slots:
        if slot["key"] == key:
            return slot
    raise EntriesError(_("There is no word “%(key)s” in this grid (e.g. 1A for 1 across, 2D for 2 down).")
                       % {"key": key})


def slot_cells(slot: dict[str, Any]) -> list[tuple[int, int]]:
    dr, dc = (0, 1) if slot["dir"] == "A" else (1, 0)
    return [(slot["row"] + dr * i, slot["col"] + dc * i) for i in range(slot["length"])]


def _scope_cells(crossword: Crossword, scope: str, row: Any, col: Any, slot: Any) -> list[tuple[int, int]]:
    if scope == "grid":
        return [(r, c) for r, line in enumerate(crossword.rows) for c, ch in enumerate(line) if ch != BLACK]
    if scope == "word":
        return slot_cells(slot_by_key(crossword, slot))
    if scope == "cell":
        r, c = as_whole_number(row), as_whole_number(col)
        if r is None or c is None:  # 1.5 or true is not a row: refused, not rounded
            raise EntriesError(_("Give the cell's row and column (0-based whole numbers)."))
        if not (0 <= r < crossword.height and 0 <= c < crossword.width):
            raise EntriesError(_("Row %(row)s, column %(col)s is outside the grid.") % {"row": r, "col": c})
        if crossword.rows[r][c] == BLACK:
            raise EntriesError(_("Row %(row)s, column %(col)s is a black cell.") % {"row": r, "col": c})
        return [(r, c)]
    raise EntriesError(_("Unknown scope “%(scope)s”: choose cell, word or grid.") % {"scope": scope})


def _slots_through(crossword: Crossword, cells: Iterable[tuple[int, int]]) -> set[str]:
    wanted = set(cells)
    return {s["key"] for s in crossword.slots if wanted.intersection(slot_cells(s))}


@transaction.atomic
def check(crossword: Crossword, user: Any, scope: str, *, row: Any = None, col: Any = None, slot: Any = None,
          reveal: bool = False, entries: Any = None, seconds: Any = None) -> CheckOutcome:
    """Check (or reveal) a cell, a word or the grid against the answers; see the module docstring.

    ``entries`` (optional) are saved first, so the check sees exactly what the learner sees.
    """
    _require_ready(crossword)
    cells = _scope_cells(crossword, scope, row, col, slot)
    parsed = parse_entries(crossword, entries) if entries is not None else None
    progress = get_or_create_progress(crossword, user)
    progress = CrosswordProgress.objects.select_for_update().get(pk=progress.pk)
    _seconds(progress, seconds)
    current = [list(r) for r in (parsed if parsed is not None else progress.entries)]
    missed = set(progress.missed)
    revealed = {tuple(rc) for rc in progress.revealed}
    out: list[dict[str, Any]] = []
    not_right: list[tuple[int, int]] = []
    for r, c in cells:
        answer = crossword.rows[r][c]
        typed = current[r][c]
        state = "right" if typed == answer else ("empty" if typed == EMPTY else "wrong")
        if state != "right":
            not_right.append((r, c))
        if reveal:
            if state != "right":
                current[r][c] = answer
                revealed.add((r, c))
            out.append({"row": r, "col": c, "state": "revealed" if state != "right" else "right", "letter": answer})
        else:
            out.append({"row": r, "col": c, "state": state})
    if reveal:
        progress.reveals += 1
        missed |= _slots_through(crossword, not_right)
    else:
        progress.checks += 1
        missed |= _slots_through(crossword, [(c["row"], c["col"]) for c in out if c["state"] == "wrong"])
    progress.entries = ["".join(r) for r in current]
    progress.revealed = sorted([list(rc) for rc in revealed])
    progress.missed = sorted(missed, key=lambda k: (k[-1], int(k[:-1])))
    progress.save()
    just_finished = False
    if not progress.is_finished and _solved(crossword, progress.entries):
        finish(progress)
        just_finished = True
    return CheckOutcome(scope, bool(reveal), out, progress, just_finished)


# --- Finishing and the review queue ---------------------------------------------------------------------

def finish(progress: CrosswordProgress) -> CrosswordProgress:
    """Mark the crossword finished for this learner and send the words they missed to review."""
    progress.finished_at = timezone.now()
    progress.save(update_fields=["finished_at", "updated_at"])
    crossword = progress.crossword
    answers = {s["key"]: s["answer"] for s in crossword.slots}
    words = list(dict.fromkeys(answers[k] for k in progress.missed if k in answers))
    if words:
        sent, skipped = send_misses_to_review(progress.user, crossword.lexicon, words)
        progress.review_words = sent
        progress.review_skipped = skipped
        progress.save(update_fields=["review_words", "review_skipped", "updated_at"])
    return progress


def misses_list(user: Any, lexicon: Lexicon) -> Any:
    """The learner's "Crossword misses" revision list for ``lexicon``, created through training's service."""

    link = MissesList.objects.select_related("revision_list").filter(owner=user, lexicon=lexicon).first()
    if link is not None:
        return link.revision_list
    revision_list = training_services.create_list(
        user, lexicon, _("Crossword misses"),
        _("Words missed in crosswords (a wrong letter found by a check, or a revealed letter). Added automatically."))
    MissesList.objects.create(owner=user, lexicon=lexicon, revision_list=revision_list)
    return revision_list


def send_misses_to_review(user: Any, lexicon: Lexicon, words: Sequence[str]) -> tuple[list[str], list[dict[str, str]]]:
    """Put ``words`` in the learner's review queue; returns (words sent, [{word, reason}] not sent).

    Why through a revision list: the training app's review queue is its FSRS cards, and a card
    belongs to a revision word. A new word gets a new card (due now); a word already in the list is
    reviewed as forgotten ("Again"), which makes it due again at once.
    """

    outcome = training_services.send_to_revision_list(misses_list(user, lexicon), words,
                                                      min_length=REVIEW_MIN_LENGTH, on_duplicate="review")
    return outcome.sent, outcome.skipped


# --- The crossword of the day ---------------------------------------------------------------------
# The crossword of the day: one per lexicon and day, shared by every learner.
#
# Why no table of its own: the daily crossword is an ordinary :class:`~puzzles.models.Crossword` owned by
# the editorial account (``accounts.services.editorial_account``) whose seed encodes the day; the first
# learner who asks for it starts its generation with the existing task, and everyone after finds it.
# Each learner keeps their own progress (``CrosswordProgress`` is per user), so sharing the grid shares
# nothing else. Creation is serialised by locking the lexicon row, so two learners arriving at once do
# not make two grids. A failed generation is retried with the next seed when someone asks again.

DAILY_SIZE = 9
DAILY_STYLE = Crossword.Style.FR


MAX_ATTEMPTS = 10


def daily_seed(day: dt.date, attempt: int = 0) -> int:
    """Seed of the day's grid: YYYYMMDD0, then +1 per failed attempt (at most 9). The seed is also how
    the day's crossword is found, so the same day always gives the same grid."""
    return (day.year * 10000 + day.month * 100 + day.day) * MAX_ATTEMPTS + attempt


def _of_the_day(lexicon: Lexicon, day: dt.date):
    base = daily_seed(day)
    return Crossword.objects.filter(owner__username=EDITORIAL_USERNAME, lexicon=lexicon, size=DAILY_SIZE,
                                    style=DAILY_STYLE, theme_list=None, seed__gte=base, seed__lt=base + MAX_ATTEMPTS)


def find_daily_crossword(lexicon: Lexicon, day: dt.date | None = None, *, fresh: bool = False) -> Crossword | None:
    """The day's crossword if someone already asked for it (the newest not failed), else None; ``fresh``:
    from the database, not the shared cache (before making one)."""
    day = day or timezone.localdate()

    def read() -> Crossword | None:
        crossword = _of_the_day(lexicon, day).exclude(status=Crossword.Status.FAILED).order_by("-id").first()
        return follow_task(crossword) if crossword is not None else None

    if fresh:
        return read()
    # The same for every learner: kept in the cache while there is none and once it is made (one being made
    # changes status without save()); a crossword saved or deleted drops its day's value.
    return shared(f"daily-crossword:{lexicon.pk}:{daily_seed(day) // MAX_ATTEMPTS}", read,
                  keep=lambda found: found is None or found.status == Crossword.Status.DONE)


def daily_crossword_keys(crossword: Crossword) -> list[str]:
    """The day a crossword could be the crossword of (its seed says which, ``daily_seed``)."""
    return [f"daily-crossword:{crossword.lexicon_id}:{crossword.seed // MAX_ATTEMPTS}"] if crossword.seed else []


def daily_crossword(lexicon: Lexicon, day: dt.date | None = None) -> Crossword:
    """The day's crossword of ``lexicon``, its generation started now when nobody asked for it yet."""
    day = day or timezone.localdate()
    found = find_daily_crossword(lexicon, day, fresh=True)
    if found is not None:
        return found
    editor = editorial_account()
    with transaction.atomic():
        Lexicon.objects.select_for_update().filter(pk=lexicon.pk).first()
        found = _of_the_day(lexicon, day).exclude(status=Crossword.Status.FAILED).order_by("-id").first()
        if found is None:
            attempts = _of_the_day(lexicon, day).count()
            if attempts >= MAX_ATTEMPTS:
                raise CrosswordInputError(_("Today's crossword could not be made; try again tomorrow."))
            found = start_crossword(editor, lexicon, DAILY_SIZE, DAILY_STYLE,
                                             seed=daily_seed(day, attempts))
    return follow_task(Crossword.objects.get(pk=found.pk))
