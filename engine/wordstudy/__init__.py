"""Word study: alphagrams ranked by probability, and quiz questions answered by the compiled lexicon.

Public API::

    alphagram("MAISON")                        # "AIMNOS": the letters in alphabetical order
    draw_ways("AIMNOS", alphabet)              # ways to draw those tiles from the full bag (no blanks)
    rank_alphagrams(g, lengths=range(2, 16))   # {length: [RankedAlphagram]}, most likely first
    anagram_question(g, "AIMNOS", blanks=0, rng=None, index=None)
    AlphagramIndex.from_gaddag(g)              # alphagram → words: blank anagrams and 7+1 by look-ups
    hook_question(g, "ETE"), seven_plus_one_question(g, "AEINRST", index=None)
    validity_question(g, "MAISON", rng), phonies(g, "MAISON")
    judge(question, ["MAISON", ...])           # Verdict(correct, missed, wrong); hooks and 7+1 also
                                               # take letters: "B·", "·S" (hooks), "A" (7+1)
    hook_letters(question), added_letters(question)   # ("B", "S"); {"A": [words], ...}

Every question's answers come from the GADDAG's own queries (anagrams, hooks) or from an index of its
own words (:meth:`Gaddag.iter_words`), so a quiz can never disagree with the lexicon a learner plays with. See ``docs/wordstudy.md`` for the probability.

Playability (how often an alphagram's words are tops in the engine's own duplicate games) is the sub-module
:mod:`engine.wordstudy.playability` (``rank_playability(g, games)``), imported by name: it plays games through
:mod:`engine.duplicate`, which the rest of word study (and its command line) does not need to load.
"""

from engine.wordstudy.index import AlphagramIndex
from engine.wordstudy.probability import alphagram, draw_ways
from engine.wordstudy.questions import (
    KINDS,
    NO,
    YES,
    Question,
    Verdict,
    added_letters,
    anagram_question,
    expand_answer,
    hook_letters,
    hook_question,
    judge,
    normalise_answer,
    phonies,
    phony,
    pronounceable,
    seven_plus_one_question,
    validity_question,
)
from engine.wordstudy.ranking import RankedAlphagram, rank_alphagrams

__all__ = [
    "AlphagramIndex",
    "KINDS",
    "NO",
    "YES",
    "Question",
    "RankedAlphagram",
    "Verdict",
    "added_letters",
    "alphagram",
    "anagram_question",
    "draw_ways",
    "expand_answer",
    "hook_letters",
    "hook_question",
    "judge",
    "normalise_answer",
    "phonies",
    "phony",
    "pronounceable",
    "rank_alphagrams",
    "seven_plus_one_question",
    "validity_question",
]
