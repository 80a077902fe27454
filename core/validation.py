"""What user text and query values may contain: one set of rules for models, forms, serializers and services.

Why one module: a name typed in a form, posted to the API or read from an imported file must be held to
the same rules, or whichever door is laxer lets bad data in. Text is refused (never silently changed)
when it holds characters that are invisible or that change how the text around them is shown:

- control characters (NUL, escape, ...): PostgreSQL cannot even store NUL, and the others corrupt
  exports and terminals; tab and line breaks are allowed only in multi-line text;
- bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the invisible marks
  (U+200B-U+200F, U+2060, U+FEFF, U+061C): they make a name display as something else
  ("Trojan Source" style spoofing);
- lone surrogates (only reachable through JSON ``\\ud800`` escapes): they cannot be encoded at all.

Lengths are limits of the model fields (``max_length``); the constants below are shared by the fields,
forms and serializers that carry the same kind of text.
"""

from __future__ import annotations

import unicodedata
from typing import overload

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

# Free text a person writes (a list's description, a version note, the reason of an edit).
MAX_DESCRIPTION_LENGTH = 2000
MAX_NOTE_LENGTH = 2000

_INVISIBLE = frozenset(
    "\u061c"  # Arabic letter mark
    "\u200b\u200c\u200d\u200e\u200f"  # zero-width space/joiners, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidirectional embeddings and overrides
    "\u2060"  # word joiner
    "\u2066\u2067\u2068\u2069"  # bidirectional isolates
    "\ufeff"  # zero-width no-break space (byte order mark)
)
_LINE_BREAKS = frozenset("\t\n\r")


def forbidden_character(text: str, *, multiline: bool = False) -> str | None:
    """The first character ``text`` may not contain, or None when it is clean."""
    for char in text:
        if char in _INVISIBLE:
            return char
        category = unicodedata.category(char)
        if category == "Cs":
            return char
        if category == "Cc" and not (multiline and char in _LINE_BREAKS):
            return char
    return None


def describe_character(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: how an error message names an invisible character."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def text_problem(text: str, *, multiline: bool = False, max_length: int | None = None) -> str | None:
    """Why ``text`` is refused, as the end of a sentence ("contains a control character, U+0000"), or
    None when it is acceptable. Callers put the subject in front: "The note %(problem)s."."""
    if max_length is not None and len(text) > max_length:
        return str(_("is longer than %(max)d characters") % {"max": max_length})
    char = forbidden_character(text, multiline=multiline)
    if char is None:
        return None
    if unicodedata.category(char) == "Cc":
        return str(_("contains a control character, %(char)s") % {"char": describe_character(char)})
    return str(_("contains an invisible or direction-changing character, %(char)s")
               % {"char": describe_character(char)})


@deconstructible
class CleanTextValidator:
    """Django validator (models, forms; DRF runs model validators too) refusing forbidden characters."""

    code = "forbidden_character"

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: object) -> None:
        if not isinstance(value, str):
            return
        problem = text_problem(value, multiline=self.multiline)
        if problem:
            raise ValidationError(_("This text %(problem)s."), code=self.code, params={"problem": problem})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CleanTextValidator) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash((CleanTextValidator, self.multiline))


# A name or any one-line text; a description or any text that may have several lines.
validate_single_line = CleanTextValidator()
validate_multiline = CleanTextValidator(multiline=True)

def as_whole_number(value: object) -> int | None:
    """``value`` as an int when it is one exactly (an int, or a string of digits), else None.

    JSON gives 1.5, true or "1e3" as easily as 1: ``int()`` would quietly turn them into 1, 1 and an
    error, so a cell at row 1.5 would be answered as row 1. Booleans and fractions are refused.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.lstrip("+-").isdigit() and len(text) <= 12:
            return int(text)
    return None


# Query parameters that count pages or versions: past this they are not a number anyone can mean,
# and a larger one would overflow the database's OFFSET (a signed 64-bit integer).
MAX_QUERY_INTEGER = 1_000_000_000
MAX_ID = 2**63 - 1
"""The largest row id a query parameter may name (the id columns' signed 64-bit range)."""
ANY_INTEGER = 10**30
"""Bounds for a parameter the schema leaves unbounded (a version number, an id): past the data it names
nothing (404), but it is still an integer, so it is not refused as bad input."""
"""The largest row id a query parameter may name (the id columns' signed 64-bit range)."""


@overload
def parse_query_integer(raw: str | None, *, name: str, default: int, minimum: int = 1,
                        maximum: int = MAX_QUERY_INTEGER) -> int: ...
@overload
def parse_query_integer(raw: str | None, *, name: str, default: None, minimum: int = 1,
                        maximum: int = MAX_QUERY_INTEGER) -> int | None: ...
def parse_query_integer(raw: str | None, *, name: str, default: int | None, minimum: int = 1,
                        maximum: int = MAX_QUERY_INTEGER) -> int | None:
    """A whole number from a query string, ``default`` when absent.

    Raises ``ValueError`` with a message naming the parameter and its bounds: garbage, fractions and
    out-of-range numbers are refused (never read as page 1 or passed on to overflow the database). A
    parameter present but empty (``?lexicon=``) is refused too: the schema documents a number, and reading
    it as "absent" would silently answer for the default (another lexicon, page 1) rather than the one the
    client meant to send; a client leaves the parameter out to get the default.
    """
    if raw is None:
        return default
    text = raw.strip()
    if not text:
        raise ValueError(str(_("%(name)s is empty: give a whole number from %(min)d to %(max)d, or leave the "
                               "parameter out.") % {"name": name, "min": minimum, "max": maximum}))
    if not (text.isascii() and text.lstrip("+-").isdigit()) or len(text) > len(str(maximum)) + 1:
        raise ValueError(str(_("%(name)s must be a whole number from %(min)d to %(max)d.")
                             % {"name": name, "min": minimum, "max": maximum}))
    value = int(text)
    if not minimum <= value <= maximum:
        raise ValueError(str(_("%(name)s must be a whole number from %(min)d to %(max)d.")
                             % {"name": name, "min": minimum, "max": maximum}))
    return value
