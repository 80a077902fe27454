"""Control characters and bytes that are not UTF-8 in a request's data are refused (400, in words) where the
data comes in.

PostgreSQL cannot store or even compare a string holding NUL (psycopg raises ``ValueError``), so a
``lexicon=%00`` or a typed word ``AE%00RIENS`` that reached a query was a 500 on PostgreSQL while SQLite
answered normally; the other control characters corrupt exports and terminals. No word, name or number
holds one: refusing them at the door covers every view, present and future. Tab, line feed and carriage
return pass (multi-line text has them); the fields that must be one line refuse them themselves
(``core.validation``), as they refuse invisible and direction-changing characters.

What is checked, once per request, by :class:`RefuseControlCharactersMiddleware`:

- the path and the query string (names and values);
- a JSON body (every key and string, however deep) and a form body (``application/x-www-form-urlencoded``),
  read here: Django keeps the body, so the views and DRF parse the same bytes again;
- a multipart body's field names and values and its files' names, when the body is parsed (never here:
  the views that take uploads install their size limits first, see ``lexicon.uploads``): Django's
  ``request.POST``/``request.FILES`` through this middleware, the API through ``core.parsers``, both with
  :func:`check_form`. File contents are the uploads' own business (their importers check each line).

Bytes that are not UTF-8 text (``%FF`` in a form field or a parameter) are refused the same way: Django would
decode them to U+FFFD and the page would store "��" in place of what the learner typed. For a multipart body,
whose fields Django has already decoded, a U+FFFD in a field is taken for such bytes (no word or name holds it).

A refusal answers JSON ``{"detail": ...}`` under ``/api/`` and a page elsewhere, in the request's language.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.validation import describe_character

ALLOWED_CONTROLS = frozenset("\t\n\r")
_FORM_TYPES = ("application/x-www-form-urlencoded",)
_JSON_TYPE = re.compile(r"^application/(?:[\w.+-]+\+)?json$")
# In a JSON text, a control character is either raw (C1 controls may be: U+0080-U+009F) or escaped
# (\u00XX): a body with neither needs no parsing here.
_MAYBE_CONTROL = re.compile(r"\\u00[0-9a-fA-F]{2}|[\u0080-\u009f]")


class RefusedRequestData(SuspiciousOperation):
    """A request's data the site refuses at the door; :meth:`message` says why, in the reader's language."""

    def message(self) -> str:
        raise NotImplementedError


class NotUtf8InRequest(RefusedRequestData):
    """A field or parameter whose bytes are not UTF-8 text."""

    def __init__(self, where: str) -> None:
        self.where = where
        super().__init__(f"bytes that are not UTF-8 in {where}")

    def message(self) -> str:
        return _("The request was refused: %(where)s is not UTF-8 text. Type it again and send it again.") % {
            "where": self.where}


REPLACEMENT_CHARACTER = "\ufffd"


class ControlCharacterInRequest(RefusedRequestData):
    """A request's data holds a control character; ``str()`` says which and where, in words."""

    def __init__(self, char: str, where: str) -> None:
        self.char, self.where = char, where
        super().__init__(f"control character {describe_character(char)} in {where}")

    def message(self) -> str:
        return _("The request was refused: %(where)s contains a control character, %(char)s. "
                 "Remove it and send it again.") % {"where": self.where, "char": describe_character(self.char)}


def control_character(text: str) -> str | None:
    """The first control character of ``text`` that is not a tab or a line break, or None."""
    for char in text:
        if char not in ALLOWED_CONTROLS and unicodedata.category(char) == "Cc":
            return char
    return None


def _check(text: str, where: Callable[[], str]) -> None:
    char = control_character(text)
    if char is not None:
        raise ControlCharacterInRequest(char, where())


def _field(name: str) -> str:
    return _("the field “%(name)s”") % {"name": name}


def _field_name() -> str:
    return _("a field name")


def _check_pairs(pairs: Iterable[tuple[str, str]], describe: Callable[[str], str], decoded: bool = False) -> None:
    """``decoded``: the values were decoded by Django, bytes that are not UTF-8 turned into U+FFFD."""
    for key, value in pairs:
        _check(key, _field_name)
        char = control_character(value)
        if char is not None:
            raise ControlCharacterInRequest(char, describe(key))
        if decoded and REPLACEMENT_CHARACTER in value:
            raise NotUtf8InRequest(describe(key))


def _strict_pairs(query: str, describe: Callable[[str], str]) -> list[tuple[str, str]]:
    """``parse_qsl`` of a query or form body, refusing percent-escapes that do not decode as UTF-8."""
    try:
        return parse_qsl(query, keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        for key, value in parse_qsl(query, keep_blank_values=True):  # which field, for the message
            if REPLACEMENT_CHARACTER in key:
                raise NotUtf8InRequest(_field_name()) from None
            if REPLACEMENT_CHARACTER in value:
                raise NotUtf8InRequest(describe(key)) from None
        raise NotUtf8InRequest(_("the request")) from None


def check_form(data: Any, files: Any = None) -> None:
    """Refuse a parsed form (a ``QueryDict``: field names and values) and its files' field and file names."""
    if data is not None and hasattr(data, "lists"):
        _check_pairs(((key, value) for key, values in data.lists() for value in values
                      if isinstance(value, str)), _field, decoded=True)
    if files is not None and hasattr(files, "lists"):
        for key, uploads in files.lists():
            _check(key, _field_name)
            for upload in uploads:
                char = control_character(getattr(upload, "name", None) or "")
                if char is not None:
                    raise ControlCharacterInRequest(
                        char, _("the name of the file sent as “%(name)s”") % {"name": key})


def check_json(value: Any, path: str = "") -> None:
    """Refuse a parsed JSON document holding a control character in any key or string."""
    if isinstance(value, str):
        _check(value, lambda: _field(path) if path else _("the body"))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            key_text = str(key)
            _check(key_text, _field_name)
            check_json(item, f"{path}.{key_text}" if path else key_text)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_json(item, f"{path}[{index}]")


def check_url(request: HttpRequest) -> None:
    _check(request.path, lambda: _("the address"))
    def parameter(key: str) -> str:
        return _("the parameter “%(name)s”") % {"name": key}

    query = request.META.get("QUERY_STRING", "")
    if isinstance(query, bytes):
        query = query.decode("latin-1")
    _strict_pairs(query, parameter)
    _check_pairs(((key, value) for key, values in request.GET.lists() for value in values), parameter)


def check_body(request: HttpRequest) -> None:
    """A JSON or form body, read now; a multipart body when Django parses it (see the module's note)."""
    content_type = request.content_type or ""
    if content_type == "multipart/form-data":
        _check_multipart_when_parsed(request)
        return
    if content_type not in _FORM_TYPES and not _JSON_TYPE.match(content_type):
        return
    try:
        body = request.body
    except RequestDataTooBig:
        return  # the view's reading raises it again and answers it (413 on the API)
    if not body:
        return
    try:
        text = body.decode(request.encoding or "utf-8")
    except (UnicodeDecodeError, LookupError):
        return  # the parser answers it
    if content_type in _FORM_TYPES:
        # Parsed here rather than through request.POST: Django fills it for POST only, and its field
        # count limit belongs to the view's reading (the API answers it in words).
        _check_pairs(_strict_pairs(text, _field), _field)
        return
    if not _MAYBE_CONTROL.search(text):
        return
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return  # not JSON (or nested too deeply): the parser answers it in words
    check_json(document)


def _check_multipart_when_parsed(request: HttpRequest) -> None:
    load = request._load_post_and_files

    def load_and_check() -> None:
        load()
        check_form(request._post, request._files)  # type: ignore[attr-defined]

    request._load_post_and_files = load_and_check  # type: ignore[method-assign]  # this request's parsing only


def refusal(request: HttpRequest, exception: RefusedRequestData) -> HttpResponse:
    """The 400 answer: JSON under /api/, a page elsewhere."""
    message = exception.message()
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=400)
    return render(request, "core/bad_request.html", {"message": message}, status=400)


class RefuseControlCharactersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            check_url(request)
            check_body(request)
        except RefusedRequestData as refused:
            return refusal(request, refused)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A multipart body refused while a view (or the CSRF check) parsed it."""
        if isinstance(exception, RefusedRequestData):
            return refusal(request, exception)
        return None
