"""Template helpers of word study: racks drawn as tiles; hooks and 7+1 answers as letters; when the next card is
due, in words."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import template
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.alphabet import BLANK, get_alphabet
from engine.wordstudy import Question, added_letters
from engine.wordstudy import hook_letters as engine_hook_letters

register = template.Library()


@register.simple_tag
def tiles(text: str, language: str = "fr") -> SafeString:
    """``text`` as a row of small tiles with their values (a ``?`` is a blank tile); read as the word by screen readers."""
    alphabet = get_alphabet(language)
    cells = [("tile tile--blank", "", "") if ch == BLANK else ("tile", ch, alphabet.values.get(ch, "")) for ch in text]
    inner = format_html_join("", '<span class="{}" aria-hidden="true">{}<sub>{}</sub></span>', cells)
    return format_html('<span class="ws-tiles" role="img" aria-label="{}">{}</span>', text, inner)


@register.filter
def clock(seconds: int | None) -> str:
    """``seconds`` as a countdown reads them, minutes:seconds (125 -> ``2:05``), as js/wordstudy.js writes it
    each second: the page shows the same clock before its script runs, and without one."""
    if seconds is None:
        return ""
    minutes, rest = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{rest:02d}"


@register.simple_tag
def next_due_sentence(moment: dt.datetime | None, now: dt.datetime | None = None) -> str:
    """When the next card is due, as a sentence: "in less than a minute", "in 12 minutes", "today at 14:32",
    "tomorrow at 09:10", a date further on (local time); empty without a moment or once it is due.

    Why not Django's ``timeuntil``: it says "0 minutes" for anything under a minute (and for a moment already
    past), which read as a contradiction beside "nothing is due now"."""
    if moment is None:
        return ""
    now = now or timezone.now()
    seconds = (moment - now).total_seconds()
    if seconds <= 0:
        return ""
    if seconds < 60:
        return _("Next card due in less than a minute")
    if seconds < 3600:
        minutes = int(seconds // 60)
        return ngettext("Next card due in %(n)s minute", "Next card due in %(n)s minutes", minutes) % {
            "n": number_format(minutes)}
    local, today = timezone.localtime(moment), timezone.localdate(now)
    time = date_format(local, "TIME_FORMAT")
    if local.date() == today:
        return _("Next card due today at %(time)s") % {"time": time}
    if local.date() == today + dt.timedelta(days=1):
        return _("Next card due tomorrow at %(time)s") % {"time": time}
    day = date_format(local, "l j F" if local.year == today.year else "l j F Y")
    return _("Next card due on %(date)s at %(time)s") % {"date": day, "time": time}


def _engine_question(kind: str, q: Any) -> Question:
    return Question(kind, q.question, q.alphagram, tuple(q.answers))


@register.simple_tag
def hook_letters(q: Any) -> dict[str, Any]:
    """A hooks question as French players write it, ``BFT·ETE·S``: the front and back letters, each with
    whether its word was found, and the word. ``{% hook_letters q as h %}`` then ``h.front``, ``h.back``
    (lists of ``{"letter", "word", "found"}``), ``h.word``."""
    found = set(getattr(q, "found", None) or [])
    front, back = engine_hook_letters(_engine_question("hooks", q))
    word = q.question
    return {"word": word,
            "front": [{"letter": c, "word": c + word, "found": c + word in found} for c in front],
            "back": [{"letter": c, "word": word + c, "found": word + c in found} for c in back]}


@register.simple_tag
def plus_one_letters(q: Any) -> list[dict[str, Any]]:
    """A 7+1 question's answers by the letter added: ``[{"letter", "words", "found"}]`` (found: every word
    of that letter was found, as giving the letter finds them all)."""
    found = set(getattr(q, "found", None) or [])
    return [{"letter": letter, "words": words, "found": all(w in found for w in words)}
            for letter, words in added_letters(_engine_question("seven_plus_one", q)).items()]
