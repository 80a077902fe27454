"""The query budget of a duplicate round played through the API (read the round, play, validate): the
counts are pinned, the same on the first round and on a later one. Figures: ``bench/pages.py``."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db

# Token and its owner's language, the game, the player, then the work (validation and the next round's
# opening in one transaction: BEGIN/COMMIT and savepoints count here).
BUDGET = {"round": 6, "play": 6, "validate": 20}


def test_a_duplicate_round_stays_within_its_query_budget(alice, game):
    api = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    base = f"/api/duplicate/games/{game.pk}/rounds/current/"
    counts = []
    for round_ in game.rounds.order_by("number")[:3]:
        api.get(base)  # the round's clock starts on its first reading
        seen = {}
        for step, method, path, body in (("round", "get", base, None),
                                         ("play", "post", base + "play/", {"word": round_.top["word"],
                                                                            "coord": round_.top["coord"]}),
                                         ("validate", "post", base + "validate/", {})):
            with CaptureQueriesContext(connection) as queries:
                response = (api.get(path) if method == "get"
                            else api.post(path, body, content_type="application/json"))
            assert response.status_code == 200, response.content
            seen[step] = len(queries)
        counts.append(seen)
    assert all(seen[step] <= BUDGET[step] for seen in counts for step in BUDGET), counts
    assert counts[1] == counts[2]  # no query per past round
