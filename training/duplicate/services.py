"""Duplicate writes and rules: making games, joining, the round clock, plays, validation, sharing.

Rules the pages, the REST API and the tests rely on:

- **Making**: a game is made once by a background task (:func:`build_game`) with
  :func:`engine.duplicate.make_game`: the rounds (rack, CGP, top, next 10 plays, board after) are stored
  and never change, so every player of a shared game has the same draws and the same tops.
- **The clock**: a round's clock starts when the player first sees it (:func:`open_round`); the deadline is
  that moment plus the game's time per round (none when untimed). The server decides: a play received after
  the deadline is checked and shown, but scores 0 and does not replace the play made in time.
- **Playing**: a play is a word and a coordinate (French ``H4`` across / ``4H`` down, or the English form
  with ``style="en"``), checked by the engine with the refusal said in words. A word in one case is plain
  letters (the blank goes where the rack lacks a letter); only a mixed-case word marks blanks in lower case
  (:func:`normalise_play`). The player may change it until they validate or time runs out; the last play
  received in time counts.
- **Validating** ends the round: the round's score is the play that counts (0 without one), the top goes on
  the board, the next round starts. A round already validated cannot be played again (:class:`RoundClosed`).
  Validation may carry the play the player has placed (:func:`validate_round` with ``word`` and ``coord``):
  it is checked then, as :func:`play` does, and counts when accepted in time. Refused while time is left,
  the round stays open (:class:`PlayError`: the player corrects it); refused once time is up, the round ends
  with the play that counts and the refusal is reported (a refused play never replaces an accepted one).
- **Visibility**: a game is private to its owner until shared (``link``: anyone with the link may join;
  ``public``: listed for everyone). Games of the day have no owner and are public.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.progress import Progress, TaskDispatchError, TaskFailure, start_task
from core.task_rows import failing_in_words, mark_row, run_failed, start_row_task
from engine.alphabet import InvalidWord
from engine.coach import tags_mask, top_tags
from engine.duplicate import make_game
from engine.duplicate.records import FORMATS, RecordError, import_record, read_record, replay
from engine.scrabble.cgp import Position, parse_cgp
from engine.scrabble.entry import MAX_WORD_LENGTH, fit_blanks, read_typed_word
from engine.scrabble.notation import NotationError, format_coord, parse_coord
from engine.scrabble.scoring import IllegalPlay, Move, validate_play
from lexicon.models import Lexicon
from training.duplicate import selectors
from training.duplicate.models import (
    DEFAULT_TIMER,
    MAX_TIMER,
    MIN_TIMER,
    DuplicateGame,
    DuplicatePlay,
    DuplicatePlayer,
    DuplicateRound,
)
from training.grids import services as grid_services
from training.lists import services as training_services
from training.lists.models import RevisionList

logger = logging.getLogger(__name__)

MAX_WORD = MAX_WORD_LENGTH
GRACE_SECONDS = 2
"""The network's share of the deadline (docs/duplicate.md, "The clock"): the play page sends what the player
placed when its countdown reaches zero, and that request reaches the server after the deadline by the time it
took the page to arrive plus the time the send takes (up to a second each on a slow phone network). The
server accepts a play this many seconds after the deadline, as an arbitre still takes the bulletins being
handed in when time is called; later, a play is late (checked, shown, worth 0)."""


class GameError(ValueError):
    """Bad settings for a new game (unknown variant, time out of range...): the message says which."""


class PlayError(ValueError):
    """A refused play; ``code`` is stable for programs (``bad_input``, ``bad_coord`` or the engine's code)."""

    def __init__(self, code: str, message: str, *, played: tuple[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.played = played
        """For a readable play that the rules refuse: its word as the engine writes it and its coordinate
        (tournament scoring keeps such a play); ``None`` for input that could not be read."""


class RoundClosed(Exception):
    """The round asked for is already validated (or the game is over): nothing may change it."""


# --- Making games ---------------------------------------------------------------------------------------

def check_timer(timer_seconds: Any) -> int | None:
    """The time per round in seconds: ``None`` (untimed) or 60 to 300."""
    if timer_seconds is None or timer_seconds == "" or timer_seconds == 0:
        return None
    try:
        value = int(timer_seconds)
    except (TypeError, ValueError):
        raise GameError(_("The time per round must be a number of seconds.")) from None
    if not MIN_TIMER <= value <= MAX_TIMER:
        raise GameError(_("The time per round must be between 1 and 5 minutes (60 to 300 seconds), or none."))
    return value


def new_seed() -> int:
    """The seed of a game made without one: any of the 2**31, from the system's random source."""
    return random.SystemRandom().randrange(2**31)


def start_game(owner, lexicon: Lexicon, *, variant: str = DuplicateGame.Variant.CLASSIC,
               timer_seconds: Any = DEFAULT_TIMER, seed: int | None = None,
               daily_date: dt.date | None = None, tournament: bool = False,
               solo_min_players: int = 2) -> DuplicateGame:
    """Create a game and start making it in the background (202 in the API: poll the game or its task).

    ``tournament``: tournament scoring (no validity or score before the round ends, an invalid play scores 0
    and its reason is shown after). ``solo_min_players``: the game's rule for a solo (a room's, for its game)."""
    if variant not in DuplicateGame.Variant.values:
        raise GameError(_("Unknown variant “%(variant)s”: classic or joker.") % {"variant": variant})
    timer = check_timer(timer_seconds)
    if seed is None:
        seed = new_seed()
    elif not 0 <= int(seed) < 2**31:
        raise GameError(_("The seed must be between 0 and 2147483647."))

    owner = owner if getattr(owner, "is_authenticated", False) else None
    return start_row_task(lambda: DuplicateGame.objects.create(
        owner=owner, lexicon=lexicon, seed=int(seed), variant=variant, timer_seconds=timer, daily_date=daily_date,
        tournament=bool(tournament), lexicon_version=selectors.current_version_number(lexicon),
        solo_min_players=int(solo_min_players),
        visibility=DuplicateGame.Visibility.PUBLIC if daily_date else DuplicateGame.Visibility.PRIVATE),
        "training.make_duplicate_game", "game_id", owner=owner)


class RecordRefused(ValueError):
    """A game file refused before anything is stored: ``line`` (0 for the file as a whole), ``reason`` in the
    user's language, and the engine's stable ``code`` with its ``params`` (the API gives them to programs)."""

    def __init__(self, line: int, reason: str, code: str = "", params: dict[str, Any] | None = None) -> None:
        self.line = line
        self.reason = reason
        self.code = code
        self.params = dict(params or {})
        super().__init__(_("Line %(line)s: %(reason)s") % {"line": line, "reason": reason} if line else reason)


MAX_RECORD_BYTES = 512 * 1024
"""A game file is a few kilobytes; anything past this is refused before it is read."""


def check_record(fmt: str, text: str, *, variant: str | None = None, language: str | None = None):  # noqa: ANN201
    """Read and replay a game file (every round checked on the board); :class:`RecordRefused` when it is
    malformed. Returns the engine's record."""
    if fmt not in FORMATS:
        raise RecordRefused(0, _("Unknown format “%(format)s”: eliot, eliot-xml or gcg.") % {"format": str(fmt)[:20]},
                            "unknown_format", {"format": str(fmt)[:20], "formats": ", ".join(FORMATS)})
    if not isinstance(text, str) or not text.strip():
        raise RecordRefused(0, _("The game file is empty."), "empty")
    if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
        raise RecordRefused(0, _("The game file is too large (at most %(kb)s KB).") % {"kb": MAX_RECORD_BYTES // 1024},
                            "too_large", {"kb": MAX_RECORD_BYTES // 1024})
    try:
        record = read_record(text, fmt, language=language, variant=variant)
        replay(record)
    except RecordError as exc:
        raise RecordRefused(exc.line, record_refusal(exc), exc.code, exc.params) from None
    return record


def _quoted(value: Any) -> str:
    """A rack, a word or what the file wrote, between the language's quotes; "none" for nothing."""
    if value == "" or value is None:
        return pgettext("nothing written in a game file", "none")
    return _("“%(value)s”") % {"value": value}


def _record_reasons() -> dict[str, str]:
    """The engine's record refusals (``engine.duplicate.records.REASONS``) in the active language, by code;
    ``%(name)s`` are the refusal's params (quoted ones end in ``_q``)."""
    return {
        "unknown_format": _("unknown format %(format_q)s: %(formats)s"),
        "unknown_variant": _("unknown variant %(variant_q)s: %(variants)s"),
        "unknown_language": _("unknown language %(language_q)s"),
        "language_mismatch": _("the file is a game in “%(file)s”, the lexicon is in “%(lexicon)s”"),
        "empty": _("the file is empty"),
        "no_round": _("the file holds no round"),
        "rack_plus": _("rack %(rack_q)s: at most one “+” between the letters kept and the new ones"),
        "rack_tile": _("rack %(rack_q)s: %(char_q)s is not a tile (letters A to Z, “?” for a blank)"),
        "rack_empty": _("rack %(rack_q)s holds no tile"),
        "not_a_tile": _("round %(round)s: %(char_q)s in the rack %(rack_q)s is not a tile of the bag"),
        "rack_size": _("round %(round)s: a rack holds 1 to %(max)s tiles, %(rack_q)s has %(count)s"),
        "rejected_kept": _("round %(round)s: after a rejected draw the rack is drawn whole, it keeps no letter "
                           "(%(kept)s+%(drawn)s)"),
        "kept": _("round %(round)s: the rack keeps %(kept_q)s, the letters the last play left: %(left_q)s (write "
                  "the letters kept before “+”, or “-” before a rejected draw)"),
        "too_many_tiles": _("round %(round)s: %(count)s tiles %(tile_q)s between the board and the rack %(rack_q)s, "
                            "the bag holds %(limit)s"),
        "bad_coord": _("round %(round)s: the coordinate %(coord_q)s cannot be read (a row letter A to O and a column "
                       "number 1 to 15, such as H4 or 4H)"),
        "dot_empty": _("round %(round)s: %(word)s %(coord)s: a “.” stands for a tile on the board, but that square "
                       "is empty"),
        "does_not_fit": _("round %(round)s: %(word)s %(coord)s does not fit the board and the rack %(rack)s: %(why)s"),
        "points": _("round %(round)s: %(word)s %(coord)s is written for %(written)s points but scores %(scores)s on "
                    "the board"),
        "bingo_marked": _("round %(round)s: the line marks a bingo (*) but %(word)s puts down %(tiles)s tiles"),
        "bingo_unmarked": _("round %(round)s: the line does not mark the bingo (*) but %(word)s puts down %(tiles)s "
                            "tiles"),
        "player_bad_coord": _("round %(round)s: the player's play: the coordinate %(coord_q)s cannot be read"),
        "player_does_not_fit": _("round %(round)s: the player's play %(word)s %(coord)s does not fit the board and "
                                 "the rack %(rack)s: %(why)s"),
        "player_points": _("round %(round)s: the player's play %(word)s %(coord)s is written for %(written)s points "
                           "but scores %(scores)s on the board"),
        "total": _("the total line says %(written)s, the rounds add up to %(total)s"),
        "final_rack": _("the rack left at the end is %(rack_q)s, the letters the last play left: %(left_q)s"),
        "header": _("the first line must be “Eliot” (Eliot's game format), not %(found_q)s"),
        "eliot_saved_format": _("Eliot's saved-game format %(version_q)s is not read here: open the game in Eliot "
                                "and save it again (XML), or write it in the plain-text format"),
        "after_total": _("nothing may follow the total line, found %(found_q)s"),
        "total_form": _("the total line is “total” and a number"),
        "round_after_end": _("a round follows the rack left at the end"),
        "final_rack_form": _("the rack left at the end is plain letters, not %(rack_q)s"),
        "round_form": _("a round is: rack, word, “*” for a bingo, points, coordinate"),
        "word_letters": _("word %(word_q)s: letters only (blanks in lower case)"),
        "points_number": _("points: expected a number after the word, found %(found_q)s"),
        "coord_form": _("coordinate %(coord_q)s: a row letter A to O and a column number 1 to 15"),
        "coord_missing": _("coordinate: expected after the points, found %(found_q)s"),
        "xml_malformed": _("not well-formed XML (%(error)s)"),
        "xml_doctype": _("document type declarations and entities are not allowed in a game file"),
        "xml_root": _("the root element is <%(tag)s>, an Eliot game file starts with <EliotGame>"),
        "xml_format": _("format %(format_q)s: Tirage reads Eliot's save format 2"),
        "xml_mode": _("mode %(mode_q)s: Tirage reads duplicate games (duplicate, training, arbitration)"),
        "xml_variant": _("variant %(variant_q)s: Tirage plays the classic and the joker (“bingo”) variants"),
        "xml_variant_name": _("the variant %(variant_q)s has no name in Eliot"),
        "xml_rack_without_move": _("a turn has a rack but no game move (only the last turn may)"),
        "xml_move_without_rack": _("a turn has a game move but no <GameRack>"),
        "xml_move_type": _("the game move is %(type_q)s: in duplicate every turn puts a play on the board"),
        "xml_points": _("points %(points_q)s: expected a whole number"),
        "xml_coord_missing": _("a play needs a coord attribute"),
        "gcg_line": _("a GCG line starts with “#” (pragma) or “>” (move), not %(found_q)s"),
        "gcg_move_form": _("a move line is “>Player: RACK COORD WORD +POINTS TOTAL” (or an exchange “-LETTERS”, a "
                           "pass “-”, a withdrawn play “--”, end-of-game points “(LETTERS)”)"),
        "gcg_coord": _("coordinate %(coord_q)s: expected a row number 1 to 15 and a column letter A to O, such as 8D "
                       "or D8"),
        "gcg_word": _("word %(word_q)s: letters, “.” for a letter on the board, blanks in lower case"),
        "gcg_running_total": _("the running total of %(player)s is written %(written)s, the points add up to "
                               "%(total)s"),
        "gcg_language_late": _("the language note must come before the first move"),
        "gcg_players": _("a game of %(count)s players (%(players)s): Tirage reads the games of one or two players"),
        "gcg_withdrawn": _("“--” takes back the play just before it, but the turn before is not a play of "
                           "%(player)s"),
        "gcg_exchange": _("exchange %(letters_q)s: the rack %(rack_q)s does not hold these letters"),
    }


def record_refusal(exc: RecordError) -> str:
    """A game file's refusal in the user's language, from the engine's stable ``code`` and ``params`` (never
    from its English text): a play that does not fit says why as a play on the board does."""
    params: dict[str, Any] = dict(exc.params)
    for key, value in exc.params.items():
        params[f"{key}_q"] = _quoted(value)
    if "refusal" in params:
        params["why"] = grid_services.play_refusal(IllegalPlay(
            str(params["refusal"]), str(params.get("why", "")), tuple(params.get("refusal_words") or ()),
            dict(params.get("refusal_params") or {})))
    template = _record_reasons().get(exc.code)
    if template is None:  # a code the web app does not know yet: the engine's words rather than nothing
        logger.warning("game record refusal without a translation: %s", exc.code)
        return exc.reason
    return template % params


def import_game(owner, lexicon: Lexicon, fmt: str, text: str, *, variant: str | None = None,
                timer_seconds: Any = DEFAULT_TIMER, tournament: bool = False, my_plays: bool = False) -> DuplicateGame:
    """A published game to replay ("rejouer une partie"): the file is checked round by round now (a
    malformed file raises :class:`RecordRefused` and nothing is stored), then a task computes Tirage's top of
    every round with ``lexicon`` and the rounds where it differs from the file's (202 in the API).

    ``my_plays``: the file keeps a player's plays (Eliot's XML does) and that player is the owner: the game
    is stored as one the owner has played, their plays the file's, so that their diagnosis reads it like a
    game played in Tirage. A file that keeps no player's plays is refused."""
    if variant is not None and variant not in DuplicateGame.Variant.values:
        raise GameError(_("Unknown variant “%(variant)s”: classic or joker.") % {"variant": variant})
    record = check_record(fmt, text, variant=variant, language=lexicon.language)
    if record.language != lexicon.language:
        raise RecordRefused(0, _("The file is a game in “%(file)s”, the lexicon is in “%(lexicon)s”.")
                            % {"file": record.language, "lexicon": lexicon.language}, "language_mismatch",
                            {"file": record.language, "lexicon": lexicon.language})
    timer = check_timer(timer_seconds)
    owner = owner if getattr(owner, "is_authenticated", False) else None
    player_name = ""
    if my_plays:
        if owner is None or not any(rnd.player is not None for rnd in record.rounds):
            raise GameError(_("This file keeps no player's plays: import it to replay it yourself."))
        player_name = (record.player_name or owner.get_username())[:100]
    return start_row_task(lambda: DuplicateGame.objects.create(
        owner=owner, lexicon=lexicon, seed=0, variant=record.variant, timer_seconds=timer,
        tournament=bool(tournament), lexicon_version=selectors.current_version_number(lexicon),
        source=DuplicateGame.Source.IMPORTED, record_format=fmt, record_text=text,
        record_lexicon=(record.lexicon or "")[:100], record_player=player_name), "training.make_duplicate_game",
        "game_id", owner=owner)


def _imported(game: DuplicateGame, gaddag: Any, report: Any) -> Any:
    """The imported file replayed: its engine game (the file's plays as tops, Tirage's plays as the next
    plays) and its record."""
    record = check_record(game.record_format, game.record_text, variant=game.variant, language=game.lexicon.language)
    result = import_record(record, gaddag, lexicon_name=game.lexicon.name, progress=report)
    DuplicateGame.objects.filter(pk=game.pk).update(differences=[d.to_json("fr") for d in result.differences])
    return result


def build_game(game_id: int, progress: Progress) -> dict[str, Any]:
    """Make the game's rounds with the engine and store them (called by the task; idempotent)."""
    game = DuplicateGame.objects.select_related("lexicon").get(pk=game_id)
    if game.status == DuplicateGame.Status.DONE:
        return {"game": game.pk, "rounds": game.round_count, "total": game.top_total}
    mark_row(DuplicateGame, game_id, DuplicateGame.Status.RUNNING)
    with failing_in_words(DuplicateGame, game_id, _("The game could not be made: %(error)s")):
        progress.report(2, _("Loading the lexicon"))
        gaddag = selectors.gaddag_of(game.lexicon)
        progress.report(5, _("Drawing the racks and finding the tops"))

        def report(percent: float, number: int) -> None:
            progress.report(5 + 0.9 * percent, _("Round %(n)s") % {"n": number})

        record = None
        if game.source == DuplicateGame.Source.IMPORTED:
            try:
                imported = _imported(game, gaddag, report)
            except RecordRefused as exc:
                raise TaskFailure(str(exc)) from None
            made, record = imported.game, imported.record
        else:
            made = make_game(gaddag, game.seed, game.variant, lexicon_name=game.lexicon.name, progress=report)
        if not made.rounds:
            raise TaskFailure(_("The lexicon has no play for the first rack: choose another lexicon."))
        language = game.lexicon.language
        rounds = []
        for r in made.rounds:
            top = r.top.to_json("fr")
            rounds.append(DuplicateRound(game=game, number=r.number, rack=r.rack, kept=r.kept, cgp=r.cgp, top=top,
                                         subtops=[m.to_json("fr") for m in r.subtops], board_after=r.board_after,
                                         rejected=r.rejected, **top_fields(r.cgp, top, language)))
        with transaction.atomic():
            DuplicateRound.objects.filter(game=game).delete()
            DuplicateRound.objects.bulk_create(rounds)
            if record is not None and game.record_player and game.owner_id is not None:
                _owner_played_the_record(game, game.owner_id, record)
            mark_row(DuplicateGame, game_id, DuplicateGame.Status.DONE, round_count=len(rounds),
                     top_total=made.total, end_reason=made.end_reason, error="")
    return {"game": game_id, "rounds": len(rounds), "total": made.total}


END_BY_HOST = "host"
"""``DuplicateGame.end_reason`` of a game its arbitre ended before its last round ("Terminer la partie")."""


def end_after_round(game_id: int, played: int) -> bool:
    """Cut a game ended early to the rounds played: the rounds after ``played`` go, with them the count of rounds
    and the total of the tops, so that its ranking, review, sheet, export and coach all tell the game the room
    played (3 rounds, not the 25 it was made with). True when the game was cut; a game not made yet, or played
    to its end, is left as it is."""
    with transaction.atomic():
        game = DuplicateGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != DuplicateGame.Status.DONE or played >= game.round_count:
            return False
        game.rounds.filter(number__gt=played).delete()
        total = game.rounds.aggregate(total=Sum("top_score"))["total"] or 0
        DuplicateGame.objects.filter(pk=game_id).update(round_count=max(0, played), top_total=total,
                                                        end_reason=END_BY_HOST)
    return True


def top_fields(cgp: str, top: dict[str, Any], language: str) -> dict[str, Any]:
    """What a round keeps of its top for the coach, computed once when the round is made: the main word, its
    score and its kinds (:data:`engine.coach.TAGS` as a mask), so that a player's diagnosis over hundreds of
    games is one aggregate query, never a replay."""
    return {"top_word": top["word"].upper()[:15], "top_score": int(top["score"]),
            "tags": tags_mask(top_tags(cgp, top, language))}


def _owner_played_the_record(game: DuplicateGame, owner_id: int, record: Any) -> None:
    """The file's player's plays (checked by the replay: each fits its board and rack and scores what the file
    says) as the owner's validated plays of the imported game, the game finished for them."""
    stored = {r.number: r for r in DuplicateRound.objects.filter(game=game)}
    now = timezone.now()
    DuplicatePlayer.objects.filter(game=game, user_id=owner_id).delete()
    player = DuplicatePlayer.objects.create(game=game, user_id=owner_id, current_round=max(len(stored), 1),
                                            finished_at=now)
    plays, total, top_total, found = [], 0, 0, 0
    for number, rnd in enumerate(record.rounds, start=1):
        made = stored.get(number)
        if made is None:
            continue
        mine = rnd.player
        move = _record_move(made, mine.word, mine.coord, mine.points) if mine is not None and mine.word else None
        score = move["score"] if move else 0
        plays.append(DuplicatePlay(player=player, number=number, round=made, word=move["word"] if move else "",
                                   coord=move["coord"] if move else "", move=move, score=score, played_at=now,
                                   validated_at=now, top_word=made.top_word, top_score=made.top_score,
                                   top_tags=made.tags))
        total, top_total = total + score, top_total + made.top_score
        found += 1 if move is not None and score >= made.top_score else 0
    DuplicatePlay.objects.bulk_create(plays)
    DuplicatePlayer.objects.filter(pk=player.pk).update(total=total, top_total=top_total, tops_found=found)


def _record_move(made: DuplicateRound, word: str, coord: str, points: int) -> dict[str, Any]:
    """A play the replay has checked, as a stored play's JSON (its tiles counted on the round's board)."""
    row, col, direction = parse_coord(coord, "fr")
    laid = Move(row, col, direction, word, points, 0).placements(parse_cgp(made.cgp).board)
    return Move(row, col, direction, word, points, len(laid)).to_json("fr")


def daily_seed(lexicon: Lexicon, day: dt.date) -> int:
    """The seed of ``lexicon``'s game of ``day``: from the date and the lexicon, so it is the same game
    wherever it is made."""
    return (day.toordinal() * 7919 + lexicon.pk * 104729) % (2**31)


def game_of_the_day(lexicon: Lexicon, day: dt.date | None = None) -> DuplicateGame:
    """Today's game for ``lexicon``, started if nobody asked for it yet (one per lexicon and day).

    The seed comes from the date and the lexicon, so the game of a day is the same wherever it is made.
    """
    day = day or timezone.localdate()
    existing = DuplicateGame.objects.select_related("task_run").filter(lexicon=lexicon, daily_date=day).first()
    if existing is not None:
        if is_stuck(existing):
            return _restart(existing)
        return existing
    try:
        return start_game(None, lexicon, seed=daily_seed(lexicon, day), daily_date=day)
    except IntegrityError:  # made meanwhile by another request or the periodic task
        return DuplicateGame.objects.get(lexicon=lexicon, daily_date=day)


UNFINISHED = DuplicateGame.UNFINISHED


def is_stuck(game: DuplicateGame) -> bool:
    """Whether the game will never be made without starting its task again: failed, or still pending or
    running while its run is failed (a stale run is failed first, see ``core.progress.expire_if_stale``) or
    gone."""
    if game.status == DuplicateGame.Status.FAILED:
        return True
    if game.status not in UNFINISHED:
        return False
    return game.task_run is None or run_failed(game)


def _restart(game: DuplicateGame) -> DuplicateGame:
    """Make a stuck game again (the game of the day: its id is already shared). The row is locked and
    checked again first, so two visits at once start the task once."""

    try:
        with transaction.atomic():  # the task is sent when this commits
            locked = DuplicateGame.objects.select_for_update().get(pk=game.pk)
            if is_stuck(locked):
                DuplicateGame.objects.filter(pk=game.pk).update(status=DuplicateGame.Status.PENDING, error="",
                                                                task_run=None, finished_at=None)
                run = start_task("training.make_duplicate_game", owner=game.owner, game_id=game.pk)
                DuplicateGame.objects.filter(pk=game.pk).update(task_run=run)
    except TaskDispatchError as exc:
        # The run is failed already (and the receiver below failed the game with it); say it on the row too.
        mark_row(DuplicateGame, game.pk, DuplicateGame.Status.FAILED, only_unfinished=True, error=str(exc.detail))
        raise
    game.refresh_from_db()
    return game


def make_games_of_the_day(day: dt.date | None = None) -> list[int]:
    """Start today's game for every lexicon (the periodic task); returns the games' ids.

    A lexicon whose task cannot be sent (the broker does not answer) is skipped with a warning: the next
    run, or the first visit of the day, makes it."""
    ids = []
    for lexicon in Lexicon.objects.all():
        try:
            ids.append(game_of_the_day(lexicon, day).pk)
        except TaskDispatchError as exc:
            logger.warning("game of the day of lexicon %s not started: %s", lexicon.pk, exc.detail)
    return ids


# --- Sharing and joining ----------------------------------------------------------------------------------

def share(game: DuplicateGame, user, visibility: str) -> DuplicateGame:
    """Set who may play the game (owner only: the selectors give others a 404 before this)."""
    if visibility not in DuplicateGame.Visibility.values:
        raise GameError(_("Unknown visibility “%(v)s”: private, link or public.") % {"v": visibility})
    if game.owner_id != getattr(user, "pk", None):
        raise GameError(_("Only the game's owner can share it."))
    game.visibility = visibility
    game.save(update_fields=["visibility"])
    return game


def join(game: DuplicateGame, user) -> DuplicatePlayer:
    """The user's progress in the game, created on first play (the game must be visible to them)."""
    player, _created = DuplicatePlayer.objects.get_or_create(game=game, user=user)
    player.game = game  # already read with its lexicon: no second query
    return player


# --- Rounds, plays, validation ----------------------------------------------------------------------------


def is_late(player: DuplicatePlayer, game: DuplicateGame, now: dt.datetime) -> bool:
    """Whether a play received at ``now`` is late: after the deadline and its network grace."""
    deadline = selectors.deadline_of(player, game)
    return deadline is not None and now > deadline + dt.timedelta(seconds=GRACE_SECONDS)


def is_time_up(player: DuplicatePlayer, game: DuplicateGame, now: dt.datetime) -> bool:
    """Whether the round's time is over (the deadline reached, grace aside): a refused play can no longer be
    corrected."""
    deadline = selectors.deadline_of(player, game)
    return deadline is not None and now >= deadline


def open_round(player: DuplicatePlayer, now: dt.datetime | None = None) -> DuplicateRound | None:
    """The player's current round, its clock started if it was not; ``None`` once the game is over.

    Starting the clock also creates the round's (empty) play row, so a play is one UPDATE.
    """
    if player.is_finished:
        return None
    if player.round_started_at is None:
        started = now or timezone.now()
        if DuplicatePlayer.objects.filter(pk=player.pk, round_started_at__isnull=True).update(
                round_started_at=started):
            player.round_started_at = started
        else:  # another request started it first: its time counts
            player.refresh_from_db(fields=["round_started_at"])
        current = player.game.rounds.get(number=player.current_round)
        DuplicatePlay.objects.get_or_create(player=player, number=player.current_round, defaults={"round": current})
        return current
    return player.game.rounds.get(number=player.current_round)


def _check_round(player: DuplicatePlayer, round_number: int | None) -> None:
    if player.is_finished:
        raise RoundClosed(_("The game is over: every round has been played."))
    if round_number is not None and round_number != player.current_round:
        if round_number < player.current_round:
            raise RoundClosed(_("Round %(n)s is already finished.") % {"n": round_number})
        raise RoundClosed(_("Round %(n)s has not started yet: the current round is %(c)s.")
                          % {"n": round_number, "c": player.current_round})


def normalise_play(gaddag: Any, word: str, coord: str, style: str) -> tuple[str, str]:
    """The word as the engine writes it (upper case, blanks in lower case) and the coordinate, or PlayError.

    The board's rule of reading a typed word is :func:`engine.scrabble.entry.read_typed_word` (docs/duplicate.md):
    one case throughout is plain letters, only mixed case marks blanks. This adds the refusals in words.
    """
    text = (word or "").strip()
    if not text:
        raise PlayError("bad_input", _("Type a word."))
    if len(text) > MAX_WORD:
        raise PlayError("bad_input", _("“%(word)s” is too long for the board.") % {"word": text[:40]})
    try:
        normalised = read_typed_word(gaddag.alphabet, text)
    except InvalidWord:
        raise PlayError("bad_input", training_services.bad_characters_message(gaddag.alphabet, text)) from None
    coord = (coord or "").strip().upper()
    if not coord:
        raise PlayError("bad_coord", _("Give the coordinates, such as H4 (across) or 4H (down)."))
    try:
        parse_coord(coord, style)
    except NotationError:
        raise PlayError("bad_coord", _("Coordinates “%(coord)s” cannot be read: write a row letter A to O and a "
                                       "column number 1 to 15, such as H4 (across) or 4H (down).")
                        % {"coord": coord[:10]}) from None
    return normalised, coord


def judge_play(gaddag: Any, position: Position, word: str, coord: str, style: str = "fr") -> Move:
    """A typed or placed play on ``position`` (board and rack), checked and scored by the engine's rules, or
    :class:`PlayError` telling the refusal in words: how duplicate rounds and the coach's puzzles judge a play.

    The word is read as the board reads it (:func:`normalise_play`), the blanks fitted to the rack, then the
    play validated; a refusal by the rules carries the play as read (``PlayError.played``)."""
    normalised, coord_text = normalise_play(gaddag, word, coord, style)
    normalised = fit_blanks(position.rack, normalised, position.board.cells, coord_text, style)
    try:
        return validate_play(gaddag, position, coord_text, normalised, style)
    except IllegalPlay as exc:
        reason = _("%(word)s at %(coord)s is refused: %(reason)s.") % {
            "word": normalised, "coord": coord_text, "reason": grid_services.play_refusal(exc)}
        raise PlayError(exc.code, reason, played=(normalised, coord_text)) from None


@dataclass
class PlayOutcome:
    play: DuplicatePlay
    move: dict[str, Any]
    late: bool
    score: int
    """Points this play earns for the round (0 when late)."""
    refusal: str = ""
    """Tournament scoring: why the play scores 0 (said to the player only once the round ends)."""


def _keep_invalid(player: DuplicatePlayer, game: DuplicateGame, current: DuplicateRound, word: str, coord: str,
                  style: str, reason: str, now: dt.datetime) -> PlayOutcome:
    """Tournament scoring: an invalid play is the player's play all the same (the last one in time counts);
    it scores 0 and ``reason`` is shown once the round ends."""
    row_, col_, dir_ = parse_coord(coord, style)
    coord_fr = format_coord(row_, col_, dir_, "fr")
    late = is_late(player, game, now)
    open_rows = DuplicatePlay.objects.filter(player=player, number=current.number, validated_at__isnull=True)
    if late:
        updated = open_rows.update(late_attempts=F("late_attempts") + 1)
    else:
        updated = open_rows.update(word=word[:MAX_WORD], coord=coord_fr, move=None, score=0, played_at=now,
                                   refusal=reason)
    if not updated:
        raise RoundClosed(_("Round %(n)s is already finished.") % {"n": current.number})
    row = DuplicatePlay(player=player, number=current.number, word=word, coord=coord_fr, move=None, score=0,
                        played_at=now, refusal=reason)
    return PlayOutcome(row, {"word": word, "coord": coord_fr, "score": 0}, late, 0, reason)


def play(player: DuplicatePlayer, word: str, coord: str, *, style: str = "fr", round_number: int | None = None,
         now: dt.datetime | None = None) -> PlayOutcome:
    """Check and score a play of the current round; keep it as the player's play unless it came too late.

    Raises :class:`PlayError` (nothing kept) for bad input or an illegal play, :class:`RoundClosed` for a round
    already validated.
    """
    now = now or timezone.now()
    game = player.game
    _check_round(player, round_number)
    current = open_round(player, now)
    if current is None:  # no round left
        raise RoundClosed(_("The game is over: every round has been played."))
    try:
        move = judge_play(selectors.gaddag_of(game.lexicon), parse_cgp(current.cgp), word, coord, style)
    except PlayError as exc:
        if game.tournament and exc.played:  # kept as the player's play: it scores 0, the reason is shown after
            return _keep_invalid(player, game, current, *exc.played, style, exc.message, now)
        raise
    late = is_late(player, game, now)
    move_json = move.to_json("fr")
    open_rows = DuplicatePlay.objects.filter(player=player, number=current.number, validated_at__isnull=True)
    if late:
        updated = open_rows.update(late_attempts=F("late_attempts") + 1)
    else:
        updated = open_rows.update(word=move.word, coord=move.coord, move=move_json, score=move.score,
                                   played_at=now, refusal="")
    if not updated:  # validated meanwhile (another tab or device)
        raise RoundClosed(_("Round %(n)s is already finished.") % {"n": current.number})
    row = DuplicatePlay(player=player, number=current.number, word=move.word, coord=move.coord, move=move_json,
                        score=move.score, played_at=now)
    return PlayOutcome(row, move_json, late, 0 if late else move.score)


@dataclass
class RoundResult:
    round: DuplicateRound
    play: DuplicatePlay
    score: int
    player: DuplicatePlayer
    submitted: PlayOutcome | None = None
    """The play sent with the validation, accepted (``late`` when it came after the deadline and its grace)."""
    refused: PlayError | None = None
    """The play sent with the validation once time was up, refused: the reason; the round ended without it."""
    refused_play: tuple[str, str] | None = None
    """The word and coordinate of that refused play, as sent."""


def validate_round(player: DuplicatePlayer, *, round_number: int | None = None, word: str | None = None,
                   coord: str | None = None, style: str = "fr", now: dt.datetime | None = None) -> RoundResult:
    """End the player's current round: score the play that counts, move to the next round (or finish).

    ``word`` and ``coord`` (either given): the play on the player's board or in their fields when they
    validated or their time ran out. It is checked first, as :func:`play` does: accepted in time it becomes the
    play that counts; accepted late it is recorded as late and worth nothing. Refused while time is left, it
    raises :class:`PlayError` and the round stays open for the player to correct it; refused once time is up,
    the round ends with the play that counts (an accepted play never gives way to a refused one) and the
    result carries the refusal.
    """
    now = now or timezone.now()
    submitted = refused = refused_play = None
    if (word or "").strip() or (coord or "").strip():
        try:
            submitted = play(player, word or "", coord or "", style=style, round_number=round_number, now=now)
        except PlayError as exc:
            if not is_time_up(player, player.game, now):
                raise
            refused, refused_play = exc, ((word or "").strip()[:MAX_WORD], (coord or "").strip()[:4].upper())
    result = _close_round(player, round_number, now)
    result.submitted, result.refused, result.refused_play = submitted, refused, refused_play
    return result


def _close_round(player: DuplicatePlayer, round_number: int | None, now: dt.datetime) -> RoundResult:
    with transaction.atomic():
        player = DuplicatePlayer.objects.select_for_update().select_related("game").get(pk=player.pk)
        _check_round(player, round_number)
        current = player.game.rounds.get(number=player.current_round)
        row, _created = DuplicatePlay.objects.get_or_create(player=player, number=current.number)
        top_score = int(current.top["score"])
        row.validated_at, row.round = now, current
        row.top_word, row.top_score, row.top_tags = current.top_word, current.top_score, current.tags
        row.save(update_fields=["validated_at", "round", "top_word", "top_score", "top_tags"])
        player.total += row.score
        player.top_total += top_score
        if row.score >= top_score and row.move is not None:
            player.tops_found += 1
        if current.number >= player.game.round_count:
            player.finished_at = now
            player.round_started_at = None
        else:
            player.current_round = current.number + 1
            player.round_started_at = None
        player.save()
    return RoundResult(current, row, row.score, player)


# --- Review: missed tops into a revision list --------------------------------------------------------------

@dataclass
class MissedOutcome:
    revision_list: RevisionList
    added: list[str]
    already: list[str]
    skipped: list[dict[str, str]]


def support_index_of(round_: DuplicateRound) -> int | None:
    """The 0-based position in the top's word of a letter that was already on the board (its support), or
    ``None`` when the top only puts new tiles down (then the most productive support is chosen)."""
    position = parse_cgp(round_.cgp)
    top = round_.top
    dr, dc = (0, 1) if top["dir"] == "H" else (1, 0)
    for k in range(len(top["word"])):
        if position.board.get(top["row"] + dr * k, top["col"] + dc * k):
            return k
    return None


def add_missed_tops(player: DuplicatePlayer, revision_list: RevisionList | None = None) -> MissedOutcome:
    """Add the tops the player did not find to a revision list (theirs, or a new one named after the game),
    each with its support letter, so the grids and FSRS bring them back."""
    game = player.game
    if revision_list is None:
        name = _("Missed tops, duplicate game %(n)s") % {"n": game.pk}
        revision_list = training_services.own_list_named(player.user, game.lexicon, name)
    elif revision_list.lexicon_id != game.lexicon_id:
        raise GameError(_("The list “%(name)s” uses another lexicon.") % {"name": revision_list.name})
    plays = {p.number: p for p in player.plays.filter(validated_at__isnull=False)}
    missed: list[tuple[str, int | None]] = []
    for round_ in game.rounds.all():
        mine = plays.get(round_.number)
        if mine is None or (mine.move is not None and mine.score >= int(round_.top["score"])):
            continue  # not played yet, or the top (or as much) found
        index = support_index_of(round_)
        # A support given as a number is a position counted from 1, as people type it.
        missed.append((round_.top["word"].upper(), None if index is None else index + 1))
    sent = training_services.send_to_revision_list(revision_list, missed)
    return MissedOutcome(revision_list, sent.added, sent.already, sent.skipped)
