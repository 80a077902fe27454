"""End to end in a real browser: log in, generate a small crossword, type a word with the keyboard, check
it, come back and find the entries, move with Tab, reveal, export ``.ipuz`` and re-read it.

Debian's Chromium driven by Playwright (never a downloaded browser). Screenshots go to
``artifacts/puzzles/`` (git-ignored) so a person can check that it looks like a real crossword.
"""

from __future__ import annotations

import re
import threading

import ipuz
import pytest

from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword, CrosswordProgress
from tests.browser_support import BROWSER_MARKS, artifacts_dir, launch_context, new_page
from tests.support import write_words

ARTIFACTS = artifacts_dir("puzzles")

pytestmark = BROWSER_MARKS


@pytest.fixture
def browser_page():
    with launch_context(viewport={"width": 1280, "height": 900}, locale="fr-FR", accept_downloads=True) as context:
        page = new_page(context)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        yield page, errors


def log_in_to_crosswords(page, base: str) -> None:
    """Log in as lea (created by the test) and land on the crossword list."""
    page.goto(f"{base}/accounts/login/?next=/puzzles/crosswords/")
    page.fill("input[name=username]", "lea")
    page.fill("input[name=password]", "Scrabble-2026-ok")
    page.click("main form button[type=submit]")
    page.wait_for_url("**/puzzles/crosswords/")


def cell_values(page, slot) -> str:
    dr, dc = (0, 1) if slot["dir"] == "A" else (1, 0)
    return "".join(page.input_value(f"#xw-{slot['row'] + dr * i}-{slot['col'] + dc * i}") for i in range(slot["length"]))


def test_generate_type_check_come_back_and_export(live_server, browser_page, tmp_path, french_words,
                                                  django_user_model):
    page, errors = browser_page
    import_word_list(write_words(tmp_path / "fr7.txt", french_words), name="fr7", language="fr")
    django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = live_server.url

    log_in_to_crosswords(page, base)

    # A bad size first: the form says why and nothing is created.
    page.fill("input[name=size]", "40")
    page.click("#crossword-form button[type=submit]")
    page.wait_for_selector(".form-errors")
    assert "40×40" in page.inner_text(".form-errors")
    assert Crossword.objects.count() == 0
    errors.clear()  # the browser logs the 400 of that form as a console error; from here on, none is expected

    page.fill("input[name=size]", "7")
    page.select_option("select[name=style]", "fr")
    page.click("#crossword-form button[type=submit]")
    page.wait_for_url("**/puzzles/crosswords/*/")
    page.wait_for_selector(".xw-grid")
    crossword = Crossword.objects.get()
    assert crossword.status == "done"
    whites = sum(ch != "#" for row in crossword.rows for ch in row)
    assert page.locator(".xw-input").count() == whites
    assert page.locator(".xw-cell--black").count() == 49 - whites
    assert page.locator(".xw-clue").count() == len(crossword.slots)
    html = page.content()
    long_answers = [s["answer"] for s in crossword.slots if len(s["answer"]) >= 4
                    and s["answer"] != "".join(sorted(s["answer"]))]
    assert not any(f'"{word}"' in html or f">{word}<" in html for word in long_answers)  # no answers shipped
    page.screenshot(path=str(ARTIFACTS / "crossword.png"), full_page=True)

    # Select the first across word through its clue, type it (lower case) and check it.
    slot = crossword.slots[0]
    page.click(f"#clue-{slot['key']}")
    assert page.evaluate("document.activeElement.classList.contains('xw-input')")
    page.keyboard.type(slot["answer"].lower())
    assert cell_values(page, slot) == slot["answer"]
    page.click("button[data-action=check][data-scope=word]")
    page.wait_for_selector(".xw-cell--right")
    assert page.locator(".xw-cell--right").count() == slot["length"]
    assert page.locator(".xw-cell--wrong").count() == 0
    page.locator(".xw").screenshot(path=str(ARTIFACTS / "checked.png"))

    # Tab goes to the next word; a wrong letter there is caught by "check cell".
    page.click(f"#clue-{slot['key']}")
    page.keyboard.press("Tab")
    nxt = crossword.slots[1]
    assert page.get_attribute(".xw-clue--active", "data-slot") == nxt["key"]
    first_empty = next(i for i in range(nxt["length"])
                       if page.input_value(f"#xw-{nxt['row'] + (i if nxt['dir'] == 'D' else 0)}-"
                                           f"{nxt['col'] + (i if nxt['dir'] == 'A' else 0)}") == "")
    r = nxt["row"] + (first_empty if nxt["dir"] == "D" else 0)
    c = nxt["col"] + (first_empty if nxt["dir"] == "A" else 0)
    wrong = "Z" if crossword.rows[r][c] != "Z" else "Y"
    page.keyboard.type(wrong)
    page.keyboard.press("Backspace")  # moved on after typing: Backspace on the empty next cell goes back...
    page.keyboard.type(wrong)  # ...and erases it; type it again
    page.click(f"#xw-{r}-{c}")
    page.click("button[data-action=check][data-scope=cell]")
    page.wait_for_selector(f".xw-cell--wrong[data-row='{r}'][data-col='{c}']")

    # Autosave, then a new visit (another device) finds the entries.
    page.wait_for_selector(".xw[data-saved], .xw[data-checked]", state="attached")  # no eval: the CSP forbids it
    page.wait_for_timeout(1200)
    progress = CrosswordProgress.objects.get()
    assert "".join(progress.entries[slot["row"]][slot["col"] + i] for i in range(slot["length"])) == slot["answer"]
    page.reload()
    page.wait_for_selector(".xw-grid")
    assert cell_values(page, slot) == slot["answer"]
    assert page.input_value(f"#xw-{r}-{c}") == wrong

    # Arrow keys and Space: move right along the first word, then switch to down.
    page.click(f"#xw-{slot['row']}-{slot['col']}")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == f"xw-{slot['row']}-{slot['col'] + 1}"

    # Export .ipuz and read it back with the library.
    with page.expect_download() as info:
        page.click("#export-ipuz")
    download = info.value
    target = tmp_path / download.suggested_filename
    download.save_as(str(target))
    assert target.suffix == ".ipuz"
    document = ipuz.read(target.read_text(encoding="utf-8"))
    assert ["".join(row) for row in document["solution"]] == list(crossword.rows)
    assert document["saved"][slot["row"]][slot["col"]] == slot["answer"][0]

    # Reveal the grid: finished, the timer stops, the misses go to the review queue.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button[data-action=reveal][data-scope=grid]")
    page.wait_for_selector(".xw--finished")
    status = page.inner_text("#xw-status")  # tests run in English
    # Completed by a reveal: finished, not solved; only missed words of 4+ letters go to review.
    assert re.match(r"Finished with revealed letters: not counted as solved\.( Missed words of 4 letters or more "
                    r"sent to your review queue: [A-Z]{4})?", status), status
    assert all(len(w) >= 4 for w in CrosswordProgress.objects.get().review_words)
    progress.refresh_from_db()
    assert progress.is_finished and progress.entries == list(crossword.rows)
    page.screenshot(path=str(ARTIFACTS / "revealed.png"), full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the grid fits, no sideways scrolling
    page.reload()
    page.wait_for_selector(".xw-grid")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "crossword-phone.png"), full_page=True)
    assert not errors, errors


def test_in_process_task_progress_then_solver_and_phone_typing(live_server, browser_page, tmp_path, french_words,
                                                               django_user_model, settings, monkeypatch):
    """As with ``make run``: the task runs in a background thread, the page polls its progress, then the
    solver is swapped in by htmx and works; letters from an on-screen keyboard (input events without a
    usable keydown) are accepted and folded."""
    settings.TIRAGE_TASKS_MODE = "thread"
    from puzzles.crosswords import services as crossword_services

    # The build waits until the page has drawn its progress bar: a 9x9 grid can be done before the page's first
    # drawing, which then shows the grid at once and no bar, and the bar's polling would go untested.
    page_drawn = threading.Event()
    build = crossword_services.build_crossword

    def build_once_drawn(*args, **kwargs):
        page_drawn.wait(60)
        return build(*args, **kwargs)

    monkeypatch.setattr(crossword_services, "build_crossword", build_once_drawn)
    page, errors = browser_page
    lexicon = import_word_list(write_words(tmp_path / "fr7.txt", french_words), name="fr7", language="fr").lexicon
    user = django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    from training.lists import services as training_services

    theme = training_services.create_list(user, lexicon, "Thème")
    training_services.add_word(theme, "CHAT")
    base = live_server.url
    log_in_to_crosswords(page, base)
    page.fill("input[name=size]", "9")
    page.select_option("select[name=style]", "us")
    page.select_option("select[name=theme_list]", str(theme.pk))
    page.click("#crossword-form button[type=submit]")
    page.wait_for_url("**/puzzles/crosswords/*/")
    page.wait_for_selector(".task-progress")
    page_drawn.set()
    page.wait_for_selector(".xw-grid", timeout=120_000)  # swapped in once the task says it has finished
    crossword = Crossword.objects.get()
    assert crossword.status == "done" and crossword.theme_words == ["CHAT"]
    assert "CHAT" in page.inner_text("#xw-theme")
    assert page.locator(".task-progress--done").count() == 1

    slot = crossword.slots[0]
    page.click(f"#clue-{slot['key']}")
    first = slot["answer"][0]
    accented = {"E": "é", "A": "â", "C": "ç", "I": "ï", "O": "ô", "U": "û"}.get(first, first.lower())
    page.keyboard.insert_text(accented)  # an input event only, as phones send
    assert page.input_value(f"#xw-{slot['row']}-{slot['col']}") == first
    second = (slot["row"], slot["col"] + 1) if slot["dir"] == "A" else (slot["row"] + 1, slot["col"])
    assert page.evaluate("document.activeElement.id") == f"xw-{second[0]}-{second[1]}"
    page.keyboard.press("Space")  # toggles the direction when the cell has a word the other way
    page.wait_for_selector(".xw[data-saved]", state="attached")
    progress = CrosswordProgress.objects.get()
    assert progress.entries[slot["row"]][slot["col"]] == first
    page.locator(".xw").screenshot(path=str(ARTIFACTS / "crossword-us-9.png"))
    assert not errors, errors


def test_a_15x15_crossword_leaves_its_clues_room_at_1280_and_fits_a_phone(live_server, browser_page, tmp_path,
                                                                        django_user_model):
    """Layout only: a 15x15 grid (a pattern of black squares with letters, stored as a generated crossword
    would be) beside its clues at 1280 px, then at 390 px."""
    from engine.crossword.clues import make_clue
    from engine.crossword.grid import parse_grid

    page, errors = browser_page
    lexicon = import_word_list(write_words(tmp_path / "w.txt", ["CHAT", "CHIEN"]), name="w", language="fr").lexicon
    user = django_user_model.objects.create_user("lea", password="Scrabble-2026-ok")
    pattern = ["....#.....#...." if r % 4 == 3 else "..............." for r in range(15)]
    grid = parse_grid(pattern, "us")
    letters = "ABCDEFGHIJKLMNOPRSTU"
    rows = ["".join("#" if ch == "#" else letters[(r * 7 + c * 3) % len(letters)] for c, ch in enumerate(row))
            for r, row in enumerate(pattern)]
    slots = []
    for slot in grid.slots:
        answer = "".join(rows[r][c] for r, c in slot.cells)
        slots.append({"key": slot.key, "number": slot.number, "dir": slot.direction, "row": slot.row,
                      "col": slot.col, "length": slot.length, "answer": answer, "clue": make_clue(answer)})
    crossword = Crossword.objects.create(owner=user, lexicon=lexicon, size=15, style="us", status="done", rows=rows,
                                         slots=slots)
    base = live_server.url
    log_in_to_crosswords(page, base)
    page.goto(f"{base}/puzzles/crosswords/{crossword.pk}/")
    page.wait_for_selector(".xw-grid")
    clues = page.locator(".xw-clues").bounding_box()
    board = page.locator(".xw-grid").bounding_box()
    assert clues["width"] >= 350, clues  # was ~170 px beside a 15x15 grid
    assert clues["x"] >= board["x"] + board["width"]  # side by side
    assert board["width"] >= 15 * 30  # squares of at least 30 px
    page.screenshot(path=str(ARTIFACTS / "crossword-15x15-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector(".xw-grid")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "crossword-15x15-390.png"), full_page=True)
    assert not errors, errors
