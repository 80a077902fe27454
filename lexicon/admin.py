from django.contrib import admin

from lexicon.models import Lexicon


@admin.register(Lexicon)
class LexiconAdmin(admin.ModelAdmin):
    list_display = ["name", "language", "word_count", "imported_at", "short_hash"]
    list_filter = ["language"]
    search_fields = ["name", "content_hash"]
    readonly_fields = ["content_hash", "words_file", "word_count", "imported_at", "source_name"]

    @admin.display(description="hash")
    def short_hash(self, obj: Lexicon) -> str:
        return obj.content_hash[:12]
