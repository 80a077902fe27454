"""Errors of the REST API always answer JSON ``{"detail": "..."}``, whatever raised them.

Every API builds its error answers with :func:`error_response`: ``{"detail": message}``, then ``code`` (a
stable key for programs) when given, then any fields of its own (``word``, ``line``, ``task``...).

DRF turns its own exceptions into JSON, but three kinds of bad input escaped it and came back as
Django's HTML pages (or as a 500):

- JSON nested deeper than Python's recursion limit: a 500, even before authentication on the log-in
  endpoint (``core.parsers.SafeJSONParser`` makes it a 400);
- a body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``: Django raises ``RequestDataTooBig`` while DRF
  reads it, answered with an HTML 400;
- anything Django answers itself under ``/api/`` (an unknown URL, a ``SuspiciousOperation``, a crash):
  the ``handler400/403/404/500`` of ``config.urls`` come here and answer JSON for API paths.

And one failure that is not a bug: the database not answering (down, restarting, unreachable). Whatever
raised it — a view, the session or token lookup, a template — it reaches ``handler500``; that answers 503
with ``Retry-After`` and the reason in words, in the visitor's language: the site's styled page for pages
(rendered without the request, which would need the database for the user), JSON for the API.
"""

from __future__ import annotations

import sys
import traceback
from typing import Any, overload

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core import request_guard
from core.request_guard import RefusedRequestData
from core.validation import ANY_INTEGER, parse_query_integer

API_PREFIX = "/api/"


def _too_large_message() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return _("The request body is too large; the limit is %(size)s KB.") % {"size": limit // 1024}


def _raised_by_json_decoder(exc: BaseException) -> bool:
    return any(frame.f_code.co_filename.endswith(("json/decoder.py", "json/__init__.py"))
               for frame, _line in traceback.walk_tb(exc.__traceback__))


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler, plus the request errors Django raises while DRF reads the body, and JSON nested too
    deeply for views that keep their own parser list (DRF's ``ObtainAuthToken`` does)."""
    if isinstance(exc, RecursionError) and _raised_by_json_decoder(exc):
        return Response({"detail": _("JSON parse error - the document is nested too deeply.")},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": _too_large_message()}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, TooManyFieldsSent):
        return Response({"detail": _("The request has too many fields.")}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RefusedRequestData):
        return Response({"detail": exc.message()}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, SuspiciousOperation):
        return Response({"detail": _("Bad request.")}, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)


def error_response(message: str, http: int = status.HTTP_400_BAD_REQUEST, *, code: str | None = None,
                   headers: dict[str, str] | None = None, **fields: Any) -> Response:
    """The API's error answer: ``{"detail": message, "code": code, **fields}`` (``code`` only when given) with
    HTTP status ``http`` (400 unless told)."""
    body: dict[str, Any] = {"detail": message}
    if code:
        body["code"] = code
    body.update(fields)
    return Response(body, status=http, headers=headers)


class InvalidBody(Exception):
    """A request body its serializer refuses: ``response`` is the 400 to answer."""

    def __init__(self, response: Response) -> None:
        super().__init__("invalid request body")
        self.response = response


def validated_body(serializer_class: type, data: Any) -> dict[str, Any]:
    """The body validated by ``serializer_class``, or :class:`InvalidBody` with a 400 ``{"detail": "field:
    message", "code": "bad_input", "fields": {field: [messages]}}`` (a body that is not a JSON object too)."""
    if not isinstance(data, dict):
        raise InvalidBody(error_response(_("The body must be a JSON object."), code="bad_input"))
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        fields = {k: [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in serializer.errors.items()}
        first = next(iter(fields.items()))
        raise InvalidBody(error_response(f"{first[0]}: {first[1][0]}", code="bad_input", fields=fields))
    return dict(serializer.validated_data)


@overload
def query_integer(request: Request, name: str, *, default: int, minimum: int = ..., maximum: int = ...) -> int: ...
@overload
def query_integer(request: Request, name: str, *, default: None = None, minimum: int = ...,
                  maximum: int = ...) -> int | None: ...
def query_integer(request: Request, name: str, *, default: int | None = None, minimum: int = -ANY_INTEGER,
                  maximum: int = ANY_INTEGER) -> int | None:
    """The whole-number query parameter ``name`` of an API call (``default`` when absent), read by
    :func:`core.validation.parse_query_integer`; anything else ends the call with a 400 ``{"detail": reason}``
    (DRF answers its ``ParseError`` as :func:`error_response` would), so a view need not catch it.

    Unbounded unless told: an id or a version number past the data names nothing (a 404 of the view's own),
    but it is still a whole number, not bad input."""
    try:
        return parse_query_integer(request.query_params.get(name), name=name, default=default, minimum=minimum,
                                   maximum=maximum)
    except ValueError as exc:
        raise ParseError(str(exc)) from None


def is_api_request(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RefusedRequestData):
        return request_guard.refusal(request, exception)
    if not is_api_request(request):
        return defaults.bad_request(request, exception or SuspiciousOperation())
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"detail": _too_large_message()}, status=413)
    return JsonResponse({"detail": _("Bad request.")}, status=400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if not is_api_request(request):
        return defaults.permission_denied(request, exception or PermissionDenied())
    return JsonResponse({"detail": _("You do not have permission to perform this action.")}, status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if not is_api_request(request):
        return defaults.page_not_found(request, exception)
    return JsonResponse({"detail": _("Not found.")}, status=404)


DATABASE_RETRY_AFTER = 30
"""Seconds a client is asked to wait when the database does not answer."""


def database_unavailable(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the database cannot be used right now rather than that our code is wrong.

    PEP 249's ``OperationalError`` is "related to the database's operation and not necessarily under the
    control of the programmer" (connection refused or lost, server shutting down, timeout, SQLite's
    "database is locked"); ``InterfaceError`` is a connection already closed. Django wraps both.
    """
    return isinstance(exc, (OperationalError, InterfaceError))


def _visitor_language(request: HttpRequest) -> str:
    """The language the request was answered in, else the switcher's cookie, else French."""
    available = {code for code, _name in settings.LANGUAGES}
    for language in (getattr(request, "LANGUAGE_CODE", None), request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)):
        if language in available:
            return language
    return settings.LANGUAGE_CODE


def service_unavailable(request: HttpRequest) -> HttpResponse:
    """503 in words: the database does not answer (page or JSON, in the visitor's language)."""
    with translation.override(_visitor_language(request)):
        message = _("Tirage cannot reach its database at the moment. Please try again in a minute.")
        if is_api_request(request):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            # No request in the context: the user, the session and the messages all need the database.
            response = HttpResponse(loader.render_to_string("503.html", {"message": message}), status=503)
        response["Content-Language"] = translation.get_language()
    response["Retry-After"] = str(DATABASE_RETRY_AFTER)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    if database_unavailable(sys.exc_info()[1]):
        return service_unavailable(request)
    if not is_api_request(request):
        return defaults.server_error(request)
    return JsonResponse({"detail": _("Internal server error; it has been logged.")}, status=500)
