"""The diagnosis: per kind of top, the rounds, the tops found and the points lost, over the player's games."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.coach import TAGS
from training.coach import selectors

pytestmark = pytest.mark.django_db


def expected(games, tag: str) -> tuple[int, int, int]:
    """(rounds, found, lost) of ``tag`` counted by hand from what the player did."""
    rows = [(top, mine) for played in games for top, mine, tags in played.rounds if tag in tags]
    return len(rows), sum(1 for top, mine in rows if mine >= top), sum(max(0, top - mine) for top, mine in rows)


def test_a_player_who_never_lays_a_collante_gets_collante_first_with_its_points_lost_exact(alice,
                                                                                        collante_avoider_games):
    diagnosis = selectors.diagnosis(alice, 20)
    total_lost = sum(max(0, top - mine) for played in collante_avoider_games for top, mine, _t in played.rounds)
    assert diagnosis.games == 3
    assert diagnosis.rounds == sum(len(played.rounds) for played in collante_avoider_games)
    assert diagnosis.lost == total_lost > 0
    first = diagnosis.tags[0]
    assert first.tag == "collante"
    assert (first.rounds, first.found, first.lost) == expected(collante_avoider_games, "collante")
    assert first.lost == total_lost  # every point lost was lost on a collante top
    assert first.share == 100.0
    for line in diagnosis.tags:  # every kind exact, sorted by points lost
        assert (line.rounds, line.found, line.lost) == expected(collante_avoider_games, line.tag)
    assert [line.lost for line in diagnosis.tags] == sorted((line.lost for line in diagnosis.tags), reverse=True)


def test_a_player_who_never_uses_the_blank_in_joker_games_gets_joker_first(alice, blank_avoider_games):
    diagnosis = selectors.diagnosis(alice)
    first = diagnosis.tags[0]
    assert first.tag == "joker"
    assert (first.rounds, first.found, first.lost) == expected(blank_avoider_games, "joker")
    assert first.lost == diagnosis.lost > 0


def test_the_trend_and_the_missed_words_follow_the_games(alice, collante_avoider_games):
    diagnosis = selectors.diagnosis(alice)
    assert [point.game for point in diagnosis.trend] == [played.game.pk for played in collante_avoider_games]
    for point, played in zip(diagnosis.trend, collante_avoider_games, strict=True):
        top_total = sum(top for top, _mine, _t in played.rounds)
        total = sum(mine for _top, mine, _t in played.rounds)
        assert point.percent == round(100 * total / top_total, 1)
    missed = sum(1 for played in collante_avoider_games for top, mine, _t in played.rounds if mine < top)
    assert sum(word.count for word in diagnosis.missed_words) <= missed
    assert diagnosis.missed_words and all(word.lost > 0 for word in diagnosis.missed_words)


def test_the_games_asked_for_are_the_last_ones(alice, collante_avoider_games):
    last = selectors.diagnosis(alice, 1)
    assert last.games == 1
    assert [point.game for point in last.trend] == [collante_avoider_games[-1].game.pk]
    assert last.rounds == len(collante_avoider_games[-1].rounds)


def test_a_player_without_games_gets_every_kind_at_zero(alice):
    diagnosis = selectors.diagnosis(alice)
    assert diagnosis.games == 0
    assert [line.tag for line in diagnosis.tags] == list(TAGS)
    assert all(line.lost == 0 for line in diagnosis.tags)


def test_the_api_answers_the_contract(alice, collante_avoider_games, client):
    client.force_login(alice)
    body = client.get(reverse("api-coach"), {"games": 2}).json()
    assert set(body) >= {"games", "rounds", "tags", "trend", "missed_words"}
    assert body["games"] == 2
    assert [t["lost"] for t in body["tags"]] == sorted((t["lost"] for t in body["tags"]), reverse=True)
    assert all(set(t) >= {"tag", "rounds", "found", "lost"} for t in body["tags"])
    assert all(set(p) >= {"game", "date", "percent"} for p in body["trend"])
    assert client.get(reverse("api-coach"), {"games": 0}).status_code == 400
    assert client.get(reverse("api-coach"), {"games": "x"}).status_code == 400
