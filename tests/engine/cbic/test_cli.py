"""The ``cbic`` command line: JSON contract, text output, errors on stderr with exit 1."""

from __future__ import annotations

import json

import pytest

from engine.cli import main
from engine.gaddag import build_gaddag
from tests.engine.cbic.conftest import SEED_WORDS
from tests.engine.cbic.oracle import check_grid


@pytest.fixture(scope="module")
def lexicon_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("cbic") / "seed.gaddag"
    build_gaddag(SEED_WORDS, "fr").save(path)
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys, lexicon_file: str, seed_lexicon) -> None:
    code, out, err = run(capsys, "cbic", lexicon_file, "--word", "BACCARAT:T", "--word", "BACCARAS:7",
                         "--word", "CACABERA:A", "--central", "DATAIS", "--seed", "3", "--top", "4", "--json")
    assert code == 0, err
    assert out.count("\n") == 1
    data = json.loads(out)
    check_grid(data, seed_lexicon, set(SEED_WORDS), [("BACCARAT", "T"), ("BACCARAS", 7), ("CACABERA", "A")],
               top_n=4)
    assert data["stats"]["seed"] == 3 and len(data["placed"]) == 3


def test_words_file_and_bag(capsys, tmp_path, lexicon_file: str, seed_lexicon) -> None:
    words = tmp_path / "words.txt"
    words.write_text("# revision list\nBACCARAT:T\n\nCACABERA:A\n", encoding="utf-8")
    code, out, _ = run(capsys, "cbic", lexicon_file, "--words-file", str(words), "--central", "DATAIS",
                       "--bag", "--top", "0", "--json")
    assert code == 0
    data = json.loads(out)
    check_grid(data, seed_lexicon, set(SEED_WORDS), [("BACCARAT", "T"), ("CACABERA", "A")], bag=True)
    assert data["stats"]["bag"] is True


def test_text_output(capsys, lexicon_file: str) -> None:
    code, out, _ = run(capsys, "cbic", lexicon_file, "--word", "BACCARAT:T", "--central", "DATAIS")
    assert code == 0
    assert "BACCARAT" in out and "through T" in out and "central  DATAIS" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--word", "BACCARAT:Q"], "'BACCARAT': support letter Q is not in BACCARAT"),
    (["--word", "BACCARAT:9"], "'BACCARAT': support index 9 is out of range"),
    (["--word", "ZOZOTER:Z"], "'ZOZOTER': ZOZOTER is not in the fr lexicon"),
    (["--word", "BACCARAT"], "expected WORD:LETTER or WORD:INDEX"),
    (["--word", "BACCARAT:T", "--central", "ZOZO"], "central word ZOZO is not in the fr lexicon"),
])
def test_bad_input_exits_1_naming_the_word(capsys, lexicon_file: str, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "cbic", lexicon_file, *argv, "--json")
    assert code == 1 and out == ""
    assert err.startswith("error: ") and message in err


def test_missing_lexicon_and_words(capsys, tmp_path, lexicon_file: str) -> None:
    code, _, err = run(capsys, "cbic", str(tmp_path / "none.gaddag"), "--word", "BACCARAT:T")
    assert code == 1 and "cannot open the lexicon" in err
    code, _, err = run(capsys, "cbic", lexicon_file)
    assert code == 2 and "no revision word" in err
    code, _, err = run(capsys, "cbic", lexicon_file, "--word", "BACCARAT:T", "--words-file", str(tmp_path / "x"))
    assert code == 1 and "cannot read" in err
    code, _, err = run(capsys, "cbic", lexicon_file, "--word", "BACCARAT:T", "--top", "-1")
    assert code == 2 and "--top" in err


def test_same_seed_same_bytes_and_timings_on_request(capsys, lexicon_file: str) -> None:
    argv = ["cbic", lexicon_file, "--word", "BACCARAT:T", "--word", "CACABERA:A", "--seed", "5", "--json"]
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    assert first == again
    assert "seconds" not in json.loads(first)["stats"]
    _, timed, _ = run(capsys, *argv, "--timings")
    stats = json.loads(timed)["stats"]
    assert {"seconds", "construction_seconds", "situations_seconds"} <= set(stats)
