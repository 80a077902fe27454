"""The CBIC generator's input error and its English texts that carry a stable code.

Why a typed error: the command line turns it into ``error: ...`` / exit 1 and the web app into a form
error on the right word, so the message always names the word and ``word`` carries it for programs.

Why :class:`Message`: the engine never imports Django, yet the web app shows its words (progress
messages, why a word was left out) in the learner's language. A ``Message`` *is* the English text (a
``str``: the command line prints it unchanged) and also carries ``code`` and ``params``, which the web
app translates by code (``core.engine_messages``), never by matching the English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Message(str):
    """English text with a stable ``code`` and its ``params`` (plain JSON values) for translation."""

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str, params: Mapping[str, Any] | None = None) -> Message:
        message = super().__new__(cls, text)
        message.code = code
        message.params = dict(params or {})
        return message


class CbicInputError(ValueError):
    """Bad input for a training grid: a revision word, its support letter or the central word.

    ``word`` is the offending word as the caller typed it; the message names it and says what is wrong
    (a problem with no single word to blame, such as an empty list, has ``word == ""``). ``problem``
    (also ``reason``) is the English text; ``code`` and ``params`` say the same in a stable form:
    ``cbic_bad_spec`` (``spec``), ``empty_word``, the codes of :class:`engine.alphabet.InvalidWord`
    (``bad_character``: ``char``), ``cbic_too_short``, ``cbic_too_long`` (``letters``, ``tiles``,
    ``max``), ``cbic_not_in_lexicon`` (``word``), ``cbic_bad_support`` (``support``),
    ``cbic_support_out_of_range`` (``index``, ``word``, ``letters``), ``cbic_support_not_in_word``
    (``letter``, ``word``), ``cbic_no_words``, ``cbic_central_length`` (``word``, ``letters``, ``max``),
    ``cbic_central_not_in_lexicon`` (``word``), ``cbic_no_central``, ``cbic_bag_central``.
    """

    def __init__(self, word: str, problem: str, code: str = "", params: Mapping[str, Any] | None = None) -> None:
        self.word = word
        self.problem = problem
        self.reason = problem
        self.code = code
        self.params = dict(params or {})
        super().__init__(f"{word!r}: {problem}" if word else problem)
