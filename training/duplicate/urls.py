"""Duplicate pages, under ``/training/duplicate/`` (namespace ``training``, names ``duplicate-*``)."""

from django.urls import path

from training.duplicate import views

urlpatterns = [
    path("", views.index, name="duplicate"),
    path("today/", views.today, name="duplicate-today"),
    path("import/", views.import_game, name="duplicate-import"),
    path("join/<str:token>/", views.join, name="duplicate-join"),
    path("<int:game_id>/", views.game_page, name="duplicate-game"),
    path("<int:game_id>/making/", views.making_body, name="duplicate-making"),
    path("<int:game_id>/play/", views.play, name="duplicate-play"),
    path("<int:game_id>/validate/", views.validate, name="duplicate-validate"),
    path("<int:game_id>/rounds/<int:number>/", views.round_result, name="duplicate-result"),
    path("<int:game_id>/ranking/", views.ranking, name="duplicate-ranking"),
    path("<int:game_id>/review/", views.review, name="duplicate-review"),
    path("<int:game_id>/sheet/", views.sheet, name="duplicate-sheet"),
    path("<int:game_id>/review/missed/", views.add_missed, name="duplicate-missed"),
    path("<int:game_id>/share/", views.share, name="duplicate-share"),
]
