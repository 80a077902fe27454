"""Training grid pages and the dashboard, included by :mod:`training.urls` (namespace ``training``)."""

from django.urls import path

from training.grids import views

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("lists/<int:list_id>/starter-grid/", views.starter_grid, name="starter-grid"),
    path("lists/<int:list_id>/grids/", views.grid_start, name="grid-start"),
    path("due/grids/", views.due_grid_start, name="due-grid-start"),
    path("grids/<int:grid_id>/", views.grid_detail, name="grid"),
    path("grids/<int:grid_id>/body/", views.grid_body, name="grid-body"),
    path("grids/<int:grid_id>/reveal/", views.grid_reveal, name="grid-reveal"),
    path("situations/<int:situation_id>/", views.situation_detail, name="situation"),
    path("situations/<int:situation_id>/answer/", views.situation_answer, name="situation-answer"),
]
