"""Reading word-list files (engine.wordlist): normalisation, every bad line reported, strictness."""

from __future__ import annotations

import hashlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.wordlist import LineProblem, WordList, WordListError, parse_lines, read_word_list, words_hash


def write(tmp_path, data: bytes):
    path = tmp_path / "list.txt"
    path.write_bytes(data)
    return path


def test_parse_normalises_sorts_and_deduplicates():
    result = parse_lines(["maison\n", "Été\n", "\n", "MAISON\n", "  cœur  \n", "été"], "fr")
    assert result.words == ["COEUR", "ETE", "MAISON"]
    assert result.duplicates == 2 and result.blank_lines == 1 and result.ok


def test_bytes_with_bom_and_bad_utf8():
    lines = [b"\xef\xbb\xbfmaison\n", b"caf\xe9\n", "été\n".encode()]
    result = parse_lines(lines, "fr")
    assert result.words == ["ETE", "MAISON"]
    [problem] = result.problems
    assert problem.line == 2 and "not valid UTF-8" in problem.reason and "byte 3" in problem.reason


def test_text_bom_is_stripped_on_the_first_line_only():
    assert parse_lines(["\ufeffabc", "def"], "fr").words == ["ABC", "DEF"]
    assert not parse_lines(["abc", "\ufeffdef"], "fr").ok


def test_problems_have_line_numbers_and_reasons():
    result = parse_lines(["ok", "arc-en-ciel", "l'eau", "fin"], "fr")
    assert result.words == ["FIN", "OK"]
    assert [p.line for p in result.problems] == [2, 3]
    assert "'-'" in result.problems[0].reason
    assert str(result.problems[0]).startswith("line 2: 'arc-en-ciel': ")


def test_strict_read_raises_with_every_bad_line(tmp_path):
    path = write(tmp_path, b"ok\nl'eau\narc-en-ciel\nfin\n")
    with pytest.raises(WordListError) as info:
        read_word_list(path, "fr")
    assert [p.line for p in info.value.problems] == [2, 3]
    assert "2 invalid line(s)" in str(info.value) and "line 3" in str(info.value)


def test_skip_invalid_keeps_the_problems_for_the_caller(tmp_path):
    path = write(tmp_path, b"ok\nl'eau\nfin\n")
    result = read_word_list(path, "fr", skip_invalid=True)
    assert result.words == ["FIN", "OK"] and len(result.problems) == 1 and not result.ok


def test_a_list_without_words_is_an_error(tmp_path):
    path = write(tmp_path, b"\n\n-\n")
    with pytest.raises(WordListError, match="no valid word"):
        read_word_list(path, "fr", skip_invalid=True)
    with pytest.raises(WordListError, match="no valid word"):
        read_word_list(write(tmp_path, b""), "en")


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_word_list(tmp_path / "none.txt", "fr")


def test_unknown_language():
    with pytest.raises(ValueError, match="unknown language"):
        parse_lines(["abc"], "xx")


def test_content_hash_is_the_identity_of_the_normalised_list():
    a = parse_lines(["Été", "maison"], "fr")
    b = parse_lines(["MAISON", "ete", "ETE"], "fr")
    assert a.content_hash == b.content_hash == words_hash(["ETE", "MAISON"])
    assert a.content_hash == hashlib.sha256(b"ETE\nMAISON\n").hexdigest()
    assert parse_lines(["ETES"], "fr").content_hash != a.content_hash


def test_problem_summary_and_error_are_bounded():
    problems = [LineProblem(i, f"x{i}-", "bad") for i in range(1, 16)]
    error = WordListError(problems)
    assert "15 invalid line(s)" in str(error) and "and 5 more" in str(error)
    result = parse_lines([f"w-{i}" for i in range(12)] + ["ok"], "fr")
    assert result.problem_summary(3).endswith("and 9 more")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["BA", "ba", "ZZZ", "", " ", "A-B", "\r", "CAFE", "É", "\t", "Q", "bac", "BAC"]),
                max_size=30),
       st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_the_plain_text_fast_path_reads_what_the_line_by_line_reader_reads(tmp_path_factory, lines, end, final):
    from engine.wordlist import _parse_plain, parse_lines

    data = (end.join(lines) + (end if final else "")).encode("utf-8")
    fast = _parse_plain(data, "fr")
    slow = parse_lines(io.BytesIO(data), "fr")
    if fast is not None:  # it only answers for files of letters and line ends
        assert fast == slow
    path = tmp_path_factory.mktemp("lists") / "words.txt"
    path.write_bytes(data)
    if slow.words:
        assert read_word_list(path, "fr", skip_invalid=True) == slow


def test_the_fast_path_declines_anything_but_letters_and_line_ends():
    from engine.wordlist import _parse_plain

    assert _parse_plain("CAFÉ\n".encode(), "fr") is None
    assert _parse_plain(b"A B\n", "fr") is None
    assert _parse_plain(b"AB\rC\n", "fr") is None
    assert _parse_plain(b"ab\r\nAB\n\nCD", "fr") == WordList("fr", ["AB", "CD"], duplicates=1, blank_lines=1)
