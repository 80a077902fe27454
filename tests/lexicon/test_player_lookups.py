"""Lookups for players, pages and API: hooks and definitions in word checks, blanks shown and grouped in
anagrams, '*' in patterns."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lexicon.services import set_definition
from tests.support import api_for

pytestmark = pytest.mark.django_db


def test_check_api_gives_hooks_and_definition(lexicon, staff):
    set_definition(lexicon, "CHAT", "Petit félin", user=staff)
    body = api_for().get(f"/api/lexicons/{lexicon.pk}/check/?words=chat,loup,xyz,l'eau").json()
    chat, loup, xyz, leau = body["results"]
    assert (chat["word"], chat["valid"], chat["front"], chat["back"], chat["definition"]) == (
        "CHAT", True, "E", "S", "Petit félin")  # ECHAT, CHATS
    assert (loup["front"], loup["back"], loup["definition"]) == ("", "S", None)
    assert (xyz["valid"], xyz["front"], xyz["back"], xyz["definition"]) == (False, "", "", None)
    assert leau["valid"] is False and leau["error"] == "“'” is not a letter of the alphabet"
    assert body["all_valid"] is False and set(chat) >= {"text", "word", "valid", "error"}


def test_check_page_shows_hooks_and_definition(client, lexicon, staff):
    set_definition(lexicon, "CHAT", "Petit félin", user=staff)
    body = client.get(reverse("lexicon-lookup", args=[lexicon.pk]), {"tool": "check", "words": "chat rien"}).content.decode()
    assert "Petit félin" in body
    assert '<span class="hook-letters" title="front hooks">E</span>·<strong>CHAT</strong>·' in body
    assert "E before" in body and "S after" in body and "no hook" in body  # RIEN has none here


def test_anagrams_api_shows_blanks_and_groups(lexicon):
    body = api_for().get(f"/api/lexicons/{lexicon.pk}/anagrams/", {"letters": "CHIE?"}).json()
    assert body["words"] == ["CHIEN"] and body["tiles"] == ["CHIEn"]
    assert body["groups"] == [{"added": "N", "words": ["CHIEN"], "tiles": ["CHIEn"]}]
    body = api_for().get(f"/api/lexicons/{lexicon.pk}/anagrams/", {"letters": "LOU?", "min_length": 3}).json()
    assert body["words"] == ["LOUP"] and body["groups"] == [{"added": "P", "words": ["LOUP"], "tiles": ["LOUp"]}]
    plain = api_for().get(f"/api/lexicons/{lexicon.pk}/anagrams/?letters=ANE").json()
    assert plain["groups"] is None and plain["tiles"] == ["ANE"]
    two = api_for().get(f"/api/lexicons/{lexicon.pk}/anagrams/", {"letters": "CH??", "min_length": 4}).json()
    assert {g["added"]: g["words"] for g in two["groups"]} == {"AT": ["CHAT"]}


def test_anagrams_page_marks_blank_letters(client, lexicon):
    body = client.get(reverse("lexicon-lookup", args=[lexicon.pk]),
                      {"tool": "anagrams", "letters": "CHAT?", "min_length": "4"}).content.decode()
    assert '<span class="anagram-group-letter">—</span>' in body  # CHAT uses no blank
    assert '<span class="anagram-group-letter">+S</span>' in body
    assert 'CHAT<span class="blank-letter">s</span>' in body
    assert '<span class="blank-letter">e</span>CHAT' in body


def test_pattern_with_star_api_and_page(client, lexicon):
    body = api_for().get(f"/api/lexicons/{lexicon.pk}/pattern/", {"q": "*S"}).json()
    assert body["words"] == ["ANES", "CHATS", "LOUPS", "CHIENS"] and body["count"] == 4
    assert api_for().get(f"/api/lexicons/{lexicon.pk}/pattern/", {"q": "C*N*"}).json()["words"] == ["CHIEN", "CHIENS"]
    bad = api_for().get(f"/api/lexicons/{lexicon.pk}/pattern/", {"q": "A#*"})
    assert bad.status_code == 400 and "neither a letter" in bad.json()["detail"]
    page = client.get(reverse("lexicon-lookup", args=[lexicon.pk]), {"tool": "pattern", "q": "*IEN"}).content.decode()
    assert "CHIEN" in page and "RIEN" in page
