"""The coach's pages: "Mon entraîneur", a drill, a puzzle answered without and with htmx; the query budgets."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from tests.training.coach.support import finished_games
from training.coach.models import Drill, PuzzleAnswer
from training.duplicate.selectors import gaddag_of

pytestmark = pytest.mark.django_db

COACH_PAGE_QUERIES = 12
"""Session and user, the games, the aggregate, the missed words, the rating, the lexicons of the drill form,
the navigation: the same for 1 game or 500."""


def test_the_coach_page_shows_the_kinds_the_trend_and_a_drill_per_weakness(alice_client, collante_avoider_games):
    page = alice_client.get(reverse("training:coach"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'id="kind-collante"' in page and 'class="coach-kind coach-kind--weak" id="kind-collante"' in page
    assert page.index('id="kind-collante"') < min(page.index(f'id="kind-{t}"') for t in ("scrabble", "joker"))
    assert 'id="drill-collante"' in page
    assert page.count('class="chart__dot"') == 3
    assert 'id="missed-words"' in page


def test_a_new_player_is_told_what_to_do(alice_client):
    page = alice_client.get(reverse("training:coach")).content.decode()
    assert 'id="coach-empty"' in page


def test_one_click_makes_a_drill_and_a_puzzle_is_solved_on_its_page(alice_client, alice, collante_avoider_games):
    response = alice_client.post(reverse("training:coach-drill-new"), {"tag": "collante"})
    drill = Drill.objects.get(user=alice)
    assert response.status_code == 302 and response["Location"] == reverse("training:coach-drill", args=[drill.pk])
    page = alice_client.get(response["Location"]).content.decode()
    first = drill.items.order_by("order").first().puzzle
    assert reverse("training:coach-puzzle", args=[first.pk]) in page
    puzzle_page = alice_client.get(reverse("training:coach-puzzle", args=[first.pk])).content.decode()
    assert 'id="dup-board"' in puzzle_page and f'data-rack="{first.rack}"' in puzzle_page
    top = next(m for m in generate_moves(gaddag_of(first.lexicon), parse_cgp(first.cgp)) if m.score == first.top_score)
    answered = alice_client.post(reverse("training:coach-answer", args=[first.pk]),
                                 {"word": top.word, "coord": top.coord, "style": "fr"})
    assert answered.status_code == 302
    result = alice_client.get(answered["Location"]).content.decode()
    assert 'id="verdict"' in result and "✓" in result and 'id="next-round"' in result
    assert PuzzleAnswer.objects.get(user=alice).correct


def test_a_refused_answer_keeps_the_puzzle_open_with_the_reason(alice_client, alice, collante_avoider_games):
    alice_client.post(reverse("training:coach-drill-new"), {"tag": "collante"})
    puzzle = Drill.objects.get(user=alice).items.first().puzzle
    url = reverse("training:coach-answer", args=[puzzle.pk])
    htmx = alice_client.post(url, {"word": "ZZZZ", "coord": "H8"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 400 and 'id="play-refused"' in htmx.content.decode()
    plain = alice_client.post(url, {"word": "ZZZZ", "coord": "H8"})
    body = plain.content.decode()
    assert plain.status_code == 400 and 'id="play-refused"' in body and 'value="ZZZZ"' in body
    assert not PuzzleAnswer.objects.exists()


def test_a_hint_with_htmx_changes_only_the_hints(alice_client, alice, collante_avoider_games):
    alice_client.post(reverse("training:coach-drill-new"), {"tag": "collante"})
    puzzle = Drill.objects.get(user=alice).items.first().puzzle
    response = alice_client.post(reverse("training:coach-hint", args=[puzzle.pk]), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and body.lstrip().startswith('<div class="coach-hints" id="hints"')
    assert body.count("<li>") == 1


def test_the_dashboard_shows_the_trend_and_three_weaknesses(alice_client, collante_avoider_games):
    page = alice_client.get(reverse("training:dashboard")).content.decode()
    block = page[page.index('id="coach-block"'):]
    assert 'id="weak-collante"' in block and len(re.findall(r'id="weak-', block)) <= 3
    assert 'class="chart__dot"' in block


def test_the_coach_page_query_count_does_not_grow_with_the_games(alice_client, alice, french_lexicon):
    alice_client.get(reverse("training:coach"))  # the session's and the process's first reads
    counts = []
    for seed in (3, 4):
        finished_games(alice, french_lexicon, seeds=(seed,), habit="no_collante")
        with CaptureQueriesContext(connection) as queries:
            assert alice_client.get(reverse("training:coach"), {"games": 500}).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= COACH_PAGE_QUERIES, counts


def test_staff_read_the_coach_rows_in_the_admin(admin_client, alice, collante_avoider_games):
    from training.coach import services

    services.create_drill(alice, "collante", 1)
    client = admin_client
    for model in ("puzzle", "drill", "puzzlebank", "puzzleanswer"):
        response = client.get(reverse(f"admin:training_{model}_changelist"))
        assert response.status_code == 200, model
    assert "collante" in client.get(reverse("admin:training_drill_changelist")).content.decode()


def test_the_page_draws_the_last_games_and_says_so(alice_client, collante_avoider_games, monkeypatch):
    from training.coach import views

    monkeypatch.setattr(views, "TREND_SHOWN", 2)
    page = alice_client.get(reverse("training:coach")).content.decode()
    assert page.count('class="chart__dot"') == 2 and 'id="trend-cut"' in page
    assert reverse("training:duplicate-review", args=[collante_avoider_games[0].game.pk]) not in page
