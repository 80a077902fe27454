"""The rules and the AI's move lists agree: every word the rules accept is offered, and nothing else.

Brute force: try every lexicon word on every line (and as a new word) through ``apply_move`` and keep
the successes; the AI's ``play_options`` / ``steal_options`` (built on the tree queries) must be
exactly that set.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.jarnac import ai, rules
from engine.jarnac.rules import GameState, IllegalMove, PlayerState
from engine.jarnac.tree import AnagramTree

LETTERS = "AEINRST"
words_strategy = st.lists(st.text(alphabet=LETTERS, min_size=3, max_size=7), min_size=1, max_size=80)


def successes(state: GameState, tree: AnagramTree, kind: str, lines: int) -> set[tuple[str, int | None]]:
    found = set()
    for word in sorted(set(tree.iter_words())):
        for line in [None, *range(lines)]:
            try:
                after = rules.apply_move(state, {"type": kind, "word": word, "line": line}, tree)
            except IllegalMove:
                continue
            if after.history[-1]["result"] == "ok":
                found.add((word, line))
    return found


@settings(max_examples=60, deadline=None)
@given(words_strategy, st.data())
def test_play_options_equal_the_rules(words, data):
    tree = AnagramTree.from_words(words, "fr")
    mine = data.draw(st.lists(st.sampled_from(words), max_size=8))
    rack = data.draw(st.text(alphabet=LETTERS, max_size=9))
    state = GameState(language="fr", seed="o", bag="E",
                      players=(PlayerState(tuple(mine), "".join(sorted(rack)), 1), PlayerState()),
                      phase=rules.PLAY)
    offered = {(o.word, o.line) for o in ai.play_options(state, tree)}
    assert offered == successes(state, tree, "play", len(mine))


@settings(max_examples=60, deadline=None)
@given(words_strategy, st.data())
def test_steal_options_equal_the_rules(words, data):
    tree = AnagramTree.from_words(words, "fr")
    theirs = data.draw(st.lists(st.sampled_from(words), max_size=4))
    rack = data.draw(st.text(alphabet=LETTERS, max_size=9))
    state = GameState(language="fr", seed="o", bag="E",
                      players=(PlayerState((), "", 1), PlayerState(tuple(theirs), "".join(sorted(rack)), 1)),
                      phase=rules.START)
    # Compared by base *word*: the same word on two lines gives one steal (on its first line).
    offered = {(s.word, s.base) for s in ai.steal_options(state, tree)}
    expected = {(word, None if line is None else theirs[line])
                for word, line in successes(state, tree, "jarnac", len(theirs))}
    assert offered == expected


def test_same_word_on_two_lines_is_one_steal():
    tree = AnagramTree.from_words(["RAT", "RATS"], "fr")
    state = GameState(language="fr", seed="o", bag="E",
                      players=(PlayerState((), "", 1), PlayerState(("RAT", "RAT"), "S", 1)),
                      phase=rules.START)
    assert [(s.word, s.line) for s in ai.steal_options(state, tree)] == [("RATS", 0)]
    assert successes(state, tree, "jarnac", 2) == {("RATS", 0), ("RATS", 1)}
