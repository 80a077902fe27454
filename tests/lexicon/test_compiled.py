"""``gaddag_for``: compiled at import, stored by content hash, loaded once per process, swapped on change."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.storage import default_storage

from engine.gaddag import FORMAT_VERSION, build_gaddag
from engine.wordlist import words_hash
from lexicon import compiled
from lexicon.compiled import CompiledLexiconError, compile_words, compiled_path, load_compiled
from lexicon.selectors import gaddag_for, get_lexicon
from lexicon.services import import_word_list

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_process_cache():
    compiled.forget_loaded()
    yield
    compiled.forget_loaded()


def write(tmp_path: Path, text: str, name: str = "words.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_import_stores_the_compiled_file_under_the_content_hash(tmp_path):
    import_word_list(write(tmp_path, "chat\nchien\nchiot\n"), name="mini", language="fr")
    lexicon = get_lexicon("mini")
    name = compiled_path(lexicon.content_hash, "fr")
    assert name == f"lexicons/compiled/{words_hash(['CHAT', 'CHIEN', 'CHIOT'])}.fr.v{FORMAT_VERSION}.gaddag"
    assert default_storage.exists(name)
    g = gaddag_for(lexicon)
    assert sorted(g.iter_words()) == ["CHAT", "CHIEN", "CHIOT"]
    assert g.contains("chien") and not g.contains("chienne")
    assert g._mapped is not None  # memory-mapped from the stored file, not rebuilt in memory


def test_loaded_once_per_process(tmp_path):
    import_word_list(write(tmp_path, "chat\n"), name="mini", language="fr")
    lexicon = get_lexicon("mini")
    first = gaddag_for(lexicon)
    assert gaddag_for(lexicon.pk) is first
    assert compiled.loaded_hashes() == [(lexicon.content_hash, "fr")]


def test_a_new_version_is_served_on_the_next_call_even_from_a_stale_instance(tmp_path):
    import_word_list(write(tmp_path, "chat\n"), name="mini", language="fr")
    stale = get_lexicon("mini")
    assert not gaddag_for(stale).contains("LOUP")
    import_word_list(write(tmp_path, "chat\nloup\n", name="v2.txt"), name="mini", language="fr")
    assert gaddag_for(stale).contains("LOUP")  # no cache cleared by hand, same stale instance


def test_missing_compiled_file_is_compiled_on_first_use(tmp_path):
    import_word_list(write(tmp_path, "chat\nchien\n"), name="mini", language="fr")
    lexicon = get_lexicon("mini")
    name = compiled_path(lexicon.content_hash, "fr")
    default_storage.delete(name)
    assert sorted(gaddag_for(lexicon).iter_words()) == ["CHAT", "CHIEN"]
    assert default_storage.exists(name)


def test_damaged_stored_file_still_serves_from_a_local_build(tmp_path, settings):
    settings.TIRAGE_LEXICON_CACHE_DIR = str(tmp_path / "cache")
    import_word_list(write(tmp_path, "chat\nchien\n"), name="mini", language="fr")
    lexicon = get_lexicon("mini")
    path = Path(default_storage.path(compiled_path(lexicon.content_hash, "fr")))
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert sorted(gaddag_for(lexicon).iter_words()) == ["CHAT", "CHIEN"]


def test_compile_is_idempotent_and_reports_figures(tmp_path):
    words = ["CHAT", "CHIEN"]
    first = compile_words(words, "fr", words_hash(words))
    again = compile_words(words, "fr", words_hash(words))
    reference = build_gaddag(words, "fr")
    assert not first.reused and again.reused
    assert (first.word_count, first.node_count, first.arc_count) == (
        2, reference.node_count, reference.arc_count)
    assert first.file_sha256 == again.file_sha256 and first.size == again.size


def test_same_words_in_two_languages_get_two_files():
    words = ["CHAT"]
    fr = compile_words(words, "fr", words_hash(words))
    en = compile_words(words, "en", words_hash(words))
    assert fr.name != en.name
    assert load_compiled(words_hash(words), "en").language == "en"


def test_unknown_content_without_words_is_a_clear_error():
    with pytest.raises(CompiledLexiconError, match="not in storage"):
        load_compiled("0" * 64, "fr")


def test_empty_list_cannot_be_compiled():
    with pytest.raises(CompiledLexiconError, match="empty word list"):
        compile_words([], "fr", words_hash([]))


class NoPathStorage:
    """Wraps the file-system storage but hides ``path()``, like object storage (S3...)."""

    def __init__(self, inner):
        self._inner = inner

    def path(self, name):
        raise NotImplementedError("no local paths")

    def __getattr__(self, attr):
        return getattr(self._inner, attr)


def test_non_filesystem_storage_is_copied_to_the_local_cache(tmp_path, settings, monkeypatch):
    settings.TIRAGE_LEXICON_CACHE_DIR = str(tmp_path / "cache")
    monkeypatch.setattr(compiled, "default_storage", NoPathStorage(default_storage))
    words = ["CHAT", "LOUP"]
    compile_words(words, "fr", words_hash(words))
    g = load_compiled(words_hash(words), "fr")
    assert sorted(g.iter_words()) == words
    cached = list((tmp_path / "cache").iterdir())
    assert [p.name for p in cached] == [Path(compiled_path(words_hash(words), "fr")).name]
