"""Admin: staff publish shared lists here too (the ``published`` flag); grids and answers are read-only history."""

from django.contrib import admin

from training.grids.models import Answer, Situation, TrainingGrid
from training.lists.models import ReviewCard, RevisionEntry, RevisionList


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
