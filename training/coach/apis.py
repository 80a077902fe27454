"""REST API of the coach (``/api/coach/``): the diagnosis, drills, puzzles, hints and answers.

Thin views over :mod:`.selectors` and :mod:`.services`. Errors answer ``{"detail", "code"}`` like duplicate's
(an illegal play is a 400 with the reason, and the puzzle stays open); another learner's drill or puzzle is a
404.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import InvalidBody, error_response, query_integer, validated_body
from training.coach import selectors, services
from training.coach.models import Drill, DrillItem, Puzzle
from training.coach.serializers import (
    CoachSerializer,
    DrillCreatedSerializer,
    DrillInSerializer,
    DrillSerializer,
    ErrorSerializer,
    PuzzleAnswerInSerializer,
    PuzzleAnswerOutSerializer,
    PuzzleSerializer,
)
from training.duplicate.services import PlayError

BAD_INPUT = OpenApiResponse(ErrorSerializer, description="Bad input or an illegal play: the reason in words.")
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such drill or puzzle of yours.")
CONFLICT = OpenApiResponse(ErrorSerializer, description="The puzzle is already answered, every hint is shown, or "
                                                        "no puzzle is ready yet (`code` bank_building with `task`: "
                                                        "the puzzle bank being built; no_puzzles).")


def _item_json(item: DrillItem, tag: str) -> dict[str, Any]:
    puzzle = item.puzzle
    return {"id": puzzle.pk, "cgp": puzzle.cgp, "rack": puzzle.rack, "tag": tag,
            "answered": item.answered_at is not None, "correct": item.correct}


def drill_json(drill: Drill, items: list[DrillItem]) -> dict[str, Any]:
    return {"drill": drill.pk, "tag": drill.tag, "created_at": drill.created_at,
            "puzzles": [_item_json(item, drill.tag) for item in items]}


def puzzle_json(user: Any, puzzle: Puzzle) -> dict[str, Any]:
    state = selectors.puzzle_state(user, puzzle)
    return {"id": puzzle.pk, "cgp": puzzle.cgp, "rack": puzzle.rack, "tag": state.tag,
            "tags": list(selectors.puzzle_tags(puzzle)), "lexicon": puzzle.lexicon_id, "source": puzzle.source,
            "rating": round(puzzle.rating, 1), "hints": state.hints, "hints_left": state.hints_left,
            "open": state.open}


def _coach_error(exc: services.CoachError) -> Response:
    if exc.code == "bad_input":
        return error_response(exc.message, code=exc.code)
    if exc.run is not None:  # the bank being built: its task to poll
        return error_response(exc.message, status.HTTP_409_CONFLICT, code=exc.code, task=str(exc.run.pk))
    return error_response(exc.message, status.HTTP_409_CONFLICT, code=exc.code)


class CoachApi(APIView):
    """The diagnosis over the player's last ``games`` finished games (every mode): per kind of top, the rounds,
    the tops found and the points lost (most first), the % of the top per game, the words missed most."""

    @extend_schema(parameters=[OpenApiParameter("games", OpenApiTypes.INT, description="How many of the last "
                                                f"finished games to read (1 to {selectors.MAX_GAMES}, default "
                                                f"{selectors.DEFAULT_GAMES}).")],
                   responses={200: CoachSerializer, 400: BAD_INPUT})
    def get(self, request: Request) -> Response:
        games = query_integer(request, "games", default=selectors.DEFAULT_GAMES, minimum=1,
                              maximum=selectors.MAX_GAMES)
        return Response(CoachSerializer(selectors.diagnosis(request.user, games).to_json()).data)


class DrillsApi(APIView):
    """Make a drill of puzzles whose top has ``tag``: the player's own missed positions first (those due again,
    then rounds not drilled yet), then the bank's. 409 ``bank_building`` with the bank's ``task`` when nothing
    is ready yet."""

    @extend_schema(request=DrillInSerializer, responses={201: DrillCreatedSerializer, 400: BAD_INPUT,
                                                         409: CONFLICT})
    def post(self, request: Request) -> Response:
        try:
            data = validated_body(DrillInSerializer, request.data)
        except InvalidBody as exc:
            return exc.response
        try:
            outcome = services.create_drill(request.user, data["tag"], data["count"], length=data["length"],
                                            my_lists=data["my_lists"], lexicon=data["lexicon"])
        except services.CoachError as exc:
            return _coach_error(exc)
        run = outcome.bank.task_run_id if outcome.bank is not None else None
        body = {"drill": outcome.drill.pk, "puzzles": [_item_json(item, outcome.drill.tag) for item in outcome.items],
                "bank_task": str(run) if run else None}
        return Response(DrillCreatedSerializer(body).data, status=status.HTTP_201_CREATED)


class DrillApi(APIView):
    """A drill of the player's: its puzzles in order, which are answered and which found."""

    @extend_schema(responses={200: DrillSerializer, 404: NOT_FOUND})
    def get(self, request: Request, drill_id: int) -> Response:
        drill = selectors.get_drill(request.user, drill_id)
        return Response(DrillSerializer(drill_json(drill, selectors.items_of(drill))).data)


class PuzzleApi(APIView):
    """A puzzle of the player's: the position (CGP) and rack, the kind trained, the hints taken so far."""

    @extend_schema(responses={200: PuzzleSerializer, 404: NOT_FOUND})
    def get(self, request: Request, puzzle_id: int) -> Response:
        puzzle = selectors.get_puzzle(request.user, puzzle_id)
        return Response(PuzzleSerializer(puzzle_json(request.user, puzzle)).data)


class PuzzleHintApi(APIView):
    """Take the next hint of the ladder: the kind of top, then the word's length, then its square. A right answer
    after a hint counts half for the rating."""

    @extend_schema(request=None, responses={200: PuzzleSerializer, 404: NOT_FOUND, 409: CONFLICT})
    def post(self, request: Request, puzzle_id: int) -> Response:
        puzzle = selectors.get_puzzle(request.user, puzzle_id)
        try:
            services.take_hint(request.user, puzzle)
        except services.CoachError as exc:
            return _coach_error(exc)
        return Response(PuzzleSerializer(puzzle_json(request.user, puzzle)).data)


class PuzzleAnswerApi(APIView):
    """Answer a puzzle with a play (``{"word", "coord"}``, French ``H4``/``4H`` unless ``style`` is ``en``),
    judged by the engine as a duplicate round is: ``correct`` when it scores the top's score. A word not in the
    lexicon or an illegal play is a 400 with the reason, and the puzzle stays open."""

    @extend_schema(request=PuzzleAnswerInSerializer, responses={200: PuzzleAnswerOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                                                          409: CONFLICT})
    def post(self, request: Request, puzzle_id: int) -> Response:
        puzzle = selectors.get_puzzle(request.user, puzzle_id)
        try:
            data = validated_body(PuzzleAnswerInSerializer, request.data)
        except InvalidBody as exc:
            return exc.response
        try:
            outcome = services.answer(request.user, puzzle, data["word"], data["coord"], style=data["style"])
        except PlayError as exc:
            return error_response(exc.message, code=exc.code)
        except services.CoachError as exc:
            return _coach_error(exc)
        following = selectors.next_item(outcome.item.drill)
        top = puzzle.top
        return Response(PuzzleAnswerOutSerializer({
            "correct": outcome.correct, "top": {"word": top["word"], "coord": top["coord"], "score": top["score"]},
            "word": outcome.word, "coord": outcome.coord, "score": outcome.score, "rating": round(outcome.rating, 1),
            "next": following.puzzle_id if following is not None else None}).data)

