"""The crossword lab: grids drawn by the user, several lexicons at once, the filler's algorithm, and the
timing table that compares algorithms on one grid (after the solver console of the French CSP report).

Rules the pages, the API and the tests rely on:

- **Grid**: rows of ``#`` (black), ``.`` (empty) and letters (prefilled), 3 to 21 cells wide and high,
  valid for its style (``engine.crossword.parse_grid``). Imported files are grid text or the report's
  0/1 files (``1`` black); errors name the line. A random grid has exactly the number of black cells
  asked for (symmetric for ``us``).
- **Lexicons**: the main lexicon plus any others of the same language; their union fills the grid.
- **Solve**: a crossword like the generated ones (same task, same solve page), its grid the drawn one.
- **Compare**: a tracked task fills the grid with each chosen algorithm, :data:`MAX_SEEDS` seeds at
  most, each run within :data:`MAX_SECONDS`, so one comparison holds a worker 10 minutes at the very
  most (4 algorithms × 5 seeds × 30 s); the table is kept on :class:`FillComparison`.

Anything else raises :class:`LabInputError` (a :class:`~puzzles.crosswords.services.CrosswordInputError`) and
nothing is created.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from core.engine_messages import engine_error_message
from core.progress import Progress
from core.task_rows import failing_in_words, follow_run, mark_row, start_row_task
from engine.crossword import (
    ALGORITHMS,
    GRID_FORMATS,
    STYLES,
    GridError,
    compare_fills,
    parse_grid,
    random_pattern,
    read_grid_file,
    write_grid_file,
)
from lexicon.models import Lexicon
from lexicon.selectors import serving_version_number
from puzzles.crosswords.models import BLACK, MAX_SIZE, MIN_SIZE, Crossword
from puzzles.crosswords.services import (
    Busy,
    CrosswordInputError,
    lexicons_union,
    start_crossword,
    validate_request,
)
from puzzles.lab.models import FillComparison

MAX_SEEDS = 5
MAX_SECONDS = 30.0
MAX_GRID_TEXT = 4000
"""Characters of grid text accepted (a 21×21 grid with line ends is under 500)."""
DEFAULT_ALGORITHM = "mac"


class LabInputError(CrosswordInputError):
    """A lab request a user can fix; the message says how."""


class LabRuleError(LabInputError):
    """A well-formed request the lab's rules refuse: a grid that reads but breaks its style's rules (a boxed
    cell, a short word, symmetry), or black cells that do not fit the size. The API's schema states the
    shapes (a rectangular grid of known characters, sizes in range) but cannot state these, so the API
    answers them 422 rather than 400: a client can tell a malformed request from a refused grid."""


def _grid_message(exc: GridError) -> str:
    return engine_error_message(exc)


def read_lab_grid(text: Any, style: Any, grid_format: str = "text") -> list[str]:
    """The rows of a grid given as text (pasted, typed in the editor or read from a file), checked."""
    _size, style = validate_request(MIN_SIZE, style)
    if not isinstance(text, str):
        raise LabInputError(_("The grid must be text."))
    if len(text) > MAX_GRID_TEXT:
        raise LabInputError(_("The grid is too long: %(max)s characters at most.") % {"max": MAX_GRID_TEXT})
    if grid_format not in GRID_FORMATS:
        raise LabInputError(_("Unknown grid format: choose text or 01."))
    try:
        rows = read_grid_file(text.replace("/", "\n") if grid_format == "text" else text, grid_format)
    except GridError as exc:
        raise LabInputError(_("Bad grid: %(reason)s") % {"reason": _grid_message(exc)}) from None
    height, width = len(rows), len(rows[0])
    if not (MIN_SIZE <= height <= MAX_SIZE and MIN_SIZE <= width <= MAX_SIZE):
        raise LabInputError(_("A %(h)s×%(w)s grid is not possible: each side must be between %(min)s and %(max)s.")
                            % {"h": height, "w": width, "min": MIN_SIZE, "max": MAX_SIZE})
    try:
        grid = parse_grid(rows, style)
    except GridError as exc:
        raise LabRuleError(_("Bad grid: %(reason)s") % {"reason": _grid_message(exc)}) from None
    return list(grid.rows)


def _as_text(grid: Any) -> Any:
    """Grid text from text or a list of rows (anything else is left for :func:`read_lab_grid` to refuse)."""
    return "\n".join(str(row) for row in grid) if isinstance(grid, list | tuple) else grid


def random_lab_grid(rows: Any, cols: Any, blocks: Any, style: Any, seed: Any = None) -> list[str]:
    """A random grid of ``rows`` × ``cols`` with exactly ``blocks`` black cells, valid for ``style``."""
    _size, style = validate_request(MIN_SIZE, style)
    numbers = []
    for value, label in ((rows, _("rows")), (cols, _("columns")), (blocks, _("black cells"))):
        if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip().isdigit():
            raise LabInputError(_("The number of %(what)s must be a whole number.") % {"what": label})
        numbers.append(int(value))
    height, width, count = numbers
    if not (MIN_SIZE <= height <= MAX_SIZE and MIN_SIZE <= width <= MAX_SIZE):
        raise LabInputError(_("A %(h)s×%(w)s grid is not possible: each side must be between %(min)s and %(max)s.")
                            % {"h": height, "w": width, "min": MIN_SIZE, "max": MAX_SIZE})
    if style == "us" and height != width:
        raise LabRuleError(_("An American grid is square."))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        return random_pattern(height, width, count, style, int(seed))
    except GridError:
        raise LabRuleError(_("No valid %(h)s×%(w)s grid with %(n)s black cells was found: try fewer black cells.")
                            % {"h": height, "w": width, "n": count}) from None
    except ValueError:  # the count itself is impossible for the size and style
        limit = height * width // 6 if style == "us" else height * width // 2
        raise LabRuleError(_("A %(h)s×%(w)s grid of this style takes between 0 and %(max)s black cells "
                              "(an even number for a symmetric grid without a centre cell).")
                            % {"h": height, "w": width, "max": limit}) from None


def export_grid(rows: Sequence[str], grid_format: str) -> str:
    """The grid file of ``rows`` (``text``: ``#``, ``.`` and letters; ``01``: 1 black, 0 white)."""
    if grid_format not in GRID_FORMATS:
        raise LabInputError(_("Unknown grid format: choose text or 01."))
    return write_grid_file(rows, grid_format)


def check_lexicons(lexicon: Any, extra: Iterable[Lexicon]) -> list[Lexicon]:
    """The other lexicons, checked: of the main lexicon's language, each once, the main one left out."""
    if not isinstance(lexicon, Lexicon):
        raise LabInputError(_("Choose a lexicon."))
    others: list[Lexicon] = []
    for other in extra:
        if other.language != lexicon.language:
            raise LabInputError(_("The lexicon %(other)s is not in the language of %(lexicon)s: their words "
                                  "cannot fill one grid.") % {"other": other.name, "lexicon": lexicon.name})
        if other.pk != lexicon.pk and other not in others:
            others.append(other)
    return others


def check_algorithm(algorithm: Any) -> str:
    if algorithm in (None, ""):
        return DEFAULT_ALGORITHM
    if algorithm not in ALGORITHMS:
        raise LabInputError(_("Unknown algorithm “%(name)s”: choose one of %(names)s.")
                            % {"name": algorithm, "names": ", ".join(ALGORITHMS)})
    return str(algorithm)


def start_lab_crossword(user: Any, lexicon: Any, grid: Any, style: Any, *, extra_lexicons: Iterable[Lexicon] = (),
                        algorithm: Any = None, theme_list: Any = None, grid_format: str = "text",
                        seed: int | None = None) -> Crossword:
    """Fill the user's grid as a crossword (the generation task, with the grid, lexicons and algorithm)."""
    rows = read_lab_grid(_as_text(grid), style, grid_format)
    others = check_lexicons(lexicon, extra_lexicons)
    return start_crossword(user, lexicon, max(len(rows), len(rows[0])), style, theme_list=theme_list, seed=seed,
                           pattern=rows, extra_lexicons=others, algorithm=check_algorithm(algorithm))


def _check_comparison_numbers(algorithms: Any, seeds: Any, time_limit: Any) -> tuple[list[str], int, float]:
    if isinstance(algorithms, str):
        algorithms = [a.strip() for a in algorithms.split(",") if a.strip()]
    if not isinstance(algorithms, list | tuple) or not algorithms:
        raise LabInputError(_("Choose at least one algorithm."))
    chosen = list(dict.fromkeys(check_algorithm(a) for a in algorithms))
    try:
        seeds_int = int(seeds)
        seconds = float(time_limit)
    except (TypeError, ValueError):
        raise LabInputError(_("The number of seeds and the time limit must be numbers.")) from None
    if not 1 <= seeds_int <= MAX_SEEDS:
        raise LabInputError(_("Between 1 and %(max)s seeds per algorithm.") % {"max": MAX_SEEDS})
    if not 0.5 <= seconds <= MAX_SECONDS:
        raise LabInputError(_("The time limit per run must be between 0.5 and %(max)s seconds.")
                            % {"max": int(MAX_SECONDS)})
    return chosen, seeds_int, seconds


def start_comparison(user: Any, lexicon: Any, grid: Any, style: Any, *, algorithms: Any = ("fc", "fc-cbj", "mac"),
                     seeds: Any = 3, time_limit: Any = 10.0, extra_lexicons: Iterable[Lexicon] = (),
                     grid_format: str = "text") -> FillComparison:
    """Check the request, create the comparison and start its task (returns at once)."""
    _size, style = validate_request(MIN_SIZE, style)
    rows = read_lab_grid(_as_text(grid), style, grid_format)
    others = check_lexicons(lexicon, extra_lexicons)
    chosen, seeds_int, seconds = _check_comparison_numbers(list(algorithms) if not isinstance(algorithms, str)
                                                           else algorithms, seeds, time_limit)

    def create() -> FillComparison:
        comparison = FillComparison.objects.create(owner=user, lexicon=lexicon, style=style, pattern=rows,
                                                   algorithms=chosen, seeds=seeds_int, time_limit=seconds,
                                                   lexicon_version=serving_version_number(lexicon))
        comparison.extra_lexicons.set(others)
        return comparison

    return start_row_task(create, "puzzles.compare_algorithms", "comparison_id", owner=user)


def run_comparison(comparison_id: int, progress: Progress) -> dict[str, Any]:
    """Fill the comparison's grid with each algorithm and seed and store the table (the Celery task)."""
    comparison = FillComparison.objects.select_related("lexicon").get(pk=comparison_id)
    mark_row(FillComparison, comparison_id, FillComparison.Status.RUNNING)
    with failing_in_words(FillComparison, comparison_id, _("The comparison could not be run: %(error)s")):
        progress.report(2, _("Loading the lexicons"))
        lex = lexicons_union([comparison.lexicon, *comparison.extra_lexicons.all()])
        grid = parse_grid(comparison.pattern, comparison.style)

        def report(done: int, total: int) -> None:
            progress.report(5 + 93 * done / total, _("Run %(done)s of %(total)s") % {"done": done, "total": total})

        table = compare_fills([("grid", grid)], lex, comparison.algorithms, seeds=comparison.seeds,
                              time_limit=comparison.time_limit, progress=report)
        mark_row(FillComparison, comparison_id, FillComparison.Status.DONE, table=table, error="")
    return {"comparison": comparison_id, "runs": sum(row["runs"] for row in table)}


def follow_comparison(comparison: FillComparison) -> FillComparison:
    """Mark a pending or running comparison failed when its task run failed without saying so here (a
    worker killed mid-task never reaches the ``except`` of :func:`run_comparison`)."""
    return follow_run(comparison)


def comparison_rows(comparison: FillComparison) -> list[dict[str, Any]]:
    """The table's rows with the algorithm's label, for the page."""
    labels = algorithm_labels()
    return [{**row, "label": labels.get(row["algorithm"], row["algorithm"])} for row in comparison.table]


def algorithm_labels() -> dict[str, str]:
    return {
        "bt": _("Backtracking (bt)"),
        "fc": _("Forward checking (fc)"),
        "fc-cbj": _("Forward checking with conflict-directed backjumping (fc-cbj)"),
        "mac": _("Arc consistency during the search, with backjumping (mac, recommended)"),
    }


def black_count(rows: Sequence[str]) -> int:
    return sum(row.count(BLACK) for row in rows)


__all__ = ["Busy", "CrosswordInputError", "LabInputError", "STYLES", "check_algorithm", "export_grid", "random_lab_grid", "read_lab_grid",
           "run_comparison", "start_comparison", "start_lab_crossword"]
