"""The home page's "Tâches de fond" in Chromium, in French, at 1280 and 390 px: a running task's bar says
what it builds (with a link to it), and goes away once the task is done (the bar polls itself).
Screenshots in ``artifacts/home/``."""

from __future__ import annotations

import pytest

from core.models import TaskRun
from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import french_dict_words, write_words

pytestmark = BROWSER_MARKS
PASSWORD = "Scrabble-2026-ok"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_running_task_says_what_it_is_and_goes_away_when_done(live_server, django_user_model, tmp_path, width):
    user = django_user_model.objects.create_user("lea", password=PASSWORD)
    lexicon = import_word_list(write_words(tmp_path / "fr7.txt", french_dict_words(7)), name="fr7",
                               language="fr").lexicon
    run = TaskRun.objects.create(kind="puzzles.generate_crossword", owner=user, state=TaskRun.State.RUNNING,
                                 progress=35, message="Essai 1 sur 4 : remplissage de la grille")
    crossword = Crossword.objects.create(owner=user, lexicon=lexicon, size=9, style="fr", seed=1, task_run=run)
    TaskRun.objects.create(kind="core.ping", owner=user, state=TaskRun.State.DONE, progress=100)
    out = artifacts_dir("home")
    out.mkdir(parents=True, exist_ok=True)
    with launch_context(viewport={"width": width, "height": 900}, locale="fr-FR") as context:
        page = new_page(context)
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "lea")
        page.fill("#id_password", PASSWORD)
        page.locator("main form button[type=submit]").click()
        page.wait_for_url(f"{live_server.url}/")
        page.locator("details.home-tasks summary").click()
        bar = page.locator(".task-list .task-progress")
        assert bar.count() == 1  # the finished check of the task system is not listed
        link = bar.get_by_role("link", name="Mots croisés 9×9 (fr7)")
        assert link.get_attribute("href") == f"/puzzles/crosswords/{crossword.pk}/"
        assert "Essai 1 sur 4" in bar.inner_text()
        page.locator("details.home-tasks").screenshot(path=str(out / f"tasks-{width}.png"))
        TaskRun.objects.filter(pk=run.pk).update(state=TaskRun.State.DONE, progress=100)
        page.locator(".task-list .task-progress--done").wait_for(state="attached", timeout=10_000)
        assert not page.locator(".task-list li").first.is_visible()  # done: the bar went away
