"""``GET /api/tasks/{id}/`` and the htmx progress partial: owner or staff only, 404 otherwise."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from core.models import TaskRun
from core.progress import stale_after_seconds, start_task
from core.tasks import ping
from tests.support import api_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def done_run(alice):
    return start_task(ping, owner=alice, steps=2)


def test_owner_gets_the_documented_shape(alice, done_run):
    response = api_for(alice).get(f"/api/tasks/{done_run.id}/")
    assert response.status_code == 200
    body = response.json()
    assert {"id", "state", "progress", "message", "result", "error"} <= body.keys()
    assert body["id"] == str(done_run.id) and body["state"] == "done" and body["progress"] == 100
    assert body["result"]["pong"] is True and body["error"] == ""


def test_another_user_gets_404(bob, done_run):
    assert api_for(bob).get(f"/api/tasks/{done_run.id}/").status_code == 404


def test_staff_see_every_task(admin_user, done_run):
    assert api_for(admin_user).get(f"/api/tasks/{done_run.id}/").status_code == 200


def test_anonymous_is_refused(done_run):
    assert api_for().get(f"/api/tasks/{done_run.id}/").status_code == 401


def test_unknown_task_is_404(alice):
    assert api_for(alice).get(f"/api/tasks/{uuid.uuid4()}/").status_code == 404


def test_failed_task_says_why(alice):
    run = TaskRun.objects.create(kind="x", owner=alice, state=TaskRun.State.FAILED, error="the grid has no solution")
    body = api_for(alice).get(f"/api/tasks/{run.id}/").json()
    assert body["state"] == "failed" and body["error"] == "the grid has no solution"


def test_partial_polls_while_running_and_stops_when_finished(client, alice):
    running = TaskRun.objects.create(kind="x", owner=alice, state=TaskRun.State.RUNNING, progress=30, message="half")
    client.force_login(alice)
    url = reverse("task-progress", args=[running.id])
    body = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in body and f'hx-get="{url}"' in body
    assert 'value="30"' in body and "half" in body

    running.state, running.progress = TaskRun.State.DONE, 100
    running.save()
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert "hx-trigger" not in response.content.decode()
    assert response["HX-Trigger"] == "taskFinished"


def test_partial_shows_the_failure_reason(client, alice):
    run = TaskRun.objects.create(kind="x", owner=alice, state=TaskRun.State.FAILED, error="no broker")
    client.force_login(alice)
    body = client.get(reverse("task-progress", args=[run.id])).content.decode()
    assert 'role="alert"' in body and "no broker" in body


def test_partial_is_404_for_other_users(client, bob, done_run):
    client.force_login(bob)
    assert client.get(reverse("task-progress", args=[done_run.id])).status_code == 404


def test_ping_button_starts_a_task_and_returns_its_partial(client, alice, monkeypatch):
    monkeypatch.setattr("core.views.PING_DELAY", 0.0)
    client.force_login(alice)
    response = client.post(reverse("task-ping"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    run = TaskRun.objects.get(owner=alice)
    assert f'id="task-{run.id}"' in response.content.decode()
    assert run.state == TaskRun.State.DONE  # sync mode under tests


def test_ping_button_needs_login_and_post(client, alice):
    assert client.post(reverse("task-ping")).status_code == 302
    client.force_login(alice)
    assert client.get(reverse("task-ping")).status_code == 405


def test_home_leaves_out_finished_tasks_the_api_lists(client, alice, done_run):
    client.force_login(alice)
    body = client.get(reverse("home")).content.decode()
    assert f'id="task-{done_run.id}"' not in body  # done: its result is on its own page
    assert str(done_run.id) in client.get("/api/tasks/").content.decode()


def test_a_running_task_silent_past_the_time_limit_is_reported_dead(alice, settings):
    from datetime import timedelta

    from django.utils import timezone

    run = TaskRun.objects.create(kind="x", owner=alice, state=TaskRun.State.RUNNING, progress=40)
    long_ago = timezone.now() - timedelta(seconds=stale_after_seconds("x") + 5)  # its hard limit and the grace
    TaskRun.objects.filter(pk=run.pk).update(updated_at=long_ago)
    body = api_for(alice).get(f"/api/tasks/{run.id}/").json()
    assert body["state"] == "failed"
    assert body["error"] == "La tâche ne répond plus (son processus a sans doute redémarré)\u00a0; relancez-la."


def test_a_recently_active_or_queued_task_is_left_alone(alice, settings):
    from datetime import timedelta

    from django.utils import timezone

    running = TaskRun.objects.create(kind="x", owner=alice, state=TaskRun.State.RUNNING)
    queued = TaskRun.objects.create(kind="x", owner=alice)
    TaskRun.objects.filter(pk=queued.pk).update(
        updated_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT * 3)
    )
    assert api_for(alice).get(f"/api/tasks/{running.id}/").json()["state"] == "running"
    assert api_for(alice).get(f"/api/tasks/{queued.id}/").json()["state"] == "pending"


def test_task_list_shows_only_the_callers_runs_newest_first(alice, bob):
    first = start_task(ping, owner=alice, steps=1)
    second = start_task(ping, owner=alice, steps=1)
    start_task(ping, owner=bob, steps=1)
    body = api_for(alice).get("/api/tasks/").json()
    assert [item["id"] for item in body] == [str(second.id), str(first.id)]
    assert api_for().get("/api/tasks/").status_code == 401
