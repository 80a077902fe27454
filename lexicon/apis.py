"""Lexicon REST API: lookups for everyone, curation for staff.

Everyone (no login needed): list, check, anagrams, pattern, hooks, new words, definitions of words.
Staff only (others get 403): versions (list, upload, detail, diff, publish — publishing an earlier
version is the rollback), word edits, definition edits and imports, the audit trail.
Errors are ``400 {"detail": ..., "problems": [{"line", "text", "reason"}]}``; an oversized upload is 413.
"""

from __future__ import annotations

import math
from typing import Any, cast

from django.core.files.uploadhandler import FileUploadHandler
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import text_schemas
from core.api_errors import error_response, query_integer
from core.engine_messages import problem_reason
from core.parsers import CheckedMultiPartParser
from core.validation import MAX_QUERY_INTEGER
from lexicon import selectors, services
from lexicon.models import Lexicon, LexiconVersion
from lexicon.serializers import (
    AnagramsResultSerializer,
    CheckResultSerializer,
    ConfirmationNeededSerializer,
    DefinitionImportResultSerializer,
    DefinitionImportSerializer,
    DefinitionSerializer,
    DefinitionWriteSerializer,
    DiffSerializer,
    EventSerializer,
    HooksSerializer,
    LexiconSerializer,
    NewWordsSerializer,
    PublishSerializer,
    TaskStartedSerializer,
    UploadResultSerializer,
    UploadSerializer,
    VersionSerializer,
    WordEditSerializer,
    WordsResultSerializer,
)
from lexicon.uploads import SizeLimitHandler

PAGE_SIZE = 500
# A curation step refused by the rules (CurationError): publishing the version already served, deleting a
# definition that does not exist...
REFUSED = OpenApiResponse(description="Refused: `{\"detail\": message}` saying why; nothing changed.")


def _problems(problems) -> dict[str, Any]:
    """The ``problems`` field of an upload's refusal: one entry per refused line (none when empty)."""
    if not problems:
        return {}
    return {"problems": [{"line": p.line, "text": p.text, "reason": problem_reason(p)} for p in problems]}


# The ``page`` query parameter as the schema states it (``_page`` refuses the rest).
PAGE = {"type": "integer", "minimum": 1, "maximum": MAX_QUERY_INTEGER}


def _page(request: Request) -> int:
    """The ``page`` query parameter (1 when absent); garbage or out of range is a 400, not page 1."""
    return query_integer(request, "page", default=1, minimum=1, maximum=MAX_QUERY_INTEGER)


def _slice(words: list[str], page: int) -> tuple[list[str], int]:
    pages = max(1, math.ceil(len(words) / PAGE_SIZE))
    start = (page - 1) * PAGE_SIZE
    return words[start:start + PAGE_SIZE], pages


class LexiconMixin:
    def get_lexicon(self, lexicon_id: int) -> Lexicon:
        try:
            return Lexicon.objects.select_related("current_version").get(pk=lexicon_id)
        except Lexicon.DoesNotExist:
            raise Http404(_("No such lexicon.")) from None

    def get_version(self, lexicon: Lexicon, number: int) -> LexiconVersion:
        try:
            return selectors.get_version(lexicon, number)
        except LexiconVersion.DoesNotExist:
            raise Http404(_("No such version.")) from None

    @staticmethod
    def serving(lexicon: Lexicon) -> int | None:
        return lexicon.current_version.number if lexicon.current_version else None


class PublicLookup(LexiconMixin, APIView):
    permission_classes = [AllowAny]

    def handle_exception(self, exc):
        if isinstance(exc, selectors.LookupInputError):
            return error_response(str(exc))
        if isinstance(exc, selectors.CompiledLexiconError):
            return error_response(_("The lexicon is not available right now; try again in a moment."),
                                  status.HTTP_503_SERVICE_UNAVAILABLE)
        return super().handle_exception(exc)


class UploadLimitMixin(APIView):
    """Discard file parts beyond the upload limit while they arrive (see lexicon.uploads). Installed in
    ``initial`` because session authentication's CSRF check reads the body before the handler runs."""

    def initial(self, request: Request, *args, **kwargs) -> None:
        self.upload_limit = SizeLimitHandler(request._request)
        # Still a list: Django makes it immutable once the body is read, which nothing has done yet.
        cast(list[FileUploadHandler], request._request.upload_handlers).insert(0, self.upload_limit)
        super().initial(request, *args, **kwargs)

    def too_large(self, request: Request) -> Response | None:
        limit = services.max_upload_bytes()
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        # Content-Length first: refused before the body is read at all.
        if length > limit + 64 * 1024 or (request.data is not None and self.upload_limit.exceeded):
            return error_response(_("The upload is too large; the limit is %(limit)d MB. Nothing was saved.")
                          % {"limit": limit // (1024 * 1024)}, status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        return None


class StaffApi(LexiconMixin, APIView):
    permission_classes = [IsAdminUser]

    def handle_exception(self, exc):
        if isinstance(exc, services.CurationError):
            return error_response(exc.message, **_problems(exc.problems))
        return super().handle_exception(exc)


# -- everyone -------------------------------------------------------------------------------------------


class LexiconListApi(generics.ListAPIView):
    """Lexicons (filter with ``?language=fr``) and the number of the version each one serves."""

    serializer_class = LexiconSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        return selectors.list_lexicons(self.request.query_params.get("language") or None)


class CheckApi(PublicLookup):
    @extend_schema(
        parameters=[OpenApiParameter("words", str, required=True, pattern=r"[^,\s]",
                                    description="Comma-separated words (at most 100).")],
        responses=CheckResultSerializer,
    )
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Are these words valid in the serving version? Text that is not a word says why; a valid word comes
        with its front and back hooks and its curated definition (null when none)."""
        lexicon = self.get_lexicon(lexicon_id)
        checks = selectors.check_words(lexicon, request.query_params.get("words", "").split(","))
        body = {
            "lexicon": lexicon.pk,
            "version": self.serving(lexicon),
            "all_valid": all(c.valid for c in checks),
            "results": [c.__dict__ for c in checks],
        }
        return Response(CheckResultSerializer(body).data)


def _words_response(lexicon: Lexicon, serving: int | None, result: selectors.LookupResult) -> Response:
    body = {"lexicon": lexicon.pk, "version": serving, "query": result.query, "count": result.total,
            "truncated": result.truncated, "words": result.words}
    return Response(WordsResultSerializer(body).data)


class AnagramsApi(PublicLookup):
    @extend_schema(
        parameters=[
            OpenApiParameter("letters", text_schemas.rack(maxLength=selectors.MAX_RACK), required=True,
                             description="Rack letters, ? for a blank (at most 15, 2 blanks)."),
            OpenApiParameter("min_length", {"type": "integer", "minimum": 1, "maximum": selectors.MAX_RACK},
                             description="Also shorter words, down to this length (at most the number of "
                                         "letters)."),
        ],
        responses=AnagramsResultSerializer,
    )
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Anagrams of a rack, sorted by length then alphabetically (at most 2000 listed, ``count`` is all).

        ``tiles`` spells each listed word with the blank-played letters in lower case; with blanks in the
        rack, ``groups`` gathers the words by the letters the blanks stand for."""
        lexicon = self.get_lexicon(lexicon_id)
        min_length = query_integer(request, "min_length")
        result = selectors.anagram_lookup(lexicon, request.query_params.get("letters", ""), min_length)
        body = {"lexicon": lexicon.pk, "version": self.serving(lexicon), "query": result.query, "count": result.total,
                "truncated": result.truncated, "words": result.words, "tiles": result.tiles or [],
                "groups": None if result.groups is None else [
                    {"added": g.added, "words": [b.word for b in g.found], "tiles": [b.tiles for b in g.found]}
                    for g in result.groups]}
        return Response(AnagramsResultSerializer(body).data)


class PatternApi(PublicLookup):
    @extend_schema(
        parameters=[
            OpenApiParameter("q", text_schemas.pattern(maxLength=selectors.MAX_PATTERN), required=True,
                             description="Pattern: a dot for any letter (e.g. .A.E.), a star "
                                         "for any run of letters, none included (e.g. *TION)."),
            OpenApiParameter("rack", text_schemas.rack(optional=True, maxLength=selectors.MAX_RACK),
                             description="Fill the dots only with these tiles (? = blank)."),
        ],
        responses=WordsResultSerializer,
    )
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Words matching a pattern (``.`` one letter, ``*`` any run of letters)."""
        lexicon = self.get_lexicon(lexicon_id)
        result = selectors.pattern_lookup(lexicon, request.query_params.get("q", ""),
                                          request.query_params.get("rack") or None)
        return _words_response(lexicon, self.serving(lexicon), result)


class HooksApi(PublicLookup):
    @extend_schema(parameters=[OpenApiParameter(
        "word", text_schemas.word(maxLength=selectors.MAX_PATTERN * 2), required=True)], responses=HooksSerializer)
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Front and back hooks of a word (letters that make a word when put before / after it)."""
        lexicon = self.get_lexicon(lexicon_id)
        hooks = selectors.hooks_lookup(lexicon, request.query_params.get("word", ""))
        body = {"lexicon": lexicon.pk, "version": self.serving(lexicon), **hooks.__dict__}
        return Response(HooksSerializer(body).data)


class NewWordsApi(PublicLookup):
    @extend_schema(
        parameters=[
            OpenApiParameter("version", int, description="Version number (default: the serving one)."),
            OpenApiParameter("page", PAGE),
        ],
        responses=NewWordsSerializer,
    )
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Words a version added to the version it was based on (500 per page)."""
        lexicon = self.get_lexicon(lexicon_id)
        version, words = selectors.new_words(lexicon, query_integer(request, "version"))
        if version is None:
            return error_response("No such version.", status.HTTP_404_NOT_FOUND)
        page = _page(request)
        shown, pages = _slice(words, page)
        body = {"lexicon": lexicon.pk, "version": version.number,
                "based_on": version.parent.number if version.parent else None,
                "count": len(words), "page": page, "pages": pages, "words": shown}
        return Response(NewWordsSerializer(body).data)


class DefinitionsApi(PublicLookup):
    @extend_schema(parameters=[OpenApiParameter("words", str, required=True, pattern=r"[^,\s]",
                                                description="Comma-separated words.")],
                   responses=DefinitionSerializer(many=True))
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Definitions of the given words that have one (at most 500 words)."""
        lexicon = self.get_lexicon(lexicon_id)
        words = [w.strip() for w in request.query_params.get("words", "").split(",") if w.strip()]
        if not words:
            return error_response("Give at least one word.")
        if len(words) > 500:
            return error_response("At most 500 words at a time.")
        found = selectors.definitions_for(lexicon, words)
        data = [{"word": w, "text": t} for w, t in found.items()]
        return Response(data)


# -- staff ----------------------------------------------------------------------------------------------


class VersionListApi(UploadLimitMixin, StaffApi):
    parser_classes = [CheckedMultiPartParser]

    @extend_schema(responses=VersionSerializer(many=True))
    def get(self, request: Request, lexicon_id: int) -> Response:
        """Every version, newest first, with its state and counts."""
        lexicon = self.get_lexicon(lexicon_id)
        return Response(VersionSerializer(selectors.lexicon_versions(lexicon), many=True).data)

    @extend_schema(request={"multipart/form-data": UploadSerializer}, responses={201: UploadResultSerializer})
    def post(self, request: Request, lexicon_id: int) -> Response:
        """Upload a word list as a new draft version (publish it after reading its diff)."""
        lexicon = self.get_lexicon(lexicon_id)
        refused = self.too_large(request)
        if refused is not None:
            return refused
        serializer = UploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            outcome = services.upload_version(lexicon, data["file"], user=request.user, note=data["note"],
                                              skip_invalid=data["skip_invalid"], mode=data["mode"])
        except services.CurationError as exc:
            return error_response(exc.message, **_problems(exc.problems))
        body = {"version": outcome.version, "skipped": [str(p) for p in outcome.skipped],
                "duplicates": outcome.duplicates}
        return Response(UploadResultSerializer(body).data, status=status.HTTP_201_CREATED)


class VersionDetailApi(StaffApi):
    @extend_schema(responses=VersionSerializer)
    def get(self, request: Request, lexicon_id: int, number: int) -> Response:
        lexicon = self.get_lexicon(lexicon_id)
        return Response(VersionSerializer(self.get_version(lexicon, number)).data)

    @extend_schema(request=None, responses={204: OpenApiResponse(description="Discarded."), 400: REFUSED})
    def delete(self, request: Request, lexicon_id: int, number: int) -> Response:
        """Discard a draft (never published: an upload, word edits, or a failed compile). The history keeps a
        line saying so. A version that serves or served is refused (400)."""
        lexicon = self.get_lexicon(lexicon_id)
        services.discard_version(self.get_version(lexicon, number), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class VersionDiffApi(StaffApi):
    @extend_schema(
        parameters=[
            OpenApiParameter("base", int, description="Compare with this version (default: the serving one, "
                                                      "or for the serving version the one it replaced)."),
            OpenApiParameter("page", PAGE, description="500 words of each list per page."),
        ],
        responses=DiffSerializer,
    )
    def get(self, request: Request, lexicon_id: int, number: int) -> Response:
        """Words added and removed, with counts."""
        lexicon = self.get_lexicon(lexicon_id)
        version = self.get_version(lexicon, number)
        base_number = query_integer(request, "base")
        base = self.get_version(lexicon, base_number) if base_number is not None else None
        diff = selectors.version_diff(version, base)
        page = _page(request)
        added, pages_added = _slice(diff.added, page)
        removed, pages_removed = _slice(diff.removed, page)
        body = {"version": version.number, "base": diff.base.number if diff.base else None,
                "added_count": len(diff.added), "removed_count": len(diff.removed), "page": page,
                "pages": max(pages_added, pages_removed), "added": added, "removed": removed}
        return Response(DiffSerializer(body).data)


class PublishApi(StaffApi):
    @extend_schema(request=PublishSerializer, responses={
        202: TaskStartedSerializer, 400: REFUSED,
        409: OpenApiResponse(ConfirmationNeededSerializer,
                             description="The version would remove more than 1 % of the serving words: nothing "
                                         "started; send `{\"confirm\": true}` to publish it anyway.")})
    def post(self, request: Request, lexicon_id: int, number: int) -> Response:
        """Compile and publish this version (an earlier one: roll back, with its ``reason``). Follow the task at
        ``status_url``; the previous version serves until the task is done. A version that would remove more
        than 1 % of the serving words is 409 with the counts unless ``confirm`` is true."""
        lexicon = self.get_lexicon(lexicon_id)
        version = self.get_version(lexicon, number)
        serializer = PublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            run = services.publish_version(version, user=request.user, **serializer.validated_data)
        except services.ConfirmationNeeded as exc:
            body = {"detail": exc.message, "added": exc.added, "removed": exc.removed,
                    "serving_words": exc.serving_words, "removed_share": round(exc.removed_share, 6)}
            return Response(ConfirmationNeededSerializer(body).data, status=status.HTTP_409_CONFLICT)
        body = {"task": run.id, "status_url": reverse("api-task-detail", args=[run.id]), "version": version.number}
        return Response(TaskStartedSerializer(body).data, status=status.HTTP_202_ACCEPTED)


class WordEditApi(StaffApi):
    @extend_schema(request=WordEditSerializer, responses={200: VersionSerializer})
    def post(self, request: Request, lexicon_id: int) -> Response:
        """Add / remove words (with the reason) in the open edit draft; returns that draft version."""
        lexicon = self.get_lexicon(lexicon_id)
        serializer = WordEditSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        draft = services.edit_words(lexicon, user=request.user, **serializer.validated_data)
        return Response(VersionSerializer(draft).data)


class EventListApi(StaffApi):
    @extend_schema(parameters=[OpenApiParameter("page", PAGE)], responses=EventSerializer(many=True))
    def get(self, request: Request, lexicon_id: int) -> Response:
        """The audit trail, newest first, 100 per page."""
        lexicon = self.get_lexicon(lexicon_id)
        page = _page(request)
        events = selectors.lexicon_events(lexicon)[(page - 1) * 100: page * 100]
        return Response(EventSerializer(events, many=True).data)


class DefinitionEditApi(StaffApi):
    @extend_schema(request=DefinitionWriteSerializer, responses={200: DefinitionSerializer, 204: None})
    def put(self, request: Request, lexicon_id: int, word: str) -> Response:
        """Set a word's definition (an empty text deletes it)."""
        lexicon = self.get_lexicon(lexicon_id)
        serializer = DefinitionWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        definition = services.set_definition(lexicon, word, serializer.validated_data["text"], user=request.user)
        if definition is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(DefinitionSerializer(definition).data)

    @extend_schema(request=None, responses={204: None, 400: REFUSED})
    def delete(self, request: Request, lexicon_id: int, word: str) -> Response:
        lexicon = self.get_lexicon(lexicon_id)
        services.set_definition(lexicon, word, "", user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DefinitionImportApi(UploadLimitMixin, StaffApi):
    parser_classes = [CheckedMultiPartParser]

    @extend_schema(request={"multipart/form-data": DefinitionImportSerializer},
                   responses={200: DefinitionImportResultSerializer})
    def post(self, request: Request, lexicon_id: int) -> Response:
        """Import WORD<TAB>definition lines: all valid, or nothing is written (bad lines listed)."""
        lexicon = self.get_lexicon(lexicon_id)
        refused = self.too_large(request)
        if refused is not None:
            return refused
        serializer = DefinitionImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = services.import_definitions(lexicon, data["file"], user=request.user,
                                             skip_unknown=data["skip_unknown"])
        return Response(DefinitionImportResultSerializer(result.__dict__).data)
