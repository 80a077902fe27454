"""A grid's situations stored one by one as CBIC builds them: shown, listed and playable while the grid runs.

The states are observed from a hook around ``services.store_situation`` (right after a situation is stored) or
set up directly; nothing waits for time.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from core.engine_messages import unplaced_reason
from core.models import TaskRun
from core.progress import Progress
from engine.scrabble.cgp import parse_cgp
from tests.support import api_for
from tests.training.grids.conftest import WORDS
from training.grids import services
from training.grids.models import Answer, Situation, TrainingGrid

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def waiting_grid(owner, revision_list, seed: int = 7) -> TrainingGrid:
    """A grid whose generation task has started (its run running), built by the test's own call of
    ``services.build_grid``, so the test can look between two situations."""
    run = TaskRun.objects.create(kind="training.generate_grid", owner=owner, state=TaskRun.State.RUNNING)
    words = [{"entry": e.pk, "word": e.word, "support_index": e.support_index}
             for e in revision_list.entries.order_by("id")]
    return TrainingGrid.objects.create(owner=owner, lexicon=revision_list.lexicon, revision_list=revision_list,
                                       seed=seed, words=words, task_run=run)


def running(situation: Situation) -> TrainingGrid:
    """``situation``'s grid set back to running (its task running, no board yet): as while CBIC builds the rest."""
    run = TaskRun.objects.create(kind="training.generate_grid", owner=situation.grid.owner,
                                 state=TaskRun.State.RUNNING, progress=80)
    TrainingGrid.objects.filter(pk=situation.grid_id).update(status=TrainingGrid.Status.RUNNING, board=[],
                                                            task_run=run, finished_at=None)
    return TrainingGrid.objects.get(pk=situation.grid_id)


class Observed:
    """Wraps ``services.store_situation``: after each call, what it did and what a reader sees."""

    def __init__(self, monkeypatch, look=None) -> None:
        self.real = services.store_situation
        self.look = look
        self.seen: list[tuple[str, int, str]] = []
        monkeypatch.setattr(services, "store_situation", self)

    def __call__(self, grid_id: int, situation: Situation) -> str:
        outcome = self.real(grid_id, situation)
        grid = TrainingGrid.objects.get(pk=grid_id)
        self.seen.append((outcome, grid.situations.count(), grid.status))
        if self.look is not None:
            self.look(grid, outcome)
        return outcome


def test_situations_are_stored_one_by_one_while_the_grid_runs(monkeypatch, alice, alice_client, fr_list):
    grid = waiting_grid(alice, fr_list)
    pages: dict[str, Any] = {}

    def look(grid: TrainingGrid, outcome: str) -> None:
        if grid.situations.count() == 1 and not pages:  # situation 1 is stored; the others are not built yet
            pages["api"] = api_for(alice).get(f"/api/grids/{grid.pk}/").json()
            pages["html"] = alice_client.get(f"/training/grids/{grid.pk}/").content.decode()

    observed = Observed(monkeypatch, look)
    summary = services.build_grid(grid.pk, Progress(grid.task_run_id))
    grid.refresh_from_db()
    count = grid.situations.count()
    assert grid.status == TrainingGrid.Status.DONE and count >= 4 and summary["situations"] == count
    assert observed.seen == [(services.STORED, n, TrainingGrid.Status.RUNNING) for n in range(1, count + 1)]
    assert [s.order for s in grid.situations.order_by("order")] == list(range(count))
    api = pages["api"]
    assert api["status"] == "running" and len(api["situations"]) == 1 and api["board"] is None
    assert api["situations"][0]["available"] and api["situations"][0]["cgp"] and not api["finished"]
    first = grid.situations.get(order=0)
    assert f'href="/training/situations/{first.pk}/"' in pages["html"] and 'id="grid-building"' in pages["html"]


def test_a_running_grid_with_one_situation_shows_it_and_the_rest_being_prepared(alice, alice_client, situation):
    grid = running(situation)
    page = alice_client.get(f"/training/grids/{grid.pk}/").content.decode()
    assert 'id="start-training"' in page and f'href="/training/situations/{situation.pk}/"' in page
    assert page.count('data-square="') == 225 and 'class="rack"' in page  # situation 1's board and rack
    assert 'id="grid-building"' in page and "<progress" in page and f'hx-get="/tasks/{grid.task_run_id}/progress/"' in page
    assert 'id="reveal-form"' not in page and 'id="final-board"' not in page and 'id="grid-finished"' not in page
    assert f'hx-get="/training/grids/{grid.pk}/body/?shown=1"' in page  # polls for the next situations
    # The body's poll: nothing new, nothing to swap (204); a page showing fewer gets the body again.
    assert alice_client.get(f"/training/grids/{grid.pk}/body/?shown=1", **HTMX).status_code == 204
    body = alice_client.get(f"/training/grids/{grid.pk}/body/?shown=0", **HTMX)
    assert body.status_code == 200 and 'id="start-training"' in body.content.decode()
    situation_page = alice_client.get(f"/training/situations/{situation.pk}/").content.decode()
    assert 'id="answer-form"' in situation_page and situation_page.count('data-square="') == 225
    title = re.search(r"<h1>(.*?)</h1>", situation_page, re.S).group(1)
    assert title.strip() == "Situation 1"  # not "1 of 1": the grid's size is not known yet


def test_the_api_lists_the_situations_built_so_far_in_the_same_shape(alice, situation):
    client = api_for(alice)
    done = client.get(f"/api/grids/{situation.grid_id}/").json()
    grid = running(situation)
    building = client.get(f"/api/grids/{grid.pk}/").json()
    assert list(building) == list(done)  # the same keys, in the same order
    assert list(building["situations"][0]) == list(done["situations"][0])
    assert (building["status"], building["progress"], building["board"], building["finished"]) == (
        "running", 80, None, False)
    brief = building["situations"][0]
    assert (brief["id"], brief["order"], brief["available"], brief["cgp"]) == (situation.pk, 0, True, situation.cgp)


def test_situation_1_is_answered_while_the_grid_runs(alice, alice_client, situation):
    grid = running(situation)
    feedback = alice_client.post(f"/training/situations/{situation.pk}/answer/", {"word": "BACCARAT"},
                                 **HTMX).content.decode()
    assert "feedback--ok" in feedback and 'id="next-building"' in feedback  # the next ones are on their way
    assert Answer.objects.get(situation=situation, user=alice).correct
    api = api_for(alice).get(f"/api/grids/{grid.pk}/").json()
    assert api["situations"][0]["answered"] and not api["finished"] and api["board"] is None  # more to come
    page = alice_client.get(f"/training/grids/{grid.pk}/").content.decode()
    assert 'id="grid-finished"' not in page and 'id="grid-building"' in page


def test_the_api_answer_of_situation_1_while_the_grid_runs(alice, situation):
    running(situation)
    client = api_for(alice)
    answer = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    assert answer.status_code == 200 and answer.json()["correct"] and answer.json()["next_situation"] is None
    again = client.post(f"/api/situations/{situation.pk}/answer/", {"word": "BACCARAT"}, format="json")
    assert again.status_code == 409  # one answer decides it, while the grid runs as after


def test_a_later_situation_stays_locked_while_the_grid_runs(alice, alice_client, situation):
    grid = running(situation)
    second = Situation.objects.create(grid=grid, entry=situation.entry, order=1, word=situation.word,
                                      cgp=situation.cgp, rack=situation.rack, support=situation.support,
                                      expected=situation.expected, top=situation.top)
    with pytest.raises(services.SituationLocked, match="situation 1 first"):
        services.answer_situation(second, alice, "BACCARAT")
    api = api_for(alice).get(f"/api/grids/{grid.pk}/").json()
    assert [s["available"] for s in api["situations"]] == [True, False] and api["situations"][1]["cgp"] is None


def test_the_grid_is_not_revealed_while_it_runs(alice, alice_client, situation):
    grid = running(situation)
    refused = api_for(alice).post(f"/api/grids/{grid.pk}/reveal/")
    assert refused.status_code == 409 and refused.json()["detail"]
    alice_client.post(f"/training/grids/{grid.pk}/reveal/")
    grid.refresh_from_db()
    assert grid.revealed_at is None
    services.answer_situation(situation, alice, "BACCARAT")  # still open: nothing was closed


# --- a message delivered twice ------------------------------------------------------------------------------

def test_a_built_grid_delivered_again_keeps_its_situations(alice, fr_list):
    grid = waiting_grid(alice, fr_list)
    services.build_grid(grid.pk, Progress(grid.task_run_id))
    before = list(grid.situations.order_by("order").values_list("pk", "word", "cgp"))
    again = services.build_grid(grid.pk, Progress(grid.task_run_id))
    assert again["situations"] == len(before) and list(grid.situations.order_by("order")
                                                       .values_list("pk", "word", "cgp")) == before


def test_a_delivery_after_one_cut_short_keeps_its_situations_and_their_answers(monkeypatch, alice, fr_list):
    """The first delivery stored two situations and died; the learner answered situation 1 meanwhile. The
    next delivery finds them (the same construction: same seed) and stores only the rest."""
    grid = waiting_grid(alice, fr_list)
    services.build_grid(grid.pk, Progress(grid.task_run_id))
    whole = list(grid.situations.order_by("order").values_list("word", "cgp"))
    board = TrainingGrid.objects.get(pk=grid.pk).board
    grid.situations.filter(order__gte=2).delete()
    TrainingGrid.objects.filter(pk=grid.pk).update(status=TrainingGrid.Status.RUNNING, board=[], unplaced=[])
    first = grid.situations.get(order=0)
    services.answer_situation(first, alice, first.word)

    observed = Observed(monkeypatch)
    services.build_grid(grid.pk, Progress(grid.task_run_id))
    grid.refresh_from_db()
    assert [outcome for outcome, _n, _s in observed.seen] == (
        [services.ALREADY_THERE] * 2 + [services.STORED] * (len(whole) - 2))
    assert list(grid.situations.order_by("order").values_list("word", "cgp")) == whole  # none doubled
    assert grid.status == TrainingGrid.Status.DONE and grid.board == board
    assert grid.situations.get(order=0).pk == first.pk and Answer.objects.get(situation=first).correct


def test_a_delivery_whose_construction_went_otherwise_keeps_the_situations_stored(alice, fr_list):
    """An earlier delivery stored another situation 1 (its construction went otherwise, as one cut short by
    the time budget may): it stands, nothing of this run is stored on top, and the grid ends with it."""
    built = waiting_grid(alice, fr_list)
    services.build_grid(built.pk, Progress(built.task_run_id))
    other = built.situations.get(order=1)  # a real situation, but not this construction's first
    grid = waiting_grid(alice, fr_list)
    Situation.objects.create(grid=grid, entry=other.entry, order=0, word=other.word, cgp=other.cgp, rack=other.rack,
                             support=other.support, expected=other.expected, top=other.top)
    TrainingGrid.objects.filter(pk=grid.pk).update(status=TrainingGrid.Status.RUNNING)

    summary = services.build_grid(grid.pk, Progress(grid.task_run_id))
    grid.refresh_from_db()
    assert grid.status == TrainingGrid.Status.DONE and summary["situations"] == 1
    assert list(grid.situations.values_list("word", "cgp")) == [(other.word, other.cgp)]
    final = parse_cgp(other.cgp).board
    final.place(other.expected["row"], other.expected["col"], other.expected["dir"], other.expected["word"])
    assert grid.board == final.rows()
    assert {u["word"] for u in grid.unplaced} == {w for w, _s in WORDS} - {other.word}
    assert {u["code"] for u in grid.unplaced} == {"cbic_interrupted"}
    reasons = {u["reason"] for u in api_for(alice).get(f"/api/grids/{grid.pk}/").json()["unplaced"]}
    with translation.override("fr"):  # the API's language by default
        assert reasons == {unplaced_reason({"code": "cbic_interrupted", "reason": "?"})}


def test_store_situation_never_doubles_nor_replaces(alice, situation):
    grid = running(situation)
    again = Situation(grid=grid, entry=situation.entry, order=0, word=situation.word, cgp=situation.cgp,
                      rack=situation.rack, support=situation.support, expected=situation.expected, top=situation.top)
    assert services.store_situation(grid.pk, again) == services.ALREADY_THERE
    again.cgp = situation.cgp.replace("AAABCCR", "AAABCCS")
    assert services.store_situation(grid.pk, again) == services.OTHER_THERE
    TrainingGrid.objects.filter(pk=grid.pk).update(status=TrainingGrid.Status.DONE)
    again.order = 1
    assert services.store_situation(grid.pk, again) == services.GRID_DONE
    assert list(grid.situations.values_list("pk", "cgp")) == [(situation.pk, situation.cgp)]


def test_the_last_to_lock_keeps_the_grid_another_delivery_finished(monkeypatch, alice, fr_list):
    """Two deliveries racing: once the other one has finished the grid, this one stores nothing more."""
    grid = waiting_grid(alice, fr_list)

    def finished_elsewhere(grid: TrainingGrid, outcome: str) -> None:
        TrainingGrid.objects.filter(pk=grid.pk).update(status=TrainingGrid.Status.DONE, board=["." * 15] * 15)

    observed = Observed(monkeypatch, finished_elsewhere)
    services.build_grid(grid.pk, Progress(grid.task_run_id))
    grid.refresh_from_db()
    assert [outcome for outcome, _n, _s in observed.seen] == [services.STORED, services.GRID_DONE]
    assert grid.situations.count() == 1 and grid.board == ["." * 15] * 15  # what the other delivery stored


# --- in a background thread, as with ``make run`` ----------------------------------------------------------------

def wait_for_grid(client, grid_id: int, statuses: set[str]) -> dict[str, Any]:
    """Poll the API until the grid's status is one of ``statuses`` (a minute at most: a safety net)."""
    import time

    deadline = time.monotonic() + 60
    while True:
        grid = client.get(f"/api/grids/{grid_id}/").json()
        if grid["status"] in statuses or time.monotonic() > deadline:
            return grid
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_situation_1_is_played_from_another_connection_while_the_thread_builds_the_rest(
        monkeypatch, settings, alice, fr_list):
    """The task runs in a thread with its own connection: situation 1 is committed on its own, so another
    connection (a request) sees it and answers it while the grid is still running; then the grid ends as usual."""
    import threading

    settings.TIRAGE_TASKS_MODE = "thread"
    first_stored, go_on = threading.Event(), threading.Event()

    def hold_after_the_first(grid: TrainingGrid, outcome: str) -> None:
        if grid.situations.count() == 1:
            first_stored.set()
            go_on.wait(timeout=60)  # until the test has played situation 1 (a safety net, not a delay)

    Observed(monkeypatch, hold_after_the_first)
    grid = services.start_list_grid(alice, fr_list, seed=7)
    client = api_for(alice)
    try:
        assert first_stored.wait(timeout=120), wait_for_grid(client, grid.pk, {"failed"})
        building = client.get(f"/api/grids/{grid.pk}/").json()
        assert building["status"] == "running" and len(building["situations"]) == 1
        first = Situation.objects.get(pk=building["situations"][0]["id"])
        answer = client.post(f"/api/situations/{first.pk}/answer/", {"word": first.word}, format="json")
        assert answer.status_code == 200 and answer.json()["correct"], answer.json()
    finally:
        go_on.set()
    done = wait_for_grid(client, grid.pk, {"done", "failed"})
    assert done["status"] == "done", done["error"]
    assert len(done["situations"]) >= 4 and [s["order"] for s in done["situations"]] == list(range(len(done["situations"])))
    assert done["situations"][0]["id"] == first.pk and done["situations"][0]["solved"]
    assert Situation.objects.filter(grid_id=grid.pk).count() == len(done["situations"])
