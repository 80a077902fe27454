"""Lists shared by link (read-only for another signed-in learner, who may copy them) and lists as text:
export, then import with every refused line reported by its number and kept (nothing lost); in pages
and through the API."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.support import api_for
from training.lists import services
from training.lists.models import RevisionList

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_list(alice, small_lexicon):
    revision_list = services.create_list(alice, small_lexicon, "Mes 8", "Les huit de la semaine")
    services.add_word(revision_list, "BACCARAT", "T")
    services.add_word(revision_list, "PRIVATIF", "7")  # the second I: written as a position
    services.add_word(revision_list, "DATAIS", "S")
    return revision_list


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# --- text ----------------------------------------------------------------------------------------------

def test_export_writes_each_word_with_its_support_and_import_reads_it_back(alice, bob, alice_list, small_lexicon):
    text = services.export_text(alice_list)
    lines = text.splitlines()
    assert lines[0] == "# Tirage: Mes 8 (small)" and lines[1] == "# Les huit de la semaine"
    assert lines[-3:] == ["BACCARAT:T", "PRIVATIF 7", "DATAIS:S"]
    copy = services.create_list(bob, small_lexicon, "Copie")
    outcome = services.add_words_bulk(copy, text)
    assert outcome.refused == [] and [(e.word, e.support_index) for e in copy.entries.all()] == [
        (e.word, e.support_index) for e in alice_list.entries.all()]


def test_import_reports_bad_lines_by_number_and_keeps_them(alice_list):
    text = "# my list\nSENTIER:S\n\nXYZZY\nRETINES:Q\nTOO MANY WORDS\nBACCARAT:T\n"
    outcome = services.add_words_bulk(alice_list, text)
    assert [e.word for e in outcome.added] == ["SENTIER"] and outcome.duplicates == ["BACCARAT"]
    assert [(r.number, r.line) for r in outcome.refused] == [(4, "XYZZY"), (5, "RETINES:Q"), (6, "TOO MANY WORDS")]
    assert outcome.remaining_text == "XYZZY\nRETINES:Q\nTOO MANY WORDS"  # nothing lost
    assert outcome.refused[0].to_json()["line_number"] == 4


def test_a_file_that_is_not_text_is_refused_in_words(alice_list):
    with pytest.raises(services.EntryError, match="not a text file in UTF-8"):
        services.read_import_file(SimpleUploadedFile("liste.txt", b"\xff\xfe\x00B\x00A"))
    with pytest.raises(services.EntryError, match="Choose a text file"):
        services.read_import_file(None)
    assert services.read_import_file(SimpleUploadedFile("l.txt", "\ufeffÉTÉ:T\n".encode())) == "ÉTÉ:T\n"


# --- pages ---------------------------------------------------------------------------------------------

def test_share_by_link_read_only_copy_and_stop(alice, bob, alice_list):
    owner = logged_in(alice)
    response = owner.post(f"/training/lists/{alice_list.pk}/share/", {"share": "on"}, follow=True)
    alice_list.refresh_from_db()
    token = alice_list.share_token
    assert token and f"/training/shared/{token}/" in response.content.decode()
    assert "La liste est partagée" in text_of(response)
    owner.post(f"/training/lists/{alice_list.pk}/share/", {"share": "on"})
    alice_list.refresh_from_db()
    assert alice_list.share_token == token  # sharing again keeps the link

    reader = logged_in(bob)
    page = reader.get(f"/training/shared/{token}/")
    assert page.status_code == 200
    text = text_of(page)
    assert "Une liste partagée par alice · lexique small · 3 mots" in text and "I (7)" in text  # PRIVATIF
    assert "Copier dans mes listes" in text and "Supprimer" not in text  # read-only
    assert reader.get(f"/training/lists/{alice_list.pk}/").status_code == 404  # the list itself stays hers
    assert reader.post(f"/training/lists/{alice_list.pk}/words/", {"word": "DAIS"}).status_code == 404
    exported = reader.get(f"/training/shared/{token}/export.txt")
    assert exported["Content-Type"].startswith("text/plain") and "BACCARAT:T" in exported.content.decode()

    copied = reader.post(f"/training/shared/{token}/copy/")
    copy = RevisionList.objects.get(owner=bob)
    assert copied.status_code == 302 and copied["Location"] == f"/training/lists/{copy.pk}/"
    assert copy.copied_from == alice_list and copy.entries.count() == 3 and copy.share_token is None

    owner.post(f"/training/lists/{alice_list.pk}/share/", {"share": "off"})
    assert reader.get(f"/training/shared/{token}/").status_code == 404
    assert reader.post(f"/training/shared/{token}/copy/").status_code == 404
    assert Client().get(f"/training/shared/{token}/").status_code == 302  # signed-in learners only


def test_import_page_adds_the_good_lines_and_reports_the_bad_ones(alice, alice_list):
    owner = logged_in(alice)
    upload = SimpleUploadedFile("mots.txt", b"# liste\nSENTIER:S\nXYZZY\nRETINES 9\n")
    response = owner.post(f"/training/lists/{alice_list.pk}/import/", {"file": upload})
    assert response.status_code == 400  # something was refused
    text = text_of(response)
    assert "1 mot ajouté." in text and "Ligne 3 :" in text and "Ligne 4 :" in text
    assert re.search(r"<textarea[^>]*>\s*XYZZY\nRETINES 9</textarea>", response.content.decode())  # kept
    assert alice_list.entries.filter(word="SENTIER").exists()
    refused = owner.post(f"/training/lists/{alice_list.pk}/import/", {"file": SimpleUploadedFile("x.txt", b"\xff\xfe")})
    assert refused.status_code == 400 and "n’est pas un fichier texte en UTF-8" in text_of(refused)
    export = owner.get(f"/training/lists/{alice_list.pk}/export.txt")
    assert 'filename="Mes-8.txt"' in export["Content-Disposition"] and "SENTIER:S" in export.content.decode()


# --- API -----------------------------------------------------------------------------------------------

def test_the_api_shares_reads_copies_exports_and_imports(alice, bob, alice_list):
    owner, reader = api_for(alice), api_for(bob)
    assert owner.get(f"/api/lists/{alice_list.pk}/share/").status_code == 404
    shared = owner.post(f"/api/lists/{alice_list.pk}/share/").json()
    assert shared["url"].endswith(f"/training/shared/{shared['token']}/")
    assert owner.get(f"/api/lists/{alice_list.pk}/share/").json() == shared
    assert reader.post(f"/api/lists/{alice_list.pk}/share/").status_code == 404  # not his

    body = reader.get(f"/api/lists/shared/{shared['token']}/").json()
    assert body["owner"] == "alice" and body["name"] == "Mes 8"
    assert [(e["word"], e["support_letter"], e["support_position"]) for e in body["entries"]] == [
        ("BACCARAT", "T", 8), ("PRIVATIF", "I", 7), ("DATAIS", "S", 6)]
    assert "BACCARAT:T" in reader.get(f"/api/lists/shared/{shared['token']}/export/").content.decode()
    copy = reader.post(f"/api/lists/shared/{shared['token']}/copy/")
    assert copy.status_code == 201 and copy.json()["entry_count"] == 3

    imported = owner.post(f"/api/lists/{alice_list.pk}/import/",
                          {"text": "SENTIER:S\n\nXYZZY\n"}, format="json").json()
    assert [e["word"] for e in imported["added"]] == ["SENTIER"]
    assert [(r["line_number"], r["line"]) for r in imported["refused"]] == [(3, "XYZZY")]
    assert imported["remaining_text"] == "XYZZY"
    upload = SimpleUploadedFile("m.txt", b"RETINES:R\n")
    by_file = owner.post(f"/api/lists/{alice_list.pk}/import/", {"file": upload}, format="multipart").json()
    assert [e["word"] for e in by_file["added"]] == ["RETINES"]
    bad = owner.post(f"/api/lists/{alice_list.pk}/import/", {"file": SimpleUploadedFile("b.txt", b"\xff")},
                     format="multipart")
    assert bad.status_code == 400 and "UTF-8" in bad.json()["detail"]
    assert owner.get(f"/api/lists/{alice_list.pk}/export/").content.decode().endswith("RETINES:R\n")

    assert owner.delete(f"/api/lists/{alice_list.pk}/share/").status_code == 204
    assert reader.get(f"/api/lists/shared/{shared['token']}/").status_code == 404


@pytest.mark.parametrize("share", ["on", "off"])
def test_sharing_a_list_deleted_meanwhile_is_a_404_in_words(alice, alice_list, share, monkeypatch):
    """The owner deletes the list in one tab while another tab shares or unshares it: the row read at the start
    of the request is gone when the token is written (the race, made certain here)."""
    from training.lists import selectors, views

    read = selectors.get_own_list

    def read_then_deleted(user, list_id):
        found = read(user, list_id)
        RevisionList.objects.filter(pk=found.pk).delete()
        return found

    monkeypatch.setattr(views.selectors, "get_own_list", read_then_deleted)
    response = logged_in(alice).post(f"/training/lists/{alice_list.pk}/share/", {"share": share},
                                     HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    assert not RevisionList.objects.filter(pk=alice_list.pk).exists()


def test_the_api_unshares_a_list_deleted_meanwhile_with_a_404(alice, alice_list, monkeypatch):
    from training.lists import apis

    read = apis.selectors.get_own_list

    def read_then_deleted(user, list_id):
        found = read(user, list_id)
        RevisionList.objects.filter(pk=found.pk).delete()
        return found

    monkeypatch.setattr(apis.selectors, "get_own_list", read_then_deleted)
    response = api_for(alice).delete(f"/api/lists/{alice_list.pk}/share/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404 and "introuvable" in response.json()["detail"]
