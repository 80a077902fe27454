from django.urls import path

from lexicon import apis

urlpatterns = [
    path("lexicons/", apis.LexiconListApi.as_view(), name="api-lexicon-list"),
]
