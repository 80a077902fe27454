"""The page answered when a task cannot be started: the task service (the broker) is down, or the user already has
as many runs of that kind under way as a user may."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.progress import TaskDispatchError, TooManyTasks


class TaskDispatchErrorMiddleware:
    """Pages that start a task answer 503 with the reason in words when the task service is down.

    Why here: every page that starts a task (grids, crosswords, lexicon compilation, the task check) would
    otherwise repeat the same handler; ``core.progress.TaskDispatchError`` has already failed the run and
    the service has removed what it created, so there is nothing left to clean up, only to explain.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, TooManyTasks):
            return render(request, "core/tasks_unavailable.html",
                          {"message": str(exception.detail), "title": _("Too many tasks under way")}, status=429)
        if not isinstance(exception, TaskDispatchError):
            return None
        response = render(request, "core/tasks_unavailable.html", {"message": str(exception.detail)}, status=503)
        response["Retry-After"] = "60"
        return response
