"""REST API of word study: thin views over :mod:`.services` and :mod:`.selectors`.

Errors a learner can fix are 400 ``{"detail": message}``; another user's quiz is 404; a quiz asked of a
lexicon whose ranks are still being computed is 409 with the ranking task to poll.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response, query_integer
from core.arrival import arrived_at
from lexicon.selectors import version_keys
from training.wordstudy import selectors, services
from training.wordstudy.serializers import (
    AnswerInSerializer,
    AnswerOutSerializer,
    ChallengeSerializer,
    DetailSerializer,
    DueSerializer,
    NextQuestionSerializer,
    QuizCreatedSerializer,
    QuizInSerializer,
    QuizResultSerializer,
    RankingProgressSerializer,
    TakenSerializer,
    question_result,
)

BAD_INPUT = OpenApiResponse(DetailSerializer, description="Bad input; `detail` says what to change.")
NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such object of yours.")
RANKING = OpenApiResponse(RankingProgressSerializer, description="The lexicon's probability ranks (or, for a quiz "
                                                                 "ordered by playability, its playability) are being "
                                                                 "computed: poll the task, then ask again.")
CLOSED = OpenApiResponse(DetailSerializer, description="The quiz is over (finished or out of time).")
MAX_DUE_LISTED = 200


def invalid(serializer: Any) -> Response:
    """A serializer's first error as ``{"detail": "field: message"}``."""
    field, errors = next(iter(serializer.errors.items()))
    message = errors[0] if isinstance(errors, list) and errors else errors
    if isinstance(message, dict):  # nested: take its first message
        message = next(iter(message.values()))
        message = message[0] if isinstance(message, list) else message
    return error_response(f"{field}: {message}")


def ranks_pending(exc: services.RanksNotReady) -> Response:
    from django.utils.formats import number_format
    from django.utils.translation import gettext as _

    run = exc.ranking.task_run
    if isinstance(exc, services.PlayabilityNotReady):
        message = _("The playability of this lexicon's alphagrams is being computed (the engine plays "
                    "%(games)s duplicate games); try again in a minute or two.") % {
                        "games": number_format(exc.playability.games, force_grouping=True)}
    else:
        message = _("The probability ranks of this lexicon are being computed; try again in a moment.")
    return error_response(message, status.HTTP_409_CONFLICT, task=str(run.pk) if run else None)


def quiz_result(quiz: Any) -> dict[str, Any]:
    questions = selectors.questions_of(quiz)
    data = {"id": quiz.pk, "lexicon": quiz.lexicon_id, "kind": quiz.kind, "source": quiz.source, "mode": quiz.mode,
            "length": quiz.length, "rank_from": quiz.rank_from, "rank_to": quiz.rank_to, "order": quiz.order,
            "playability_games": selectors.playability_games(quiz), "blanks": quiz.blanks,
            "time_limit": quiz.time_limit, "passing_seconds": quiz.passing_seconds, "created_at": quiz.created_at,
            "finished_at": quiz.finished_at,
            "finished": quiz.finished_at is not None, "score": selectors.score_of(quiz, questions).to_json(),
            "questions": [question_result(q) for q in questions],
            **version_keys(quiz.lexicon, quiz.lexicon_version)}
    return QuizResultSerializer(data).data


def quiz_created(quiz: Any) -> dict[str, Any]:
    quiz.question_list = [{"id": q.pk, "question": q.question, "rank": q.rank, "count": q.count,
                           "play_rank": q.play_rank, "tops": q.tops} for q in selectors.questions_of(quiz)]
    return QuizCreatedSerializer(quiz).data


class QuizzesApi(APIView):
    """Start a quiz: by ranks, from a revision list, or on due alphagrams. The answers are not sent."""

    @extend_schema(request=QuizInSerializer, responses={201: QuizCreatedSerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                                                        409: RANKING})
    def post(self, request: Request) -> Response:
        serializer = QuizInSerializer(data=request.data)
        if not serializer.is_valid():
            return invalid(serializer)
        data = serializer.validated_data
        quiz_request = services.QuizRequest(
            lexicon=data.get("lexicon"), kind=data.get("kind"), length=data.get("length"),
            rank_from=data.get("rank_from"), rank_to=data.get("rank_to"), blanks=data.get("blanks", 0),
            list_id=data.get("list"), due=data.get("due", False), mode=data.get("mode"),
            time_limit=data.get("time_limit"), count=data.get("count"), order=data.get("order"))
        try:
            quiz = services.create_quiz(request.user, quiz_request)
        except services.RanksNotReady as exc:
            return ranks_pending(exc)
        except services.QuizError as exc:
            return error_response(str(exc))
        return Response(quiz_created(quiz), status=status.HTTP_201_CREATED)


class QuizDetailApi(APIView):
    """A quiz and its results so far: answers, missed words and details of the closed questions only."""

    @extend_schema(responses={200: QuizResultSerializer, 404: NOT_FOUND})
    def get(self, request: Request, quiz_id: int) -> Response:
        return Response(quiz_result(services.get_own_quiz(request.user, quiz_id)))


class QuizAnswersApi(APIView):
    """Answer one question: its words in any order. Final unless ``partial`` (then it closes when all are found)."""

    @extend_schema(request=AnswerInSerializer, responses={200: AnswerOutSerializer, 400: BAD_INPUT, 404: NOT_FOUND,
                                                          409: CLOSED})
    def post(self, request: Request, quiz_id: int) -> Response:
        quiz = services.get_own_quiz(request.user, quiz_id)
        serializer = AnswerInSerializer(data=request.data)
        if not serializer.is_valid():
            return invalid(serializer)
        data = serializer.validated_data
        try:
            outcome = services.submit_answers(quiz, request.user, data["question"], data["answers"],
                                              final=not data.get("partial", False), arrived_at=arrived_at(request))
        except services.QuizClosed as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT)
        except services.QuizError as exc:
            return error_response(str(exc))
        question = outcome.question
        return Response(AnswerOutSerializer({"question": question.pk, "correct": outcome.correct,
                                             "missed": outcome.missed, "wrong": outcome.wrong,
                                             "settled": outcome.settled, "remaining": outcome.remaining,
                                             "seconds": question.answer_seconds if outcome.settled else None,
                                             "slow": question.slow, "passing_seconds": quiz.passing_seconds}).data)


class QuizNextApi(APIView):
    """Flash cards: the quiz's next open question, shown now. Its answer time (the passing time, when the quiz
    has one) runs from this first showing to the answer's arrival; asking again gives the same question and
    keeps the first time. ``question`` is null once every question is closed (the quiz is over)."""

    @extend_schema(responses={200: NextQuestionSerializer, 404: NOT_FOUND})
    def get(self, request: Request, quiz_id: int) -> Response:
        quiz = services.get_own_quiz(request.user, quiz_id)
        question = services.next_question(quiz)
        shown = None if question is None else {"id": question.pk, "question": question.question,
                                                "rank": question.rank, "count": question.count,
                                                "play_rank": question.play_rank, "tops": question.tops,
                                                "order": question.order, "shown_at": question.shown_at}
        return Response(NextQuestionSerializer({"question": shown, "passing_seconds": quiz.passing_seconds}).data)


class QuizFinishApi(APIView):
    """Finish a quiz: every open question is closed (its card reviewed by what was found); the results."""

    @extend_schema(request=None, responses={200: QuizResultSerializer, 404: NOT_FOUND})
    def post(self, request: Request, quiz_id: int) -> Response:
        quiz = services.finish_quiz(services.get_own_quiz(request.user, quiz_id))
        return Response(quiz_result(quiz))


LEXICON_PARAM = OpenApiParameter("lexicon", OpenApiTypes.INT, required=True, description="Lexicon id.")


def _challenge_lexicon(request: Request):
    return services.resolve_lexicon(request.query_params.get("lexicon"))


def challenge_json(challenge: Any, user: Any) -> dict[str, Any]:
    mine = selectors.own_try(user, challenge)
    if mine is not None:
        services.close_if_expired(mine)
    return ChallengeSerializer({
        "lexicon": challenge.lexicon_id, "lexicon_name": challenge.lexicon.name, "day": challenge.day,
        "kind": challenge.kind, "questions": len(challenge.questions), "time_limit": challenge.time_limit,
        "quiz": mine.pk if mine else None, "finished": bool(mine and mine.finished_at),
        "ranking": [s.__dict__ for s in services.challenge_ranking(challenge)],
        **version_keys(challenge.lexicon, challenge.lexicon_version),
    }).data


class ChallengeTodayApi(APIView):
    """Today's challenge of a lexicon (the same 50 questions for everyone) and its ranking; POST starts your
    one try (a timed word wall: answer it with the quiz endpoints)."""

    @extend_schema(parameters=[LEXICON_PARAM], responses={200: ChallengeSerializer, 400: BAD_INPUT, 409: RANKING})
    def get(self, request: Request) -> Response:
        try:
            challenge = services.challenge_for(_challenge_lexicon(request), user=request.user)
        except services.RanksNotReady as exc:
            return ranks_pending(exc)
        except services.QuizError as exc:
            return error_response(str(exc))
        return Response(challenge_json(challenge, request.user))

    @extend_schema(parameters=[LEXICON_PARAM], request=None,
                   responses={201: QuizCreatedSerializer, 400: BAD_INPUT,
                              409: OpenApiResponse(TakenSerializer, description="Already taken today (or ranks "
                                                                                "being computed: see GET).")})
    def post(self, request: Request) -> Response:
        try:
            challenge = services.challenge_for(_challenge_lexicon(request), user=request.user)
            quiz = services.start_challenge(request.user, challenge)
        except services.RanksNotReady as exc:
            return ranks_pending(exc)
        except services.ChallengeTaken as exc:
            return error_response(str(exc), status.HTTP_409_CONFLICT, quiz=exc.quiz.pk)
        except services.QuizError as exc:
            return error_response(str(exc))
        return Response(quiz_created(quiz), status=status.HTTP_201_CREATED)


class DueApi(APIView):
    """The learner's alphagram cards due for review now (all lexicons, or ``?lexicon=ID``)."""

    @extend_schema(parameters=[OpenApiParameter("lexicon", OpenApiTypes.INT, required=False)],
                   responses={200: DueSerializer, 400: BAD_INPUT})
    def get(self, request: Request) -> Response:
        lexicon = None
        lexicon_id = query_integer(request, "lexicon")  # past the id column: "Unknown lexicon"
        if lexicon_id is not None:
            try:
                lexicon = services.resolve_lexicon(lexicon_id)
            except services.QuizError as exc:
                return error_response(str(exc))
        cards = selectors.due_cards(request.user, lexicon=lexicon)
        return Response(DueSerializer({"count": cards.count(), "cards": list(cards[:MAX_DUE_LISTED])}).data)
