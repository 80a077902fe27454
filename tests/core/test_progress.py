"""The shared task-progress mechanism: TaskRun life cycle, failures in words, dispatch modes."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from core import progress
from core.models import TaskRun
from core.progress import TaskFailure, start_task, tracked_task
from core.tasks import ping
from tests.task_support import slow

pytestmark = pytest.mark.django_db


@tracked_task(name="tests.expected_failure")
def expected_failure(progress_, word: str) -> None:
    progress_.report(40, "checking")
    raise TaskFailure(f"the word {word!r} is not in the lexicon")


@tracked_task(name="tests.crash")
def crash(progress_) -> None:
    raise KeyError("missing-key")


def test_ping_runs_to_done_with_its_result(alice):
    run = start_task(ping, owner=alice, steps=4)
    assert run.state == TaskRun.State.DONE and run.progress == 100
    assert run.result["pong"] is True and run.result["steps"] == 4
    assert run.kind == "core.ping" and run.owner == alice
    assert run.started_at and run.finished_at and run.error == ""


def test_expected_failure_is_recorded_in_words():
    run = start_task(expected_failure, word="ZZZ")
    assert run.state == TaskRun.State.FAILED
    assert run.error == "the word 'ZZZ' is not in the lexicon"
    assert run.progress == 40 and run.message == "checking"
    assert run.finished_at is not None


def test_unexpected_failure_names_the_error_type():
    from django.utils import translation

    with translation.override("fr"):
        run = start_task(crash)
    assert run.state == TaskRun.State.FAILED
    assert run.error == "Erreur inattendue (KeyError): 'missing-key'"
    with translation.override("en"):
        assert start_task(crash).error == "Unexpected error (KeyError): 'missing-key'"


def test_invalid_task_arguments_fail_with_a_reason():
    from django.utils import translation

    with translation.override("fr"):
        run = start_task(ping, steps=0)
        assert run.state == TaskRun.State.FAILED
        assert run.error == "Le nombre d’étapes doit être compris entre 1 et 100, et non 0."
        assert "entre 0 et 5 secondes" in start_task(ping, steps=1, delay=9).error


def test_progress_messages_are_in_the_starters_language():
    from django.utils import translation

    with translation.override("en"):
        assert start_task(ping, steps=2).message == ""  # done: the last step message is replaced
    run = TaskRun.objects.create(kind="core.ping")
    with translation.override("en"):
        progress.Progress(run.id).report(50, translation.gettext("step %(step)d of %(steps)d") % {"step": 1, "steps": 2})
    run.refresh_from_db()
    assert run.message == "step 1 of 2"
    with translation.override("fr"):
        assert translation.gettext("step %(step)d of %(steps)d") % {"step": 1, "steps": 2} == "étape 1 sur 2"


def test_report_clamps_and_truncates():
    run = TaskRun.objects.create(kind="x")
    progress.report(run.id, 250, "m" * 400)
    run.refresh_from_db()
    assert run.progress == 100 and len(run.message) == 255
    progress.report(run.id, -5)
    run.refresh_from_db()
    assert run.progress == 0


def test_anonymous_owner_is_stored_as_none():
    from django.contrib.auth.models import AnonymousUser

    run = start_task(ping, owner=AnonymousUser())
    assert run.owner is None


def test_unknown_mode_is_refused(settings):
    settings.TIRAGE_TASKS_MODE = "carrier-pigeon"
    with pytest.raises(ValueError, match="unknown TIRAGE_TASKS_MODE 'carrier-pigeon'"):
        start_task(ping)


@pytest.mark.django_db(transaction=True)
def test_thread_mode_returns_at_once_and_finishes_in_the_background(settings):
    settings.TIRAGE_TASKS_MODE = "thread"
    started = time.monotonic()
    run = start_task(slow, seconds=2)
    assert time.monotonic() - started < 1.5  # well under the task's 2 s, even on a loaded machine
    assert run.state == TaskRun.State.PENDING
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.is_finished:
            break
        time.sleep(0.05)
    assert run.state == TaskRun.State.DONE and run.result == {"slept": 2}


def test_visibility_rule(alice, admin_user):
    bob = get_user_model().objects.create_user("bob", password="x")
    from django.contrib.auth.models import AnonymousUser

    mine = TaskRun.objects.create(kind="x", owner=alice)
    ownerless = TaskRun.objects.create(kind="x")
    assert mine.visible_to(alice) and mine.visible_to(admin_user)
    assert not mine.visible_to(bob) and not mine.visible_to(AnonymousUser())
    assert ownerless.visible_to(admin_user) and not ownerless.visible_to(alice)


def test_ownerless_runs_of_a_shared_kind_are_visible_to_signed_in_users(alice, admin_user, client):
    """A lexicon's word-study ranks are computed once for everybody: a learner waiting on them sees the bar."""
    from django.contrib.auth.models import AnonymousUser

    from training.wordstudy.tasks import rank_lexicon

    shared = TaskRun.objects.create(kind=rank_lexicon.name)
    assert shared.visible_to(alice) and shared.visible_to(admin_user)
    assert not shared.visible_to(AnonymousUser())
    client.force_login(alice)
    assert client.get(f"/tasks/{shared.id}/progress/").status_code == 200
    assert client.get(f"/api/tasks/{shared.id}/").status_code == 200
    client.logout()
    assert client.get(f"/api/tasks/{shared.id}/").status_code in (401, 403)
    assert not TaskRun.objects.create(kind=rank_lexicon.name, owner=admin_user).visible_to(alice)


@pytest.mark.django_db(transaction=True)
def test_in_process_tasks_run_inline_within_the_block(settings, alice):
    """A management command's background thread would die with the command: within the block the task runs
    before ``start_task`` returns; outside it, thread mode returns a pending run at once."""
    settings.TIRAGE_TASKS_MODE = "thread"
    with progress.in_process_tasks_inline():
        run = start_task(slow, owner=alice, seconds=0.2)
        assert run.state == TaskRun.State.DONE and run.result == {"slept": 0.2}
    later = start_task(slow, owner=alice, seconds=0.2)
    assert later.state == TaskRun.State.PENDING
    for _ in range(100):
        later.refresh_from_db()
        if later.is_finished:
            break
        time.sleep(0.05)
    assert later.state == TaskRun.State.DONE


@tracked_task(name="tests.too_long")
def too_long(progress_) -> None:
    from celery.exceptions import SoftTimeLimitExceeded

    raise SoftTimeLimitExceeded()


@tracked_task(name="tests.speaks")
def speaks(progress_) -> dict:
    from django.utils.translation import get_language, gettext

    return {"language": get_language(), "word": gettext("Progress")}


def test_time_limit_is_reported_in_words():
    run = start_task(too_long)
    assert run.state == TaskRun.State.FAILED
    assert "time limit" in run.error or "limite" in run.error


def test_task_runs_in_the_language_of_whoever_started_it():
    from django.utils import translation

    with translation.override("en"):
        assert start_task(speaks).result == {"language": "en", "word": "Progress"}
    with translation.override("fr"):
        assert start_task(speaks).result == {"language": "fr", "word": "Avancement"}


def test_unknown_task_language_falls_back_to_the_site_language():
    from celery import current_app

    run = TaskRun.objects.create(kind="tests.speaks")
    current_app.tasks["tests.speaks"].apply(kwargs={"task_run_id": str(run.id), "task_language": "xx"})
    run.refresh_from_db()
    assert run.result["language"] == "fr"


@tracked_task(name="tests.unstorable_result")
def unstorable_result(progress_, kind: str) -> object:
    return {"when": object()} if kind == "object" else {"score": float("nan")}


@pytest.mark.parametrize("kind", ["object", "nan"])
def test_a_result_that_cannot_be_stored_fails_the_run_in_words(kind):
    run = start_task(unstorable_result, kind=kind)
    assert run.state == TaskRun.State.FAILED
    assert "the task's result cannot be stored as JSON" in run.error


def test_a_task_is_started_by_its_name_so_services_need_not_import_tasks(alice):
    run = start_task("core.ping", owner=alice, steps=2)
    assert run.kind == "core.ping" and run.state == TaskRun.State.DONE and run.result["steps"] == 2


def test_every_task_the_services_start_by_name_is_registered():
    for name in ("training.generate_grid", "training.make_duplicate_game", "wordstudy.rank",
                 "puzzles.generate_crossword", "puzzles.compare_algorithms", "lexicon.publish_version"):
        assert progress.task_named(name).name == name


def test_an_unknown_task_name_is_refused_before_any_run_is_created():
    with pytest.raises(progress.UnknownTask, match="no task is registered as 'training.nope'"):
        start_task("training.nope")
    assert not TaskRun.objects.exists()
