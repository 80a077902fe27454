"""Coordinates in both styles: French (H4 = row H across, 4H = down) and English (8H across, H8 down)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.scrabble.notation import Coord, NotationError, format_coord, parse_coord, square_name


@pytest.mark.parametrize(("text", "style", "coord"), [
    ("H4", "fr", Coord(7, 3, "H")),
    ("4H", "fr", Coord(7, 3, "V")),
    ("A1", "fr", Coord(0, 0, "H")),
    ("O15", "fr", Coord(14, 14, "H")),
    ("15o", "fr", Coord(14, 14, "V")),
    ("h8", "fr", Coord(7, 7, "H")),
    ("8H", "en", Coord(7, 7, "H")),
    ("H8", "en", Coord(7, 7, "V")),
    ("8D", "en", Coord(7, 3, "H")),
    ("D8", "en", Coord(7, 3, "V")),
    ("1O", "en", Coord(0, 14, "H")),
    (" 12A ", "en", Coord(11, 0, "H")),
])
def test_parse(text: str, style: str, coord: Coord) -> None:
    assert parse_coord(text, style) == coord


def test_same_text_differs_between_styles() -> None:
    assert parse_coord("H4", "fr") == Coord(7, 3, "H")
    assert parse_coord("H4", "en") == Coord(3, 7, "V")


@given(row=st.integers(0, 14), col=st.integers(0, 14), direction=st.sampled_from("HV"),
       style=st.sampled_from(["fr", "en"]))
def test_round_trip(row: int, col: int, direction: str, style: str) -> None:
    text = format_coord(row, col, direction, style)
    assert parse_coord(text, style) == (row, col, direction)


def test_format_examples() -> None:
    assert format_coord(7, 3, "H") == "H4"
    assert format_coord(7, 3, "V") == "4H"
    assert format_coord(7, 3, "H", "en") == "8D"
    assert format_coord(7, 3, "V", "en") == "D8"
    assert square_name(7, 3) == "H4"
    assert square_name(7, 3, "en") == "D8"


@pytest.mark.parametrize(("text", "message"), [
    ("", "expected a letter A-O and a number"),
    ("H", "expected a letter A-O and a number"),
    ("HH4", "expected a letter A-O and a number"),
    ("H4V", "expected a letter A-O and a number"),
    ("P4", "letter 'P' is off the board"),
    ("H0", "number 0 is off the board"),
    ("16A", "number 16 is off the board"),
    ("H123", "expected a letter"),
])
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_coord(text)


def test_bad_style_and_format_errors() -> None:
    with pytest.raises(NotationError, match="unknown notation style 'de'"):
        parse_coord("H4", "de")
    with pytest.raises(NotationError, match="off the"):
        format_coord(15, 0, "H")
    with pytest.raises(NotationError, match="direction"):
        format_coord(0, 0, "X")
    with pytest.raises(NotationError, match="off the"):
        square_name(0, 15)
