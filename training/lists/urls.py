"""Revision list pages, included by :mod:`training.urls` (namespace ``training``)."""

from django.urls import path

from training.lists import views

urlpatterns = [
    path("lists/", views.lists, name="lists"),
    path("lists/<int:list_id>/", views.list_detail, name="list"),
    path("lists/<int:list_id>/edit/", views.list_edit, name="list-edit"),
    path("lists/<int:list_id>/delete/", views.list_delete, name="list-delete"),
    path("lists/<int:list_id>/copy/", views.list_copy, name="list-copy"),
    path("lists/<int:list_id>/share/", views.list_share, name="list-share"),
    path("lists/<int:list_id>/export.txt", views.list_export, name="list-export"),
    path("lists/<int:list_id>/import/", views.list_import, name="list-import"),
    path("shared/<str:token>/", views.shared_list, name="shared-list"),
    path("shared/<str:token>/copy/", views.shared_list_copy, name="shared-list-copy"),
    path("shared/<str:token>/export.txt", views.shared_list_export, name="shared-list-export"),
    path("lists/<int:list_id>/words/", views.word_add, name="word-add"),
    path("lists/<int:list_id>/words/bulk/", views.words_bulk, name="words-bulk"),
    path("lists/<int:list_id>/supports/", views.supports, name="supports"),
    path("lists/<int:list_id>/words/<int:entry_id>/support/", views.word_support, name="word-support"),
    path("lists/<int:list_id>/words/<int:entry_id>/delete/", views.word_delete, name="word-delete"),
]
