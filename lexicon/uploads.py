"""Refusing oversized uploads while they arrive, not after they are stored.

Django streams an uploaded file above ``FILE_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) to a temporary file, so
memory is safe; but without a limit a 2 GB "word list" would still be written to disk before the service
looks at its size. :class:`SizeLimitHandler`, first in the handler chain, skips (discards) any file part
as soon as it passes the limit and remembers that it did, so the page can say "too large" while every
other form field, the CSRF token included, is still parsed. Installing a handler must happen before the
body is read, i.e. before the CSRF check: :func:`limit_uploads` is Django's documented pattern for that
(csrf_exempt outside, csrf_protect inside).
"""

from __future__ import annotations

from functools import wraps

from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.views.decorators.csrf import csrf_exempt, csrf_protect

from lexicon.services import max_upload_bytes


class SizeLimitHandler(FileUploadHandler):
    def __init__(self, request=None, limit: int | None = None) -> None:
        super().__init__(request)
        self.limit = limit if limit is not None else max_upload_bytes()
        self.exceeded = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > self.limit:
            self.exceeded = True
            raise SkipFile()
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handlers build the file object


def limit_uploads(view):
    """Decorate a POST view: files beyond the upload limit are discarded and flagged on
    ``request.upload_limit.exceeded``; CSRF protection is kept."""
    protected = csrf_protect(view)

    @csrf_exempt
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        handler = SizeLimitHandler(request)
        request.upload_handlers.insert(0, handler)
        request.upload_limit = handler
        return protected(request, *args, **kwargs)

    return wrapper


def upload_too_large(request) -> bool:
    handler = getattr(request, "upload_limit", None)
    return bool(handler and handler.exceeded)
