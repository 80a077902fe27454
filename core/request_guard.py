"""Requests whose URL holds a NUL character are refused (400) before any view runs.

PostgreSQL cannot store or even compare a string with NUL (psycopg raises ``ValueError``), so a
``?username=a%00b`` that reached a query was a 500 on PostgreSQL while SQLite answered normally. No
word, name or number contains NUL: refusing it at the door covers every view, present and future, that
passes a query parameter or a path segment to the database. Bodies are checked where they are read
(Django's and DRF's form and serializer fields refuse NUL; ``core.validation`` for files and services):
reading them here would parse uploads before the views install their size limits.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from core import api_errors


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or any("\x00" in key or any("\x00" in value for value in values)
                                         for key, values in request.GET.lists()):
            return api_errors.bad_request(request, ValueError("NUL character in the URL"))
        return self.get_response(request)
