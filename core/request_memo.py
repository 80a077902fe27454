"""Values worked out once per request: a dictionary that lives as long as the request being answered.

Why: a page asks several times for the same thing (the home page's blocks each want the learner's
profile and preferred lexicon); reading it once per request is safe (a request sees one state of the
preferences) where a cache across requests would need invalidating. Outside a request (tasks, commands)
there is no memo and every call reads afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.http import HttpRequest, HttpResponse

_memo: ContextVar[dict[Any, Any] | None] = ContextVar("tirage_request_memo", default=None)


def request_memo() -> dict[Any, Any] | None:
    """This request's memo, or None outside a request."""
    return _memo.get()


class RequestMemoMiddleware:
    """Gives each request an empty memo and drops it when the response is made."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _memo.set({})
        try:
            return self.get_response(request)
        finally:
            _memo.reset(token)
