import pytest

from engine.crossword import (
    CrosswordLexicon,
    anagram_clue,
    lexicon_from_words,
    load_lexicon,
    make_clue,
    read_definitions,
    read_scores,
)
from engine.crossword.clues import DefinitionFileError
from engine.crossword.wordsource import ScoreFileError
from engine.gaddag import is_compiled_lexicon


def test_scores_file_and_given_scores(tmp_path):
    path = tmp_path / "scores.tsv"
    path.write_text("# comment\nété\t50\nchat;20\n\nchien\t30\n", encoding="utf-8")
    scores = read_scores(path, "fr")
    assert scores == {"ETE": 50.0, "CHAT": 20.0, "CHIEN": 30.0}
    lex = CrosswordLexicon(["ETE", "CHAT", "CHIEN", "RAT"], "fr", scores)
    assert lex.score("ETE") == 50.0 and lex.score("RAT") == 0.0
    index = lex.index(4)
    assert index.words == ["CHAT"]
    index3 = lex.index(3)
    assert index3.words == ["ETE", "RAT"]  # best first
    assert index3.words_of(index3.prefix_at_least(10)) == ["ETE"]


@pytest.mark.parametrize(
    ("text", "message"),
    [("chat\n", "expected 'word<TAB>score'"), ("chat\tbeaucoup\n", "is not a number"),
     ("ch-at\t3\n", "line 1"), ("chat\tnan\n", "not finite")],
)
def test_bad_score_lines_name_the_line(tmp_path, text, message):
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScoreFileError, match=message):
        read_scores(path)


def test_wordfreq_scores_fold_accents():
    lex = CrosswordLexicon(["ETE", "ZZXQW", "MAISON"], "fr")
    assert lex.score_source == "wordfreq"
    assert lex.score("ETE") > 4.0  # été is frequent
    assert lex.score("MAISON") > 4.0
    assert lex.score("ZZXQW") == 0.0


def test_uniform_scores_and_bad_sources():
    lex = CrosswordLexicon(["ABC"], "en", score_source="uniform")
    assert lex.score("ABC") == 1.0
    with pytest.raises(ValueError, match="unknown score source"):
        CrosswordLexicon(["ABC"], "en", score_source="magic")
    with pytest.raises(ValueError, match="needs a scores mapping"):
        CrosswordLexicon(["ABC"], "en", score_source="given")
    with pytest.raises(ValueError, match="no word"):
        CrosswordLexicon([], "en")
    with pytest.raises(ValueError, match="unknown language"):
        CrosswordLexicon(["ABC"], "xx")
    with pytest.raises(ValueError, match="invalid word"):
        lexicon_from_words(["peut-être"], "fr")


def test_load_word_list_and_compiled_lexicon(tmp_path):
    from engine.gaddag import build_gaddag

    plain = tmp_path / "words.txt"
    plain.write_text("chat\nchien\nété\na\naujourd'hui\n", encoding="utf-8")
    lex = load_lexicon(plain, "fr", score_source="uniform")
    assert sorted(lex.words) == ["CHAT", "CHIEN", "ETE"]  # 1-letter and invalid lines left out
    compiled = tmp_path / "words.gaddag"
    build_gaddag(["CHAT", "CHIEN", "ETE"], "en").save(compiled)
    assert is_compiled_lexicon(compiled) and not is_compiled_lexicon(plain)
    lex2 = load_lexicon(compiled, score_source="uniform")
    assert lex2.language == "en" and sorted(lex2.words) == ["CHAT", "CHIEN", "ETE"]
    with pytest.raises(ValueError, match="is a 'en' lexicon"):
        load_lexicon(compiled, "fr")
    empty = tmp_path / "short.txt"
    empty.write_text("a\nb\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no word of 2"):
        load_lexicon(empty, "fr")


def test_cached_lexicon_is_rebuilt_only_when_the_file_changes(tmp_path):
    import os

    from engine.crossword import cached_lexicon

    path = tmp_path / "words.txt"
    path.write_text("chat\nchien\n", encoding="utf-8")
    first = cached_lexicon(path, "fr")
    assert cached_lexicon(path, "fr") is first
    path.write_text("chat\nchien\nrat\n", encoding="utf-8")
    os.utime(path, ns=(1, 10**18))
    second = cached_lexicon(path, "fr")
    assert second is not first and "RAT" in second


def test_clues_use_definitions_else_sorted_letters(tmp_path):
    assert anagram_clue("CARBONATE") == "AABCENORT (9)"
    assert make_clue("CHAT", {"CHAT": "Félin domestique"}) == "Félin domestique"
    assert make_clue("CHAT", {"CHAT": "  "}) == "ACHT (4)"
    assert make_clue("CHAT", None) == "ACHT (4)"
    path = tmp_path / "defs.tsv"
    path.write_text("été\tSaison chaude\n# note\n\nchat\tFélin\n", encoding="utf-8")
    assert read_definitions(path) == {"ETE": "Saison chaude", "CHAT": "Félin"}
    path.write_text("chat Félin\n", encoding="utf-8")
    with pytest.raises(DefinitionFileError, match="line 1"):
        read_definitions(path)
    path.write_text("ch-at\tFélin\n", encoding="utf-8")
    with pytest.raises(DefinitionFileError, match="not a word"):
        read_definitions(path)
