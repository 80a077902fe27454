"""``{% lexicon_line lexicon version %}``: the sentence every game, grid, crossword and quiz page gives to name
the lexicon and the version it was made with, and to say when the lexicon has been published again since."""

from __future__ import annotations

from django import template

from lexicon.models import Lexicon
from lexicon.selectors import serving_version_number

register = template.Library()


@register.inclusion_tag("lexicon/_lexicon_line.html")
def lexicon_line(lexicon: Lexicon, version: int | None) -> dict:
    """``version`` is the one recorded on the object (None for rows made before versions were recorded)."""
    return {"lexicon": lexicon, "version": version, "current_version": serving_version_number(lexicon)}
