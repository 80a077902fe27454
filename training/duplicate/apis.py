"""REST API of duplicate games (``/api/duplicate/``): thin views over the services and selectors.

Every game is read through :func:`training.duplicate.selectors.get_visible_game`, so another user's private
game is a 404. Errors are ``{"detail": message, "code": key}``: 400 for input the player can fix (with
``fields`` when the body itself is malformed), 409 for a round already finished, a game not made yet or a
review asked for before the end.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import InvalidBody, error_response, query_integer, validated_body
from core.validation import MAX_ID
from engine.duplicate import standings
from lexicon.models import Lexicon
from lexicon.selectors import request_lexicon, site_lexicon
from training.duplicate import selectors, services
from training.duplicate.models import DuplicateGame
from training.duplicate.serializers import (
    CurrentRoundSerializer,
    ErrorSerializer,
    GameCreateSerializer,
    GameImportSerializer,
    GameSerializer,
    GameStartedSerializer,
    JoinOutSerializer,
    MissedInSerializer,
    MissedOutSerializer,
    PlayInSerializer,
    PlayOutSerializer,
    RankingSerializer,
    RecordErrorSerializer,
    ReviewSerializer,
    RoundResultSerializer,
    ShareInSerializer,
    ShareOutSerializer,
    TodayOutSerializer,
    ValidateInSerializer,
)
from training.lists import selectors as training_selectors

BAD_INPUT = OpenApiResponse(ErrorSerializer, description="Bad input or an illegal play: the reason in words.")
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such game, or another user's private game.")
CONFLICT = OpenApiResponse(ErrorSerializer, description="The round is already finished, the game is over or "
                                                        "not made yet.")
FORBIDDEN = OpenApiResponse(ErrorSerializer, description="Only the game's owner may do this.")
UNAVAILABLE = OpenApiResponse(ErrorSerializer, description="The task service does not answer: the game could not "
                                                           "be started; try again later.")


def _not_ready(game: DuplicateGame) -> Response | None:
    if game.is_ready:
        return None
    if game.status == DuplicateGame.Status.FAILED:
        return error_response(_("The game could not be made: %(error)s") % {"error": game.error},
                              status.HTTP_409_CONFLICT, code="failed")
    return error_response(_("The game is still being made: try again in a few seconds."),
                          status.HTTP_409_CONFLICT, code="not_ready")


def _share_url(request: Request, game: DuplicateGame) -> str:
    return request.build_absolute_uri(reverse("training:duplicate-join", args=[game.share_token]))


def _state(request: Request, game: DuplicateGame) -> dict[str, Any]:
    return selectors.game_state(game, request.user, _share_url(request, game))


class GamesApi(APIView):
    """The caller's duplicate games (made or played); make a new one (202: poll the game or ``/api/tasks/{task}/``)."""

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response([_state(request, g) for g in selectors.my_games(request.user)])

    @extend_schema(request=GameCreateSerializer, responses={202: GameStartedSerializer, 400: BAD_INPUT})
    def post(self, request: Request) -> Response:
        """Make a game (lexicon omitted: the caller's preferred one; ``timer_seconds`` 0 or null: untimed).
        503 in words when the task service does not answer: nothing is left waiting."""
        try:
            data = validated_body(GameCreateSerializer, request.data)
        except InvalidBody as exc:
            return exc.response
        lexicon = data.get("lexicon") or request_lexicon(request)
        if lexicon is None:
            return error_response(_("No lexicon is installed yet."), code="bad_input")
        try:
            game = services.start_game(request.user, lexicon, variant=data["variant"],
                                       timer_seconds=data.get("timer_seconds"), seed=data.get("seed"),
                                       tournament=data.get("tournament", False))
        except services.GameError as exc:
            return error_response(str(exc), code="bad_input")
        return Response({"game": game.pk, "task": game.task_run_id}, status=status.HTTP_202_ACCEPTED)


BAD_RECORD = OpenApiResponse(RecordErrorSerializer, description="A malformed game file: its line and the reason; "
                                                                "nothing is stored.")


class ImportApi(APIView):
    """Replay a published game ("rejouer une partie"): a game file (Eliot's plain text or XML save file, GCG) is
    checked round by round, then Tirage computes its own top of every round with the lexicon (202: poll the game
    or ``/api/tasks/{task}/``) and flags the rounds where it differs from the file's."""

    @extend_schema(request=GameImportSerializer, responses={202: GameStartedSerializer, 400: BAD_RECORD,
                                                            503: UNAVAILABLE})
    def post(self, request: Request) -> Response:
        try:
            data = validated_body(GameImportSerializer, request.data)
        except InvalidBody as exc:
            return exc.response
        lexicon = data.get("lexicon") or request_lexicon(request)
        if lexicon is None:
            return error_response(_("No lexicon is installed yet."), code="bad_input")
        try:
            game = services.import_game(request.user, lexicon, data["format"], data["text"],
                                        variant=data.get("variant"), timer_seconds=data.get("timer_seconds"),
                                        tournament=data.get("tournament", False), my_plays=data["my_plays"])
        except services.RecordRefused as exc:
            return error_response(str(exc), code="bad_record", line=exc.line, reason=exc.reason,
                                  reason_code=exc.code, params=exc.params)
        except services.GameError as exc:
            return error_response(str(exc), code="bad_input")
        return Response({"game": game.pk, "task": game.task_run_id}, status=status.HTTP_202_ACCEPTED)


EXPORT_TYPES = {"eliot": ("text/plain; charset=utf-8", "txt"), "eliot-xml": ("application/xml; charset=utf-8", "xml"),
                "gcg": ("text/plain; charset=utf-8", "gcg")}


class _FormatIsTheFileFormat(DefaultContentNegotiation):
    """``?format=`` names the game file's format here, not one of DRF's renderers: errors stay JSON."""

    def select_renderer(self, request: Request, renderers: Iterable[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        renderers = list(renderers)
        return renderers[0], renderers[0].media_type


class ExportApi(APIView):
    """The game as a file: ``format=eliot`` (Eliot's plain text), ``eliot-xml`` (the save file current Eliot
    opens, with the caller's plays) or ``gcg``. Open to the owner and to a player who finished the game (the
    file holds every top)."""

    content_negotiation_class = _FormatIsTheFileFormat

    @extend_schema(parameters=[OpenApiParameter("format", str, enum=list(EXPORT_TYPES), required=False,
                                                description="eliot (default), eliot-xml or gcg")],
                   responses={(200, "text/plain"): OpenApiResponse(str, description="format=eliot or gcg"),
                              (200, "application/xml"): OpenApiResponse(str, description="format=eliot-xml"),
                              400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT})
    def get(self, request: Request, game_id: int) -> Any:
        game = selectors.get_visible_game(request.user, game_id)
        fmt = request.query_params.get("format", "eliot").strip()  # absent: Eliot's text; given empty: refused
        if fmt not in EXPORT_TYPES:
            return error_response(_("Unknown format “%(format)s”: eliot, eliot-xml or gcg.") % {"format": fmt[:20]},
                                  code="bad_input")
        blocked = _not_ready(game)
        if blocked is not None:
            return blocked
        if fmt not in selectors.export_formats(game):
            return error_response(_("This game comes from a two-player game: it is written as GCG only (Eliot's "
                                    "formats keep one rack per round, each holding what the last play left)."),
                                  status.HTTP_409_CONFLICT, code="two_player_game")
        text, _player = selectors.export_text(game, request.user, fmt)
        if text is None:
            return error_response(_("The game file opens once you have played every round of this game."),
                                  status.HTTP_409_CONFLICT, code="not_finished")
        content_type, extension = EXPORT_TYPES[fmt]
        response = HttpResponse(text, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="tirage-duplicate-{game.pk}.{extension}"'
        return response


class GameDetailApi(APIView):
    """A game: status of its making, rounds, total of the tops, the caller's progress."""

    @extend_schema(responses={200: GameSerializer, 404: NOT_FOUND})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(_state(request, selectors.get_visible_game(request.user, game_id)))


def _current(request: Request, game: DuplicateGame):
    """The caller's player row and current round (joining the game and starting the clock), or an error."""
    blocked = _not_ready(game)
    if blocked is not None:
        return None, None, blocked
    player = services.join(game, request.user)
    round_ = services.open_round(player)
    if round_ is None:
        return player, None, error_response(_("The game is over: every round has been played."),
                                            status.HTTP_409_CONFLICT, code="round_closed")
    return player, round_, None


class CurrentRoundApi(APIView):
    """The caller's current round: the board (CGP with the rack), the rack, the deadline. Its clock starts
    the first time it is read."""

    @extend_schema(responses={200: CurrentRoundSerializer, 404: NOT_FOUND, 409: CONFLICT})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        player, round_, blocked = _current(request, game)
        if blocked is not None:
            return blocked
        return Response(selectors.round_state(player, round_))


class PlayApi(APIView):
    """Check and score a play (``{"word", "coord"}``, French ``H4``/``4H`` unless ``style`` is ``en``).

    The last play received in time counts; it may be changed until the round is validated. After the
    deadline a play is still checked but scores 0 (``late``)."""

    @extend_schema(request=PlayInSerializer, responses={200: PlayOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                                                        409: CONFLICT})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        try:
            data = validated_body(PlayInSerializer, request.data)
        except InvalidBody as exc:
            return exc.response
        blocked = _not_ready(game)
        if blocked is not None:
            return blocked
        player = services.join(game, request.user)
        try:
            outcome = services.play(player, data["word"], data["coord"], style=data["style"],
                                    round_number=data.get("round"))
        except services.RoundClosed as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="round_closed")
        except services.PlayError as exc:
            return error_response(exc.message, code=exc.code)
        move = outcome.move
        if game.tournament:  # received: its validity and score are told when the round ends
            return Response({"round": outcome.play.number, "word": move["word"], "coord": move["coord"],
                             "score": None, "move_score": None, "words": [], "late": outcome.late,
                             "deadline": selectors.deadline_of(player, game), "tournament": True})
        return Response({"round": outcome.play.number, "word": move["word"], "coord": move["coord"],
                         "score": outcome.score, "move_score": move["score"], "words": move.get("words", []),
                         "late": outcome.late, "deadline": selectors.deadline_of(player, game),
                         "tournament": False})


class ValidateApi(APIView):
    """End the current round: its score, the top, the next 10 plays, the running totals and the next round.

    The body may carry the play the player has placed (``{"word", "coord", "style"?}``): it is checked first
    and counts when accepted in time (a body-less call validates the play that counts so far). A refused play
    is a 400 with the reason while time is left (the round stays open); once time is up the round ends
    without it and ``refused`` says why. After the deadline (and its 2 s network grace) a play is late: it
    scores 0 (``submitted.late``)."""

    @extend_schema(request=ValidateInSerializer, responses={200: RoundResultSerializer, 400: BAD_INPUT,
                                                            404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        try:
            data = validated_body(ValidateInSerializer, request.data if request.data else {})
        except InvalidBody as exc:
            return exc.response
        blocked = _not_ready(game)
        if blocked is not None:
            return blocked
        player = services.join(game, request.user)
        try:
            with transaction.atomic():  # the round's end and the next round's opening: one commit, not three
                result = services.validate_round(player, round_number=data.get("round"), word=data.get("word"),
                                                 coord=data.get("coord"), style=data["style"])
                body = round_result(result)
        except services.RoundClosed as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="round_closed")
        except services.PlayError as exc:
            return error_response(exc.message, code=exc.code)
        return Response(body)


def round_result(result: services.RoundResult) -> dict[str, Any]:
    player = result.player
    nxt = None
    if not player.is_finished:
        current = services.open_round(player)
        nxt = selectors.round_state(player, current) if current is not None else None
    mine = result.play
    shown = mine.move is not None or bool(mine.refusal)
    return {
        "round": result.round.number, "score": result.score,
        "play": {"word": mine.word, "coord": mine.coord, "score": mine.score} if shown else None,
        "refusal": mine.refusal, **selectors.draw_of(result.round), "sous_top": selectors.round_sous_top(result.round),
        "top": result.round.top, "subtops": result.round.subtops, "total": player.total,
        "top_total": player.top_total, "negatif": standings.negatif(player.total, player.top_total),
        "percent": selectors.percent(player.total, player.top_total),
        "finished": player.is_finished, "next": nxt,
        "submitted": None if result.submitted is None else {
            "word": result.submitted.move["word"], "coord": result.submitted.move["coord"],
            "score": result.submitted.score, "move_score": result.submitted.move["score"],
            "late": result.submitted.late},
        "refused": None if result.refused is None or result.refused_play is None else {
            "word": result.refused_play[0], "coord": result.refused_play[1], "detail": result.refused.message,
            "code": result.refused.code},
    }


class RankingApi(APIView):
    """Every player of the game: total, percentage of the tops, tops found (equal totals share a rank)."""

    @extend_schema(responses={200: RankingSerializer, 404: NOT_FOUND})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        return Response({"game": game.pk, "round_count": game.round_count, "top_total": game.top_total,
                         "players": [row.to_json() for row in selectors.ranking(game)]})


def _finished_player(request: Request, game: DuplicateGame):
    player = selectors.player_of(game, request.user)
    if player is None or not player.is_finished:
        return None, error_response(_("The review opens once you have played every round of this game."),
                                    status.HTTP_409_CONFLICT, code="not_finished")
    return player, None


class ReviewApi(APIView):
    """Round by round (once the caller finished the game): the draw, the top, their play, the difference."""

    @extend_schema(responses={200: ReviewSerializer, 404: NOT_FOUND, 409: CONFLICT})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        player, blocked = _finished_player(request, game)
        if blocked is not None:
            return blocked
        return Response({"game": game.pk, "total": player.total, "top_total": player.top_total,
                         "negatif": standings.negatif(player.total, player.top_total),
                         "percent": selectors.percent(player.total, player.top_total),
                         "tops_found": player.tops_found,
                         "rounds": [row.to_json() for row in selectors.review(player)]})


class MissedTopsApi(APIView):
    """Add the tops the caller missed to a revision list, each with its support letter."""

    @extend_schema(request=MissedInSerializer, responses={200: MissedOutSerializer, 400: BAD_INPUT,
                                                          404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        try:
            data = validated_body(MissedInSerializer, request.data if request.data else {})
        except InvalidBody as exc:
            return exc.response
        player, blocked = _finished_player(request, game)
        if blocked is not None:
            return blocked
        revision_list = None
        if data.get("list") is not None:
            revision_list = training_selectors.get_own_list(request.user, data["list"])
        try:
            outcome = services.add_missed_tops(player, revision_list)
        except (services.GameError, ValueError) as exc:
            return error_response(str(exc), code="bad_input")
        return Response({"list": outcome.revision_list.pk, "list_name": outcome.revision_list.name,
                         "added": outcome.added, "already": outcome.already, "skipped": outcome.skipped})


class ShareApi(APIView):
    """Share the game (owner only): ``link`` (anyone with the link may join), ``public`` (listed), ``private``."""

    @extend_schema(request=ShareInSerializer, responses={200: ShareOutSerializer, 400: BAD_INPUT, 403: FORBIDDEN,
                                                         404: NOT_FOUND})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_visible_game(request.user, game_id)
        try:
            data = validated_body(ShareInSerializer, request.data if request.data else {})
        except InvalidBody as exc:
            return exc.response
        if game.owner_id != request.user.pk:
            return error_response(_("Only the game's owner can share it."), status.HTTP_403_FORBIDDEN,
                                  code="not_owner")
        services.share(game, request.user, data["visibility"])
        shared = game.visibility != DuplicateGame.Visibility.PRIVATE
        return Response({"visibility": game.visibility, "token": game.share_token,
                         "url": _share_url(request, game) if shared else None,
                         "api_join": reverse("api-duplicate-join", args=[game.share_token]) if shared else None})


class JoinApi(APIView):
    """Join a game shared by link (or public) with its token; then play it like your own."""

    @extend_schema(request=None, responses={200: JoinOutSerializer, 404: NOT_FOUND})
    def post(self, request: Request, token: str) -> Response:
        game = selectors.game_by_token(token)
        services.join(game, request.user)
        return Response({"game": game.pk})


class TodayApi(APIView):
    """The game of the day of a lexicon (made on the first request of the day if the periodic task has not)."""

    @extend_schema(parameters=[OpenApiParameter("lexicon", int, required=False,
                                                description="Lexicon id; default: the default French lexicon.")],
                   responses={200: TodayOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND, 503: UNAVAILABLE})
    def get(self, request: Request) -> Response:
        # Any whole number is an id the schema allows: one past the id column names no lexicon (404).
        lexicon_id = query_integer(request, "lexicon")
        if lexicon_id is not None:
            lexicon = Lexicon.objects.filter(pk=lexicon_id).first() if 1 <= lexicon_id <= MAX_ID else None
        else:
            lexicon = site_lexicon("fr")
        if lexicon is None:
            return error_response(_("No such lexicon."), status.HTTP_404_NOT_FOUND, code="not_found")
        game = services.game_of_the_day(lexicon)
        return Response({"game": game.pk, "status": game.status, "task": game.task_run_id, "date": game.daily_date})
