"""The API's JSON parser: DRF's, with JSON nested too deeply refused as a parse error (400), not a 500.

Python's ``json`` decoder recurses once per nesting level and raises ``RecursionError`` near the
interpreter's recursion limit (about 1,000 levels); DRF's parser only catches ``ValueError``, so such a
body crashed the request, even on the anonymous log-in endpoint. Kept apart from ``core.api_errors``
because DRF imports the parser classes while ``rest_framework.views`` is being loaded.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, MultiPartParser

from core import request_guard


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - the document is nested too deeply.")) from None


class CheckedMultiPartParser(MultiPartParser):
    """DRF's multipart parser, with control characters in field names, values and file names refused as
    they are everywhere else (``core.request_guard``: JSON and form bodies are checked at the door, a
    multipart body when it is parsed, after the view has installed its upload limits)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parsed = super().parse(stream, media_type, parser_context)
        request_guard.check_form(parsed.data, parsed.files)
        return parsed
