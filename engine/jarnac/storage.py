"""Storing Jarnac games: a :class:`GameState` to JSON-ready data and back, and the public view.

Kept apart from the rules so that the transition code stays about the game only. ``from_json``
trusts nothing: a state read back from a database or a file is checked field by field, and its
letters must be exactly Jarnac's 144 tiles, so an edited or truncated state is refused with a message
naming the faulty field instead of failing later in the middle of a move.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.alphabet import get_alphabet
from engine.jarnac import bag as bagmod
from engine.jarnac.rules import (
    LINES,
    PHASES,
    STATE_VERSION,
    GameState,
    PlayerState,
    allowed_moves,
    winner,
)
from engine.jarnac.tree import MAX_WORD_LENGTH, MIN_WORD_LENGTH


class StateError(ValueError):
    """A stored state that cannot be a Jarnac game; the message names the faulty field."""


def to_json(state: GameState) -> dict[str, Any]:
    """The full state as JSON-ready data (it includes the bag's order: keep it server-side)."""
    return {
        "version": STATE_VERSION,
        "language": state.language,
        "seed": state.seed,
        "bag": state.bag,
        "players": [{"lines": list(p.lines), "rack": p.rack, "turns": p.turns, "score": p.score}
                    for p in state.players],
        "current": state.current,
        "phase": state.phase,
        "turn": state.turn,
        "succeeded": state.succeeded,
        "idle_turns": state.idle_turns,
        "end_reason": state.end_reason,
        "winner": winner(state),
        "history": [dict(entry) for entry in state.history],
    }


def public_view(state: GameState) -> dict[str, Any]:
    """What both players may see: everything but the bag's order (its size instead) and the seed,
    plus ``allowed_moves`` (the move types the current player may try now)."""
    view = to_json(state)
    view["bag_size"] = len(view.pop("bag"))
    view.pop("seed")
    view["allowed_moves"] = allowed_moves(state)
    return view


def from_json(data: Any) -> GameState:
    """Rebuild a state from :func:`to_json` output, checking it can be a real game.

    Beyond types and ranges, the letters of bag, racks and lines must together be exactly Jarnac's
    144 tiles: a stored state that was edited or truncated is refused with :class:`StateError`.
    """
    if not isinstance(data, dict):
        raise StateError(f"a state is a JSON object, got {type(data).__name__}")
    if data.get("version") != STATE_VERSION:
        raise StateError(f"state version {data.get('version')!r} is not {STATE_VERSION}")
    language = _field(data, "language", str)
    try:
        alphabet = get_alphabet(language)
    except ValueError as exc:
        raise StateError(f"state.language: {exc}") from None
    letters = set(alphabet.letters)

    def check_letters(text: str, where: str) -> str:
        bad = sorted(set(text) - letters)
        if bad:
            raise StateError(f"{where} has characters that are not letters: {''.join(bad)!r}")
        return text

    raw_players = _field(data, "players", list)
    if len(raw_players) != 2:
        raise StateError(f"state.players must list 2 players, not {len(raw_players)}")
    players = []
    for i, raw in enumerate(raw_players):
        where = f"state.players[{i}]"
        if not isinstance(raw, dict):
            raise StateError(f"{where} must be an object")
        lines = _field(raw, "lines", list, where)
        if len(lines) > LINES:
            raise StateError(f"{where}.lines has {len(lines)} words; a mat has {LINES} lines")
        for j, word in enumerate(lines):
            if not isinstance(word, str) or not MIN_WORD_LENGTH <= len(word) <= MAX_WORD_LENGTH:
                raise StateError(f"{where}.lines[{j}] = {word!r} is not a word of 3 to 9 letters")
            check_letters(word, f"{where}.lines[{j}]")
        rack = check_letters(_field(raw, "rack", str, where), f"{where}.rack")
        turns = _field(raw, "turns", int, where)
        if turns < 0:
            raise StateError(f"{where}.turns is negative")
        players.append(PlayerState(tuple(lines), "".join(sorted(rack)), turns))
    bag = check_letters(_field(data, "bag", str), "state.bag")
    everything = Counter(bag)
    for p in players:
        everything.update(p.rack)
        for word in p.lines:
            everything.update(word)
    if everything != Counter(bagmod.full_bag()):
        raise StateError("the letters of bag, racks and lines are not Jarnac's 144 tiles")
    current = _field(data, "current", int)
    if current not in (0, 1):
        raise StateError(f"state.current must be 0 or 1, not {current}")
    phase = _field(data, "phase", str)
    if phase not in PHASES:
        raise StateError(f"state.phase {phase!r} is not one of {', '.join(PHASES)}")
    history = _field(data, "history", list)
    if not all(isinstance(entry, dict) for entry in history):
        raise StateError("state.history entries must be objects")
    turn, idle_turns = _field(data, "turn", int), _field(data, "idle_turns", int)
    if turn < 1:
        raise StateError(f"state.turn ({turn}) must be at least 1")
    if idle_turns < 0:
        raise StateError(f"state.idle_turns ({idle_turns}) must be at least 0")
    end_reason = data.get("end_reason")
    if end_reason is not None and not isinstance(end_reason, str):
        raise StateError("state.end_reason must be a string or null")
    return GameState(
        language=language, seed=_field(data, "seed", str), bag=bag, players=(players[0], players[1]),
        current=current, phase=phase, turn=turn,
        succeeded=_field(data, "succeeded", bool), idle_turns=idle_turns,
        end_reason=end_reason, history=tuple(dict(entry) for entry in history),
    )


def _field(data: dict[str, Any], name: str, kind: type, where: str = "state") -> Any:
    if name not in data:
        raise StateError(f"{where}.{name} is missing")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StateError(f"{where}.{name} must be a {kind.__name__}, got {value!r}")
    return value
