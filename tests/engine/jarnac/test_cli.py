"""``python -m engine jarnac ...``: the JSON-lines contract, both lexicon formats, and error paths."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.gaddag import build_gaddag
from engine.jarnac.lexicon import LexiconLoadError, load_tree
from tests.engine.jarnac.conftest import WORDS

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture()
def word_list(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    # lower case and an accent (ROSÉE): the list is folded to the same words as the compiled lexicon
    path.write_text("\n".join(w.lower() for w in WORDS).replace("rosee", "rosée"), encoding="utf-8")
    return path


@pytest.fixture()
def compiled(tmp_path: Path) -> Path:
    path = tmp_path / "words.gaddag"
    build_gaddag(WORDS, "fr").save(path)
    return path


def run(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = main(["jarnac", *argv])
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()] if "--json" in argv else out.splitlines()
    return code, lines, err


def test_extend_json_lines(capsys, word_list):
    code, lines, _ = run(capsys, "extend", str(word_list), "--word", "RAT", "--rack", "ES", "--json")
    assert code == 0
    assert [(d["word"], d["added"]) for d in lines] == [
        ("ASTER", "ES"), ("RATES", "ES"), ("STARE", "ES"), ("TASER", "ES"), ("RATS", "S"), ("STAR", "S")]
    assert all(list(d)[:2] == ["word", "added"] for d in lines)
    assert lines[0]["score"] == 25 and lines[0]["length"] == 5


def test_extend_longest(capsys, word_list):
    _, lines, _ = run(capsys, "extend", str(word_list), "--word", "rat", "--rack", "esx", "--longest", "--json")
    assert [d["word"] for d in lines] == ["ASTER", "RATES", "STARE", "TASER"]


def test_create_and_compiled_lexicon_agree(capsys, word_list, compiled):
    _, from_list, _ = run(capsys, "create", str(word_list), "--rack", "ESTRA", "--json")
    _, from_gaddag, _ = run(capsys, "create", str(compiled), "--rack", "ESTRA", "--json")
    assert from_list == from_gaddag
    assert from_list[0] == {"word": "ASTER", "added": "AERST", "length": 5, "score": 25}
    assert "RATE" not in {d["word"] for d in from_list}
    _, rosee, _ = run(capsys, "create", str(word_list), "--rack", "ROSEE", "--json")
    assert rosee[0]["word"] == "ROSEE"


def test_steal_best_first(capsys, word_list):
    _, lines, _ = run(capsys, "steal", str(word_list), "--words", "MAISON,RAT", "--rack", "SE", "--json")
    assert lines[0] == {"word": "MAISONS", "added": "S", "base": "MAISON", "line": 0, "length": 7,
                        "gain": 49, "swing": 85}
    swings = [d["swing"] for d in lines]
    assert swings == sorted(swings, reverse=True)
    _, best, _ = run(capsys, "steal", str(word_list), "--words", "MAISON,RAT", "--rack", "SE", "--best", "--json")
    assert best == lines[:1]


def test_steal_without_words_uses_loose_letters(capsys, word_list):
    _, lines, _ = run(capsys, "steal", str(word_list), "--rack", "TAR", "--json")
    assert {(d["word"], d["base"]) for d in lines} == {("ART", None), ("RAT", None), ("TAR", None)}


def test_rallonges(capsys, word_list):
    _, lines, _ = run(capsys, "rallonges", str(word_list), "--word", "chat", "--json")
    assert [(d["word"], d["added"]) for d in lines] == [("ACHAT", "A"), ("CHATS", "S")]


def test_text_output(capsys, word_list):
    code, lines, _ = run(capsys, "extend", str(word_list), "--word", "RAT", "--rack", "S")
    assert code == 0 and lines == ["RATS\t+S\t16", "STAR\t+S\t16"]
    _, lines, _ = run(capsys, "steal", str(word_list), "--words", "RAT", "--rack", "S")
    assert lines == ["RATS\tRAT +S\tgain 16\tswing 25", "STAR\tRAT +S\tgain 16\tswing 25"]


def test_nothing_found_is_not_an_error(capsys, word_list):
    code, lines, err = run(capsys, "create", str(word_list), "--rack", "QQ", "--json")
    assert (code, lines, err) == (0, [], "")


def test_play_prints_moves_and_a_summary(capsys, tmp_path):
    from tests.engine.jarnac.conftest import synthetic_words

    path = tmp_path / "synthetic.txt"
    path.write_text("\n".join(synthetic_words(20_000, seed=3)), encoding="utf-8")
    code, lines, _ = run(capsys, "play", str(path), "--players", "easy,hard", "--seed", "4", "--json")
    assert code == 0
    summary = lines[-1]
    assert summary["over"] is True and len(summary["scores"]) == 2
    assert summary["scores"] == [sum(len(w) ** 2 for w in ws) for ws in summary["lines"]]
    assert all({"turn", "player", "move", "result"} <= set(d) for d in lines[:-1])


@pytest.mark.parametrize("argv, message, code", [
    (["extend", "{words}", "--word", "R4T", "--rack", "ES"], "word 'R4T'", 2),
    (["create", "{words}", "--rack", "A?"], "rack 'A?'", 2),
    (["steal", "{words}", "--words", "RAT,A-B", "--rack", "ES"], "opponent word 2", 2),
    (["create", "{missing}", "--rack", "ES"], "does not exist", 1),
    (["create", "{bad}", "--rack", "ES"], "invalid line(s): line 2: 'r2d2'", 1),
    (["create", "{bad}", "--rack", "ES"], "(use --skip-invalid to leave bad lines out)", 1),
    (["create", "{words}", "--rack", "ES", "--language", "en"], "", 0),
    (["play", "{words}", "--players", "easy"], "give two levels", 2),
    (["play", "{words}", "--players", "easy,genius"], "give two levels", 2),
])
def test_errors_are_one_clear_line(capsys, word_list, tmp_path, argv, message, code):
    bad = tmp_path / "bad.txt"
    bad.write_text("rat\nr2d2\n", encoding="utf-8")
    paths = {"words": str(word_list), "missing": str(tmp_path / "nope.txt"), "bad": str(bad)}
    result, _, err = run(capsys, *[a.format(**paths) for a in argv])
    assert result == code
    assert message in err
    if code:
        assert err.startswith("error: ") and err.count("\n") == 1


def test_skip_invalid(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("rat\nr2d2\ntar\n", encoding="utf-8")
    code, lines, _ = run(capsys, "create", str(bad), "--rack", "TAR", "--skip-invalid", "--json")
    assert code == 0 and [d["word"] for d in lines] == ["RAT", "TAR"]


def test_compiled_lexicon_language_mismatch_and_corruption(compiled, tmp_path):
    assert load_tree(compiled).language == "fr"
    with pytest.raises(LexiconLoadError, match="is a 'fr' lexicon, not 'en'"):
        load_tree(compiled, "en")
    broken = tmp_path / "broken.gaddag"
    broken.write_bytes(compiled.read_bytes()[:40])
    with pytest.raises(LexiconLoadError):
        load_tree(broken)


def test_module_entry_point(word_list):
    """The real ``python -m engine`` command, as other tools call it."""
    result = subprocess.run(
        [sys.executable, "-m", "engine", "jarnac", "create", str(word_list), "--rack", "TAR", "--json"],
        capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert [json.loads(line)["word"] for line in result.stdout.splitlines()] == ["ART", "RAT", "TAR"]


def test_new_apply_ai_drive_a_game(capsys, tmp_path, word_list):
    assert main(["jarnac", "new", "--seed", "8"]) == 0
    state_path = tmp_path / "state.json"
    state_path.write_text(capsys.readouterr().out, encoding="utf-8")
    for _ in range(6):
        assert main(["jarnac", "ai", str(word_list), "--state", str(state_path), "--level", "hard"]) == 0
        move = capsys.readouterr().out.strip()
        assert main(["jarnac", "apply", str(word_list), "--state", str(state_path), "--move", move]) == 0
        state_path.write_text(capsys.readouterr().out, encoding="utf-8")
    state = json.loads(state_path.read_text(encoding="utf-8"))
    assert len(state["history"]) == 6 and state["history"][0]["move"] == {"type": "draw"}
    assert main(["jarnac", "new", "--seed", "8", "--public"]) == 0
    public = json.loads(capsys.readouterr().out)
    assert "bag" not in public and public["bag_size"] == 144


@pytest.mark.parametrize("state_text, move, message", [
    (None, '{"type": "pass"}', "wrong_phase: draw a letter"),
    (None, '{"type": "fly"}', "bad_move: move type 'fly'"),
    (None, "{draw}", "--move is not JSON"),
    ("[1]", '{"type": "draw"}', "a state is a JSON object"),
    ("{", '{"type": "draw"}', "is not JSON"),
])
def test_apply_errors(capsys, tmp_path, word_list, state_text, move, message):
    main(["jarnac", "new"])
    fresh = capsys.readouterr().out
    path = tmp_path / "state.json"
    path.write_text(fresh if state_text is None else state_text, encoding="utf-8")
    assert main(["jarnac", "apply", str(word_list), "--state", str(path), "--move", move]) == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("error: ")


def test_state_file_missing(capsys, tmp_path, word_list):
    code = main(["jarnac", "ai", str(word_list), "--state", str(tmp_path / "none.json"), "--level", "easy"])
    assert code == 1 and "cannot read state" in capsys.readouterr().err


def test_steal_by_gain(capsys, word_list):
    _, lines, _ = run(capsys, "steal", str(word_list), "--words", "RAT", "--rack", "CHATS", "--by", "gain",
                      "--best", "--json")
    assert [(d["word"], d["base"], d["gain"]) for d in lines] == [("CHATS", None, 25)]


def test_cached_tree_reloads_only_when_the_file_changes(tmp_path):
    import os

    from engine.jarnac.lexicon import cached_tree

    path = tmp_path / "cache.txt"
    path.write_text("rat\ntar\n", encoding="utf-8")
    first = cached_tree(path)
    assert cached_tree(str(path)) is first
    path.write_text("rat\ntar\nrats\n", encoding="utf-8")
    os.utime(path, ns=(10**18, 10**18))
    again = cached_tree(path)
    assert again is not first and "RATS" in again


def test_play_text_output(capsys, tmp_path):
    from tests.engine.jarnac.conftest import synthetic_words

    path = tmp_path / "synthetic.txt"
    path.write_text("\n".join(synthetic_words(5_000, seed=5)), encoding="utf-8")
    code, lines, _ = run(capsys, "play", str(path), "--players", "hard,medium", "--seed", "2")
    assert code == 0 and lines[-1].startswith("scores ")
    assert lines[0] == "P0 hard   " + "draws " + lines[0].split("draws ")[1]
    assert any(" plays " in line for line in lines)


def test_describe_every_kind_of_event():
    from engine.jarnac.rules import describe

    assert describe({"move": {"type": "draw"}, "drawn": ""}) == "draws nothing"
    assert describe({"move": {"type": "exchange", "letters": "QWX"}, "returned": "QWX", "drawn": "EEE"}) \
        == "exchanges QWX for EEE"
    assert describe({"move": {"type": "pass"}}) == "passes"
    assert describe({"move": {"type": "jarnac", "word": "RATS", "line": 0}, "result": "ok", "base": "RAT"}) \
        == "Jarnac! RATS (line 0 from RAT)"
    assert describe({"move": {"type": "play", "word": "TRA", "line": None}, "result": "not_a_word"}) \
        == "plays TRA (new word): not a word, turn passes"


def test_bad_arguments_are_reported_before_loading_the_lexicon(capsys, tmp_path):
    missing = tmp_path / "absent.txt"  # never opened: the rack is refused first
    code, _, err = run(capsys, "create", str(missing), "--rack", "A1")
    assert code == 2 and "rack 'A1'" in err


def test_game_and_lexicon_languages_must_match(capsys, tmp_path, word_list):
    main(["jarnac", "new", "--language", "en"])
    path = tmp_path / "state.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    code = main(["jarnac", "ai", str(word_list), "--state", str(path), "--level", "easy"])
    assert code == 2 and "the game is in 'en' but lexicon" in capsys.readouterr().err
