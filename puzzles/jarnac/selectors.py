"""Jarnac reads: the learner's games (``get_own_game`` 404s anyone else's) and what they may see of one.

Why :func:`game_view` and never the stored state: the state holds the bag's order. The view gives the
bag's size, both players' lines and loose letters (in Jarnac every letter on the table is face up: a
"Jarnac!" steals a word the AI could have made from its own letters, so the learner must see them),
and every move with the letters drawn and given back.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from core.selectors import get_or_404, is_user
from engine.jarnac import GameState, from_json, rules
from lexicon.selectors import version_keys
from puzzles.jarnac.models import AI, PLAYER, JarnacGame


def games_of(user: Any) -> QuerySet[JarnacGame]:
    """The user's games, newest first."""
    if not is_user(user):
        return JarnacGame.objects.none()
    return JarnacGame.objects.filter(owner=user).select_related("lexicon")


def get_own_game(user: Any, game_id: Any) -> JarnacGame:
    """The user's game ``game_id``; 404 when it does not exist or is someone else's."""
    return get_or_404(games_of(user), game_id, "No such game.")


def move_kind(move: dict[str, Any]) -> str:
    """The API's kind of an engine move: ``create``/``transform`` for a play, else its type."""
    if move["type"] == "play":
        return "create" if move.get("line") is None else "transform"
    return move["type"]


def describe(entry: dict[str, Any], mine: bool) -> str:
    """One move in words, the letters drawn and given back included (they are face up in Jarnac)."""
    move, kind = entry["move"], move_kind(entry["move"])
    who = _("You") if mine else _("The AI")
    values = {"who": who, "word": move.get("word") or "", "base": entry.get("base") or "",
              "line": (move.get("line") or 0) + 1, "drawn": entry.get("drawn") or "—",
              "letters": entry.get("returned") or ""}
    if kind == "draw":
        return _("%(who)s: draw %(drawn)s") % values
    if kind == "exchange":
        return _("%(who)s: exchange %(letters)s for %(drawn)s") % values
    if kind == "pass":
        return _("%(who)s: end of turn") % values
    if entry["result"] == "not_available":
        return _("%(who)s: “Jarnac!” %(word)s failed (the letters were not there)") % values
    if entry["result"] != "ok":
        return _("%(who)s: %(word)s is not a word") % values
    if kind == "create":
        return _("%(who)s: %(word)s on a new line") % values
    if kind == "transform":
        return _("%(who)s: %(base)s → %(word)s (line %(line)s)") % values
    if entry.get("base"):
        return _("%(who)s: “Jarnac!” %(base)s → %(word)s") % values
    return _("%(who)s: “Jarnac!” %(word)s") % values


def public_moves(state: GameState) -> list[dict[str, Any]]:
    """The moves so far as the learner may see them (numbered from 1)."""
    out = []
    for number, entry in enumerate(state.history, start=1):
        mine = entry["player"] == PLAYER
        move = entry["move"]
        out.append({
            "number": number,
            "turn": entry["turn"],
            "player": "you" if mine else "opponent",
            "kind": move_kind(move),
            "word": move.get("word"),
            "line": move.get("line"),
            "base": entry.get("base"),
            "result": entry["result"],
            "drawn": entry.get("drawn"),
            "letters": entry.get("returned") if move["type"] == "exchange" else None,
            "text": describe(entry, mine),
        })
    return out


def allowed_kinds(state: GameState) -> list[str]:
    """The API kinds the learner may try now (the page's buttons); empty when it is not their turn."""
    if state.phase == rules.OVER or state.current != PLAYER:
        return []
    kinds: list[str] = []
    for allowed in rules.allowed_moves(state):
        if allowed == "play":
            if len(state.players[PLAYER].lines) < rules.LINES:
                kinds.append("create")
            if state.players[PLAYER].lines:
                kinds.append("transform")
        else:
            kinds.append(allowed)
    return kinds


def game_view(game: JarnacGame, state: GameState | None = None) -> dict[str, Any]:
    """Everything the learner may see of the game: the API's body and the page's context."""
    if state is None:
        state = from_json(game.state)
    me, them = state.players[PLAYER], state.players[AI]
    over = game.is_over or state.phase == rules.OVER
    kinds = [] if over else allowed_kinds(state)
    return {
        "id": game.pk,
        "status": game.status,
        "turn": None if over else ("you" if state.current == PLAYER else "opponent"),
        "turn_number": state.turn,
        "phase": state.phase,
        "allowed": kinds,
        "jarnac_window": "jarnac" in kinds,
        "first_turn": state.current == PLAYER and me.turns == 0,
        "you": {"lines": list(me.lines), "line_scores": [len(w) ** 2 for w in me.lines],
                "reserve": me.rack, "score": me.score},
        "opponent": {"lines": list(them.lines), "line_scores": [len(w) ** 2 for w in them.lines],
                     "reserve": "".join(sorted(them.rack)), "reserve_size": len(them.rack), "score": them.score},
        "bag": len(state.bag),
        "moves": public_moves(state),
        "winner": game.winner or None,
        "end_reason": state.end_reason,
        "level": game.level,
        "lexicon": game.lexicon_id,
        "lexicon_name": game.lexicon.name,
        **version_keys(game.lexicon, game.lexicon_version),
        "language": state.language,
        "missed": list(game.missed) if over else [],
        "review_words": list(game.review_words),
        "created_at": game.created_at,
        "finished_at": game.finished_at,
    }


def board_rows(lines: list[str]) -> list[dict[str, Any]]:
    """The page's 8 rows of 9 squares: ``{"number", "word", "cells", "score"}`` (empty rows too)."""
    rows = []
    for index in range(rules.LINES):
        word = lines[index] if index < len(lines) else ""
        rows.append({"index": index, "number": index + 1, "word": word,
                     "cells": list(word) + [""] * (9 - len(word)), "score": len(word) ** 2 if word else 0})
    return rows


def jarnac_summary(user: Any) -> dict[str, int]:
    """Games played, won and finished (for dashboards)."""
    games = games_of(user)
    return {"started": games.count(), "finished": games.filter(status=JarnacGame.Status.OVER).count(),
            "won": games.filter(winner="you").count()}
