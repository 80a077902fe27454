"""The room and simultané pages in French: every reason a room's result can carry is said in words on the room
page (the script shows it after the close, never the engine's code); a simultané whose game is still being made
says so instead of "0 rounds"; négatifs are written with a true minus sign."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from engine.duplicate import judging
from tests.training.rooms.test_simultanes import moves, play_round, simul, two_rooms, users  # noqa: F401
from training.duplicate.models import DuplicateGame

pytestmark = pytest.mark.django_db

ENGINE = Path(__file__).resolve().parents[3] / "engine"


def engine_refusal_codes() -> set[str]:
    """Every code the engine's play validation refuses with, read from its source (a new code must get words)."""
    codes = set()
    for path in (ENGINE / "scrabble").glob("*.py"):
        codes |= set(re.findall(r'IllegalPlay\(\s*"([a-z_]+)"', path.read_text()))
    return codes


def french_reasons(html: str) -> dict[str, str]:
    found = re.search(r'<script id="room-reasons" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the room page carries no reasons"
    return json.loads(found.group(1))


def test_the_room_page_says_every_refusal_in_french(room):
    client = Client()
    client.force_login(room.host)
    reasons = french_reasons(client.get(f"/training/rooms/{room.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    codes = engine_refusal_codes() | {judging.LATE}
    assert len(codes) > 10 and codes <= set(reasons), codes - set(reasons)
    for code in codes:
        assert reasons[code] and "_" not in reasons[code] and reasons[code] != code, code
    assert reasons["not_in_rack"] == "le tirage n’a pas les lettres qu’il faut à cet endroit"
    assert reasons["invalid_word"] == "un mot formé est absent du lexique"
    assert reasons[judging.LATE] == "rendu après la fin du temps"


def test_a_simultane_page_while_its_game_is_made_then_its_negatifs(simul, two_rooms, alice, bob):  # noqa: F811
    client = Client()
    client.force_login(alice)
    url = f"/training/rooms/simultanes/{simul.pk}/"
    DuplicateGame.objects.filter(pk=simul.game_id).update(status=DuplicateGame.Status.RUNNING, round_count=0)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "partie en préparation" in html and "0 coups" not in html and "/0<" not in html
    DuplicateGame.objects.filter(pk=simul.game_id).update(status=DuplicateGame.Status.DONE,
                                                          round_count=simul.game.rounds.count())
    room_a, _room_b = two_rooms
    top, below = moves(room_a, 1)
    play_round(room_a, {bob: below})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{simul.game.rounds.count()} coups" in html
    ranking = html[html.index('id="combined-ranking"'):]
    assert f"−{top['score'] - below['score']}<" in ranking and f"-{top['score'] - below['score']}<" not in ranking


def test_the_lobby_lists_open_rooms_then_running_then_finished_in_french(rooms_of_every_stage, alice):
    client = Client()
    client.force_login(alice)
    html = client.get("/training/rooms/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    mine = html[html.index('id="my-rooms"'):]
    lines = re.findall(r'<li><a href="/training/rooms/\d+/">([^<]+)</a> <span class="muted">\w+ · ([^<]+)</span>', mine)
    assert [name for name, _status in lines] == rooms_of_every_stage
    assert [status for _name, status in lines] == ["En attente du départ"] * 3 + ["En pause", "En cours"] + [
        "Terminée"] * 3
