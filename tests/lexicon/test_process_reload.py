"""Process-level reload: another, long-running Python process keeps its loaded GADDAG and swaps to the
new version on its next ``gaddag_for`` call after a publication made here — no restart, no cache reset.

The other process shares this test's database (committed data: ``transaction=True``) and MEDIA_ROOT.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from lexicon.services import import_word_list, publish_version, upload_version

pytestmark = pytest.mark.django_db(transaction=True)

CHILD = """
import json, sys
import django
django.setup()
from lexicon.compiled import loaded_hashes
from lexicon.selectors import gaddag_for
lexicon_id = int(sys.argv[1])
for line in sys.stdin:
    words = line.split()
    g = gaddag_for(lexicon_id)
    print(json.dumps({"found": [w for w in words if g.contains(w)], "loaded": len(loaded_hashes()),
                      "id": id(g)}), flush=True)
"""


def database_url() -> str:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    if connection.vendor == "postgresql":
        auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
        return f"postgres://{auth}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"
    pytest.skip(f"no URL form for {connection.vendor}")


class Child:
    def __init__(self, lexicon_id: int, media_root: str) -> None:
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "TASKS_MODE", "DEBUG"}}
        env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY="child-process-test-key-0123456789abcdefghijklmnopqrstuvwxyz",
                   DATABASE_URL=database_url(), MEDIA_ROOT=media_root, TIRAGE_VAR_DIR=str(Path(media_root).parent),
                   PYTHONPATH=str(django_settings.BASE_DIR))
        self.process = subprocess.Popen([sys.executable, "-c", CHILD, str(lexicon_id)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                        cwd=str(django_settings.BASE_DIR))

    def ask(self, *words: str) -> dict:
        self.process.stdin.write(" ".join(words) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            pytest.fail(f"the child process died: {self.process.stderr.read()[-2000:]}")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=20)


def test_another_process_swaps_to_the_published_version_without_restart(tmp_path, settings, django_user_model):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    staff = django_user_model.objects.create_user("reload-curator", password="x", is_staff=True)
    path = tmp_path / "v1.txt"
    path.write_text("chat\nchien\nloup\n", encoding="utf-8")
    lexicon = import_word_list(path, name="reload", language="fr").lexicon
    child = Child(lexicon.pk, settings.MEDIA_ROOT)
    try:
        first = child.ask("CHAT", "LOUP", "LOUVE")
        assert first["found"] == ["CHAT", "LOUP"] and first["loaded"] == 1
        assert child.ask("CHAT")["id"] == first["id"]  # loaded once, reused

        upload = SimpleUploadedFile("v2.txt", b"chat\nchien\nlouve\n")
        version = upload_version(lexicon, upload, user=staff).version
        assert child.ask("LOUP", "LOUVE")["found"] == ["LOUP"]  # a draft does not serve
        publish_version(version, user=staff, confirm=True)  # it removes most words: confirmed

        after = child.ask("CHAT", "LOUP", "LOUVE")
        assert after["found"] == ["CHAT", "LOUVE"]
        assert after["loaded"] == 2 and after["id"] != first["id"]
    finally:
        child.close()
