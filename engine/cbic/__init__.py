"""CBIC training grids: every revision word found through its support letter on a legal board.

The public API (what the command line and the web app's Celery task call)::

    grid = generate_training_grid(gaddag, [RevisionWord("BACCARAT", "T"), RevisionWord("PRIVATIF", 5)],
                                  central=None, seed=0, bag=False, time_budget=10.0, top_n=10,
                                  progress=lambda percent, message: ...,
                                  on_situation=lambda placed: ...)   # each PlacedWord as soon as it is built
    grid.to_json()   # {"board", "placed", "unplaced", "helpers", "central", "stats"}

Bad input raises :class:`CbicInputError` naming the word. Modules, one job each: :mod:`.words`
(input), :mod:`.state` (the grid), :mod:`.placements` (where one word can go), :mod:`.scoring` (the
unified score and its weights), :mod:`.central` (automatic central word), :mod:`.helpers` (helper
words), :mod:`.unionfind`, :mod:`.generator` (the search), :mod:`.situations` (positions and tops).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cbic.errors import CbicInputError, Message
from engine.cbic.generator import GREEDY, Construction, SearchConfig, build_grid
from engine.cbic.scoring import SEED_WEIGHTS, Weights
from engine.cbic.situations import Situation, SituationError, build_situation
from engine.cbic.state import CENTRAL, HELPER, REVISION, GridState
from engine.cbic.unionfind import UnionFind
from engine.cbic.words import RevisionWord, resolve_central, resolve_words
from engine.scrabble.board import SIZE, Board
from engine.scrabble.notation import format_coord

__all__ = [
    "GREEDY",
    "SEED_WEIGHTS",
    "CbicInputError",
    "GridWord",
    "Message",
    "PlacedWord",
    "RevisionWord",
    "SearchConfig",
    "Situation",
    "SituationError",
    "SituationHook",
    "TrainingGrid",
    "UnplacedWord",
    "Weights",
    "generate_training_grid",
]

Progress = Callable[[int, str], None]


@dataclass(frozen=True)
class PlacedWord:
    """A revision word on the grid, with its support square and its training situation."""

    word: str
    spec: str
    row: int
    col: int
    dir: str
    support_row: int
    support_col: int
    support_index: int
    step: int
    situation: Situation
    support_blank: bool = False
    """The support tile is a blank (shown in lower case on the board)."""

    @property
    def support_letter(self) -> str:
        return self.word[self.support_index]

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        return {
            "word": self.word,
            "row": self.row,
            "col": self.col,
            "dir": self.dir,
            "coord": format_coord(self.row, self.col, self.dir, style),
            "support": {"row": self.support_row, "col": self.support_col, "letter": self.support_letter,
                        "index": self.support_index, "blank": self.support_blank},
            "situation": self.situation.to_json(style),
            "spec": self.spec,
            "step": self.step,
        }


SituationHook = Callable[[PlacedWord], None]
"""Called with each :class:`PlacedWord` as soon as its situation is built (see :func:`generate_training_grid`)."""


@dataclass(frozen=True)
class GridWord:
    """The central word or a helper word (a lexicon word added to bring a support letter): no situation."""

    word: str
    row: int
    col: int
    dir: str
    step: int

    def to_json(self, style: str = "fr") -> dict[str, Any]:
        return {"word": self.word, "row": self.row, "col": self.col, "dir": self.dir,
                "coord": format_coord(self.row, self.col, self.dir, style), "step": self.step}


@dataclass(frozen=True)
class UnplacedWord:
    """A revision word left out: ``reason`` in English (the command line's), ``code`` and ``params`` in a
    stable form for interfaces that translate (see :meth:`engine.cbic.generator.Builder.explain`)."""

    word: str
    spec: str
    reason: str
    code: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "reason": str(self.reason), "spec": self.spec, "code": self.code,
                "params": self.params}


@dataclass
class TrainingGrid:
    """The final board, the placed revision words with their situations, helpers, words left out."""

    board: Board
    central: GridWord
    placed: list[PlacedWord]
    helpers: list[GridWord]
    unplaced: list[UnplacedWord]
    stats: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    """Wall-clock seconds (construction, situations, total): kept apart from ``stats`` so that the
    JSON of a given input and seed is the same on every run."""

    @property
    def complete(self) -> bool:
        """Every revision word was placed."""
        return not self.unplaced

    def to_json(self, style: str = "fr", timings: bool = False) -> dict[str, Any]:
        """The command line's JSON object (``style`` = coordinate style of ``coord`` fields).

        ``timings`` adds the wall-clock seconds to ``stats`` (then the output varies run to run).
        """
        stats = dict(self.stats)
        if timings:
            stats.update(self.timings)
        return {
            "board": self.board.rows(),
            "placed": [p.to_json(style) for p in self.placed],
            "unplaced": [u.to_json() for u in self.unplaced],
            "helpers": [h.to_json(style) for h in self.helpers],
            "central": self.central.to_json(style),
            "stats": stats,
        }


def _components(state: GridState) -> int:
    """Connected pieces of the steps (words), by shared or touching tiles: 1 for a sound grid."""
    uf = UnionFind(len(state.steps))
    for k, step in enumerate(state.steps):
        for other in step.placement.touched:
            uf.union(k, other)
    return uf.components()


def _assemble(lexicon: Any, construction: Construction, words_by_id: dict[int, Any], top_n: int,
              ops: dict[str, str] | None, progress: Progress | None,
              on_situation: SituationHook | None = None) -> TrainingGrid:
    """The grid of a finished construction: each revision step's situation (its position and tops), in step
    order, handed to ``on_situation`` as soon as it is built, then the board, the words left out, the stats."""
    state = construction.state
    placed: list[PlacedWord] = []
    helpers: list[GridWord] = []
    central: GridWord | None = None
    revision_steps = sum(1 for s in state.steps if s.kind == REVISION)
    started = time.perf_counter()
    done = 0
    for k, step in enumerate(state.steps):
        p = step.placement
        if step.kind == CENTRAL:
            central = GridWord(p.word, p.row, p.col, p.dir, k)
        elif step.kind == HELPER:
            helpers.append(GridWord(p.word, p.row, p.col, p.dir, k))
        else:
            situation = build_situation(lexicon, step, top_n, ops)
            sr, sc = p.support_square
            word = PlacedWord(p.word, words_by_id[step.word_id].spec, p.row, p.col, p.dir, sr, sc,
                              p.support, k, situation, step.before[sr * SIZE + sc].islower())
            placed.append(word)
            if on_situation is not None:
                on_situation(word)
            done += 1
            if progress is not None:
                progress(70 + 29 * done // max(1, revision_steps),
                         Message(f"situation {done}/{revision_steps}", "cbic_situation", {"number": done,
                                                                                       "total": revision_steps}))
    assert central is not None
    unplaced = [UnplacedWord(words_by_id[i].word, words_by_id[i].spec, str(reason), reason.code, dict(reason.params))
                for i, reason in sorted(construction.unplaced.items())]
    board = Board(list(state.cells))
    stats = dict(construction.stats)
    stats.update({
        "components": _components(state),
        "tiles": board.tile_count(),
        "blanks": sum(1 for t in state.cells if t and t.islower()),
    })
    timings = dict(construction.timings)
    timings["situations_seconds"] = round(time.perf_counter() - started, 4)
    return TrainingGrid(board, central, placed, helpers, unplaced, stats, timings)


def generate_training_grid(
    lexicon: Any,
    words: Sequence[RevisionWord | str],
    *,
    central: str | None = None,
    seed: int = 0,
    bag: bool = False,
    time_budget: float = 10.0,
    top_n: int = 10,
    progress: Progress | None = None,
    config: SearchConfig | None = None,
    lexicon_name: str | None = None,
    on_situation: SituationHook | None = None,
) -> TrainingGrid:
    """Build a CBIC training grid (see :mod:`engine.cbic.generator` for the construction).

    ``lexicon``: a compiled :class:`engine.gaddag.Gaddag`. ``words``: :class:`RevisionWord` or
    ``"WORD:SUPPORT"`` strings (support = a letter, any occurrence may serve, or a 0-based index).
    ``central``: the first word (chosen automatically when None). ``seed``: the same seed gives the
    same grid. ``bag``: keep tile counts within the language's bag, blanks where a letter runs out.
    ``time_budget``: wall-clock seconds for the construction (a safety net: node budgets normally
    stop it first). ``top_n``: best plays listed per situation (0 = skip the move generation).
    ``progress(percent, message)``: called with a non-decreasing percent, 100 at the end; ``message`` is a
    :class:`Message` (English text with ``code`` and ``params``).
    ``lexicon_name``: written as the ``lex`` operation of each situation's CGP.
    ``on_situation(placed)``: called with each :class:`PlacedWord` as soon as its situation is built, in step
    order (exactly the items of ``grid.placed``, in that order), before the next one is built. Why: a caller
    that stores situations (the web app) can offer situation 1 while the later ones are still being built
    instead of after the whole grid; a situation's position holds only the steps before it, so it is final
    when it is handed over. It is called once the construction has decided every step (the construction,
    not the situations' move generation, takes most of a grid's time). An exception it raises stops the
    grid and propagates to the caller.

    Raises :class:`CbicInputError` (a ``ValueError`` naming the word) for bad input.
    """
    if top_n < 0:
        raise ValueError(f"top_n must be >= 0, got {top_n}")
    if time_budget <= 0:
        raise ValueError(f"time_budget must be > 0 seconds, got {time_budget}")
    started = time.perf_counter()
    items = [RevisionWord.parse(w) if isinstance(w, str) else w for w in words]
    resolved = resolve_words(lexicon, items)
    central_word = resolve_central(lexicon, central) if central is not None else None
    if progress is not None:
        progress(1, Message(f"{len(resolved)} revision words checked", "cbic_words_checked", {"count": len(resolved)}))
    construction = build_grid(lexicon, resolved, central=central_word, seed=seed, bag=bag,
                              time_budget=time_budget, config=config, progress=progress)
    ops = {"lex": lexicon_name} if lexicon_name else None
    grid = _assemble(lexicon, construction, {w.order: w for w in resolved}, top_n, ops, progress, on_situation)
    grid.stats["seed"] = seed
    grid.stats["bag"] = bag
    grid.timings["seconds"] = round(time.perf_counter() - started, 4)
    if progress is not None:
        progress(100, Message(f"{len(grid.placed)}/{len(resolved)} words placed", "cbic_words_placed",
                              {"placed": len(grid.placed), "total": len(resolved)}))
    return grid
