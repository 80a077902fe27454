"""Playability: the tops counted over seeded duplicate games equal a recount from the games' own JSON rounds,
the order is tops then probability (against a brute force), the same arguments give the same counts, and the
``wordstudy playability`` command prints what the engine computes."""

from __future__ import annotations

import json
from collections import Counter
from math import comb

import pytest

from engine.alphabet import get_alphabet
from engine.cli import main
from engine.duplicate import make_game
from engine.gaddag import build_gaddag
from engine.wordstudy.playability import (
    QUIZ_LENGTHS,
    TopCounts,
    count_tops,
    game_seeds,
    playability_order,
    rank_playability,
)
from engine.wordstudy.ranking import RankedAlphagram, rank_alphagrams

FR = get_alphabet("fr")
_V, _C = "AEIOU", "LNRST"
_LONGER = ("RATE TARE LITRE TERNI ORNES NOTES SONNET TRAINS SALIR ROULE LOTIR ENTRAIS RAIL LIRA OSER ROSE TIRA "
           "RITA SOIT TOIS NIER RIEN REIN LUTIN")
# Every vowel-consonant pair both ways and consonant-vowel-consonant triple (so games last several rounds),
# and a few longer words of the quiz lengths (so 4- to 6-letter words are tops too).
WORDS = sorted({a + b for a in _V for b in _C} | {b + a for a in _V for b in _C}
               | {a + b + c for a in _C for b in _V for c in _C} | set(_LONGER.split()))
GADDAG = build_gaddag(WORDS, "fr")
GAMES = 60


def recount(games: int, first_seed: int = 1) -> tuple[Counter[str], int]:
    """Brute force: the top word of every round, read back from each game's JSON (a blank in lower case)."""
    words: Counter[str] = Counter()
    rounds = 0
    for seed in range(first_seed, first_seed + games):
        data = make_game(GADDAG, seed).to_json()
        for played in data["rounds"]:
            words[played["top"]["word"].upper()] += 1
            rounds += 1
    return words, rounds


def brute_ways(letters: str) -> int:
    ways = 1
    for letter, k in Counter(letters).items():
        ways *= comb(FR.counts[letter], k)
    return ways


def test_the_counts_equal_a_recount_of_the_games_rounds():
    counts = count_tops(GADDAG, GAMES)
    words, rounds = recount(GAMES)
    assert counts.games == GAMES and counts.first_seed == 1 and counts.rounds == rounds
    assert counts.words == dict(words)
    assert sum(counts.words.values()) == rounds  # every top counted once (lengths 2 to 15: all of them)
    assert all(GADDAG.contains(word) for word in counts.words)  # a blank counted as its letter
    assert any(len(word) in QUIZ_LENGTHS for word in counts.words)
    by_alphagram: Counter[str] = Counter()
    for word, n in words.items():
        by_alphagram["".join(sorted(word))] += n
    assert counts.alphagrams() == dict(by_alphagram)


def test_only_the_lengths_asked_are_counted_but_every_round_is_played():
    every = count_tops(GADDAG, GAMES)
    fours = count_tops(GADDAG, GAMES, lengths=[4, 5, 6])
    assert fours.rounds == every.rounds
    assert fours.words == {w: n for w, n in every.words.items() if 4 <= len(w) <= 6}


def test_the_same_arguments_give_the_same_counts_and_other_seeds_other_games():
    assert count_tops(GADDAG, GAMES) == count_tops(GADDAG, GAMES)
    assert count_tops(GADDAG, GAMES).words == count_tops(GADDAG, GAMES).words
    later = count_tops(GADDAG, GAMES, first_seed=1000)
    assert later.words == dict(recount(GAMES, 1000)[0])
    assert later.words != count_tops(GADDAG, GAMES).words
    assert list(game_seeds(3, 7)) == [7, 8, 9]
    nothing = count_tops(GADDAG, 0)
    assert (nothing.rounds, nothing.words) == (0, {})
    with pytest.raises(ValueError):
        count_tops(GADDAG, -1)


def test_the_order_is_tops_then_probability_against_a_brute_force():
    counts, ordered = rank_playability(GADDAG, GAMES, lengths=range(2, 8))
    tops = counts.alphagrams()
    for length in range(2, 8):
        alphagrams = {"".join(sorted(w)) for w in WORDS if len(w) == length}
        expected = sorted(alphagrams, key=lambda a: (-tops.get(a, 0), -brute_ways(a), a))
        got = ordered[length]
        assert [item.alphagram for item in got] == expected
        assert [item.rank for item in got] == list(range(1, len(expected) + 1))
        assert all(item.tops == tops.get(item.alphagram, 0) and item.length == length for item in got)
        probability = {r.alphagram: r for r in rank_alphagrams(GADDAG, [length])[length]}
        assert all((item.probability_rank, item.ways, item.words) == (probability[item.alphagram].rank,
                                                                       probability[item.alphagram].ways,
                                                                       probability[item.alphagram].words)
                   for item in got)
    assert [i.alphagram for i in ordered[7]] == ["AEINRST"]  # ENTRAIS, the one 7-letter word


def test_equal_tops_keep_the_probability_order_and_unknown_alphagrams_are_ignored():
    # By hand: AE is likelier than ES and ET (135 ways against 90 each); ES and ET tie, alphabetically.
    ranked = {2: [RankedAlphagram("AE", 2, 1, 135, 1), RankedAlphagram("ES", 2, 2, 90, 2),
                  RankedAlphagram("ET", 2, 3, 90, 1)]}
    ordered = playability_order(ranked, {"ET": 4, "AE": 1, "ES": 1, "ZZ": 50})
    assert [(i.alphagram, i.rank, i.tops, i.probability_rank) for i in ordered[2]] == [
        ("ET", 1, 4, 3), ("AE", 2, 1, 1), ("ES", 3, 1, 2)]
    assert [i.alphagram for i in playability_order(ranked, {})[2]] == ["AE", "ES", "ET"]


def test_progress_goes_up_to_100_in_whole_percents():
    seen: list[float] = []
    rank_playability(GADDAG, 20, lengths=[4, 5, 6], progress=lambda percent, message: seen.append(percent))
    assert seen == sorted(seen) and seen[-1] == 100
    games: list[float] = []
    count_tops(GADDAG, 20, progress=lambda percent, message: games.append(percent))
    assert games == [5.0 * k for k in range(1, 21)]  # one report per whole percent reached: 5 % a game here


def test_top_counts_sum_alphagrams():
    counts = TopCounts(2, 1, 3, {"RATE": 1, "TARE": 1, "OSER": 1})
    assert counts.alphagrams() == {"AERT": 2, "EORS": 1}


# -- python -m engine wordstudy playability --------------------------------------------------------------

@pytest.fixture(scope="module")
def lexicon_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("lex") / "small.gaddag"
    GADDAG.save(path)
    return str(path)


def test_the_command_prints_the_engines_order(capsys, lexicon_file):
    assert main(["wordstudy", "playability", lexicon_file, "--games", str(GAMES), "--lengths", "4-6",
                 "--limit", "0", "--json"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    _counts, ordered = rank_playability(GADDAG, GAMES, lengths=[4, 5, 6])
    assert lines == [{"length": i.length, "rank": i.rank, "alphagram": i.alphagram, "tops": i.tops,
                      "probability_rank": i.probability_rank, "ways": i.ways, "words": i.words}
                     for n in (4, 5, 6) for i in ordered[n]]
    assert err.startswith(f"games {GAMES} (seeds 1..{GAMES}), rounds ")


def test_the_command_text_words_and_errors(capsys, lexicon_file):
    assert main(["wordstudy", "playability", lexicon_file, "--games", "20", "--lengths", "2", "--limit", "3"]) == 0
    out, _err = capsys.readouterr()
    rows = [line.split("\t") for line in out.splitlines()]
    assert len(rows) == 3 and [r[1] for r in rows] == ["1", "2", "3"] and all(r[0] == "2" for r in rows)
    assert main(["wordstudy", "playability", lexicon_file, "--games", "20", "--lengths", "2-3", "--words"]) == 0
    out, _err = capsys.readouterr()
    counts = count_tops(GADDAG, 20, lengths=[2, 3])
    expected = [f"{n}\t{w}\t{-negative}" for n in (2, 3)  # most tops first, then alphabetically; 20 a length
                for negative, w in sorted((-t, w) for w, t in counts.words.items() if len(w) == n)[:20]]
    assert out.splitlines() == expected
    assert main(["wordstudy", "playability", lexicon_file, "--games", "-1"]) == 2
    assert "--games -1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["wordstudy", "playability", lexicon_file, "--lengths", "7-3"])
    assert main(["wordstudy", "playability", lexicon_file + ".missing"]) == 1
