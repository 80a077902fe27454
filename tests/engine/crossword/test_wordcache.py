"""The crossword word cache kept beside a compiled lexicon: the same indexes as a fresh build, made once per
lexicon content, and never served stale, damaged or for another wordfreq."""

from __future__ import annotations

import os

import pytest

from engine.crossword import crossword_lexicon_of, load_lexicon, wordcache
from engine.crossword.wordsource import CrosswordLexicon
from engine.gaddag import build_gaddag, load_gaddag

WORDS = ["CHAT", "CHIEN", "ETE", "RAT", "CHATS", "MAISON", "RATES", "TRES", "ARBRE", "AS", "OU", "XYZZYVA"]


def _compiled(tmp_path, words=WORDS, name="fr.gaddag"):
    path = tmp_path / name
    build_gaddag(words, "fr").save(path)
    return path


def _same_indexes(a: CrosswordLexicon, b: CrosswordLexicon) -> None:
    assert a.lengths() == b.lengths()
    for length in a.lengths():
        x, y = a.index(length), b.index(length)
        assert (x.words, x.scores, x.codes, x.masks, x.full) == (y.words, y.scores, y.codes, y.masks, y.full)
    assert a.words == b.words and len(a) == len(b)
    for word in a.words:
        assert a.score(word) == b.score(word)


def test_the_cache_gives_the_indexes_of_a_fresh_build(tmp_path):
    path = _compiled(tmp_path)
    fresh = CrosswordLexicon(WORDS, "fr")
    first = crossword_lexicon_of(load_gaddag(path))  # builds and writes the cache
    assert wordcache.cache_path_for(path).exists()
    again = crossword_lexicon_of(load_gaddag(path))  # reads it
    _same_indexes(fresh, first)
    _same_indexes(fresh, again)
    assert "MAISON" in again and "MAISONS" not in again


def test_the_cache_is_read_not_rebuilt(tmp_path, monkeypatch):
    path = _compiled(tmp_path)
    crossword_lexicon_of(load_gaddag(path))

    def no_build(*_args, **_kwargs):
        raise AssertionError("the cache should have served the words")

    monkeypatch.setattr(wordcache, "build_crossword_lexicon", no_build)
    assert crossword_lexicon_of(load_gaddag(path)).index(4).words


def test_another_lexicon_content_at_the_same_path_rebuilds(tmp_path):
    path = _compiled(tmp_path)
    crossword_lexicon_of(load_gaddag(path))
    _compiled(tmp_path, WORDS + ["ZEBRE"])
    lexicon = crossword_lexicon_of(load_gaddag(path))
    assert "ZEBRE" in lexicon and "ZEBRE" in lexicon.index(5).words


def test_another_wordfreq_rebuilds(tmp_path, monkeypatch):
    path = _compiled(tmp_path)
    crossword_lexicon_of(load_gaddag(path))
    built = []
    real_build = wordcache.build_crossword_lexicon
    monkeypatch.setattr(wordcache, "_wordfreq_version", lambda: "99.0")
    monkeypatch.setattr(wordcache, "build_crossword_lexicon",
                        lambda gaddag, source: built.append(source) or real_build(gaddag, source))
    crossword_lexicon_of(load_gaddag(path))
    assert built == ["wordfreq 99.0"]


@pytest.mark.parametrize("damage", ["truncate", "magic", "header", "trailing", "empty"])
def test_a_damaged_cache_is_ignored_and_replaced(tmp_path, damage):
    path = _compiled(tmp_path)
    crossword_lexicon_of(load_gaddag(path))
    cache = wordcache.cache_path_for(path)
    data = cache.read_bytes()
    cache.write_bytes({"truncate": data[:-7], "magic": b"XXXXXXXX" + data[8:],
                       "header": data[:12] + b"{not json" + data[21:], "trailing": data + b"\0",
                       "empty": b""}[damage])
    _same_indexes(CrosswordLexicon(WORDS, "fr"), crossword_lexicon_of(load_gaddag(path)))
    assert cache.read_bytes() == data  # written again, whole


def test_a_read_only_directory_means_no_cache_not_an_error(tmp_path, monkeypatch):
    path = _compiled(tmp_path)

    def refuse(*_args, **_kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(wordcache, "write_atomically", refuse)
    lexicon = crossword_lexicon_of(load_gaddag(path))
    assert not wordcache.cache_path_for(path).exists()
    _same_indexes(CrosswordLexicon(WORDS, "fr"), lexicon)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_a_language_without_frequencies_is_cached_with_uniform_scores(tmp_path, monkeypatch):
    def no_data(_language):
        raise LookupError("no frequencies")

    monkeypatch.setattr("engine.crossword.wordsource.folded_zipf", no_data)
    path = _compiled(tmp_path)
    lexicon = crossword_lexicon_of(load_gaddag(path))
    assert {lexicon.score(w) for w in lexicon.words} == {1.0}
    again = crossword_lexicon_of(load_gaddag(path))
    assert again.score_source == "uniform" and {again.score(w) for w in again.words} == {1.0}


def test_load_lexicon_serves_compiled_files_from_the_cache(tmp_path):
    path = _compiled(tmp_path)
    lexicon = load_lexicon(path)
    assert wordcache.cache_path_for(path).exists()
    _same_indexes(CrosswordLexicon(WORDS, "fr"), lexicon)
    longer = load_lexicon(path, min_length=3)  # not what the cache holds: built on the spot
    assert "AS" not in longer and "ETE" in longer


def test_a_lexicon_built_in_memory_is_scored_without_a_cache(tmp_path):
    gaddag = build_gaddag(WORDS, "fr")
    assert gaddag.source_path is None and gaddag.checksum is None
    _same_indexes(CrosswordLexicon(WORDS, "fr"), crossword_lexicon_of(gaddag))
    assert not list(tmp_path.iterdir())
