"""Game records: Eliot's plain text and XML, GCG. Fixture games replay with every play scoring what the file
says; import → export → import gives the same record in every format; a Tirage game exported and imported
with its own lexicon has Tirage's tops and no difference; a lexicon missing a top's word flags the round;
malformed files are refused with the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.duplicate import CLASSIC, JOKER, make_game
from engine.duplicate.records import (
    FORMATS,
    RecordError,
    detect_format,
    import_record,
    read_record,
    record_from_game,
    replay,
    write_record,
)
from engine.gaddag import build_gaddag
from tests.engine.duplicate.test_game import GADDAG, SMALL

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "duplicate"
GAMES = {"partie-1.txt": "eliot", "partie-7.txt": "eliot", "partie-joker-4.xml": "eliot-xml",
         "english-sample.gcg": "gcg"}


def load(name: str):  # noqa: ANN201
    text = (FIXTURES / name).read_text(encoding="utf-8")
    record = read_record(text, GAMES[name])
    return text, record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fixture_games_replay_and_every_play_scores_what_the_file_says(name: str) -> None:
    text, record = load(name)
    assert detect_format(text) == GAMES[name]
    rounds = replay(record)
    assert len(rounds) == len(record.rounds) >= 10
    for done in rounds:
        assert done.move.score == done.record.points
        assert done.move.coord == done.record.coord
    assert sum(d.move.score for d in rounds) == record.total


def test_fixtures_cover_blanks_bingos_rejected_draws_the_joker_and_player_plays() -> None:
    records = {name: load(name)[1] for name in GAMES}
    for record in records.values():
        replay(record)
    everything = [r for record in records.values() for r in record.rounds]
    assert any(r.rejected for r in everything) and any(r.bingo for r in everything)
    assert any(ch.islower() for r in everything for ch in r.word)
    joker = records["partie-joker-4.xml"]
    assert joker.variant == JOKER and joker.player_name == "Camille" and joker.lexicon == "wfrench-8"
    assert any(r.player and not r.player.word for r in joker.rounds)
    assert any(r.player and r.player.word and r.player.points < r.points for r in joker.rounds)
    assert records["english-sample.gcg"].language == "en"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_import_export_import_is_identical(name: str) -> None:
    _text, first = load(name)
    replay(first)
    fmt = GAMES[name]
    again = read_record(write_record(first, fmt, word_count=1), fmt)
    replay(again)
    assert again == first
    # and through the other formats, the plays, racks and points stay (GCG has no '+': same letters)
    for other in FORMATS:
        converted = read_record(write_record(first, other), other, language=first.language,
                                variant=first.variant)
        replay(converted)
        assert [(r.word, r.coord, r.points, r.rejected, sorted(r.rack)) for r in converted.rounds] == \
            [(r.word, r.coord, r.points, r.rejected, sorted(r.rack)) for r in first.rounds]
        assert converted.variant == first.variant and converted.final_rack == first.final_rack


@pytest.mark.parametrize("variant", [CLASSIC, JOKER])
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_tirage_game_exported_then_imported_with_its_lexicon_has_the_same_tops(variant: str, fmt: str) -> None:
    for seed in range(6):
        game = make_game(GADDAG, seed, variant, lexicon_name="small")
        if not game.rounds:
            continue
        text = write_record(record_from_game(game), fmt)
        result = import_record(read_record(text, fmt, variant=variant), GADDAG, lexicon_name="small")
        assert result.differences == []
        assert [(r.top.word, r.top.coord, r.top.score) for r in result.game.rounds] == \
            [(r.top.word, r.top.coord, r.top.score) for r in game.rounds]
        assert [r.board_after for r in result.game.rounds] == [r.board_after for r in game.rounds]
        assert [r.rack for r in result.game.rounds] == [r.rack for r in game.rounds] or fmt == "gcg"
        assert result.game.total == game.total


def test_a_lexicon_missing_a_top_word_flags_the_round_with_both_plays_and_the_word() -> None:
    game = make_game(GADDAG, 0, CLASSIC, lexicon_name="small")
    victim = game.rounds[1].top.word.upper()
    smaller = build_gaddag([w for w in SMALL if w != victim], "fr")
    result = import_record(record_from_game(game), smaller)
    flagged = {d.number: d for d in result.differences}
    assert 2 in flagged
    difference = flagged[2]
    assert victim in difference.missing
    assert difference.file_play.word.upper() == victim
    assert difference.tirage_top is None or difference.tirage_top.score <= difference.file_play.score
    assert "missing from the lexicon" in difference.describe()
    # the other way round: a file made with the smaller lexicon, imported with the larger one
    small_game = make_game(smaller, 0, CLASSIC)
    back = import_record(record_from_game(small_game), GADDAG)
    for d in back.differences:
        assert d.tirage_top is not None and d.tirage_top.score > d.file_play.score and d.accepted


def _eliot_lines(name: str = "partie-1.txt") -> list[str]:
    return (FIXTURES / name).read_text(encoding="utf-8").splitlines()


def _refused(text: str, fmt: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(read_record(text, fmt))
    return caught.value


def _edit(lines: list[str], index: int, old: str, new: str) -> str:
    assert old in lines[index]
    lines = list(lines)
    lines[index] = lines[index].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def test_points_that_differ_from_the_board_are_refused_with_the_line() -> None:
    lines = _eliot_lines()
    fields = lines[3].split()
    points = fields[-3]
    error = _refused(_edit(lines, 3, f" {points} ", f" {int(points) + 1} "), "eliot")
    assert error.line == 4 and f"written for {int(points) + 1} points but scores {points}" in error.reason


def test_a_play_that_does_not_fit_the_board_or_its_rack_is_refused() -> None:
    lines = _eliot_lines()
    first = lines[2].split()
    # the first play moved off the centre: it does not cover H8
    moved = _refused(_edit(lines, 2, f"{first[-2]:>2}{first[-1]:>3}", f" A{first[-1]:>3}"), "eliot")
    assert moved.line == 3 and "centre" in moved.reason
    # a rack that lacks a letter of the play
    rack = first[0]
    word = first[1]
    missing = next(ch for ch in "KWXYZJQ" if ch not in word)
    bad_rack = missing + rack[1:] if rack[0] in word.upper() else rack
    error = _refused(_edit(lines, 2, rack, bad_rack), "eliot")
    assert error.line == 3 and "does not fit the board and the rack" in error.reason


def test_more_tiles_of_a_letter_than_the_bag_holds_is_refused() -> None:
    lines = _eliot_lines()
    rack = lines[2].split()[0]
    error = _refused(_edit(lines, 2, rack, "ZZ" + rack[2:]), "eliot")
    assert error.line == 3 and "'Z' tiles" in error.reason and "the bag holds 1" in error.reason


def test_kept_letters_that_the_last_play_did_not_leave_are_refused() -> None:
    lines = _eliot_lines()
    index = next(i for i, line in enumerate(lines) if line.strip() and "+" in line.split()[0])
    kept = lines[index].split()[0].split("+")[0].lstrip("-")
    error = _refused(_edit(lines, index, kept + "+", kept[:-1] + "+"), "eliot")
    assert error.line == index + 1 and "the last play left" in error.reason


@pytest.mark.parametrize(("text", "fmt", "line", "words"), [
    ("Elliot\n\n   ABCDEFG  BAC  10 H 8\n", "eliot", 1, "the first line must be 'Eliot'"),
    ("Eliot\n\n   AEILNRS  SALINER  *  abc  H  4\n", "eliot", 3, "points"),
    ("Eliot\n\n   AEIL+NRS+  SALINER  *  64  H  4\n", "eliot", 3, "at most one '+'"),
    ("Eliot\n\n   AE1LNRS  SALINER  *  64  H  4\n", "eliot", 3, "not a tile"),
    ("Eliot\n\n   AEILNRS  LIRE  10  Z  4\n", "eliot", 3, "coordinate"),
    ("Eliot\n\n   AEILNRS  LIRE  8  H  5\n   AENS\n\n   total  11\n", "eliot", 6, "the total line says 11"),
    ("Eliot\n", "eliot", 0, "no round"),
    ("Eliot 1.5\n\nGame type: Duplicate\n", "eliot", 1, "format '1.5' is not read"),
    ("<EliotGame format='2'><Game><Mode>duplicate", "eliot-xml", 1, "not well-formed XML"),
    ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<EliotGame format="2"/>', "eliot-xml", 2,
     "document type"),
    ('<EliotGame format="1"></EliotGame>', "eliot-xml", 1, "format '1'"),
    ('<EliotGame format="2">\n<Game><Mode>freegame</Mode></Game></EliotGame>', "eliot-xml", 2, "mode 'freegame'"),
    ('<EliotGame format="2">\n<Game><Mode>duplicate</Mode><Variant>explosive</Variant></Game></EliotGame>',
     "eliot-xml", 2, "variant 'explosive'"),
    ('<EliotGame format="2"><History><Turn><GameRack>ABC</GameRack>\n<GameMove points="0" type="pass"/>'
     "</Turn></History></EliotGame>", "eliot-xml", 2, "every turn puts a play"),
    (">Top: AEINRST 8D RETAINS +66 60\n", "gcg", 1, "running total"),
    ("#player1 Top Top\n>Top: AEINRST -AE +0 0\n", "gcg", 0, "holds no round"),
    ("hello\n", "gcg", 1, "starts with '#'"),
])
def test_malformed_files_are_refused_with_the_line_and_the_reason(text: str, fmt: str, line: int, words: str) -> None:
    error = _refused(text, fmt)
    assert error.line == line, error
    assert words in error.reason, error


def test_an_xml_player_play_that_does_not_score_its_points_is_refused() -> None:
    text = (FIXTURES / "partie-joker-4.xml").read_text(encoding="utf-8")
    start = text.index('<PlayerMove playerId="0" points="')
    end = text.index('"', start + len('<PlayerMove playerId="0" points="'))
    points = text[start + len('<PlayerMove playerId="0" points="'):end]
    bad = text[:start] + f'<PlayerMove playerId="0" points="{int(points) + 3}"' + text[end + 1:]
    error = _refused(bad, "eliot-xml")
    assert "the player's play" in error.reason and error.line > 0


def test_a_two_player_gcg_game_replays_each_play_with_its_players_rack() -> None:
    text = (FIXTURES / "two-player.gcg").read_text(encoding="utf-8")
    record = read_record(text, "gcg")
    assert record.free_racks and record.players == [("Ann", "Ann Example"), ("Bob", "Bob Example")]
    rounds = replay(record)
    # the pass, the exchange, the play taken back, the bonus and the end-of-game points make no round
    assert [(d.record.mover, d.move.word, d.move.score) for d in rounds][7:10] == [
        ("Bob", "NOISe", 15), ("Bob", "RATE", 5), ("Ann", "TEA", 13)]
    assert len(rounds) == 12 and all(d.move.score == d.record.points for d in rounds)
    assert all(d.record.kept == "" for d in rounds)
    assert rounds[8].record.rack == "ATE"  # written without its rack: the tiles it puts down
    # written back as a two-player game, read again: the same record, twice
    again = read_record(write_record(record, "gcg"), "gcg")
    replay(again)
    assert again == record
    assert write_record(again, "gcg") == write_record(record, "gcg")
    assert ">Bob: ATE I10 .ATE +5 63" in write_record(record, "gcg").splitlines()


def test_a_two_player_game_imports_with_tiragess_top_of_every_turn_flagged() -> None:
    record = read_record((FIXTURES / "two-player.gcg").read_text(encoding="utf-8"), "gcg")
    words = {w.upper() for d in replay(record) for w in d.move.words}
    english = build_gaddag(sorted(words | {"ZEAL", "QUAI", "HAH"}), "en")
    result = import_record(record, english, lexicon_name="english")
    assert [r.top.word for r in result.game.rounds] == [r.word for r in record.rounds]  # the file's plays
    assert [r.rack for r in result.game.rounds] == [r.rack for r in record.rounds]
    assert all(not r.kept for r in result.game.rounds)
    for difference in result.differences:  # a better play the file's player did not make, with its words
        assert difference.tirage_top is not None and difference.tirage_top.score > difference.file_play.score
        assert difference.accepted and not difference.missing


@pytest.mark.parametrize(("text", "code"), [
    (">A: AEINRST 8D RETAINS +66 66\n>A: AEINRST -- -66 0\n", "no_round"),
    (">A: AEINRST 8D RETAINS +66 66\n>B: ABCDEFG -ABC +0 0\n>A: AEINRST -- -66 0\n", "gcg_withdrawn"),
    (">A: AEINRST 8D RETAINS +66 66\n>B: ABCDEFG -ABC +0 1\n", "gcg_running_total"),
])
def test_two_player_turns_that_do_not_add_up_are_refused(text: str, code: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(read_record(text, "gcg"))
    assert caught.value.code == code
