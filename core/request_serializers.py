"""The base of every API serializer: a request body holds the fields the operation reads, and text is text.

Why: the OpenAPI schema closes every request object (``additionalProperties: false``, ``core.openapi``), but
DRF's serializers silently drop a field they do not know, so a client that misspelt ``published`` as
``publised`` got a 200 and nothing saved; and DRF's ``CharField`` turns a number into text, so ``{"name": 12}``
was taken where the schema says a string. Serializers built on :class:`Serializer` or :class:`ModelSerializer`
(all of Tirage's: ``tests/core/test_request_serializers.py`` checks it) refuse both with a 400 that names each
field, ``{field: [message]}``, like any other field error: JSON bodies, form and multipart bodies (their files
included), and nested objects and lists of objects alike. A read-only field is not part of a request either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers


class RefuseUnknownFields:
    """Serializer mixin: unknown fields and non-text values for text fields are field errors."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            fields = self.fields  # type: ignore[attr-defined]  # a Serializer's
            errors: dict[str, list[str]] = {}
            for key in data:
                field = fields.get(key)
                if field is None or field.read_only:
                    errors[str(key)] = [_("Unknown field: this operation does not take it.")]
                elif isinstance(field, serializers.CharField) and not isinstance(data[key], str | None):
                    errors[str(key)] = [_("Not text: write it between quotes.")]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)  # type: ignore[misc]  # the serializer's own


class Serializer(RefuseUnknownFields, serializers.Serializer):
    pass


class ModelSerializer(RefuseUnknownFields, serializers.ModelSerializer):
    pass
