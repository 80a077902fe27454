"""Admin: staff publish shared lists here too (the ``published`` flag); grids, answers, duplicate games and
word-study quizzes are read-only history (a game or a quiz is made by the site and never edited by hand)."""

from django.contrib import admin
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from training.coach.models import Drill, Puzzle, PuzzleAnswer, PuzzleBank
from training.duplicate import selectors as duplicate_selectors
from training.duplicate.models import DuplicateGame, DuplicatePlay, DuplicatePlayer, DuplicateRound
from training.grids.models import Answer, Situation, TrainingGrid
from training.lists.models import ReviewCard, RevisionEntry, RevisionList
from training.wordstudy.models import (
    AlphagramPlayability,
    AlphagramRanking,
    DailyChallenge,
    PlayedAlphagram,
    Quiz,
    QuizAnswer,
    QuizQuestion,
    RankedAlphagram,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """History kept for staff to read and search: no field is editable, nothing is added by hand."""

    def get_readonly_fields(self, request, obj=None):  # noqa: ANN001, ANN201 - Django's signature
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request, obj=None) -> bool:  # noqa: ANN001
        return False


class RevisionEntryInline(admin.TabularInline):
    model = RevisionEntry
    extra = 0
    fields = ["word", "support_index", "added_at"]
    readonly_fields = ["added_at"]


@admin.register(RevisionList)
class RevisionListAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "lexicon", "published", "updated_at"]
    list_filter = ["published", "lexicon"]
    search_fields = ["name", "owner__username", "entries__word"]
    raw_id_fields = ["owner", "copied_from"]
    inlines = [RevisionEntryInline]


@admin.register(TrainingGrid)
class TrainingGridAdmin(admin.ModelAdmin):
    list_display = ["id", "owner", "source", "status", "lexicon", "created_at"]
    list_filter = ["status", "source"]
    search_fields = ["owner__username"]
    readonly_fields = [f.name for f in TrainingGrid._meta.fields]


@admin.register(Situation)
class SituationAdmin(admin.ModelAdmin):
    list_display = ["id", "grid", "order", "word", "rack"]
    search_fields = ["word"]
    readonly_fields = [f.name for f in Situation._meta.fields]


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    list_display = ["id", "user", "word", "coord", "correct", "score", "created_at"]
    list_filter = ["correct"]
    search_fields = ["user__username", "word"]
    readonly_fields = [f.name for f in Answer._meta.fields]


@admin.register(ReviewCard)
class ReviewCardAdmin(admin.ModelAdmin):
    list_display = ["entry", "owner", "due", "state", "reviews", "lapses"]
    search_fields = ["owner__username", "entry__word"]
    readonly_fields = [f.name for f in ReviewCard._meta.fields]


class DuplicateRoundInline(admin.TabularInline):
    model = DuplicateRound
    extra = 0
    fields = ["number", "rack", "kept", "top"]
    readonly_fields = ["number", "rack", "kept", "top"]
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:  # noqa: ANN001
        return False


@admin.register(DuplicateGame)
class DuplicateGameAdmin(ReadOnlyAdmin):
    """The change list fits a laptop's width beside the admin's menu and filters: eight short columns. The
    lexicon is its name and version (its menu label also counts its words), the game's kind is a few words
    (joker, imported, tournament, of the day), the tops and the date are short; visibility and the rest are
    filters, and everything is on the game's own page."""

    list_display = ["id", "owner", "lexicon_and_version", "kind", "status", "round_count", "tops", "created"]
    list_filter = ["status", "source", "variant", "visibility", "tournament", "lexicon"]
    search_fields = ["=id", "owner__username", "lexicon__name", "record_lexicon", "share_token"]
    list_select_related = ["owner", "lexicon"]
    date_hierarchy = "created_at"
    inlines = [DuplicateRoundInline]

    def get_inlines(self, request, obj=None):  # noqa: ANN001, ANN201 (Django's signature)
        """No racks nor tops while a live room plays the game: staff read them once the room is over, like everyone
        (``training.duplicate.selectors.in_live_play``)."""
        if obj is not None and duplicate_selectors.in_live_play(obj):
            return []
        return super().get_inlines(request, obj)

    @admin.display(description=_("lexicon"), ordering="lexicon__name")
    def lexicon_and_version(self, game: DuplicateGame) -> str:
        if game.lexicon_version is None:
            return game.lexicon.name
        return gettext("%(name)s v%(version)s") % {"name": game.lexicon.name, "version": game.lexicon_version}

    @admin.display(description=_("tops"), ordering="top_total")
    def tops(self, game: DuplicateGame) -> int:
        """The total of the tops, under a short heading (“total of the tops” made the widest column)."""
        return game.top_total

    @admin.display(description=_("created at"), ordering="created_at")
    def created(self, game: DuplicateGame) -> str:
        """The short date and time (27/11/2026 00:11), not the long one that wrapped to three lines."""
        return date_format(timezone.localtime(game.created_at), "SHORT_DATETIME_FORMAT")

    @admin.display(description=_("kind"))
    def kind(self, game: DuplicateGame) -> str:
        """A few words where four columns were: classic or joker, imported, tournament, of the day."""
        words = [gettext("joker") if game.variant == DuplicateGame.Variant.JOKER else gettext("classic")]
        if game.source == DuplicateGame.Source.IMPORTED:
            words.append(gettext("imported"))
        if game.tournament:
            words.append(gettext("tournament"))
        if game.daily_date:
            words.append(gettext("of the day %(date)s") % {"date": date_format(game.daily_date, "SHORT_DATE_FORMAT")})
        return " · ".join(words)


@admin.register(DuplicatePlayer)
class DuplicatePlayerAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "user", "current_round", "total", "top_total", "tops_found", "finished_at"]
    search_fields = ["user__username", "=game__id"]
    list_select_related = ["game", "user"]


@admin.register(DuplicatePlay)
class DuplicatePlayAdmin(ReadOnlyAdmin):
    list_display = ["id", "player", "number", "word", "coord", "score", "late_attempts", "validated_at"]
    list_filter = ["late_attempts"]
    search_fields = ["player__user__username", "word", "=player__game__id"]
    list_select_related = ["player__user", "player__game"]


@admin.register(AlphagramRanking)
class AlphagramRankingAdmin(ReadOnlyAdmin):
    list_display = ["id", "language", "state", "content_hash", "created_at", "finished_at"]
    list_filter = ["state", "language"]
    search_fields = ["content_hash"]


@admin.register(RankedAlphagram)
class RankedAlphagramAdmin(ReadOnlyAdmin):
    list_display = ["alphagram", "length", "rank", "ways", "words", "ranking"]
    list_filter = ["length"]
    search_fields = ["alphagram"]
    list_select_related = ["ranking"]


@admin.register(AlphagramPlayability)
class AlphagramPlayabilityAdmin(ReadOnlyAdmin):
    list_display = ["id", "language", "status", "games", "rounds", "content_hash", "created_at", "finished_at"]
    list_filter = ["status", "language"]
    search_fields = ["content_hash"]


@admin.register(PlayedAlphagram)
class PlayedAlphagramAdmin(ReadOnlyAdmin):
    list_display = ["alphagram", "length", "rank", "tops", "probability_rank", "playability"]
    list_filter = ["length"]
    search_fields = ["alphagram"]
    list_select_related = ["playability"]


@admin.register(DailyChallenge)
class DailyChallengeAdmin(ReadOnlyAdmin):
    list_display = ["id", "day", "lexicon", "lexicon_version", "kind", "time_limit", "created_at"]
    list_filter = ["kind", "lexicon"]
    search_fields = ["lexicon__name"]
    date_hierarchy = "day"


@admin.register(Quiz)
class QuizAdmin(ReadOnlyAdmin):
    list_display = ["id", "owner", "kind", "source", "mode", "order", "lexicon", "lexicon_version", "length",
                    "created_at", "finished_at"]
    list_filter = ["kind", "source", "mode", "order", "lexicon"]
    search_fields = ["owner__username", "=id", "revision_list__name"]
    list_select_related = ["owner", "lexicon"]
    date_hierarchy = "created_at"


@admin.register(QuizQuestion)
class QuizQuestionAdmin(ReadOnlyAdmin):
    list_display = ["id", "quiz", "order", "question", "alphagram", "correct", "answer_seconds", "slow", "settled_at"]
    list_filter = ["correct", "slow"]
    search_fields = ["question", "alphagram", "quiz__owner__username"]
    list_select_related = ["quiz"]


@admin.register(QuizAnswer)
class QuizAnswerAdmin(ReadOnlyAdmin):
    list_display = ["id", "quiz", "user", "question", "final", "created_at"]
    list_filter = ["final"]
    search_fields = ["user__username", "=quiz__id"]
    list_select_related = ["quiz", "user", "question"]


@admin.register(PuzzleBank)
class PuzzleBankAdmin(ReadOnlyAdmin):
    list_display = ["id", "lexicon", "tag", "status", "created_at", "finished_at"]
    list_filter = ["tag", "status", "lexicon"]
    list_select_related = ["lexicon"]


@admin.register(Puzzle)
class PuzzleAdmin(ReadOnlyAdmin):
    list_display = ["id", "lexicon", "source", "rack", "top_word", "top_score", "word_length", "rating", "created_at"]
    list_filter = ["source", "lexicon", "word_length"]
    search_fields = ["top_word", "=id"]
    list_select_related = ["lexicon"]


@admin.register(Drill)
class DrillAdmin(ReadOnlyAdmin):
    list_display = ["id", "user", "tag", "created_at"]
    list_filter = ["tag"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    date_hierarchy = "created_at"


@admin.register(PuzzleAnswer)
class PuzzleAnswerAdmin(ReadOnlyAdmin):
    list_display = ["id", "user", "puzzle", "word", "coord", "score", "correct", "hints", "created_at"]
    list_filter = ["correct"]
    search_fields = ["user__username", "word"]
    list_select_related = ["user", "puzzle"]
