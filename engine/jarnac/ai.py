"""Jarnac opponents: ``choose_move(state, tree, level)`` gives the current player's next action.

Levels:

- ``easy``: never calls Jarnac!, never exchanges, and only "sees" words of at most 5 letters; among
  those it plays one at random (seeded by the game, so games replay identically);
- ``medium``: the seed's strategy: a Jarnac! with the longest word it can steal; then extend its
  own words first (the longest extension), else make the smallest new word;
- ``hard``: Jarnac! with the highest swing (see :class:`engine.jarnac.queries.Steal`); then it
  extends a word by as few letters as possible (each word placed earns a letter, so small steps
  draw more letters than one big jump to the same word), else makes the smallest new word; it ends
  the game by placing its eighth word as soon as that wins, and never while that leaves it behind.
  Chosen by measurement on French wfrench: greedy "highest score now" won only 15 of 40 games
  against medium; this policy won 40 of 40 in ``bench/jarnac.py``'s tournament.

Medium and hard exchange the three rarest loose letters (by the bag's distribution) when they have
at least 8 loose letters, none of which can make a move, and did not exchange on their previous
turn. That last condition is what makes every AI game end: the bag shrinks by at least one letter
every two turns, and with an empty bag the rules end the game.

A level only ever returns legal moves, built from the exact queries, so the AI never loses a turn to
a non-word. All choices are deterministic functions of the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.jarnac import queries, rules
from engine.jarnac.bag import JARNAC_DISTRIBUTION
from engine.jarnac.tree import AnagramTree

LEVELS = ("easy", "medium", "hard")
EASY_MAX_LENGTH = 5
EXCHANGE_MIN_RACK = 8


@dataclass(frozen=True)
class Option:
    """A word the current player can place now: a new word (``line`` None) or an extension."""

    word: str
    added: str
    line: int | None
    base: str | None

    @property
    def gain(self) -> int:
        return queries.word_score(self.word) - (queries.word_score(self.base) if self.base else 0)

    def move(self) -> rules.Move:
        return rules.play_move(self.word, self.line)


def play_options(state: rules.GameState, tree: AnagramTree) -> list[Option]:
    """Every legal successful ``play`` for the current player (extensions first, in line order)."""
    me = state.player
    options = [
        Option(found.word, found.added, line, base)
        for line, base in enumerate(me.lines)
        for found in queries.extensions(tree, base, me.rack)
    ]
    if len(me.lines) < rules.LINES:
        options += [Option(found.word, found.added, None, None) for found in queries.creations(tree, me.rack)]
    return options


def steal_options(state: rules.GameState, tree: AnagramTree) -> list[queries.Steal]:
    """Every successful Jarnac! the current player may call now (best swing first)."""
    if not rules.can_call_jarnac(state):
        return []
    return queries.steals(tree, list(state.opponent.lines), state.opponent.rack)


def choose_move(state: rules.GameState, tree: AnagramTree, level: str) -> rules.Move:
    """The next action of the current player at ``level``; raises ``ValueError`` on an unknown level
    and :class:`rules.IllegalMove` if the game is over."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    if state.phase == rules.OVER:
        raise rules.IllegalMove("game_over", "the game is over")
    if state.phase in (rules.START, rules.DRAW):
        if state.phase == rules.START and level != "easy":
            steal = _pick_steal(steal_options(state, tree), level)
            if steal is not None:
                return rules.jarnac_move(steal.word, steal.line)
        return _start_of_turn(state, tree, level)
    option = _PICKERS[level](state, play_options(state, tree))
    return option.move() if option is not None else rules.pass_move()


def play_turn(state: rules.GameState, tree: AnagramTree, level: str) -> rules.GameState:
    """Apply ``level``'s moves until the turn passes to the opponent or the game ends."""
    player, turn = state.current, state.turn
    while state.phase != rules.OVER and state.current == player and state.turn == turn:
        state = rules.apply_move(state, choose_move(state, tree, level), tree)
    return state


def play_game(tree: AnagramTree, levels: Sequence[str], seed: int | str,
              max_moves: int = 20_000) -> rules.GameState:
    """A whole AI-versus-AI game; ``RuntimeError`` if it has not ended after ``max_moves`` moves
    (it always does: see the module's note on exchanges)."""
    if len(levels) != 2:
        raise ValueError(f"a game has two players, got {len(levels)} levels")
    state = rules.new_game(seed, tree.language)
    for _ in range(max_moves):
        if state.phase == rules.OVER:
            return state
        state = rules.apply_move(state, choose_move(state, tree, levels[state.current]), tree)
    if state.phase == rules.OVER:
        return state
    raise RuntimeError(f"the game did not end within {max_moves} moves")


# -- choices ----------------------------------------------------------------------------------------

def _pick_steal(steals: list[queries.Steal], level: str) -> queries.Steal | None:
    if not steals:
        return None
    if level == "hard":
        return steals[0]  # already best swing first
    return min(steals, key=lambda s: (-len(s.word), s.word, s.base is not None, s.line or 0))


def _start_of_turn(state: rules.GameState, tree: AnagramTree, level: str) -> rules.Move:
    me = state.player
    if (level != "easy" and me.turns > 0 and len(me.rack) >= EXCHANGE_MIN_RACK
            and len(state.bag) >= rules.EXCHANGE_SIZE and not _exchanged_last_turn(state)
            and not play_options(state, tree)):
        rarest = sorted(me.rack, key=lambda letter: (JARNAC_DISTRIBUTION[letter], letter))
        return rules.exchange_move("".join(rarest[:rules.EXCHANGE_SIZE]))
    return rules.draw_move()


def _exchanged_last_turn(state: rules.GameState) -> bool:
    for entry in reversed(state.history):
        if entry["player"] == state.current and entry["move"]["type"] in ("draw", "exchange"):
            return bool(entry["move"]["type"] == "exchange")
    return False


def _easy(state: rules.GameState, options: list[Option]) -> Option | None:
    seen = [o for o in options if len(o.word) <= EASY_MAX_LENGTH]
    if not seen:
        return None
    return random.Random(f"jarnac-easy:{state.seed}:{len(state.history)}").choice(seen)


def _medium(state: rules.GameState, options: list[Option]) -> Option | None:
    extensions = [o for o in options if o.line is not None]
    if extensions:
        return min(extensions, key=lambda o: (-len(o.word), o.line, o.word))
    creations = [o for o in options if o.line is None]
    return min(creations, key=lambda o: (len(o.word), o.word)) if creations else None


def _hard(state: rules.GameState, options: list[Option]) -> Option | None:
    me, other = state.player.score, state.opponent.score
    last_line = len(state.player.lines) + 1 >= rules.LINES

    def ends_game(o: Option) -> bool:
        return o.line is None and last_line

    winning_ends = [o for o in options if ends_game(o) and me + o.gain > other]
    if winning_ends:  # close the game while ahead, with the biggest word
        return min(winning_ends, key=lambda o: (-o.gain, o.word))
    extensions = [o for o in options if o.line is not None]
    if extensions:
        # Fewest letters first: every word placed earns a letter, so 4 -> 5 -> 6 letters in two
        # plays scores the same as 4 -> 6 and draws one letter more (measured in bench/jarnac.py).
        return min(extensions, key=lambda o: (len(o.added), -len(o.word), o.word, o.line or 0))
    creations = [o for o in options if o.line is None and not ends_game(o)]
    return min(creations, key=lambda o: (len(o.word), o.word)) if creations else None


_PICKERS: dict[str, Callable[[rules.GameState, list[Option]], Option | None]] = {
    "easy": _easy, "medium": _medium, "hard": _hard,
}
