"""What the daily goal counts of the coach and of duplicate: puzzles solved, rounds actually played."""

from __future__ import annotations

import pytest

from accounts.selectors import activity_today
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import generate_moves
from training.coach import services
from training.duplicate import services as duplicate_services
from training.duplicate.selectors import gaddag_of

pytestmark = pytest.mark.django_db


def test_an_empty_validation_is_not_practice_and_a_play_is(alice, french_lexicon):
    game = duplicate_services.start_game(alice, french_lexicon, seed=3, timer_seconds=None)
    player = duplicate_services.join(game, alice)
    duplicate_services.open_round(player)
    duplicate_services.validate_round(player, round_number=1)  # "Valider" with nothing played
    assert activity_today(alice).rounds == 0
    player.refresh_from_db()
    second = game.rounds.get(number=2)
    duplicate_services.validate_round(player, round_number=2, word=second.top["word"], coord=second.top["coord"])
    assert activity_today(alice).rounds == 1


def test_a_solved_puzzle_counts_and_a_missed_one_does_not(alice, collante_avoider_games):
    before = activity_today(alice).total
    drill = services.create_drill(alice, "collante", 2)
    for item, right in zip(drill.items, (True, False), strict=True):
        puzzle = item.puzzle
        move = next(m for m in generate_moves(gaddag_of(puzzle.lexicon), parse_cgp(puzzle.cgp))
                    if (m.score == puzzle.top_score) is right)
        services.answer(alice, puzzle, move.word, move.coord)
    today = activity_today(alice)
    assert today.puzzles == 1 and today.total == before + 1
