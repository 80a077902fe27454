"""REST API of Jarnac games: thin views over :mod:`puzzles.jarnac.services` and
:mod:`puzzles.jarnac.selectors`.

Every game is looked up through ``get_own_game``: another user's id is a 404. A refused move or a
bad request is 400 ``{"detail", "code"}`` (nothing changes); a move when it is not your turn or
after the end is 409.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response
from puzzles.jarnac import selectors, services
from puzzles.jarnac.serializers import (
    JarnacErrorSerializer,
    JarnacGameCreateSerializer,
    JarnacGameListSerializer,
    JarnacGameSerializer,
    JarnacHintSerializer,
    JarnacMoveInSerializer,
    JarnacMoveOutSerializer,
    JarnacReviewInSerializer,
    JarnacReviewOutSerializer,
)

BAD_INPUT = OpenApiResponse(JarnacErrorSerializer, description="Bad input or a refused move; nothing changed.")
NOT_FOUND = OpenApiResponse(JarnacErrorSerializer, description="No such game among yours.")
CONFLICT = OpenApiResponse(JarnacErrorSerializer, description="Not your turn, or the game is over.")


def body_of(request: Request, serializer_class: type) -> dict[str, Any] | Response:
    """The request's fields (typed by the service, which words its own refusals), or a 400 if the body is
    not a JSON object or leaves out a required field (named in the message)."""
    if not isinstance(request.data, dict):
        return error_response(_("The body must be a JSON object."), code="bad_request")
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        field, messages = next(iter(serializer.errors.items()))
        return error_response(f"{field}: {messages[0]}", code="bad_request")
    return dict(serializer.validated_data)




class JarnacGamesApi(APIView):
    """Your Jarnac games; start a new one against the AI (you play first)."""

    @extend_schema(responses=JarnacGameListSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(JarnacGameListSerializer(selectors.games_of(request.user), many=True).data)

    @extend_schema(request=JarnacGameCreateSerializer, responses={201: JarnacGameSerializer, 400: BAD_INPUT})
    def post(self, request: Request) -> Response:
        data = body_of(request, JarnacGameCreateSerializer)
        if isinstance(data, Response):
            return data
        try:
            game = services.start_game(request.user, data.get("lexicon"), data.get("level"), seed=data.get("seed"))
        except services.JarnacInputError as exc:
            return error_response(str(exc), code="bad_request")
        return Response(JarnacGameSerializer(selectors.game_view(game)).data, status=status.HTTP_201_CREATED)


class JarnacGameDetailApi(APIView):
    """One game as you may see it: both boards, your reserve, the bag's size, the moves, the winner."""

    @extend_schema(responses={200: JarnacGameSerializer, 404: NOT_FOUND})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.get_own_game(request.user, game_id)
        return Response(JarnacGameSerializer(selectors.game_view(game)).data)


class JarnacMovesApi(APIView):
    """Play a move. When it passes the turn, the AI's reply is played at once and returned in ``ai_moves``."""

    @extend_schema(request=JarnacMoveInSerializer,
                   responses={200: JarnacMoveOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_own_game(request.user, game_id)
        data = body_of(request, JarnacMoveInSerializer)
        if isinstance(data, Response):
            return data
        try:
            outcome = services.play(game, request.user, data.get("kind"), word=data.get("word"),
                                    line=data.get("line"), letters=data.get("letters"))
        except services.MoveRefused as exc:
            return error_response(exc.message, code=exc.code)
        except services.GameOver as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="game_over")
        except services.NotYourTurn as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="not_your_turn")
        view = selectors.game_view(outcome.game)
        count = len(outcome.ai_moves)
        view["ai_moves"] = view["moves"][-count:] if count else []
        view["ai_ms"] = round(outcome.ai_seconds * 1000, 1)
        return Response(JarnacMoveOutSerializer(view).data)


class JarnacHintApi(APIView):
    """Hints for your reserve as it is now: per line, how many transformations exist and one of them."""

    @extend_schema(responses={200: JarnacHintSerializer, 404: NOT_FOUND, 409: CONFLICT})
    def get(self, request: Request, game_id: int) -> Response:
        game = selectors.get_own_game(request.user, game_id)
        try:
            hint = services.hint(game)
        except services.GameOver as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="game_over")
        return Response(JarnacHintSerializer({
            "reserve": hint.reserve, "total": hint.total, "creations": hint.creations, "creation": hint.creation,
            "lines": [vars(line) for line in hint.lines],
        }).data)


class JarnacReviewApi(APIView):
    """Add words missed in a finished game to a revision list (for review with the training app)."""

    @extend_schema(request=JarnacReviewInSerializer,
                   responses={200: JarnacReviewOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.get_own_game(request.user, game_id)
        data = body_of(request, JarnacReviewInSerializer)
        if isinstance(data, Response):
            return data
        try:
            outcome = services.add_missed_to_review(game, request.user, data.get("words"), data.get("list"))
        except services.GameOver as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, code="game_not_over")
        except services.JarnacInputError as exc:
            return error_response(str(exc), code="bad_request")
        return Response(JarnacReviewOutSerializer({
            "list": outcome.revision_list.pk, "list_name": outcome.revision_list.name,
            "added": outcome.added, "skipped": outcome.skipped,
        }).data)
