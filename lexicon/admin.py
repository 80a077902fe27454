"""Django admin views of lexicons: read-mostly. Curation itself goes through the curation pages (or the
API), which keep the audit trail and publish through the compile task; the admin never does either."""

from django.contrib import admin

from lexicon.models import Definition, Lexicon, LexiconEvent, LexiconVersion

VERSION_FIELDS = ("number", "state", "origin", "word_count", "added_count", "removed_count", "created_by",
                  "created_at", "published_at")


class VersionInline(admin.TabularInline):
    model = LexiconVersion
    fk_name = "lexicon"
    extra = 0
    can_delete = False
    fields = VERSION_FIELDS
    readonly_fields = VERSION_FIELDS
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Lexicon)
class LexiconAdmin(admin.ModelAdmin):
    list_display = ["name", "language", "word_count", "serving_version", "imported_at", "short_hash"]
    list_filter = ["language"]
    search_fields = ["name", "content_hash"]
    readonly_fields = ["content_hash", "words_file", "word_count", "imported_at", "source_name", "current_version"]
    inlines = [VersionInline]

    @admin.display(description="hash")
    def short_hash(self, obj: Lexicon) -> str:
        return obj.content_hash[:12]

    @admin.display(description="version")
    def serving_version(self, obj: Lexicon) -> str:
        return f"v{obj.current_version.number}" if obj.current_version else "—"


@admin.register(LexiconVersion)
class LexiconVersionAdmin(admin.ModelAdmin):
    list_display = ["lexicon", "number", "state", "origin", "word_count", "added_count", "removed_count", "created_at"]
    list_filter = ["state", "origin", "lexicon"]
    readonly_fields = [f.name for f in LexiconVersion._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(LexiconEvent)
class LexiconEventAdmin(admin.ModelAdmin):
    list_display = ["at", "lexicon", "actor", "action", "word", "reason"]
    list_filter = ["action", "lexicon"]
    search_fields = ["word", "reason"]
    readonly_fields = [f.name for f in LexiconEvent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Definition)
class DefinitionAdmin(admin.ModelAdmin):
    list_display = ["word", "lexicon", "text", "updated_by", "updated_at"]
    list_filter = ["lexicon"]
    search_fields = ["word", "text"]
    readonly_fields = ["lexicon", "word", "text", "updated_by", "updated_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
