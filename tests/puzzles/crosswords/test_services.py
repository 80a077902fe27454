"""Crossword services beyond the API: retries with another seed, the review-queue adapter, the dashboard
selector, reveal bookkeeping, progress reports."""

from __future__ import annotations

import threading
import time

import pytest

from core.models import TaskRun
from engine.crossword.wordcache import cache_path_for
from lexicon.selectors import gaddag_for
from lexicon.services import import_word_list
from puzzles.crosswords import selectors, services
from puzzles.crosswords.models import Crossword, MissesList
from training.lists.models import ReviewCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_letter_lexicon(tmp_path, french_words):
    """wfrench cut to 2-5 letters: a 7×7 French pattern with a 6-letter slot cannot be filled with it."""
    path = tmp_path / "fr5.txt"
    path.write_text("\n".join(w for w in french_words if len(w) <= 5) + "\n", encoding="utf-8")
    return import_word_list(path, name="fr5", language="fr").lexicon


def test_a_failed_attempt_retries_with_another_seed_and_pattern(alice, five_letter_lexicon):
    # Seed 0: the first two patterns have a 6-letter slot (no such word here), the third has none.
    cw = services.start_crossword(alice, five_letter_lexicon, 7, "fr", seed=0)
    assert cw.status == "done", cw.error
    assert cw.stats["attempts"] == 3 and cw.stats["seed_used"] == 2 * 7919
    assert len(cw.stats["failed_attempts"]) == 2
    assert all(reason.startswith("no word of the lexicon fits slot") for reason in cw.stats["failed_attempts"])
    assert max(s["length"] for s in cw.slots) <= 5
    run = TaskRun.objects.get(pk=cw.task_run_id)
    assert run.state == "done" and run.result == {"crossword": cw.pk, "words": len(cw.slots), "theme_placed": [],
                                                  "attempts": 3}


def test_progress_reports_name_the_attempt(alice, lexicon):
    messages: list[tuple[float, str]] = []

    class Recorder:
        def report(self, percent: float, message: str = "") -> None:
            messages.append((percent, message))

    cw = Crossword.objects.create(owner=alice, lexicon=lexicon, size=7, style="us", seed=4)
    services.build_crossword(cw.pk, Recorder())
    cw.refresh_from_db()
    assert cw.status == "done"
    texts = [m for _, m in messages]
    assert texts[0] == "Loading the lexicon" and "Attempt 1 of 4: drawing the grid" in texts
    assert texts[-1] == "Writing the clues"
    percents = [p for p, _ in messages]
    assert percents == sorted(percents) and all(0 <= p <= 100 for p in percents)


def test_the_first_crossword_of_a_version_says_what_loading_the_lexicon_does(alice, lexicon):
    """The slow first step in words: scoring the words the first time for a lexicon version (the word cache
    is then written), reading that cache in a fresh process, nothing once the process holds it."""
    gaddag = gaddag_for(lexicon)
    cache_path_for(gaddag.source_path).unlink(missing_ok=True)
    services.forget_lexicons()

    def loading_messages(seed: int) -> list[str]:
        messages: list[str] = []

        class Recorder:
            def report(self, percent: float, message: str = "") -> None:
                messages.append(message)

        cw = Crossword.objects.create(owner=alice, lexicon=lexicon, size=5, style="us", seed=seed)
        services.build_crossword(cw.pk, Recorder())
        return [m for m in messages if m.startswith(("Reading", "Scoring"))]

    assert loading_messages(4) == ["Scoring the words of fr7 by how common they are, to choose the best-known ones "
                                   "(once per lexicon version: the next crosswords start at once)"]
    assert loading_messages(5) == []  # this process holds it
    services.forget_lexicons()  # as a fresh process: the cache file is there now
    assert loading_messages(6) == ["Reading the crossword words of fr7"]


def test_concurrent_crosswords_load_the_lexicon_once(lexicon, monkeypatch):
    services.forget_lexicons()
    built: list[int] = []
    real = services.crossword_lexicon_of

    def counting(gaddag):
        built.append(1)
        time.sleep(0.2)  # long enough for the other threads to arrive while this one loads
        return real(gaddag)

    monkeypatch.setattr(services, "crossword_lexicon_of", counting)
    gaddag = gaddag_for(lexicon)
    monkeypatch.setattr(services, "gaddag_for", lambda _lexicon: gaddag)  # no database in the threads
    results: list[object] = []
    threads = [threading.Thread(target=lambda: results.append(services.crossword_lexicon(lexicon))) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(built) == 1 and len(results) == 3 and all(r is results[0] for r in results)


def test_validate_request_bounds():
    assert services.validate_request(3, "us") == (3, "us")
    assert services.validate_request("21", "fr") == (21, "fr")
    for size in (2, 22, 0, None, "", "7x7", 3.0):
        with pytest.raises(services.CrosswordInputError):
            services.validate_request(size, "fr")
    for style in ("", "FR", None, "uk"):
        with pytest.raises(services.CrosswordInputError):
            services.validate_request(7, style)


def test_long_missed_words_are_reported_not_sent(alice, lexicon):
    sent, skipped = services.send_misses_to_review(alice, lexicon, ["CHAT", "ABRICOTIER", "ZZZQX", "OS", "LES"])
    assert sent == ["CHAT"]
    assert [s["word"] for s in skipped] == ["ABRICOTIER", "ZZZQX", "OS", "LES"]
    assert "longer than 8 letters" in skipped[0]["reason"] and "not in the lexicon" in skipped[1]["reason"]
    assert "shorter than 4 letters" in skipped[2]["reason"] and "shorter than 4 letters" in skipped[3]["reason"]
    link = MissesList.objects.get(owner=alice, lexicon=lexicon)
    assert link.revision_list.name == "Crossword misses" and link.revision_list.owner == alice
    assert ReviewCard.objects.get(entry__word="CHAT").owner == alice
    # Renamed by the learner: the same list keeps receiving the words.
    link.revision_list.name = "Mes ratés"
    link.revision_list.save()
    services.send_misses_to_review(alice, lexicon, ["LOUP"])
    assert MissesList.objects.count() == 1
    assert set(link.revision_list.entries.values_list("word", flat=True)) == {"CHAT", "LOUP"}


def test_reveal_only_marks_cells_that_were_not_right(alice, lexicon):
    cw = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    slot = cw.slots[0]
    cells = services.slot_cells(slot)
    entries = [list(row) for row in services.empty_entries(cw)]
    for (r, c), letter in zip(cells, slot["answer"], strict=True):
        entries[r][c] = letter
    outcome = services.check(cw, alice, "grid", reveal=True, entries=["".join(row) for row in entries])
    revealed = {tuple(rc) for rc in outcome.progress.revealed}
    whites = {(r, c) for r, row in enumerate(cw.rows) for c, ch in enumerate(row) if ch != "#"}
    assert revealed == whites - set(cells)
    assert outcome.just_finished and outcome.progress.is_finished and not outcome.progress.is_solved
    assert outcome.reveal and outcome.right == len(cells) and outcome.wrong == 0


def test_summary_for_the_dashboard(alice, bob, lexicon):
    assert selectors.crossword_summary(alice) == {"started": 0, "finished": 0, "solved": 0, "revealed": 0, "clean": 0,
                                                  "seconds": 0, "words_sent_to_review": 0}
    cw = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    services.save_entries(cw, alice, services.empty_entries(cw), seconds=12)
    assert selectors.crossword_summary(alice)["started"] == 1 and selectors.crossword_summary(alice)["finished"] == 0
    services.save_entries(cw, alice, list(cw.rows), seconds=40)
    assert selectors.crossword_summary(alice) == {"started": 1, "finished": 1, "solved": 1, "revealed": 0, "clean": 1,
                                                  "seconds": 40, "words_sent_to_review": 0}
    assert selectors.crossword_summary(bob)["started"] == 0


def test_the_filler_index_follows_the_published_version(tmp_path):
    first = tmp_path / "v1.txt"
    first.write_text("chat\nchien\nloup\n", encoding="utf-8")
    lexicon = import_word_list(first, name="versions", language="fr").lexicon
    index = services.crossword_lexicon(lexicon)
    assert "LOUP" in index and "LOUVE" not in index
    assert services.crossword_lexicon(lexicon) is index  # built once per GADDAG
    second = tmp_path / "v2.txt"
    second.write_text("chat\nchien\nlouve\n", encoding="utf-8")
    import_word_list(second, name="versions", language="fr")  # a new version, published
    lexicon.refresh_from_db()
    index = services.crossword_lexicon(lexicon)
    assert "LOUVE" in index and "LOUP" not in index
