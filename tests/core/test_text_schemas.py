"""The schema's text patterns accept what the services accept, and refuse what they refuse.

Each pattern is compared with the code that decides (the engine's folding, the lookups, the room services,
Django's validators) on every character of the Basic Multilingual Plane and on hand-picked texts: a pattern
that drifted from its rule would make the schema promise a request the API refuses, or the reverse.
"""

from __future__ import annotations

import re

import pytest

from core import text_schemas
from core.request_guard import control_character
from engine.alphabet import InvalidWord, get_alphabet
from engine.gaddag.rack import parse_rack

FRENCH = get_alphabet("fr")
CHARACTERS = [chr(code) for code in range(0x10000) if not 0xD800 <= code <= 0xDFFF
              and not control_character(chr(code))]  # refused in every request, whatever the schema


def _matches(schema: dict, text: str) -> bool:
    return re.fullmatch(schema["pattern"], text) is not None


def _is_word(text: str) -> bool:
    try:
        FRENCH.normalise(text)
    except InvalidWord:
        return False
    return True


def _is_rack(text: str) -> bool:
    try:
        parse_rack(FRENCH, text.strip().replace(" ", ""))
    except InvalidWord:
        return False
    return text.count("?") <= 2


@pytest.mark.parametrize("prefix", ["", "E"])
def test_every_character_is_a_word_letter_for_the_pattern_exactly_when_the_engine_reads_it(prefix):
    """One character alone and after a letter: combining marks make a word only after a letter."""
    word = text_schemas.word()
    for char in CHARACTERS:
        text = prefix + char
        assert _matches(word, text) == _is_word(text), repr(text)


def test_rack_pattern_agrees_with_the_rack_parser():
    rack = text_schemas.rack()
    for char in CHARACTERS:
        for text in (char, "A" + char, "?" + char):
            assert _matches(rack, text) == _is_rack(text), repr(text)
    for text, accepted in [("??", True), ("???", False), ("A?B?C", True), ("A?B?C?", False), (" é ?", True),
                           ("", False), ("  ", False), ("\u0301", False), ("\u0301?", True)]:
        assert _matches(rack, text) is accepted, repr(text)
        assert _is_rack(text) is accepted, repr(text)
    optional = text_schemas.rack(optional=True)
    assert _matches(optional, "") and _matches(optional, "  ") and not _matches(optional, "1")


def test_pattern_takes_letters_dots_and_stars():
    schema = text_schemas.pattern()
    for text, accepted in [(".A.E.", True), ("*TION", True), ("é*", True), ("", False), ("A-B", False),
                           (" .a ", True), ("1", False)]:
        assert _matches(schema, text) is accepted, repr(text)


def test_not_blank_bounds_the_trimmed_text():
    schema = text_schemas.not_blank(80)
    for text, accepted in [("", False), ("   ", False), ("a", True), (" a b ", True), ("x" * 80, True),
                           ("x" * 81, False), ("  " + "x" * 80 + "\n", True)]:
        assert _matches(schema, text) is accepted, repr(text)
        assert (0 < len(text.strip()) <= 80) is accepted


def test_room_code_is_six_characters_of_the_code_alphabet():
    from training.rooms.models import CODE_ALPHABET, CODE_LENGTH, new_code

    schema = text_schemas.code(CODE_ALPHABET, CODE_LENGTH)
    codes = [new_code() for _i in range(50)]
    assert all(_matches(schema, code) and _matches(schema, f" {code.lower()} ") for code in codes)
    assert not _matches(schema, "ABCDE") and not _matches(schema, "ABCDEFG") and not _matches(schema, "ABCDE0")


def test_username_and_password_follow_djangos_validators(db):
    from django.contrib.auth.password_validation import MinimumLengthValidator, NumericPasswordValidator
    from django.contrib.auth.validators import UnicodeUsernameValidator
    from django.core.exceptions import ValidationError

    def django_accepts(validator, text):
        try:
            validator(text) if callable(validator) and not hasattr(validator, "validate") else \
                validator.validate(text)
        except ValidationError:
            return False
        return True

    username = text_schemas.username()
    for text in ["bob", "élodie.m+1@club", "a b", "x!", "", "ß_2"]:
        assert _matches(username, text) == django_accepts(UnicodeUsernameValidator(), text), repr(text)
    password = text_schemas.password(8)
    for text in ["12345678", "1234567a", "abcdefg", "  abcdefgh  ", "abc defg", " 1234567 "]:
        stated = all(re.search(rule["pattern"], text) for rule in password["allOf"])
        trimmed = text.strip()
        accepted = django_accepts(MinimumLengthValidator(8), trimmed) and \
            django_accepts(NumericPasswordValidator(), trimmed)
        assert stated == accepted, repr(text)
