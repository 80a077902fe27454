"""Jarnac games against the AI: creation, the learner's moves, the AI's reply, hints, the end of
the game and its missed words sent to a revision list.

The rules are :mod:`engine.jarnac`'s (``apply_move``); this module decides what the web game adds:

- **Who plays**: the learner is player 0 and starts; the AI (``easy``, ``medium``, ``hard``) is
  player 1. When a move passes the turn, the AI's whole turn is computed in the same request
  (:func:`ai_turn`, well under a second at the hard level: see ``bench/jarnac.py --web``), so the
  learner always gets the board back with their turn started.
- **Storage**: each game keeps its seed and the engine's moves of both players; ``replay`` of those
  gives the stored state exactly (:func:`replayed_state`). The stored state is a cache so that a
  move does not replay the whole game.
- **Refusals** (:class:`MoveRefused`, a code and a sentence, the game unchanged): a word that is
  not in the lexicon (named; unlike the board game, a training tool tells rather than passes the
  turn), letters not in the reserve, a transformation that adds no letter or drops one, a line that
  does not exist, a move not allowed now (pass before drawing...). :class:`NotYourTurn` and
  :class:`GameOver` are conflicts (409 in the API).
- **Hidden letters**: the AI's loose letters and the bag's order never leave the server. A
  "Jarnac!" claim needing letters the AI does not have is a failed claim (the engine's
  ``not_available``: it ends the calls for the turn), so claims cannot probe the AI's reserve.
- **Missed words**: at the end, for every turn the learner ended, the longest transformation of
  each of their lines that was possible then and not played (:func:`missed_words`).
"""

from __future__ import annotations

import logging
import random
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.alphabet import InvalidWord, get_alphabet
from engine.jarnac import (
    AnagramTree,
    GameState,
    IllegalMove,
    ai,
    creations,
    from_json,
    longest_extensions,
    new_game,
    replay,
    rules,
    to_json,
)
from engine.jarnac import extensions as tree_extensions
from engine.jarnac.tree import MAX_WORD_LENGTH, MIN_WORD_LENGTH
from lexicon import selectors as lexicon_selectors
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_for, serving_version_number
from puzzles.jarnac.models import AI, PLAYER, JarnacGame
from training.lists import selectors as training_selectors
from training.lists import services as training_services

logger = logging.getLogger(__name__)

KINDS = ("create", "transform", "draw", "exchange", "pass", "jarnac")
LEVELS = tuple(ai.LEVELS)
MAX_MISSED = 30


class JarnacInputError(ValueError):
    """A game request or a review request that cannot be honoured; the message says why."""


class MoveRefused(ValueError):
    """A move the game refuses (nothing changes); ``code`` is stable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class NotYourTurn(Exception):
    """A move while the AI is to play (409)."""


class GameOver(Exception):
    """A move on a finished game (409)."""


# --- The lexicon as an anagram tree ---------------------------------------------------------------------

_TREES: weakref.WeakKeyDictionary[Any, AnagramTree] = weakref.WeakKeyDictionary()
_BUILDING: weakref.WeakKeyDictionary[Any, threading.Event] = weakref.WeakKeyDictionary()
_TREES_LOCK = threading.Lock()


def jarnac_tree(lexicon: Lexicon) -> AnagramTree:
    """The anagram tree of the lexicon's serving version, built once per process and compiled lexicon.

    Keyed weakly by the compiled GADDAG (``lexicon.selectors.gaddag_for``): a newly published version
    is a new GADDAG, so the next game uses it, and the old tree goes with the old GADDAG. A tree being
    built (by :func:`prepare_tree`'s thread or another request) is waited for, never built twice.
    """

    return _tree_of(gaddag_for(lexicon))


def _tree_of(gaddag: Any) -> AnagramTree:
    with _TREES_LOCK:
        cached = _TREES.get(gaddag)
        if cached is not None:
            return cached
        building = _BUILDING.get(gaddag)
        if building is None:
            building = _BUILDING[gaddag] = threading.Event()
            mine = True
        else:
            mine = False
    if not mine:
        building.wait()
        with _TREES_LOCK:
            cached = _TREES.get(gaddag)
        if cached is not None:
            return cached
        return _tree_of(gaddag)  # the other build failed: try again here (its error is this one's)
    try:
        # Jarnac's words only (3 to 9 letters): the walk stops at 9 letters (about 0.6 s of CPU for French).
        words = [w for w in gaddag.iter_words(MAX_WORD_LENGTH) if len(w) >= MIN_WORD_LENGTH]
        built = AnagramTree.from_words(words, gaddag.language)
        with _TREES_LOCK:
            return _TREES.setdefault(gaddag, built)
    finally:
        with _TREES_LOCK:
            _BUILDING.pop(gaddag, None)
        building.set()


def prepare_tree(lexicon: Lexicon) -> bool:
    """Start building the lexicon's tree in a background thread unless it is built or being built;
    True when a thread was started. The games page calls it, so that by the time the learner has
    chosen their settings, "New game" and the first moves find the tree ready."""
    try:
        gaddag = gaddag_for(lexicon)
    except Exception:  # noqa: BLE001 - a lexicon that cannot load is reported by the game request itself
        logger.warning("Jarnac: the lexicon %s could not be loaded ahead of a game", lexicon, exc_info=True)
        return False
    with _TREES_LOCK:
        if gaddag in _TREES or gaddag in _BUILDING:
            return False
    threading.Thread(target=_build_quietly, args=(gaddag,), name="jarnac-tree", daemon=True).start()
    return True


def _build_quietly(gaddag: Any) -> None:
    try:
        _tree_of(gaddag)
    except Exception:  # noqa: BLE001 - the next request builds again and reports the error
        logger.exception("Jarnac: building the anagram tree in the background failed")


def forget_trees() -> None:
    """Drop the per-process cache (tests)."""
    with _TREES_LOCK:
        _TREES.clear()
        _BUILDING.clear()


# --- Creating a game -----------------------------------------------------------------------------------

def resolve_lexicon(value: Any) -> Lexicon:
    """A lexicon from its id or its name; the site's French lexicon when ``value`` is empty."""
    if value is None or value == "":
        lexicon = lexicon_selectors.site_lexicon("fr")
        if lexicon is None:
            raise JarnacInputError(_("No lexicon is installed yet: ask an administrator to import one."))
        return lexicon
    if isinstance(value, Lexicon):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise JarnacInputError(_("The lexicon is given by its id or its name."))
    found = None
    if isinstance(value, int) or value.strip().isdigit():
        found = Lexicon.objects.filter(pk=int(value)).first()
    if found is None and isinstance(value, str):
        found = Lexicon.objects.filter(name=value.strip()).first()
    if found is None:
        raise JarnacInputError(_("There is no lexicon “%(lexicon)s”.") % {"lexicon": value})
    return found


def validate_level(level: Any) -> str:
    if not isinstance(level, str) or level not in LEVELS:
        raise JarnacInputError(_("Unknown level “%(level)s”: choose easy, medium or hard.") % {"level": level})
    return level


def start_game(user: Any, lexicon: Any, level: Any, *, seed: str | int | None = None) -> JarnacGame:
    """A new game for ``user`` against the AI at ``level``; the learner starts (their turn)."""
    level = validate_level(level)
    lexicon = resolve_lexicon(lexicon)
    if seed is None:
        seed = f"{random.SystemRandom().randrange(2**63):x}"
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise JarnacInputError(_("The seed must be a number or a text."))
    seed = str(seed)
    if not 1 <= len(seed) <= 64:
        raise JarnacInputError(_("The seed must have 1 to 64 characters."))
    state = new_game(seed, lexicon.language)
    # The tree is needed from the first word played, not to deal: built meanwhile (the games page
    # usually started it already), so a new game answers at once even in a fresh process.
    prepare_tree(lexicon)
    return JarnacGame.objects.create(owner=user, lexicon=lexicon, level=level, seed=seed, moves=[],
                                     state=to_json(state), lexicon_version=serving_version_number(lexicon))


def load_state(game: JarnacGame) -> GameState:
    """The stored state (checked by the engine's ``from_json``)."""
    return from_json(game.state)


def replayed_state(game: JarnacGame) -> GameState:
    """The state rebuilt from the seed and the moves alone, with the lexicon's tree and the words the game
    placed (a version published since, without one of them, does not change the replay)."""
    moves = list(game.moves)
    return replay(game.seed, moves, _PlayedWords(moves, jarnac_tree(game.lexicon)), game.lexicon.language)


# --- Moves -------------------------------------------------------------------------------------------

@dataclass
class MoveOutcome:
    """What a learner's move did: the game after it, and the AI's moves if the turn passed."""

    game: JarnacGame
    ai_moves: list[dict[str, Any]] = field(default_factory=list)
    ai_seconds: float = 0.0
    result: str = "ok"  # the learner's move: "ok", or "not_available" for a failed "Jarnac!"


def _line_index(value: Any, mine: bool) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise MoveRefused("bad_line", _("The line must be a number."))
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise MoveRefused("bad_line", _("The line must be a number.")) from None
    if not 0 <= number < rules.LINES:
        text = (_("There is no line %(line)s on your board (lines 0 to 7).") if mine
                else _("There is no line %(line)s on the opponent's board (lines 0 to 7)."))
        raise MoveRefused("bad_line", text % {"line": number})
    return number


def _word(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MoveRefused("no_word", _("Type a word."))
    return value.strip()


def engine_move(kind: Any, word: Any = None, line: Any = None, letters: Any = None) -> dict[str, Any]:
    """The engine's move for the API's ``kind`` (``create``, ``transform``, ``draw``, ``exchange``,
    ``pass``, ``jarnac``). Lines are 0-based: the learner's own for ``transform``, the opponent's for
    ``jarnac`` (empty for a word made from the opponent's loose letters alone)."""
    if kind not in KINDS:
        raise MoveRefused("bad_kind", _("Unknown move “%(kind)s”: choose create, transform, draw, exchange, "
                                        "pass or jarnac.") % {"kind": kind})
    if kind == "draw":
        return {"type": "draw"}
    if kind == "pass":
        return {"type": "pass"}
    if kind == "exchange":
        if not isinstance(letters, str) or not letters.strip():
            raise MoveRefused("bad_letters", _("Choose the 3 letters to exchange."))
        return {"type": "exchange", "letters": letters.strip()}
    if kind == "create":
        return {"type": "play", "word": _word(word), "line": None}
    if kind == "transform":
        index = _line_index(line, mine=True)
        if index is None:
            raise MoveRefused("bad_line", _("Choose the line to transform."))
        return {"type": "play", "word": _word(word), "line": index}
    return {"type": "jarnac", "word": _word(word), "line": _line_index(line, mine=False)}


def _normalised_word(state: GameState, text: str) -> str:
    try:
        word = get_alphabet(state.language).normalise(text)
    except InvalidWord:
        raise MoveRefused("bad_word", _("“%(word)s” has characters that are not letters.") % {"word": text}) from None
    if not MIN_WORD_LENGTH <= len(word) <= MAX_WORD_LENGTH:
        raise MoveRefused("bad_length", _("%(word)s has %(n)s letters: a word has 3 to 9 letters.")
                          % {"word": word, "n": len(word)})
    return word


def refusal(exc: IllegalMove, state: GameState, move: dict[str, Any]) -> MoveRefused:
    """The engine's refusal in the learner's words (never naming the AI's loose letters)."""
    code = exc.code
    word = move.get("word") or ""
    me = state.players[PLAYER]
    if code == "missing_letters":
        from collections import Counter

        if move["type"] == "exchange":
            wanted = Counter(move.get("letters", "").upper())
        else:
            wanted = Counter(word)
            if move.get("line") is not None and move["line"] < len(me.lines):
                wanted.subtract(me.lines[move["line"]])
        have = Counter(me.rack)
        missing = "".join(sorted((Counter({k: v for k, v in wanted.items() if v > 0}) - have).elements()))
        return MoveRefused(code, _("Your reserve (%(rack)s) lacks the letters %(missing)s.")
                           % {"rack": me.rack or "—", "missing": missing or word})
    messages = {
        "drops_letters": _("%(word)s does not use all the letters of %(base)s: a transformation keeps every "
                           "letter of the line and adds at least one."),
        "adds_nothing": _("%(word)s adds no letter to %(base)s: take at least one letter from the reserve."),
        "bad_line": _("There is no word on that line."),
        "no_free_line": _("All your 8 lines are used: transform a word instead."),
        "bad_word": _("“%(word)s” has characters that are not letters."),
        "bad_length": _("%(word)s has %(n)s letters: a word has 3 to 9 letters."),
        "bad_letters": _("An exchange gives back exactly 3 letters of your reserve."),
        "bag_too_small": _("The bag has fewer than 3 letters: no more exchanges."),
        "first_turn": _("Your first turn starts by drawing six letters."),
        "no_opponent_turn": _("The opponent has not played yet: there is nothing to steal."),
        "game_over": _("The game is over."),
    }
    if code == "wrong_phase":
        if move["type"] == "jarnac":
            text = _("“Jarnac!” is called at the start of your turn, before drawing, and a failed call ends "
                     "the calls for the turn.")
        elif move["type"] in ("draw", "exchange"):
            text = _("You have already drawn or exchanged this turn: play words or pass.")
        else:
            text = _("Draw a letter (or exchange three) first.")
        return MoveRefused(code, text)
    base = ""
    line = move.get("line")
    if move["type"] == "play" and line is not None and line < len(me.lines):
        base = me.lines[line]
    elif move["type"] == "jarnac" and line is not None and line < len(state.players[AI].lines):
        base = state.players[AI].lines[line]
    text = messages.get(code, _("That move is not allowed now."))
    return MoveRefused(code, text % {"word": word.upper(), "base": base, "n": len(word)} if "%(" in text else text)


def _apply_checked(state: GameState, move: dict[str, Any], tree: AnagramTree | None, lexicon: Lexicon) -> GameState:
    """Apply the learner's move, refusing non-words before the engine would count them as failures
    (``tree`` may be None for the moves without a word: draw, exchange, pass)."""
    if move["type"] in ("play", "jarnac"):
        word = _normalised_word(state, move["word"])
        move = {**move, "word": word}
        if word not in tree:  # type: ignore[operator]  # play and jarnac moves come with the tree (the caller loads it for them)
            raise MoveRefused("not_a_word", _("%(word)s is not a word of the lexicon %(lexicon)s.")
                              % {"word": word, "lexicon": lexicon.name})
    try:
        after = rules.apply_move(state, move, tree)  # type: ignore[arg-type]  # only words read the tree; draws and exchanges pass None
    except IllegalMove as exc:
        raise refusal(exc, state, move) from None
    return after


def ai_turn(state: GameState, tree: AnagramTree, level: str) -> tuple[GameState, list[dict[str, Any]]]:
    """The AI's whole turn (the engine's ``play_turn``) and the moves it made (engine JSON)."""
    before = len(state.history)
    after = ai.play_turn(state, tree, level)
    return after, [dict(entry["move"]) for entry in after.history[before:]]


def play(game: JarnacGame, user: Any, kind: Any, *, word: Any = None, line: Any = None,
         letters: Any = None) -> MoveOutcome:
    """Play the learner's move, then the AI's turn if the turn passed; refusals change nothing."""
    move = engine_move(kind, word, line, letters)
    with transaction.atomic():
        game = JarnacGame.objects.select_for_update().select_related("lexicon").get(pk=game.pk, owner=user)
        if game.is_over:
            raise GameOver(_("The game is over."))
        state = load_state(game)
        if state.phase == rules.OVER:
            raise GameOver(_("The game is over."))
        if state.current != PLAYER:
            raise NotYourTurn(_("It is not your turn."))
        # Only words need the lexicon's tree: a draw, an exchange or the end of a turn do not wait for its
        # build (the first draw of a game just started in a fresh process answers at once).
        tree = jarnac_tree(game.lexicon) if move["type"] in ("play", "jarnac") else None
        state = _apply_checked(state, move, tree, game.lexicon)
        result = state.history[-1]["result"]
        moves = [*game.moves, state.history[-1]["move"]]
        ai_moves: list[dict[str, Any]] = []
        started = time.perf_counter()
        if state.phase != rules.OVER and state.current == AI:
            tree = tree or jarnac_tree(game.lexicon)
            state, ai_moves = ai_turn(state, tree, game.level)
            moves += ai_moves
        seconds = time.perf_counter() - started
        if ai_moves:
            logger.info("jarnac game %s: %s AI (%s moves) in %.1f ms", game.pk, game.level, len(ai_moves),
                        seconds * 1000)
        _store(game, state, moves)
    return MoveOutcome(game, [dict(entry) for entry in state.history[len(state.history) - len(ai_moves):]]
                       if ai_moves else [], seconds, result)


def _store(game: JarnacGame, state: GameState, moves: list[dict[str, Any]]) -> None:
    game.moves = moves
    game.state = to_json(state)
    game.score, game.opponent_score = rules.scores(state)
    if state.phase == rules.OVER:
        game.status = JarnacGame.Status.OVER
        game.finished_at = timezone.now()
        winner = rules.winner(state)
        game.winner = "tie" if winner is None else ("you" if winner == PLAYER else "opponent")
        game.missed = missed_words(game)
    game.save()


# --- Hints ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LineHint:
    line: int
    word: str
    count: int
    example: str | None
    added: str | None


@dataclass(frozen=True)
class Hint:
    """For each of the learner's lines, how many transformations the reserve allows and one of them
    (the longest); plus how many new words the reserve alone makes, and one."""

    reserve: str
    lines: list[LineHint]
    creations: int
    creation: str | None

    @property
    def total(self) -> int:
        return sum(h.count for h in self.lines)


def hint(game: JarnacGame) -> Hint:
    """Hints from the anagram tree, for the learner's reserve as it is now."""

    if game.is_over:
        raise GameOver(_("The game is over."))
    state = load_state(game)
    tree = jarnac_tree(game.lexicon)
    me = state.players[PLAYER]
    lines = []
    for index, base in enumerate(me.lines):
        found = tree_extensions(tree, base, me.rack) if me.rack else []
        lines.append(LineHint(index, base, len(found), found[0].word if found else None,
                              found[0].added if found else None))
    made = creations(tree, me.rack) if me.rack and len(me.lines) < rules.LINES else []
    return Hint(me.rack, lines, len(made), made[0].word if made else None)


# --- End of game: missed words and the review list ------------------------------------------------------

class _PlayedWords:
    """The lexicon a replay needs: the tree, plus every word the game's moves placed.

    Refused non-words never reach the stored moves, so every word in them was accepted when it was
    played; a lexicon version published since then, without one of them, must not change the replay.
    """

    def __init__(self, moves: list[dict[str, Any]], tree: AnagramTree) -> None:
        self.words = {m["word"] for m in moves if m.get("word")}
        self.tree = tree

    def __contains__(self, word: object) -> bool:
        return word in self.words or word in self.tree


def missed_words(game: JarnacGame) -> list[dict[str, Any]]:
    """Words the learner could have made and did not: at each end of one of their turns (a pass), the
    longest transformation of each of their lines that the reserve allowed then, unless they played
    that word later. Computed once, when the game ends (stored in ``game.missed``).

    Replays the game (the stored moves); ``[{"word", "base", "turn"}]``, longest first, each word once.
    """
    tree = jarnac_tree(game.lexicon)
    judge = _PlayedWords(game.moves, tree)
    state = new_game(game.seed, game.lexicon.language)
    found: dict[str, dict[str, Any]] = {}
    for move in game.moves:
        if state.current == PLAYER and move["type"] == "pass" and state.phase == rules.PLAY:
            me = state.players[PLAYER]
            for base in me.lines:
                for best in longest_extensions(tree, base, me.rack)[:1]:
                    found.setdefault(best.word, {"word": best.word, "base": base, "turn": state.turn})
        state = rules.apply_move(state, move, judge)
    played = {entry["move"]["word"] for entry in state.history
              if entry["player"] == PLAYER and entry["result"] == "ok" and entry["move"].get("word")}
    ordered = sorted((m for m in found.values() if m["word"] not in played),
                     key=lambda m: (-len(m["word"]), m["word"]))
    return ordered[:MAX_MISSED]


def jarnac_list_name() -> str:
    return _("Jarnac: missed words")


def review_list(user: Any, lexicon: Lexicon, list_id: Any = None) -> Any:
    """The revision list to receive missed words: the user's list ``list_id`` (404 if not theirs), else
    their list named "Jarnac: missed words" of that lexicon, created on first use."""

    if list_id not in (None, ""):
        chosen = training_selectors.get_own_list(user, list_id)
        if chosen.lexicon_id != lexicon.pk:
            raise JarnacInputError(_("The list “%(list)s” is a list of the lexicon %(other)s, not %(lexicon)s.")
                                   % {"list": chosen.name, "other": chosen.lexicon.name, "lexicon": lexicon.name})
        return chosen
    return training_services.own_list_named(user, lexicon, jarnac_list_name(),
                                            _("Words missed in Jarnac games (transformations not played)."))


@dataclass
class ReviewOutcome:
    revision_list: Any
    added: list[str]
    skipped: list[dict[str, str]]


def add_missed_to_review(game: JarnacGame, user: Any, words: Any = None, list_id: Any = None) -> ReviewOutcome:
    """Add missed words of a finished game to a revision list (all of them when ``words`` is empty).

    Words longer than a revision word may be (8 letters), or already in the list, are reported in
    ``skipped`` with the reason; only words of the game's missed list are accepted.
    """

    if not game.is_over:
        raise GameOver(_("The missed words are known at the end of the game."))
    missed = [m["word"] for m in game.missed]
    if words in (None, "", []):
        chosen = missed
    elif isinstance(words, list) and all(isinstance(w, str) for w in words):
        chosen = [w.strip().upper() for w in words]
        unknown = [w for w in chosen if w not in missed]
        if unknown:
            raise JarnacInputError(_("%(words)s: not among the words missed in this game.")
                                   % {"words": ", ".join(unknown)})
    else:
        raise JarnacInputError(_("words must be a list of the game's missed words."))
    if not chosen:
        raise JarnacInputError(_("No word was missed in this game."))
    revision_list = review_list(user, game.lexicon, list_id)
    sent = training_services.send_to_revision_list(revision_list, dict.fromkeys(chosen), on_duplicate="skip")
    if sent.added:
        game.review_words = list(dict.fromkeys([*game.review_words, *sent.added]))
        game.save(update_fields=["review_words", "updated_at"])
    return ReviewOutcome(revision_list, sent.added, sent.skipped)
