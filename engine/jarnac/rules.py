"""Jarnac's rules as a pure function: ``apply_move(state, move, lexicon) -> new state``.

Nothing here mutates, reads a clock or draws fresh randomness: the bag's order is part of the
state (shuffled from the game's seed), so the web layer can store the JSON of a state, or only the
seed and the list of moves, and replay a game exactly.

The game (two players; each has a mat of 8 lines of 9 squares, and loose letters, the *rack*):

1. A turn starts in phase ``start``. The player may first call "Jarnac!" (``jarnac`` moves, as many
   as they find) on words the opponent could have made at the end of their last turn: a word from
   the opponent's loose letters alone, or one of the opponent's words extended with some of them.
   The word goes onto the caller's next free line; the opponent loses the letters and, for an
   extension, that line. A claim that is not a word of the lexicon, or that needs loose letters the
   opponent does not have (result ``not_available``: reserves may be hidden, so a wrong guess must
   not be a free probe), fails with no effect and ends the calling of Jarnac for this turn (phase
   ``draw``).
2. Then the player must ``draw`` (six letters on their very first turn, one afterwards) or
   ``exchange`` three loose letters (not on the first turn; the bag must hold at least three: the
   player draws three, then puts the chosen three back and the bag is reshuffled). Phase ``play``.
3. The player then ``play``s words as long as they like: a new word from loose letters on a free line,
   or one of their words extended with one or more loose letters, rearranged at will (letters are
   never removed). Each word placed earns one letter from the bag. A word that is not in the lexicon
   is an invalid attempt: the letters go back and the turn passes. ``pass`` ends the turn.

Words have 3 to 9 letters. Scores: each word on a player's lines is worth the square of its length.

Sources for the rules: French Wikipedia, "Jarnac (jeu)"; cruciverbiste.com "Règles du Jarnac";
lededale.fr's Jarnac page. They agree on the turn structure; on the end, lededale.fr says the game
ends when a player has filled their 8th line while cruciverbiste.com speaks of reaching the 7th line
and being unable to go on. We follow the 8th line. None says whether a Jarnac! earns a letter: here
it does not (the stolen letters come from the opponent, not the bag).

End of game (``phase == "over"``): as soon as a player has a word on each of their 8 lines (after
a play or a Jarnac); or, once the bag is empty, when two turns in a row end without any word placed
or stolen (neither player can or will do anything more). The bag alone never ends the game: with an
empty bag, a draw simply draws nothing.

Storing states as JSON is :mod:`engine.jarnac.storage`'s job.

Moves that the physical game makes impossible (wrong phase, letters the player does not have, a bad
line, a word that drops letters of the one it extends, lengths outside 3..9, no free line) raise
:class:`IllegalMove` and leave the state as it was; only "not a word of the lexicon" is a legal but
failed attempt, recorded in the history.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.alphabet import InvalidWord, get_alphabet
from engine.jarnac import bag as bagmod
from engine.jarnac.tree import MAX_WORD_LENGTH, MIN_WORD_LENGTH

STATE_VERSION = 1
LINES = 8
FIRST_DRAW = 6
EXCHANGE_SIZE = 3

START = "start"
DRAW = "draw"
PLAY = "play"
OVER = "over"
PHASES = (START, DRAW, PLAY, OVER)

MOVE_TYPES = ("jarnac", "draw", "exchange", "play", "pass")


class Lexicon(Protocol):
    """What the rules need of a lexicon: membership of normalised words (an AnagramTree fits)."""

    def __contains__(self, word: object) -> bool: ...


class IllegalMove(ValueError):
    """A move the rules do not allow now; ``code`` is a stable machine-readable reason."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class PlayerState:
    """One player's mat: ``lines`` (words in order of placement) and ``rack`` (sorted loose letters).

    ``turns`` counts the turns the player has started by drawing or exchanging (0 = never played,
    so their next draw is the six-letter first draw).
    """

    lines: tuple[str, ...] = ()
    rack: str = ""
    turns: int = 0

    @property
    def score(self) -> int:
        return sum(len(word) * len(word) for word in self.lines)


@dataclass(frozen=True)
class Move:
    """One action. ``word`` for jarnac/play, ``line`` (0-based, or None for a new word) for
    jarnac (the *opponent's* line) and play (the player's own line), ``letters`` for exchange."""

    type: str
    word: str | None = None
    line: int | None = None
    letters: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.type in ("jarnac", "play"):
            out["word"] = self.word
            out["line"] = self.line
        if self.type == "exchange":
            out["letters"] = self.letters
        return out

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """Parse ``{"type": ..., ...}``; a clear :class:`IllegalMove` (code ``bad_move``) if malformed."""
        if isinstance(data, Move):
            return data
        if not isinstance(data, dict):
            raise IllegalMove("bad_move", f"a move is a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        if kind not in MOVE_TYPES:
            raise IllegalMove("bad_move", f"move type {kind!r} is not one of {', '.join(MOVE_TYPES)}")
        word = line = letters = None
        if kind in ("jarnac", "play"):
            word = data.get("word")
            if not isinstance(word, str):
                raise IllegalMove("bad_move", f"a {kind} move needs a 'word' string, got {word!r}")
            line = data.get("line")
            if line is not None and (not isinstance(line, int) or isinstance(line, bool)):
                raise IllegalMove("bad_move", f"'line' must be an integer or null, got {line!r}")
        if kind == "exchange":
            letters = data.get("letters")
            if not isinstance(letters, str):
                raise IllegalMove("bad_move", f"an exchange needs a 'letters' string, got {letters!r}")
        return cls(kind, word, line, letters)


def draw_move() -> Move:
    return Move("draw")


def exchange_move(letters: str) -> Move:
    return Move("exchange", letters=letters)


def play_move(word: str, line: int | None = None) -> Move:
    return Move("play", word=word, line=line)


def jarnac_move(word: str, line: int | None = None) -> Move:
    return Move("jarnac", word=word, line=line)


def pass_move() -> Move:
    return Move("pass")


@dataclass(frozen=True)
class GameState:
    """The whole game. Treat as immutable; ``history`` entries are plain JSON dicts (one per move:
    ``turn``, ``player``, ``move``, ``result`` and what the move drew, returned or took)."""

    language: str
    seed: str
    bag: str
    players: tuple[PlayerState, PlayerState]
    current: int = 0
    phase: str = START
    turn: int = 1
    succeeded: bool = False
    idle_turns: int = 0
    end_reason: str | None = None
    history: tuple[dict[str, Any], ...] = field(default=(), compare=True)

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def opponent(self) -> PlayerState:
        return self.players[1 - self.current]


# -- creation and queries ---------------------------------------------------------------------------

def new_game(seed: int | str, language: str = "fr") -> GameState:
    """A new game: shuffled bag, empty mats, player 0 to start (their first draw gives six letters)."""
    get_alphabet(language)  # a clear error for an unknown language
    seed = str(seed)
    return GameState(language=language, seed=seed, bag=bagmod.new_bag(seed),
                     players=(PlayerState(), PlayerState()))


def scores(state: GameState) -> tuple[int, int]:
    """Both players' scores (sum of the squares of their words' lengths)."""
    return state.players[0].score, state.players[1].score


def winner(state: GameState) -> int | None:
    """The winner's index once the game is over; ``None`` while it goes on or on a tie."""
    if state.phase != OVER:
        return None
    first, second = scores(state)
    if first == second:
        return None
    return 0 if first > second else 1


def is_first_turn(state: GameState) -> bool:
    """Whether the current player has not drawn yet in this game (their draw will be six letters)."""
    return state.player.turns == 0


def can_call_jarnac(state: GameState) -> bool:
    """Whether a Jarnac! may be called now (start of a turn, the opponent has had a turn)."""
    return state.phase == START and state.opponent.turns > 0 and len(state.player.lines) < LINES


def allowed_moves(state: GameState) -> list[str]:
    """The move types the current player may try now (which buttons a page shows).

    A type listed here can still be refused for its content (letters, line, word); one not listed
    is always refused with ``wrong_phase``, ``first_turn``, ``bag_too_small`` or ``game_over``.
    """
    if state.phase == OVER:
        return []
    if state.phase == PLAY:
        return ["play", "pass"]
    allowed = ["jarnac"] if can_call_jarnac(state) else []
    allowed.append("draw")
    if state.player.turns > 0 and len(state.player.rack) >= EXCHANGE_SIZE and len(state.bag) >= EXCHANGE_SIZE:
        allowed.append("exchange")
    return allowed


# -- the transition ---------------------------------------------------------------------------------

def apply_move(state: GameState, move: Move | dict[str, Any], lexicon: Lexicon) -> GameState:
    """The state after ``move`` by the current player. Raises :class:`IllegalMove` (state unchanged)
    for a move the rules forbid now; a word missing from ``lexicon`` is a failed attempt instead."""
    move = Move.from_json(move)
    if state.phase == OVER:
        raise IllegalMove("game_over", "the game is over")
    if move.type == "jarnac":
        return _jarnac(state, move, lexicon)
    if move.type == "draw":
        return _draw(state, move)
    if move.type == "exchange":
        return _exchange(state, move)
    if move.type == "play":
        return _play(state, move, lexicon)
    return _pass(state, move)


def replay(seed: int | str, moves: list[dict[str, Any]] | list[Move], lexicon: Lexicon,
           language: str = "fr") -> GameState:
    """Rebuild a game from its seed and moves (the web layer may store just these)."""
    state = new_game(seed, language)
    for move in moves:
        state = apply_move(state, move, lexicon)
    return state


def _record(state: GameState, move: Move, result: str, **details: Any) -> tuple[dict[str, Any], ...]:
    entry = {"turn": state.turn, "player": state.current, "move": move.to_json(), "result": result}
    entry.update(details)
    return (*state.history, entry)


def _with_player(state: GameState, index: int, player: PlayerState) -> tuple[PlayerState, PlayerState]:
    players = list(state.players)
    players[index] = player
    return players[0], players[1]


def _normalise(state: GameState, word: str) -> str:
    try:
        letters = get_alphabet(state.language).normalise(word)
    except InvalidWord as exc:
        raise IllegalMove("bad_word", str(exc)) from None
    if not MIN_WORD_LENGTH <= len(letters) <= MAX_WORD_LENGTH:
        raise IllegalMove("bad_length", f"{letters!r} has {len(letters)} letters; a word has "
                                        f"{MIN_WORD_LENGTH} to {MAX_WORD_LENGTH}")
    return letters


def _take(rack: str, letters: str, owner: str) -> str:
    """``rack`` without ``letters`` (sorted), or :class:`IllegalMove` naming the missing letters."""
    rest = Counter(rack)
    rest.subtract(letters)
    missing = sorted((-rest).elements())
    if missing:
        raise IllegalMove("missing_letters", f"{owner} loose letters {rack!r} lack {''.join(missing)!r}")
    return "".join(sorted(rest.elements()))


def _added_letters(base: str, word: str) -> str:
    """The letters ``word`` adds to ``base``; :class:`IllegalMove` if it drops some or adds none."""
    rest = Counter(word)
    rest.subtract(base)
    dropped = sorted((-rest).elements())
    if dropped:
        raise IllegalMove("drops_letters", f"{word!r} does not contain {''.join(dropped)!r} of "
                                           f"{base!r}: letters are never removed")
    added = "".join(sorted(rest.elements()))
    if not added:
        raise IllegalMove("adds_nothing", f"{word!r} adds no letter to {base!r}")
    return added


def _word_on_line(lines: tuple[str, ...], line: int, owner: str) -> str:
    if not 0 <= line < len(lines):
        raise IllegalMove("bad_line", f"{owner} have no word on line {line} (lines 0..{len(lines) - 1})"
                          if lines else f"{owner} have no word yet (line {line})")
    return lines[line]


def _jarnac(state: GameState, move: Move, lexicon: Lexicon) -> GameState:
    if state.phase != START:
        raise IllegalMove("wrong_phase", "Jarnac! is called at the start of a turn, before drawing"
                          if state.phase == PLAY else "a failed Jarnac! ends the calls for this turn")
    if state.opponent.turns == 0:
        raise IllegalMove("no_opponent_turn", "the opponent has not played a turn yet")
    if len(state.player.lines) >= LINES:
        raise IllegalMove("no_free_line", "you have no free line for a stolen word")
    word = _normalise(state, move.word or "")
    move = replace(move, word=word)  # the history keeps the normalised spelling
    opponent = state.opponent
    if move.line is None:
        base, added = None, "".join(sorted(word))
    else:
        base = _word_on_line(opponent.lines, move.line, "they")
        added = _added_letters(base, word)
    rest = Counter(opponent.rack)
    rest.subtract(added)
    if any(count < 0 for count in rest.values()):
        # The web game hides each player's loose letters: a claim they cannot make is judged like
        # a claim that is not a word (it fails and ends the calls), so no one can probe a reserve
        # by trying claims one after another.
        return replace(state, phase=DRAW, history=_record(state, move, "not_available"))
    rack = "".join(sorted(rest.elements()))
    if word not in lexicon:
        return replace(state, phase=DRAW,
                       history=_record(state, move, "not_a_word"))
    lines = opponent.lines
    if move.line is not None:
        lines = lines[:move.line] + lines[move.line + 1:]
    new_opponent = replace(opponent, lines=lines, rack=rack)
    new_me = replace(state.player, lines=(*state.player.lines, word))
    players = (new_me, new_opponent) if state.current == 0 else (new_opponent, new_me)
    after = replace(state, players=players, succeeded=True,
                    history=_record(state, move, "ok", taken=added, base=base))
    if len(new_me.lines) >= LINES:
        return replace(after, phase=OVER, end_reason="eighth_line")
    return after


def _draw(state: GameState, move: Move) -> GameState:
    if state.phase not in (START, DRAW):
        raise IllegalMove("wrong_phase", "you have already drawn or exchanged this turn")
    me = state.player
    count = FIRST_DRAW if me.turns == 0 else 1
    drawn, rest = bagmod.draw(state.bag, count)
    players = _with_player(state, state.current,
                           replace(me, rack="".join(sorted(me.rack + drawn)), turns=me.turns + 1))
    return replace(state, bag=rest, players=players, phase=PLAY,
                   history=_record(state, move, "ok", drawn=drawn))


def _exchange(state: GameState, move: Move) -> GameState:
    if state.phase not in (START, DRAW):
        raise IllegalMove("wrong_phase", "you have already drawn or exchanged this turn")
    me = state.player
    if me.turns == 0:
        raise IllegalMove("first_turn", "the first turn starts by drawing six letters, not an exchange")
    try:
        letters = get_alphabet(state.language).normalise(move.letters or "")
    except InvalidWord as exc:
        raise IllegalMove("bad_letters", f"exchange letters: {exc}") from None
    if len(letters) != EXCHANGE_SIZE:
        raise IllegalMove("bad_letters", f"an exchange returns exactly {EXCHANGE_SIZE} letters, "
                                         f"not {len(letters)} ({letters!r})")
    if len(state.bag) < EXCHANGE_SIZE:
        raise IllegalMove("bag_too_small", f"the bag has {len(state.bag)} letters; an exchange needs "
                                           f"{EXCHANGE_SIZE}")
    rack = _take(me.rack, letters, "your")
    move = replace(move, letters=letters)
    drawn, rest = bagmod.draw(state.bag, EXCHANGE_SIZE)
    bag = bagmod.put_back(rest, letters, f"jarnac-exchange:{state.seed}:{len(state.history)}")
    players = _with_player(state, state.current,
                           replace(me, rack="".join(sorted(rack + drawn)), turns=me.turns + 1))
    return replace(state, bag=bag, players=players, phase=PLAY,
                   history=_record(state, move, "ok", drawn=drawn, returned="".join(sorted(letters))))


def _play(state: GameState, move: Move, lexicon: Lexicon) -> GameState:
    if state.phase != PLAY:
        raise IllegalMove("wrong_phase", "draw a letter or exchange three before playing a word")
    me = state.player
    word = _normalise(state, move.word or "")
    move = replace(move, word=word)  # the history keeps the normalised spelling
    if move.line is None:
        if len(me.lines) >= LINES:
            raise IllegalMove("no_free_line", "all your lines are used; extend a word instead")
        base, added = None, "".join(sorted(word))
    else:
        base = _word_on_line(me.lines, move.line, "you")
        added = _added_letters(base, word)
    rack = _take(me.rack, added, "your")
    if word not in lexicon:
        failed = replace(state, history=_record(state, move, "not_a_word"))
        return _end_turn(failed)
    if move.line is None:
        lines = (*me.lines, word)
    else:
        lines = me.lines[:move.line] + (word,) + me.lines[move.line + 1:]
    drawn, rest = bagmod.draw(state.bag, 1)
    new_me = replace(me, lines=lines, rack="".join(sorted(rack + drawn)))
    after = replace(state, bag=rest, players=_with_player(state, state.current, new_me), succeeded=True,
                    history=_record(state, move, "ok", used=added, base=base, drawn=drawn))
    if len(lines) >= LINES:
        return replace(after, phase=OVER, end_reason="eighth_line")
    return after


def _pass(state: GameState, move: Move) -> GameState:
    if state.phase != PLAY:
        raise IllegalMove("wrong_phase", "draw a letter or exchange three before ending the turn")
    return _end_turn(replace(state, history=_record(state, move, "ok")))


def _end_turn(state: GameState) -> GameState:
    idle = state.idle_turns + 1 if not state.bag and not state.succeeded else 0
    if idle >= 2:
        return replace(state, idle_turns=idle, phase=OVER, end_reason="bag_empty")
    return replace(state, current=1 - state.current, phase=START, turn=state.turn + 1,
                   succeeded=False, idle_turns=idle)


def describe(event: dict[str, Any]) -> str:
    """A one-line human description of a history entry (for logs and the command line)."""
    move = event["move"]
    kind = move["type"]
    if kind == "draw":
        return f"draws {event.get('drawn') or 'nothing'}"
    if kind == "exchange":
        return f"exchanges {event.get('returned')} for {event.get('drawn')}"
    if kind == "pass":
        return "passes"
    where = "new word" if move["line"] is None else f"line {move['line']}"
    verb = "Jarnac!" if kind == "jarnac" else "plays"
    if event["result"] == "not_available":
        return f"{verb} {move['word']} ({where}): the letters were not there, no more Jarnac! this turn"
    if event["result"] != "ok":
        return f"{verb} {move['word']} ({where}): not a word, " + (
            "turn passes" if kind == "play" else "no more Jarnac! this turn")
    base = f" from {event['base']}" if event.get("base") else ""
    return f"{verb} {move['word']} ({where}{base})"
