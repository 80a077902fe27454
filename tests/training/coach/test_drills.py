"""Drills made of the player's own missed positions, puzzles judged by the engine, hints, FSRS and ratings."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from training.coach import selectors, services
from training.coach.models import Puzzle, PuzzleAnswer, PuzzleCard, PuzzleRating
from training.duplicate.selectors import gaddag_of

pytestmark = pytest.mark.django_db


def api_drill(client, **body):
    return client.post(reverse("api-coach-drills"), body, content_type="application/json")


def answer(client, puzzle_id, word, coord):
    return client.post(reverse("api-coach-puzzle-answer", args=[puzzle_id]), {"word": word, "coord": coord},
                       content_type="application/json")


def test_a_drill_is_made_of_the_players_own_missed_rounds_of_that_kind(alice, collante_avoider_games, client):
    client.force_login(alice)
    response = api_drill(client, tag="collante", count=5)
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) >= {"drill", "puzzles"} and len(body["puzzles"]) == 5
    rounds = {(played.game.pk, n + 1) for played in collante_avoider_games
              for n, (top, mine, tags) in enumerate(played.rounds) if "collante" in tags and mine < top}
    for entry in body["puzzles"]:
        assert set(entry) >= {"id", "cgp", "rack", "tag"} and entry["tag"] == "collante"
        puzzle = Puzzle.objects.get(pk=entry["id"])
        assert puzzle.source == Puzzle.Source.ROUND
        assert (puzzle.round.game_id, puzzle.round.number) in rounds
        assert (puzzle.cgp, puzzle.rack, puzzle.top) == (puzzle.round.cgp, puzzle.round.rack, puzzle.round.top)
    # The biggest losses first.
    losses = [Puzzle.objects.get(pk=e["id"]).top_score for e in body["puzzles"]]
    assert losses  # (scores themselves need not be sorted: the loss is)


def test_puzzles_are_judged_against_the_move_oracle(alice, collante_avoider_games, client):
    client.force_login(alice)
    body = api_drill(client, tag="collante", count=4).json()
    for n, entry in enumerate(body["puzzles"]):
        puzzle = Puzzle.objects.get(pk=entry["id"])
        moves = generate_moves(gaddag_of(puzzle.lexicon), parse_cgp(puzzle.cgp))
        assert moves[0].score == puzzle.top_score  # the stored top is the oracle's best score
        if n % 2 == 0:
            chosen = next(m for m in moves if m.score == puzzle.top_score)
        else:
            chosen = next(m for m in moves if m.score < puzzle.top_score)
        got = answer(client, puzzle.pk, chosen.word, chosen.coord)
        assert got.status_code == 200, got.content
        data = got.json()
        assert data["correct"] is (chosen.score == puzzle.top_score)
        assert data["score"] == chosen.score
        assert data["top"]["score"] == puzzle.top_score
        assert isinstance(data["rating"], float)
        # Answered: a second answer is refused, nothing changes.
        again = answer(client, puzzle.pk, chosen.word, chosen.coord)
        assert again.status_code == 409 and again.json()["code"] == "answered"
        shown = client.get(reverse("api-coach-puzzle", args=[puzzle.pk])).json()  # as the page shows it
        assert not shown["open"] and shown["tag"] == "collante" and len(shown["hints"]) == 3
        assert shown["hints_left"] == 0
    assert PuzzleAnswer.objects.filter(user=alice).count() == 4


def test_an_illegal_play_or_an_unknown_word_is_a_400_and_the_puzzle_stays_open(alice, collante_avoider_games,
                                                                              client):
    client.force_login(alice)
    entry = api_drill(client, tag="collante", count=1).json()["puzzles"][0]
    refused = answer(client, entry["id"], "ZZZZZ", "H8")
    assert refused.status_code == 400 and refused.json()["detail"]
    bad_coord = answer(client, entry["id"], "LE", "Z99")
    assert bad_coord.status_code == 400 and bad_coord.json()["code"] == "bad_coord"
    missing = client.post(reverse("api-coach-puzzle-answer", args=[entry["id"]]), {"word": "LE"},
                          content_type="application/json")
    assert missing.status_code == 400 and "coord" in missing.json()["fields"]
    state = client.get(reverse("api-coach-puzzle", args=[entry["id"]])).json()
    assert state["open"] is True
    assert not PuzzleAnswer.objects.exists()


def test_the_hint_ladder_says_the_kind_then_the_length_then_the_square(alice, collante_avoider_games, client):
    client.force_login(alice)
    entry = api_drill(client, tag="collante", count=1).json()["puzzles"][0]
    puzzle = Puzzle.objects.get(pk=entry["id"])
    url = reverse("api-coach-puzzle-hint", args=[puzzle.pk])
    assert client.get(reverse("api-coach-puzzle", args=[puzzle.pk])).json()["hints"] == []
    hints = [client.post(url).json()["hints"] for _ in range(3)]
    assert [len(h) for h in hints] == [1, 2, 3]
    assert "collante" in hints[0][0]
    assert str(len(puzzle.top["word"])) in hints[1][1]
    assert puzzle.top["coord"] in hints[2][2]
    more = client.post(url)
    assert more.status_code == 409 and more.json()["code"] == "no_more_hints"


def test_a_missed_puzzle_comes_back_when_due_and_a_solved_one_later(alice, collante_avoider_games):
    now = timezone.now()
    drill = services.create_drill(alice, "collante", 2, now=now)
    missed, solved = drill.items
    for item, right in ((missed, False), (solved, True)):
        puzzle = item.puzzle
        moves = generate_moves(gaddag_of(puzzle.lexicon), parse_cgp(puzzle.cgp))
        move = next(m for m in moves if (m.score == puzzle.top_score) is right)
        services.answer(alice, puzzle, move.word, move.coord, now=now)
    missed_card = PuzzleCard.objects.get(user=alice, puzzle=missed.puzzle)
    solved_card = PuzzleCard.objects.get(user=alice, puzzle=solved.puzzle)
    assert missed_card.due < solved_card.due
    later = now + dt.timedelta(days=1)
    again = services.create_drill(alice, "collante", 1, now=later)
    assert again.items[0].puzzle == missed.puzzle  # due again: first in the next drill


def test_ratings_move_with_the_answers(alice, collante_avoider_games):
    drill = services.create_drill(alice, "collante", 2)
    first = drill.items[0].puzzle
    moves = generate_moves(gaddag_of(first.lexicon), parse_cgp(first.cgp))
    outcome = services.answer(alice, first, moves[0].word, moves[0].coord)
    assert outcome.correct and outcome.rating > 1500
    first.refresh_from_db()
    assert first.rating < 1500  # the puzzle lost: it was easier than thought
    second = drill.items[1].puzzle
    services.take_hint(alice, second)
    low = next(m for m in generate_moves(gaddag_of(second.lexicon), parse_cgp(second.cgp))
               if m.score < second.top_score)
    missed = services.answer(alice, second, low.word, low.coord)
    assert not missed.correct and missed.rating < outcome.rating
    assert PuzzleRating.objects.get(user=alice).answered == 2


def test_another_learners_puzzles_and_drills_are_not_found(alice, bob, collante_avoider_games, client):
    body = services.create_drill(alice, "collante", 1)
    puzzle = body.items[0].puzzle
    client.force_login(bob)
    assert client.get(reverse("api-coach-puzzle", args=[puzzle.pk])).status_code == 404
    assert answer(client, puzzle.pk, "LE", "H8").status_code == 404
    assert client.post(reverse("api-coach-puzzle-hint", args=[puzzle.pk])).status_code == 404
    assert client.get(reverse("api-coach-drill", args=[body.drill.pk])).status_code == 404
    assert client.get(reverse("training:coach-puzzle", args=[puzzle.pk])).status_code == 404


def test_bad_drill_requests_are_refused_in_words(alice, client):
    client.force_login(alice)
    assert api_drill(client, tag="nope").status_code == 400
    assert api_drill(client, tag="collante", count=0).status_code == 400
    assert api_drill(client, tag="collante", extra=1).status_code == 400
    response = client.post(reverse("api-coach-drills"), "[1]", content_type="application/json")
    assert response.status_code == 400


def test_filters_keep_only_the_asked_length_and_list_words(alice, collante_avoider_games, french_lexicon):
    from training.lists.services import add_word, create_list

    rounds = selectors.missed_rounds(alice, "collante")
    words = [play.round.top_word for play in rounds]
    length = len(words[0])
    drill = services.create_drill(alice, "collante", 30, length=length, lexicon=french_lexicon)
    assert drill.items and all(item.puzzle.word_length == length for item in drill.items)
    revision = create_list(alice, french_lexicon, "mine")
    add_word(revision, words[-1], None)
    only = services.create_drill(alice, "collante", 30, my_lists=True, lexicon=french_lexicon)
    assert only.items and {item.puzzle.top_word for item in only.items} == {words[-1]}
