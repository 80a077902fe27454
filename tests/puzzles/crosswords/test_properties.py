"""Properties of checks and reveals over arbitrary entries (hypothesis): a check tells exactly which
cells are right, wrong or empty and never sends a letter; a reveal makes its cells right and only them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles.crosswords import services

pytestmark = pytest.mark.django_db

LETTERS = st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + [".", ".", "."])


@pytest.fixture
def crossword(alice, lexicon):
    made = services.start_crossword(alice, lexicon, 5, "fr", seed=8)
    assert made.status == "done", made.error
    return made


def entries_strategy(rows: list[str]):
    whites = sum(ch != "#" for row in rows for ch in row)

    def build(letters: list[str]) -> list[str]:
        it = iter(letters)
        return ["".join("#" if ch == "#" else next(it) for ch in row) for row in rows]

    return st.lists(LETTERS, min_size=whites, max_size=whites).map(build)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_check_and_reveal_tell_the_truth(crossword, alice, data):
    entries = data.draw(entries_strategy(crossword.rows))
    scope = data.draw(st.sampled_from(services.SCOPES))
    slot = data.draw(st.sampled_from(crossword.slots))
    r, c = services.slot_cells(slot)[data.draw(st.integers(0, slot["length"] - 1))]
    kwargs = {"row": r, "col": c} if scope == "cell" else {"slot": slot["key"]} if scope == "word" else {}

    checked = services.check(crossword, alice, scope, entries=entries, **kwargs)
    for cell in checked.cells:
        typed, answer = entries[cell["row"]][cell["col"]], crossword.rows[cell["row"]][cell["col"]]
        expected = "right" if typed == answer else "empty" if typed == "." else "wrong"
        assert cell["state"] == expected and "letter" not in cell
    assert checked.progress.entries == entries  # what was sent is what is saved

    revealed = services.check(crossword, alice, scope, reveal=True, entries=entries, **kwargs)
    after = revealed.progress.entries
    scope_cells = {(cell["row"], cell["col"]) for cell in revealed.cells}
    for rr, row in enumerate(crossword.rows):
        for cc, answer in enumerate(row):
            if (rr, cc) in scope_cells:
                assert after[rr][cc] == answer
            else:
                assert after[rr][cc] == entries[rr][cc]  # nothing outside the scope changes
    assert all(cell["letter"] == crossword.rows[cell["row"]][cell["col"]] for cell in revealed.cells)
