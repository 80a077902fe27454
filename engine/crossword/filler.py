"""Filling a grid: node consistency, quality stages, word sources, sub-grids, checks, the result.

The order of events, and why:

1. Node consistency (seed 002, §4.1): each slot's domain is the lexicon's words of its length that
   match its prefilled letters (one AND per letter). A slot with no candidate asks the word sources
   (:class:`~engine.crossword.wordsource.WordSource`); still none is :class:`EmptyDomain`.
2. Quality: with ``min_score``, a slot first gets only the words scoring at least that much, unless
   that would leave it empty, in which case that slot alone gets every matching word (the threshold
   is relaxed only where a slot would be empty). If the grid is then proved unsolvable, the search is
   run again with no threshold: ``Unsolvable`` is only reported when it holds for the whole lexicon.
3. Sub-grids that share no cell are filled one after the other (the biggest first), each excluding
   the words already used. If exclusions make a later one unsolvable, the whole grid is searched as
   one problem, so that all-different never turns a solvable grid into a reported failure.
4. Every fill is checked before it is returned (all slots words, all distinct, crossings agree,
   prefilled letters kept): a failed check is a bug and raises ``AssertionError``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.alphabet import fold_word
from engine.crossword.clues import make_clue
from engine.crossword.domains import LengthIndex
from engine.crossword.errors import EmptyDomain, FillError, Timeout, Unsolvable
from engine.crossword.grid import Grid, parse_grid
from engine.crossword.solver import ProgressCallback, Search, SearchOptions, SearchStats, _Stop
from engine.crossword.wordsource import CrosswordLexicon, WordSource, matches_pattern


@dataclass(frozen=True)
class SlotAnswer:
    """One filled slot, in clue-list order (across by number, then down)."""

    key: str
    number: int
    direction: str
    row: int
    col: int
    length: int
    answer: str
    score: float


@dataclass
class FillResult:
    grid: Grid
    answers: list[SlotAnswer]
    rows: list[str]
    stats: dict[str, Any]

    @property
    def mean_score(self) -> float:
        return float(self.stats["mean_score"])

    def to_json(self, definitions: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The ``fill --json`` contract: grid rows, slots with clues, statistics."""
        return {
            "grid": self.rows,
            "slots": [{"number": a.number, "dir": a.direction, "row": a.row, "col": a.col,
                       "answer": a.answer, "clue": make_clue(a.answer, definitions),
                       "length": a.length, "score": a.score} for a in self.answers],
            "stats": self.stats,
        }


def verify_fill(grid: Grid, answers: Sequence[str], is_word: Any) -> list[str]:
    """Problems of a fill (empty when sound): non-words, repeats, crossings, prefilled letters."""
    problems = []
    seen: dict[str, str] = {}
    for slot, word in zip(grid.slots, answers, strict=True):
        if len(word) != slot.length:
            problems.append(f"{slot.key}: {word!r} does not have {slot.length} letters")
        if not is_word(word):
            problems.append(f"{slot.key}: {word!r} is not a word")
        if word in seen:
            problems.append(f"{slot.key}: {word!r} repeats {seen[word]}")
        seen[word] = slot.key
        if not matches_pattern(word, grid.pattern(slot)):
            problems.append(f"{slot.key}: {word!r} does not keep the prefilled {grid.pattern(slot)!r}")
    for x in grid.crossings:
        a, b = answers[x.a], answers[x.b]
        if len(a) > x.pos_a and len(b) > x.pos_b and a[x.pos_a] != b[x.pos_b]:
            problems.append(f"{grid.slots[x.a].key} and {grid.slots[x.b].key} disagree at their crossing")
    return problems


def fill_grid(grid: Grid | str | Sequence[str], lexicon: CrosswordLexicon, *, style: str = "fr",
              seed: int = 0, time_limit: float | None = None, min_score: float | None = None,
              max_backtracks: int | None = None, sources: Iterable[WordSource] = (),
              theme: Iterable[str] = (), progress: ProgressCallback | None = None,
              options: SearchOptions | None = None) -> FillResult:
    """Fill ``grid`` with words of ``lexicon``.

    ``grid`` is a parsed :class:`Grid` or grid text (parsed with ``style``). ``seed`` makes the fill
    reproducible; ``time_limit`` (seconds) raises :class:`Timeout`; ``max_backtracks`` raises
    :class:`BacktrackLimit`; ``theme`` words are placed first where they fit (added to the lexicon for
    this fill if missing); ``progress`` is called about twice a second with a dict of statistics
    (``stage``, ``seconds``, ``nodes``, ``backtracks``, ``restarts``, ``fixed``, ``slots``): a Celery task
    can report it, and may raise inside it to cancel. Raises :class:`Unsolvable` /
    :class:`EmptyDomain` only when proved.
    """
    if not isinstance(grid, Grid):
        grid = parse_grid(grid, style)
    opts = options or SearchOptions()
    opts = SearchOptions(**{**opts.__dict__, "seed": seed, "progress": progress or opts.progress,
                            "time_limit": time_limit if time_limit is not None else opts.time_limit,
                            "max_backtracks": (max_backtracks if max_backtracks is not None
                                               else opts.max_backtracks)})
    stats = SearchStats()
    deadline = stats.started + opts.time_limit if opts.time_limit is not None else None
    rng = random.Random(seed)

    indexes = {s.length: lexicon.index(s.length) for s in grid.slots}
    extra: set[str] = set()
    theme_words = _theme_words(theme)
    for word in theme_words:
        if word not in lexicon and len(word) in indexes:
            indexes[len(word)] = indexes[len(word)].extended([word], [lexicon.score(word)])
            extra.add(word)
    patterns = [grid.pattern(s) for s in grid.slots]
    for slot, pattern in zip(grid.slots, patterns, strict=True):
        ix = indexes[slot.length]
        if ix.pattern_mask(pattern):
            continue
        found = _ask_sources(sources, pattern)
        if found:
            indexes[slot.length] = ix.extended(found, [lexicon.score(w) for w in found])
            extra.update(found)
    full: dict[int, int] = {}
    for slot, pattern in zip(grid.slots, patterns, strict=True):
        full[slot.index] = indexes[slot.length].pattern_mask(pattern)
        if not full[slot.index]:
            raise EmptyDomain(slot.key, pattern, stats=_stats(stats, None))
    theme_masks: dict[int, int] = {}
    for word in theme_words:
        word_index = indexes.get(len(word))
        pos = word_index.position(word) if word_index else None
        if pos is not None:
            theme_masks[len(word)] = theme_masks.get(len(word), 0) | 1 << pos

    stages: list[tuple[str, dict[int, int]]] = []
    if min_score is not None:
        restricted = {}
        for slot in grid.slots:
            strict = full[slot.index] & indexes[slot.length].prefix_at_least(min_score)
            restricted[slot.index] = strict or full[slot.index]
        stages.append(("min_score", restricted))
        if restricted != full:
            stages.append(("lexicon", full))
    else:
        stages.append(("lexicon", full))

    weights: dict[int, float] = {}
    solution: dict[int, int] | None = None
    stage_used = ""
    for number, (stage, domains) in enumerate(stages):
        try:
            solution = _solve_components(grid, domains, indexes, opts, stats, weights, rng, deadline,
                                         theme_masks, stage)
            stage_used = stage
            break
        except Unsolvable as exc:
            if number + 1 == len(stages):
                raise Unsolvable(f"no fill exists: {exc}", stats=_stats(stats, None)) from None
        except _Stop as stop:
            partial = {grid.slots[g].key: indexes[grid.slots[g].length].words[w]
                       for g, w in stop.partial.items()}
            if stop.error_type is Timeout:
                raise Timeout(stats.seconds, opts.time_limit or 0.0, partial=partial,
                              stats=_stats(stats, None)) from None
            raise stop.error_type(stats.backtracks, opts.max_backtracks or 0, partial=partial,
                                  stats=_stats(stats, None)) from None
    assert solution is not None
    words = [indexes[s.length].words[solution[s.index]] for s in grid.slots]
    problems = verify_fill(grid, words, lambda w: w in lexicon or w in extra)
    if problems:  # pragma: no cover - a bug, never an expected outcome
        raise AssertionError("unsound fill: " + "; ".join(problems))
    answers = [SlotAnswer(s.key, s.number, s.direction, s.row, s.col, s.length, w,
                          indexes[s.length].scores[solution[s.index]])
               for s, w in zip(grid.slots, words, strict=True)]
    mean = sum(a.score for a in answers) / len(answers)
    out_stats = _stats(stats, mean)
    out_stats["stage"] = stage_used
    out_stats["components"] = len(grid.components())
    out_stats["theme_placed"] = sorted(w for w in theme_words if w in words)
    return FillResult(grid, answers, grid.filled_rows(words), out_stats)


def consistent_domains(grid: Grid | str | Sequence[str], lexicon: CrosswordLexicon, *,
                       style: str = "fr") -> dict[str, list[str]]:
    """Each slot's candidates after node consistency and AC-3 (with all-different on single words).

    The seed's phases 1 and 2 on their own: what the search starts from. Useful to show a user why a
    grid is hard (a slot left with three words) and to test propagation against a brute-force oracle.
    Raises :class:`EmptyDomain` when a pattern has no word, :class:`Unsolvable` when AC-3 empties one.
    """
    if not isinstance(grid, Grid):
        grid = parse_grid(grid, style)
    indexes = {s.length: lexicon.index(s.length) for s in grid.slots}
    domains = {}
    for slot in grid.slots:
        domains[slot.index] = indexes[slot.length].pattern_mask(grid.pattern(slot))
        if not domains[slot.index]:
            raise EmptyDomain(slot.key, grid.pattern(slot))
    search = Search(grid, range(len(grid.slots)), domains, indexes, SearchOptions(ac_limit=None),
                    SearchStats(), {},
                    random.Random(0), deadline=None)
    if search.propagate_all() is not None:
        raise Unsolvable("arc consistency empties a domain: no fill exists")
    return {grid.slots[g].key: indexes[grid.slots[g].length].words_of(search.dom[i])
            for i, g in enumerate(search.ids)}


def _stats(stats: SearchStats, mean: float | None) -> dict[str, Any]:
    d = stats.as_dict()
    d["mean_score"] = round(mean, 4) if mean is not None else None
    return d


def _theme_words(theme: Iterable[str]) -> list[str]:
    words = []
    for raw in theme:
        word = fold_word(raw)
        if not word.isascii() or not word.isalpha():
            raise ValueError(f"theme entry {raw!r} is not a word of letters A-Z")
        words.append(word)
    return list(dict.fromkeys(words))


def _ask_sources(sources: Iterable[WordSource], pattern: str) -> list[str]:
    """Words from the pluggable sources that really fit ``pattern`` (anything else is ignored)."""
    for source in sources:
        found = []
        for raw in source.words_for(pattern):
            word = fold_word(str(raw))
            if word.isascii() and word.isalpha() and matches_pattern(word, pattern):
                found.append(word)
        if found:
            return list(dict.fromkeys(found))
    return []


def _solve_components(grid: Grid, domains: dict[int, int], indexes: dict[int, LengthIndex],
                      opts: SearchOptions, stats: SearchStats, weights: dict[int, float],
                      rng: random.Random, deadline: float | None, theme: dict[int, int],
                      stage: str) -> dict[int, int]:
    components = sorted(grid.components(), key=len, reverse=True)
    if len(components) == 1:
        return Search(grid, components[0], domains, indexes, opts, stats, weights, rng,
                      deadline=deadline, theme=theme, stage=stage).run()
    solution: dict[int, int] = {}
    used: dict[int, int] = {}  # length -> bitset of words already used
    for comp in components:
        local = {}
        excluded = False
        for g in comp:
            length = grid.slots[g].length
            d = domains[g] & ~used.get(length, 0)
            excluded |= d != domains[g]
            local[g] = d
        try:
            part = Search(grid, comp, local, indexes, opts, stats, weights, rng, deadline=deadline,
                          theme=theme, stage=f"{stage}/sub-grid").run()
        except Unsolvable:
            if not excluded:
                raise  # this sub-grid alone has no fill: neither has the grid
            # Exclusions from earlier sub-grids might be the cause: search everything jointly.
            return Search(grid, range(len(grid.slots)), domains, indexes, opts, stats, weights, rng,
                          deadline=deadline, theme=theme, stage=f"{stage}/joint").run()
        for g, w in part.items():
            length = grid.slots[g].length
            used[length] = used.get(length, 0) | 1 << w
        solution.update(part)
    return solution


__all__ = ["FillError", "FillResult", "SlotAnswer", "consistent_domains", "fill_grid", "verify_fill"]
