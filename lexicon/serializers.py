from rest_framework import serializers

from lexicon.models import Lexicon


class LexiconSerializer(serializers.ModelSerializer):
    class Meta:
        model = Lexicon
        fields = ["id", "name", "language", "word_count", "content_hash", "imported_at"]
        read_only_fields = fields
