"""Read-only lexicon listing for API clients (curation endpoints arrive with issue 10)."""

from rest_framework import generics

from lexicon.selectors import list_lexicons
from lexicon.serializers import LexiconSerializer


class LexiconListApi(generics.ListAPIView):
    serializer_class = LexiconSerializer

    def get_queryset(self):
        return list_lexicons(self.request.query_params.get("language") or None)
