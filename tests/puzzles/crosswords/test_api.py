"""The crossword REST API: the issue's paths and JSON keys, owners only (404), bad input (400), not-ready
crosswords (409), answers never sent before a check or a reveal, exports re-read with their libraries."""

from __future__ import annotations

import json

import ipuz
import puz
import pytest
from rest_framework.test import APIClient

from core.models import TaskRun
from lexicon.services import import_word_list
from puzzles.crosswords import selectors, services
from puzzles.crosswords.models import BLACK, Crossword, CrosswordProgress, MissesList
from tests.support import api_for
from training.lists import services as training_services
from training.lists.models import ReviewCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def crossword(alice, lexicon) -> Crossword:
    made = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    assert made.status == Crossword.Status.DONE, made.error
    return made


def solution(cw: Crossword) -> list[str]:
    return list(cw.rows)


def empty(cw: Crossword) -> list[str]:
    return ["".join("#" if ch == "#" else "." for ch in row) for row in cw.rows]


def with_letter(rows: list[str], r: int, c: int, letter: str) -> list[str]:
    out = [list(row) for row in rows]
    out[r][c] = letter
    return ["".join(row) for row in out]


def first_white(cw: Crossword) -> tuple[int, int]:
    return next((r, c) for r, row in enumerate(cw.rows) for c, ch in enumerate(row) if ch != BLACK)


def wrong_letter(answer: str) -> str:
    return "Z" if answer != "Z" else "Y"


# --- Generate -------------------------------------------------------------------------------------------

def test_post_returns_202_with_crossword_and_task_and_get_hides_the_answers(alice, lexicon):
    client = api_for(alice)
    response = client.post("/api/crosswords/", {"lexicon": lexicon.pk, "size": 5, "style": "fr", "seed": 11},
                           format="json")
    assert response.status_code == 202, response.json()
    body = response.json()
    assert set(body) == {"crossword", "task"}
    task = client.get(f"/api/tasks/{body['task']}/").json()
    assert task["state"] == "done" and task["progress"] == 100
    detail = client.get(f"/api/crosswords/{body['crossword']}/")
    assert detail.status_code == 200
    data = detail.json()
    cw = Crossword.objects.get(pk=body["crossword"])
    assert data["status"] == "done" and (data["width"], data["height"]) == (5, 5)
    assert data["grid"] == empty(cw) and data["entries"] == empty(cw)
    assert data["progress"] is None
    assert {s["key"] for s in data["slots"]} == {s["key"] for s in cw.slots}
    assert "answer" not in detail.content.decode() and all("answer" not in s for s in data["slots"])
    # Every clue is the curated definition or the sorted letters with the length (no definitions here).
    answers = {s["key"]: s["answer"] for s in cw.slots}
    for slot in data["slots"]:
        word = answers[slot["key"]]
        assert slot["clue"] == f"{''.join(sorted(word))} ({len(word)})"
        assert slot["length"] == len(word)
    # The stored grid is a real fill: every slot's answer is written in the rows and is a lexicon word.
    for slot in cw.slots:
        cells = services.slot_cells(slot)
        assert "".join(cw.rows[r][c] for r, c in cells) == slot["answer"]
    assert [c["id"] for c in client.get("/api/crosswords/").json()] == [cw.pk]


@pytest.mark.parametrize("payload, message", [
    ({"size": 2, "style": "fr"}, "between 3 and 21"),
    ({"size": 22, "style": "us"}, "between 3 and 21"),
    ({"size": -5, "style": "us"}, "between 3 and 21"),
    ({"size": "big", "style": "fr"}, "whole number"),
    ({"size": 7.5, "style": "fr"}, "whole number"),
    ({"size": True, "style": "fr"}, "whole number"),
    ({"size": 7, "style": "uk"}, "Unknown style"),
    ({"size": 7, "style": ["fr"]}, "Unknown style"),
])
def test_impossible_size_or_unknown_style_is_400_and_creates_nothing(alice, lexicon, payload, message):
    response = api_for(alice).post("/api/crosswords/", {"lexicon": lexicon.pk, **payload}, format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert Crossword.objects.count() == 0 and TaskRun.objects.count() == 0


def test_missing_or_unknown_lexicon_is_400(alice, lexicon):
    client = api_for(alice)
    assert client.post("/api/crosswords/", {"size": 5, "style": "fr"}, format="json").status_code == 400
    response = client.post("/api/crosswords/", {"lexicon": 99999, "size": 5, "style": "fr"}, format="json")
    assert response.status_code == 400 and "lexicon" in response.json()
    assert Crossword.objects.count() == 0


def test_theme_words_from_a_revision_list_are_placed(alice, lexicon):
    theme = training_services.create_list(alice, lexicon, "Thème")
    for word in ("CHAT", "LOUP", "RENARD"):
        training_services.add_word(theme, word)
    response = api_for(alice).post("/api/crosswords/", {"lexicon": lexicon.pk, "size": 7, "style": "fr",
                                                        "seed": 5, "theme_list": theme.pk}, format="json")
    assert response.status_code == 202, response.json()
    cw = Crossword.objects.get(pk=response.json()["crossword"])
    assert cw.status == "done", cw.error
    assert set(cw.theme_words) == {"CHAT", "LOUP", "RENARD"}
    answers = {s["answer"] for s in cw.slots}
    placed = api_for(alice).get(f"/api/crosswords/{cw.pk}/").json()["theme_placed"]
    assert placed and set(placed) <= {"CHAT", "LOUP", "RENARD"} and set(placed) <= answers
    assert sorted(placed) == sorted(w for w in cw.theme_words if w in answers)


def test_theme_list_of_someone_else_is_404_and_of_another_lexicon_or_too_long_is_400(alice, bob, lexicon, tmp_path):
    bobs = training_services.create_list(bob, lexicon, "Bob")
    training_services.add_word(bobs, "CHAT")
    client = api_for(alice)
    payload = {"lexicon": lexicon.pk, "size": 5, "style": "fr"}
    assert client.post("/api/crosswords/", {**payload, "theme_list": bobs.pk}, format="json").status_code == 404
    other = import_word_list(_words(tmp_path, ["chat", "chien", "loup"]), name="autre", language="fr").lexicon
    foreign = training_services.create_list(alice, other, "Autre")
    training_services.add_word(foreign, "CHAT")
    response = client.post("/api/crosswords/", {**payload, "theme_list": foreign.pk}, format="json")
    assert response.status_code == 400 and "lexicon" in response.json()["detail"]
    long_words = training_services.create_list(alice, lexicon, "Longs")
    training_services.add_word(long_words, "RENARDS")
    response = client.post("/api/crosswords/", {**payload, "size": 4, "theme_list": long_words.pk}, format="json")
    assert response.status_code == 400 and "fits a 4×4 grid" in response.json()["detail"]
    assert Crossword.objects.count() == 0


def _words(tmp_path, words: list[str]):
    path = tmp_path / "tiny.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def test_a_lexicon_that_cannot_fill_the_grid_fails_with_reasons_in_words(alice, tmp_path, settings):
    settings.TIRAGE_CROSSWORD_SECONDS = 5
    tiny = import_word_list(_words(tmp_path, ["chat", "chien", "loup", "louve", "renard"]), name="tiny",
                            language="fr").lexicon
    client = api_for(alice)
    response = client.post("/api/crosswords/", {"lexicon": tiny.pk, "size": 7, "style": "us", "seed": 1},
                           format="json")
    assert response.status_code == 202
    cw = Crossword.objects.get(pk=response.json()["crossword"])
    assert cw.status == "failed"
    assert cw.error.startswith("The 7×7 American grid could not be filled with the lexicon tiny")
    assert "4 attempts" in cw.error and "try a smaller size" in cw.error
    assert "no word of the lexicon fits slot" in cw.error or "no fill exists" in cw.error
    task = client.get(f"/api/tasks/{response.json()['task']}/").json()
    assert task["state"] == "failed" and task["error"] == cw.error
    data = client.get(f"/api/crosswords/{cw.pk}/").json()
    assert data["status"] == "failed" and data["error"] == cw.error and data["grid"] == []


# --- Owners only --------------------------------------------------------------------------------------

def test_another_user_gets_404_everywhere_and_anonymous_is_refused(crossword, bob):
    client = api_for(bob)
    base = f"/api/crosswords/{crossword.pk}"
    assert client.get(f"{base}/").status_code == 404
    assert client.put(f"{base}/entries/", {"entries": empty(crossword)}, format="json").status_code == 404
    assert client.post(f"{base}/check/", {"scope": "grid"}, format="json").status_code == 404
    assert client.get(f"{base}/export/?format=ipuz").status_code == 404
    assert client.delete(f"{base}/").status_code == 404
    assert client.get("/api/crosswords/").json() == []
    assert client.get("/api/crosswords/99999/").status_code == 404
    assert APIClient().get(f"{base}/").status_code in (401, 403)
    assert not CrosswordProgress.objects.exists()
    assert Crossword.objects.filter(pk=crossword.pk).exists()


def test_token_auth_works(crossword, alice):
    from rest_framework.authtoken.models import Token

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    assert client.get(f"/api/crosswords/{crossword.pk}/").status_code == 200


# --- Entries ------------------------------------------------------------------------------------------------

def test_entries_are_saved_and_restored_and_the_timer_only_goes_forward(crossword, alice):
    client = api_for(alice)
    r, c = first_white(crossword)
    typed = with_letter(empty(crossword), r, c, crossword.rows[r][c].lower())
    saved = client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": typed, "seconds": 50}, format="json")
    assert saved.status_code == 200, saved.json()
    expected = with_letter(empty(crossword), r, c, crossword.rows[r][c])  # lower case folded to upper
    assert saved.json()["entries"] == expected and saved.json()["seconds"] == 50
    client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": expected, "seconds": 30}, format="json")
    again = api_for(alice).get(f"/api/crosswords/{crossword.pk}/").json()  # another device
    assert again["entries"] == expected and again["progress"]["seconds"] == 50
    assert again["progress"]["finished"] is False


def test_accented_letters_are_folded(crossword, alice):
    r, c = first_white(crossword)
    answer = crossword.rows[r][c]
    accented = {"E": "é", "A": "à", "C": "ç", "U": "ù", "I": "î", "O": "ô"}.get(answer, answer.lower())
    response = api_for(alice).put(f"/api/crosswords/{crossword.pk}/entries/",
                                  {"entries": with_letter(empty(crossword), r, c, accented)}, format="json")
    assert response.status_code == 200 and response.json()["entries"][r][c] == answer


@pytest.mark.parametrize("mutate, message", [
    (lambda rows: rows[:-1], "must have 5 rows"),
    (lambda rows: rows + ["....."], "must have 5 rows"),
    (lambda rows: [rows[0] + "."] + rows[1:], "Row 1 must have 5 cells"),
    (lambda rows: "not a list", "list of rows"),
    (lambda rows: [1, 2, 3, 4, 5], "list of rows"),
])
def test_entries_of_the_wrong_shape_are_400_and_lose_nothing(crossword, alice, mutate, message):
    client = api_for(alice)
    r, c = first_white(crossword)
    good = with_letter(empty(crossword), r, c, crossword.rows[r][c])
    client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": good}, format="json")
    response = client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": mutate(empty(crossword))},
                          format="json")
    assert response.status_code == 400 and message in response.json()["detail"]
    assert CrosswordProgress.objects.get().entries == good


def test_unknown_letters_and_letters_on_black_cells_are_400(crossword, alice):
    client = api_for(alice)
    r, c = first_white(crossword)
    for bad in ("1", "Ω", "*", "ß"):
        response = client.put(f"/api/crosswords/{crossword.pk}/entries/",
                              {"entries": with_letter(empty(crossword), r, c, bad)}, format="json")
        assert response.status_code == 400, bad
        assert f"Row {r + 1}, column {c + 1}" in response.json()["detail"] and "not a letter" in response.json()["detail"]
    br, bc = next((r, c) for r, row in enumerate(crossword.rows) for c, ch in enumerate(row) if ch == BLACK)
    response = client.put(f"/api/crosswords/{crossword.pk}/entries/",
                          {"entries": with_letter(empty(crossword), br, bc, "A")}, format="json")
    assert response.status_code == 400 and "black cell" in response.json()["detail"]
    response = client.put(f"/api/crosswords/{crossword.pk}/entries/",
                          {"entries": empty(crossword), "seconds": -3}, format="json")
    assert response.status_code == 400 and "Seconds" in response.json()["detail"]
    assert not CrosswordProgress.objects.filter(entries__isnull=False).exclude(entries=[]).exclude(
        entries=empty(crossword)).exists()


def test_a_crossword_without_a_grid_yet_is_409(alice, lexicon):
    pending = Crossword.objects.create(owner=alice, lexicon=lexicon, size=5, style="fr")
    client = api_for(alice)
    base = f"/api/crosswords/{pending.pk}"
    assert client.get(f"{base}/").json()["status"] == "pending"
    assert client.put(f"{base}/entries/", {"entries": ["....."] * 5}, format="json").status_code == 409
    assert client.post(f"{base}/check/", {"scope": "grid"}, format="json").status_code == 409
    assert client.get(f"{base}/export/?format=ipuz").status_code == 409
    assert not CrosswordProgress.objects.exists()


# --- Check and reveal ---------------------------------------------------------------------------------------

def test_check_grid_marks_right_wrong_and_empty_without_sending_answers(crossword, alice):
    client = api_for(alice)
    slot = crossword.slots[0]
    (r1, c1), (r2, c2) = services.slot_cells(slot)[:2]
    entries = with_letter(empty(crossword), r1, c1, crossword.rows[r1][c1])
    entries = with_letter(entries, r2, c2, wrong_letter(crossword.rows[r2][c2]))
    response = client.post(f"/api/crosswords/{crossword.pk}/check/", {"scope": "grid", "entries": entries},
                           format="json")
    assert response.status_code == 200, response.json()
    data = response.json()
    states = {(cell["row"], cell["col"]): cell["state"] for cell in data["cells"]}
    assert states[(r1, c1)] == "right" and states[(r2, c2)] == "wrong"
    whites = sum(ch != BLACK for row in crossword.rows for ch in row)
    assert (data["right"], data["wrong"], data["empty"]) == (1, 1, whites - 2)
    assert all("letter" not in cell for cell in data["cells"])
    assert data["solved"] is False and data["progress"]["checks"] == 1
    assert slot["key"] in data["progress"]["missed"]
    assert data["progress"]["entries"] == entries  # the entries sent along were saved


def test_check_a_cell_and_a_word(crossword, alice):
    client = api_for(alice)
    slot = crossword.slots[-1]
    r, c = services.slot_cells(slot)[0]
    entries = with_letter(empty(crossword), r, c, crossword.rows[r][c])
    cell = client.post(f"/api/crosswords/{crossword.pk}/check/",
                       {"scope": "cell", "row": r, "col": c, "entries": entries}, format="json").json()
    assert cell["cells"] == [{"row": r, "col": c, "state": "right"}]
    word = client.post(f"/api/crosswords/{crossword.pk}/check/", {"scope": "word", "slot": slot["key"].lower()},
                       format="json").json()
    assert len(word["cells"]) == slot["length"] and word["right"] == 1 and word["empty"] == slot["length"] - 1
    assert word["progress"]["missed"] == []  # empty cells are not mistakes


@pytest.mark.parametrize("payload, message", [
    ({"scope": "row"}, "Unknown scope"),
    ({"scope": "word", "slot": "99Z"}, "no word"),
    ({"scope": "word"}, "no word"),
    ({"scope": "cell", "row": 0}, "row and column"),
    ({"scope": "cell", "row": 0, "col": 40}, "outside the grid"),
    ({"scope": "cell", "row": "a", "col": 0}, "row and column"),
    ({"scope": "cell", "row": 1.5, "col": 0}, "row and column"),  # not rounded to row 1
    ({"scope": "cell", "row": 0, "col": True}, "row and column"),
    ({"scope": "cell", "row": "1e3", "col": 0}, "row and column"),
    ({"scope": "cell", "row": 10 ** 30, "col": 0}, "outside the grid"),
    ({"scope": "grid", "entries": ["#"]}, "must have 5 rows"),
])
def test_bad_check_requests_are_400(crossword, alice, payload, message):
    response = api_for(alice).post(f"/api/crosswords/{crossword.pk}/check/", payload, format="json")
    assert response.status_code == 400 and message in response.json()["detail"]


def test_check_on_a_black_cell_is_400(crossword, alice):
    br, bc = next((r, c) for r, row in enumerate(crossword.rows) for c, ch in enumerate(row) if ch == BLACK)
    response = api_for(alice).post(f"/api/crosswords/{crossword.pk}/check/",
                                   {"scope": "cell", "row": br, "col": bc}, format="json")
    assert response.status_code == 400 and "black cell" in response.json()["detail"]


def test_reveal_a_word_writes_its_answer_and_counts(crossword, alice):
    client = api_for(alice)
    slot = crossword.slots[0]
    response = client.post(f"/api/crosswords/{crossword.pk}/check/",
                           {"scope": "word", "slot": slot["key"], "reveal": True}, format="json")
    data = response.json()
    assert "".join(cell["letter"] for cell in data["cells"]) == slot["answer"]
    assert {cell["state"] for cell in data["cells"]} == {"revealed"}
    assert data["progress"]["reveals"] == 1 and slot["key"] in data["progress"]["missed"]
    saved = client.get(f"/api/crosswords/{crossword.pk}/").json()["entries"]
    assert "".join(saved[r][c] for r, c in services.slot_cells(slot)) == slot["answer"]


# --- Finishing and the review queue ------------------------------------------------------------------------

def test_typing_every_answer_finishes_cleanly_and_counts_in_progress(crossword, alice):
    client = api_for(alice)
    response = client.put(f"/api/crosswords/{crossword.pk}/entries/",
                          {"entries": solution(crossword), "seconds": 95}, format="json")
    assert response.status_code == 200 and response.json()["finished"] is True
    assert response.json()["review_words"] == []
    assert not MissesList.objects.exists()
    summary = selectors.crossword_summary(alice)
    assert summary == {"started": 1, "finished": 1, "solved": 1, "revealed": 0, "clean": 1, "seconds": 95,
                       "words_sent_to_review": 0}
    assert response.json()["solved"] is True
    # The timer stops at the end.
    client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": solution(crossword), "seconds": 500},
               format="json")
    assert CrosswordProgress.objects.get().seconds == 95


def test_missed_words_go_to_the_review_queue(crossword, alice):
    client = api_for(alice)
    slot = crossword.slots[0]
    r, c = services.slot_cells(slot)[0]
    wrong = with_letter(solution(crossword), r, c, wrong_letter(crossword.rows[r][c]))
    check = client.post(f"/api/crosswords/{crossword.pk}/check/", {"scope": "cell", "row": r, "col": c,
                                                                  "entries": wrong}, format="json").json()
    assert check["cells"][0]["state"] == "wrong" and check["solved"] is False
    missed = set(check["progress"]["missed"])
    assert slot["key"] in missed
    done = client.put(f"/api/crosswords/{crossword.pk}/entries/", {"entries": solution(crossword)},
                      format="json").json()
    assert done["finished"] is True
    answers = {s["key"]: s["answer"] for s in crossword.slots}
    expected = {answers[k] for k in missed if 4 <= len(answers[k]) <= 8}  # the words worth training
    assert set(done["review_words"]) == expected
    link = MissesList.objects.get(owner=alice, lexicon=crossword.lexicon)
    words = set(link.revision_list.entries.values_list("word", flat=True))
    assert words == expected
    assert ReviewCard.objects.filter(owner=alice, entry__word__in=expected).count() == len(expected)
    summary = selectors.crossword_summary(alice)
    assert summary["finished"] == 1 and summary["clean"] == 0 and summary["words_sent_to_review"] == len(expected)


def test_a_word_missed_again_is_reviewed_as_forgotten(alice, lexicon):
    first = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    second = services.start_crossword(alice, lexicon, 5, "fr", seed=3)  # same seed: same grid
    assert first.rows == second.rows
    client = api_for(alice)
    for cw in (first, second):
        client.post(f"/api/crosswords/{cw.pk}/check/", {"scope": "grid", "reveal": True}, format="json")
    assert CrosswordProgress.objects.filter(finished_at__isnull=False).count() == 2
    link = MissesList.objects.get(owner=alice, lexicon=lexicon)
    card = ReviewCard.objects.filter(entry__revision_list=link.revision_list).first()
    assert card.reviews == 1 and card.lapses == 0  # added by the first, reviewed "Again" by the second (still
    # being learned: no lapse, as FSRS counts them)
    assert link.revision_list.entries.count() == len({s["answer"] for s in first.slots if 4 <= len(s["answer"]) <= 8})


def test_reveal_grid_finishes_and_sends_every_unfound_word(crossword, alice):
    client = api_for(alice)
    slot = crossword.slots[0]
    entries = empty(crossword)
    for r, c in services.slot_cells(slot):
        entries = with_letter(entries, r, c, crossword.rows[r][c])
    data = client.post(f"/api/crosswords/{crossword.pk}/check/",
                       {"scope": "grid", "reveal": True, "entries": entries}, format="json").json()
    # Completed by a reveal: finished, never solved.
    assert data["solved"] is False and data["finished"] is True and data["just_finished"] is True
    assert data["progress"]["finished"] is True and data["progress"]["solved"] is False
    assert data["progress"]["entries"] == solution(crossword)
    missed = set(data["progress"]["missed"])
    # Every slot with an unfound cell is missed; the one fully typed, sharing no unfound cell... may be
    # crossed by others, but its own cells were right, so it is missed only if another slot's reveal
    # is not on its cells (cells are what count).
    for s in crossword.slots:
        unfound = any(entries[r][c] != crossword.rows[r][c] for r, c in services.slot_cells(s))
        assert (s["key"] in missed) == unfound
    assert set(data["progress"]["review_words"]) == {s["answer"] for s in crossword.slots
                                                     if s["key"] in missed and 4 <= len(s["answer"]) <= 8}
    assert all(len(w) >= 4 for w in data["progress"]["review_words"])  # no flood of 2- and 3-letter words
    assert {x["word"] for x in data["progress"]["review_skipped"]} >= {
        s["answer"] for s in crossword.slots if s["key"] in missed and len(s["answer"]) < 4}
    summary = selectors.crossword_summary(alice)
    assert (summary["finished"], summary["solved"], summary["revealed"], summary["clean"]) == (1, 0, 1, 0)


def test_delete(crossword, alice):
    assert api_for(alice).delete(f"/api/crosswords/{crossword.pk}/").status_code == 204
    assert not Crossword.objects.exists()


# --- Export --------------------------------------------------------------------------------------------------

def test_ipuz_export_is_read_back_by_the_ipuz_library(crossword, alice):
    client = api_for(alice)
    r, c = first_white(crossword)
    client.put(f"/api/crosswords/{crossword.pk}/entries/",
               {"entries": with_letter(empty(crossword), r, c, crossword.rows[r][c])}, format="json")
    response = client.get(f"/api/crosswords/{crossword.pk}/export/?format=ipuz")
    assert response.status_code == 200
    assert f'filename="tirage-crossword-{crossword.pk}.ipuz"' in response["Content-Disposition"]
    document = ipuz.read(response.content.decode("utf-8"))
    assert document["dimensions"] == {"width": 5, "height": 5}
    assert ["".join(row) for row in document["solution"]] == list(crossword.rows)
    numbers = {(s["row"], s["col"]): s["number"] for s in crossword.slots}
    for r2, row in enumerate(document["puzzle"]):
        for c2, value in enumerate(row):
            expected = "#" if crossword.rows[r2][c2] == "#" else numbers.get((r2, c2), 0)
            assert value == expected
    across = [[s["number"], s["clue"]] for s in crossword.slots if s["dir"] == "A"]
    down = [[s["number"], s["clue"]] for s in crossword.slots if s["dir"] == "D"]
    assert document["clues"] == {"Across": across, "Down": down}
    assert document["saved"][r][c] == crossword.rows[r][c]
    blank = ipuz.read(client.get(f"/api/crosswords/{crossword.pk}/export/?format=ipuz&solution=0").content.decode())
    assert "solution" not in blank and blank["puzzle"] == document["puzzle"]


def test_puz_export_is_read_back_by_puzpy(crossword, alice):
    client = api_for(alice)
    response = client.get(f"/api/crosswords/{crossword.pk}/export/?format=puz")
    assert response.status_code == 200 and response["Content-Type"] == "application/x-crossword"
    p = puz.load(response.content)
    assert (p.width, p.height) == (5, 5) and p.version.startswith(b"1.3")  # Across Lite's Latin-1 version
    assert p.solution == "".join(row.replace("#", ".") for row in crossword.rows)
    numbering = p.clue_numbering()
    by_key = {f"{s['number']}A": s["clue"] for s in crossword.slots if s["dir"] == "A"}
    by_key.update({f"{s['number']}D": s["clue"] for s in crossword.slots if s["dir"] == "D"})
    assert {f"{c['num']}A": c["clue"] for c in numbering.across} | {f"{c['num']}D": c["clue"]
                                                                    for c in numbering.down} == by_key
    assert p.check_answers("".join(row.replace("#", ".") for row in crossword.rows))
    locked = puz.load(client.get(f"/api/crosswords/{crossword.pk}/export/?format=puz&solution=0").content)
    assert locked.is_solution_locked() and locked.solution != p.solution


@pytest.mark.parametrize("query, message", [("format=pdf", "Unknown export format"), ("", "Unknown export format"),
                                            ("format=ipuz&solution=yes", "solution must be")])
def test_bad_export_requests_are_400(crossword, alice, query, message):
    response = api_for(alice).get(f"/api/crosswords/{crossword.pk}/export/?{query}")
    assert response.status_code == 400 and message in response.json()["detail"]


def test_clues_use_curated_definitions(alice, lexicon, staff_definition):
    cw = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    defined = [s for s in cw.slots if s["defined"]]
    assert defined and all(s["clue"] == staff_definition[s["answer"]] for s in defined)
    exported = json.loads(api_for(alice).get(f"/api/crosswords/{cw.pk}/export/?format=ipuz").content)
    assert [defined[0]["number"], defined[0]["clue"]] in exported["clues"]["Across" if defined[0]["dir"] == "A"
                                                                          else "Down"]
    # "—" is not Latin-1: the .puz file switches to version 2.0 (UTF-8) and keeps the clue intact.
    p = puz.load(api_for(alice).get(f"/api/crosswords/{cw.pk}/export/?format=puz").content)
    assert p.version.startswith(b"2.0")
    assert staff_definition[defined[0]["answer"]] in p.clues


@pytest.fixture
def staff_definition(lexicon, alice):
    """Definitions for every word of the seed-3 5×5 grid (found by generating it once), set like curators do."""
    from lexicon.models import Definition

    probe = services.start_crossword(alice, lexicon, 5, "fr", seed=3)
    texts = {s["answer"]: f"Définition de {s['answer'].lower()} — « test »" for s in probe.slots[:2]}
    for word, text in texts.items():
        Definition.objects.create(lexicon=lexicon, word=word, text=text)
    probe.delete()
    return texts


def test_every_crossword_endpoint_is_in_the_schema(alice):
    schema = api_for(alice).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/crosswords/", "/api/crosswords/{crossword_id}/", "/api/crosswords/{crossword_id}/entries/",
                 "/api/crosswords/{crossword_id}/check/", "/api/crosswords/{crossword_id}/export/"):
        assert path in schema["paths"], path
    assert "put" in schema["paths"]["/api/crosswords/{crossword_id}/entries/"]
    assert "202" in schema["paths"]["/api/crosswords/"]["post"]["responses"]


def test_a_crossword_whose_task_died_is_reported_failed(alice, lexicon, settings):
    import datetime as dt

    from django.utils import timezone

    run = TaskRun.objects.create(kind="puzzles.generate_crossword", owner=alice, state="running")
    TaskRun.objects.filter(pk=run.pk).update(
        updated_at=timezone.now() - dt.timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 60))  # past the grace
    stuck = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="us", status="running", task_run=run)
    data = api_for(alice).get(f"/api/crosswords/{stuck.pk}/").json()
    assert data["status"] == "failed" and "stopped answering" in data["error"]
    stuck.refresh_from_db()
    assert stuck.status == "failed" and stuck.finished_at is not None


def test_a_crossword_whose_task_is_alive_keeps_waiting(alice, lexicon):
    run = TaskRun.objects.create(kind="puzzles.generate_crossword", owner=alice, state="running")
    waiting = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="us", status="running", task_run=run)
    assert api_for(alice).get(f"/api/crosswords/{waiting.pk}/").json()["status"] == "running"


def test_a_learner_cannot_queue_more_than_three_generations(alice, bob, lexicon):
    for _ in range(services.MAX_UNFINISHED):
        Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="us", status="pending")
    payload = {"lexicon": lexicon.pk, "size": 5, "style": "fr"}
    response = api_for(alice).post("/api/crosswords/", payload, format="json")
    assert response.status_code == 429 and "already have 3 crosswords being generated" in response.json()["detail"]
    assert Crossword.objects.filter(owner=alice).count() == services.MAX_UNFINISHED
    assert api_for(bob).post("/api/crosswords/", payload, format="json").status_code == 202  # per learner
    Crossword.objects.filter(owner=alice).update(status="failed")
    assert api_for(alice).post("/api/crosswords/", payload, format="json").status_code == 202
