"""``import_lexicon``: good files, bad lines (with line numbers, nothing written), skip-invalid, re-import."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command

from engine.wordlist import words_hash
from lexicon.models import Lexicon
from lexicon.selectors import default_lexicon, get_lexicon, lexicon_words, list_lexicons
from lexicon.services import ImportStatus, LexiconImportError, import_word_list
from lexicon.storage import words_path

pytestmark = pytest.mark.django_db


def write(tmp_path: Path, text: str, name: str = "words.txt", encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_lexicon", *args, stdout=out)
    return out.getvalue()


def stored_files() -> list[str]:
    if not default_storage.exists("lexicons"):
        return []
    return default_storage.listdir("lexicons")[1]


def test_good_file_is_imported_normalised(tmp_path):
    path = write(tmp_path, "été\nÉTÉ\nbœuf\nZèbre\n\n  chat  \nchat\n")
    output = run(str(path), "--name", "mini", "--language", "fr")
    assert "Imported lexicon 'mini' (fr): 4 words" in output
    lexicon = get_lexicon("mini")
    expected = ["BOEUF", "CHAT", "ETE", "ZEBRE"]
    assert lexicon.word_count == 4 and lexicon.language == "fr"
    assert lexicon.content_hash == words_hash(expected)
    assert lexicon.words_file.name == words_path(lexicon.content_hash)
    assert lexicon_words(lexicon) == expected
    assert lexicon.source_name == "words.txt"


def test_bad_lines_are_listed_with_line_numbers_and_nothing_is_written(tmp_path):
    path = write(tmp_path, "chat\nporte-clé\nchien\naujourd'hui\n3D\n")
    with pytest.raises(CommandError) as info:
        run(str(path), "--name", "mini", "--language", "fr")
    message = str(info.value)
    assert "3 invalid line(s)" in message
    assert "line 2: 'porte-clé'" in message and "line 4:" in message and "line 5: '3D'" in message
    assert "nothing was imported" in message
    assert not Lexicon.objects.exists()
    assert stored_files() == []


def test_a_line_that_is_not_utf8_is_reported(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"chat\n" + "été\n".encode("latin-1"))
    with pytest.raises(CommandError, match="line 2: .*not valid UTF-8"):
        run(str(path), "--name", "mini", "--language", "fr")


def test_skip_invalid_leaves_bad_lines_out_and_reports_them(tmp_path):
    lines = ["chat"] + [f"mot-{i}" for i in range(8)] + ["chien"]
    path = write(tmp_path, "\n".join(lines) + "\n")
    output = run(str(path), "--name", "mini", "--language", "fr", "--skip-invalid")
    assert "Skipped 8 invalid line(s): line 2: 'mot-0'" in output
    assert "line 6: 'mot-4'" in output and "mot-5" not in output and "and 3 more" in output
    assert lexicon_words(get_lexicon("mini")) == ["CHAT", "CHIEN"]


def test_reimporting_the_same_content_is_a_no_op(tmp_path):
    path = write(tmp_path, "chat\nchien\n")
    run(str(path), "--name", "mini", "--language", "fr")
    before = get_lexicon("mini")
    # Same words, different case, order and accents: same normalised content.
    again = write(tmp_path, "CHIEN\nChat\n", name="again.txt")
    output = run(str(again), "--name", "mini", "--language", "fr")
    assert "already up to date (2 words)" in output
    after = get_lexicon("mini")
    assert after.imported_at == before.imported_at and after.pk == before.pk
    assert len(stored_files()) == 1


def test_new_content_replaces_the_lexicon(tmp_path):
    run(str(write(tmp_path, "chat\nchien\n")), "--name", "mini", "--language", "fr")
    old_hash = get_lexicon("mini").content_hash
    output = run(str(write(tmp_path, "chat\nchien\nloup\n", name="v2.txt")), "--name", "mini", "--language", "fr")
    assert "Replaced lexicon 'mini' (fr): 3 words" in output
    lexicon = get_lexicon("mini")
    assert Lexicon.objects.count() == 1
    assert lexicon.content_hash != old_hash and lexicon_words(lexicon) == ["CHAT", "CHIEN", "LOUP"]


def test_a_refused_reimport_keeps_the_previous_version(tmp_path):
    run(str(write(tmp_path, "chat\n")), "--name", "mini", "--language", "fr")
    with pytest.raises(CommandError):
        run(str(write(tmp_path, "chat\nc'est\n", name="bad.txt")), "--name", "mini", "--language", "fr")
    assert lexicon_words(get_lexicon("mini")) == ["CHAT"]


def test_english_lexicon(tmp_path):
    output = run(str(write(tmp_path, "cat\nDog\n")), "--name", "tiny-en", "--language", "en")
    assert "(en): 2 words" in output
    assert default_lexicon("en").name == "tiny-en"
    assert default_lexicon("fr") is None
    assert [lex.name for lex in list_lexicons("en")] == ["tiny-en"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--name", "Bad Name", "--language", "fr"], "invalid lexicon name 'Bad Name'"),
        (["--name", "x" * 65, "--language", "fr"], "at most 64 characters"),
    ],
)
def test_bad_names_are_refused(tmp_path, args, message):
    path = write(tmp_path, "chat\n")
    with pytest.raises(CommandError, match=message):
        run(str(path), *args)
    assert not Lexicon.objects.exists()


def test_unknown_language_is_refused_by_the_command(tmp_path):
    with pytest.raises(CommandError, match="invalid choice: 'de'"):
        run(str(write(tmp_path, "chat\n")), "--name", "mini", "--language", "de")


def test_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        run(str(tmp_path / "nope.txt"), "--name", "mini", "--language", "fr")


def test_empty_file(tmp_path):
    with pytest.raises(CommandError, match="no valid word"):
        run(str(write(tmp_path, "\n\n")), "--name", "mini", "--language", "fr")


def test_service_refuses_unknown_language_with_a_clear_error(tmp_path):
    with pytest.raises(LexiconImportError, match="unknown language 'de'"):
        import_word_list(write(tmp_path, "chat\n"), name="mini", language="de")


def test_service_reports_status_and_skipped_lines(tmp_path):
    path = write(tmp_path, "chat\nx-y\nchat\n")
    outcome = import_word_list(path, name="mini", language="fr", skip_invalid=True)
    assert outcome.status is ImportStatus.CREATED
    assert [p.line for p in outcome.skipped] == [2]
    assert outcome.duplicates == 1
    assert import_word_list(path, name="mini", language="fr", skip_invalid=True).status is ImportStatus.UNCHANGED


def test_same_content_under_two_names_is_stored_once(tmp_path):
    path = write(tmp_path, "chat\n")
    import_word_list(path, name="one", language="fr")
    import_word_list(path, name="two", language="fr")
    assert len(stored_files()) == 1
    assert get_lexicon("one").words_file.name == get_lexicon("two").words_file.name


@pytest.mark.django_db(transaction=True)
def test_the_command_finishes_what_the_import_starts_before_it_exits(tmp_path, settings, monkeypatch):
    """Embedded mode runs tasks in a background thread of the process that starts them; a command's
    process exits at once, so the word-study ranks the import starts are computed before it returns
    (else they stayed "running" with nobody working on them)."""
    from core import progress
    from core.models import TaskRun
    from training.wordstudy.models import AlphagramRanking

    threads = []
    monkeypatch.setattr(progress, "_start_thread", lambda *args: threads.append(args))  # a thread never runs
    settings.TIRAGE_TASKS_MODE = "thread"
    settings.WORDSTUDY_RANK_ON_PUBLISH = True
    run("--name", "ranked", "--language", "fr", str(write(tmp_path, "chat\nchien\nniche\nchine\nrat\n")))
    ranking = AlphagramRanking.objects.get(content_hash=get_lexicon("ranked").content_hash)
    assert ranking.state == AlphagramRanking.State.DONE
    assert ranking.task_run.state == TaskRun.State.DONE and threads == []
