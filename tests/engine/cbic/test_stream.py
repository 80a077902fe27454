"""``on_situation``: each placed word handed over as soon as its situation is built, in step order.

Why it matters: the web app stores each situation as it arrives, so a learner may start on situation 1 while
the later ones are still being built; the stream must therefore be exactly the grid's ``placed`` list, in its
order, each item final when it is handed over.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.cbic import PlacedWord, RevisionWord, generate_training_grid
from tests.engine.cbic.conftest import SEED_WORDS
from tests.engine.cbic.test_grid import random_set


def test_the_stream_is_exactly_the_placed_words_in_order(seed_lexicon) -> None:
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"), RevisionWord("CACABERA", "A")]
    streamed: list[PlacedWord] = []
    grid = generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=10, lexicon_name="TEST",
                                  on_situation=streamed.append)
    assert len(grid.placed) == 3
    assert [id(p) for p in streamed] == [id(p) for p in grid.placed]  # the very objects, in order
    assert [p.step for p in streamed] == sorted(p.step for p in streamed)
    assert json.dumps([p.to_json() for p in streamed]) == json.dumps(grid.to_json()["placed"])
    assert {p.word for p in streamed} <= set(SEED_WORDS)


@pytest.mark.parametrize("case", range(3))
def test_the_stream_changes_nothing_of_the_grid(synthetic, case: int) -> None:
    lexicon, words = synthetic
    items = random_set(words, random.Random(300 + case), 6)
    streamed: list[dict[str, Any]] = []
    with_stream = generate_training_grid(lexicon, items, seed=case, top_n=3,
                                         on_situation=lambda placed: streamed.append(placed.to_json()))
    without = generate_training_grid(lexicon, items, seed=case, top_n=3)
    assert json.dumps(with_stream.to_json()) == json.dumps(without.to_json())
    assert streamed == with_stream.to_json()["placed"]


def test_each_situation_is_handed_over_before_the_next_is_built(seed_lexicon) -> None:
    """The progress report of situation n comes after its hand-over and before situation n + 1's."""
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S"), RevisionWord("CACABERA", "A")]
    events: list[str] = []

    def progress(percent: int, message: str) -> None:
        if getattr(message, "code", "") == "cbic_situation":
            events.append(f"progress {message.params['number']}")  # type: ignore[attr-defined]

    generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=2, progress=progress,
                           on_situation=lambda placed: events.append(f"situation {placed.word}"))
    assert [e.split()[0] for e in events] == ["situation", "progress"] * 3
    assert [e for e in events if e.startswith("progress")] == ["progress 1", "progress 2", "progress 3"]


def test_an_exception_in_the_hook_stops_the_grid(seed_lexicon) -> None:
    items = [RevisionWord("BACCARAT", 7), RevisionWord("BACCARAS", "S")]
    calls: list[str] = []

    class Stop(Exception):
        pass

    def hook(placed: PlacedWord) -> None:
        calls.append(placed.word)
        raise Stop

    with pytest.raises(Stop):
        generate_training_grid(seed_lexicon, items, central="DATAIS", top_n=1, on_situation=hook)
    assert len(calls) == 1
