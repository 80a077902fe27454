"""The CSP search: MAC with bitset domains, dom/wdeg, LCV mixed with quality, conflict-directed backjumping.

Model (seed 002): one variable per slot, its domain the lexicon's words of that length (a bitset, see
:mod:`.domains`), binary constraints where two slots share a cell, and all-different.

Propagation works on *cells*: each shared cell keeps the set of letters both of its slots still allow.
When a slot's domain shrinks, the letters it still supports at each of its crossing cells are
recomputed (one AND per letter still possible there); letters that disappeared are removed from the
crossing slot with one mask. Run to a fixpoint this is exactly arc consistency on the crossing
constraints (AC-3 with letter supports instead of word pairs). It runs in full before the search;
after each decision (MAC, which subsumes forward checking) it is *bounded*: a slot with more than
``ac_limit`` candidates is not revised, since such a domain nearly always still supports every letter
and revising it costs 26 big-int ANDs per crossing (sound, merely weaker; slots down to a few words
are always revised exactly). Small domains are scanned word by word rather than letter by letter.
All-different is enforced whenever a domain becomes a single word: that word leaves every other slot
of the same length.

Search: binary branching (``slot = word`` then, on failure, ``slot != word``), variable by smallest
domain over weighted degree (dom/wdeg: each wipe-out adds weight to the two slots involved, so slots
that keep failing are tried first; weights start at the degree, so early choices are MRV with the
degree as tie-break; slots crossing already-fixed words are favoured, which keeps the search in one
region so failures show early), value by least-constraining-value (sum of the logs of the support each
crossing keeps, the FC-LCV of the seeds) plus word quality, among the best candidates. The quality
weight shrinks at each restart: easy grids get the best words, hard grids get filled.

Every domain pruning records the decision levels it depends on (a bitmask: ``conf``); a wipe-out's
conflict set is the union for the two slots involved. On failure the search jumps straight back to the
deepest level in the conflict set and refutes that decision with the rest of the set as explanation
(conflict-directed backjumping, FC-CBJ in the seeds' words). A conflict set that is empty is a proof
that the grid has no fill: only then is :class:`Unsolvable` raised. Everything undoes through one
trail of ``(list, index, old value)``: nothing is ever copied.

The classical algorithms of the seed's report are the same search with less propagation, for
comparison (``fill --algorithm``, ``fill-compare``): ``bt`` checks each new word only against the words
already placed across it (chronological backtracking), ``fc`` also removes from every crossing slot
the words that no longer fit (forward checking), ``fc-cbj`` adds conflict-directed backjumping, and
``mac`` (the default) is everything above. Variable order (``static``, ``mrv``, ``mrv-degree``,
``domwdeg``) and value order (``mixed``, ``lcv``, ``quality``, ``alpha``) are independent knobs.

Restarts with a growing backtrack budget (the learned weights and the refutations proved at the root
survive them), a seeded random generator (jitter in both orderings) for reproducible, varied fills,
and a clock checked at every node.

Hard grids (measured with the expanded French Hunspell list, ``bench/fill.py``): generated French
patterns fill in well under a second up to 21x21, and so do the lab's random grids since their black
cells are spread (``engine.crossword.patterns.random_pattern``). Grids with stacks of long slots (three
full 15-letter rows, or a mesh of 12-15 letter rows and columns, as uniform random draws left) are
hard rather than unfillable: each half fills in under a second, but the long slots must fit both
halves at once and the search needs about 10^5 nodes, where 10 s of pure Python gives about 7,000;
nearly every decision in that region fails at once (conflict sets span the whole region, so
backjumps are rare). Other variable orders (log of the domain over open crossings, constraint-weighted
dom/wdeg with ageing), wider random value sampling, singleton look-ahead on candidates,
letter-by-letter branching, full AC and other restart schedules were tried on them and filled no
more.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.crossword.domains import ALL_LETTERS, LengthIndex
from engine.crossword.errors import BacktrackLimit, Timeout, Unsolvable
from engine.crossword.grid import Grid

ProgressCallback = Callable[[dict[str, Any]], None]

ALGORITHMS: dict[str, tuple[str, bool]] = {
    "bt": ("none", False),
    "fc": ("fc", False),
    "fc-cbj": ("fc", True),
    "mac": ("mac", True),
}
"""Algorithm name -> (propagation after each decision, conflict-directed backjumping)."""
HEURISTICS = ("domwdeg", "mrv", "mrv-degree", "static")
VALUE_ORDERS = ("mixed", "lcv", "quality", "alpha")
PROPAGATIONS = ("none", "fc", "mac")


@dataclass
class SearchOptions:
    """Knobs of the search. The defaults are the tuned ones (see ``bench/fill.py``)."""

    seed: int = 0
    time_limit: float | None = None
    max_backtracks: int | None = None
    # Variable order: "domwdeg", "mrv" (smallest domain), "mrv-degree" (then most crossings), "static"
    # (a fixed order where each slot crosses as many earlier ones as possible).
    heuristic: str = "domwdeg"
    backjumping: bool = True
    # After each decision: "mac" (arc consistency), "fc" (forward checking: only the crossings of the
    # slot just fixed) or "none" (the new word is only checked against words already placed).
    propagation: str = "mac"
    # Value order: "mixed" (least constraining value plus quality), "lcv", "quality", "alpha".
    values: str = "mixed"
    # Prefer slots crossing already-fixed words (keeps the search in one region, so failures show
    # early and stay local): the dom/wdeg key is divided by 1 + locality * fixed crossings.
    locality: float = 0.3
    restart_base: int = 64
    restart_growth: float = 1.5
    candidates: int = 24
    quality_weight: float = 1.0
    # Each restart multiplies the quality weight by this: easy grids get the best words, hard grids
    # shift towards pure least-constraining-value, which fills more.
    quality_decay: float = 0.3
    value_jitter: float = 0.5
    var_jitter: float = 0.05
    # Bounded propagation: a slot with more candidates than this is not revised (its letters are
    # almost surely all still supported; skipping it is sound, only weaker). None: full AC.
    ac_limit: int | None = 500
    progress: ProgressCallback | None = None
    progress_interval: float = 0.5

    def __post_init__(self) -> None:
        if self.heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {self.heuristic!r}; expected one of {', '.join(HEURISTICS)}")
        if self.propagation not in PROPAGATIONS:
            raise ValueError(f"unknown propagation {self.propagation!r}; expected one of {', '.join(PROPAGATIONS)}")
        if self.values not in VALUE_ORDERS:
            raise ValueError(f"unknown value order {self.values!r}; expected one of {', '.join(VALUE_ORDERS)}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise ValueError(f"time limit must be positive, got {self.time_limit!r}")
        if self.max_backtracks is not None and self.max_backtracks < 0:
            raise ValueError(f"max_backtracks must be >= 0, got {self.max_backtracks!r}")
        if self.restart_base < 1 or self.restart_growth < 1:
            raise ValueError("restart_base must be >= 1 and restart_growth >= 1")
        if self.ac_limit is not None and self.ac_limit < 1:
            raise ValueError(f"ac_limit must be >= 1 or None, got {self.ac_limit!r}")
        if not 0 <= self.quality_decay <= 1:
            raise ValueError(f"quality_decay must be between 0 and 1, got {self.quality_decay!r}")
        if self.locality < 0:
            raise ValueError(f"locality must be >= 0, got {self.locality!r}")
        if self.candidates < 1:
            raise ValueError("candidates must be >= 1")


    @classmethod
    def for_algorithm(cls, algorithm: str, **changes: Any) -> SearchOptions:
        """The options of one of :data:`ALGORITHMS` (``"bt"``, ``"fc"``, ``"fc-cbj"``, ``"mac"``)."""
        if algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {algorithm!r}; expected one of {', '.join(ALGORITHMS)}")
        propagation, backjumping = ALGORITHMS[algorithm]
        return cls(**{"propagation": propagation, "backjumping": backjumping, **changes})

    @property
    def algorithm(self) -> str:
        """The name of the algorithm these options amount to (``"mac"`` for MAC without backjumping too)."""
        for name, (propagation, backjumping) in ALGORITHMS.items():
            if (propagation, backjumping) == (self.propagation, self.backjumping):
                return name
        return f"{self.propagation}{'-cbj' if self.backjumping else ''}"


@dataclass
class SearchStats:
    nodes: int = 0
    backtracks: int = 0
    backjumps: int = 0
    restarts: int = 0
    started: float = field(default_factory=time.monotonic)

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started

    def as_dict(self) -> dict[str, Any]:
        return {"seconds": round(self.seconds, 4), "nodes": self.nodes, "backtracks": self.backtracks,
                "backjumps": self.backjumps, "restarts": self.restarts}


class _Stop(Exception):
    """Internal: the clock or the backtrack budget ran out (turned into the public error by the caller)."""

    def __init__(self, error_type: type, partial: dict[int, int]) -> None:
        self.error_type = error_type
        self.partial = partial


class Search:
    """One CSP over some slots of a grid (a connected sub-grid, or all of it).

    ``domains`` maps each slot index to its initial bitset (node consistency already applied),
    ``indexes`` maps each length to its :class:`LengthIndex`; ``weights`` (slot index -> weight) is
    shared with later searches so that learned weights survive restarts and stages.
    """

    def __init__(self, grid: Grid, slot_ids: Sequence[int], domains: dict[int, int],
                 indexes: dict[int, LengthIndex], options: SearchOptions, stats: SearchStats,
                 weights: dict[int, float], rng: random.Random, *, deadline: float | None,
                 theme: dict[int, int] | None = None, stage: str = "") -> None:
        self.grid = grid
        self.ids = list(slot_ids)
        local = {g: i for i, g in enumerate(self.ids)}
        m = len(self.ids)
        self.m = m
        self.ix: list[LengthIndex] = [indexes[grid.slots[g].length] for g in self.ids]
        self.dom: list[int] = [domains[g] for g in self.ids]
        self.conf: list[int] = [0] * m
        self.opts = options
        self.stats = stats
        self.weights = weights
        for g in self.ids:
            weights.setdefault(g, 0.0)
        self.rng = rng
        self.deadline = deadline
        self.stage = stage
        self.quality_weight = options.quality_weight
        self.ac_limit = options.ac_limit if options.ac_limit is not None else 1 << 62
        # Crossings inside this sub-grid, as (pos in s, t, pos in t, cell id).
        self.nbrs: list[list[tuple[int, int, int, int]]] = [[] for _ in range(m)]
        cells = 0
        for x in grid.crossings:
            if x.a in local and x.b in local:
                a, b = local[x.a], local[x.b]
                self.nbrs[a].append((x.pos_a, b, x.pos_b, cells))
                self.nbrs[b].append((x.pos_b, a, x.pos_a, cells))
                cells += 1
        self.cellset: list[int] = [ALL_LETTERS] * cells
        self.degree = [len(n) for n in self.nbrs]
        by_len: dict[int, list[int]] = {}
        for i, g in enumerate(self.ids):
            by_len.setdefault(grid.slots[g].length, []).append(i)
        self.same_len: list[list[int]] = [[t for t in by_len[grid.slots[g].length] if t != i]
                                          for i, g in enumerate(self.ids)]
        self.trail: list[tuple[list[int], int, int]] = []
        # Theme words: length -> bitset of word indices to place first.
        self.theme = theme or {}
        self.theme_words = sorted(((length, 1 << i) for length, mask in self.theme.items()
                                   for i in _bits(mask)), key=lambda lb: -lb[0])
        self.static_order = self._static_order() if options.heuristic == "static" else []
        self._alpha_rank: dict[int, list[int]] = {}

    def _static_order(self) -> list[int]:
        """Each next slot crosses as many already ordered slots as possible (ties: longer, then first):
        the classical static order, so a plain backtracking search checks every word as early as it can."""
        order: list[int] = []
        placed = [False] * self.m
        links = [0] * self.m
        for _ in range(self.m):
            s = max((t for t in range(self.m) if not placed[t]),
                    key=lambda t: (links[t], self.ix[t].length, self.degree[t], -t))
            placed[s] = True
            order.append(s)
            for _p, t, _q, _c in self.nbrs[s]:
                links[t] += 1
        return order

    # -- state changes ------------------------------------------------------------------------------

    def _undo(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            arr, i, old = trail.pop()
            arr[i] = old

    def _propagate(self, queue: list[int]) -> int | None:
        """Propagate the changes of the slots in ``queue`` as the options say; the conflict set on a
        failure (a bitmask of decision levels), else None."""
        if self.opts.propagation == "mac":
            return self._propagate_ac(queue)
        return self._forward(queue)

    def _forward(self, queue: list[int]) -> int | None:
        """Forward checking (``fc``) or plain checks (``none``) from the slots of ``queue`` down to one word.

        A slot fixed to one word is checked against the crossing slots already fixed (and, for
        all-different, against the fixed slots of its length); with ``fc`` it also removes from every
        open crossing slot the words without its letter there, and a crossing slot left with one word
        acts in turn. Nothing else is revised: that is the difference with arc consistency.
        """
        dom, conf, trail, ix, nbrs, same_len = self.dom, self.conf, self.trail, self.ix, self.nbrs, self.same_len
        prune = self.opts.propagation == "fc"
        head = 0
        while head < len(queue):
            s = queue[head]
            head += 1
            d = dom[s]
            if not d or d & (d - 1):
                continue  # only a slot down to one word acts
            cs = conf[s]
            for t in same_len[s]:
                dt = dom[t]
                if not dt & d:
                    continue
                if dt == d:
                    self._bump(s, t)
                    return cs | conf[t]
                if prune:
                    trail.append((dom, t, dt))
                    trail.append((conf, t, conf[t]))
                    dt ^= d
                    dom[t] = dt
                    conf[t] |= cs
                    if not dt & (dt - 1):
                        queue.append(t)
            word = ix[s].codes[d.bit_length() - 1]
            for p, t, q, _c in nbrs[s]:
                dt = dom[t]
                allowed = ix[t].masks[q][word[p]]
                if not dt & (dt - 1):
                    if not dt & allowed:
                        self._bump(s, t)
                        return cs | conf[t]
                    continue
                if prune:
                    keep = dt & allowed
                    if keep != dt:
                        trail.append((dom, t, dt))
                        trail.append((conf, t, conf[t]))
                        dom[t] = keep
                        conf[t] |= cs
                        if not keep:
                            self._bump(s, t)
                            return conf[t]
                        if not keep & (keep - 1):
                            queue.append(t)
        return None

    def _propagate_ac(self, queue: list[int]) -> int | None:
        """Run to the AC fixpoint from the slots in ``queue``; the conflict set on a wipe-out, else None."""
        dom, conf, cellset, trail, ix, nbrs = self.dom, self.conf, self.cellset, self.trail, self.ix, self.nbrs
        same_len = self.same_len
        ac_limit = self.ac_limit
        queued = [False] * self.m
        for s in queue:
            queued[s] = True
        head = 0
        while head < len(queue):
            s = queue[head]
            head += 1
            queued[s] = False
            d = dom[s]
            cs = conf[s]
            if not d & (d - 1):
                # A single word left: all-different removes it from the other slots of its length.
                for t in same_len[s]:
                    dt = dom[t]
                    if dt & d:
                        trail.append((dom, t, dt))
                        trail.append((conf, t, conf[t]))
                        dom[t] = dt ^ d
                        conf[t] |= cs
                        if dt == d:
                            self._bump(s, t)
                            return conf[t]
                        if not queued[t]:
                            queued[t] = True
                            queue.append(t)
            size = d.bit_count()
            if size > ac_limit:
                continue  # bounded propagation: a huge domain almost surely still supports its letters
            masks_s = ix[s].masks
            # A small domain is cheaper to read word by word than letter by letter.
            words = _members(d) if size <= SPARSE else None
            codes_s = ix[s].codes
            for p, t, q, c in nbrs[s]:
                old = cellset[c]
                # Letters still supported by s at p, looking only at the cell's current letters.
                if words is not None:
                    new = 0
                    for i in words:
                        new |= 1 << codes_s[i][p]
                    new &= old
                else:
                    masks = masks_s[p]
                    among = old
                    new = 0
                    while among:
                        low = among & -among
                        if d & masks[low.bit_length() - 1]:
                            new |= low
                        among ^= low
                if new == old:
                    continue
                trail.append((cellset, c, old))
                cellset[c] = new
                removed = old ^ new
                masks_t = ix[t].masks[q]
                drop = 0
                while removed:
                    low = removed & -removed
                    drop |= masks_t[low.bit_length() - 1]
                    removed ^= low
                dt = dom[t]
                hit = dt & drop
                if hit:
                    trail.append((dom, t, dt))
                    trail.append((conf, t, conf[t]))
                    dt ^= hit  # three times faster than dt & ~drop on big ints
                    dom[t] = dt
                    conf[t] |= cs
                    if not dt:
                        self._bump(s, t)
                        return conf[t]
                    if not queued[t]:
                        queued[t] = True
                        queue.append(t)
        return None

    def propagate_all(self) -> int | None:
        """Node-consistent domains to the AC fixpoint (before any decision); conflict set or None."""
        return self._propagate_ac(list(range(self.m)))

    def _bump(self, s: int, t: int) -> None:
        self.weights[self.ids[s]] += 1.0
        self.weights[self.ids[t]] += 1.0

    # -- heuristics ---------------------------------------------------------------------------------

    def _select(self) -> int | None:
        """dom/wdeg (or MRV + degree): the open slot most likely to fail, or None when all are fixed."""
        dom, weights, ids, degree = self.dom, self.weights, self.ids, self.degree
        best = None
        best_key = math.inf
        jitter = self.opts.var_jitter
        rnd = self.rng.random
        heuristic = self.opts.heuristic
        if heuristic == "static":
            for s in self.static_order:
                d = dom[s]
                if d & (d - 1):
                    return s
            return None
        domwdeg = heuristic == "domwdeg"
        by_degree = heuristic == "mrv-degree"
        locality, nbrs = self.opts.locality, self.nbrs
        for s in range(self.m):
            d = dom[s]
            if not d & (d - 1):
                continue
            size = d.bit_count()
            if domwdeg:
                key = size / (1.0 + degree[s] + weights[ids[s]]) * (1.0 + jitter * rnd())
                if locality:
                    fixed = 0
                    for _p, t, _q, _c in nbrs[s]:
                        dt = dom[t]
                        if not dt & (dt - 1):
                            fixed += 1
                    key /= 1.0 + locality * fixed
            elif by_degree:  # MRV, ties by degree, then at random
                key = size - (degree[s] + jitter * rnd()) / 100.0
            else:  # MRV, ties at random
                key = size - jitter * rnd() / 100.0
            if key < best_key:
                best_key = key
                best = s
        return best

    def _theme_choice(self) -> tuple[int, int] | None:
        """The next theme word to place and where: longest first, in its most constrained slot."""
        for length, bit in self.theme_words:
            if any(self.dom[s] == bit for s in range(self.m) if self.ix[s].length == length):
                continue  # already placed
            best = None
            best_size = math.inf
            for s in range(self.m):
                d = self.dom[s]
                if self.ix[s].length == length and d & bit and d & (d - 1):
                    size = d.bit_count()
                    if size < best_size:
                        best, best_size = s, size
            if best is not None:
                return best, bit.bit_length() - 1
        return None

    def _choose(self, s: int) -> int:
        """Value ordering: least constraining value (log supports of the crossings) plus quality."""
        d = self.dom[s]
        ix = self.ix[s]
        opts = self.opts
        cands: list[int] = []
        theme = self.theme.get(ix.length, 0) & d
        if theme:
            cands = list(_bits(theme))[: opts.candidates]
        if opts.values == "alpha" and not cands:
            rank = self._alpha_ranks(s)
            return min(_members(d), key=rank.__getitem__)
        rest = d & ~theme
        while rest and len(cands) < opts.candidates:
            low = rest & -rest
            cands.append(low.bit_length() - 1)
            rest ^= low
        if len(cands) == 1:
            return cands[0]
        entries = []
        dom, cellset = self.dom, self.cellset
        codes = ix.codes
        for p, t, q, c in self.nbrs[s] if opts.values in ("mixed", "lcv") else ():
            dt = dom[t]
            if not dt & (dt - 1):
                continue
            masks = self.ix[t].masks[q]
            counts = [0] * 26
            among = 0
            for i in cands:  # only the letters the candidates put there
                among |= 1 << codes[i][p]
            among &= cellset[c]
            while among:
                low = among & -among
                code = low.bit_length() - 1
                counts[code] = (dt & masks[code]).bit_count()
                among ^= low
            entries.append((p, [math.log(n) if n else -1e9 for n in counts]))
        scores = ix.scores
        # "quality" keeps its weight through restarts (it is the only criterion); "mixed" lets it decay.
        qw = {"lcv": 0.0, "quality": opts.quality_weight}.get(opts.values, self.quality_weight)
        jitter, rnd = opts.value_jitter, self.rng.random
        best = cands[0]
        best_score = -math.inf
        for i in cands:
            word = codes[i]
            score = qw * scores[i] + jitter * rnd()
            for p, logs in entries:
                score += logs[word[p]]
            if theme >> i & 1:
                score += 1e6
            if score > best_score:
                best, best_score = i, score
        return best

    def _alpha_ranks(self, s: int) -> list[int]:
        """Word index -> alphabetical rank, for the ``alpha`` value order (built once per length)."""
        ix = self.ix[s]
        rank = self._alpha_rank.get(ix.length)
        if rank is None or len(rank) != len(ix.words):
            rank = [0] * len(ix.words)
            for r, i in enumerate(sorted(range(len(ix.words)), key=ix.words.__getitem__)):
                rank[i] = r
            self._alpha_rank[ix.length] = rank
        return rank

    # -- the search ----------------------------------------------------------------------------------

    def partial(self) -> dict[int, int]:
        """Global slot index -> word index for every slot down to one word."""
        return {g: self.dom[i].bit_length() - 1 for i, g in enumerate(self.ids)
                if self.dom[i] and not self.dom[i] & (self.dom[i] - 1)}

    def run(self) -> dict[int, int]:
        """Global slot index -> word index of a complete fill; raises Unsolvable or _Stop."""
        stats, opts = self.stats, self.opts
        if any(d == 0 for d in self.dom):
            raise Unsolvable("a slot has no candidate word")
        if opts.propagation == "mac":
            # Full arc consistency once before the search (AC-3); bounded propagation after decisions.
            bounded, self.ac_limit = self.ac_limit, 1 << 62
            if self.propagate_all() is not None:
                raise Unsolvable("propagation before the search (AC-3) proves there is no fill")
            self.ac_limit = bounded
        elif self._forward([s for s in range(self.m) if not self.dom[s] & (self.dom[s] - 1)]) is not None:
            raise Unsolvable("the words fixed before the search already clash")
        levels: list[tuple[int, int, int]] = []
        limit = float(opts.restart_base)
        run_backtracks = 0
        next_report = time.monotonic() + opts.progress_interval
        dom, conf, trail = self.dom, self.conf, self.trail
        while True:
            now = time.monotonic()
            if self.deadline is not None and now >= self.deadline:
                raise _Stop(Timeout, self.partial())
            if opts.progress is not None and now >= next_report:
                next_report = now + opts.progress_interval
                opts.progress({"stage": self.stage, **stats.as_dict(),
                               "fixed": sum(1 for d in dom if not d & (d - 1)), "slots": self.m})
            choice = self._theme_choice() if self.theme_words else None
            if choice is None:
                s = self._select()
                if s is None:
                    return self.partial()
                v = self._choose(s)
            else:
                s, v = choice
            stats.nodes += 1
            levels.append((s, v, len(trail)))
            k = len(levels)
            trail.append((dom, s, dom[s]))
            trail.append((conf, s, conf[s]))
            dom[s] = 1 << v
            conf[s] |= 1 << k
            conflict = self._propagate([s])
            while conflict is not None:
                stats.backtracks += 1
                run_backtracks += 1
                if opts.max_backtracks is not None and stats.backtracks > opts.max_backtracks:
                    raise _Stop(BacktrackLimit, self.partial())
                if not conflict:
                    raise Unsolvable("the search refuted every possibility")
                depth = len(levels)
                h = conflict.bit_length() - 1 if opts.backjumping else depth
                stats.backjumps += depth - h
                x, value, mark = levels[h - 1]
                self._undo(mark)
                del levels[h - 1:]
                # Refute x = value at level h-1, explained by the rest of the conflict set.
                explanation = conflict & ~(1 << h) if opts.backjumping else (1 << h) - 2
                trail.append((dom, x, dom[x]))
                trail.append((conf, x, conf[x]))
                dom[x] &= ~(1 << value)
                conf[x] |= explanation
                if not dom[x]:
                    conflict = conf[x]
                    continue
                conflict = self._propagate([x])
            if run_backtracks >= limit:
                stats.restarts += 1
                run_backtracks = 0
                limit *= opts.restart_growth
                self.quality_weight *= opts.quality_decay
                if levels:
                    self._undo(levels[0][2])
                    levels.clear()


SPARSE = 32
"""Domains of at most this many words are scanned word by word (see ``_propagate``)."""


def _members(mask: int) -> list[int]:
    """Indices of the set bits, found by the C-speed ``bin``/``find`` instead of one big-int op each."""
    text = bin(mask)[:1:-1]
    out = []
    i = text.find("1")
    while i >= 0:
        out.append(i)
        i = text.find("1", i + 1)
    return out


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
