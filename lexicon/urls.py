from django.urls import path

from lexicon import views

urlpatterns = [
    path("", views.index, name="lexicon-index"),
    path("<int:lexicon_id>/", views.lookup, name="lexicon-lookup"),
    path("<int:lexicon_id>/curate/", views.curate, name="lexicon-curate"),
    path("<int:lexicon_id>/curate/upload/", views.upload, name="lexicon-upload"),
    path("<int:lexicon_id>/curate/words/", views.edit_words, name="lexicon-edit-words"),
    path("<int:lexicon_id>/curate/definition/", views.edit_definition, name="lexicon-edit-definition"),
    path("<int:lexicon_id>/curate/definitions/import/", views.import_definitions, name="lexicon-import-definitions"),
    path("<int:lexicon_id>/audit/", views.audit, name="lexicon-audit"),
    path("<int:lexicon_id>/versions/<int:number>/", views.version_detail, name="lexicon-version"),
    path("<int:lexicon_id>/versions/<int:number>/publish/", views.publish, name="lexicon-publish"),
    path("<int:lexicon_id>/versions/<int:number>/discard/", views.discard, name="lexicon-discard"),
    path("<int:lexicon_id>/versions/<int:number>/state/", views.version_status, name="lexicon-version-state"),
]
