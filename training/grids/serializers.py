"""REST shapes of training grids. Input serializers check types only; rules live in the services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core import request_serializers
from lexicon.models import Lexicon
from lexicon.serializers import LexiconVersionSerializer
from training.grids import selectors
from training.grids.models import Answer, Situation, TrainingGrid
from training.lists.models import RevisionList


class GridStartSerializer(request_serializers.Serializer):
    max_words = serializers.IntegerField(min_value=1, max_value=10, required=False, default=10)
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None)


class DueGridStartSerializer(GridStartSerializer):
    lexicon = serializers.PrimaryKeyRelatedField(queryset=Lexicon.objects.all())


class GridStartedSerializer(request_serializers.Serializer):
    grid = serializers.IntegerField()
    task = serializers.UUIDField()


class PlaySerializer(request_serializers.Serializer):
    coord = serializers.CharField()
    word = serializers.CharField()
    score = serializers.IntegerField()


VERDICTS = [choice for choice, _label in Answer.Verdict.choices]


AVAILABLE_HELP = ("The board may be shown: every earlier situation of the grid is decided. A situation's board "
                  "holds the words of the situations before it, so ``cgp`` is null until then.")


class SituationBriefSerializer(request_serializers.ModelSerializer):
    """A situation inside a grid: what the learner needs to play it, never an answer (its board only once
    it is open: ``available``)."""

    cgp = serializers.SerializerMethodField()
    available = serializers.BooleanField(read_only=True, default=False, help_text=AVAILABLE_HELP)

    answered = serializers.BooleanField(read_only=True, default=False)
    solved = serializers.BooleanField(read_only=True, default=False,
                                      help_text="Its one answer was right (the expected word or a top).")
    wrong = serializers.IntegerField(read_only=True, default=0, help_text="1 when its one answer was wrong, else 0.")
    verdict = serializers.ChoiceField(choices=VERDICTS, read_only=True, allow_null=True, default=None,
                                      help_text="expected | top | wrong; null while unanswered.")
    revealed = serializers.BooleanField(read_only=True, default=False,
                                        help_text="Closed unanswered because the grid was revealed.")

    class Meta:
        model = Situation
        fields = ["id", "order", "cgp", "rack", "available", "answered", "solved", "wrong", "verdict", "revealed"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True, help_text="The board before the word (CGP); null "
                                                                          "until the situation is available."))
    def get_cgp(self, situation: Situation) -> str | None:
        return situation.cgp if getattr(situation, "available", False) else None


class UnplacedSerializer(request_serializers.Serializer):
    """A word the grid builder left out: ``reason`` in the reader's language, ``code`` + ``params`` for programs."""

    word = serializers.CharField()
    spec = serializers.CharField(required=False)
    reason = serializers.CharField()
    code = serializers.CharField(required=False, allow_blank=True)
    params = serializers.DictField(required=False)


class GridSerializer(LexiconVersionSerializer, request_serializers.ModelSerializer):
    """``status`` is pending|running|done|failed; ``situations`` fill in one by one while the grid is running
    (each is stored as soon as it is built, and may be answered at once) and are all there once done.
    ``board`` (the final board, which shows every answer) is null until the grid is done and the learner has
    answered every situation (``finished``) or revealed the grid (``revealed``, ``POST
    /api/grids/{id}/reveal/``, refused while the grid is not built)."""

    status = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    task = serializers.UUIDField(source="task_run_id", read_only=True, allow_null=True)
    error = serializers.SerializerMethodField()
    situations = serializers.SerializerMethodField()
    board = serializers.SerializerMethodField()
    finished = serializers.SerializerMethodField()
    revealed = serializers.SerializerMethodField()
    unplaced = serializers.SerializerMethodField()
    revision_list: serializers.PrimaryKeyRelatedField[RevisionList] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The list the grid was built from; null for a grid of due words or "
                                                   "once that list is deleted.")

    class Meta:
        model = TrainingGrid
        fields = ["id", "status", "progress", "task", "source", "revision_list", "lexicon", "seed", "board",
                  "finished", "revealed", "situations", "unplaced", "stats", "error", "created_at", "finished_at",
                  "revealed_at", "lexicon_version", "lexicon_current_version"]
        read_only_fields = fields

    def _situations(self, grid: TrainingGrid) -> list[Situation]:
        cache = self.context.setdefault("_situations", {})
        if grid.pk not in cache:
            cache[grid.pk] = selectors.situations_with_answers(grid, self.context["request"].user)
        return cache[grid.pk]

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True,
                                               help_text="The final board (15 rows), null until finished or "
                                                         "revealed."))
    def get_board(self, grid: TrainingGrid) -> list[str] | None:
        return grid.board if selectors.final_board_visible(grid, self._situations(grid)) else None

    def get_finished(self, grid: TrainingGrid) -> bool:
        """Every situation of the built grid answered by this learner (false while the grid is building)."""
        return selectors.grid_finished(grid, self._situations(grid))

    def get_revealed(self, grid: TrainingGrid) -> bool:
        return grid.revealed_at is not None

    @extend_schema_field(serializers.ChoiceField(choices=TrainingGrid.Status.choices))
    def get_status(self, grid: TrainingGrid) -> str:
        return str(selectors.grid_status(grid))

    def get_progress(self, grid: TrainingGrid) -> int:
        return selectors.grid_progress(grid)

    def get_error(self, grid: TrainingGrid) -> str:
        return selectors.grid_error(grid)

    @extend_schema_field(SituationBriefSerializer(many=True))
    def get_situations(self, grid: TrainingGrid) -> list[dict[str, Any]]:
        return list(SituationBriefSerializer(self._situations(grid), many=True).data)

    @extend_schema_field(UnplacedSerializer(many=True))
    def get_unplaced(self, grid: TrainingGrid) -> list[dict[str, Any]]:
        return selectors.unplaced_words(grid)


class PlayDetailSerializer(PlaySerializer):
    """A play as the engine scores it (0-based ``row``/``col``, ``dir`` H or V, ``tiles`` placed)."""

    row = serializers.IntegerField(required=False)
    col = serializers.IntegerField(required=False)
    dir = serializers.CharField(required=False)
    tiles = serializers.IntegerField(required=False)


class AnswerSerializer(request_serializers.ModelSerializer):
    verdict = serializers.ChoiceField(choices=VERDICTS, read_only=True)
    play = PlayDetailSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Answer
        fields = ["id", "word", "coord", "correct", "verdict", "score", "play", "message", "created_at"]
        read_only_fields = fields


class GoalSerializer(request_serializers.Serializer):
    """What a situation asks: the list word (its length), through its support letter on ``support_square``."""

    length = serializers.IntegerField(help_text="Letters of the list word to find (the rack plus the support).")
    support_letter = serializers.CharField(help_text="The letter on the board the word goes through (lower case: "
                                                     "a blank).")
    support_square = serializers.CharField(help_text="Its square, French style (row letter, column number: H8).")
    support_blank = serializers.BooleanField()
    top_is_other_play = serializers.BooleanField(
        help_text="The board's top is another play than the list word: finding it is credited too, and the "
                  "situation stays open for the list word.")
    anagram_counts = serializers.BooleanField(
        help_text="An anagram of the list word through the support letter, laying the whole rack, counts as the "
                  "list word (verdict `anagram`: correct, the card reviewed as known).")


class SituationSerializer(request_serializers.ModelSerializer):
    """One situation. ``answers`` holds its one deciding answer (an empty list before it). ``expected``
    and ``top`` appear once the learner has answered it or revealed its grid (null before); ``cgp`` and
    ``board`` once it is ``available`` (every earlier situation decided: null before)."""

    cgp = serializers.SerializerMethodField()
    available = serializers.BooleanField(read_only=True, help_text=AVAILABLE_HELP)
    board = serializers.SerializerMethodField()
    answers = serializers.SerializerMethodField()
    answered = serializers.BooleanField(read_only=True)
    solved = serializers.BooleanField(read_only=True)
    verdict = serializers.ChoiceField(choices=VERDICTS, read_only=True, allow_null=True)
    revealed = serializers.BooleanField(read_only=True)
    expected = serializers.SerializerMethodField()
    top = serializers.SerializerMethodField()
    goal = serializers.SerializerMethodField()
    top_found = serializers.BooleanField(read_only=True, help_text="This learner found the board's top (the list "
                                                                   "word when it scores the top, or another play).")

    class Meta:
        model = Situation
        fields = ["id", "grid", "order", "cgp", "rack", "board", "available", "answered", "solved", "verdict",
                  "revealed", "answers", "expected", "top", "goal", "top_found"]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_cgp(self, situation: Situation) -> str | None:
        return situation.cgp if situation.available else None

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_board(self, situation: Situation) -> list[str] | None:
        return selectors.situation_rows(situation) if situation.available else None

    @extend_schema_field(AnswerSerializer(many=True))
    def get_answers(self, situation: Situation) -> list[dict[str, Any]]:
        return list(AnswerSerializer(situation.my_answers, many=True).data)

    @extend_schema_field(PlaySerializer(allow_null=True))
    def get_expected(self, situation: Situation) -> dict[str, Any] | None:
        return situation.expected if situation.decided else None

    @extend_schema_field(PlaySerializer(many=True, allow_null=True))
    def get_top(self, situation: Situation) -> list[dict[str, Any]] | None:
        return situation.top if situation.decided else None

    @extend_schema_field(GoalSerializer)
    def get_goal(self, situation: Situation) -> dict[str, Any]:
        return selectors.situation_goal(situation)


class AnswerInSerializer(request_serializers.Serializer):
    word = serializers.CharField(max_length=64, allow_blank=True, trim_whitespace=True)
    coord = serializers.CharField(max_length=8, required=False, allow_blank=True, allow_null=True)


class AnswerOutSerializer(request_serializers.Serializer):
    """The verdict: ``correct`` is true for the list word (``verdict`` expected, or anagram: an anagram of it
    through its support letter, laying the whole rack) and for a top; ``score`` is the learner's play's
    score. A top other than the list word leaves the situation open (``decided`` false, ``answer`` and
    ``expected`` null, ``top`` empty): its list word is still to find."""

    correct = serializers.BooleanField()
    verdict = serializers.ChoiceField(choices=VERDICTS)
    play = PlayDetailSerializer(allow_null=True, help_text="The learner's play as scored.")
    expected = PlaySerializer(allow_null=True, help_text="The list word's play; null while the situation is open.")
    score = serializers.IntegerField()
    message = serializers.CharField()
    top = PlaySerializer(many=True, help_text="The board's best plays; empty while the situation is open.")
    answer = serializers.IntegerField(allow_null=True, help_text="The deciding answer; null while the situation is "
                                                                 "open (a top other than the list word).")
    decided = serializers.BooleanField(help_text="The answer decided the situation (false: a top was credited and "
                                                 "the list word is still to find).")
    top_found = serializers.BooleanField(help_text="The learner found the board's top in this situation.")
    next_situation = serializers.IntegerField(allow_null=True)


class DayAccuracySerializer(request_serializers.Serializer):
    date = serializers.DateField()
    answers = serializers.IntegerField()
    correct = serializers.IntegerField()
    accuracy = serializers.FloatField(allow_null=True, help_text="Share of right answers; null on a day without "
                                                                   "answers (a gap, not 0).")


class HardWordSerializer(request_serializers.Serializer):
    entry = serializers.IntegerField()
    word = serializers.CharField()
    list = serializers.CharField()
    answers = serializers.IntegerField()
    wrong = serializers.IntegerField()


class ProgressSerializer(request_serializers.Serializer):
    due_now = serializers.IntegerField(help_text="Words due now: those reviewed before whose time has come "
                                                 "(`reviews_due`) and the new words the daily cap lets in (`new_due`).")
    due_today = serializers.IntegerField(help_text="The same by local midnight.")
    new_cap = serializers.IntegerField(help_text="New words a day, the learner's setting (`new_cards_per_day` of "
                                                 "`/api/auth/me/`, 20 by default).")
    new_today = serializers.IntegerField(help_text="New words started today (first reviewed today): they count "
                                                   "against the cap.")
    new_due = serializers.IntegerField(help_text="New words (never reviewed) among the words due now.")
    new_waiting = serializers.IntegerField(help_text="New words held back by the cap, for the next days.")
    reviews_due = serializers.IntegerField(help_text="Words reviewed before and due now.")
    cards = serializers.IntegerField()
    learned = serializers.IntegerField()
    answers = serializers.IntegerField()
    correct = serializers.IntegerField()
    wrong = serializers.IntegerField()
    accuracy = serializers.FloatField(allow_null=True)
    streak = serializers.IntegerField(help_text="Consecutive days with practice ending today (or yesterday while "
                                      "today has none yet): grid answers, duplicate rounds or quiz answers, "
                                      "what the daily goal counts.")
    accuracy_by_day = DayAccuracySerializer(many=True)
    hardest = HardWordSerializer(many=True)
