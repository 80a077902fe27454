"""Django admin of crosswords and Jarnac games: read-only (crosswords are made by the generation task and
solved by learners; Jarnac games change only through their moves, so they stay replayable)."""

from django.contrib import admin

from puzzles.crosswords.models import Crossword, CrosswordProgress, MissesList
from puzzles.jarnac.models import JarnacGame


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Crossword)
class CrosswordAdmin(ReadOnlyAdmin):
    list_display = ["id", "owner", "lexicon", "size", "style", "status", "created_at", "finished_at"]
    list_filter = ["status", "style", "lexicon"]
    search_fields = ["owner__username"]


@admin.register(CrosswordProgress)
class CrosswordProgressAdmin(ReadOnlyAdmin):
    list_display = ["crossword", "user", "seconds", "checks", "reveals", "finished_at"]
    list_filter = ["finished_at"]


@admin.register(MissesList)
class MissesListAdmin(ReadOnlyAdmin):
    list_display = ["owner", "lexicon", "revision_list"]


@admin.register(JarnacGame)
class JarnacGameAdmin(ReadOnlyAdmin):
    list_display = ["id", "owner", "lexicon", "level", "status", "score", "opponent_score", "winner", "created_at"]
    list_filter = ["status", "level", "lexicon"]
    search_fields = ["owner__username"]
