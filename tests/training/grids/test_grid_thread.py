"""The default without Redis (``make run``): the grid task runs in a background thread of the web process,
the request returns at once (202) and polling the grid shows it finish."""

from __future__ import annotations

import time

import pytest

from lexicon.services import import_word_list
from tests.support import api_for, write_words

pytestmark = pytest.mark.django_db(transaction=True)


def test_grid_in_a_background_thread(settings, alice, tmp_path, french_words):
    settings.TIRAGE_TASKS_MODE = "thread"
    lexicon = import_word_list(write_words(tmp_path / "fr.txt", french_words), name="fr8", language="fr").lexicon
    client = api_for(alice)
    list_id = client.post("/api/lists/", {"name": "t", "lexicon": lexicon.pk}, format="json").json()["id"]
    client.post(f"/api/lists/{list_id}/words/bulk/", {"text": "BACCARAT:T\nPRIVATIF 5\nDATAIS:T"}, format="json")
    started = client.post(f"/api/lists/{list_id}/grids/", {"seed": 5}, format="json")
    assert started.status_code == 202
    deadline = time.monotonic() + 60
    statuses = set()
    while time.monotonic() < deadline:
        grid = client.get(f"/api/grids/{started.json()['grid']}/").json()
        statuses.add(grid["status"])
        if grid["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert grid["status"] == "done", grid["error"]
    assert statuses <= {"pending", "running", "done"}
    assert len(grid["situations"]) + len(grid["unplaced"]) == 3 and grid["situations"] and grid["progress"] == 100
