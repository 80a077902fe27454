"""Form fields shared by the apps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms
from django.forms.models import ModelChoiceIterator


class _RowsOnceIterator(ModelChoiceIterator):
    """Django's choice iterator, reading its rows once: Django's runs the query each time it is iterated,
    and a rendered ``<select>`` iterates it twice (once for ``required``, whose rule looks at the first
    choice, once for the options), so every form page read the lexicons twice."""

    def __iter__(self) -> Iterator[Any]:
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for row in self._rows():
            yield self.choice(row)

    def __len__(self) -> int:
        return len(self._rows()) + (1 if self.field.empty_label is not None else 0)

    def __bool__(self) -> bool:
        return self.field.empty_label is not None or bool(self._rows())

    def _rows(self) -> list[Any]:
        rows = getattr(self, "_read", None)
        if rows is None:
            rows = self._read = list(self.queryset)
        return rows


class ModelChoiceField(forms.ModelChoiceField):
    """``forms.ModelChoiceField`` whose widget reads its rows once per form (see :class:`_RowsOnceIterator`);
    the field's validation still looks the chosen row up in the queryset."""

    iterator = _RowsOnceIterator
