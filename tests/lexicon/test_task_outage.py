"""Publishing a lexicon version when the task system fails: 503 in words and the version not left
"compiling"; a compile run whose worker died fails the version in words."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from core.models import TaskRun
from core.progress import expire_stale_runs
from lexicon.models import LexiconVersion
from tests.lexicon.conftest import FRENCH_WORDS
from tests.task_support import broker_down, make_stale


@pytest.fixture
def staff_client(staff):
    client = APIClient()
    client.force_authenticate(staff)
    return client


@pytest.mark.django_db(transaction=True)
def test_publishing_with_the_broker_down_is_503_in_words_and_fails_the_version(
        settings, staff_client, lexicon):
    words = "\n".join(sorted(set(FRENCH_WORDS) | {"LOUVE"}))
    uploaded = staff_client.post(f"/api/lexicons/{lexicon.pk}/versions/",
                                 {"file": SimpleUploadedFile("l.txt", words.encode())}, format="multipart")
    assert uploaded.status_code == 201, uploaded.json()
    version = LexiconVersion.objects.get(lexicon=lexicon, number=2)
    with broker_down(settings):
        response = staff_client.post(f"/api/lexicons/{lexicon.pk}/versions/2/publish/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 503
    assert "ne répond pas" in response.json()["detail"]
    version.refresh_from_db()
    assert version.state == LexiconVersion.State.FAILED and "ne répond pas" in version.compile_error
    assert not TaskRun.objects.filter(state__in=["pending", "running"]).exists()


@pytest.mark.django_db
def test_a_compile_run_whose_worker_died_fails_its_version(lexicon, staff):
    version = LexiconVersion.objects.get(lexicon=lexicon, number=1)
    run = TaskRun.objects.create(kind="lexicon.publish_version", owner=staff, state=TaskRun.State.RUNNING)
    LexiconVersion.objects.filter(pk=version.pk).update(state=LexiconVersion.State.COMPILING, compile_task=run)
    make_stale(run)
    assert expire_stale_runs() == [run.id]
    version.refresh_from_db()
    assert version.state == LexiconVersion.State.FAILED and version.compile_error
