"""Duplicate reads, with the visibility rule in one place.

A game is visible to its owner, to everyone when public (games of the day included), and to a user who
joined it through its link. Anyone else gets a 404 (never a 403: ids are not revealed), in the pages and
the REST API alike.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from core.models import TaskRun
from core.progress import expire_if_stale, expire_stale_runs
from core.selectors import get_or_404, is_user, not_found_message
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer, DuplicateRound


def gaddag_of(lexicon: Lexicon) -> Any:
    """The compiled GADDAG of the lexicon's serving version, from the row just read (no extra query: plays
    are checked on every request of a round, so this sits on the hot path)."""

    return gaddag_of_version(lexicon.content_hash, lexicon.language, words_file=lexicon.words_file.name)


def can_see(game: DuplicateGame, user) -> bool:
    """The visibility rule (module docstring): owner, public, or shared by link and joined."""
    if game.visibility == DuplicateGame.Visibility.PUBLIC:
        return True
    if not is_user(user):
        return False
    if game.owner_id == user.pk:
        return True
    return (game.visibility == DuplicateGame.Visibility.LINK
            and DuplicatePlayer.objects.filter(game=game, user=user).exists())


_UNFINISHED = (DuplicateGame.Status.PENDING, DuplicateGame.Status.RUNNING)


def follow_run(game: DuplicateGame) -> DuplicateGame:
    """The game reconciled with its making run, as grids and crosswords are: a stale run (its worker died,
    or no worker took it) is failed in words first, and a game whose run failed reads failed with the run's
    words instead of being made forever. Nothing to do (no query) once the game is made or failed."""
    run = game.task_run
    if game.status not in _UNFINISHED or run is None:
        return game
    run = expire_if_stale(run)  # failing it tells core.progress.task_runs_failed: the game row follows
    if run.state == TaskRun.State.FAILED:
        DuplicateGame.objects.filter(pk=game.pk, status__in=_UNFINISHED).update(
            status=DuplicateGame.Status.FAILED, error=run.error, finished_at=timezone.now())
        game.refresh_from_db(fields=["status", "error", "finished_at"])
    return game


def _follow_runs(games: list[DuplicateGame]) -> list[DuplicateGame]:
    """:func:`follow_run` for a list: one query for the stale runs among the unfinished games."""
    waiting = [g for g in games if g.status in _UNFINISHED and g.task_run_id is not None]
    if waiting and expire_stale_runs(TaskRun.objects.filter(pk__in=[g.task_run_id for g in waiting])):
        for game in waiting:
            if game.task_run is not None:
                game.task_run.refresh_from_db()
            follow_run(game)
    return games


def get_visible_game(user, game_id: Any) -> DuplicateGame:
    """The game if ``user`` may see it, else 404. One query by id, then the rule in Python (the hot path of
    every play); a game still being made is reconciled with its run (:func:`follow_run`)."""
    game = get_or_404(DuplicateGame.objects.select_related("lexicon", "owner", "task_run"), game_id,
                      "No such duplicate game.")
    if not can_see(game, user):
        raise Http404(not_found_message(DuplicateGame))
    return follow_run(game)


def get_own_game(user, game_id: Any) -> DuplicateGame:
    """The user's own game (sharing is for owners); 404 otherwise."""
    if not is_user(user):
        raise Http404(not_found_message(DuplicateGame))
    return get_or_404(DuplicateGame.objects.filter(owner=user).select_related("lexicon"), game_id,
                      "No such duplicate game.")


def game_by_token(token: str) -> DuplicateGame:
    """A game shared by link or public, by its share token (a private game's link does not open it)."""
    game = (DuplicateGame.objects.select_related("lexicon")
            .filter(share_token=str(token)[:32])
            .exclude(visibility=DuplicateGame.Visibility.PRIVATE).first())
    if game is None:
        raise Http404(_("No such shared game."))
    return game


def my_games(user) -> list[DuplicateGame]:
    """The user's own games and the games they play, newest first (at most 50)."""
    if not is_user(user):
        return []
    return _follow_runs(list(DuplicateGame.objects.select_related("lexicon", "task_run")
                             .filter(Q(owner=user) | Q(players__user=user)).distinct()[:50]))


def public_games(limit: int = 20) -> list[DuplicateGame]:
    return list(DuplicateGame.objects.select_related("lexicon", "owner")
                .filter(visibility=DuplicateGame.Visibility.PUBLIC, status=DuplicateGame.Status.DONE,
                        daily_date__isnull=True)[:limit])


def player_of(game: DuplicateGame, user) -> DuplicatePlayer | None:
    if not is_user(user):
        return None
    return DuplicatePlayer.objects.select_related("game", "game__lexicon").filter(game=game, user=user).first()


def play_of(player: DuplicatePlayer, number: int) -> DuplicatePlay | None:
    return player.plays.filter(number=number).first()


def round_of(game: DuplicateGame, number: int) -> DuplicateRound:
    return game.rounds.get(number=number)


def board_before(game: DuplicateGame, number: int) -> list[str]:
    """The board a player sees at round ``number`` (the tops of the rounds before it)."""
    if number <= 1:
        return ["." * 15] * 15
    previous = game.rounds.filter(number=number - 1).values_list("board_after", flat=True).first()
    return previous or ["." * 15] * 15


def percent(total: int, top_total: int) -> float:
    return round(100.0 * total / top_total, 1) if top_total else 0.0


@dataclass(frozen=True)
class RankingRow:
    rank: int
    user_id: int
    username: str
    total: int
    top_total: int
    percent: float
    tops_found: int
    rounds_played: int
    finished: bool

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "user": self.user_id, "username": self.username, "total": self.total,
                "top_total": self.top_total, "percent": self.percent, "tops_found": self.tops_found,
                "rounds_played": self.rounds_played, "finished": self.finished}


def ranking(game: DuplicateGame) -> list[RankingRow]:
    """Every player: total first; then percentage of the tops of the rounds they played; then tops found.

    Equal totals share a rank (1, 2, 2, 4). ``percent`` is the total against the tops of the rounds the
    player has validated, so a game in progress compares fairly with a finished one.
    """
    players = list(DuplicatePlayer.objects.filter(game=game).select_related("user"))
    players.sort(key=lambda p: (-p.total, -percent(p.total, p.top_total), -p.tops_found, p.joined_at, p.pk))
    rows: list[RankingRow] = []
    for i, p in enumerate(players):
        rank = rows[-1].rank if rows and rows[-1].total == p.total else i + 1
        played = game.round_count if p.is_finished else p.current_round - 1
        rows.append(RankingRow(rank, p.user_id, p.user.get_username(), p.total, p.top_total,
                               percent(p.total, p.top_total), p.tops_found, played, p.is_finished))
    return rows


@dataclass(frozen=True)
class ReviewRow:
    number: int
    rack: str
    top: dict[str, Any]
    play: dict[str, Any] | None
    score: int
    difference: int
    found_top: bool

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "rack": self.rack, "top": self.top, "play": self.play, "score": self.score,
                "difference": self.difference, "found_top": self.found_top}


def review(player: DuplicatePlayer) -> list[ReviewRow]:
    """Round by round: the draw, the top, the player's play, and what they missed (top − score)."""
    plays = {p.number: p for p in player.plays.filter(validated_at__isnull=False)}
    rows = []
    for r in player.game.rounds.all():
        mine = plays.get(r.number)
        if mine is None:
            continue
        top_score = int(r.top["score"])
        shown = ({"word": mine.word, "coord": mine.coord, "score": mine.score} if mine.move is not None else None)
        rows.append(ReviewRow(r.number, r.rack, {k: r.top[k] for k in ("word", "coord", "score")}, shown,
                              mine.score, top_score - mine.score, mine.move is not None and mine.score >= top_score))
    return rows


def today_game(lexicon: Lexicon, day: dt.date | None = None) -> DuplicateGame | None:
    game = (DuplicateGame.objects.select_related("task_run")
            .filter(lexicon=lexicon, daily_date=day or timezone.localdate()).first())
    return follow_run(game) if game is not None else None


def player_state(player: DuplicatePlayer | None) -> dict[str, Any] | None:
    if player is None:
        return None
    return {"current_round": player.current_round, "total": player.total, "top_total": player.top_total,
            "percent": percent(player.total, player.top_total), "tops_found": player.tops_found,
            "finished": player.is_finished}


def game_state(game: DuplicateGame, user, share_url: str | None = None) -> dict[str, Any]:
    """The game as the API shows it to ``user`` (their own progress included)."""
    run = game.task_run
    is_owner = is_user(user) and game.owner_id == user.pk
    player = player_state(player_of(game, user))
    return {
        "id": game.pk, "lexicon": game.lexicon_id, "lexicon_name": game.lexicon.name, "variant": game.variant,
        "timer_seconds": game.timer_seconds, "status": game.status,
        "progress": 100 if game.is_ready else (run.progress if run is not None else 0),
        "error": game.error, "task": game.task_run_id, "visibility": game.visibility,
        "owner": game.owner.get_username() if game.owner is not None else None, "is_owner": is_owner,
        "daily_date": game.daily_date, "round_count": game.round_count, "top_total": game.top_total,
        "share_url": share_url if is_owner and game.visibility != DuplicateGame.Visibility.PRIVATE else None,
        "player": player, "created_at": game.created_at,
        # The caller's progress at the top level too (null until they join), as the contract reads.
        "current_round": player["current_round"] if player else None,
        "total": player["total"] if player else None,
        "percent": player["percent"] if player else None,
    }


def deadline_of(player: DuplicatePlayer, game: DuplicateGame) -> dt.datetime | None:
    if game.timer_seconds is None or player.round_started_at is None:
        return None
    return player.round_started_at + dt.timedelta(seconds=game.timer_seconds)


def round_state(player: DuplicatePlayer, round_: DuplicateRound, now: dt.datetime | None = None) -> dict[str, Any]:
    """What a player may see of their current round: the position and rack, never a later draw or the top."""
    game = player.game
    deadline = deadline_of(player, game)
    now = now or timezone.now()
    mine = play_of(player, round_.number)
    shown = ({"word": mine.word, "coord": mine.coord, "score": mine.score}
             if mine is not None and mine.move is not None else None)
    return {
        "round": round_.number, "round_count": game.round_count, "cgp": round_.cgp, "rack": round_.rack,
        "deadline": deadline,
        "seconds_left": None if deadline is None else max(0, int((deadline - now).total_seconds())),
        "timer_seconds": game.timer_seconds, "play": shown, "total": player.total, "top_total": player.top_total,
    }
