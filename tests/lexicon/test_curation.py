"""Curation services: uploads (and their errors), diffs, publish / rollback, word edits, definitions, flags."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.models import TaskRun
from engine.gaddag import build_gaddag
from lexicon import compiled
from lexicon.models import Definition, LexiconEvent, LexiconVersion
from lexicon.selectors import (
    definitions_for,
    diff_base,
    gaddag_for,
    lexicon_words,
    new_words,
    removed_words,
    version_diff,
    word_flags,
)
from lexicon.services import (
    CurationError,
    edit_words,
    import_definitions,
    import_word_list,
    publish_version,
    set_definition,
    upload_version,
)
from tests.lexicon.conftest import FRENCH_WORDS

pytestmark = pytest.mark.django_db
State = LexiconVersion.State


def upload(text: str | bytes, name: str = "list.txt") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8") if isinstance(text, str) else text)


def new_list(*, add=(), drop=()) -> str:
    return "\n".join(sorted((set(FRENCH_WORDS) | set(add)) - set(drop))) + "\n"


# -- uploads ----------------------------------------------------------------------------------------


def test_import_creates_a_published_first_version(lexicon):
    version = lexicon.current_version
    assert (version.number, version.state, version.origin) == (1, State.PUBLISHED, "import")
    assert version.word_count == len(FRENCH_WORDS) == lexicon.word_count
    assert version.content_hash == lexicon.content_hash and version.compiled_sha256
    assert LexiconEvent.objects.filter(lexicon=lexicon, action="import").count() == 1


def test_upload_makes_a_draft_that_does_not_serve(lexicon, staff):
    outcome = upload_version(lexicon, upload(new_list(add=["LOUVE"], drop=["ANE"])), user=staff, note="ODS 9")
    version = outcome.version
    assert (version.number, version.state, version.parent.number) == (2, State.DRAFT, 1)
    assert (version.added_count, version.removed_count) == (1, 1)
    lexicon.refresh_from_db()
    assert lexicon.current_version.number == 1
    assert not gaddag_for(lexicon).contains("LOUVE")
    event = LexiconEvent.objects.get(action="upload")
    assert (event.actor, event.reason, event.version) == (staff, "ODS 9", version)


def test_upload_bad_lines_are_reported_with_line_numbers_and_nothing_is_saved(lexicon, staff):
    with pytest.raises(CurationError) as info:
        upload_version(lexicon, upload("chat\nporte-clé\nchien\n3D\n"), user=staff)
    assert "2 invalid lines, nothing was saved" in info.value.message
    assert [p.line for p in info.value.problems] == [2, 4]
    assert "line 2: 'porte-clé'" in info.value.message and "line 4: '3D'" in info.value.message
    assert LexiconVersion.objects.count() == 1 and not LexiconEvent.objects.filter(action="upload").exists()


def test_upload_encoding_problem_is_reported_per_line(lexicon, staff):
    data = b"chat\nchien\n" + "été\n".encode("latin-1") + b"loup\n"
    with pytest.raises(CurationError) as info:
        upload_version(lexicon, upload(data), user=staff)
    assert [p.line for p in info.value.problems] == [3]
    assert "not valid UTF-8" in info.value.message


def test_upload_with_skip_invalid_keeps_the_good_lines_and_notes_the_rest(lexicon, staff):
    outcome = upload_version(lexicon, upload(new_list(add=["LOUVE"]) + "x-y\n"), user=staff, skip_invalid=True)
    assert [p.line for p in outcome.skipped] == [len(FRENCH_WORDS) + 2]
    assert "1 invalid line skipped: line " in outcome.version.note


def test_upload_too_large_is_refused(lexicon, staff, settings):
    settings.LEXICON_UPLOAD_MAX_BYTES = 10
    with pytest.raises(CurationError, match="too large"):
        upload_version(lexicon, upload("chat\nchien\nloup\n"), user=staff)
    assert LexiconVersion.objects.count() == 1


def test_upload_empty_or_identical_is_refused(lexicon, staff):
    with pytest.raises(CurationError, match="no valid word"):
        upload_version(lexicon, upload("\n\n"), user=staff)
    with pytest.raises(CurationError, match="identical"):
        upload_version(lexicon, upload(new_list().lower()), user=staff)
    assert LexiconVersion.objects.count() == 1


# -- diffs --------------------------------------------------------------------------------------------


def test_diff_against_the_serving_version(lexicon, staff):
    version = upload_version(lexicon, upload(new_list(add=["LOUVE", "ZEBRE"], drop=["ANE", "ETE", "RIEN"])),
                             user=staff).version
    diff = version_diff(version)
    assert diff.base.number == 1
    assert diff.added == ["LOUVE", "ZEBRE"]
    assert diff.removed == ["ANE", "ETE", "RIEN"]


def test_diff_base_follows_what_publishing_would_replace(lexicon, staff):
    v2 = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version
    v3 = upload_version(lexicon, upload(new_list(add=["ZEBRE"])), user=staff).version
    publish_version(v2, user=staff)
    v3.refresh_from_db()
    lexicon.refresh_from_db()
    assert diff_base(v3).number == 2  # the serving version now, not the v1 it was uploaded against
    assert version_diff(v3).added == ["ZEBRE"] and version_diff(v3).removed == ["LOUVE"]
    v2.refresh_from_db()
    assert diff_base(v2).number == 1  # the serving version is compared with the one it replaced


# -- publish and rollback -------------------------------------------------------------------------------


def test_publish_compiles_then_serves_the_new_version_in_this_process(lexicon, staff):
    before = gaddag_for(lexicon)
    assert not before.contains("LOUVE")
    version = upload_version(lexicon, upload(new_list(add=["LOUVE"], drop=["ANE"])), user=staff).version
    run = publish_version(version, user=staff, confirm=True)  # ANE is 1 word of 16: confirmed
    assert run.state == TaskRun.State.DONE and run.kind == "lexicon.publish_version"
    assert run.result["version"] == 2 and run.result["words"] == len(FRENCH_WORDS)
    version.refresh_from_db()
    lexicon.refresh_from_db()
    assert version.state == State.PUBLISHED and version.compile_task_id == run.id and version.published_at
    assert lexicon.current_version == version and lexicon.content_hash == version.content_hash
    assert lexicon.current_version.parent.number == 1
    assert LexiconVersion.objects.get(number=1).state == State.SUPERSEDED
    after = gaddag_for(lexicon)  # no cache cleared by hand
    assert after.contains("LOUVE") and not after.contains("ANE")
    assert sorted(after.iter_words()) == lexicon_words(lexicon)
    assert LexiconEvent.objects.filter(action="publish", version=version, actor=staff).exists()


def test_rollback_republishes_an_earlier_version(lexicon, staff):
    v2 = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version
    publish_version(v2, user=staff)
    v1 = LexiconVersion.objects.get(number=1)
    with pytest.raises(CurationError, match="reason is required"):
        publish_version(v1, user=staff, confirm=True)
    assert LexiconVersion.objects.get(number=1).state == State.SUPERSEDED  # nothing started
    run = publish_version(v1, user=staff, confirm=True, reason="LOUVE came in by mistake")
    assert run.state == TaskRun.State.DONE and run.result["rollback"] is True and run.result["reused"] is True
    lexicon.refresh_from_db()
    assert lexicon.current_version.number == 1
    assert not gaddag_for(lexicon).contains("LOUVE")
    assert LexiconVersion.objects.get(number=2).state == State.SUPERSEDED
    assert LexiconEvent.objects.get(action="rollback", version=v1).reason == "LOUVE came in by mistake"


def test_publishing_the_serving_version_is_refused(lexicon, staff):
    with pytest.raises(CurationError, match="already the one being served"):
        publish_version(lexicon.current_version, user=staff)


def test_failed_compile_keeps_the_previous_version_serving(lexicon, staff, monkeypatch):
    version = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version

    def broken(*args, **kwargs):
        raise compiled.CompiledLexiconError("disk full")

    monkeypatch.setattr("lexicon.services.compile_words", broken)
    run = publish_version(version, user=staff)
    assert run.state == TaskRun.State.FAILED
    assert "Version 2 was not published: disk full" in run.error
    version.refresh_from_db()
    lexicon.refresh_from_db()
    assert version.state == State.FAILED and version.compile_error == "disk full"
    assert lexicon.current_version.number == 1 and not gaddag_for(lexicon).contains("LOUVE")
    assert LexiconEvent.objects.filter(action="publish_failed", version=version).exists()
    monkeypatch.undo()
    assert publish_version(version, user=staff).state == TaskRun.State.DONE  # a failed version can be retried
    assert gaddag_for(lexicon).contains("LOUVE")


def test_a_corrupted_stored_word_list_fails_the_publication(lexicon, staff, settings, tmp_path):
    from django.core.files.storage import default_storage

    from lexicon.storage import store_words

    version = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version
    default_storage.delete(version.words_file)
    store_words(["AUTRE"], version.content_hash)  # same name, other words
    run = publish_version(version, user=staff)
    assert run.state == TaskRun.State.FAILED and "does not match its hash" in run.error
    lexicon.refresh_from_db()
    assert lexicon.current_version.number == 1


def test_reimport_with_new_content_publishes_a_new_version(lexicon, tmp_path):
    path = tmp_path / "v2.txt"
    path.write_text(new_list(add=["LOUVE"]), encoding="utf-8")
    import_word_list(path, name="mini", language="fr")
    lexicon.refresh_from_db()
    assert lexicon.current_version.number == 2 and lexicon.current_version.added_count == 1
    assert gaddag_for(lexicon).contains("LOUVE")


def test_import_into_a_lexicon_of_another_language_is_refused(lexicon, tmp_path):
    from lexicon.services import LexiconImportError

    path = tmp_path / "en.txt"
    path.write_text("cat\n", encoding="utf-8")
    with pytest.raises(LexiconImportError, match="is in 'fr'"):
        import_word_list(path, name="mini", language="en")


# -- single-word edits ------------------------------------------------------------------------------------


def test_word_edits_build_one_draft_with_an_audit_trail(lexicon, staff):
    draft = edit_words(lexicon, add=["louve"], reason="Missing feminine", user=staff)
    again = edit_words(lexicon, add=["Zèbre"], remove=["ane"], reason="ODS 9 update", user=staff)
    assert again.pk == draft.pk and again.state == State.DRAFT and again.origin == "edit"
    assert version_diff(again).added == ["LOUVE", "ZEBRE"] and version_diff(again).removed == ["ANE"]
    events = {(e.action, e.word, e.reason, e.actor) for e in LexiconEvent.objects.filter(version=draft)}
    assert events == {
        ("add_word", "LOUVE", "Missing feminine", staff),
        ("add_word", "ZEBRE", "ODS 9 update", staff),
        ("remove_word", "ANE", "ODS 9 update", staff),
    }
    assert not gaddag_for(lexicon).contains("LOUVE")  # not served before publication
    publish_version(again, user=staff, confirm=True)
    assert gaddag_for(lexicon).contains("ZEBRE") and not gaddag_for(lexicon).contains("ANE")
    third = edit_words(lexicon, remove=["zebre"], reason="Oops", user=staff)
    assert third.number == 3 and third.parent.number == 2  # a new draft after publication


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"add": ["chat"], "reason": "x"}, "already in the lexicon: CHAT"),
        ({"remove": ["zebre"], "reason": "x"}, "not in the lexicon: ZEBRE"),
        ({"add": ["porte-clé"], "reason": "x"}, "is not a word"),
        ({"add": ["louve"], "reason": "  "}, "reason is required"),
        ({"add": ["louve"], "remove": ["Louve"], "reason": "x"}, "Cannot both add and remove: LOUVE"),
        ({"add": [], "remove": [""], "reason": "x"}, "at least one word"),
    ],
)
def test_bad_word_edits_change_nothing(lexicon, staff, kwargs, message):
    with pytest.raises(CurationError, match=message):
        edit_words(lexicon, user=staff, **kwargs)
    assert LexiconVersion.objects.count() == 1
    assert not LexiconEvent.objects.filter(action__in=["add_word", "remove_word"]).exists()


def test_a_bad_word_in_a_batch_refuses_the_whole_batch(lexicon, staff):
    with pytest.raises(CurationError, match="already in the lexicon: CHAT"):
        edit_words(lexicon, add=["louve", "chat"], reason="x", user=staff)
    assert LexiconVersion.objects.count() == 1


# -- learners' lists -------------------------------------------------------------------------------------------


def test_removed_words_are_flagged_not_lost(lexicon, staff):
    learner_list = ["CHAT", "ane", "LOUP", "porte-clé", ""]
    assert removed_words(lexicon, learner_list) == ["porte-clé", ""]
    draft = edit_words(lexicon, remove=["ANE", "LOUP"], reason="test", user=staff)
    publish_version(draft, user=staff, confirm=True)
    assert removed_words(lexicon, learner_list) == ["ane", "LOUP", "porte-clé", ""]
    assert word_flags(lexicon, ["CHAT", "ane"]) == {"CHAT": True, "ane": False}
    publish_version(LexiconVersion.objects.get(number=1), user=staff, reason="back")  # rollback: they are back
    assert removed_words(lexicon, learner_list) == ["porte-clé", ""]


def test_new_words_of_a_version(lexicon, staff):
    draft = edit_words(lexicon, add=["LOUVE", "ZEBRE"], remove=["ANE"], reason="x", user=staff)
    publish_version(draft, user=staff, confirm=True)
    lexicon.refresh_from_db()
    version, words = new_words(lexicon)
    assert version.number == 2 and words == ["LOUVE", "ZEBRE"]
    version, words = new_words(lexicon, 1)
    assert words == sorted(FRENCH_WORDS)
    assert new_words(lexicon, 9) == (None, [])


# -- definitions -------------------------------------------------------------------------------------------------


def test_set_and_delete_a_definition(lexicon, staff):
    set_definition(lexicon, "chat", "  Petit   félin domestique ", user=staff)
    assert definitions_for(lexicon, ["CHAT", "chat", "CHIEN", "3D"]) == {
        "CHAT": "Petit félin domestique", "chat": "Petit félin domestique"}
    set_definition(lexicon, "CHAT", "Félin", user=staff)
    assert definitions_for(lexicon, ["CHAT"]) == {"CHAT": "Félin"}
    set_definition(lexicon, "CHAT", "", user=staff)
    assert definitions_for(lexicon, ["CHAT"]) == {}
    actions = list(LexiconEvent.objects.filter(word="CHAT").values_list("action", flat=True))
    assert actions.count("set_definition") == 2 and actions.count("delete_definition") == 1


def test_definition_errors(lexicon, staff):
    with pytest.raises(CurationError, match="ZEBRE is not in the lexicon"):
        set_definition(lexicon, "zebre", "Animal rayé", user=staff)
    with pytest.raises(CurationError, match="too long"):
        set_definition(lexicon, "chat", "x" * 501, user=staff)
    with pytest.raises(CurationError, match="no definition to delete"):
        set_definition(lexicon, "chat", "", user=staff)
    with pytest.raises(CurationError, match="is not a word"):
        set_definition(lexicon, "3D", "x", user=staff)
    assert not Definition.objects.exists()


def test_import_definitions(lexicon, staff):
    set_definition(lexicon, "LOUP", "Canidé", user=staff)
    set_definition(lexicon, "ANE", "Équidé", user=staff)
    text = "\ufeffchat\tFélin\nLOUP\tCanidé sauvage\nane\tÉquidé\n\nchien\tAnimal\t(fidèle)\n"
    result = import_definitions(lexicon, upload(text), user=staff)
    assert (result.created, result.updated, result.unchanged) == (2, 1, 1)
    assert definitions_for(lexicon, ["CHAT", "LOUP", "CHIEN"]) == {
        "CHAT": "Félin", "LOUP": "Canidé sauvage", "CHIEN": "Animal (fidèle)"}
    assert LexiconEvent.objects.get(action="import_definitions").detail["created"] == 2


def test_import_definitions_bad_lines_are_listed_and_nothing_is_written(lexicon, staff):
    text = ("chat\tFélin\n"
            "chien sans tabulation\n"
            "porte-clé\tObjet\n"
            "loup\t   \n"
            "chat\tEncore\n"
            "zebre\tAnimal\n").encode() + "ane\tÉquidé\n".encode("latin-1")
    with pytest.raises(CurationError) as info:
        import_definitions(lexicon, upload(text), user=staff)
    reasons = {p.line: p.reason for p in info.value.problems}
    assert reasons[2] == "no tab between the word and its definition"
    assert 3 in reasons and reasons[4] == "empty definition"
    assert reasons[5] == "defined twice (first on line 1)"
    assert reasons[6] == "not in the lexicon" and "not valid UTF-8" in reasons[7]
    assert not Definition.objects.exists()


def test_import_definitions_can_skip_unknown_words(lexicon, staff):
    result = import_definitions(lexicon, upload("chat\tFélin\nzebre\tAnimal\n"), user=staff, skip_unknown=True)
    assert result.created == 1 and result.skipped_unknown == ["ZEBRE"]


def test_import_definitions_too_large(lexicon, staff, settings):
    settings.LEXICON_UPLOAD_MAX_BYTES = 5
    with pytest.raises(CurationError, match="too large"):
        import_definitions(lexicon, upload("chat\tFélin\n"), user=staff)


def test_compiled_answers_match_a_fresh_engine_build(lexicon):
    reference = build_gaddag(sorted(FRENCH_WORDS), "fr")
    served = gaddag_for(lexicon)
    assert list(served.iter_words()) == list(reference.iter_words())
    assert served.anagrams("CHATS?", 2) == reference.anagrams("CHATS?", 2)


def test_a_version_being_compiled_cannot_be_published_twice(lexicon, staff):
    version = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version
    pending = TaskRun.objects.create(kind="lexicon.publish_version", owner=staff)
    LexiconVersion.objects.filter(pk=version.pk).update(state=State.COMPILING, compile_task=pending)
    with pytest.raises(CurationError, match="already being compiled"):
        publish_version(version, user=staff)
    # A worker that died leaves the version "compiling" with a finished (failed) run: it can be retried.
    TaskRun.objects.filter(pk=pending.pk).update(state=TaskRun.State.FAILED)
    assert publish_version(version, user=staff).state == TaskRun.State.DONE
    lexicon.refresh_from_db()
    assert lexicon.current_version == version


def test_the_previous_version_serves_while_the_new_one_compiles(lexicon, staff, monkeypatch):
    from lexicon import services

    version = upload_version(lexicon, upload(new_list(add=["LOUVE"], drop=["ANE"])), user=staff).version
    real_compile = services.compile_words
    seen_during_compile = []

    def observed(*args, **kwargs):
        g = gaddag_for(lexicon)  # what any process would be served at this moment
        seen_during_compile.append((g.contains("ANE"), g.contains("LOUVE"),
                                    LexiconVersion.objects.get(pk=version.pk).state))
        return real_compile(*args, **kwargs)

    monkeypatch.setattr(services, "compile_words", observed)
    publish_version(version, user=staff, confirm=True)
    assert seen_during_compile == [(True, False, State.COMPILING)]
    assert gaddag_for(lexicon).contains("LOUVE") and not gaddag_for(lexicon).contains("ANE")


def test_a_compile_silent_for_too_long_is_taken_for_dead(lexicon, staff):
    from datetime import timedelta

    from django.utils import timezone

    version = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff).version
    lost = TaskRun.objects.create(kind="lexicon.publish_version", owner=staff)  # the broker lost it
    LexiconVersion.objects.filter(pk=version.pk).update(state=State.COMPILING, compile_task=lost)
    TaskRun.objects.filter(pk=lost.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    assert publish_version(version, user=staff).state == TaskRun.State.DONE


# -- curation that cannot hurt ------------------------------------------------------------------------------


def _big_lexicon(tmp_path, count=300):
    """A lexicon of ``count`` generated words (AAB, AAC, ...), so that 1 % is a few words."""
    from itertools import product

    from lexicon.services import import_word_list

    words = ["".join(t) for t in product("ABCDEFGHIJ", repeat=3)][:count]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return import_word_list(path, name="big", language="fr").lexicon, words


def test_a_publication_removing_more_than_one_percent_needs_a_confirmation(tmp_path, staff):
    from lexicon.services import ConfirmationNeeded, publication_impact

    lexicon, words = _big_lexicon(tmp_path)
    few = upload_version(lexicon, upload("\n".join(words[3:])), user=staff).version  # 3 of 300: exactly 1 %
    assert publication_impact(few) == (0, 3, 300)
    assert publish_version(few, user=staff).state == TaskRun.State.DONE  # 1 % is not more than 1 %
    lexicon.refresh_from_db()
    tiny = upload_version(lexicon, upload("chat\nchien\nloup\nane\nrien\n"), user=staff).version
    with pytest.raises(ConfirmationNeeded) as refused:
        publish_version(tiny, user=staff)
    exc = refused.value
    assert (exc.added, exc.removed, exc.serving_words) == (5, 297, 297)
    assert "297" in exc.message and "confirm" in exc.message
    tiny.refresh_from_db()
    lexicon.refresh_from_db()
    assert tiny.state == State.DRAFT and tiny.compile_task is None and lexicon.current_version == few  # nothing ran
    assert publish_version(tiny, user=staff, confirm=True).state == TaskRun.State.DONE
    lexicon.refresh_from_db()
    assert lexicon.current_version == tiny


def test_a_rollback_that_removes_words_needs_both_reason_and_confirmation(tmp_path, staff):
    from lexicon.services import ConfirmationNeeded

    lexicon, words = _big_lexicon(tmp_path)
    bigger = upload_version(lexicon, upload("\n".join(words + ["ZZZ", "ZZA", "ZZB", "ZZC", "ZZD"])), user=staff,
                            mode="replace").version
    publish_version(bigger, user=staff)
    first = LexiconVersion.objects.get(lexicon=lexicon, number=1)
    with pytest.raises(ConfirmationNeeded):  # 5 words of 305 would go
        publish_version(first, user=staff, reason="ZZ* were a test")
    publish_version(first, user=staff, reason="ZZ* were a test", confirm=True)
    event = LexiconEvent.objects.get(lexicon=lexicon, action="rollback")
    assert event.reason == "ZZ* were a test" and event.actor == staff


def test_an_upload_can_add_its_words_instead_of_replacing_the_list(lexicon, staff):
    added = upload_version(lexicon, upload("louve\nzebre\nchat\n"), user=staff, mode="add").version
    assert (added.added_count, added.removed_count, added.word_count) == (2, 0, len(FRENCH_WORDS) + 2)
    assert version_diff(added).added == ["LOUVE", "ZEBRE"] and version_diff(added).removed == []
    assert LexiconEvent.objects.get(action="upload", version=added).detail["mode"] == "add"
    replaced = upload_version(lexicon, upload("louve\nzebre\nchat\n"), user=staff, mode="replace").version
    assert (replaced.added_count, replaced.removed_count, replaced.word_count) == (2, len(FRENCH_WORDS) - 1, 3)
    with pytest.raises(CurationError, match="already in the lexicon"):
        upload_version(lexicon, upload("chat\n"), user=staff, mode="add")
    with pytest.raises(CurationError, match="replaces the list or adds"):
        upload_version(lexicon, upload("louve\n"), user=staff, mode="merge")
    assert LexiconVersion.objects.count() == 3


def test_a_draft_can_be_discarded_and_the_history_says_so(lexicon, staff):
    from lexicon.services import discard_version

    draft = upload_version(lexicon, upload(new_list(add=["LOUVE"])), user=staff, note="try").version
    number = discard_version(draft, user=staff)
    assert number == 2 and not LexiconVersion.objects.filter(number=2).exists()
    event = LexiconEvent.objects.get(action="discard")
    assert event.actor == staff and event.detail["number"] == 2 and event.version is None
    assert LexiconEvent.objects.filter(action="upload").exists()  # the upload's line stays
    assert lexicon.current_version.number == 1 and gaddag_for(lexicon).contains("ANE")
    with pytest.raises(CurationError, match="only drafts can be discarded"):
        discard_version(lexicon.current_version, user=staff)
    served = upload_version(lexicon, upload(new_list(add=["ZEBRE"])), user=staff).version
    publish_version(served, user=staff)
    first = LexiconVersion.objects.get(number=1)
    with pytest.raises(CurationError, match="only drafts can be discarded"):
        discard_version(first, user=staff)  # superseded, it may serve again by a rollback
    assert LexiconVersion.objects.count() == 2
