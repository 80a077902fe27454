"""The shared text and query rules (core.validation) used by models, forms, serializers and services."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from core.validation import (
    MAX_ID,
    MAX_QUERY_INTEGER,
    as_whole_number,
    forbidden_character,
    parse_query_integer,
    text_problem,
    validate_multiline,
    validate_single_line,
)


@pytest.fixture(autouse=True)
def english():
    """Messages asserted in English (the site's default language is French; one test checks it)."""
    from django.utils import translation

    with translation.override("en"):
        yield


def test_messages_are_french_by_default():
    from django.utils import translation

    with translation.override("fr"):
        assert text_problem("a\x00b") == "contient un caractère de contrôle, U+0000"
        with pytest.raises(ValueError, match="page doit être un nombre entier de 1 à 1000000000"):
            parse_query_integer("x", name="page", default=1)


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\u202e", "\u202a", "\u2066", "\u2069",
                                  "\u200b", "\u200f", "\ufeff", "\u061c", "\ud800", "\n", "\t", "\r"])
def test_single_line_text_refuses_invisible_and_control_characters(char):
    assert forbidden_character(f"Mes{char}mots") == char
    with pytest.raises(ValidationError) as caught:
        validate_single_line(f"Mes{char}mots")
    assert caught.value.code == "forbidden_character"
    assert f"U+{ord(char):04X}" in caught.value.messages[0]


@pytest.mark.parametrize("text", ["Élision, cœur & ÇA", "ﻉﺮﺒﻳ", "日本語", "emoji 🎲", "tab\tand\nlines\r\n"])
def test_ordinary_text_passes_and_multiline_keeps_line_breaks(text):
    validate_multiline(text)
    assert text_problem(text, multiline=True) is None
    if not any(c in text for c in "\t\n\r"):
        validate_single_line(text)


def test_multiline_text_still_refuses_nul_and_overrides():
    assert "control character, U+0000" in text_problem("a\x00b", multiline=True)
    assert "RIGHT-TO-LEFT OVERRIDE" in text_problem("abc\u202edef", multiline=True)


def test_length_is_checked_before_characters():
    assert text_problem("x" * 11, max_length=10) == "is longer than 10 characters"
    assert text_problem("x" * 10, max_length=10) is None


@pytest.mark.parametrize(("raw", "expected"), [(None, 1), (" 7 ", 7), ("+3", 3), (str(MAX_QUERY_INTEGER),
                                                                                           MAX_QUERY_INTEGER)])
def test_query_integers(raw, expected):
    assert parse_query_integer(raw, name="page", default=1) == expected


@pytest.mark.parametrize("raw", ["abc", "1.5", "0", "-1", "9" * 25, str(MAX_QUERY_INTEGER + 1), "１２", "1e3", "0x10"])
def test_query_integers_refused_name_the_parameter_and_bounds(raw):
    with pytest.raises(ValueError, match=r"page must be a whole number from 1 to 1000000000"):
        parse_query_integer(raw, name="page", default=1)


@pytest.mark.parametrize("raw", ["", "  "])
def test_an_empty_query_integer_is_refused_not_read_as_the_default(raw):
    with pytest.raises(ValueError, match=r"page is empty: give a whole number from 1 to 1000000000, or leave"):
        parse_query_integer(raw, name="page", default=1)


def test_query_integers_up_to_a_row_id():
    assert parse_query_integer(str(MAX_ID), name="lexicon", default=None, maximum=MAX_ID) == MAX_ID
    with pytest.raises(ValueError, match="lexicon must be a whole number"):
        parse_query_integer(str(MAX_ID + 1), name="lexicon", default=None, maximum=MAX_ID)


@pytest.mark.parametrize(("value", "expected"), [(3, 3), (-2, -2), ("12", 12), (" 7 ", 7), (1.5, None), (2.0, None),
                                                 (True, None), (False, None), ("1e3", None), ("", None), (None, None),
                                                 ([1], None), ("9" * 40, None)])
def test_whole_numbers_are_ints_or_digit_strings_only(value, expected):
    assert as_whole_number(value) == expected
