"""Content-addressed storage of normalised word lists: ``lexicons/<sha256>.txt.gz``.

Through Django's storage API so a deployment can swap the file system for object storage. The gzip is
written with a fixed timestamp, so the same words always give the same bytes.
"""

from __future__ import annotations

import gzip
import io

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

PREFIX = "lexicons"


def words_path(content_hash: str) -> str:
    return f"{PREFIX}/{content_hash}.txt.gz"


def store_words(words: list[str], content_hash: str) -> str:
    """Save the words (one per line) under their hash unless already there; return the storage name."""
    name = words_path(content_hash)
    if default_storage.exists(name):
        return name
    # Level 6: a fifth of level 9's time on a 325k-word list, and no bigger (word edits store a whole list).
    payload = gzip.compress(("\n".join(words) + "\n").encode("ascii"), mtime=0, compresslevel=6)
    saved = default_storage.save(name, ContentFile(payload))
    if saved != name:  # a concurrent import stored the same content first: same bytes, keep one
        default_storage.delete(saved)
    return name


def load_words(name: str) -> list[str]:
    with default_storage.open(name, "rb") as handle:
        data = gzip.GzipFile(fileobj=io.BytesIO(handle.read())).read()
    return data.decode("ascii").split()
