"""Duplicate pages for game files and French conventions: "rejouer une partie" (a file replayed, a malformed
one refused with its line and nothing stored), the game sheet and the export links, the rack as announced
with "rejet", tournament scoring on the page, négatif and solos in the ranking, the lexicon and its version."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from engine.duplicate import make_game
from engine.duplicate.records import record_from_game, write_record
from tests.engine.duplicate.test_game import GADDAG
from tests.training.duplicate.conftest import SEED
from training.duplicate.models import DuplicateGame, DuplicateRound

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_alice(client, alice):
    client.force_login(alice)
    return client


def finish(client, game) -> None:
    while not DuplicateGame.objects.get(pk=game.pk).players.filter(finished_at__isnull=False).exists():
        client.get(f"/training/duplicate/{game.pk}/")
        client.post(f"/training/duplicate/{game.pk}/validate/")


def test_replay_a_game_from_a_file_upload(client_alice, dup_lexicon):
    page = client_alice.get("/training/duplicate/import/")
    assert page.status_code == 200 and "Rejouer une partie" in page.content.decode()
    assert "/training/duplicate/import/" in client_alice.get("/training/duplicate/").content.decode()
    made = make_game(GADDAG, SEED, "classic")
    upload = SimpleUploadedFile("partie.txt", write_record(record_from_game(made), "eliot").encode())
    response = client_alice.post("/training/duplicate/import/", {
        "format": "eliot", "file": upload, "lexicon": dup_lexicon.pk, "variant": "classic", "timer": "0"})
    game = DuplicateGame.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/training/duplicate/{game.pk}/"
    assert game.source == "imported" and game.status == "done" and game.timer_seconds is None
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert "Partie rejouée d’après un fichier" in html and "Tirage\u00a0:" in html


def test_a_malformed_file_is_refused_on_the_page_with_its_line(client_alice, dup_lexicon):
    text = write_record(record_from_game(make_game(GADDAG, SEED, "classic")), "eliot")
    lines = text.splitlines()
    fields = lines[3].split()
    lines[3] = lines[3].replace(f" {fields[-3]} ", f" {int(fields[-3]) + 5} ", 1)
    response = client_alice.post("/training/duplicate/import/", {
        "format": "eliot", "text": "\n".join(lines), "lexicon": dup_lexicon.pk, "variant": "classic",
        "timer": "180"})
    html = response.content.decode()
    assert response.status_code == 400 and "Ligne 4\u00a0:" in html and "sur la grille" in html
    assert not DuplicateGame.objects.exists()
    # the same file uploaded: refused the same way, and its text is put in the box to correct the line named
    upload = SimpleUploadedFile("partie.txt", "\n".join(lines).encode())
    response = client_alice.post("/training/duplicate/import/", {
        "format": "eliot", "file": upload, "lexicon": dup_lexicon.pk, "variant": "classic", "timer": "180"})
    html = response.content.decode()
    assert response.status_code == 400 and "Ligne 4\u00a0:" in html
    assert response.context["form"]["text"].value() == "\n".join(lines) and lines[3] in html
    empty = client_alice.post("/training/duplicate/import/", {"format": "eliot", "text": " ",
                                                              "lexicon": dup_lexicon.pk, "variant": "classic",
                                                              "timer": "180"})
    assert empty.status_code == 400 and "Choisissez un fichier" in empty.content.decode()
    empty_file = client_alice.post("/training/duplicate/import/", {
        "format": "eliot", "file": SimpleUploadedFile("vide.txt", b""), "lexicon": dup_lexicon.pk,
        "variant": "classic", "timer": "180"})
    html = empty_file.content.decode()  # one message for one mistake: the file is empty
    assert empty_file.status_code == 400 and "Le fichier soumis est vide." in html and "Choisissez un fichier" not in html


def test_the_play_page_shows_the_rack_as_announced_and_a_rejected_draw(client_alice, game):
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    first = game.rounds.get(number=1)
    assert 'id="announced"' in html and first.rack in html.replace("+", "").replace("-", "")
    assert "Lexique\u00a0: dup-small" in html
    # a round whose last draw was put back says "rejet"
    DuplicateRound.objects.filter(pk=first.pk).update(rejected=["AEIOUAE"])
    html = client_alice.get(f"/training/duplicate/{game.pk}/").content.decode()
    assert 'id="rejected-draw"' in html and "rejet" in html and f"-{first.rack}" in html


def test_the_game_sheet_and_exports_open_after_the_game(client, bob, game):
    game.visibility = DuplicateGame.Visibility.PUBLIC
    game.save(update_fields=["visibility"])
    client.force_login(bob)
    early = client.get(f"/training/duplicate/{game.pk}/sheet/")
    assert early.status_code == 302
    finish(client, game)
    sheet = client.get(f"/training/duplicate/{game.pk}/sheet/")
    html = sheet.content.decode()
    assert sheet.status_code == 200 and "Feuille de partie" in html and 'id="game-sheet"' in html
    for r in game.rounds.all():
        assert r.top["word"] in html and r.top["coord"] in html
    assert str(game.top_total) in html  # the running total ends at the sum of the tops
    for fmt in ("eliot", "eliot-xml", "gcg"):
        assert f"/api/duplicate/games/{game.pk}/export/?format={fmt}" in html
    review = client.get(f"/training/duplicate/{game.pk}/review/").content.decode()
    # the sheet does not link to itself; the review links to it
    assert f'href="/training/duplicate/{game.pk}/sheet/"' not in html
    assert f'href="/training/duplicate/{game.pk}/sheet/"' in review
    assert "Négatif\u00a0:" in review and "Sous-top" in review and "export/?format=eliot" in review
    ranking = client.get(f"/training/duplicate/{game.pk}/ranking/").content.decode()
    assert "Négatif" in ranking and "Solos" in ranking


def test_tournament_scoring_on_the_page(client_alice, dup_lexicon):
    client_alice.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "classic", "timer": "180",
                                               "tournament": "on"})
    game = DuplicateGame.objects.get()
    assert game.tournament
    client_alice.get(f"/training/duplicate/{game.pk}/")
    feedback = client_alice.post(f"/training/duplicate/{game.pk}/play/", {"word": "ZZ", "coord": "H8", "round": "1"},
                                 HTTP_HX_REQUEST="true")
    html = feedback.content.decode()
    assert feedback.status_code == 200 and "Coup reçu" in html and "points" not in html
    result = client_alice.post(f"/training/duplicate/{game.pk}/validate/")
    page = client_alice.get(result["Location"]).content.decode()
    assert "Votre coup vaut 0" in page and "ZZ" in page


def test_tournament_validate_with_an_invalid_play_in_the_fields_ends_the_round_at_0(client_alice, dup_lexicon):
    client_alice.post("/training/duplicate/", {"lexicon": dup_lexicon.pk, "variant": "classic", "timer": "180",
                                               "tournament": "on"})
    game = DuplicateGame.objects.get()
    client_alice.get(f"/training/duplicate/{game.pk}/")
    response = client_alice.post(f"/training/duplicate/{game.pk}/validate/", {"word": "ZZ", "coord": "H8",
                                                                              "round": "1"})
    assert response.status_code == 302 and response["Location"].endswith(f"/{game.pk}/rounds/1/")
    page = client_alice.get(response["Location"]).content.decode()
    assert "Votre coup vaut 0" in page
