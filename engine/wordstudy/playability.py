"""Playability: how often a word is the top of a round in duplicate games Tirage generates itself.

Why a second order besides probability: a likely rack is not a useful one when its words never score.
Zyzzyva's *playability* ranks (and the Collins study lists built on them) order words by how often a
strong program plays them over many computer games; French duplicate has the better measure for free,
its **top**: the one best play of each round, which every player must find. So a word's playability
here is the number of rounds whose top has it as the **main word**, over ``games`` duplicate games
played top by top by the engine's own generator (:func:`engine.duplicate.game.make_game`, classic
variant, game seeds ``first_seed``, ``first_seed + 1``... as ``python -m engine duplicate --seed K``
plays them). No second game generator: the counts are the tops the site's own games would show.

An alphagram's playability is the sum of its words' counts (quizzes ask about alphagrams). The order:
most tops first, then the probability order (:func:`~engine.wordstudy.ranking.rank_alphagrams`: more
ways to draw it, then the alphagram alphabetically), so alphagrams never played still have a total,
machine-independent order after the played ones. Deterministic: the same lexicon, ``games`` and
``first_seed`` give the same counts (the compiled move generator and its pure-Python specification
play the same tops).

A blank in a top counts as the letter it stands for (the word is the word played). Joker games are
left out on purpose: their tops are full of blanks, a different population of words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.duplicate.draws import CLASSIC
from engine.duplicate.game import make_game
from engine.wordstudy.probability import alphagram
from engine.wordstudy.ranking import DEFAULT_LENGTHS, RankedAlphagram, rank_alphagrams

if TYPE_CHECKING:
    from engine.gaddag import Gaddag
    from engine.scrabble.scoring import Move

DEFAULT_GAMES = 8000
"""Games played by default: about 100 s of one core with the full French lexicon (420,575 words: 8,000 games,
177,002 rounds, 99.9 s of CPU measured), where 4-letter ranks are stable and 6-letter ones coarse (see
``docs/wordstudy.md``, "Playability", for the measures)."""
FIRST_SEED = 1
QUIZ_LENGTHS = (4, 5, 6)
"""The word lengths a quiz may order by playability: long enough for the order to matter (2 and 3 letters are
learned whole), short enough to be played as tops often enough to rank (over 8,000 French games, 75 % of the
7-letter alphagrams and 83 % of the 8-letter ones have one top or none)."""


def top_word(move: Move) -> str:
    """The main word of a top as a word of the lexicon: upper case, a blank as the letter it stands for."""
    return move.word.upper()


def game_seeds(games: int, first_seed: int = FIRST_SEED) -> range:
    """The seeds of the games counted: ``first_seed`` and the next ``games - 1`` integers."""
    return range(first_seed, first_seed + games)


@dataclass(frozen=True)
class TopCounts:
    """How often each word was a top's main word over ``games`` games (seeds :func:`game_seeds`)."""

    games: int
    first_seed: int
    rounds: int  # every round played, whatever the length of its top
    words: dict[str, int] = field(hash=False)  # word → rounds it was the top of (counted lengths only)

    def alphagrams(self) -> dict[str, int]:
        """Alphagram → the sum of its words' counts (only alphagrams with at least one top)."""
        totals: Counter[str] = Counter()
        for word, count in self.words.items():
            totals[alphagram(word)] += count
        return dict(totals)


def count_tops(g: Gaddag, games: int = DEFAULT_GAMES, *, first_seed: int = FIRST_SEED,
               lengths: Iterable[int] = DEFAULT_LENGTHS,
               progress: Callable[[float, str], None] | None = None) -> TopCounts:
    """Play ``games`` classic duplicate games on ``g`` and count each top's main word (of ``lengths``).

    ``progress(percent, message)`` is called after every game while the share done grows by a whole
    percent or more (a task's progress bar, not a database write per game). ``ValueError`` for a
    negative ``games``.
    """
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    wanted = set(lengths)
    words: Counter[str] = Counter()
    rounds = 0
    reported = -1
    for done, seed in enumerate(game_seeds(games, first_seed), start=1):
        game = make_game(g, seed, CLASSIC, subtops=0)
        rounds += len(game.rounds)
        for played in game.rounds:
            word = top_word(played.top)
            if len(word) in wanted:
                words[word] += 1
        percent = int(100 * done / games)
        if progress is not None and percent > reported:
            reported = percent
            progress(float(percent), "playing games")
    return TopCounts(games, first_seed, rounds, dict(words))


@dataclass(frozen=True)
class PlayedAlphagram:
    """One alphagram in playability order: its ``rank`` there (1 = most played), its ``tops`` (rounds whose
    top is one of its words), and its probability rank, ways and word count (:class:`RankedAlphagram`)."""

    alphagram: str
    length: int
    rank: int
    tops: int
    probability_rank: int
    ways: int
    words: int


def playability_order(ranked: Mapping[int, list[RankedAlphagram]],
                      tops: Mapping[str, int]) -> dict[int, list[PlayedAlphagram]]:
    """``{length: [PlayedAlphagram, ...]}``: every alphagram of ``ranked`` (probability ranks, per length)
    by ``tops`` (alphagram → count; absent = 0), most first, ties in probability order.

    Only ``ranked``'s alphagrams are ordered: a count for an alphagram outside it is ignored.
    """
    ordered: dict[int, list[PlayedAlphagram]] = {}
    for length, items in ranked.items():
        # ``items`` are in probability order and sorted() is stable: equal counts keep that order.
        by_tops = sorted(items, key=lambda item: -tops.get(item.alphagram, 0))
        ordered[length] = [PlayedAlphagram(item.alphagram, length, rank, tops.get(item.alphagram, 0), item.rank,
                                           item.ways, item.words)
                           for rank, item in enumerate(by_tops, start=1)]
    return ordered


def rank_playability(g: Gaddag, games: int = DEFAULT_GAMES, *, first_seed: int = FIRST_SEED,
                     lengths: Iterable[int] = DEFAULT_LENGTHS,
                     progress: Callable[[float, str], None] | None = None,
                     ) -> tuple[TopCounts, dict[int, list[PlayedAlphagram]]]:
    """The top counts of ``games`` games and every alphagram of ``lengths`` in playability order.

    ``progress(percent, message)`` as :func:`rank_alphagrams` calls it: the games are nearly all the work
    (0–95 %), the probability ranks the rest.
    """
    wanted = list(lengths)

    def games_progress(percent: float, message: str) -> None:
        if progress is not None:
            progress(0.95 * percent, message)

    def ranking_progress(percent: float, message: str) -> None:
        if progress is not None:
            progress(95 + 0.05 * percent, message)

    counts = count_tops(g, games, first_seed=first_seed, lengths=wanted, progress=games_progress)
    ranked = rank_alphagrams(g, wanted, progress=ranking_progress)
    return counts, playability_order(ranked, counts.alphagrams())
