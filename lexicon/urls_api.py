from django.urls import path

from lexicon import apis

urlpatterns = [
    path("lexicons/", apis.LexiconListApi.as_view(), name="api-lexicon-list"),
    path("lexicons/<int:lexicon_id>/check/", apis.CheckApi.as_view(), name="api-lexicon-check"),
    path("lexicons/<int:lexicon_id>/anagrams/", apis.AnagramsApi.as_view(), name="api-lexicon-anagrams"),
    path("lexicons/<int:lexicon_id>/pattern/", apis.PatternApi.as_view(), name="api-lexicon-pattern"),
    path("lexicons/<int:lexicon_id>/hooks/", apis.HooksApi.as_view(), name="api-lexicon-hooks"),
    path("lexicons/<int:lexicon_id>/new/", apis.NewWordsApi.as_view(), name="api-lexicon-new"),
    path("lexicons/<int:lexicon_id>/definitions/", apis.DefinitionsApi.as_view(), name="api-lexicon-definitions"),
    path("lexicons/<int:lexicon_id>/definitions/import/", apis.DefinitionImportApi.as_view(),
         name="api-lexicon-definitions-import"),
    path("lexicons/<int:lexicon_id>/definitions/<str:word>/", apis.DefinitionEditApi.as_view(),
         name="api-lexicon-definition"),
    path("lexicons/<int:lexicon_id>/versions/", apis.VersionListApi.as_view(), name="api-lexicon-versions"),
    path("lexicons/<int:lexicon_id>/versions/<int:number>/", apis.VersionDetailApi.as_view(),
         name="api-lexicon-version"),
    path("lexicons/<int:lexicon_id>/versions/<int:number>/diff/", apis.VersionDiffApi.as_view(),
         name="api-lexicon-version-diff"),
    path("lexicons/<int:lexicon_id>/versions/<int:number>/publish/", apis.PublishApi.as_view(),
         name="api-lexicon-version-publish"),
    path("lexicons/<int:lexicon_id>/words/", apis.WordEditApi.as_view(), name="api-lexicon-words"),
    path("lexicons/<int:lexicon_id>/audit/", apis.EventListApi.as_view(), name="api-lexicon-audit"),
]
