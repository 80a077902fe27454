"""REST API of revision lists: thin views over :mod:`training.lists.services` and :mod:`training.lists.selectors`.

Every object is looked up through a selector that filters by owner, so another user's id is a 404.
Errors a learner can fix are 400 with ``{"detail": message}`` (plus ``code`` and ``word`` for words).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import error_response
from core.parsers import CheckedMultiPartParser, SafeJSONParser
from training.lists import selectors, services
from training.lists.serializers import (
    BulkInSerializer,
    BulkOutSerializer,
    DueCardSerializer,
    EntryErrorSerializer,
    EntrySerializer,
    EntryUpdateSerializer,
    ImportInSerializer,
    ListDetailSerializer,
    ListSerializer,
    ListUpdateSerializer,
    SharedListSerializer,
    ShareSerializer,
    SupportsOutSerializer,
    TrainingConflictSerializer,
    WordInSerializer,
)

ENTRY_ERROR = OpenApiResponse(EntryErrorSerializer, description="The word is refused; the message names it.")
DETAIL_ERROR = OpenApiResponse(description="Bad input: `{\"detail\": message}`.")
CONFLICT = OpenApiResponse(TrainingConflictSerializer,
                           description="Already decided (one answer per situation; a revealed grid) or not ready: "
                                       "`{\"detail\": message}`.")


def _entry_error(exc: services.EntryError) -> Response:
    return error_response(exc.message, code=exc.code, word=exc.word)


def _forbidden(exc: PermissionDenied) -> Response:
    return error_response(str(exc), status.HTTP_403_FORBIDDEN)


class ListsApi(APIView):
    """The user's revision lists; create one."""

    @extend_schema(responses=ListSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(ListSerializer(selectors.lists_of(request.user), many=True).data)

    @extend_schema(request=ListSerializer, responses={201: ListSerializer, 400: DETAIL_ERROR, 403: DETAIL_ERROR})
    def post(self, request: Request) -> Response:
        serializer = ListSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            created = services.create_list(request.user, data["lexicon"], data["name"], data.get("description", ""),
                                           data.get("published", False))
        except PermissionDenied as exc:
            return _forbidden(exc)
        except ValueError as exc:
            return error_response(str(exc))
        return Response(ListSerializer(selectors.get_own_list(request.user, created.pk)).data,
                        status=status.HTTP_201_CREATED)


class ListDetailApi(APIView):
    """One of the user's lists with its words; rename, describe, publish (staff), delete."""

    @extend_schema(responses=ListDetailSerializer)
    def get(self, request: Request, list_id: int) -> Response:
        return Response(ListDetailSerializer(selectors.get_own_list(request.user, list_id)).data)

    @extend_schema(request=ListUpdateSerializer, responses={200: ListDetailSerializer, 400: DETAIL_ERROR,
                                                             403: DETAIL_ERROR})
    def patch(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        serializer = ListUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        try:
            services.update_list(revision_list, request.user, **serializer.validated_data)
        except PermissionDenied as exc:
            return _forbidden(exc)
        except ValueError as exc:
            return error_response(str(exc))
        return Response(ListDetailSerializer(selectors.get_own_list(request.user, list_id)).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, list_id: int) -> Response:
        services.delete_list(selectors.get_own_list(request.user, list_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ListWordsApi(APIView):
    """Words of a list; add one (``support``: a letter of the word, its position counted from 1, or omitted
    for the most productive letter)."""

    @extend_schema(responses=EntrySerializer(many=True))
    def get(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        return Response(EntrySerializer(selectors.entries_of(revision_list), many=True).data)

    @extend_schema(request=WordInSerializer, responses={201: EntrySerializer, 400: ENTRY_ERROR})
    def post(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        serializer = WordInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            entry = services.add_word(revision_list, serializer.validated_data["word"],
                                      serializer.validated_data.get("support"))
        except services.EntryError as exc:
            return _entry_error(exc)
        entry.in_lexicon = True
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class ListWordsBulkApi(APIView):
    """Paste many lines (``BACCARAT:T``, ``PRIVATIF 5``, ``WORD``): valid ones are added, the others refused."""

    @extend_schema(request=BulkInSerializer, responses={200: BulkOutSerializer, 400: ENTRY_ERROR})
    def post(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        serializer = BulkInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            outcome = services.add_words_bulk(revision_list, serializer.validated_data["text"])
        except services.EntryError as exc:
            return _entry_error(exc)
        for entry in outcome.added:
            entry.in_lexicon = True
        body = {"added": EntrySerializer(outcome.added, many=True).data,
                "refused": [r.to_json() for r in outcome.refused],
                "duplicates": outcome.duplicates, "remaining_text": outcome.remaining_text}
        return Response(body)


class EntryDetailApi(APIView):
    """Change a word's support letter, or remove the word from the list."""

    @extend_schema(request=EntryUpdateSerializer, responses={
        200: EntrySerializer, 400: ENTRY_ERROR,
        422: OpenApiResponse(EntryErrorSerializer, description="A support that does not fit the entry's word.")})
    def patch(self, request: Request, list_id: int, entry_id: int) -> Response:
        entry = selectors.get_own_entry(request.user, list_id, entry_id)
        serializer = EntryUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        if "support" in serializer.validated_data:
            try:
                services.set_support(entry, serializer.validated_data["support"])
            except services.EntryError as exc:
                # The schema allows any letter and position 1-15; which fit depends on the stored word.
                return error_response(exc.message, status.HTTP_422_UNPROCESSABLE_ENTITY, code=exc.code, word=exc.word)
        return Response(EntrySerializer(entry).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, list_id: int, entry_id: int) -> Response:
        services.remove_entry(selectors.get_own_entry(request.user, list_id, entry_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SupportsApi(APIView):
    """Support letters proposed for a word of the list's lexicon, most productive rack first."""

    @extend_schema(parameters=[OpenApiParameter("word", OpenApiTypes.STR, required=True)],
                   responses={200: SupportsOutSerializer, 400: ENTRY_ERROR})
    def get(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        try:
            word, _index = services.check_word(revision_list, request.query_params.get("word", ""), None)
        except services.EntryError as exc:
            return _entry_error(exc)
        options = selectors.support_options(selectors.gaddag_of(revision_list.lexicon), word)
        return Response({"word": word, "options": [o.to_json() for o in options]})


class PublishedListsApi(APIView):
    """Lists published by staff, which any learner may copy."""

    @extend_schema(responses=ListSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(ListSerializer(selectors.published_lists(), many=True).data)


class PublishedListDetailApi(APIView):
    @extend_schema(responses=ListDetailSerializer)
    def get(self, request: Request, list_id: int) -> Response:
        return Response(ListDetailSerializer(selectors.get_published_list(list_id)).data)


class CopyPublishedListApi(APIView):
    """Copy a published list into the user's own lists (fresh review cards)."""

    @extend_schema(request=None, responses={201: ListSerializer})
    def post(self, request: Request, list_id: int) -> Response:
        copy = services.copy_list(selectors.get_published_list(list_id), request.user)
        return Response(ListSerializer(selectors.get_own_list(request.user, copy.pk)).data,
                        status=status.HTTP_201_CREATED)


class DueReviewsApi(APIView):
    """Revision words due for review now, soonest first: the words reviewed before whose time has come, and the
    new words (``new``: never reviewed) the learner's daily cap of new words lets in today (``new_cards_per_day``
    of ``/api/auth/me/``, 20 by default); the other new words wait (``new_waiting`` of ``/api/progress/``)."""

    @extend_schema(responses=DueCardSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(DueCardSerializer(selectors.due_cards(request.user)[:500], many=True).data)


def _share_body(request: Request, revision_list) -> dict[str, str]:
    token = revision_list.share_token
    return {"token": token,
            "url": request.build_absolute_uri(reverse("training:shared-list", args=[token])),
            "api_url": request.build_absolute_uri(reverse("api-shared-list", args=[token]))}


class ListShareApi(APIView):
    """Share a list by link: ``POST`` turns it on (the same link each time), ``GET`` says the link (404 when
    the list is not shared), ``DELETE`` turns it off (the link stops working)."""

    @extend_schema(responses={200: ShareSerializer, 404: DETAIL_ERROR})
    def get(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        if not revision_list.share_token:
            return error_response(_("This list is not shared."), status.HTTP_404_NOT_FOUND)
        return Response(_share_body(request, revision_list))

    @extend_schema(request=None, responses={200: ShareSerializer})
    def post(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        services.share_list(revision_list)
        return Response(_share_body(request, revision_list))

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, list_id: int) -> Response:
        services.stop_sharing(selectors.get_own_list(request.user, list_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


def _text_response(revision_list) -> HttpResponse:
    response = HttpResponse(services.export_text(revision_list), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="list.txt"'
    return response


class ListExportApi(APIView):
    """The list as text: ``#`` comment lines naming it, then one ``WORD:LETTER`` (or ``WORD POSITION``) per line."""

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request: Request, list_id: int) -> HttpResponse:
        return _text_response(selectors.get_own_list(request.user, list_id))


class ListImportApi(APIView):
    """Add the words of a text (JSON ``{"text"}``) or a file (multipart ``file``), as exported: valid lines are
    added; each refused line is reported with its number, and ``remaining_text`` holds them all (nothing lost)."""

    parser_classes = [SafeJSONParser, CheckedMultiPartParser]  # a text in JSON, or a file

    @extend_schema(request=ImportInSerializer, responses={200: BulkOutSerializer, 400: ENTRY_ERROR})
    def post(self, request: Request, list_id: int) -> Response:
        revision_list = selectors.get_own_list(request.user, list_id)
        serializer = ImportInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            text = serializer.validated_data.get("text")
            if text is None:
                text = services.read_import_file(serializer.validated_data.get("file"))
            outcome = services.add_words_bulk(revision_list, text)
        except services.EntryError as exc:
            return _entry_error(exc)
        for entry in outcome.added:
            entry.in_lexicon = True
        return Response({"added": EntrySerializer(outcome.added, many=True).data,
                         "refused": [r.to_json() for r in outcome.refused],
                         "duplicates": outcome.duplicates, "remaining_text": outcome.remaining_text})


class SharedListApi(APIView):
    """A list shared by link, read-only: its words and supports (any signed-in learner with the token)."""

    @extend_schema(responses={200: SharedListSerializer, 404: DETAIL_ERROR})
    def get(self, request: Request, token: str) -> Response:
        return Response(SharedListSerializer(selectors.get_shared_list(token)).data)


class SharedListExportApi(APIView):
    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR, 404: DETAIL_ERROR})
    def get(self, request: Request, token: str) -> HttpResponse:
        return _text_response(selectors.get_shared_list(token))


class SharedListCopyApi(APIView):
    """Copy a shared list into your own lists (words and supports; fresh review cards)."""

    @extend_schema(request=None, responses={201: ListSerializer, 404: DETAIL_ERROR})
    def post(self, request: Request, token: str) -> Response:
        copy = services.copy_list(selectors.get_shared_list(token), request.user)
        return Response(ListSerializer(selectors.get_own_list(request.user, copy.pk)).data,
                        status=status.HTTP_201_CREATED)
