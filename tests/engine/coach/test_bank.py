"""Banks of puzzle positions: every position's answer is the engine's exact top and has the tag, a seed
always gives the same bank, and the number of games played is bounded."""

from __future__ import annotations

import pytest

from engine.coach import TAGS, bank_positions, top_tags
from engine.coach import bank as bank_module
from engine.duplicate import CLASSIC, JOKER, make_game
from engine.scrabble.cgp import parse_cgp
from engine.scrabble.movegen import top_moves
from tests.engine.coach.support import french_gaddag
from tests.engine.duplicate.test_game import GADDAG as SMALL


@pytest.mark.parametrize("tag", TAGS)
def test_every_position_is_a_round_whose_top_has_the_tag(tag: str) -> None:
    lexicon = french_gaddag()
    positions = bank_positions(lexicon, tag, 12, seed=3, lexicon_name="wfrench-8")
    assert len(positions) == 12
    for p in positions:
        position = parse_cgp(p.cgp)
        assert tag in p.tags and p.tags == top_tags(p.cgp, p.top, "fr")
        assert p.rack == position.rack and position.lexicon == "wfrench-8"
        assert p.top["score"] == top_moves(lexicon, position, 1)[0].score  # the exact best score
        assert p.word_length == len(p.top["word"])
        game = make_game(lexicon, p.game_seed, JOKER if tag == "joker" else CLASSIC, lexicon_name="wfrench-8",
                         subtops=0)
        rnd = game.rounds[p.round_number - 1]
        assert (rnd.cgp, rnd.top.to_json("fr")) == (p.cgp, p.top)
    assert len({p.cgp for p in positions}) == len(positions)


def test_a_joker_bank_comes_from_joker_games() -> None:
    assert all("?" in p.rack for p in bank_positions(SMALL, "joker", 10, seed=1))


def test_the_same_seed_gives_the_same_bank_and_another_seed_another() -> None:
    first = bank_positions(SMALL, "collante", 15, seed=7)
    assert len(first) == 15
    assert bank_positions(SMALL, "collante", 15, seed=7) == first
    assert bank_positions(SMALL, "collante", 15, seed=8) != first
    assert bank_positions(SMALL, "collante", 5, seed=7) == first[:5]


def test_the_games_played_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = bank_module.make_game

    def counting(*args, **kwargs):
        played.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(bank_module, "make_game", counting)
    # No seven-letter top on the small lexicon: the bank gives up after max_games games.
    assert bank_positions(SMALL, "scrabble", 5, seed=1, max_games=4) == []
    assert len(played) == 4 and len(set(played)) == 4
    played.clear()
    assert bank_positions(SMALL, "collante", 0, seed=1) == [] and played == []
    rare = bank_positions(SMALL, "chere", 1000, seed=1, max_games=3)
    assert len(played) == 3 and len(rare) < 1000


def test_progress_grows_to_at_most_100() -> None:
    seen: list[float] = []
    bank_positions(SMALL, "triple", 1000, seed=2, max_games=5, progress=seen.append)
    assert len(seen) == 5 and seen == sorted(seen) and seen[-1] == 100.0


@pytest.mark.parametrize("call", [lambda: bank_positions(SMALL, "bingo", 3, seed=1),
                                  lambda: bank_positions(SMALL, "joker", -1, seed=1)])
def test_an_unknown_tag_or_a_negative_count_is_refused(call) -> None:
    with pytest.raises(ValueError):
        call()
