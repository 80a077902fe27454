"""REST API of training grids: thin views over :mod:`training.grids.services` and :mod:`training.grids.selectors`.

Every object is looked up through a selector that filters by owner, so another user's id is a 404.
Errors a learner can fix are 400 with ``{"detail": message}``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response
from training.grids import selectors, services
from training.grids.serializers import (
    AnswerInSerializer,
    AnswerOutSerializer,
    DueGridStartSerializer,
    GridSerializer,
    GridStartedSerializer,
    GridStartSerializer,
    ProgressSerializer,
    SituationSerializer,
)
from training.lists import selectors as list_selectors
from training.lists.apis import CONFLICT, DETAIL_ERROR


class ListGridsApi(APIView):
    """Grids built from a list; start a new one (202: poll ``/api/grids/{grid}/`` or ``/api/tasks/{task}/``)."""

    @extend_schema(responses=GridSerializer(many=True))
    def get(self, request: Request, list_id: int) -> Response:
        revision_list = list_selectors.get_own_list(request.user, list_id)
        grids = selectors.grids_of(request.user).filter(revision_list=revision_list)
        return Response(GridSerializer(grids, many=True, context={"request": request}).data)

    @extend_schema(request=GridStartSerializer, responses={202: GridStartedSerializer, 400: DETAIL_ERROR})
    def post(self, request: Request, list_id: int) -> Response:
        revision_list = list_selectors.get_own_list(request.user, list_id)
        serializer = GridStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            grid = services.start_list_grid(request.user, revision_list, **serializer.validated_data)
        except services.GridError as exc:
            return error_response(str(exc))
        return Response({"grid": grid.pk, "task": grid.task_run_id}, status=status.HTTP_202_ACCEPTED)


class GridsApi(APIView):
    @extend_schema(responses=GridSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(GridSerializer(selectors.grids_of(request.user)[:50], many=True,
                                       context={"request": request}).data)


class GridDetailApi(APIView):
    """A grid: status pending|running|done|failed, progress, situations (those already built while running:
    each is stored as CBIC builds it and may be answered at once; all of them once done); the final board
    (every answer on it) only once this learner has answered every situation or revealed the grid. Each
    situation's board (``cgp``) holds the words of the situations before it, so it is sent (``available``)
    only once those are decided: the learner's current situation and the ones already answered."""

    @extend_schema(responses=GridSerializer)
    def get(self, request: Request, grid_id: int) -> Response:
        grid = selectors.get_own_grid(request.user, grid_id)
        return Response(GridSerializer(grid, context={"request": request}).data)


class GridRevealApi(APIView):
    """Reveal the grid: its final board and every situation's answer. The situations not answered yet
    are closed (later answers get 409) and count nowhere; the grid never counts as solved."""

    @extend_schema(request=None, responses={200: GridSerializer, 409: CONFLICT})
    def post(self, request: Request, grid_id: int) -> Response:
        grid = selectors.get_own_grid(request.user, grid_id)
        try:
            grid = services.reveal_grid(grid)
        except services.GridError as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT)
        return Response(GridSerializer(grid, context={"request": request}).data)


class SituationDetailApi(APIView):
    @extend_schema(responses=SituationSerializer)
    def get(self, request: Request, situation_id: int) -> Response:
        return Response(SituationSerializer(selectors.get_own_situation(request.user, situation_id)).data)


class AnswerApi(APIView):
    """Answer a situation with a word (and optionally coordinates, French style: ``H4`` across, ``4H`` down).

    The situation's goal is its list word (``goal`` in the situation): the list word decides it, right;
    another legal play scoring the board's top is credited (``verdict`` ``top``, ``decided`` false,
    ``answer`` null, no ``expected`` nor ``top`` yet) and the situation stays open for its list word; any
    other legal play decides it, wrong. A word that is not in the lexicon or not a legal play is 400 with
    the reason and records nothing (the situation stays open). A try after the deciding answer is 409 and
    counts nowhere; so is an answer to a situation whose earlier situations are still open (situations
    are answered in order)."""

    @extend_schema(request=AnswerInSerializer, responses={200: AnswerOutSerializer, 400: DETAIL_ERROR,
                                                          409: CONFLICT})
    def post(self, request: Request, situation_id: int) -> Response:
        situation = selectors.get_own_situation(request.user, situation_id)
        serializer = AnswerInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            outcome = services.answer_situation(situation, request.user, serializer.validated_data["word"],
                                                serializer.validated_data.get("coord"))
        except (services.AlreadyAnswered, services.SituationLocked) as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT)
        except services.AnswerError as exc:
            return error_response(str(exc))
        following = selectors.next_situation(situation, request.user) if outcome.decided else None
        return Response({
            "correct": outcome.correct, "verdict": outcome.verdict, "play": outcome.play,
            "expected": outcome.expected if outcome.decided else None, "score": outcome.score,
            "message": outcome.message, "top": outcome.top, "answer": outcome.answer.pk if outcome.answer else None,
            "decided": outcome.decided, "top_found": outcome.top_found,
            "next_situation": following.pk if following else None,
        })


class ProgressApi(APIView):
    """Due counts, learned words, accuracy (overall and per day for 30 days), streak (days with any practice the
    daily goal counts), hardest words."""

    @extend_schema(responses=ProgressSerializer)
    def get(self, request: Request) -> Response:
        return Response(ProgressSerializer(selectors.progress_summary(request.user)).data)


class DueGridApi(APIView):
    """Start a grid built from the words due for review in one lexicon."""

    @extend_schema(request=DueGridStartSerializer, responses={202: GridStartedSerializer, 400: DETAIL_ERROR})
    def post(self, request: Request) -> Response:
        serializer = DueGridStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        lexicon = data.pop("lexicon")
        try:
            grid = services.start_due_grid(request.user, lexicon, **data)
        except services.GridError as exc:
            return error_response(str(exc))
        return Response({"grid": grid.pk, "task": grid.task_run_id}, status=status.HTTP_202_ACCEPTED)
