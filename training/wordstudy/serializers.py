"""REST shapes of word study. Input serializers check types only; the rules (and their messages) live in services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from core import request_serializers
from core.openapi import checked_integer_field
from engine.wordstudy import KINDS, Question, added_letters, hook_letters
from engine.wordstudy.questions import HOOK_MARK
from lexicon.serializers import LexiconVersionSerializer
from training.wordstudy.models import Quiz
from training.wordstudy.ranking import MAX_LENGTH, MIN_LENGTH
from training.wordstudy.services import MAX_QUESTIONS, MAX_TIME_LIMIT, MIN_TIME_LIMIT, PLAYABILITY_LENGTHS

MAX_RANK = 10_000_000
"""Bounds on numbers that are stored (ranks) or compared with stored ones, so no database overflows."""
MAX_ID = 2**63 - 1


class QuizInSerializer(request_serializers.Serializer):
    """One of three ways to choose: ranks (``lexicon``, ``kind``, ``length``, ``rank_from``, ``rank_to``),
    ``list`` (a revision list id) or ``due`` (the learner's due alphagrams, in ``lexicon`` if given)."""

    lexicon = serializers.JSONField(required=False, help_text="Lexicon id (or name).")
    kind = serializers.ChoiceField(choices=list(KINDS), required=False, default="anagrams")
    length = checked_integer_field(MIN_LENGTH, MAX_LENGTH, required=False, min_value=-MAX_RANK, max_value=MAX_RANK,
                                   help_text="2 to 15 letters (2 to 14 for seven_plus_one).")
    rank_from = serializers.IntegerField(required=False, min_value=1, max_value=MAX_RANK,
                                         help_text="First rank in the quiz's `order` (1 = likeliest rack; with "
                                                   "`playability`, 1 = most often a top).")
    rank_to = serializers.IntegerField(required=False, min_value=1, max_value=MAX_RANK,
                                       help_text="Last rank (inclusive).")
    order = serializers.ChoiceField(
        choices=Quiz.Order.choices, required=False, default=Quiz.Order.PROBABILITY,
        help_text=f"How the ranks of a quiz by ranks are ordered: `probability` (the likeliest racks first, the "
                  f"default) or `playability` (the alphagrams whose words are most often the top of a round in "
                  f"the duplicate games the engine plays, most first; ties in probability order), for "
                  f"{PLAYABILITY_LENGTHS[0]} to {PLAYABILITY_LENGTHS[-1]} letters only (another length is a 400). "
                  f"The first quiz by playability of a lexicon version starts its computation (409 with the task, "
                  f"about a minute on a large lexicon). Not for `list` or `due`.")
    blanks = checked_integer_field(0, 2, required=False, default=0, min_value=-MAX_RANK, max_value=MAX_RANK,
                                   help_text="Anagrams only: 0, 1 or 2.")
    list = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID,
                                    help_text="A revision list id: its words' alphagrams.")
    due = serializers.BooleanField(required=False, default=False, help_text="The alphagrams due for review.")
    mode = serializers.ChoiceField(choices=Quiz.Mode.values, required=False, default=Quiz.Mode.WALL)
    time_limit = checked_integer_field(MIN_TIME_LIMIT, MAX_TIME_LIMIT, required=False, allow_null=True,
                                       min_value=-MAX_RANK, max_value=MAX_RANK,
                                       help_text="Seconds (10 to 3600); answers are refused after it.")
    count = checked_integer_field(1, MAX_QUESTIONS, required=False, min_value=-MAX_RANK, max_value=MAX_RANK,
                                  help_text="Questions, 1 to 50 (default 50).")


ORDER_HELP = ("The order of the ranks the questions were drawn from: `probability` or `playability` (always "
              "`probability` for a list, due or challenge quiz).")
PASSING_HELP = ("Flash cards: the learner's passing time when the quiz was made, in seconds (null: none; always "
                "null for a word wall). A question answered right but more slowly is still right, and `slow`: its "
                "alphagram's card is reviewed as missed.")


class QuestionSerializer(request_serializers.Serializer):
    """A question as asked: its text, its probability rank (null when unranked) and how many answers it has;
    in a quiz ordered by playability, its place in that order and its tops."""

    id = serializers.IntegerField()
    question = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="Probability rank (null when unranked), whatever "
                                                               "the quiz's order.")
    count = serializers.IntegerField()
    play_rank = serializers.IntegerField(allow_null=True, help_text="Playability rank (quizzes ordered by "
                                                                    "playability; null otherwise).")
    tops = serializers.IntegerField(allow_null=True, help_text="Rounds whose top is one of the alphagram's words, "
                                                               "over the games played (quizzes ordered by "
                                                               "playability; null otherwise).")


class QuizCreatedSerializer(LexiconVersionSerializer):
    id = serializers.IntegerField()
    lexicon = serializers.IntegerField(source="lexicon_id")
    kind = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    mode = serializers.CharField()
    order = serializers.CharField(help_text=ORDER_HELP)
    time_limit = serializers.IntegerField(allow_null=True)
    passing_seconds = serializers.IntegerField(allow_null=True, help_text=PASSING_HELP)
    created_at = serializers.DateTimeField()
    questions = QuestionSerializer(many=True, source="question_list")


class ShownQuestionSerializer(QuestionSerializer):
    order = serializers.IntegerField(help_text="0-based place in the quiz.")
    shown_at = serializers.DateTimeField(help_text="When the server first showed it: its answer time runs from here.")


class NextQuestionSerializer(request_serializers.Serializer):
    question = ShownQuestionSerializer(allow_null=True, help_text="The next open question; null once every "
                                                                  "question is closed.")
    passing_seconds = serializers.IntegerField(allow_null=True, help_text=PASSING_HELP)


@extend_schema_serializer(component_name="QuizAnswerIn")  # training has a AnswerInSerializer too
class AnswerInSerializer(request_serializers.Serializer):
    question = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The question's id.")
    answers = serializers.ListField(child=serializers.CharField(allow_blank=True, max_length=40), max_length=200,
                                    help_text="Words in any order (validity: yes or no). Hooks and 7+1 also take "
                                              "letters, as French players answer: hooks `B·` (in front), `·S` "
                                              "(after), `BF·ETE·S` (both; `.` or `-` for `·`); 7+1 a letter "
                                              "(`A`, `+A`) for every word it makes with the rack.")
    partial = serializers.BooleanField(required=False, default=False,  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
                                       help_text="True: more answers will follow (the question stays open "
                                                 "until every answer is found).")


@extend_schema_serializer(component_name="QuizAnswerOut")  # training has a AnswerOutSerializer too
class AnswerOutSerializer(request_serializers.Serializer):
    question = serializers.IntegerField()
    correct = serializers.ListField(child=serializers.CharField(), help_text="Expected answers given now.")
    missed = serializers.ListField(child=serializers.CharField(),
                                   help_text="Expected answers never given (empty while the question is open).")
    wrong = serializers.ListField(child=serializers.CharField(), help_text="Given answers that are not expected.")
    settled = serializers.BooleanField(help_text="The question is closed and its alphagram's card reviewed.")
    remaining = serializers.IntegerField(help_text="Expected answers not found yet.")
    seconds = serializers.FloatField(allow_null=True, help_text="Flash cards: the answer time the server measured, "
                                                                "from the question shown to this answer's arrival "
                                                                "(null while open, and on a word wall).")
    slow = serializers.BooleanField(help_text="Right, but slower than the passing time: the card is reviewed as "
                                              "missed (Again).")
    passing_seconds = serializers.IntegerField(allow_null=True, help_text=PASSING_HELP)


class QuestionResultSerializer(QuestionSerializer):
    alphagram = serializers.CharField()
    settled = serializers.BooleanField()
    correct = serializers.BooleanField(allow_null=True)
    found = serializers.ListField(child=serializers.CharField())
    wrong = serializers.ListField(child=serializers.CharField())
    answers = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                    help_text="Every expected answer, once the question is closed (null before).")
    missed = serializers.ListField(child=serializers.CharField(), allow_null=True)
    detail = serializers.DictField(allow_null=True, help_text="Hooks: front/back letters; 7+1: words by added "
                                                             "letter; validity: the word; null while open.")
    letters = serializers.CharField(allow_null=True, help_text="Hooks: the answer in letters, front and back "
                                                               "(`BFT·ETE·S`, `·ZOB·S`); 7+1: the letters that make "
                                                               "a word (`CES`); null for other kinds and while open.")
    seconds = serializers.FloatField(allow_null=True, help_text="Flash cards: the answer time the server measured "
                                                                "(null while open, on a word wall, or closed "
                                                                "unanswered).")
    slow = serializers.BooleanField(help_text="Right, but slower than the quiz's passing time: its card was reviewed "
                                              "as missed.")


class ScoreSerializer(request_serializers.Serializer):
    questions = serializers.IntegerField()
    right = serializers.IntegerField()
    answers = serializers.IntegerField()
    found = serializers.IntegerField()
    wrong = serializers.IntegerField()
    seconds = serializers.IntegerField(allow_null=True)
    slow = serializers.IntegerField(help_text="Questions right but slower than the passing time (counted in `right`; "
                                              "their cards were reviewed as missed).")


class QuizResultSerializer(LexiconVersionSerializer):
    id = serializers.IntegerField()
    lexicon = serializers.IntegerField()
    kind = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]  # a field named like a DRF attribute (the JSON contract's name)
    mode = serializers.CharField()
    length = serializers.IntegerField(allow_null=True)
    rank_from = serializers.IntegerField(allow_null=True)
    rank_to = serializers.IntegerField(allow_null=True)
    order = serializers.CharField(help_text=ORDER_HELP)
    playability_games = serializers.IntegerField(allow_null=True, help_text="Quizzes ordered by playability: the "
                                                                            "games whose tops were counted (null "
                                                                            "otherwise).")
    blanks = serializers.IntegerField()
    time_limit = serializers.IntegerField(allow_null=True)
    passing_seconds = serializers.IntegerField(allow_null=True, help_text=PASSING_HELP)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    finished = serializers.BooleanField()
    score = ScoreSerializer()
    questions = QuestionResultSerializer(many=True)


def question_result(question: Any) -> dict[str, Any]:
    settled = question.settled_at is not None
    return {"id": question.pk, "question": question.question, "rank": question.rank, "count": question.count,
            "play_rank": question.play_rank, "tops": question.tops, "alphagram": question.alphagram, "settled": settled, "correct": question.correct,
            "found": list(question.found), "wrong": list(question.wrong),
            "answers": list(question.answers) if settled else None,
            "missed": question.missed if settled else None, "detail": question.detail if settled else None,
            "letters": _letters(question) if settled else None,
            "seconds": question.answer_seconds if settled else None, "slow": question.slow}


def _letters(question: Any) -> str | None:
    """Hooks as ``BFT·ETE·S``, 7+1 as the letters that make a word; None for the other kinds."""
    kind = question.quiz.kind
    if kind == "hooks":
        front, back = hook_letters(Question(kind, question.question, question.alphagram, tuple(question.answers)))
        return f"{front}{HOOK_MARK}{question.question}{HOOK_MARK}{back}"
    if kind == "seven_plus_one":
        return "".join(added_letters(Question(kind, question.question, question.alphagram,
                                              tuple(question.answers))))
    return None


class RankingProgressSerializer(request_serializers.Serializer):
    detail = serializers.CharField()
    task = serializers.UUIDField(allow_null=True, help_text="Poll /api/tasks/{id}/ for the ranking's progress "
                                                            "(the probability ranks, or the playability).")


class DetailSerializer(request_serializers.Serializer):
    detail = serializers.CharField()


class TakenSerializer(DetailSerializer):
    quiz = serializers.IntegerField(help_text="Your try.")


class StandingSerializer(request_serializers.Serializer):
    position = serializers.IntegerField()
    user = serializers.CharField()
    right = serializers.IntegerField()
    found = serializers.IntegerField()
    seconds = serializers.IntegerField(allow_null=True)


class ChallengeSerializer(LexiconVersionSerializer):
    lexicon = serializers.IntegerField()
    lexicon_name = serializers.CharField()
    day = serializers.DateField()
    kind = serializers.CharField()
    questions = serializers.IntegerField(help_text="How many questions (the questions come with your try).")
    time_limit = serializers.IntegerField()
    quiz = serializers.IntegerField(allow_null=True, help_text="Your try, null before you start.")
    finished = serializers.BooleanField()
    ranking = StandingSerializer(many=True)


@extend_schema_serializer(component_name="WordStudyDueCard")  # training has a DueCardSerializer too
class DueCardSerializer(request_serializers.Serializer):
    alphagram = serializers.CharField()
    lexicon = serializers.IntegerField(source="lexicon_id")
    due = serializers.DateTimeField()
    state = serializers.IntegerField(help_text="FSRS state: 1 learning, 2 review, 3 relearning.")
    reviews = serializers.IntegerField()
    lapses = serializers.IntegerField()


class DueSerializer(request_serializers.Serializer):
    count = serializers.IntegerField()
    cards = DueCardSerializer(many=True, help_text="The first 200, earliest due first.")
