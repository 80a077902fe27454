"""The CBIC construction: never place a word in isolation, and backtrack when greed gets stuck.

Why this shape (seed 000, and past its limits):

* every step is a legal play through ONE board tile, so the grid is connected and legal by
  construction, and each revision word crosses the board exactly at its support letter;
* words are pre-ordered by difficulty (rare support letters, few support choices, long words first);
  at each search node the word with the fewest placements goes next (fail-first), while a word with
  none waits, since a later word may bring its support letter;
* the chosen word's placements are ranked by the seed's unified score (:mod:`engine.cbic.scoring`),
  the best ``lookahead`` are played out one step and re-ranked by the room they leave the other
  words, and ``branch`` of them are tried depth first;
* when no remaining word can move, a helper word (:mod:`engine.cbic.helpers`) that unblocks the most
  of them is played (random short words holding a needed letter first, then words aimed at open
  spots), else the search backtracks; the first restarts cap the helpers at 2, 3, 4 words;
* a search that spends its node budget restarts with the next central word candidate or another
  position of the central word, and another seeded tie-break; the best grid found (most revision
  words placed, then fewest helpers) is kept, completed greedily; words still out get a reason;
* a word a restart could not place goes first in the next restarts (as soon as it has a placement,
  while the board is still open), and restarts go on past the planned ones, cycling central words
  and starts with fresh seeds, until every word is placed or the time budget is spent: a set is
  never given up while time is left (measured in ``bench/cbic.py``);
* boards whose top is the list word (``weights.top`` > 0): a situation is the board before its word with
  the word's tiles as the rack, and the learner's best answer should be the list word. Whether a play is
  the top is one bounded question to the move generator (:func:`engine.scrabble.movegen.beats`: does any
  play of the rack score more?). A placement that scores the board's top gets ``weights.top`` in the
  ranking and the look-ahead; at a search node, words that can score the top now go first; once the search
  has a complete grid with misses (situations whose top is another play), it goes on for ``top_nodes``
  more nodes after one with fewer, cutting branches with as many (branch and bound); for racks shorter
  than a bingo (``top_helpers``), where no word can score the top, a helper word comes first: aimed at a
  double or triple word square (a support letter brought where the word spans it), or laid on a square of
  the play that beats the word (``top_blocks``: that hot spot closed), kept only when a word then scores
  the top; a finished grid is laid again in the order where the most revision words score their
  top (:mod:`engine.cbic.sequence`), then words nothing later goes through are moved to where they score
  their top (``repair_tries``); and ``top_restarts`` more restarts, while the share is under
  ``top_target``, keep the grid with the most such situations (``stats["list_word_tops"]``), and stop after
  ``top_patience`` in a row without a better one; a search takes at once a complete grid that reaches
  ``top_target``; whether a play is the top is remembered per board and rack (:meth:`Builder.beaten_on`). Share and
  time measured in ``bench/cbic.py`` (``word = top %``); the tops shown are always the move generator's,
  exact;
* bag mode (:mod:`engine.cbic.bagbound`): the tiles the remaining racks need are known exactly; a
  state, a central word or a helper that leaves them short is cut, and words the bag can never hold
  together are left out up front (``stats["bag_dropped"]``).

:data:`GREEDY` is the seed's plain greedy algorithm (the best placement over every word each round
with the seed's weights, no backtracking, no helper, stop when stuck): the benchmark's baseline.

Determinism: the result is a function of the input and ``seed`` — all choices go through seeded
random generators and node budgets — as long as the wall-clock ``time_budget`` is not what stopped
the search (``stats["stopped_by_time"]`` says so).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.alphabet import Alphabet
from engine.cbic.bagbound import BagBound, bag_shortfall
from engine.cbic.central import central_candidates
from engine.cbic.errors import CbicInputError, Message
from engine.cbic.helpers import blocking_helpers, helper_words, targeted_helpers
from engine.cbic.placements import (
    Candidate,
    WordCheck,
    candidates_through,
    central_placement,
    counts_after,
    placements_through,
    refusal_text,
)
from engine.cbic.scoring import SEED_WEIGHTS, Demand, Weights, unified_score
from engine.cbic.sequence import prefix_before, relocations, resequence, with_helper_before
from engine.cbic.situations import training_rack
from engine.cbic.state import CENTRAL, HELPER, REVISION, Bag, GridState, Placement, Step
from engine.cbic.words import ResolvedWord
from engine.scrabble.board import CENTER, HORIZONTAL, LETTER_MULTIPLIERS, SIZE, WORD_MULTIPLIERS, Board
from engine.scrabble.cgp import Position
from engine.scrabble.movegen import beats, top_moves
from engine.scrabble.scoring import BINGO_TILES, Move

Progress = Callable[[int, str], None]


@dataclass(frozen=True)
class SearchConfig:
    """How hard the construction tries. The defaults aim at < 1 s for 10 words on a full lexicon."""

    weights: Weights = field(default_factory=Weights)
    backtracking: bool = True
    branch: int = 3
    """Placements tried per word at a search node (best first)."""
    node_budget: int = 300
    """Search nodes per restart, per revision word. Most sets need far fewer; the sets of 7-letter words
    from the likeliest racks need a deep search for boards whose top is the list word (``bench/cbic_starter.py``:
    with 60, and ``top_nodes`` 40, 66 % of list-word tops; with 300 and 300, 79 %)."""
    restarts: int = 16
    """Planned restarts; while words are still out and time is left, more follow (see ``spend_budget``)."""
    spend_budget: bool = True
    """Keep restarting (cycling central words and starts, fresh seeds, failed words first) until every word
    is placed or ``time_budget`` is spent, instead of giving up after the planned restarts (when helper
    words are on: without them, more restarts only reshuffle ties)."""
    lookahead: int = 6
    """Best placements played out one step to measure the room they leave (1 = no look-ahead)."""
    helpers: int = 8
    """Most helper words in one grid."""
    top_restarts: int = 40
    """More restarts once a grid places every word, while some of its situations' top is another play than
    the list word (``weights.top`` > 0): the grid with the most situations whose top is the list word is
    kept. A count, not seconds, so that a seed gives the same grid on every machine (the time budget still
    bounds the whole). Most sets stop long before (``top_target``, ``top_patience``); the sets of 7-letter
    words that need them gain most (``bench/cbic.py``: 72 % of list-word tops with 8, 82 % with 40)."""
    top_target: float = 0.9
    """The share of situations whose top is the list word at which the ``top_restarts`` stop (1.0: only when
    every one is). Above the 80 % wanted (``top_goal``), so that the average lands above it rather than on
    it: a set stops as soon as it reaches the target."""
    top_goal: float = 0.8
    """The share wanted: once a set's best grid reaches it, the ``top_restarts`` stop after ``top_patience_met``
    restarts in a row without a better grid instead of ``top_patience``. Why: with the deep search (``node_budget``,
    ``top_nodes``) most sets of 7-letter words reach 80 % and few go further; a long patience then only
    doubled their time (``bench/cbic_starter.py``: 16 s a grid instead of 8 for the same share)."""
    top_patience_met: int = 3
    """``top_patience`` once the best grid reaches ``top_goal`` (0: no such stop)."""
    top_patience: int = 16
    """The ``top_restarts`` also stop after this many in a row that found no grid with more situations whose
    top is the list word (0: no such stop): a set whose share stays under ``top_target`` after many restarts
    rarely reaches it with more, and those sets were the slowest ones. A small patience (3) stopped the
    7-letter sets too early: their grids improve by one situation every few restarts."""
    top_nodes: int = 300
    """Search nodes spent, once a complete grid is found with situations whose top is another play, looking
    for one with fewer (branch and bound in :meth:`Builder.search`); 0 stops at the first complete grid."""
    top_helpers: int = 5
    """Helper words the search may add, beyond its cap, where no remaining word can score the top of the
    board, for words whose rack is shorter than a bingo, and a bingo's with ``top_help_bingos``
    (:meth:`Builder.top_helpers`, :meth:`Builder.helped`); 0 turns them off."""
    top_helper_room: int = 6
    """More helper words than ``helpers`` for sets with a word the top helpers serve (:meth:`Builder.helped`): a set
    of 10 words of 7 letters takes 6-7 helpers to bring its support letters, which left the top helpers and
    the searches after them little room under a cap of 8 (``bench/cbic.py``: 7-letter words, 66 % of list-word
    tops with the room for top helpers alone, 76 % with it for every helper, on the same 16 sets). The starter
    list of 7-letter words, whose grids often end at the cap, gains with 6 and ``top_blocks`` 45
    (``bench/cbic_starter.py``, seeds 5-8: 78.6 % of list-word tops with 4 and 30, 80.2 % with 6 and 45)."""
    top_blocks: int = 45
    """Helper placements per :meth:`Builder.top_helpers` call laid on a square of the play that beats a list
    word (:func:`engine.cbic.helpers.blocking_helpers`: that hot spot closed); 0 turns them off. Fewer cost
    tops (15: 74.2 % on the 7-letter starter list, seed 5), more bring nothing (60, 90: 77.5 %, 79.2 %)."""
    top_block_words: int = 3
    """Remaining words whose beating play is looked for (one move generation each) per such call."""
    top_help_bingos: bool = True
    """Top helpers, blocks and room for racks of a bingo too (8-letter words), not only shorter ones. Why: for
    random 8-letter words the bingo's bonus makes the list word the top of most boards already, but the
    starter lists' likeliest words (AEINRST...) make many bingos, and another one on a word multiplier beats
    the list word (``bench/cbic_starter.py --length 8``: 54 % of list-word tops without, 82 % with, at about
    ten times the CPU: 1.6 -> 15 s a grid)."""
    repair_tries: int = 4
    """Relocated grids judged per revision word whose top is another play (:meth:`Builder.repaired`); 0 turns
    the repair off."""
    reorder_tries: int = 6
    """Orders tried when laying a finished grid again (:mod:`engine.cbic.sequence`): the construction's
    ties first, then seeded random ones."""
    helper_caps: tuple[int, ...] = (2, 3, 4)
    """Helper limits of the first restarts' searches (then ``helpers``): a low cap first makes the
    search backtrack for a grid with fewer helper words before it settles for more; once a restart
    has left a word out, the next ones get the full ``helpers``. Caps under ``low_cap_floor`` are raised to it."""
    low_cap_floor: float = 0.5
    """The lowest helper cap, per revision word, minus one (10 words: 4; 6 words and fewer: 2): a search capped
    lower than what a set of that size needs (10 words of 8 letters take 4-5 helper words) spends its whole
    node budget failing; the first restarts of 10-word sets went mostly to that."""
    helper_tries: int = 30
    """Helper words drawn when the search is stuck."""
    helper_rounds: int = 3
    """Fresh draws of helper words while none of the drawn ones helps."""
    helper_branch: int = 2
    """Best helpers explored (depth first) when the search is stuck."""
    central_choices: int = 4
    """Automatic central word candidates cycled through by the restarts."""
    distinct_racks: bool = False
    """One grid never asks the same rack twice (:attr:`GridState.racks`): the second situation would be answered
    from memory of the first, not found. The web app asks it (``training.grids.cbic``), after keeping one list word
    per rack; off by default because the seed's own example breaks it (BACCARAT through T and BACCARAS through S
    both leave AAABCCR)."""


GREEDY = SearchConfig(weights=SEED_WEIGHTS, backtracking=False, helpers=0, restarts=1, central_choices=1,
                      lookahead=1, spend_budget=False)


def _board(cells: Sequence[str]) -> Board:
    """A :class:`Board` of a grid state's cells without checking each square again: the state holds tiles
    laid by legal plays only, and the check was a tenth of each ``beats`` question's cost."""
    board = Board.__new__(Board)
    board.cells = list(cells)
    return board


def _new_squares(cells: Sequence[str], move: Move) -> tuple[int, ...]:
    """The empty squares of ``cells`` that ``move``'s main word covers (where its new tiles go)."""
    step = 1 if move.dir == "H" else SIZE
    first = move.row * SIZE + move.col
    return tuple(q for q in (first + k * step for k in range(len(move.word))) if not cells[q])


def _played(p: Placement | Candidate) -> Placement:
    return p.placement() if isinstance(p, Candidate) else p


class _BestPlay(NamedTuple):
    """A rack's best play on a board, as :meth:`Builder.hot_squares` and :meth:`Builder.still_beaten` use it."""

    score: int
    new_squares: tuple[int, ...]
    around: frozenset[int]
    """:func:`_surroundings`: where a tile would change the play."""


def _surroundings(move: Move, cells: Sequence[str]) -> frozenset[int]:
    """The empty squares where a tile would change ``move`` on the board ``cells``: the squares of its main
    word and the one beyond each end, and for each of its squares the one beyond each end of the line of tiles
    it touches across (the cross-word that a new tile there would lengthen). A tile laid elsewhere leaves the
    play legal with the same score."""
    (dr, dc), (ar, ac) = ((0, 1), (1, 0)) if move.dir == HORIZONTAL else ((1, 0), (0, 1))
    word = [(r, c) for r, c, _ in move.squares()]
    spots = word + [(word[0][0] - dr, word[0][1] - dc), (word[-1][0] + dr, word[-1][1] + dc)]
    for r, c in word:
        for sign in (-1, 1):
            rr, cc = r + sign * ar, c + sign * ac
            while 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc]:
                rr, cc = rr + sign * ar, cc + sign * ac
            spots.append((rr, cc))
    return frozenset(r * SIZE + c for r, c in spots if 0 <= r < SIZE and 0 <= c < SIZE)


class _OutOfBudget(Exception):
    pass


@dataclass
class Construction:
    """What the construction found: the final state, the reasons for words left out, statistics."""

    state: GridState
    unplaced: dict[int, Message]
    stats: dict[str, Any]
    timings: dict[str, float] = field(default_factory=dict)


def difficulty_key(word: ResolvedWord, alphabet: Alphabet) -> tuple[int, int, int, int]:
    """Sort key, hardest first: rarest support letter in the bag, fewest support choices, longest."""
    rarest = min(alphabet.counts.get(x, 0) for x in word.support_letters)
    return (rarest, len(word.supports), -len(word.word), word.order)


def _central_starts(word: str) -> list[tuple[int, int, str]]:
    """Starts of the central word covering the centre square, most centred first."""
    n = len(word)
    centred = CENTER[1] - (n - 1) // 2
    cols = sorted(range(CENTER[1] - n + 1, CENTER[1] + 1), key=lambda c: (abs(c - centred), c))
    return [(CENTER[0], c, "H") for c in cols if c >= 0 and c + n <= SIZE]


class Builder:
    """One construction run; ``build`` returns the best :class:`Construction` within the budgets."""

    def __init__(self, lexicon: Any, words: list[ResolvedWord], *, central: str | None, seed: int,
                 bag: bool, time_budget: float, config: SearchConfig, progress: Progress | None) -> None:
        self.lexicon = lexicon
        self.check = WordCheck(lexicon)
        self.words = words
        self.central = central
        self.seed = seed
        self.bag = Bag(lexicon.alphabet) if bag else None
        self.time_budget = time_budget
        self.config = config
        self.progress = progress
        self.rank = {w.order: k for k, w in enumerate(
            sorted(words, key=lambda w: difficulty_key(w, lexicon.alphabet)))}
        self.by_id = {w.order: w for w in words}
        self.excluded = {w.word for w in words}
        self.bound = BagBound(self.bag, words) if self.bag is not None else None
        self.nodes = 0
        self.total_nodes = 0
        self.helper_calls = 0
        self.targeted_calls = 0
        self.top_helper_calls = 0
        self.top_generations = 0
        self._beats: dict[tuple[bytes, str], tuple[int, int]] = {}
        """(board text, rack) -> (highest score no play beats, lowest score some play beats): :meth:`beaten_on`."""
        self._best_plays: dict[tuple[bytes, str], _BestPlay | None] = {}
        """(board text, rack) -> the rack's best play there (None: no play): :meth:`best_play`."""
        self.block_searches = 0
        self.blocks_laid = 0
        """Blocking helpers laid by :meth:`blocked` in finished grids."""
        self._tops: dict[tuple[tuple[str, ...], tuple[tuple[int, int, str], ...], int], bool] = {}
        self.repairs = 0
        self.finished: GridState | None = None
        """The search's complete grid with the fewest misses so far (see :meth:`search`)."""
        self.finished_misses = 0
        self.improve_from = -1
        """The node count when the search found its first complete grid with misses (-1: none yet)."""
        self.top_restarts_done = 0
        self.misses_allowed = 0
        self.top_seen = -1
        self.top_stale = 0
        """Restarts in a row since the best share of tops last grew (see ``top_patience``)."""
        """Situations whose top is another play that a complete grid may have and still reach ``top_target``:
        the search takes such a grid at once instead of looking for fewer (see :meth:`search`)."""
        self.reorders = 0
        self.deadline = 0.0
        self.stopped_by_time = False
        self.rng = random.Random(seed)
        self.best: GridState | None = None
        served = config.helpers and config.weights.top and config.top_helpers and any(self.helped(w) for w in words)
        self.max_helpers = config.helpers + (config.top_helper_room if served else 0)
        """``helpers``, plus ``top_helper_room`` for sets with a word the top helpers serve (:meth:`helped`)."""
        self.helper_cap = self.max_helpers
        self.targets: list[int] = [w.order for w in words]
        self.dropped: list[int] = []
        self.priority: set[int] = set()
        """Words a restart failed to place: later searches place them first, while the board is open."""
        self._percent = 0

    # -- small pieces ------------------------------------------------------------------------------

    def helped(self, word: ResolvedWord) -> bool:
        """Does the word's rack get the top helpers, blocks and room (``top_help_bingos`` for a bingo's)."""
        return len(word.word) - 1 < BINGO_TILES or self.config.top_help_bingos

    def _report(self, percent: int, text: str, code: str, **params: Any) -> None:
        """Progress as a :class:`Message` (English text with a code, for interfaces that translate)."""
        if self.progress is not None and percent >= self._percent:
            self._percent = percent
            self.progress(percent, Message(text, code, params))

    def _tick(self) -> None:
        self.nodes += 1
        self.total_nodes += 1
        if self.nodes > self.config.node_budget * len(self.words):
            raise _OutOfBudget
        if self.improve_from >= 0 and self.nodes - self.improve_from > self.config.top_nodes:
            raise _OutOfBudget
        if time.perf_counter() > self.deadline:
            self.stopped_by_time = True
            raise _OutOfBudget

    def bag_deficit(self, state: GridState, remaining: list[int], extra: str = "") -> int:
        """Bag mode's exact bound (:mod:`engine.cbic.bagbound`); always 0 without bag mode."""
        return 0 if self.bound is None else self.bound.deficit(state, remaining, extra)

    def _demand(self, remaining: list[int], skip: int = -1) -> Demand:
        return tuple((len(self.by_id[i].word), tuple((k, self.by_id[i].word[k]) for k in self.by_id[i].supports))
                     for i in remaining if i != skip)

    def options(self, state: GridState, word_id: int) -> list[Placement]:
        """The word's legal placements on ``state``; with ``distinct_racks``, not those that would ask a rack the grid
        already asks (:attr:`GridState.racks`: two list words of the same letters but their supports, RAINETS and
        ENTRAIS through their T, or blanks in bag mode)."""
        w = self.by_id[word_id]
        found = placements_through(state, self.check, w.word, w.supports, self.bag)
        if state.racks and self.config.distinct_racks:
            found = [p for p in found if p.sorted_rack not in state.racks]
        return found

    def top_bonus(self, state: GridState, placements: list[Placement]) -> list[float]:
        """``weights.top`` for each placement that scores the top of the board for its rack, else 0.

        Why: a placement is the situation the learner will face (the board before it, its tiles as the
        rack); when another play of those tiles scores more, the learner's best answer is not the list
        word. Placements with the same tiles are plays of the same rack, so only those scoring the most
        among them can be the top, and one question to the move generator decides them: does any play of
        the rack score more (:func:`engine.scrabble.movegen.beats`, which searches only the anchors that
        could)? The situation's tops are computed again, exactly, once the grid is built.
        """
        weight = self.config.weights.top
        if not weight or not placements:
            return [0.0] * len(placements)
        most: dict[str, int] = {}
        racks = [training_rack(p) for p in placements]
        for rack, p in zip(racks, placements, strict=True):
            if p.score > most.get(rack, -1):
                most[rack] = p.score
        top = {rack: not self.beaten_on(state.text, state.cells, rack, score) for rack, score in most.items()}
        return [weight if p.score == most[rack] and top[rack] else 0.0
                for rack, p in zip(racks, placements, strict=True)]

    def beaten(self, board: Board, rack: str, score: int) -> bool:
        """Does some play of ``rack`` on ``board`` score more than ``score`` (one bounded search)."""
        self.top_generations += 1
        return beats(self.lexicon, Position(board, (rack, "")), score)

    def beaten_on(self, text: bytes, cells: Sequence[str], rack: str, score: int) -> bool:
        """:meth:`beaten` for the board whose cells are ``cells`` (``text`` their bytes, the key), remembered.

        Why: the same boards come back (a restart's first words, the look-ahead's children, the pick asking
        again after a helper, the reorders and repairs), and the answer is monotone in ``score``: no play
        above ``s`` means none above any higher score, a play above ``s`` is one above any lower. So each
        (board, rack) keeps the highest score known unbeaten and the lowest known beaten.
        """
        key = (text, rack)
        unbeaten, beaten_at = self._beats.get(key, (1 << 30, -1))
        if score >= unbeaten:
            return False
        if score <= beaten_at:
            return True
        answer = self.beaten(_board(cells), rack, score)
        self._beats[key] = (unbeaten, max(beaten_at, score)) if answer else (min(unbeaten, score), beaten_at)
        return answer

    def pick(self, state: GridState, movable: list[int],
             options: dict[int, list[Placement]]) -> tuple[int, list[float] | None, bool]:
        """The word to lay next, its placements' :meth:`top_bonus` (None when not asked) and whether some
        movable word can score the top of ``state``'s board.

        Words an earlier restart failed to place go first, then (``weights.top`` > 0) words with a placement
        that scores the top, then fail-first (fewest placements), then the difficulty rank. The top is asked
        word by word in that order and only until a word can score it: the first such word is the pick.
        """
        order = sorted(movable, key=lambda i: (i not in self.priority, len(options[i]), self.rank[i]))
        if not self.config.weights.top:
            return order[0], None, False
        first = order[0] in self.priority
        for i in order:
            if (i in self.priority) != first:
                break
            bonus = self.top_bonus(state, options[i])
            if any(bonus):
                return i, bonus, True
        # No word of the first group can: a priority word goes anyway, but may another word score the top?
        others = first and any(any(self.top_bonus(state, options[i])) for i in order if i not in self.priority)
        return order[0], None, others

    def ranked(self, state: GridState, placements: list[Placement], demand: Demand,
               bonus: list[float] | None = None) -> list[Placement]:
        """Placements best first by the unified score plus ``bonus`` (seeded noise breaks ties)."""
        weights = self.config.weights
        rng = self.rng
        bonus = bonus if bonus is not None else [0.0] * len(placements)
        scored = [(unified_score(state, p, demand, weights, rng.random()) + bonus[k], k, p)
                  for k, p in enumerate(placements)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [p for _, _, p in scored]

    def racks_allowed(self, state: GridState) -> bool:
        """Does ``state`` keep the rule of ``distinct_racks`` (a reorder or a repair may lay other tiles)?"""
        return not self.config.distinct_racks or state.racks_distinct()

    def tops(self, state: GridState) -> int:
        """Revision steps whose play scores the top of the board before it with its rack."""
        return sum(1 for step in state.steps if step.kind == REVISION and self.step_is_top(step))

    def step_is_top(self, step: Step) -> bool:
        """Does the step's play score the top of the board before it (cached: the repairs ask again)."""
        key = (step.before, step.placement.tiles, step.placement.score)
        known = self._tops.get(key)
        if known is None:
            text = "".join(t or "." for t in step.before).encode("ascii")
            known = self._tops[key] = not self.beaten_on(text, step.before, training_rack(step.placement),
                                                         step.placement.score)
        return known

    def is_top(self, state: GridState, placement: Placement) -> bool:
        """Does the placement score the top of ``state``'s board for its tiles as a rack."""
        return not self.beaten_on(state.text, state.cells, training_rack(placement), placement.score)

    def reordered(self, state: GridState) -> GridState:
        """``state`` with its words laid in the order where the most revision words score their situation's
        top (:mod:`engine.cbic.sequence`), when that order has more of them; ``weights.top`` > 0 and no bag
        mode (where blanks depend on the order)."""
        if not self.config.weights.top or self.bag is not None or self.tops(state) >= len(state.placed_ids()):
            return state
        best = state
        for attempt in range(self.config.reorder_tries):
            rng = random.Random(self.seed * 7919 + attempt) if attempt else None
            other = resequence(state, self.check, self.is_top, rng)
            if other is not None and self.racks_allowed(other) and self.tops(other) > self.tops(best):
                best = other
                if self.tops(best) >= len(best.placed_ids()):
                    break
        if best is not state:
            self.reorders += 1
        return best

    def repaired(self, state: GridState) -> GridState:
        """``state`` with revision words whose top is another play moved, one at a time, to where they score
        their top (:func:`engine.cbic.sequence.relocations`), while that gives more such situations.

        Why: cheaper than a whole restart, and local: a word nothing later goes through is taken out and
        put back after another step, the other steps laid again and re-checked. At most ``repair_tries``
        relocated grids are judged per word. ``weights.top`` > 0 and no bag mode only.
        """
        if not self.config.weights.top or self.bag is not None or not self.config.repair_tries:
            return state
        count = self.tops(state)
        improved = True
        tried: set[int] = set()
        while improved:
            improved = False
            for index, step in enumerate(state.steps):
                if step.kind != REVISION or step.word_id in tried or self.step_is_top(step):
                    continue
                tried.add(step.word_id)
                w = self.by_id[step.word_id]
                for attempt, other in enumerate(relocations(state, self.check, index, w.word, list(w.supports),
                                                            self.is_top)):
                    if attempt >= self.config.repair_tries:
                        break
                    if not self.racks_allowed(other):
                        continue
                    other_count = self.tops(other)
                    if other_count > count:
                        state, count, improved = other, other_count, True
                        self.repairs += 1
                        break
                if improved:
                    break
        return state

    def blocked(self, state: GridState) -> GridState:
        """``state`` with a blocking helper laid just before revision words whose top is another play, one at a
        time, while that gives more situations whose top is the list word.

        Why: the search closes hot spots only where no word could score the top; a finished grid's misses
        are repaired the same way on their own board: the best play of the word's rack there
        (:meth:`hot_squares`), a helper on its squares (:func:`engine.cbic.helpers.blocking_helpers`), the
        word's own play unchanged and now the top, the later steps laid again and re-checked
        (:func:`engine.cbic.sequence.with_helper_before`). Words the top helpers serve (:meth:`helped`), ``top_blocks`` > 0,
        no bag mode, and within ``helpers`` + ``top_helper_room`` helper words.
        """
        config = self.config
        if not config.weights.top or self.bag is not None or not config.top_blocks:
            return state
        count = self.tops(state)
        tried: set[int] = set()
        improved = True
        while improved and state.helper_count() < self.max_helpers:
            improved = False
            for index, step in enumerate(state.steps):
                if step.kind != REVISION or step.word_id in tried or self.step_is_top(step):
                    continue
                w = self.by_id[step.word_id]
                if not self.helped(w):
                    continue
                tried.add(step.word_id)
                before = prefix_before(state, index)
                targets = self.hot_squares(before, [w])
                for helper in blocking_helpers(before, self.check, self.lexicon, targets, self.excluded, None,
                                               self.rng, config.top_blocks):
                    middle = before.apply(helper, HELPER)
                    if self.beaten_on(middle.text, middle.cells, training_rack(step.placement),
                                      step.placement.score):
                        continue
                    other = with_helper_before(state, self.check, index, helper)
                    if other is not None and self.racks_allowed(other) and self.tops(other) > count:
                        state, count, improved = other, self.tops(other), True
                        self.blocks_laid += 1
                        break
                if improved:
                    break
        return state

    def better_result(self, a: GridState, b: GridState | None) -> bool:
        """Between finished restarts: more revision words placed, then (``weights.top`` > 0) more situations
        whose top is the list word, then fewer helpers."""
        if b is None:
            return True
        if not self.config.weights.top:
            return self.better(a, b)
        return ((len(a.placed_ids()), self.tops(a), -a.helper_count())
                > (len(b.placed_ids()), self.tops(b), -b.helper_count()))

    def more_tops_wanted(self, overall: GridState) -> bool:
        """After a complete grid: restart again while the share of situations whose top is the list word is
        under ``top_target``, at most ``top_restarts`` times."""
        config = self.config
        if not config.weights.top or not config.top_restarts or not config.spend_budget:
            return False
        revisions = sum(1 for step in overall.steps if step.kind == REVISION)
        tops = self.tops(overall)
        if tops >= config.top_target * revisions or self.top_restarts_done >= config.top_restarts:
            return False
        self.top_stale = self.top_stale + 1 if tops <= self.top_seen else 0
        self.top_seen = max(self.top_seen, tops)
        patience = config.top_patience_met if tops >= config.top_goal * revisions else config.top_patience
        if patience and self.top_stale >= patience:
            return False
        self.top_restarts_done += 1
        return True

    def better(self, a: GridState, b: GridState | None) -> bool:
        """Is ``a`` a better result than ``b``: more revision words placed, then fewer helpers."""
        if b is None:
            return True
        return (len(a.placed_ids()), -a.helper_count()) > (len(b.placed_ids()), -b.helper_count())

    # -- helpers -------------------------------------------------------------------------------------

    def helper_moves(self, state: GridState, remaining: list[int]) -> list[tuple[GridState, None]]:
        """Helper plays that unblock stuck words, best first (at most ``helper_branch``).

        Candidates are short words holding a support letter some remaining word needs; every legal
        placement that puts such a letter down is judged by how many remaining words can then cross
        one of its new tiles, then by how many ways they can (log-summed, as in :meth:`children`).
        """
        config = self.config
        self.helper_calls += 1
        words = [self.by_id[i] for i in remaining]
        letters = frozenset().union(*(w.support_letters for w in words))
        scored: list[tuple[int, float, int, Placement | Candidate]] = []
        drawn: list[str] = []
        for _ in range(config.helper_rounds):  # a fresh draw while nothing helps
            if scored:
                break
            tried = set(drawn)
            drawn = [w for w in helper_words(self.lexicon, letters, self.excluded, self.rng, config.helper_tries)
                     if w not in tried]
            self._judge_helpers(state, self._helper_placements(state, drawn, letters), words, letters,
                                remaining, scored)
        if not scored:  # aim at the open spots instead
            self.targeted_calls += 1
            aimed = targeted_helpers(state, self.check, self.lexicon, words, self.excluded, self.bag, self.rng,
                                     config.helper_tries)
            self._judge_helpers(state, aimed, words, letters, remaining, scored)
        scored.sort(key=lambda t: t[:3], reverse=True)
        return [(state.apply(_played(p), HELPER), None) for *_, p in scored[:config.helper_branch]]



    def top_helpers(self, state: GridState, remaining: list[int]) -> list[tuple[GridState, None]]:
        """Helper plays after which some remaining words score the top of the board, most such words first
        (at most ``helper_branch``).

        Why: when no remaining word can be the top of the board now, laying one anyway makes a situation
        whose top is another play. A list word outscores the other plays of its rack mostly on a double or
        triple word square; a helper aimed at such a spot (:func:`engine.cbic.helpers.targeted_helpers`
        with ``premium``) brings its support letter there. Or the word is beaten by a play on a hot spot (a
        triple word line, a hook): a helper laid on that play's squares (:meth:`hot_squares`,
        :func:`engine.cbic.helpers.blocking_helpers`, ``top_blocks``) spends its premium. Either kind is kept
        only when a word then scores the top of the board (asked exactly, :meth:`top_bonus`). For words whose rack
        is shorter than a bingo, and for a bingo's with ``top_help_bingos`` (:meth:`helped`).
        """
        words = [self.by_id[i] for i in remaining if self.helped(self.by_id[i])]
        if not words:
            return []
        self.top_helper_calls += 1
        aimed = targeted_helpers(state, self.check, self.lexicon, words, self.excluded, self.bag, self.rng,
                                 self.config.helper_tries, premium=True)
        scored: list[tuple[int, int, GridState]] = []
        self._judge_top_helpers(state, aimed, words, remaining, scored, aimed=True)
        if self.config.top_blocks:
            self._judge_top_helpers(state, self._blocks(state, words), words, remaining, scored)
        scored.sort(key=lambda t: t[:2], reverse=True)
        return [(child, None) for *_, child in scored[:self.config.helper_branch]]

    def _blocks(self, state: GridState, words: list[ResolvedWord]) -> list[Placement]:
        """Blocking helper placements on ``state``: :func:`blocking_helpers` on :meth:`hot_squares`."""
        targets = self.hot_squares(state, words)
        if not targets:
            return []
        self.block_searches += 1
        return blocking_helpers(state, self.check, self.lexicon, targets, self.excluded, self.bag, self.rng,
                                self.config.top_blocks)

    def _judge_top_helpers(self, state: GridState, candidates: list[Placement], words: list[ResolvedWord],
                           remaining: list[int], scored: list[tuple[int, int, GridState]], aimed: bool = False) -> None:
        """Append ``(words that score the top after it, order, child)`` for each helper candidate after which
        some of ``words`` score the top of the board.

        An aimed helper brings a support letter, so only the placements through its new tiles are asked; a
        blocking one closes the spot that outscored the words where they already go, so all are.
        """
        for p in candidates:
            fresh = {r * SIZE + c for r, c, _ in p.tiles}
            child = state.apply(p, HELPER)
            if self.bag is not None and self.bag_deficit(child, remaining):
                continue
            count = 0
            for w in words:
                found = placements_through(child, self.check, w.word, w.supports, self.bag,
                                           squares=fresh if aimed else None)
                if found and not self.still_beaten(state, fresh, found) and any(self.top_bonus(child, found)):
                    count += 1
            if count:
                scored.append((count, -len(scored), child))

    def still_beaten(self, state: GridState, fresh: set[int], found: list[Placement]) -> bool:
        """Is it certain, without asking the move generator, that none of ``found`` (one word's placements on
        the board of ``state`` plus a helper whose new squares are ``fresh``) scores the top there?

        Why: a helper candidate is judged for every remaining word, one bounded move generation each, and for
        8-letter racks those were most of a grid's time. The best play of the word's rack on ``state``'s board
        (:func:`engine.scrabble.movegen.top_moves`, remembered per board and rack) stays legal, with the same
        score, when the helper lays no tile on its squares or next to them (no cross-word, no extension
        changes); if it then scores more than every placement of the word, the word is not the top, exactly as
        the move generator would answer. Only without bag mode and for placements of one rack.
        """
        if self.bag is not None:
            return False
        racks = {training_rack(p) for p in found}
        if len(racks) != 1:
            return False
        best = self.best_play(state, racks.pop())
        return best is not None and best.score > max(p.score for p in found) and not (fresh & best.around)

    def best_play(self, state: GridState, rack: str) -> _BestPlay | None:
        """The best play of ``rack`` on ``state``'s board (None: it has none), remembered per board and rack:
        :meth:`hot_squares` and :meth:`still_beaten` ask for the same ones."""
        key = (state.text, rack)
        if key not in self._best_plays:
            self.top_generations += 1
            top = top_moves(self.lexicon, Position(_board(state.cells), (rack, "")), 1)
            self._best_plays[key] = _BestPlay(top[0].score, _new_squares(state.cells, top[0]),
                                              _surroundings(top[0], state.cells)) if top else None
        return self._best_plays[key]

    def hot_squares(self, state: GridState, words: list[ResolvedWord]) -> list[int]:
        """The empty squares of the best play of each word's rack on ``state``'s board, word multipliers first,
        then letter multipliers, then the others (for :func:`blocking_helpers`).

        Why: :meth:`top_helpers` is asked when no remaining word can be the top of the board, so that best
        play beats the list word; it mostly sits on a premium square (a triple word line, a hook next to a
        letter multiplier). A helper word laid on that square spends the premium, and the list word may be the
        top afterwards (checked exactly by the caller). At most ``top_block_words`` words are asked, each with
        one move generation (:func:`engine.scrabble.movegen.top_moves`, the best play only, remembered per
        board and rack).
        """
        squares: list[int] = []
        asked = 0
        for w in words:
            if asked >= self.config.top_block_words:
                break
            options = self.options(state, w.order)
            if not options:
                continue
            asked += 1
            best = self.best_play(state, training_rack(options[0]))
            found = best.new_squares if best is not None else ()
            for sq in sorted(found, key=lambda q: (-WORD_MULTIPLIERS[q], -LETTER_MULTIPLIERS[q], q)):
                if sq not in squares:
                    squares.append(sq)
        return squares

    def _helper_placements(self, state: GridState, drawn: list[str], letters: frozenset[str]) -> list[Candidate]:
        return [p for word in drawn for p in candidates_through(state, self.check, word, range(len(word)), self.bag)]

    def _judge_helpers(self, state: GridState, candidates: Sequence[Placement | Candidate], words: list[ResolvedWord],
                       letters: frozenset[str], remaining: list[int],
                       scored: list[tuple[int, float, int, Placement | Candidate]]) -> None:
        spelled = [(w.word, w.supports) for w in words]
        for p in candidates:
            fresh = {r * SIZE + c for r, c, t in p.tiles if t.upper() in letters}
            if not fresh:
                continue
            if self.bag is not None and self.bag_deficit(state.apply(_played(p), HELPER), remaining):
                continue  # the helper would eat tiles the revision words need
            # Only the counts matter: the new state is built for the helpers kept (see helper_moves).
            counts = counts_after(state, self.check, spelled, p, fresh, self.bag)
            helped = sum(1 for k in counts if k)
            if helped:
                room = sum(math.log1p(k) for k in counts)
                scored.append((helped, room, -len(scored), p))

    # -- the search ----------------------------------------------------------------------------------

    def search(self, state: GridState, remaining: list[int],
               options: dict[int, list[Placement]] | None = None, misses: int = 0) -> GridState | None:
        """Depth-first: all of ``remaining`` placed from ``state``, or None (best partial kept).

        ``misses``: revision words laid so far whose play was not the top of their board. With
        ``weights.top`` > 0 and ``top_nodes`` > 0, a complete grid with misses is kept (``self.finished``)
        and the search goes on, for at most ``top_nodes`` more nodes, after one with fewer: branches that
        already have as many misses are cut (branch and bound). The grid's first words, shared with the
        branches tried then, are not built again as a restart would.
        """
        self._tick()
        if self.better(state, self.best):
            self.best = state
            done = len(state.placed_ids())
            self._report(10 + 60 * done // len(self.words), f"{done}/{len(self.words)} words placed",
                         "cbic_words_placed", placed=done, total=len(self.words))
        if self.finished is not None and misses >= self.finished_misses:
            return None  # no better than the complete grid already found
        if not remaining:
            if misses <= self.misses_allowed or not self.config.weights.top or not self.config.top_nodes:
                return state  # the target share is reached: no branch and bound for fewer misses
            self.finished, self.finished_misses = state, misses
            if self.improve_from < 0:
                self.improve_from = self.nodes
            return None
        if self.bag is not None and self.bag_deficit(state, remaining):
            return None  # the bag cannot supply every remaining rack any more
        if options is None:
            options = {i: self.options(state, i) for i in remaining}
        movable = [i for i in remaining if options[i]]
        if not movable:  # stuck: a helper word may bring a support letter, else backtrack
            if state.helper_count() >= self.helper_cap:
                return None
            for child, child_options in self.helper_moves(state, remaining):
                result = self.search(child, remaining, child_options, misses)
                if result is not None:
                    return result
            return None
        # A word without placement now may get its support letter from a later word: it waits. Words an
        # earlier restart failed to place go first (fail-first among them), while the board is open; then
        # words that can score the top of this board now (their situation's top is then the list word).
        word_id, bonus, can_top = self.pick(state, movable, options)
        room = min(self.max_helpers, self.helper_cap + self.config.top_helpers) - state.helper_count()
        if not can_top and self.config.weights.top and self.config.top_helpers and room > 0:
            # No word can score the top of this board: first a helper that lets one (a miss avoided).
            for child, child_options in self.top_helpers(state, remaining):
                result = self.search(child, remaining, child_options, misses)
                if result is not None:
                    return result
        rest = [i for i in remaining if i != word_id]
        for child, child_options, top in self.children(state, word_id, options[word_id], rest, bonus):
            result = self.search(child, rest, child_options, misses + (not top))
            if result is not None:
                return result
        return None

    def children(self, state: GridState, word_id: int, placements: list[Placement], rest: list[int],
                 bonus: list[float] | None = None) -> list[tuple[GridState, dict[int, list[Placement]] | None, bool]]:
        """The ``branch`` best next states for ``word_id``'s placements, each with whether its play scores the
        top of ``state``'s board (always True when ``weights.top`` is 0). ``bonus``: the placements'
        :meth:`top_bonus` when already known.

        The unified score ranks every placement; the best ``lookahead`` of them are then played out
        one step and re-ranked by the room they leave: ``weights.mobility`` times the sum over the
        other words of log(1 + their placement count) — a placement that takes the last spot of
        another word's support letter sinks.
        """
        config = self.config
        if bonus is None:
            bonus = self.top_bonus(state, placements)
        tops = {id(p) for p, b in zip(placements, bonus, strict=True) if b or not config.weights.top}
        ranked = self.ranked(state, placements, self._demand(rest), bonus)
        if config.lookahead <= 1 or not rest:
            return [(state.apply(p, REVISION, word_id), None, id(p) in tops) for p in ranked[:config.branch]]
        weight = config.weights.mobility
        scored = []
        for k, p in enumerate(ranked[:config.lookahead]):
            child = state.apply(p, REVISION, word_id)
            child_options = {i: self.options(child, i) for i in rest}
            room = sum(math.log1p(len(v)) for v in child_options.values())
            top = config.weights.top if id(p) in tops else 0.0
            scored.append((weight * room - k + top, k, child, child_options, id(p) in tops))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(child, child_options, top) for _, _, child, child_options, top in scored[:config.branch]]

    def complete(self, state: GridState) -> GridState:
        """Greedy end game from a partial grid: place whatever still fits, helpers allowed."""
        placed = state.placed_ids()
        state = self._fill(state, [i for i in self.targets if i not in placed])
        return self._fill(state, [i for i in self.dropped if i not in placed])

    def _fill(self, state: GridState, remaining: list[int]) -> GridState:
        remaining = list(remaining)
        while remaining:
            options = {i: self.options(state, i) for i in remaining}
            movable = [i for i in remaining if options[i]]
            if not movable:
                if state.helper_count() >= self.helper_cap or time.perf_counter() > self.deadline:
                    break
                helped = self.helper_moves(state, remaining)
                if not helped:
                    break
                state = helped[0][0]
                continue
            if self.config.backtracking:
                word_id = min(movable, key=lambda i: (len(options[i]), self.rank[i]))
                rest = [i for i in remaining if i != word_id]
                best = self.ranked(state, options[word_id], self._demand(rest),
                                   self.top_bonus(state, options[word_id]))[0]
            else:  # the seed: the best placement over every word
                best, word_id = self.greedy_pick(state, options, remaining)
            state = state.apply(best, REVISION, word_id)
            remaining.remove(word_id)
        return state

    def greedy_pick(self, state: GridState, options: dict[int, list[Placement]],
                    remaining: list[int]) -> tuple[Placement, int]:
        best: tuple[float, int, int] | None = None
        pick: tuple[Placement, int] | None = None
        for i in sorted(remaining, key=lambda i: self.rank[i]):
            demand = self._demand(remaining, skip=i)
            for k, p in enumerate(options[i]):
                key = (unified_score(state, p, demand, self.config.weights, self.rng.random()), -self.rank[i], -k)
                if best is None or key > best:
                    best, pick = key, (p, i)
        assert pick is not None
        return pick

    def bag_centrals(self) -> list[str]:
        """Bag mode: central words from the tiles the racks leave; while there is none, one more word
        is left out (the one needing the scarcest tiles) to make room for a central word."""
        assert self.bound is not None
        while self.targets:
            found = central_candidates(self.lexicon, self.words, limit=4 * self.config.central_choices,
                                       seed=self.seed, available=self.bound.available(self.targets))
            fits = [c for c in found if not self.bag_deficit(GridState(), self.targets, c)]
            if fits or len(self.targets) == 1:
                return fits
            scarce = self.bound.scarcest(self.targets, self.rank)
            self.targets.remove(scarce)
            self.dropped.append(scarce)
        return []

    def attempts(self) -> list[tuple[str, tuple[int, int, str]]]:
        """(central word, start) per restart: central candidates first, then other starts."""
        if self.central is not None:
            centrals = [self.central]
        else:
            try:
                centrals = central_candidates(self.lexicon, self.words, limit=4 * self.config.central_choices,
                                              seed=self.seed)
            except LookupError as exc:
                raise CbicInputError("", f"no central word: {exc}; give one", "cbic_no_central") from None
            if self.bag is not None:  # keep, in order, the words that leave the racks their tiles
                fits = [c for c in centrals if not self.bag_deficit(GridState(), self.targets, c)]
                centrals = (fits or self.bag_centrals()) or centrals
            centrals = centrals[:self.config.central_choices]
        self.centrals = centrals
        self.starts = {c: _central_starts(c) for c in centrals}
        return [self.plan(k) for k in range(self.config.restarts)]

    def low_caps(self) -> tuple[int, ...]:
        """The helper caps of the first restarts (``helper_caps``), none under ``low_cap_floor``'s."""
        floor = int(self.config.low_cap_floor * len(self.targets)) - 1
        return tuple(sorted({max(cap, floor) for cap in self.config.helper_caps}))

    def plan(self, k: int) -> tuple[str, tuple[int, int, str]]:
        """The central word and its start for restart ``k`` (cycling through both)."""
        word = self.centrals[k % len(self.centrals)]
        options = self.starts[word]
        return word, options[(k // len(self.centrals)) % len(options)]

    def build(self) -> Construction:
        started = time.perf_counter()
        self.deadline = started + self.time_budget
        overall: GridState | None = None
        attempts = 0
        all_ids = [w.order for w in self.words]
        shortfall = bag_shortfall(self.words, self.bag) if self.bag is not None else {}
        if self.bound is not None:
            self.targets, self.dropped = self.bound.split(all_ids, self.rank)
        self._report(5, "choosing the central word", "cbic_choosing_central")
        plans = self.attempts()
        revisions = len(self.targets)
        self.misses_allowed = revisions - math.ceil(self.config.top_target * revisions - 1e-9)
        k = -1
        while True:
            k += 1
            if k >= len(plans):
                # Without helper words, more restarts only reshuffle ties: the planned ones suffice.
                spend = self.config.spend_budget and self.config.helpers > 0 and plans
                if not spend or time.perf_counter() > self.deadline:
                    break
                plans.append(self.plan(k))  # time is left: one more restart
            word, (row, col, direction) = plans[k]
            attempts += 1
            if k:  # a restart: the bar moves on even while the words placed do not
                planned = self.config.restarts
                percent = 10 + 60 * k // planned if k < planned else 70 - 10 * planned // k
                self._report(percent, f"restart {k + 1} (central word {word})", "cbic_restart", number=k + 1,
                             central=word)
            self.rng = random.Random(self.seed * 1_000_003 + k)
            self.nodes = 0
            caps = self.low_caps()
            # Low helper caps first (grids with fewer helper words), but not once a restart has failed:
            # then the words left out need every helper the search may bring.
            low = k < len(caps) and not self.priority
            self.helper_cap = min(caps[k], self.max_helpers) if low else self.max_helpers
            start = GridState()
            first = central_placement(start, self.check, word, row, col, direction, self.bag)
            if first is None:
                continue
            start = start.apply(first, CENTRAL)
            self.best = start
            order = sorted(self.targets, key=lambda i: self.rank[i])
            result: GridState | None = None
            self.finished, self.finished_misses, self.improve_from = None, 0, -1
            if self.config.backtracking:
                try:
                    result = self.search(start, order)
                except _OutOfBudget:
                    result = None
                if result is None:
                    result = self.finished
            if result is None:
                result = self.complete(self.best)
            if len(result.placed_ids()) >= len(self.targets):  # a complete grid: its best order, repaired
                result = self.blocked(self.repaired(self.reordered(result)))
            if overall is None or self.better_result(result, overall):
                overall = result
            placed_now = result.placed_ids()
            self.priority.update(i for i in self.targets if i not in placed_now)
            now = time.perf_counter()
            complete = len(overall.placed_ids()) >= len(self.targets)
            if complete and now <= self.deadline and self.more_tops_wanted(overall):
                continue  # every word placed: a few more restarts look for a grid with more tops
            if complete or now > self.deadline:
                if now > self.deadline and not complete:
                    self.stopped_by_time = True
                break
        if overall is None:  # bag mode only: every central word needs more tiles than the bag has
            word = plans[0][0] if plans else "?"
            raise CbicInputError(word, "bag mode: the central word needs more tiles than the bag holds",
                                 "cbic_bag_central")
        self._report(70, "grid built", "cbic_grid_built")
        unplaced = {i: self.explain(overall, i) for i in all_ids if i not in overall.placed_ids()}
        central_step = overall.steps[0].placement
        stats = {
            "requested": len(self.words),
            "placed": len(self.words) - len(unplaced),
            "helpers": overall.helper_count(),
            "central": central_step.word,
            "central_auto": self.central is None,
            "attempts": attempts,
            "nodes": self.total_nodes,
            "helper_searches": self.helper_calls,
            "targeted_helper_searches": self.targeted_calls,
            "top_helper_searches": self.top_helper_calls,
            "block_searches": self.block_searches,
            "blocked_repairs": self.blocks_laid,
            "top_generations": self.top_generations,
            "top_restarts": self.top_restarts_done,
            "reorders": self.reorders,
            "repairs": self.repairs,
            "list_word_tops": self.tops(overall) if self.config.weights.top else None,
            "stopped_by_time": self.stopped_by_time,
            "bag_shortfall": shortfall,
            "bag_dropped": [self.by_id[i].word for i in self.dropped],
        }
        timings = {"construction_seconds": round(time.perf_counter() - started, 4)}
        return Construction(overall, unplaced, stats, timings)

    def explain(self, state: GridState, word_id: int) -> Message:
        """Why a word is not on the final grid: English text, with a code and params for translations.

        Codes: ``cbic_bag_supply`` (``blanks``, ``shortfall``: letter → tiles missing), ``cbic_no_support``
        (``letters``, ``helpers``: whether helper words were allowed), ``cbic_bag_used_up``,
        ``cbic_no_placement`` (``letters``, ``squares``, ``refusals``: ``[{"code", "word", "count"}]``,
        most frequent first, codes of :data:`engine.cbic.placements.REFUSALS`), ``cbic_same_rack`` (``rack``:
        its legal placements would all ask a rack another situation asks). Every code may add
        ``time_budget`` (seconds) when the search stopped at its time budget.
        """
        w = self.by_id[word_id]
        letters = "/".join(sorted(w.support_letters))
        squares = sum(len(state.by_letter.get(x, ())) for x in w.support_letters)
        params: dict[str, Any] = {}
        if word_id in self.dropped and self.bag is not None:
            shortfall = bag_shortfall(self.words, self.bag)
            over = ", ".join(f"{x} +{k}" for x, k in shortfall.items())
            reason = (f"bag mode: the bag and its {self.bag.blanks} blanks cannot supply this rack together "
                      f"with the others' (the list's racks need more than the bag holds: {over})")
            code, params = "cbic_bag_supply", {"blanks": self.bag.blanks, "shortfall": dict(shortfall)}
        elif not squares:
            reason = (f"its support letter {letters} is nowhere on the board and "
                      + ("helper words are off" if not self.config.helpers else "no helper word brought one"))
            code, params = "cbic_no_support", {"letters": letters, "helpers": bool(self.config.helpers)}
        else:
            reasons: Counter[tuple[str, str]] = Counter()
            found = placements_through(state, self.check, w.word, w.supports, self.bag, reasons)
            repeated = sorted({p.sorted_rack for p in found} & state.racks)
            if found and self.config.distinct_racks and len(repeated) == len({p.sorted_rack for p in found}):
                reason = (f"every placement left would ask the rack {repeated[0]}, which another situation of the "
                          f"grid already asks")
                code, params = "cbic_same_rack", {"rack": repeated[0]}
            elif self.bag is not None and placements_through(state, self.check, w.word, w.supports, None):
                reason = "bag mode: its letters are used up (the bag and its blanks are empty for them)"
                code = "cbic_bag_used_up"
            else:
                counted = reasons.most_common()
                detail = "; ".join(f"{refusal_text(why, bad)} ({n})" for (why, bad), n in counted)
                reason = (f"no legal placement through its support letter {letters} "
                          f"({squares} square(s) hold it): {detail or 'no candidate'}")
                code = "cbic_no_placement"
                params = {"letters": letters, "squares": squares,
                          "refusals": [{"code": why, "word": bad, "count": n} for (why, bad), n in counted]}
        if self.stopped_by_time:
            reason += f"; the search stopped at its time budget of {self.time_budget:g} s"
            params["time_budget"] = self.time_budget
        return Message(reason, code, params)


def build_grid(lexicon: Any, words: list[ResolvedWord], *, central: str | None = None, seed: int = 0,
               bag: bool = False, time_budget: float = 10.0, config: SearchConfig | None = None,
               progress: Progress | None = None) -> Construction:
    """Run the construction (see the module docstring); inputs already checked by :mod:`.words`."""
    builder = Builder(lexicon, words, central=central, seed=seed, bag=bag, time_budget=time_budget,
                      config=config or SearchConfig(), progress=progress)
    return builder.build()
