"""The one error type of the CBIC generator's input checks.

Why a typed error: the command line turns it into ``error: ...`` / exit 1 and the web app into a form
error on the right word, so the message always names the word and ``word`` carries it for programs.
"""

from __future__ import annotations


class CbicInputError(ValueError):
    """Bad input for a training grid: a revision word, its support letter or the central word.

    ``word`` is the offending word as the caller typed it; the message names it and says what is wrong
    (a problem with no single word to blame, such as an empty list, has ``word == ""``).
    """

    def __init__(self, word: str, problem: str) -> None:
        self.word = word
        self.problem = problem
        super().__init__(f"{word!r}: {problem}" if word else problem)
