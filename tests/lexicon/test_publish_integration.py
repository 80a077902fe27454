"""Publishing on a real Celery worker (another process) through Redis, on PostgreSQL; then this process
swaps to the new version on its next ``gaddag_for`` call.

Runs in the second pass of ``.ci/run`` (skipped otherwise, see tests/conftest.py). The worker runs with
the production settings module, so both processes must share its MEDIA_ROOT: the ``shared_media`` fixture
(tests/conftest.py) points the test's own storage there and removes the files it created afterwards.
"""

from __future__ import annotations

import os
import time

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from core.models import TaskRun
from lexicon.compiled import compiled_path, loaded_hashes
from lexicon.models import LexiconVersion
from lexicon.selectors import gaddag_for
from lexicon.services import import_word_list, publish_version, upload_version
from tests.integration_support import wait_for_run

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 120


def wait(run: TaskRun) -> TaskRun:
    return wait_for_run(run, timeout=TIMEOUT, what="the publication", poll=0.02)


def test_publication_compiles_on_a_worker_and_this_process_swaps(settings, shared_media, tmp_path,
                                                                 django_user_model):
    assert connection.vendor == "postgresql"
    settings.TIRAGE_TASKS_MODE = "celery"
    staff = django_user_model.objects.create_user("integration-curator", password="x", is_staff=True)
    # Distinct words (with a per-run marker) so the compiled file cannot already exist in storage.
    marker = "".join(chr(ord("A") + int(d)) for d in f"{time.time_ns() % 10**8:08d}")
    path = tmp_path / "v1.txt"
    path.write_text("chat\nchien\nloup\n" + marker + "\n", encoding="utf-8")
    lexicon = import_word_list(path, name="integration-mini", language="fr", user=staff).lexicon
    old = gaddag_for(lexicon)
    assert old.contains("LOUP") and not old.contains("LOUVE")

    words = "chat\nchien\nlouve\n" + marker + "\n"
    version = upload_version(lexicon, SimpleUploadedFile("v2.txt", words.encode()), user=staff).version
    assert not default_storage.exists(compiled_path(version.content_hash, "fr"))
    run = publish_version(version, user=staff, confirm=True)  # LOUP goes: 1 word of 4, confirmed
    # (That the previous version serves while compiling is checked deterministically in test_curation.py;
    # here the worker may already be done.)
    run = wait(run)
    assert run.state == TaskRun.State.DONE, run.error
    assert run.result["version"] == 2 and run.result["reused"] is False
    assert run.result["worker_pid"] != os.getpid()  # compiled by the worker process
    assert default_storage.exists(compiled_path(version.content_hash, "fr"))  # stored by the worker
    version.refresh_from_db()
    assert version.state == LexiconVersion.State.PUBLISHED

    served = gaddag_for(lexicon)  # same process, no cache cleared: swaps on the new hash
    assert served.contains("LOUVE") and not served.contains("LOUP")
    assert (version.content_hash, "fr") in loaded_hashes()
