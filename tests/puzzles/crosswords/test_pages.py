"""Crossword pages: the request form (and its refusals), the progress and solve page, owners only, French."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from core.models import TaskRun
from puzzles.crosswords import services
from puzzles.crosswords.models import Crossword
from tests.support import without_csrf_tokens

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def crossword(alice, lexicon) -> Crossword:
    return services.start_crossword(alice, lexicon, 5, "fr", seed=3)


def test_anonymous_visitors_are_sent_to_log_in(crossword):
    for url in ("/puzzles/crosswords/", f"/puzzles/crosswords/{crossword.pk}/"):
        response = Client().get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_list_page_shows_the_form_and_the_nav_link(alice, lexicon):
    response = logged_in(alice).get("/puzzles/crosswords/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="crossword-form"' in html and 'name="size"' in html and 'name="style"' in html
    assert 'href="/puzzles/crosswords/"' in html  # the navigation entry (AppConfig.nav_items)
    assert f'<option value="{lexicon.pk}"' in html


def test_generating_from_the_form_redirects_to_the_solver(alice, lexicon):
    client = logged_in(alice)
    response = client.post("/puzzles/crosswords/", {"size": 5, "style": "us", "lexicon": lexicon.pk})
    crossword = Crossword.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/puzzles/crosswords/{crossword.pk}/"
    assert crossword.status == "done" and crossword.style == "us"
    page = client.get(response["Location"]).content.decode()
    assert page.count('class="xw-input"') == sum(ch != "#" for row in crossword.rows for ch in row)
    assert 'id="xw-data"' in page and "/static/js/crossword.js" in page
    assert f"/api/crosswords/{crossword.pk}/export/?format=ipuz" in page


@pytest.mark.parametrize("data, message", [
    ({"size": 2, "style": "fr"}, "2×2 grid is not possible"),
    ({"size": 30, "style": "us"}, "30×30 grid is not possible"),
    ({"size": "", "style": "fr"}, "This field is required"),
    ({"size": 7, "style": "xx"}, "Select a valid choice"),
])
def test_bad_requests_on_the_page_show_the_reason_and_create_nothing(alice, lexicon, data, message):
    response = logged_in(alice).post("/puzzles/crosswords/", {**data, "lexicon": lexicon.pk})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Crossword.objects.count() == 0 and TaskRun.objects.count() == 0


def test_solve_page_never_contains_the_answers(alice, crossword):
    html = logged_in(alice).get(f"/puzzles/crosswords/{crossword.pk}/").content.decode()
    assert '"answer"' not in html
    for slot in crossword.slots:
        assert slot["clue"] in html
        scrambled = "".join(sorted(slot["answer"]))
        if slot["answer"] != scrambled and len(slot["answer"]) >= 3:
            assert f'"{slot["answer"]}"' not in html and f">{slot['answer']}<" not in html


def test_saved_entries_come_back_on_the_page(alice, crossword):
    slot = crossword.slots[0]
    entries = [list(row) for row in services.empty_entries(crossword)]
    for (r, c), letter in zip(services.slot_cells(slot), slot["answer"], strict=True):
        entries[r][c] = letter
    services.save_entries(crossword, alice, ["".join(row) for row in entries], seconds=75)
    html = logged_in(alice).get(f"/puzzles/crosswords/{crossword.pk}/").content.decode()
    r, c = services.slot_cells(slot)[0]
    assert f'value="{slot["answer"][0]}"' in html and f'id="xw-{r}-{c}"' in html
    assert '"seconds": 75' in html


def test_other_users_get_404(crossword, bob):
    client = logged_in(bob)
    assert client.get(f"/puzzles/crosswords/{crossword.pk}/").status_code == 404
    assert client.get(f"/puzzles/crosswords/{crossword.pk}/body/").status_code == 404
    assert client.post(f"/puzzles/crosswords/{crossword.pk}/delete/").status_code == 404
    assert Crossword.objects.filter(pk=crossword.pk).exists()
    assert 'id="my-crosswords"' not in client.get("/puzzles/crosswords/").content.decode()


def test_a_pending_crossword_shows_the_progress_and_polls_for_the_body(alice, lexicon):
    run = TaskRun.objects.create(kind="puzzles.generate_crossword", owner=alice)
    pending = Crossword.objects.create(owner=alice, lexicon=lexicon, size=9, style="us", task_run=run)
    client = logged_in(alice)
    html = client.get(f"/puzzles/crosswords/{pending.pk}/").content.decode()
    assert f'hx-get="/tasks/{run.id}/progress/"' in html
    assert f'hx-get="/puzzles/crosswords/{pending.pk}/body/"' in html and "taskFinished from:body" in html
    body = client.get(f"/puzzles/crosswords/{pending.pk}/body/", HTTP_HX_REQUEST="true").content.decode()
    assert "as soon as it is ready" in body


def test_a_failed_crossword_says_why(alice, lexicon):
    failed = Crossword.objects.create(owner=alice, lexicon=lexicon, size=15, style="us", status="failed",
                                      error="The 15×15 American grid could not be filled with the lexicon x in 30 s")
    html = logged_in(alice).get(f"/puzzles/crosswords/{failed.pk}/").content.decode()
    assert 'role="alert"' in html and "could not be filled with the lexicon x in 30 s" in html


def test_delete_from_the_page(alice, crossword):
    response = logged_in(alice).post(f"/puzzles/crosswords/{crossword.pk}/delete/")
    assert response.status_code == 302 and not Crossword.objects.exists()


def test_the_pages_are_french_by_default(alice, crossword, settings):
    settings.LANGUAGE_CODE = "fr"
    with translation.override("fr"):
        client = logged_in(alice)
        listing = client.get("/puzzles/crosswords/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        solver = client.get(f"/puzzles/crosswords/{crossword.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        bad = client.post("/puzzles/crosswords/", {"size": 40, "style": "fr", "lexicon": crossword.lexicon_id},
                          HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Nouvelle grille" in listing and "Générer" in listing
    assert "Horizontalement" in solver and "Verticalement" in solver and "Vérifier" in solver
    data = json.loads(solver.split('<script id="xw-data" type="application/json">')[1].split("</script>")[0])
    assert data["strings"]["solved"] == "Résolu en {time}\u00a0!"  # the solver script's messages, translated here
    assert "Une grille de 40×40 n’est pas possible" in bad


@pytest.mark.parametrize(("language", "grouped"), [("fr", "\u202f"), ("en", ",")])
def test_counts_on_the_crossword_list_are_grouped_by_thousands(alice, crossword, monkeypatch, settings, language,
                                                               grouped):
    """1 234 theme words and the stats (the list's and the training dashboard's), grouped like every count of the
    site (a narrow no-break space in French)."""
    from puzzles.crosswords import views

    Crossword.objects.filter(pk=crossword.pk).update(theme_words=[f"MOT{i}" for i in range(1234)])
    monkeypatch.setattr(views.selectors, "crossword_summary", lambda user: {
        "started": 12345, "finished": 3579, "solved": 2345, "revealed": 1234, "clean": 1001, "seconds": 0,
        "words_sent_to_review": 4321})
    client = logged_in(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get("/puzzles/crosswords/").content.decode()
    for number in ("1234", "12345", "2345", "1001", "4321"):
        assert number not in without_csrf_tokens(html)
    assert f'id="stat-solved">2{grouped}345<' in html and f"12{grouped}345" in html and f"1{grouped}234" in html
    assert f'id="stat-clean">1{grouped}001<' in html and f'id="stat-review">4{grouped}321<' in html
    assert (f"1{grouped}234 mots thèmes" if language == "fr" else f"1{grouped}234 theme words") in html
    dashboard = client.get("/training/").content.decode()  # the crosswords' figures on the training dashboard
    assert f"12{grouped}345" in dashboard and f"4{grouped}321" in dashboard and "12345" not in dashboard
