"""The crossword lab: drawn, random and imported grids, several lexicons, the algorithm choice, the
comparison task and its table, in the services, the pages and the API; owners only; bad input refused
with the reason and nothing created."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from engine.crossword import parse_grid
from lexicon.services import import_word_list
from puzzles.crosswords.models import Crossword
from puzzles.lab import services
from puzzles.lab.models import FillComparison
from tests.support import api_for, write_words

pytestmark = pytest.mark.django_db

OPEN_5 = "...../.#.#./...../.#.#./....."


def blacks(rows) -> int:
    return sum(row.count("#") for row in rows)


# --- Grids ------------------------------------------------------------------------------------------------

def test_grid_text_and_01_files_read_the_same_grid():
    assert services.read_lab_grid(OPEN_5, "fr") == [".....", ".#.#.", ".....", ".#.#.", "....."]
    assert services.read_lab_grid("00000\n01010\n00000\n01010\n00000\n", "fr", "01") == services.read_lab_grid(OPEN_5, "fr")
    assert services.read_lab_grid("ab...\n.#.#.\n.....", "fr") == ["AB...", ".#.#.", "....."]


@pytest.mark.parametrize(("text", "fmt", "style", "message"), [
    ("000\n0x0\n000\n", "01", "fr", "line 2: unknown character “x”"),
    ("000\n00\n000\n", "01", "fr", "ragged grid: line 2"),
    ("...\n.?.\n...\n", "text", "fr", "row 2, column 2: unknown character “?”"),
    ("\n".join(["." * 22] * 3), "text", "fr", "3×22 grid is not possible"),
    ("\n".join(["." * 26] * 3), "text", "fr", "line 1: 26 cells"),
    ("\n".join(["..."] * 22), "text", "fr", "3 and 21"),
    ("..\n..\n", "text", "fr", "3 and 21"),
    ("#...\n....\n....\n....\n", "text", "us", "symmetric"),
    ("...\n.#.\n...\n", "text", "us", "letter(s)"),
    ("", "text", "fr", "empty"),
    ("000", "csv", "fr", "Unknown grid format"),
])
def test_bad_grids_are_refused_with_the_place(text, fmt, style, message):
    with pytest.raises(services.LabInputError, match=message.replace("?", r"\?").replace("(", r"\(").replace(")", r"\)")):
        services.read_lab_grid(text, style, fmt)


def test_random_grid_has_exactly_the_black_cells_asked_for():
    rows = services.random_lab_grid(7, 11, 10, "fr", seed=4)
    assert (len(rows), len(rows[0]), blacks(rows)) == (7, 11, 10)
    parse_grid(rows, "fr")
    us = services.random_lab_grid("13", "13", "21", "us", seed=5)
    assert blacks(us) == 21 and all(us[r][c] == us[12 - r][12 - c] for r in range(13) for c in range(13))


@pytest.mark.parametrize(("args", "message"), [
    ((9, 9, "many", "fr"), "black cells must be a whole number"),
    ((9, 9, 2.5, "fr"), "black cells must be a whole number"),
    ((2, 9, 1, "fr"), "between 3 and 21"),
    ((9, 11, 4, "us"), "square"),
    ((15, 15, 40, "us"), "between 0 and 37"),
    ((9, 9, 3, "xx"), "Unknown style"),
])
def test_impossible_random_grids_are_refused(args, message):
    with pytest.raises(services.CrosswordInputError, match=message):
        services.random_lab_grid(*args)


# --- Lexicons, solving, comparing --------------------------------------------------------------------------

@pytest.fixture
def english_lexicon(tmp_path):
    return import_word_list(write_words(tmp_path / "en.txt", ["CAT", "DOG", "TEA"]), name="en3", language="en").lexicon


@pytest.fixture
def second_lexicon(tmp_path):
    """A tiny French lexicon holding the only word that fits the test grid's prefilled letters."""
    return import_word_list(write_words(tmp_path / "extra.txt", ["ZYXWV"]), name="extra", language="fr").lexicon


def test_lexicons_of_another_language_are_refused(alice, lexicon, english_lexicon):
    with pytest.raises(services.LabInputError, match="not in the language"):
        services.start_lab_crossword(alice, lexicon, OPEN_5, "fr", extra_lexicons=[english_lexicon])
    assert not Crossword.objects.exists()


def test_a_drawn_grid_is_filled_from_the_union_of_the_lexicons_as_a_crossword(alice, lexicon, second_lexicon):
    grid = "ZYXWV/.#.#./...../.#.#./....."
    crossword = services.start_lab_crossword(alice, lexicon, grid, "fr", extra_lexicons=[second_lexicon],
                                        algorithm="fc-cbj", seed=2)
    assert crossword.status == Crossword.Status.DONE, crossword.error
    assert crossword.algorithm == "fc-cbj" and crossword.pattern[0] == "ZYXWV"
    assert crossword.rows[0] == "ZYXWV"
    assert [row.replace("#", "").isalpha() for row in crossword.rows] == [True] * 5
    assert ["".join("#" if ch == "#" else "." for ch in row) for row in crossword.rows][1] == ".#.#."


def test_without_the_second_lexicon_the_drawn_grid_fails_in_words(alice, lexicon):
    crossword = services.start_lab_crossword(alice, lexicon, "ZYXWV/.#.#./...../.#.#./.....", "fr", seed=2)
    assert crossword.status == Crossword.Status.FAILED
    assert "Your grid could not be filled" in crossword.error and "1ADZYXWV" not in crossword.error


def test_rectangular_drawn_grid_is_solvable_like_a_generated_one(alice, lexicon):
    crossword = services.start_lab_crossword(alice, lexicon, "...#.../......./...#...", "fr", seed=1)
    assert crossword.status == Crossword.Status.DONE, crossword.error
    assert (crossword.height, crossword.width) == (3, 7)
    response = api_for(alice).get(f"/api/crosswords/{crossword.pk}/")
    assert response.status_code == 200
    assert response.json()["grid"] == ["...#...", ".......", "...#..."]


def test_comparison_fills_the_grid_with_each_algorithm(alice, lexicon):
    comparison = services.start_comparison(alice, lexicon, OPEN_5, "fr", algorithms=["bt", "fc", "mac"], seeds=2,
                                      time_limit=10)
    comparison.refresh_from_db()
    assert comparison.status == FillComparison.Status.DONE, comparison.error
    assert [row["algorithm"] for row in comparison.table] == ["bt", "fc", "mac"]
    for row in comparison.table:
        assert row["runs"] == 2 and row["solved"] + row["unsolvable"] + row["timeouts"] == 2
        assert row["solved"] == 2, row
        assert row["median_time"] >= 0 and row["median_nodes"] >= 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"algorithms": []}, "at least one algorithm"),
    ({"algorithms": ["fc", "quick"]}, "Unknown algorithm"),
    ({"seeds": 0}, "Between 1 and 5 seeds"),
    ({"seeds": "x"}, "must be numbers"),
    ({"time_limit": 100}, "between 0.5 and 30"),
])
def test_bad_comparisons_create_nothing(alice, lexicon, kwargs, message):
    with pytest.raises(services.LabInputError, match=message):
        services.start_comparison(alice, lexicon, OPEN_5, "fr", **kwargs)
    assert not FillComparison.objects.exists()


# --- Pages ------------------------------------------------------------------------------------------------

def _post(client, lexicon, **fields):
    data = {"grid": OPEN_5.replace("/", "\n"), "style": "fr", "rows": 9, "cols": 9, "blocks": 12,
            "file_format": "text", "lexicon": lexicon.pk, "algorithm": "mac", "algorithms": ["fc", "mac"],
            "seeds": 1, "time_limit": 5}
    data.update(fields)
    return client.post("/puzzles/lab/", data)


def test_lab_page_shows_the_editor_and_a_starting_grid(client, alice, lexicon):
    client.force_login(alice)
    response = client.get("/puzzles/lab/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="lab-editor"' in html and 'name="grid"' in html and "js/lab.js" in html
    assert blacks(response.context["form"].initial["grid"].splitlines()) == 12


def test_random_and_blank_actions_replace_the_grid(client, alice, lexicon):
    client.force_login(alice)
    response = _post(client, lexicon, action="random", rows=7, cols=9, blocks=8)
    assert response.status_code == 200
    rows = response.context["form"].data["grid"].splitlines()
    assert (len(rows), len(rows[0]), blacks(rows)) == (7, 9, 8)
    response = _post(client, lexicon, action="blank", rows=4, cols=6)
    assert response.context["form"].data["grid"].splitlines() == ["......"] * 4


def test_import_reads_a_01_file_and_reports_bad_lines(client, alice, lexicon):
    client.force_login(alice)
    good = SimpleUploadedFile("g.txt", b"000\n010\n000\n", content_type="text/plain")
    response = _post(client, lexicon, action="import", file=good, file_format="01")
    assert response.status_code == 200
    assert response.context["form"].data["grid"].splitlines() == ["...", ".#.", "..."]
    bad = SimpleUploadedFile("g.txt", b"000\n0a0\n000\n", content_type="text/plain")
    response = _post(client, lexicon, action="import", file=bad, file_format="01")
    assert response.status_code == 400
    assert "line 2: unknown character “a”" in response.content.decode()
    binary = SimpleUploadedFile("g.txt", b"\xff\xfe\x00", content_type="text/plain")
    response = _post(client, lexicon, action="import", file=binary, file_format="01")
    assert response.status_code == 400 and "UTF-8" in response.content.decode()
    response = _post(client, lexicon, action="import")
    assert response.status_code == 400 and "Choose a grid file" in response.content.decode()


def test_export_sends_the_grid_file(client, alice, lexicon):
    client.force_login(alice)
    response = _post(client, lexicon, action="export", file_format="01")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="grille-01.txt"'
    assert response.content.decode() == "00000\n01010\n00000\n01010\n00000\n"


def test_solve_action_makes_a_crossword_and_compare_a_table(client, alice, lexicon):
    client.force_login(alice)
    response = _post(client, lexicon, action="solve")
    assert response.status_code == 302
    crossword = Crossword.objects.get(owner=alice)
    assert response["Location"] == f"/puzzles/crosswords/{crossword.pk}/"
    assert crossword.status == Crossword.Status.DONE and crossword.pattern == services.read_lab_grid(OPEN_5, "fr")
    response = _post(client, lexicon, action="compare")
    comparison = FillComparison.objects.get(owner=alice)
    assert response.status_code == 302 and response["Location"] == f"/puzzles/lab/comparisons/{comparison.pk}/"
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="comparison-table"' in html and "(fc)" in html and "(mac, " in html


def test_bad_grid_in_the_page_is_shown_under_the_grid_and_nothing_is_made(client, alice, lexicon):
    client.force_login(alice)
    response = _post(client, lexicon, action="solve", grid="..\n...\n")
    assert response.status_code == 400
    assert "ragged grid" in response.content.decode()
    assert not Crossword.objects.exists()


def test_someone_elses_comparison_is_a_404(client, alice, bob, lexicon):
    comparison = services.start_comparison(alice, lexicon, OPEN_5, "fr", algorithms=["mac"], seeds=1)
    client.force_login(bob)
    assert client.get(f"/puzzles/lab/comparisons/{comparison.pk}/").status_code == 404
    assert client.get(f"/puzzles/lab/comparisons/{comparison.pk}/body/").status_code == 404
    assert api_for(bob).get(f"/api/crosswords/lab/comparisons/{comparison.pk}/").status_code == 404


def test_lab_pages_need_a_login(client):
    assert client.get("/puzzles/lab/").status_code == 302
    assert api_for().post("/api/crosswords/lab/random/", {}, format="json").status_code in (401, 403)


# --- API --------------------------------------------------------------------------------------------------

def test_api_random_grid_and_grid_check(alice):
    client = api_for(alice)
    response = client.post("/api/crosswords/lab/random/", {"rows": 9, "cols": 9, "blocks": 12, "style": "fr",
                                                          "seed": 3}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["blocks"] == 12 and len(body["grid"]) == 9 and body["zero_one"].count("1") == 12
    response = client.post("/api/crosswords/lab/grid/", {"grid": body["zero_one"], "format": "01"}, format="json")
    assert response.status_code == 200 and response.json()["grid"] == body["grid"]
    response = client.post("/api/crosswords/lab/grid/", {"grid": "000\n0b0\n000", "format": "01"}, format="json")
    assert response.status_code == 400 and "line 2" in response.json()["detail"]
    # Well-formed (the schema allows it) but refused by the style's rules: 422, in words.
    response = client.post("/api/crosswords/lab/random/", {"rows": 15, "cols": 15, "blocks": 100, "style": "us"},
                           format="json")
    assert response.status_code == 422 and "black cells" in response.json()["detail"]
    response = client.post("/api/crosswords/lab/random/", {"rows": 9, "cols": 11, "blocks": 4, "style": "us"},
                           format="json")
    assert response.status_code == 422 and response.json()["detail"]
    response = client.post("/api/crosswords/lab/grid/", {"grid": ".#.\n###\n..."}, format="json")
    assert response.status_code == 422 and response.json()["detail"]
    # Out of the schema (a side past 21, a ragged grid): 400.
    response = client.post("/api/crosswords/lab/random/", {"rows": 30, "cols": 9, "blocks": 1}, format="json")
    assert response.status_code == 400
    response = client.post("/api/crosswords/lab/grid/", {"grid": "...\n..\n..."}, format="json")
    assert response.status_code == 400


def test_the_grid_patterns_say_which_grid_texts_read():
    import re

    from puzzles.lab.serializers import TEXT_GRID_PATTERN, ZERO_ONE_GRID_PATTERN
    from puzzles.lab.services import LabInputError, LabRuleError, read_lab_grid

    text, zero_one = re.compile(TEXT_GRID_PATTERN), re.compile(ZERO_ONE_GRID_PATTERN)
    for grid in ("...\n.#.\n...", ".É.\r\nA#b\r\n...\n", ".../.#./...", "." * 21 + ("\n" + "." * 21) * 20):
        assert text.search(grid), grid
        read_lab_grid(grid, "fr")
    for grid in ("..\n..\n..", "....\n...\n...", "...\n...", "...\n.Æ.\n...", ".. \n...\n...", "." * 22 + "\n..."):
        assert not text.search(grid), grid
        with pytest.raises(LabInputError) as refused:
            read_lab_grid(grid, "fr")
        assert not isinstance(refused.value, LabRuleError), grid
    assert zero_one.search("000\n010\n000") and not zero_one.search("000\n0#0\n000")
    assert read_lab_grid("000\n010\n000", "fr", "01") == ["...", ".#.", "..."]


def test_api_solve_and_compare(alice, lexicon, second_lexicon):
    client = api_for(alice)
    response = client.post("/api/crosswords/lab/solve/", {
        "lexicon": lexicon.pk, "lexicons": [second_lexicon.pk], "grid": "ZYXWV/.#.#./...../.#.#./.....",
        "algorithm": "fc", "seed": 1}, format="json")
    assert response.status_code == 202, response.json()
    crossword = Crossword.objects.get(pk=response.json()["crossword"])
    assert crossword.status == Crossword.Status.DONE and crossword.rows[0] == "ZYXWV"
    response = client.post("/api/crosswords/lab/comparisons/", {
        "lexicon": lexicon.pk, "grid": OPEN_5, "algorithms": ["fc-cbj", "mac"], "seeds": 1, "time_limit": 5},
        format="json")
    assert response.status_code == 202, response.json()
    detail = client.get(f"/api/crosswords/lab/comparisons/{response.json()['comparison']}/").json()
    assert detail["status"] == "done" and [r["algorithm"] for r in detail["table"]] == ["fc-cbj", "mac"]
    assert detail["grid"] == services.read_lab_grid(OPEN_5, "fr")
    listing = client.get("/api/crosswords/lab/comparisons/").json()
    assert [c["id"] for c in listing] == [detail["id"]]


@pytest.mark.parametrize(("body", "status"), [
    ({"grid": "..", "algorithm": "mac"}, 400),
    ({"grid": OPEN_5, "algorithm": "quick"}, 400),
    ({"grid": OPEN_5, "format": "xml"}, 400),
    ({"grid": OPEN_5, "theme_list": 999999}, 404),
])
def test_api_solve_bad_input(alice, lexicon, body, status):
    response = api_for(alice).post("/api/crosswords/lab/solve/", {"lexicon": lexicon.pk, **body}, format="json")
    assert response.status_code == status
    assert not Crossword.objects.exists()


@pytest.mark.parametrize("body", [
    {"grid": OPEN_5, "algorithms": ["fc", "nope"]},
    {"grid": OPEN_5, "seeds": 9},
    {"grid": OPEN_5, "time_limit": 0},
    {"grid": "0x", "format": "01"},
])
def test_api_compare_bad_input(alice, lexicon, body):
    response = api_for(alice).post("/api/crosswords/lab/comparisons/", {"lexicon": lexicon.pk, **body}, format="json")
    assert response.status_code == 400
    assert not FillComparison.objects.exists()


@pytest.mark.parametrize(("language", "grouped"), [("fr", "\u202f"), ("en", ",")])
def test_the_comparison_table_groups_its_counts_by_thousands(client, settings, alice, lexicon, language, grouped):
    from django.urls import reverse

    comparison = services.start_comparison(alice, lexicon, OPEN_5, "fr", algorithms=["fc"], seeds=1, time_limit=10)
    FillComparison.objects.filter(pk=comparison.pk).update(table=[{
        "algorithm": "fc", "runs": 1200, "solved": 1100, "unsolvable": 1050, "timeouts": 1001, "median_time": 0.5,
        "median_backtracks": 23456.0, "median_nodes": 1234567.0}])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(alice)
    html = client.get(reverse("puzzles:lab-comparison", args=[comparison.pk])).content.decode()
    g = grouped
    assert f"<td>1{g}100/1{g}200</td>" in html and f"<td>1{g}050</td>" in html and f"<td>1{g}001</td>" in html
    assert f"<td>23{g}456</td>" in html and f"<td>1{g}234{g}567</td>" in html
