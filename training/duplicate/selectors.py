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
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from core import task_rows
from core.hooks import app_hooks
from core.models import TaskRun
from core.progress import expire_stale_runs
from core.selectors import get_or_404, is_user, not_found_message
from core.shared_cache import shared
from core.task_subjects import TaskSubject
from engine.alphabet import BLANK, get_alphabet
from engine.duplicate import announced_rack
from engine.duplicate.records import (
    PlayerPlay,
    RecordError,
    read_record,
    record_from_json,
    replay,
    write_record,
)
from engine.duplicate.standings import negatif, solo_player, sous_top
from lexicon.models import Lexicon
from lexicon.selectors import gaddag_of_version, serving_version_number, version_keys
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


_UNFINISHED = DuplicateGame.UNFINISHED


def follow_run(game: DuplicateGame) -> DuplicateGame:
    """The game reconciled with its making run, as grids and crosswords are: a stale run (its worker died,
    or no worker took it) is failed in words first, and a game whose run failed reads failed with the run's
    words instead of being made forever. Nothing to do (no query) once the game is made or failed."""
    return task_rows.follow_run(game)


def _follow_runs(games: list[DuplicateGame]) -> list[DuplicateGame]:
    """:func:`follow_run` for a list: one query for the stale runs among the unfinished games."""
    waiting = [g for g in games if g.status in _UNFINISHED and g.task_run_id is not None]
    if waiting and expire_stale_runs(TaskRun.objects.filter(pk__in=[g.task_run_id for g in waiting])):
        for game in waiting:
            if game.task_run is not None:
                game.task_run.refresh_from_db()
            follow_run(game)
    return games


def in_live_play(game: DuplicateGame) -> bool:
    """Is a live room (or a simultané's) playing the game now? Its racks and tops are then read in the room only,
    as the rounds open and close: through the game's own routes (play, round, result, review, sheet, export) its
    owner, the room's host, could read every rack and top ahead of the players. A room's game stays private until
    the room is over (``training.rooms.services``), so only a private game is asked (no query on the others)."""
    if game.visibility != DuplicateGame.Visibility.PRIVATE:
        return False
    return any(in_play(game.pk) for in_play in app_hooks("game_in_live_play"))


def played_out_in_rooms(game: DuplicateGame) -> bool:
    """Was the game played in live rooms that are all over (its host may then read its file like anyone)?"""
    return any(in_play(game.pk) is False for in_play in app_hooks("game_in_live_play"))


def get_visible_game(user, game_id: Any) -> DuplicateGame:
    """The game if ``user`` may see it, else 404. One query by id, then the rule in Python (the hot path of
    every play); a game still being made is reconciled with its run (:func:`follow_run`). A game a live room is
    playing is a 404 for everyone, its owner the host included, until the room is over (:func:`in_live_play`)."""
    game = get_or_404(DuplicateGame.objects.select_related("lexicon", "owner", "task_run"), game_id,
                      "No such duplicate game.")
    if not can_see(game, user):
        raise Http404(not_found_message(DuplicateGame))
    if in_live_play(game):
        raise Http404(_("This game is being played in a live room: it opens here once the room's game is over."))
    return follow_run(game)


def get_own_game(user, game_id: Any) -> DuplicateGame:
    """The user's own game (sharing is for owners); 404 otherwise."""
    if not is_user(user):
        raise Http404(not_found_message(DuplicateGame))
    game = get_or_404(DuplicateGame.objects.filter(owner=user).select_related("lexicon"), game_id,
                      "No such duplicate game.")
    if in_live_play(game):  # shared now, the game would open to its link while the room plays it
        raise Http404(_("This game is being played in a live room: it opens here once the room's game is over."))
    return game


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


def bag_left(game: DuplicateGame, round_: DuplicateRound) -> int:
    """The tiles left in the bag while round ``round_`` is played (announced with the draw, :func:`draw_of`):
    the language's bag less the tiles on the board and on the rack; in the joker variant the bag holds no
    blank (blanks come with the racks), so only letters count."""
    alphabet = get_alphabet(game.lexicon.language if game.lexicon.language in ("fr", "en") else "fr")
    on_board = [ch for row in board_before(game, round_.number) for ch in row if ch not in ". "]
    if game.variant == DuplicateGame.Variant.JOKER:
        bag = (sum(alphabet.counts.values()) - sum(1 for ch in on_board if ch.isupper())
               - sum(1 for ch in round_.rack if ch != BLANK))
    else:
        bag = alphabet.bag_size - len(on_board) - len(round_.rack)
    return max(0, bag)


def percent(total: int, top_total: int) -> float:
    return round(100.0 * total / top_total, 1) if top_total else 0.0


def draw_of(round_: DuplicateRound) -> dict[str, Any]:
    """The rack as announced: kept letters, new letters, the racks put back, ``EEEL+IJX`` ("-" first after a
    rejected draw)."""
    kept = round_.kept or ""
    drawn = round_.rack[len(kept):] if round_.rack.startswith(kept) else round_.rack
    rejected = list(round_.rejected or [])
    return {"kept": kept, "drawn": drawn, "rejected": rejected,
            "announced": announced_rack(kept, drawn, bool(rejected))}


def round_sous_top(round_: DuplicateRound) -> int | None:
    """The best score below the top among the round's next plays."""
    return sous_top((int(m["score"]) for m in round_.subtops or []), int(round_.top["score"]))


def round_scores(game: DuplicateGame) -> dict[int, dict[int, int]]:
    """Round number → {player id: score of their validated play}: what solos are computed from."""
    scores: dict[int, dict[int, int]] = {}
    for number, player_id, score in (DuplicatePlay.objects.filter(player__game=game, validated_at__isnull=False)
                                     .values_list("number", "player_id", "score")):
        scores.setdefault(number, {})[player_id] = score
    return scores


def solos_of(game: DuplicateGame) -> dict[int, list[int]]:
    """Player id → the rounds whose top they alone found, with at least the game's ``solo_min_players`` on the
    round (2 for a shared game; a room's own rule for its game, so its ranking says what the room said)."""
    tops = dict(game.rounds.values_list("number", "top__score")) if game.round_count else {}
    solos: dict[int, list[int]] = {}
    for number, scores in round_scores(game).items():
        top = int(tops.get(number) or 0)
        alone = solo_player({str(pid): sc for pid, sc in scores.items()}, top, min_players=game.solo_min_players)
        if alone is not None:
            solos.setdefault(int(alone), []).append(number)
    return solos


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
    negatif: int = 0
    solos: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "user": self.user_id, "username": self.username, "total": self.total,
                "top_total": self.top_total, "percent": self.percent, "tops_found": self.tops_found,
                "rounds_played": self.rounds_played, "finished": self.finished, "negatif": self.negatif,
                "solos": self.solos}


def ranking(game: DuplicateGame) -> list[RankingRow]:
    """Every player: total first; then percentage of the tops of the rounds they played; then tops found.

    Equal totals share a rank (1, 2, 2, 4). ``percent`` is the total against the tops of the rounds the
    player has validated, so a game in progress compares fairly with a finished one.
    """
    players = list(DuplicatePlayer.objects.filter(game=game).select_related("user"))
    solos = solos_of(game) if len(players) > 1 else {}
    players.sort(key=lambda p: (-p.total, -percent(p.total, p.top_total), -p.tops_found, p.joined_at, p.pk))
    rows: list[RankingRow] = []
    for i, p in enumerate(players):
        rank = rows[-1].rank if rows and rows[-1].total == p.total else i + 1
        played = game.round_count if p.is_finished else p.current_round - 1
        rows.append(RankingRow(rank, p.user_id, p.user.get_username(), p.total, p.top_total,
                               percent(p.total, p.top_total), p.tops_found, played, p.is_finished,
                               negatif(p.total, p.top_total), len(solos.get(p.pk, []))))
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
    draw: dict[str, Any] | None = None
    sous_top: int | None = None
    refusal: str = ""
    solo: bool = False
    difference_with_file: dict[str, Any] | None = None
    total: int = 0
    """The player's running total after this round."""
    top_total: int = 0
    """The sum of the tops up to this round."""

    @property
    def negatif(self) -> int:
        """The running négatif after this round: the total minus the tops (0 while every top is found)."""
        return negatif(self.total, self.top_total)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "rack": self.rack, "top": self.top, "play": self.play, "score": self.score,
                "difference": self.difference, "found_top": self.found_top, **(self.draw or {}),
                "sous_top": self.sous_top, "refusal": self.refusal, "solo": self.solo,
                "difference_with_file": self.difference_with_file, "total": self.total,
                "top_total": self.top_total, "negatif": self.negatif}


def review(player: DuplicatePlayer) -> list[ReviewRow]:
    """Round by round: the draw as announced, the top, the sous-top, the player's play (an invalid one with
    its reason under tournament scoring), what they missed (top − score), a solo; for an imported game,
    Tirage's top where it differs from the file's; the running total and négatif after each round."""
    game = player.game
    plays = {p.number: p for p in player.plays.filter(validated_at__isnull=False)}
    solo_rounds = set(solos_of(game).get(player.pk, [])) if game.players.count() > 1 else set()
    differences = {int(d["round"]): d for d in game.differences or []}
    rows = []
    total = top_total = 0
    for r in game.rounds.all():
        mine = plays.get(r.number)
        if mine is None:
            continue
        top_score = int(r.top["score"])
        total, top_total = total + mine.score, top_total + top_score
        shown = ({"word": mine.word, "coord": mine.coord, "score": mine.score}
                 if mine.move is not None or mine.refusal else None)
        rows.append(ReviewRow(r.number, r.rack, {k: r.top[k] for k in ("word", "coord", "score")}, shown,
                              mine.score, top_score - mine.score, mine.move is not None and mine.score >= top_score,
                              draw_of(r), round_sous_top(r), mine.refusal, r.number in solo_rounds,
                              differences.get(r.number), total, top_total))
    return rows


def record_of(game: DuplicateGame, player: DuplicatePlayer | None = None) -> Any:
    """The game as a record for the exports (Eliot, Eliot XML, GCG): its racks as announced and its tops;
    with ``player``, their plays too (Eliot's XML keeps them)."""
    rounds = list(game.rounds.all())
    data = {"language": game.lexicon.language, "lexicon": game.lexicon.name, "variant": game.variant,
            "rounds": [{"kept": r.kept, "new": draw_of(r)["drawn"], "rejected": r.rejected, "cgp": r.cgp,
                        "top": r.top} for r in rounds]}
    plays: list[PlayerPlay | None] | None = None
    name = None
    if player is not None:
        by_number = {p.number: p for p in player.plays.filter(validated_at__isnull=False)}
        plays = []
        for r in rounds:
            mine = by_number.get(r.number)
            if mine is None:
                plays.append(None)
            elif mine.move is not None:
                plays.append(PlayerPlay(mine.move["word"], mine.move["coord"], mine.score))
            else:
                plays.append(PlayerPlay(points=mine.score))
        name = player.user.get_username()
    return record_from_json(data, player_name=name, player_plays=plays)


def standing_at(player: DuplicatePlayer, number: int) -> dict[str, Any]:
    """The player's standing once round ``number`` was validated: total, sum of the tops, négatif and % of
    the tops (a past round's page shows these, not today's)."""
    scores = dict(player.plays.filter(validated_at__isnull=False, number__lte=number).values_list("number", "score"))
    total = sum(scores.values())
    played = set(scores)
    top_total = sum(int(top["score"]) for n, top in player.game.rounds.filter(number__in=played)
                    .values_list("number", "top"))
    return {"round": number, "total": total, "top_total": top_total,
            "negatif": negatif(total, top_total), "percent": percent(total, top_total)}


def today_game(lexicon: Lexicon, day: dt.date | None = None) -> DuplicateGame | None:
    """The day's game of ``lexicon`` (None until someone asks for it). The same for every learner: kept in the
    cache while there is none and once it is made (a game being made changes status without ``save()``)."""
    day = day or timezone.localdate()

    def read() -> DuplicateGame | None:
        game = DuplicateGame.objects.select_related("task_run").filter(lexicon=lexicon, daily_date=day).first()
        return follow_run(game) if game is not None else None

    return shared(f"today-game:{lexicon.pk}:{day.isoformat()}", read,
                  keep=lambda game: game is None or game.status == DuplicateGame.Status.DONE)


def today_game_keys(game: DuplicateGame) -> list[str]:
    return [f"today-game:{game.lexicon_id}:{game.daily_date.isoformat()}"] if game.daily_date else []


def player_state(player: DuplicatePlayer | None) -> dict[str, Any] | None:
    if player is None:
        return None
    return {"current_round": player.current_round, "total": player.total, "top_total": player.top_total,
            "negatif": negatif(player.total, player.top_total),
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
        **version_keys(game.lexicon, game.lexicon_version),
        "tournament": game.tournament, "source": game.source, "record_format": game.record_format,
        "record_lexicon": game.record_lexicon, "differences": len(game.differences or []),
    }


def current_version_number(lexicon: Lexicon) -> int | None:
    """The number of the lexicon's serving version (a game made on another version says so)."""
    return serving_version_number(lexicon)


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
    if mine is not None and mine.move is None and mine.refusal:  # tournament: received, judged at the end
        shown = {"word": mine.word, "coord": mine.coord, "score": None}
    if shown is not None and game.tournament:
        shown = {**shown, "score": None}
    return {
        "round": round_.number, "round_count": game.round_count, "cgp": round_.cgp, "rack": round_.rack,
        **draw_of(round_), "tournament": game.tournament,
        "deadline": deadline,
        "seconds_left": None if deadline is None else max(0, int((deadline - now).total_seconds())),
        "timer_seconds": game.timer_seconds, "play": shown, "total": player.total, "top_total": player.top_total,
    }


EXPORT_FORMATS = ("eliot", "eliot-xml", "gcg")


def two_player_record(game: DuplicateGame) -> Any:
    """The record of a game imported from a two-player GCG (each round's rack is the rack of the player who
    made the play, not a duplicate draw), or None for any other game. Eliot's formats cannot hold such a
    game (each of their racks keeps the letters the last play left), so it is exported as GCG only, as the
    two players' game it was."""
    if game.source != DuplicateGame.Source.IMPORTED or game.record_format != "gcg":
        return None
    try:
        record = read_record(game.record_text, "gcg", language=game.lexicon.language)
        replay(record)
    except RecordError:
        return None
    return record if record.free_racks else None


def export_formats(game: DuplicateGame) -> tuple[str, ...]:
    """The file formats ``game`` exports to (GCG alone for a two-player game)."""
    return ("gcg",) if two_player_record(game) is not None else EXPORT_FORMATS


def export_text(game: DuplicateGame, user, fmt: str) -> tuple[str | None, DuplicatePlayer | None]:
    """The game file in ``fmt`` for ``user``: the owner always, a player once they finished (the file holds
    every top); ``None`` for anyone else. A player's own plays go into the file (Eliot's XML keeps them)."""
    player = player_of(game, user)
    is_owner = is_user(user) and game.owner_id == user.pk
    # The owner of a private game reads its file whenever they like (nobody else plays it; an imported game's file
    # was theirs), a room's host once the room is over; once a game is shared, its owner is one of its players and
    # waits for the end like them.
    owner_reads = is_owner and (game.visibility == DuplicateGame.Visibility.PRIVATE
                                or game.source == DuplicateGame.Source.IMPORTED or played_out_in_rooms(game))
    if not owner_reads and (player is None or not player.is_finished):
        return None, player
    two_player = two_player_record(game) if fmt == "gcg" else None
    if two_player is not None:
        return write_record(two_player, fmt), player
    record = record_of(game, player if player is not None and player.plays.exists() else None)
    return write_record(record, fmt, word_count=game.lexicon.word_count), player


def sheet_lines(game: DuplicateGame) -> list[dict[str, Any]]:
    """The game sheet: per round the draw as announced, the top, its coordinates, points, running total."""
    lines = []
    total = 0
    for r in game.rounds.all():
        total += int(r.top["score"])
        lines.append({"number": r.number, **draw_of(r), "word": r.top["word"], "coord": r.top["coord"],
                      "score": int(r.top["score"]), "bingo": int(r.top.get("tiles", 0)) == 7, "total": total})
    return lines


def duplicate_task_subject(run: Any) -> Any:
    """The duplicate game a task draws (its racks and tops)."""
    game = DuplicateGame.objects.filter(task_run=run).select_related("lexicon").first()
    if game is None:
        return None
    return TaskSubject(_("Duplicate game %(n)s (%(lexicon)s)") % {"n": game.pk, "lexicon": game.lexicon.name},
                       reverse("training:duplicate-game", args=[game.pk]))
