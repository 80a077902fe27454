"""The order of a finished grid's words, chosen so that each revision word is the top of its situation.

Why: a situation is the board *before* its word, with the word's tiles as the rack. On that board other
plays of the same tiles often score more (a short word on a triple, an extension of a word already
there), and the learner's best answer is then not the list word. The final board does not fix the order
in which its words were laid: any order in which every word is a legal play through its one support
tile (that tile laid earlier) builds the same board. Words laid early meet a sparser board, with fewer
plays that outscore them.

:func:`resequence` rebuilds the steps greedily on an empty board after the central word: a revision
word whose placement scores the top of the board now goes first; else the helper word that lets the
most revision words score the top next; else the revision word laid first in the construction.
Every step is re-checked by :func:`engine.cbic.placements.placements_through` (same tiles, same word,
its cross-words in the lexicon on the board *of that moment*) and re-scored; when no order is found
the construction's own is kept. The situations' tops are computed afterwards, exactly, as always.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine.cbic.placements import WordCheck, placements_through
from engine.cbic.state import CENTRAL, HELPER, REVISION, GridState, Placement, Step
from engine.scrabble.board import SIZE

IsTop = Callable[[GridState, Placement], bool]
"""Whether the placement scores the top of ``state``'s board for its tiles as a rack (no play scores more)."""


def _owned_squares(step: Step) -> set[int]:
    return {r * SIZE + c for r, c, _ in step.placement.tiles}


def _support_square(placement: Placement) -> int:
    r, c = placement.support_square
    return r * SIZE + c


def _replay(state: GridState, check: WordCheck, step: Step) -> Placement | None:
    """The step's placement re-checked and re-scored on ``state`` (None if it is not legal there)."""
    p = step.placement
    square = _support_square(p)
    for candidate in placements_through(state, check, p.word, [p.support], None, squares=(square,)):
        if (candidate.row, candidate.col, candidate.dir) == (p.row, p.col, p.dir):
            return candidate
    return None


def resequence(state: GridState, check: WordCheck, is_top: IsTop,
               rng: random.Random | None = None) -> GridState | None:
    """The same final board, its steps reordered so that more revision words score their situation's top.

    ``state``: a finished construction without bag mode (blanks depend on the order there). ``rng``: breaks
    ties at random (several tries may find better orders); None takes the construction's order. Returns
    the new state, or None when the greedy order gets stuck (then keep ``state``).
    """
    steps = list(state.steps)
    if not steps or steps[0].kind != CENTRAL:
        return None
    owner = {sq: k for k, step in enumerate(steps) for sq in _owned_squares(step)}
    needs = {k: owner.get(_support_square(step.placement)) for k, step in enumerate(steps) if k}
    if any(v is None for v in needs.values()):
        return None
    current = GridState().apply(steps[0].placement, CENTRAL)
    placed = {0}
    while len(placed) < len(steps):
        ready = [k for k in range(1, len(steps)) if k not in placed and needs[k] in placed]
        legal: dict[int, Placement] = {}
        for k in ready:
            replayed = _replay(current, check, steps[k])
            if replayed is not None:
                legal[k] = replayed
        if not legal:
            return None
        revisions = [k for k in legal if steps[k].kind == REVISION]
        tops = [k for k in revisions if is_top(current, legal[k])]
        if tops:
            pick = rng.choice(sorted(tops)) if rng else min(tops)
        else:
            helpers = [k for k in legal if steps[k].kind == HELPER]
            pick = _best_helper(current, check, steps, helpers, legal, placed, needs, is_top, rng) \
                if helpers else (rng.choice(sorted(revisions)) if rng else min(revisions))
        step = steps[pick]
        current = current.apply(legal[pick], step.kind, step.word_id)
        placed.add(pick)
    return current


def _best_helper(current: GridState, check: WordCheck, steps: list[Step], helpers: list[int],
                 legal: dict[int, Placement], placed: set[int], needs: dict[int, int | None],
                 is_top: IsTop, rng: random.Random | None = None) -> int:
    """The helper after which the most revision words (ready then) score the top; ties: laid first (or at
    random with ``rng``)."""
    best: tuple[int, float] = (-1, 0.0)
    pick = min(helpers)
    for k in sorted(helpers):
        after = current.apply(legal[k], HELPER)
        done = placed | {k}
        count = 0
        for j, step in enumerate(steps):
            if j in done or step.kind != REVISION or needs.get(j) not in done:
                continue
            replayed = _replay(after, check, step)
            if replayed is not None and is_top(after, replayed):
                count += 1
        key = (count, rng.random() if rng else 0.0)
        if key > best:
            best, pick = key, k
    return pick


def _replay_all(state: GridState, check: WordCheck, steps: list[Step]) -> GridState | None:
    """``steps`` laid again from ``state``, each re-checked and re-scored (None when one is not legal)."""
    for step in steps:
        replayed = _replay(state, check, step)
        if replayed is None:
            return None
        state = state.apply(replayed, step.kind, step.word_id)
    return state


def relocations(state: GridState, check: WordCheck, index: int, word: str, supports: list[int],
                is_top: IsTop) -> Iterator[GridState]:
    """The grid with its step ``index`` (a revision word) moved to another place where it scores its top.

    Why: a situation whose top is another play is repaired locally, not by building the whole grid again.
    Only a word that no later step goes through can move: every other step is laid again in its order
    without it (each re-checked on the board of that moment, so the final board stays legal and connected),
    and the word is put back, through one of its ``supports`` (any square of that letter), after the step
    where one of its placements then scores the top — latest places first, since laying it late changes the
    fewest other situations. Yields each such grid (the caller keeps one with more tops, or none).
    """
    steps = list(state.steps)
    moved = steps[index]
    owned = _owned_squares(moved)
    if any(_support_square(step.placement) in owned for step in steps[index + 1:]):
        return
    others = steps[:index] + steps[index + 1:]
    prefix = GridState().apply(others[0].placement, CENTRAL)
    for k in range(1, index):  # the steps before it do not change
        prefix = prefix.apply(others[k].placement, others[k].kind, others[k].word_id)
    prefixes = [prefix]
    for step in others[index:]:
        replayed = _replay(prefixes[-1], check, step)
        if replayed is None:
            return
        prefixes.append(prefixes[-1].apply(replayed, step.kind, step.word_id))
    for at in range(len(prefixes) - 1, -1, -1):  # after others[index - 1 + at]
        before = prefixes[at]
        placements = placements_through(before, check, word, supports, None)
        if not placements:
            continue
        # Without bag mode every placement of the word is a play of the same rack: only those scoring the
        # most can be the top, and one question decides them.
        most = max(p.score for p in placements)
        best = [p for p in placements if p.score == most]
        if not is_top(before, best[0]):
            continue
        for placement in best:
            rest = _replay_all(before.apply(placement, REVISION, moved.word_id), check, others[index + at:])
            if rest is not None:
                yield rest


def with_helper_before(state: GridState, check: WordCheck, index: int, helper: Placement) -> GridState | None:
    """The grid with ``helper`` (legal on the board before step ``index``) laid just before that step, the
    steps from ``index`` on laid again after it, each re-checked (None when one is not legal any more).

    Why: a situation whose top is another play may be repaired by closing the spot of that play on its own
    board (:func:`engine.cbic.helpers.blocking_helpers`); the later steps are re-checked and re-scored on
    the new boards, so the final board stays legal and connected (the helper goes through a board tile).
    """
    if not 0 < index < len(state.steps):
        return None
    return _replay_all(prefix_before(state, index).apply(helper, HELPER), check, list(state.steps[index:]))


def prefix_before(state: GridState, index: int) -> GridState:
    """The grid as it was just before step ``index`` (its steps laid again as they were)."""
    steps = state.steps
    prefix = GridState().apply(steps[0].placement, CENTRAL)
    for step in steps[1:index]:
        prefix = prefix.apply(step.placement, step.kind, step.word_id)
    return prefix
