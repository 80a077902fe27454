"""Command-line contracts: output shapes, exit codes, errors on stderr."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.cli import main
from engine.scrabble.movegen import implementation

WORDS = ["maison", "maisons", "mais", "été", "étés", "ami", "amis", "misa", "sima"]


@pytest.fixture
def wordlist(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def lexicon(tmp_path, wordlist):
    path = tmp_path / "fr.gad"
    assert main(["lexicon", "build", str(wordlist), "--language", "fr", "-o", str(path)]) == 0
    return path


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_build_and_info(tmp_path, wordlist, capsys):
    out = tmp_path / "x.gad"
    assert main(["lexicon", "build", str(wordlist), "--language", "fr", "-o", str(out), "--json"]) == 0
    [summary] = json_lines(capsys.readouterr().out)
    assert summary["words"] == len(WORDS) and summary["bytes"] == out.stat().st_size
    assert summary["skipped"] == 0 and summary["language"] == "fr"
    assert main(["lexicon", "info", str(out), "--json"]) == 0
    [info] = json_lines(capsys.readouterr().out)
    assert info["words"] == len(WORDS) and info["language"] == "fr" and info["nodes"] == summary["nodes"]
    assert info["move_generator"] == implementation()
    assert main(["lexicon", "info", str(out)]) == 0
    assert f"words: {len(WORDS)}" in capsys.readouterr().out
    assert main(["lexicon", "info", str(out), "--verify", "--json"]) == 0
    assert json_lines(capsys.readouterr().out)[0]["verified"] is True


def test_build_is_strict_by_default(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("maison\nl'eau\narc-en-ciel\nami\n", encoding="utf-8")
    out = tmp_path / "x.gad"
    assert main(["lexicon", "build", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "line 2" in err and "line 3" in err and "--skip-invalid" in err
    assert not out.exists()
    assert main(["lexicon", "build", str(bad), "-o", str(out), "--skip-invalid", "--json"]) == 0
    captured = capsys.readouterr()
    assert json_lines(captured.out)[0]["skipped"] == 2 and json_lines(captured.out)[0]["words"] == 2
    assert "skipped 2 invalid line(s)" in captured.err


def test_build_missing_list(tmp_path, capsys):
    assert main(["lexicon", "build", str(tmp_path / "none.txt"), "-o", str(tmp_path / "x.gad")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_check_json_contract(lexicon, capsys):
    assert main(["check", str(lexicon), "MAISON", "maisonx", "Été", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [
        {"word": "MAISON", "valid": True}, {"word": "MAISONX", "valid": False}, {"word": "ETE", "valid": True}]


def test_check_bad_word_reports_and_exits_1(lexicon, capsys):
    assert main(["check", str(lexicon), "l'eau", "AMI", "--json"]) == 1
    captured = capsys.readouterr()
    lines = json_lines(captured.out)
    assert lines[0]["word"] == "l'eau" and lines[0]["valid"] is False and "error" in lines[0]
    assert lines[1] == {"word": "AMI", "valid": True}
    assert "error: invalid word" in captured.err


def test_check_plain(lexicon, capsys):
    assert main(["check", str(lexicon), "amis", "amix"]) == 0
    assert capsys.readouterr().out == "AMIS\tvalid\nAMIX\tinvalid\n"


def test_anagrams(lexicon, capsys):
    assert main(["anagrams", str(lexicon), "SIAM", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [{"word": "AMIS"}, {"word": "MAIS"}, {"word": "MISA"}, {"word": "SIMA"}]
    assert main(["anagrams", str(lexicon), "aim?", "--min", "3", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [
        {"word": "AMI", "tiles": "AMI"}, {"word": "AMIS", "tiles": "AMIs"}, {"word": "MAIS", "tiles": "MAIs"},
        {"word": "MISA", "tiles": "MIsA"}, {"word": "SIMA", "tiles": "sIMA"}]
    assert main(["anagrams", str(lexicon), "tee"]) == 0
    assert capsys.readouterr().out == "ETE\n"


def test_anagrams_errors(lexicon, capsys):
    assert main(["anagrams", str(lexicon), "AB1"]) == 1
    assert "'1'" in capsys.readouterr().err
    assert main(["anagrams", str(lexicon), "AB", "--min", "0"]) == 1
    assert "min_length" in capsys.readouterr().err
    assert main(["anagrams", str(lexicon), "AB", "--min", "5"]) == 0
    assert capsys.readouterr().out == ""


def test_pattern_hooks_extensions(lexicon, capsys):
    assert main(["pattern", str(lexicon), "MA..", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [{"word": "MAIS"}]
    assert main(["pattern", str(lexicon), ".I.A", "--rack", "MS"]) == 0
    assert capsys.readouterr().out == "MISA\nSIMA\n"
    assert main(["pattern", str(lexicon), "A#"]) == 1
    assert "'#'" in capsys.readouterr().err
    assert main(["pattern", str(lexicon), "A.", "--fixed-from-rack"]) == 1
    assert "needs --rack" in capsys.readouterr().err
    assert main(["hooks", str(lexicon), "ami", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [{"word": "AMI", "valid": True, "front": "", "back": "S"}]
    assert main(["hooks", str(lexicon), "ete"]) == 0
    assert capsys.readouterr().out == "[] ETE [s]\n"
    assert main(["extensions", str(lexicon), "AIM", "--json"]) == 0
    assert json_lines(capsys.readouterr().out) == [
        {"word": "AMIS"}, {"word": "MAIS"}, {"word": "MISA"}, {"word": "SIMA"},
        {"word": "MAISON"}, {"word": "MAISONS"}]
    assert main(["extensions", str(lexicon), "MAIS", "--contiguous", "--max-added", "2"]) == 0
    assert capsys.readouterr().out == "MAISON\n"


def test_unusable_lexicon_files(tmp_path, wordlist, capsys):
    assert main(["check", str(wordlist), "AMI"]) == 1
    assert "not a Tirage compiled lexicon" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "missing.gad"), "AMI"]) == 1
    assert "cannot open the lexicon" in capsys.readouterr().err


def test_usage_errors_exit_2(lexicon):
    with pytest.raises(SystemExit) as info:
        main(["anagrams", str(lexicon)])
    assert info.value.code == 2


def test_python_dash_m_entry_point(lexicon):
    done = subprocess.run([sys.executable, "-m", "engine", "check", str(lexicon), "MAISON", "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout) == {"word": "MAISON", "valid": True}


def test_build_cannot_write(tmp_path, wordlist, capsys):
    target = tmp_path / "no-such-dir" / "x.gad"
    assert main(["lexicon", "build", str(wordlist), "-o", str(target)]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_info_on_a_broken_file(tmp_path, capsys):
    broken = tmp_path / "broken.gad"
    broken.write_bytes(b"TIRGADDG" + b"\0" * 10)
    assert main(["lexicon", "info", str(broken)]) == 1
    assert "truncated" in capsys.readouterr().err
