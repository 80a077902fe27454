"""CBIC on the starter lists' words: the share of situations whose top is the list word, as a learner meets it.

Usage::

    .venv/bin/python bench/cbic_starter.py [--length 7] [--sets 12] [--words 10] [--seed 5]
                                           [--wordlist FILE] [--top-restarts N] [--top-target F] ...

Why a second bench: ``bench/cbic.py`` draws words at random from the whole list, each with a random
support. The starter lists a new learner copies ("the most likely 7-letter words", ``likely8``) hold the
words whose letters are the likeliest to be drawn, each with its most productive support letter, exactly
as the site stores them (:func:`training.lists.starter.most_likely`,
:func:`training.lists.selectors.support_options`). Their racks (AEINRS, AEINRST...) make many words, so
on a board of 10 words other plays of the same tiles (another anagram through another letter, a bingo on
a triple-word line) outscore the list word far more often than for random words: the harder case, and the
one players meet first.

Each set: ``--words`` words drawn from the list, one per rack (as the site's grids, ``training.grids``),
built with :func:`engine.cbic.generate_training_grid` as the web app calls it (20 s budget). Prints each
set's list-word tops and CPU seconds, then the share and the CPU median and p95. The ``SearchConfig``
options of ``bench/cbic.py`` apply (``--top-restarts 8 --top-patience 3 --top-target 0.8
--top-helper-room 2``: the previous defaults).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cbic import add_search_options, lexicon, list_word_tops, percentile, search_config, search_settings  # noqa: E402
from french_list import default_french_list  # noqa: E402

from engine.alphabet import get_alphabet  # noqa: E402
from engine.cbic import RevisionWord, SearchConfig, generate_training_grid  # noqa: E402

TIME_BUDGET = 20.0
"""The web app's wall-clock budget per grid (``training/grids/cbic.py``)."""


def starter_words(gaddag, words: list[str], length: int) -> list[RevisionWord]:
    """The starter list of ``length``-letter words, each with the support letter the site gives it."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django

    django.setup()
    from training.lists.selectors import support_options
    from training.lists.starter import most_likely

    chosen = most_likely(words, get_alphabet("fr").counts, length)
    return [RevisionWord(word, support_options(gaddag, word)[0].index) for word in chosen]


def one_per_rack(pool: list[RevisionWord], count: int, rng: random.Random) -> list[RevisionWord]:
    """``count`` words of ``pool`` in random order, at most one per rack (the site's rule for a grid)."""
    shuffled = pool[:]
    rng.shuffle(shuffled)
    chosen: list[RevisionWord] = []
    racks: set[str] = set()
    for item in shuffled:
        i = item.support
        rack = "".join(sorted(item.word[:i] + item.word[i + 1:]))
        if rack not in racks:
            racks.add(rack)
            chosen.append(item)
        if len(chosen) == count:
            break
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordlist", default=None, help="word list (default: the French dictionary make run imports)")
    parser.add_argument("--length", type=int, choices=(7, 8), default=7)
    parser.add_argument("--sets", type=int, default=12)
    parser.add_argument("--words", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    add_search_options(parser)
    args = parser.parse_args()
    g, words = lexicon(args.wordlist or default_french_list())
    pool = starter_words(g, words, args.length)
    config = search_config(args, SearchConfig())
    rng = random.Random(args.seed)
    tops = placed = 0
    cpu: list[float] = []
    for k in range(args.sets):
        items = one_per_rack(pool, args.words, rng)
        start = time.process_time()
        grid = generate_training_grid(g, items, seed=1000 + k, top_n=3, time_budget=TIME_BUDGET, config=config)
        cpu.append(time.process_time() - start)
        found = list_word_tops(grid)
        tops += found
        placed += len(grid.placed)
        print(f"set {k}: {found}/{len(grid.placed)} list-word tops, {len(items)} words, CPU {cpu[-1]:.2f} s",
              flush=True)
    print("\n" + search_settings(config))
    print(f"starter list of {args.length}-letter words ({len(pool)}), {args.sets} sets of {args.words}, seed "
          f"{args.seed}: word = top {100.0 * tops / max(1, placed):.1f} %, CPU median "
          f"{statistics.median(cpu):.3f} s, p95 {percentile(cpu, 0.95):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
