"""REST API of the crossword lab: thin views over :mod:`puzzles.lab.services`.

Errors a user can fix are 400 ``{"detail": message}``; another user's comparison is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response
from puzzles.crosswords.serializers import CrosswordErrorSerializer, CrosswordStartedSerializer
from puzzles.lab import selectors, services
from puzzles.lab.serializers import (
    FillComparisonSerializer,
    FillComparisonStartedSerializer,
    LabCompareInSerializer,
    LabGridInSerializer,
    LabGridOutSerializer,
    LabRandomInSerializer,
    LabSolveInSerializer,
)
from training.lists import selectors as training_selectors

BAD_INPUT = OpenApiResponse(CrosswordErrorSerializer, description="Bad input; nothing was created.")
BUSY = OpenApiResponse(CrosswordErrorSerializer, description="Too many of your crosswords are being generated.")
REFUSED_GRID = OpenApiResponse(CrosswordErrorSerializer, description="A well-formed request the lab's rules refuse: "
                               "the grid breaks its style's rules, or the black cells do not fit the size.")


def _refused(exc: services.LabInputError) -> Response:
    """400 for a request the schema already refuses; 422 for one it allows that the lab's rules refuse."""
    if isinstance(exc, services.LabRuleError):
        return error_response(str(exc), status.HTTP_422_UNPROCESSABLE_ENTITY)
    return error_response(str(exc))


def _grid_out(rows: list[str]) -> dict:
    return {"grid": rows, "rows": len(rows), "cols": len(rows[0]), "blocks": services.black_count(rows),
            "text": services.export_grid(rows, "text"), "zero_one": services.export_grid(rows, "01")}


class LabGridApi(APIView):
    """Check a grid (an imported file, text or 0/1) and get it back in both file forms (export)."""

    @extend_schema(request=LabGridInSerializer, responses={200: LabGridOutSerializer, 400: BAD_INPUT, 422: REFUSED_GRID})
    def post(self, request: Request) -> Response:
        serializer = LabGridInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            rows = services.read_lab_grid(data["grid"], data["style"], data["format"])
        except services.LabInputError as exc:
            return _refused(exc)
        return Response(_grid_out(rows))


class LabRandomGridApi(APIView):
    """A random grid with exactly ``blocks`` black cells, valid for its style (symmetric for ``us``)."""

    @extend_schema(request=LabRandomInSerializer, responses={200: LabGridOutSerializer, 400: BAD_INPUT,
                                                             422: REFUSED_GRID})
    def post(self, request: Request) -> Response:
        serializer = LabRandomInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            rows = services.random_lab_grid(data["rows"], data["cols"], data["blocks"], data["style"], data.get("seed"))
        except services.LabInputError as exc:
            return _refused(exc)
        return Response(_grid_out(rows))


class LabSolveApi(APIView):
    """Fill the grid as a crossword (poll ``/api/tasks/{task}/``, then solve it at ``/api/crosswords/{id}/``)."""

    @extend_schema(request=LabSolveInSerializer, responses={202: CrosswordStartedSerializer, 400: BAD_INPUT,
                                                            422: REFUSED_GRID, 429: BUSY})
    def post(self, request: Request) -> Response:
        serializer = LabSolveInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        theme_list = None
        if data.get("theme_list") is not None:

            theme_list = training_selectors.get_own_list(request.user, data["theme_list"])  # 404 if not theirs
        try:
            crossword = services.start_lab_crossword(request.user, data["lexicon"], data["grid"], data["style"],
                                                extra_lexicons=data.get("lexicons", []), algorithm=data["algorithm"],
                                                theme_list=theme_list, grid_format=data["format"],
                                                seed=data.get("seed"))
        except services.Busy as exc:
            return error_response(str(exc), status.HTTP_429_TOO_MANY_REQUESTS)
        except services.LabInputError as exc:
            return _refused(exc)
        except services.CrosswordInputError as exc:
            return error_response(str(exc))
        return Response({"crossword": crossword.pk, "task": crossword.task_run_id}, status=status.HTTP_202_ACCEPTED)


class LabComparisonsApi(APIView):
    """The user's fill comparisons; start one (the algorithms fill the grid in a task)."""

    @extend_schema(responses=FillComparisonSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(FillComparisonSerializer(selectors.comparisons_of(request.user)[:50], many=True).data)

    @extend_schema(request=LabCompareInSerializer, responses={202: FillComparisonStartedSerializer, 400: BAD_INPUT,
                                                              422: REFUSED_GRID})
    def post(self, request: Request) -> Response:
        serializer = LabCompareInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            comparison = services.start_comparison(request.user, data["lexicon"], data["grid"], data["style"],
                                              algorithms=data["algorithms"], seeds=data["seeds"],
                                              time_limit=data["time_limit"], extra_lexicons=data.get("lexicons", []),
                                              grid_format=data["format"])
        except services.LabInputError as exc:
            return _refused(exc)
        return Response({"comparison": comparison.pk, "task": comparison.task_run_id},
                        status=status.HTTP_202_ACCEPTED)


class LabComparisonDetailApi(APIView):
    """One comparison: its grid, settings, state and, once done, the table."""

    @extend_schema(responses=FillComparisonSerializer)
    def get(self, request: Request, comparison_id: int) -> Response:
        comparison = services.follow_comparison(selectors.get_own_comparison(request.user, comparison_id))
        return Response(FillComparisonSerializer(comparison).data)
